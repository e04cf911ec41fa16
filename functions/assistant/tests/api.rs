//! `POST /assistant/ask` through the router: each record intent, each question, help, guests, validation and the
//! rate limit. Every test gets its own in-memory store.

use std::sync::Arc;

use assistant_fn::{router_with, Assistant};
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::account::{member_item, user_item, Member, Role, User};
use bt_app::auth::issue_access_token;
use bt_app::buddy::answer::{LOGIN_FIRST, LOGIN_TO_SEE};
use bt_app::buddy::help;
use bt_app::buddy::understand::HelpTopic;
use bt_app::config::Config;
use bt_app::records::allowances::{self, AllowanceInput, LeaveSettingsInput};
use bt_app::records::leave_requests::{self, Decision};
use bt_app::records::leave_types::{self, LeaveTypeInput};
use bt_app::records::leaves::LeaveStatus;
use bt_app::records::{break_types, breaks, leaves, meetings, tasks, Owner};
use bt_app::types::{Email, TeamId, UserId};
use bt_core::store::Cond;
use bt_http::AppState;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

struct App {
    state: AppState,
    router: Router,
}

fn spawn_app_with(config: Config) -> App {
    let store = Arc::new(SqliteTable::in_memory().expect("in-memory database"));
    let state = AppState::new(store, Arc::new(Outbox::new(None)), config);
    let router = router_with(Assistant::built_in()).with_state(state.clone());
    App { state, router }
}

fn spawn_app() -> App {
    spawn_app_with(Config::for_tests())
}

struct Person {
    user: User,
    token: String,
}

impl Person {
    fn owner(&self) -> Owner {
        Owner::of(&self.user)
    }
}

/// The id of a team of these tests ("T1", "T2"): a ULID, like every stored id.
fn team(name: &str) -> TeamId {
    let id = match name {
        "T1" => "01HZX3Y8Q2W5E7R9T1V3B5NTT1",
        "T2" => "01HZX3Y8Q2W5E7R9T1V3B5NTT2",
        other => panic!("no test id for {other}"),
    };
    TeamId::parse(id).unwrap()
}

impl App {
    async fn person(&self, name: &str, team_name: &str, role: Role) -> Person {
        let user = User {
            id: UserId::new(),
            name: name.into(),
            email: Email::parse(&format!("{}@example.com", name.to_lowercase().replace(' ', "."))).unwrap(),
            password_hash: None,
            verified: true,
            team_id: team(team_name),
            role,
            time_zone: "UTC".into(),
            token_version: 0,
            pending_email: None,
            language: None,
            created_at: "2026-01-01T00:00:00Z".into(),
        };
        let member = Member {
            user_id: user.id.clone(),
            name: user.name.clone(),
            email: user.email.clone(),
            role,
            joined_at: user.created_at.clone(),
        };
        self.state.table().put(user_item(&user).unwrap(), Cond::None).await.unwrap();
        self.state.table().put(member_item(&user.team_id, &member).unwrap(), Cond::None).await.unwrap();
        let token = issue_access_token(&self.state, &user).unwrap();
        Person { user, token }
    }

    async fn ask_raw(&self, token: Option<&str>, body: Value) -> (StatusCode, Value, Option<String>) {
        let mut req = Request::post("/assistant/ask").header(header::CONTENT_TYPE, "application/json");
        if let Some(t) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let res = self.router.clone().oneshot(req.body(Body::from(body.to_string())).unwrap()).await.unwrap();
        let status = res.status();
        let retry = res.headers().get(header::RETRY_AFTER).map(|v| v.to_str().unwrap().to_string());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null), retry)
    }

    /// `data` of a successful answer.
    async fn ask(&self, token: Option<&str>, message: &str) -> Value {
        let (status, body, _) = self.ask_raw(token, json!({ "message": message })).await;
        assert_eq!(status, StatusCode::OK, "{message}: {body}");
        body["data"].clone()
    }

    fn now(&self) -> DateTime<Utc> {
        self.state.clock.now()
    }

    fn today(&self) -> NaiveDate {
        self.now().date_naive()
    }
}

fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

// ---- record intents -------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_break_sentence_proposes_a_filled_break() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "coffee break from 3 to 3:15 pm today").await;
    assert_eq!(
        data["actions"][0],
        json!({
            "action": "createBreak",
            "type": "Coffee Break",
            "reason": "",
            "startTime": "15:00",
            "endTime": "15:15",
            "createdDate": ymd(app.today()),
        })
    );
    assert_eq!(data["intent"], "createBreak");
    assert!(data["summary"].as_str().unwrap().contains("Coffee Break"), "{data}");
}

