//! The reply to a message: a short summary, and for a record request the pre-filled action. Questions are answered
//! from the caller's own records and team through the records library.

use bt_domain::error::{AppResult, FieldErrors};
use bt_domain::records::allowances::{self, Balance, HalfDay};
use bt_domain::records::dates::DateRange;
use bt_domain::records::leave_queries::{self, Absence};
use bt_domain::records::leave_types::{self, LeaveType};
use bt_domain::records::leaves::LeaveStatus;
use bt_domain::records::{breaks, meetings, presence, tasks, Break, Meeting, Task, TaskPriority, TaskStatus};
use bt_domain::types::UserId;
use bt_http::auth::AuthUser;
use bt_http::AppState;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::help;
use crate::understand::{Context, Intent, Proposal, Understanding};

pub const LOGIN_FIRST: &str = "You need to log in first to create or update records.";
pub const LOGIN_TO_SEE: &str = "You need to log in first to see your breaks, tasks and team.";
pub const NOT_UNDERSTOOD: &str = "Sorry, I didn't get that. You can ask me to log a break ('coffee break from 3 to \
                                  3:15 pm'), add a task, a leave, a meeting or a checklist item, or ask 'how long \
                                  were my breaks today?', 'who is off next week?' or 'how many leave days do I have \
                                  left?'. Type 'help' to see everything I can do.";

/// `data` of `POST /assistant/ask`: the summary and the actions (the pre-filled record first), plus what was
/// understood, the fields still to fill in and any value that was left out because a record would refuse it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AssistantReply)]
pub struct Reply {
    pub summary: String,
    #[schema(schema_with = actions_schema)]
    pub actions: Vec<Proposal>,
    #[schema(schema_with = intent_schema)]
    pub intent: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = topic_schema, required = false)]
    pub topic: Option<&'static str>,
    /// The fields still to fill in (left out when none)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub missing: Vec<String>,
    /// Field to message, for each value left out because a record would refuse it (left out when none)
    #[serde(skip_serializing_if = "FieldErrors::is_empty")]
    #[schema(value_type = std::collections::BTreeMap<String, String>, required = false)]
    pub problems: FieldErrors,
}

fn schema(value: serde_json::Value) -> RefOr<Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

fn actions_schema() -> RefOr<Schema> {
    schema(json!({ "type": "array", "items": { "type": "object", "description":
        "`action` (createBreak, createTask, createLeave, createMeeting, createChecklist) plus the record's fields" } }))
}

/// [`Intent::name`].
fn intent_schema() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": [
        "createBreak", "createTask", "createLeave", "createMeeting", "createChecklist", "breakMinutesToday",
        "breakMinutesWeek", "agendaToday", "whoIsOnBreak", "whoIsOffToday", "whoIsOff", "leaveBalance",
        "openTasksByPriority", "help", "unknown"
    ] }))
}

/// The help topic ([`HelpTopic::as_str`](crate::understand::HelpTopic::as_str)), for `help` alone.
fn topic_schema() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": [
        "general", "breaks", "liveBreaks", "tasks", "leaves", "meetings", "checklist", "archives", "team", "profile"
    ] }))
}

impl Reply {
    fn text(intent: Intent, summary: impl Into<String>) -> Reply {
        Reply {
            summary: summary.into(),
            actions: Vec::new(),
            intent: intent.name(),
            topic: match intent {
                Intent::Help(t) => Some(t.as_str()),
                _ => None,
            },
            missing: Vec::new(),
            problems: FieldErrors::new(),
        }
    }
}

pub async fn reply(state: &AppState, user: Option<&AuthUser>, ctx: &Context, u: Understanding) -> AppResult<Reply> {
    let intent = u.intent;
    match intent {
        Intent::Help(topic) => Ok(Reply::text(
            intent,
            match u.options {
                Some(list) => help::options(list, ctx),
                None => help::text(topic).to_string(),
            },
        )),
        Intent::Unknown => Ok(Reply::text(intent, NOT_UNDERSTOOD)),
        _ if user.is_none() && intent.kind().is_some() => Ok(Reply::text(intent, LOGIN_FIRST)),
        _ if user.is_none() => Ok(Reply::text(intent, LOGIN_TO_SEE)),
        _ => {
            let user = user.expect("signed in");
            if let Some(p) = u.proposal {
                let leave_type = match &p {
                    Proposal::Leave(l) => leave_type_info(state, user, l.type_id.as_deref()).await?,
                    _ => None,
                };
                let summary = proposal_summary(&p, &u.missing, &u.problems, leave_type.as_ref());
                return Ok(Reply {
                    summary,
                    actions: vec![p],
                    intent: intent.name(),
                    topic: None,
                    missing: u.missing,
                    problems: u.problems,
                });
            }
            Ok(Reply::text(intent, answer(state, user, ctx, intent, u.period).await?))
        }
    }
}

/// What the reply to a leave proposal says about its type: the name of the type the leave will have (the default
/// when it names none), and whether, saved, it will wait for approval; read through the same rules the leave form's
/// save runs.
async fn leave_type_info(state: &AppState, user: &AuthUser, type_id: Option<&str>) -> AppResult<Option<LeaveTypeInfo>> {
    let store = state.table();
    let types = match leave_types::team_leave_types(store, user.team_id(), state.clock.now()).await {
        Ok(types) => types,
        Err(e) => {
            tracing::warn!(error = %e, "leave types not read; the proposal does not name its type");
            return Ok(None);
        }
    };
    let Ok(leave_type) = leave_types::pick_type(types, type_id, None) else {
        return Ok(None);
    };
    let status = leave_queries::new_leave_status(store, &user.owner(), &leave_type).await?;
    Ok(Some(LeaveTypeInfo::of(&leave_type, status)))
}

/// The type of a proposed leave, as its reply names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveTypeInfo {
    pub name: String,
    /// Saved, the leave will be pending until an admin or HR approves it.
    pub awaits_approval: bool,
}

impl LeaveTypeInfo {
    pub fn of(leave_type: &LeaveType, status: LeaveStatus) -> LeaveTypeInfo {
        LeaveTypeInfo { name: leave_type.name.clone(), awaits_approval: status == LeaveStatus::Pending }
    }
}

async fn answer(
    state: &AppState,
    user: &AuthUser,
    ctx: &Context,
    intent: Intent,
    period: Option<DateRange>,
) -> AppResult<String> {
    let store = state.table();
    let today = ctx.now.date_naive();
    let now = ctx.now.with_timezone(&Utc);
    Ok(match intent {
        Intent::BreakMinutesToday => {
            let taken = breaks::breaks_on(store, user.id(), today).await?;
            let live = breaks::current_break(store, user.id()).await?;
            let live = live
                .and_then(|b| Some((b.break_type, DateTime::parse_from_rfc3339(&b.since).ok()?.with_timezone(&Utc))));
            break_minutes_today(&taken, live.as_ref().map(|(t, s)| (t.as_str(), *s)), now, ctx)
        }
        Intent::BreakMinutesWeek => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            let taken =
                breaks::breaks_in(store, user.id(), DateRange { from: monday, to: monday + Duration::days(6) }).await?;
            break_minutes_week(&taken, monday)
        }
        Intent::AgendaToday => {
            let day = DateRange::day(today);
            let meetings = meetings::meetings_in(store, user.id(), day).await?;
            let taken = breaks::breaks_on(store, user.id(), today).await?;
            let tasks = tasks::tasks_on(store, user.id(), today).await?;
            agenda_today(today, &meetings, &taken, &tasks)
        }
        Intent::WhoIsOnBreak => {
            let on = presence::on_break(store, user.team_id()).await?;
            if on.is_empty() {
                "Nobody is on a break right now.".to_string()
            } else {
                let list: Vec<String> = on
                    .iter()
                    .map(|m| {
                        let who = if m.user_id == *user.id() { "You".to_string() } else { m.name.clone() };
                        let since = DateTime::parse_from_rfc3339(&m.since)
                            .map(|s| time12(s.with_timezone(&ctx.now.timezone()).time()))
                            .unwrap_or_else(|_| time12(m.start_time.time()));
                        format!("{who} ({} since {since})", m.break_type)
                    })
                    .collect();
                let n = on.len();
                format!("{} on a break right now: {}.", people(n), list.join(", "))
            }
        }
        Intent::WhoIsOffToday | Intent::WhoIsOff => {
            let period = period.unwrap_or(DateRange::day(today));
            let off = leave_queries::team_absences(store, user.team_id(), period, now).await?;
            who_is_off(&off, period, today, user.id())
        }
        Intent::LeaveBalance => {
            let balance = allowances::my_balance(store, &user.owner(), None, now).await?;
            let types = leave_types::team_leave_types(store, user.team_id(), now).await?;
            leave_balance(&balance, &types)
        }
        Intent::OpenTasksByPriority => {
            // Open tasks scheduled from 90 days back: one bounded Query, however long the task history is.
            let from = today - Duration::days(90);
            let range = DateRange { from, to: today + Duration::days(366) };
            let all = tasks::tasks_in(store, user.id(), range).await?;
            open_tasks(all, from)
        }
        _ => NOT_UNDERSTOOD.to_string(),
    })
}