#[tokio::test]
async fn a_break_uses_the_teams_own_types() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    break_types::set_team_break_types(app.state.table(), &team("T1"), vec!["Prayer".into(), "Gym".into()], app.now())
        .await
        .unwrap();
    let data = app.ask(Some(&ana.token), "prayer break 1:15 to 1:30").await;
    assert_eq!(data["actions"][0]["type"], "Prayer");
    let data = app.ask(Some(&ana.token), "coffee break 3 to 3:15").await;
    assert_eq!(data["actions"][0]["type"], "", "no such type in this team: left for the person to choose");
    assert_eq!(data["missing"], json!(["type"]));
}

#[tokio::test]
async fn a_value_a_saved_record_refuses_is_left_out_and_explained() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "lunch break from 9am to 6pm").await;
    assert_eq!(data["actions"][0]["startTime"], "09:00");
    assert_eq!(data["actions"][0]["endTime"], "");
    assert_eq!(data["problems"]["endTime"], "Break cannot be more than 8 hours.");
    assert!(data["summary"].as_str().unwrap().contains("Break cannot be more than 8 hours."), "{data}");
}

#[tokio::test]
async fn a_task_sentence_proposes_a_filled_task() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "add a task to renew the SSL certificate tomorrow, urgent").await;
    assert_eq!(
        data["actions"][0],
        json!({
            "action": "createTask",
            "title": "Renew the SSL certificate",
            // The sentence gives none: it is the sentence, so the task is saved as offered.
            "description": "add a task to renew the SSL certificate tomorrow, urgent",
            "scheduled": ymd(app.today() + Duration::days(1)),
            "status": "To Do",
            "priority": "Urgent",
        })
    );
    assert!(data.get("missing").is_none(), "{data}");
    assert!(data["summary"].as_str().unwrap().ends_with("Check it and save."), "{data}");
}

#[tokio::test]
async fn a_leave_sentence_proposes_a_filled_leave() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "vacation from 3 August 2026 to 7 August 2026").await;
    assert_eq!(
        data["actions"][0],
        json!({
            "action": "createLeave",
            "fromDate": "2026-08-03",
            "toDate": "2026-08-07",
            "reason": "Vacation",
            "days": 5,
            "typeId": VACATION,
        })
    );
    // Ana is the team's only approver: her own request is approved at once, so nothing waits.
    assert_eq!(
        data["summary"],
        "Here is your Vacation leave from 03/08/2026 to 07/08/2026 (5 days). Check it and save."
    );
}

#[tokio::test]
async fn a_meeting_sentence_proposes_a_filled_meeting() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "meeting with the design team tomorrow from 2 to 3pm").await;
    assert_eq!(
        data["actions"][0],
        json!({
            "action": "createMeeting",
            "title": "Meeting with the design team",
            "from": "14:00",
            "to": "15:00",
            "scheduleDate": ymd(app.today() + Duration::days(1)),
            "description": "Meeting with the design team",
            "attendees": [],
        })
    );
}

#[tokio::test]
async fn a_meeting_invites_the_teammates_it_names_and_asks_about_a_shared_name() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let sam = app.person("Sam Carter", "T1", Role::Member).await;
    let _other_team = app.person("Lee Park", "T2", Role::Member).await;
    let data = app.ask(Some(&ana.token), "meeting with sam and lee friday 2-3pm about the budget").await;
    let action = &data["actions"][0];
    assert_eq!(action["title"], "Budget", "{data}");
    assert_eq!(action["attendees"], json!([sam.user.id.to_string()]), "Lee is not of Ana's team: {data}");
    assert!(data["summary"].as_str().unwrap().contains("'Budget'"), "{data}");
    assert!(data["summary"].as_str().unwrap().contains(", with Sam Carter."), "{data}");

    let _sam_lee = app.person("Sam Lee", "T1", Role::Member).await;
    let data = app.ask(Some(&ana.token), "meeting with Sam friday 2-3pm about the budget").await;
    assert_eq!(data["actions"], json!([]), "{data}");
    assert_eq!(
        data["summary"],
        "More than one teammate is called Sam: Sam Carter and Sam Lee. Which one do you mean? Ask me again with \
         their full name and I will add them to the meeting."
    );
}