/// Today's agenda: the caller's meetings, breaks and tasks of the day.
fn agenda_today(today: NaiveDate, meetings: &[Meeting], taken: &[Break], tasks: &[Task]) -> String {
    let mut lines = vec![format!("Your agenda for today, {}:", en_gb(today))];
    lines.push(if meetings.is_empty() {
        "Meetings: No meetings scheduled for today.".to_string()
    } else {
        let list: Vec<String> = meetings
            .iter()
            .map(|m| {
                let what = if m.description.trim().is_empty() { "Meeting" } else { m.description.trim() };
                format!("{}–{} {}", time12(m.from.time()), time12(m.to.time()), short(what, 70))
            })
            .collect();
        format!("Meetings: {}.", list.join("; "))
    });
    lines.push(if taken.is_empty() {
        "Breaks: You have not taken any breaks today.".to_string()
    } else {
        let list: Vec<String> = taken
            .iter()
            .map(|b| format!("{}–{} {}", time12(b.start_time.time()), time12(b.end_time.time()), b.break_type))
            .collect();
        format!("Breaks: {}.", list.join("; "))
    });
    lines.push(if tasks.is_empty() {
        "Tasks: You have not scheduled any tasks today.".to_string()
    } else {
        let list: Vec<String> = tasks
            .iter()
            .map(|t| format!("{} ({}, {})", short(&t.title, 70), t.priority.as_str(), t.status.as_str()))
            .collect();
        format!("Tasks: {}.", list.join("; "))
    });
    lines.join("\n")
}

fn people(n: usize) -> String {
    if n == 1 {
        "1 person is".to_string()
    } else {
        format!("{n} people are")
    }
}

/// The days of a question as the reply names them: "today", "tomorrow", "on Friday 13/03/2026", "next week
/// (16/03/2026 to 22/03/2026)", "from 16/03/2026 to 18/03/2026".
pub fn period_words(period: DateRange, today: NaiveDate) -> String {
    let day = Duration::days(1);
    if period.from == period.to {
        return match period.from {
            d if d == today => "today".to_string(),
            d if d == today + day => "tomorrow".to_string(),
            d if d == today - day => "yesterday".to_string(),
            d => format!("on {} {}", d.format("%A"), en_gb(d)),
        };
    }
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let dates = format!("{} to {}", en_gb(period.from), en_gb(period.to));
    let is_week = period.from.weekday() == chrono::Weekday::Mon && period.to == period.from + Duration::days(6);
    match (period.from - monday).num_days() {
        0 if is_week => format!("this week ({dates})"),
        7 if is_week => format!("next week ({dates})"),
        -7 if is_week => format!("last week ({dates})"),
        _ => format!("from {dates}"),
    }
}

fn half(h: Option<HalfDay>) -> &'static str {
    match h {
        Some(HalfDay::Am) => " (morning)",
        Some(HalfDay::Pm) => " (afternoon)",
        None => "",
    }
}