#[tokio::test]
async fn a_checklist_sentence_proposes_a_filled_item() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "add water the plants to my checklist").await;
    assert_eq!(
        data["actions"][0],
        json!({
            "action": "createChecklist",
            "task": "Water the plants",
            "status": false,
            "createdDate": ymd(app.today()),
            "isFeature": false,
        })
    );
}

// ---- leave types ---------------------------------------------------------------------------------------------------

/// The fixed ids of the leave types every team starts with.
const VACATION: &str = "00000000000000000000000001";
const SICK: &str = "00000000000000000000000002";
const UNPAID: &str = "00000000000000000000000003";

/// The proposal's fields as the leave form sends them to `POST /leaves/add`.
fn leave_input(action: &Value) -> leaves::LeaveInput {
    let text = |k: &str| action[k].as_str().map(String::from);
    leaves::LeaveInput {
        from_date: text("fromDate"),
        to_date: text("toDate"),
        reason: text("reason"),
        type_id: text("typeId"),
        half_day: None,
    }
}

async fn add_type(app: &App, admin: &Person, name: &str, counts: bool, approval: bool) -> String {
    let input = LeaveTypeInput {
        name: Some(name.into()),
        counts_against_allowance: Some(counts),
        needs_approval: Some(approval),
        ..Default::default()
    };
    leave_types::add_leave_type(app.state.services(), &admin.user, &input, app.now()).await.unwrap().id.to_string()
}

#[tokio::test]
async fn the_sentence_chooses_the_teams_leave_type() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    for (sentence, type_id) in [
        ("off sick tomorrow", Some(SICK)),
        ("I'm sick today", Some(SICK)),
        ("feeling ill, off on Friday", Some(SICK)),
        ("vacation next week", Some(VACATION)),
        ("holiday from 3 August 2026 to 7 August 2026", Some(VACATION)),
        ("annual leave next Monday", Some(VACATION)),
        ("unpaid leave on Friday", Some(UNPAID)),
        ("day off tomorrow for a dentist appointment", None),
    ] {
        let data = app.ask(Some(&ben.token), sentence).await;
        assert_eq!(data["intent"], "createLeave", "{sentence}");
        assert_eq!(data["actions"][0]["typeId"], json!(type_id), "{sentence}");
    }

    // A type the team added is chosen by its name; archived, it is offered no more.
    let parental = add_type(&app, &ana, "Parental leave", false, true).await;
    let data = app.ask(Some(&ben.token), "parental leave from 3 August 2026 to 14 August 2026").await;
    assert_eq!(data["actions"][0]["typeId"], parental.as_str());
    assert_eq!(
        data["summary"],
        "Here is your Parental leave from 03/08/2026 to 14/08/2026 (12 days). Parental leave needs approval: once you \
         save it, it waits for an admin or HR to approve it. Check it and save."
    );
    let edit = LeaveTypeInput { archived: Some(true), ..Default::default() };
    let id = bt_app::types::RecordId::parse(&parental).unwrap();
    leave_types::edit_leave_type(app.state.services(), &ana.user, &id, &edit, app.now()).await.unwrap();
    let data = app.ask(Some(&ben.token), "parental leave from 3 August 2026 to 14 August 2026").await;
    assert_eq!(data["actions"][0]["typeId"], Value::Null, "archived: the server's default applies");
}

#[tokio::test]
async fn a_proposed_leave_is_saved_under_the_leave_forms_rules() {
    let app = spawn_app();
    let _ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let services = app.state.services();

    // Sick leave needs no approval: the reply says nothing of a wait, and the saved leave is approved at once.
    let data = app.ask(Some(&ben.token), "off sick tomorrow").await;
    let tomorrow = app.today() + Duration::days(1);
    assert_eq!(
        data["summary"],
        format!("Here is your Sick leave on {}. Check it and save.", tomorrow.format("%d/%m/%Y"))
    );
    let sick = leave_requests::request_leave(services, &ben.owner(), &leave_input(&data["actions"][0])).await.unwrap();
    assert_eq!((sick.type_id.as_str(), sick.status), (SICK, LeaveStatus::Approved));

    // Vacation, also as the default of a sentence that names no type, waits for Ana.
    let data = app.ask(Some(&ben.token), "day off on 7 August 2026 for a dentist appointment").await;
    assert_eq!(data["actions"][0]["typeId"], Value::Null);
    assert_eq!(
        data["summary"],
        "Here is your Vacation leave on 07/08/2026 (Dentist appointment). Vacation leave needs approval: once you save \
         it, it waits for an admin or HR to approve it. Check it and save."
    );
    let saved = leave_requests::request_leave(services, &ben.owner(), &leave_input(&data["actions"][0])).await.unwrap();
    assert_eq!((saved.type_id.as_str(), saved.status), (VACATION, LeaveStatus::Pending));
}