/// Who of the team is away in `period`, from their approved leaves: each person once, by name, with the type and
/// dates of each leave (never its reason).
pub fn who_is_off(off: &[Absence], period: DateRange, today: NaiveDate, me: &UserId) -> String {
    let words = period_words(period, today);
    let past = period.to < today;
    if off.is_empty() {
        return format!("Nobody {} off {words}.", if past { "was" } else { "is" });
    }
    let only_today = period == DateRange::day(today);
    let mut people_off: Vec<(&UserId, String, Vec<String>)> = Vec::new();
    for a in off {
        let when = if only_today {
            if a.to_date.date() == today {
                format!("today only{}", half(a.half_day))
            } else {
                format!("until {}", en_gb(a.to_date.date()))
            }
        } else if a.from_date == a.to_date {
            format!("{}{}", en_gb(a.from_date.date()), half(a.half_day))
        } else {
            format!("{} to {}", en_gb(a.from_date.date()), en_gb(a.to_date.date()))
        };
        let leave = format!("{}, {when}", a.type_name);
        match people_off.iter_mut().find(|(id, _, _)| **id == a.user_id) {
            Some((_, _, leaves)) => leaves.push(leave),
            None => {
                let who = if a.user_id == *me { "You".to_string() } else { a.name.clone() };
                people_off.push((&a.user_id, who, vec![leave]));
            }
        }
    }
    const SHOWN: usize = 15;
    let n = people_off.len();
    let list: Vec<String> =
        people_off.iter().take(SHOWN).map(|(_, who, leaves)| format!("{who} ({})", leaves.join("; "))).collect();
    let verb = match (n, past) {
        (1, false) => "1 person is".to_string(),
        (1, true) => "1 person was".to_string(),
        (n, false) => format!("{n} people are"),
        (n, true) => format!("{n} people were"),
    };
    let more = if n > SHOWN { format!(", and {} more", n - SHOWN) } else { String::new() };
    format!("{verb} off {words}: {}{more}.", list.join(", "))
}

/// Working days as the balance shows them: "25", "12.5".
fn day_count(days: f64) -> String {
    // An empty sum is -0.
    let days = days + 0.0;
    if days.fract() == 0.0 {
        format!("{days:.0}")
    } else {
        format!("{days:.1}")
    }
}