// The evaluation's leave types are a new team's: the engine's harness, read here (a dev-dependency on the engine).
#[path = "../../../shared/assistant/eval/harness.rs"]
mod harness;

#[tokio::test]
async fn the_evaluations_leave_types_are_a_new_teams() {
    let app = spawn_app();
    let types = leave_types::team_leave_types(app.state.table(), &team("T1"), app.now()).await.unwrap();
    let got: Vec<(String, String, bool)> =
        types.iter().map(|t| (t.id.to_string(), t.name.clone(), t.is_default)).collect();
    let want: Vec<(String, String, bool)> = harness::DEFAULT_LEAVE_TYPES
        .iter()
        .enumerate()
        .map(|(i, (id, name))| (id.to_string(), name.to_string(), i == 0))
        .collect();
    assert_eq!(got, want);
    assert_eq!((VACATION, SICK, UNPAID), (want[0].0.as_str(), want[1].0.as_str(), want[2].0.as_str()));
}

// ---- questions --------------------------------------------------------------------------------------------------

async fn log_break(app: &App, who: &Person, day: NaiveDate, from: &str, to: &str, kind: &str) {
    let input = breaks::BreakInput {
        start_time: Some(from.into()),
        end_time: Some(to.into()),
        created_date: Some(ymd(day)),
        reason: None,
        break_type: Some(kind.into()),
    };
    breaks::add_break(app.state.services(), &who.owner(), &input, app.now()).await.unwrap();
}

#[tokio::test]
async fn break_minutes_today_are_summed_from_the_callers_breaks() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let data = app.ask(Some(&ana.token), "how long were my breaks today?").await;
    assert_eq!(data["summary"], "You have not taken any breaks today.");

    log_break(&app, &ana, app.today(), "09:00", "09:15", "Coffee Break").await;
    log_break(&app, &ana, app.today(), "12:00", "12:30", "Lunch Break").await;
    log_break(&app, &ana, app.today() - Duration::days(1), "12:00", "13:00", "Lunch Break").await;
    log_break(&app, &ben, app.today(), "10:00", "11:00", "Lunch Break").await;
    let data = app.ask(Some(&ana.token), "how long were my breaks today?").await;
    assert_eq!(data["intent"], "breakMinutesToday");
    assert_eq!(data["actions"], json!([]));
    assert_eq!(
        data["summary"],
        "You have taken 2 breaks today, 45 minutes in all (Coffee Break 15 minutes, Lunch Break 30 minutes)."
    );
}

#[tokio::test]
async fn a_live_break_counts_in_todays_answer() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let input = breaks::LiveBreakInput { break_type: Some("Coffee Break".into()), reason: None, at: None };
    breaks::start_break(app.state.services(), &ana.owner(), &input, app.now()).await.unwrap();
    let data = app.ask(Some(&ana.token), "total break time today?").await;
    assert!(data["summary"].as_str().unwrap().contains("You are on a Coffee Break right now"), "{data}");
}

#[tokio::test]
async fn break_minutes_this_week_cover_monday_to_sunday() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let today = app.today();
    let monday = today - Duration::days(i64::from(chrono::Datelike::weekday(&today).num_days_from_monday()));
    log_break(&app, &ana, monday, "12:00", "12:40", "Lunch Break").await;
    log_break(&app, &ana, today, "15:00", "15:20", "Coffee Break").await;
    log_break(&app, &ana, monday - Duration::days(1), "12:00", "13:00", "Lunch Break").await;
    let data = app.ask(Some(&ana.token), "how many minutes of breaks this week?").await;
    assert_eq!(data["intent"], "breakMinutesWeek");
    let summary = data["summary"].as_str().unwrap();
    assert!(summary.contains("2 breaks, 1 hour in all"), "{summary}");
}

#[tokio::test]
async fn the_agenda_lists_todays_meetings_breaks_and_tasks() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "what's on my agenda today?").await;
    let empty = data["summary"].as_str().unwrap();
    assert!(empty.contains("No meetings scheduled for today."), "{empty}");
    assert!(empty.contains("You have not taken any breaks today."), "{empty}");
    assert!(empty.contains("You have not scheduled any tasks today."), "{empty}");

    let meeting = meetings::MeetingInput {
        from: Some("10:00".into()),
        to: Some("10:30".into()),
        schedule_date: Some(ymd(app.today())),
        description: Some("Sprint planning".into()),
        ..Default::default()
    };
    meetings::add_meeting(app.state.services(), &ana.owner(), &meeting, app.now()).await.unwrap();
    let task = tasks::TaskInput {
        title: Some("Send the invoice".into()),
        description: Some("To ACME".into()),
        scheduled: Some(ymd(app.today())),
        status: None,
        priority: Some("High".into()),
    };
    tasks::add_task(app.state.services(), &ana.owner(), &task, app.now()).await.unwrap();
    log_break(&app, &ana, app.today(), "12:00", "12:30", "Lunch Break").await;
    let data = app.ask(Some(&ana.token), "what do I have today?").await;
    assert_eq!(data["intent"], "agendaToday");
    let summary = data["summary"].as_str().unwrap();
    assert!(summary.contains("Meetings: 10:00 am–10:30 am Sprint planning."), "{summary}");
    assert!(summary.contains("Breaks: 12:00 pm–12:30 pm Lunch Break."), "{summary}");
    assert!(summary.contains("Tasks: Send the invoice (High, To Do)."), "{summary}");
}

#[tokio::test]
async fn who_is_on_break_reads_the_teams_live_breaks() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let eve = app.person("Eve", "T2", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "who is on break?").await;
    assert_eq!(data["summary"], "Nobody is on a break right now.");

    let store = app.state.services();
    let lunch = breaks::LiveBreakInput { break_type: Some("Lunch Break".into()), reason: None, at: None };
    breaks::start_break(store, &ben.owner(), &lunch, app.now()).await.unwrap();
    breaks::start_break(store, &eve.owner(), &lunch, app.now()).await.unwrap();
    let data = app.ask(Some(&ana.token), "is anyone on a break right now?").await;
    assert_eq!(data["intent"], "whoIsOnBreak");
    let summary = data["summary"].as_str().unwrap();
    assert!(summary.starts_with("1 person is on a break right now: Ben (Lunch Break since"), "{summary}");
    assert!(!summary.contains("Eve"), "another team's member: {summary}");
}

#[tokio::test]
async fn who_is_off_today_reads_the_teams_leaves() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let cai = app.person("Cai", "T1", Role::Member).await;
    let data = app.ask(Some(&ben.token), "who is off today?").await;
    assert_eq!(data["summary"], "Nobody is off today.");

    let today = app.today();
    let leave = |from: NaiveDate, to: NaiveDate| leaves::LeaveInput {
        from_date: Some(ymd(from)),
        to_date: Some(ymd(to)),
        reason: Some("Family visit".into()),
        // Sick leave needs no approval: an absence at once.
        type_id: Some(SICK.into()),
        half_day: None,
    };
    let services = app.state.services();
    leaves::add_leave(services, &ben.owner(), &leave(today, today + Duration::days(2)), app.now()).await.unwrap();
    leaves::add_leave(services, &cai.owner(), &leave(today + Duration::days(1), today + Duration::days(1)), app.now())
        .await
        .unwrap();
    let until = (today + Duration::days(2)).format("%d/%m/%Y");
    // Colleagues see the type, never the reason, admins and HR included.
    for who in [&ana, &cai] {
        let data = app.ask(Some(&who.token), "who's absent today").await;
        assert_eq!(data["intent"], "whoIsOffToday");
        assert_eq!(data["summary"], format!("1 person is off today: Ben (Sick, until {until})."));
    }
    let data = app.ask(Some(&ben.token), "who is on leave today").await;
    assert_eq!(data["summary"], format!("1 person is off today: You (Sick, until {until})."));
}

/// Day `n` of next week (0 is Monday).
fn next_week(app: &App, n: i64) -> NaiveDate {
    let today = app.today();
    today - Duration::days(i64::from(chrono::Datelike::weekday(&today).num_days_from_monday())) + Duration::days(7 + n)
}