/// The caller's balance, the numbers of `GET /leaves/balance`, and which of the team's types count against it.
pub fn leave_balance(b: &Balance, types: &[LeaveType]) -> String {
    let left = if b.remaining < 0.0 {
        format!("you are {} over your allowance", allowances::show_days(-b.remaining))
    } else {
        format!("{} left", allowances::show_days(b.remaining + 0.0))
    };
    let mut s = format!(
        "Your leave balance for {}: {left} (allowance {}, carried over {}, taken {}, pending {}).",
        b.year,
        day_count(b.allowance),
        day_count(b.carried_over),
        day_count(b.taken),
        day_count(b.pending)
    );
    let in_use: Vec<&LeaveType> = types.iter().filter(|t| !t.archived).collect();
    let counting: Vec<&str> = in_use.iter().filter(|t| t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    let other: Vec<&str> = in_use.iter().filter(|t| !t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    match (counting.is_empty(), other.is_empty()) {
        (true, _) => s.push_str(" No leave type counts against it."),
        (false, true) => s.push_str(" Every leave type counts against it."),
        (false, false) => s.push_str(&format!(
            " {} {} against it; {} {}.",
            join_and(&counting),
            if counting.len() == 1 { "counts" } else { "count" },
            join_and(&other),
            if other.len() == 1 { "does not" } else { "do not" }
        )),
    }
    if b.pending > 0.0 {
        s.push_str(" Pending requests are counted until they are decided.");
    }
    s
}

pub fn break_minutes_today(
    taken: &[Break],
    live: Option<(&str, DateTime<Utc>)>,
    now: DateTime<Utc>,
    ctx: &Context,
) -> String {
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut s = if taken.is_empty() {
        "You have not taken any breaks today.".to_string()
    } else {
        format!(
            "You have taken {} today, {} in all{}.",
            count(taken.len(), "break", "breaks"),
            minutes(total),
            by_type(taken)
        )
    };
    if let Some((kind, since)) = live {
        let running = (now - since).num_minutes().max(0);
        s.push_str(&format!(
            " You are on a {kind} right now, since {} ({} so far).",
            time12(since.with_timezone(&ctx.now.timezone()).time()),
            minutes(running)
        ));
    }
    s
}

pub fn break_minutes_week(taken: &[Break], monday: NaiveDate) -> String {
    if taken.is_empty() {
        return "You have not taken any breaks this week.".to_string();
    }
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut days: Vec<(String, i64)> = Vec::new();
    for b in taken {
        let day = b.created_date.to_string();
        match days.iter_mut().find(|(d, _)| *d == day) {
            Some((_, m)) => *m += b.duration,
            None => days.push((day, b.duration)),
        }
    }
    days.sort();
    let per_day: Vec<String> = days
        .iter()
        .map(|(d, m)| {
            let name = NaiveDate::parse_from_str(d, "%Y-%m-%d")
                .map(|d| d.format("%a").to_string())
                .unwrap_or_else(|_| d.clone());
            format!("{name} {}", minutes(*m))
        })
        .collect();
    format!(
        "This week (from Monday {}) you have taken {}, {} in all: {}.",
        en_gb(monday),
        count(taken.len(), "break", "breaks"),
        minutes(total),
        per_day.join(", ")
    )
}

fn by_type(taken: &[Break]) -> String {
    let mut types: Vec<(String, i64)> = Vec::new();
    for b in taken {
        match types.iter_mut().find(|(t, _)| *t == b.break_type) {
            Some((_, m)) => *m += b.duration,
            None => types.push((b.break_type.clone(), b.duration)),
        }
    }
    if types.len() < 2 {
        return String::new();
    }
    let list: Vec<String> = types.iter().map(|(t, m)| format!("{t} {}", minutes(*m))).collect();
    format!(" ({})", list.join(", "))
}

fn priority_rank(p: TaskPriority) -> u8 {
    match p {
        TaskPriority::Blocker => 0,
        TaskPriority::Urgent => 1,
        TaskPriority::Critical => 2,
        TaskPriority::High => 3,
        TaskPriority::Important => 4,
        TaskPriority::Normal => 5,
        TaskPriority::Low => 6,
    }
}

pub fn open_tasks(all: Vec<Task>, since: NaiveDate) -> String {
    let mut open: Vec<Task> =
        all.into_iter().filter(|t| !matches!(t.status, TaskStatus::Completed | TaskStatus::Invalid)).collect();
    if open.is_empty() {
        return "You have no open tasks. Nice work!".to_string();
    }
    open.sort_by(|a, b| priority_rank(a.priority).cmp(&priority_rank(b.priority)).then(a.scheduled.cmp(&b.scheduled)));
    const SHOWN: usize = 10;
    let mut groups: Vec<(TaskPriority, Vec<String>)> = Vec::new();
    for t in open.iter().take(SHOWN) {
        let line = format!("{} ({}, {})", short(&t.title, 70), t.status.as_str(), en_gb(t.scheduled.date()));
        match groups.iter_mut().find(|(p, _)| *p == t.priority) {
            Some((_, v)) => v.push(line),
            None => groups.push((t.priority, vec![line])),
        }
    }
    let mut lines = vec![format!(
        "You have {} (scheduled since {}), by priority:",
        count(open.len(), "open task", "open tasks"),
        en_gb(since)
    )];
    for (p, items) in groups {
        lines.push(format!("{}: {}", p.as_str(), items.join("; ")));
    }
    if open.len() > SHOWN {
        lines.push(format!("…and {} more on the Tasks page.", open.len() - SHOWN));
    }
    lines.join("\n")
}

// ---- proposals ------------------------------------------------------------------------------------------------

fn label(field: &str) -> &'static str {
    match field {
        "startTime" | "from" => "start time",
        "endTime" | "to" => "end time",
        "type" => "break type",
        "createdDate" | "scheduled" | "scheduleDate" => "date",
        "reason" => "reason",
        "title" => "title",
        "description" => "description",
        "fromDate" => "from date",
        "toDate" => "to date",
        "task" => "task",
        "status" => "status",
        "priority" => "priority",
        _ => "details",
    }
}

fn when(date: &str, from: &str, to: &str) -> String {
    let mut s = String::new();
    if !date.is_empty() {
        s.push_str(&format!(" on {}", iso_to_en_gb(date)));
    }
    match (from.is_empty(), to.is_empty()) {
        (false, false) => s.push_str(&format!(", {} to {}", clock(from), clock(to))),
        (false, true) => s.push_str(&format!(", from {}", clock(from))),
        (true, false) => s.push_str(&format!(", until {}", clock(to))),
        (true, true) => {}
    }
    s
}

/// "Sick leave", "Vacation leave", and a type already called a leave as it is ("Parental leave").
fn leave_words(type_name: &str) -> String {
    let name = type_name.trim();
    if name.to_lowercase().split_whitespace().any(|w| matches!(w, "leave" | "leaves")) {
        name.to_string()
    } else {
        format!("{name} leave")
    }
}

/// The summary of a proposal; for a leave, `leave_type` names its type and says whether it will wait for approval.
pub fn proposal_summary(
    p: &Proposal,
    missing: &[String],
    problems: &FieldErrors,
    leave_type: Option<&LeaveTypeInfo>,
) -> String {
    let mut approval = String::new();
    let mut s = match p {
        Proposal::Break(b) => {
            let what = if b.break_type.is_empty() { "break".to_string() } else { b.break_type.clone() };
            let why = if b.reason.is_empty() { String::new() } else { format!(" ({})", short(&b.reason, 80)) };
            format!("Here is your {what}{}{why}.", when(&b.created_date, &b.start_time, &b.end_time))
        }
        Proposal::Task(t) => {
            let title =
                if t.title.is_empty() { "a new task".to_string() } else { format!("'{}'", short(&t.title, 80)) };
            format!(
                "Here is {title} for {}, {} priority, {}.",
                iso_to_en_gb(&t.scheduled),
                t.priority.to_lowercase(),
                t.status
            )
        }
        Proposal::Leave(l) => {
            let span = match (l.from_date.is_empty(), l.to_date.is_empty(), l.days) {
                (false, false, Some(1)) => format!(" on {}", iso_to_en_gb(&l.from_date)),
                (false, false, Some(n)) => {
                    format!(" from {} to {} ({n} days)", iso_to_en_gb(&l.from_date), iso_to_en_gb(&l.to_date))
                }
                (false, _, _) => format!(" from {}", iso_to_en_gb(&l.from_date)),
                _ => String::new(),
            };
            let what = leave_type.map(|t| leave_words(&t.name)).unwrap_or_else(|| "leave".to_string());
            // The reason is not repeated when it only names the type ("sick leave").
            let says_type = leave_type.is_some_and(|t| {
                let r = l.reason.trim().to_lowercase();
                r == t.name.trim().to_lowercase() || r == leave_words(&t.name).to_lowercase()
            });
            let why =
                if l.reason.is_empty() || says_type { String::new() } else { format!(" ({})", short(&l.reason, 80)) };
            if let Some(t) = leave_type.filter(|t| t.awaits_approval) {
                approval = format!(
                    " {} needs approval: once you save it, it waits for an admin or HR to approve it.",
                    leave_words(&t.name)
                );
            }
            format!("Here is your {what}{span}{why}.")
        }
        Proposal::Meeting(m) => {
            let what = if m.description.is_empty() {
                "meeting".to_string()
            } else {
                format!("meeting '{}'", short(&m.description, 80))
            };
            format!("Here is your {what}{}.", when(&m.schedule_date, &m.from, &m.to))
        }
        Proposal::Checklist(c) => {
            let list = if c.is_feature { "feature list" } else { "checklist" };
            if c.task.is_empty() {
                format!("Here is a new {list} item.")
            } else {
                format!("Here is '{}' for your {list}.", short(&c.task, 80))
            }
        }
    };
    for message in problems.values() {
        s.push_str(&format!(" I left a value out: {message}"));
        if !message.ends_with('.') {
            s.push('.');
        }
    }
    s.push_str(&approval);
    if missing.is_empty() {
        s.push_str(" Check it and save.");
    } else {
        let names: Vec<&str> = missing.iter().map(|f| label(f)).collect();
        s.push_str(&format!(" Please add the {} and save.", join_and(&names)));
    }
    s
}

// ---- formatting -------------------------------------------------------------------------------------------------

fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "45 minutes", "1 hour 20 minutes".
pub fn minutes(m: i64) -> String {
    let (h, m) = (m / 60, m % 60);
    let unit = |n: i64, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    match (h, m) {
        (0, m) => unit(m, "minute", "minutes"),
        (h, 0) => unit(h, "hour", "hours"),
        (h, m) => format!("{} {}", unit(h, "hour", "hours"), unit(m, "minute", "minutes")),
    }
}

/// Dates as the product shows them (en-GB, day first).
fn en_gb(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

fn iso_to_en_gb(s: &str) -> String {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").map(en_gb).unwrap_or_else(|_| s.to_string())
}

/// Times as the product shows them (12-hour).
fn time12(t: NaiveTime) -> String {
    t.format("%-I:%M %P").to_string()
}

fn clock(hhmm: &str) -> String {
    NaiveTime::parse_from_str(hhmm, "%H:%M").map(time12).unwrap_or_else(|_| hhmm.to_string())
}

fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let cut: String = s.chars().take(max).collect();
        format!("{}…", cut.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::{BreakFields, LeaveFields};

    #[test]
    fn durations_read_naturally() {
        assert_eq!(minutes(45), "45 minutes");
        assert_eq!(minutes(60), "1 hour");
        assert_eq!(minutes(80), "1 hour 20 minutes");
        assert_eq!(minutes(121), "2 hours 1 minute");
    }

    #[test]
    fn a_break_summary_names_what_is_missing() {
        let p = Proposal::Break(BreakFields {
            break_type: "Coffee Break".into(),
            start_time: "15:00".into(),
            end_time: String::new(),
            created_date: "2026-03-11".into(),
            reason: String::new(),
        });
        assert_eq!(
            proposal_summary(&p, &["endTime".to_string()], &FieldErrors::new(), None),
            "Here is your Coffee Break on 11/03/2026, from 3:00 pm. Please add the end time and save."
        );
    }

    #[test]
    fn a_leave_summary_counts_days() {
        let p = Proposal::Leave(LeaveFields {
            from_date: "2026-03-16".into(),
            to_date: "2026-03-18".into(),
            reason: "Vacation".into(),
            days: Some(3),
            type_id: None,
        });
        assert_eq!(
            proposal_summary(&p, &[], &FieldErrors::new(), None),
            "Here is your leave from 16/03/2026 to 18/03/2026 (3 days) (Vacation). Check it and save."
        );
    }

    #[test]
    fn a_leave_summary_names_its_type_and_the_wait_for_approval() {
        let leave = |reason: &str| {
            Proposal::Leave(LeaveFields {
                from_date: "2026-03-16".into(),
                to_date: "2026-03-18".into(),
                reason: reason.into(),
                days: Some(3),
                type_id: Some("00000000000000000000000001".into()),
            })
        };
        let vacation = LeaveTypeInfo { name: "Vacation".into(), awaits_approval: true };
        assert_eq!(
            proposal_summary(&leave("Vacation"), &[], &FieldErrors::new(), Some(&vacation)),
            "Here is your Vacation leave from 16/03/2026 to 18/03/2026 (3 days). Vacation leave needs approval: once \
             you save it, it waits for an admin or HR to approve it. Check it and save."
        );
        let parental = LeaveTypeInfo { name: "Parental leave".into(), awaits_approval: false };
        assert_eq!(
            proposal_summary(&leave("Baby due"), &[], &FieldErrors::new(), Some(&parental)),
            "Here is your Parental leave from 16/03/2026 to 18/03/2026 (3 days) (Baby due). Check it and save."
        );
    }

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_days_of_a_question_in_words() {
        let today = d("2026-03-11");
        let span = |a: &str, b: &str| DateRange { from: d(a), to: d(b) };
        assert_eq!(period_words(span("2026-03-11", "2026-03-11"), today), "today");
        assert_eq!(period_words(span("2026-03-12", "2026-03-12"), today), "tomorrow");
        assert_eq!(period_words(span("2026-03-13", "2026-03-13"), today), "on Friday 13/03/2026");
        assert_eq!(period_words(span("2026-03-16", "2026-03-22"), today), "next week (16/03/2026 to 22/03/2026)");
        assert_eq!(period_words(span("2026-03-09", "2026-03-15"), today), "this week (09/03/2026 to 15/03/2026)");
        assert_eq!(period_words(span("2026-03-16", "2026-03-18"), today), "from 16/03/2026 to 18/03/2026");
    }
}