fn gb(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

#[tokio::test]
async fn who_is_off_next_week_lists_approved_leaves_only_with_types_and_no_reasons() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let cai = app.person("Cai", "T1", Role::Member).await;
    let dee = app.person("Dee", "T1", Role::Hr).await;
    let eve = app.person("Eve", "T2", Role::Admin).await;
    let services = app.state.services();
    let data = app.ask(Some(&ben.token), "who is off next week?").await;
    assert_eq!(data["intent"], "whoIsOff");
    let week = format!("{} to {}", gb(next_week(&app, 0)), gb(next_week(&app, 6)));
    assert_eq!(data["summary"], format!("Nobody is off next week ({week})."));

    let parental = add_type(&app, &ana, "Parental leave", false, false).await;
    let request = |who: &Person, from: i64, to: i64, type_id: &str, reason: &str| {
        let input = leaves::LeaveInput {
            from_date: Some(ymd(next_week(&app, from))),
            to_date: Some(ymd(next_week(&app, to))),
            reason: Some(reason.into()),
            type_id: Some(type_id.into()),
            half_day: None,
        };
        let owner = who.owner();
        async move { leave_requests::request_leave(services, &owner, &input).await.unwrap() }
    };
    // Approved: Sick (no approval needed), a Vacation request Ana approved, the team's own type.
    request(&ben, 0, 1, SICK, "Flu, secret").await;
    let cai_vacation = request(&cai, 2, 4, VACATION, "Beach, secret").await;
    assert_eq!(cai_vacation.status, LeaveStatus::Pending);
    leave_requests::decide(services, &ana.user, &cai_vacation.id, Decision::Approve, None).await.unwrap();
    request(&ana, 3, 3, &parental, "Nursery, secret").await;
    // Not absences: a pending request, a declined one, a cancelled one, and another team's leave.
    assert_eq!(request(&dee, 3, 3, VACATION, "Pending, secret").await.status, LeaveStatus::Pending);
    let declined = request(&ben, 4, 4, VACATION, "Declined, secret").await;
    leave_requests::decide(services, &ana.user, &declined.id, Decision::Decline, Some("Busy week")).await.unwrap();
    let cancelled = request(&cai, 0, 0, UNPAID, "Cancelled, secret").await;
    leave_requests::cancel(services, &cai.owner(), &cancelled.id).await.unwrap();
    request(&eve, 0, 4, SICK, "Other team, secret").await;

    let expected = |me: &str| {
        let ana = if me == "Ana" { "You" } else { "Ana" };
        let ben = if me == "Ben" { "You" } else { "Ben" };
        format!(
            "3 people are off next week ({week}): {ana} (Parental leave, {}), {ben} (Sick, {} to {}), Cai (Vacation, {} \
             to {}).",
            gb(next_week(&app, 3)),
            gb(next_week(&app, 0)),
            gb(next_week(&app, 1)),
            gb(next_week(&app, 2)),
            gb(next_week(&app, 4)),
        )
    };
    for (who, name) in [(&ben, "Ben"), (&ana, "Ana"), (&dee, "Dee")] {
        for question in ["who is off next week?", "who's away next week", "is anyone on leave next week?"] {
            let data = app.ask(Some(&who.token), question).await;
            assert_eq!(data["intent"], "whoIsOff", "{question}");
            let summary = data["summary"].as_str().unwrap();
            assert_eq!(summary, expected(name), "{question}");
            assert!(!summary.contains("secret") && !summary.contains("Dee") && !summary.contains("Eve"), "{summary}");
        }
    }
    // The other team sees its own.
    let data = app.ask(Some(&eve.token), "who is off next week?").await;
    assert_eq!(
        data["summary"],
        format!(
            "1 person is off next week ({week}): You (Sick, {} to {}).",
            gb(next_week(&app, 0)),
            gb(next_week(&app, 4))
        )
    );
    // One day of that week.
    let data = app.ask(Some(&ben.token), "who is away next thursday?").await;
    let thursday = next_week(&app, 3);
    assert_eq!(
        data["summary"],
        format!(
            "2 people are off on Thursday {}: Ana (Parental leave, {}), Cai (Vacation, {} to {}).",
            gb(thursday),
            gb(thursday),
            gb(next_week(&app, 2)),
            gb(next_week(&app, 4))
        )
    );
}

#[tokio::test]
async fn the_leave_balance_is_the_one_get_leaves_balance_answers() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    let store = app.state.table();
    let services = app.state.services();
    let year = chrono::Datelike::year(&app.today());

    let data = app.ask(Some(&ben.token), "how many leave days do I have left?").await;
    assert_eq!(data["intent"], "leaveBalance");
    assert_eq!(
        data["summary"],
        format!(
            "Your leave balance for {year}: 25 working days left (allowance 25, carried over 0, taken 0, pending 0). \
             Vacation counts against it; Sick and Unpaid do not."
        )
    );

    // An allowance of 22 this year, 3 days carried over from last year, an approved leave of a counting type, a
    // pending Vacation request and a sick leave (which does not count).
    let settings =
        LeaveSettingsInput { default_allowance: Some(20.0), carry_over_cap: Some(3.0), ..Default::default() };
    allowances::set_team_settings(services, &ana.user, &settings, app.now()).await.unwrap();
    let allowance = AllowanceInput { year: Some(year), days: Some(22.0) };
    allowances::set_allowance(services, &ana.user, &ben.user.id, &allowance, app.now()).await.unwrap();
    let training = add_type(&app, &ana, "Training", true, false).await;
    let leave = |from: &str, to: &str, type_id: &str| leaves::LeaveInput {
        from_date: Some(format!("{year}-{from}")),
        to_date: Some(format!("{year}-{to}")),
        reason: Some("Planned".into()),
        type_id: Some(type_id.into()),
        half_day: None,
    };
    let owner = ben.owner();
    let taken = leave_requests::request_leave(services, &owner, &leave("02-02", "02-13", &training)).await.unwrap();
    assert_eq!(taken.status, LeaveStatus::Approved);
    let pending = leave_requests::request_leave(services, &owner, &leave("05-04", "05-06", VACATION)).await.unwrap();
    assert_eq!(pending.status, LeaveStatus::Pending);
    leave_requests::request_leave(services, &owner, &leave("03-02", "03-03", SICK)).await.unwrap();

    // The function `GET /leaves/balance` answers with.
    let b = allowances::my_balance(store, &owner, None, app.now()).await.unwrap();
    assert_eq!((b.year, b.allowance, b.carried_over), (year, 22.0, 3.0));
    assert!(b.taken > 0.0 && b.pending > 0.0, "{b:?}");
    assert_eq!(b.remaining, 22.0 + 3.0 - b.taken - b.pending);
    let n = |d: f64| if d.fract() == 0.0 { format!("{d:.0}") } else { format!("{d:.1}") };
    let expected = format!(
        "Your leave balance for {year}: {} working days left (allowance 22, carried over 3, taken {}, pending {}). \
         Vacation and Training count against it; Sick and Unpaid do not. Pending requests are counted until they \
         are decided.",
        n(b.remaining),
        n(b.taken),
        n(b.pending)
    );
    for question in
        ["how many leave days do I have left?", "what's my leave balance", "how much vacation is left", "leave balance"]
    {
        let data = app.ask(Some(&ben.token), question).await;
        assert_eq!(data["intent"], "leaveBalance", "{question}");
        assert_eq!(data["summary"], expected, "{question}");
    }
    // Each asks about their own balance.
    let data = app.ask(Some(&ana.token), "how many leave days do I have left?").await;
    assert!(
        data["summary"].as_str().unwrap().contains("23 working days left (allowance 20, carried over 3,"),
        "{data}"
    );
    // Guests are asked to sign in.
    assert_eq!(app.ask(None, "what's my leave balance").await["summary"], LOGIN_TO_SEE);
}

#[tokio::test]
async fn open_tasks_come_by_priority_without_finished_ones() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    for (title, priority, status) in
        [("Tidy desk", "Low", "To Do"), ("Fix outage", "Urgent", "In Progress"), ("Old report", "High", "Completed")]
    {
        let task = tasks::TaskInput {
            title: Some(title.into()),
            description: Some("x".into()),
            scheduled: Some(ymd(app.today())),
            status: Some(status.into()),
            priority: Some(priority.into()),
        };
        tasks::add_task(app.state.services(), &ana.owner(), &task, app.now()).await.unwrap();
    }
    let data = app.ask(Some(&ana.token), "what are my open tasks?").await;
    assert_eq!(data["intent"], "openTasksByPriority");
    let summary = data["summary"].as_str().unwrap();
    assert!(summary.starts_with("You have 2 open tasks"), "{summary}");
    let urgent = summary.find("Urgent: Fix outage").expect(summary);
    let low = summary.find("Low: Tidy desk").expect(summary);
    assert!(urgent < low, "{summary}");
    assert!(!summary.contains("Old report"), "{summary}");
}

// ---- help and guests --------------------------------------------------------------------------------------------

#[tokio::test]
async fn help_answers_each_part_of_the_product() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    for (question, topic) in [
        ("what can you do?", HelpTopic::General),
        ("how do I add a break?", HelpTopic::Breaks),
        ("how do I start a live break?", HelpTopic::LiveBreaks),
        ("how do I create a task?", HelpTopic::Tasks),
        ("how do I request leave?", HelpTopic::Leaves),
        ("how do I schedule a meeting?", HelpTopic::Meetings),
        ("how does the checklist work?", HelpTopic::Checklist),
        ("how do I export my reports?", HelpTopic::Archives),
        ("how do I invite a teammate?", HelpTopic::Team),
        ("how can I change my password?", HelpTopic::Profile),
    ] {
        let data = app.ask(Some(&ana.token), question).await;
        assert_eq!(data["intent"], "help", "{question}");
        assert_eq!(data["topic"], topic.as_str(), "{question}");
        assert_eq!(data["summary"], help::text(topic), "{question}");
        assert_eq!(data["actions"], json!([]));
    }
}

#[tokio::test]
async fn a_question_about_a_forms_options_is_answered_with_the_list() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    break_types::set_team_break_types(app.state.table(), &team("T1"), vec!["Prayer".into(), "Gym".into()], app.now())
        .await
        .unwrap();
    for (question, topic, listed) in [
        ("what are the priorities?", HelpTopic::Tasks, "Normal (the default), Important, Critical"),
        ("which statuses can a task have?", HelpTopic::Tasks, "To Do (the default), In Progress"),
        ("what break types are there?", HelpTopic::Breaks, "Prayer, Gym"),
        ("what leave types can I pick?", HelpTopic::Leaves, "Vacation (the default)"),
    ] {
        let data = app.ask(Some(&ana.token), question).await;
        assert_eq!(data["intent"], "help", "{question}");
        assert_eq!(data["topic"], topic.as_str(), "{question}");
        assert!(data["summary"].as_str().unwrap().contains(listed), "{question}: {data}");
        assert_eq!(data["actions"], json!([]), "{question}");
    }
}

#[tokio::test]
async fn guests_get_help_but_no_records() {
    let app = spawn_app();
    let data = app.ask(None, "how do I add a break?").await;
    assert_eq!(data["summary"], help::text(HelpTopic::Breaks));
    for request in [
        "coffee break from 3 to 3:15 pm today",
        "add a task to call the bank",
        "day off tomorrow",
        "meeting tomorrow at 3",
        "add milk to my checklist",
    ] {
        let data = app.ask(None, request).await;
        assert_eq!(data["summary"], LOGIN_FIRST, "{request}");
        assert_eq!(data["actions"], json!([]), "{request}");
    }
    let data = app.ask(None, "who is on break?").await;
    assert_eq!(data["summary"], LOGIN_TO_SEE);
}

#[tokio::test]
async fn an_unclear_message_gets_a_hint() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let data = app.ask(Some(&ana.token), "asdfgh").await;
    assert_eq!(data["intent"], "unknown");
    assert!(data["summary"].as_str().unwrap().starts_with("Sorry, I didn't get that."));
}

// ---- the edges ----------------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_message_is_required_and_at_most_1000_characters() {
    let app = spawn_app();
    let ana = app.person("Ana", "T1", Role::Admin).await;
    for body in [json!({}), json!({ "message": "   " })] {
        let (status, body, _) = app.ask_raw(Some(&ana.token), body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["errors"]["message"], "Message is required.");
    }
    let (status, body, _) = app.ask_raw(Some(&ana.token), json!({ "message": "a".repeat(1001) })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "Message must not exceed 1000 characters.");
    let (status, _, _) = app.ask_raw(Some(&ana.token), json!({ "message": "a".repeat(1000) })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body, _) = app.ask_raw(Some(&ana.token), json!({ "message": 42 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

#[tokio::test]
async fn a_bad_token_is_refused_rather_than_treated_as_a_guest() {
    let app = spawn_app();
    let (status, body, _) = app.ask_raw(Some("not-a-token"), json!({ "message": "help" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Unauthorized");
}

#[tokio::test]
async fn signed_in_callers_are_rate_limited_per_minute() {
    let mut config = Config::for_tests();
    config.rate_limits.assistant_per_user = (3, 60);
    let app = spawn_app_with(config);
    let ana = app.person("Ana", "T1", Role::Admin).await;
    let ben = app.person("Ben", "T1", Role::Member).await;
    for _ in 0..3 {
        app.ask(Some(&ana.token), "help").await;
    }
    let (status, body, retry) = app.ask_raw(Some(&ana.token), json!({ "message": "help" })).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().starts_with("Too many requests. Please try again in"), "{body}");
    assert!(retry.is_some_and(|r| r.parse::<u64>().unwrap() <= 60));
    // Another person has their own allowance, and the next window starts afresh.
    app.ask(Some(&ben.token), "help").await;
    app.state.clock.advance(61);
    let fresh = issue_access_token(&app.state, &ana.user).unwrap();
    app.ask(Some(&fresh), "help").await;
}
