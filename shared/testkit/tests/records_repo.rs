//! The records repositories (`bt_app::records`) on every store adapter: the same bodies run on the embedded SQLite
//! adapter and, with feature `aws`, on DynamoDB as moto emulates it. They check what the HTTP tests cannot see per
//! adapter: conditional edits, the live-break and leave transactions, sparse and team indexes, counts and pages.

use std::sync::Arc;

use bt_app::account::{member_item, Member, Role};
use bt_app::error::AppError;
use bt_app::records::breaks::{self, BreakInput, LiveBreakInput};
use bt_app::records::checklist::{self, ChecklistFilter, ChecklistInput};
use bt_app::records::leaves::{self, LeaveInput};
use bt_app::records::meetings::{self, MeetingInput, MeetingView};
use bt_app::records::tasks::{self, TaskFilter, TaskInput, TaskStatus};
use bt_app::records::{reports, DateRange, Expect, Owner, Paging, CHANGED_MEANWHILE};
use bt_app::types::{Email, TeamId, UserId};
use bt_app::work::presence;
use bt_core::store::{Cond, Table};
use chrono::{DateTime, Duration, NaiveDate, Utc};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    breaks_are_owned_versioned_and_listed_by_day,
    a_live_break_is_one_transaction_each_way,
    tasks_page_and_filter_on_their_indexes,
    leaves_never_overlap_and_show_as_absences,
    meetings_list_by_view_with_counts,
    checklist_features_live_in_a_sparse_index,
    reports_read_the_user_and_team_indexes,
    an_edit_expecting_a_version_is_written_only_over_it,
);

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2024-05-06T10:00:00Z").unwrap().with_timezone(&Utc)
}

fn day(s: &str) -> NaiveDate {
    bt_app::records::dates::parse_date(s).unwrap()
}

/// The ids of the people and teams of these tests (ULIDs, like every stored id).
fn id_of(name: &str) -> &'static str {
    match name {
        "ANN" => "01HZX3Y8Q2W5E7R9T1V3B5NANN",
        "BOB" => "01HZX3Y8Q2W5E7R9T1V3B5NB0B",
        "T1" => "01HZX3Y8Q2W5E7R9T1V3B5NTT1",
        "T2" => "01HZX3Y8Q2W5E7R9T1V3B5NTT2",
        other => panic!("no test id for {other}"),
    }
}

fn user(name: &str) -> UserId {
    UserId::parse(id_of(name)).unwrap()
}

fn team(name: &str) -> TeamId {
    TeamId::parse(id_of(name)).unwrap()
}

fn owner(name: &str, team_name: &str) -> Owner {
    Owner { user_id: user(name), team_id: team(team_name), name: name.into(), tz: chrono_tz::UTC }
}

async fn join(store: &Store, owner: &Owner, role: Role) {
    let member = Member {
        user_id: owner.user_id.clone(),
        name: owner.name.clone(),
        email: Email::parse(&format!("{}@example.com", owner.user_id.to_lowercase())).unwrap(),
        role,
        joined_at: "2024-01-01T00:00:00Z".into(),
    };
    store.put(member_item(&owner.team_id, &member).unwrap(), Cond::None).await.unwrap();
}

fn a_break(date: &str, start: &str, end: &str) -> BreakInput {
    BreakInput {
        start_time: Some(start.into()),
        end_time: Some(end.into()),
        created_date: Some(date.into()),
        reason: None,
        break_type: Some("Coffee Break".into()),
    }
}

fn is_not_found<T: std::fmt::Debug>(r: Result<T, AppError>) -> bool {
    matches!(r, Err(AppError::NotFound(_)))
}

async fn breaks_are_owned_versioned_and_listed_by_day(store: Store) {
    let s = store.as_ref();
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    let bob = owner("BOB", "T1");
    let b = breaks::add_break(&app, &ann, &a_break("2024-05-06", "12:00", "12:30"), now()).await.unwrap();
    breaks::add_break(&app, &ann, &a_break("2024-05-06", "09:00", "09:10"), now()).await.unwrap();
    breaks::add_break(&app, &ann, &a_break("2024-05-07", "09:00", "09:10"), now()).await.unwrap();

    let may6 = breaks::breaks_on(&app, &user("ANN"), day("2024-05-06")).await.unwrap();
    assert_eq!(may6.iter().map(|b| b.start_time.to_string()).collect::<Vec<_>>(), ["09:00", "12:00"]);
    assert!(is_not_found(breaks::get_break(&app, &bob, &b.id).await));
    assert!(is_not_found(breaks::edit_break(&app, &bob, &b.id, &BreakInput::default(), &Expect::Any, now()).await));
    assert!(is_not_found(breaks::delete_break(&app, &bob, &b.id).await));

    let moved = BreakInput { created_date: Some("2024-05-05".into()), ..Default::default() };
    let edited = breaks::edit_break(&app, &ann, &b.id, &moved, &Expect::Any, now()).await.unwrap();
    assert_eq!((edited.duration, edited.created_date.to_string().as_str()), (30, "2024-05-05"));
    assert_eq!(breaks::breaks_on(&app, &user("ANN"), day("2024-05-05")).await.unwrap().len(), 1);
    assert_eq!(breaks::breaks_on(&app, &user("ANN"), day("2024-05-06")).await.unwrap().len(), 1);

    let (page, total) = breaks::breaks_page(s, &user("ANN"), None, Paging { skip: 1, limit: 1 }).await.unwrap();
    assert_eq!((total, page[0].created_date.to_string().as_str()), (3, "2024-05-06"));
    let range = DateRange { from: day("2024-05-05"), to: day("2024-05-06") };
    assert_eq!(breaks::team_breaks_in(s, &team("T1"), range).await.unwrap().len(), 2);
    assert!(breaks::team_breaks_in(s, &team("T2"), range).await.unwrap().is_empty());

    breaks::delete_break(&app, &ann, &b.id).await.unwrap();
    assert!(is_not_found(breaks::delete_break(&app, &ann, &b.id).await));
    assert!(is_not_found(breaks::edit_break(&app, &ann, &b.id, &moved, &Expect::Any, now()).await));
}

async fn a_live_break_is_one_transaction_each_way(store: Store) {
    let s = store.as_ref();
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    join(&store, &ann, Role::Member).await;
    let start = LiveBreakInput { break_type: Some("Lunch Break".into()), reason: None, at: None };
    let open = breaks::start_break(&app, &ann, &start, now()).await.unwrap();
    assert_eq!((open.start_time.to_string().as_str(), open.created_date.to_string().as_str()), ("10:00", "2024-05-06"));
    assert!(matches!(breaks::start_break(&app, &ann, &start, now()).await, Err(AppError::Conflict(_))));
    let on_break = presence::on_break(s, &team("T1")).await.unwrap();
    assert_eq!((on_break.len(), on_break[0].break_type.as_str()), (1, "Lunch Break"));

    let closed = breaks::end_break(&app, &ann, &Default::default(), now() + Duration::minutes(25)).await.unwrap();
    assert_eq!((closed.end_time.to_string().as_str(), closed.duration, closed.live), ("10:25", 25, true));
    assert!(breaks::current_break(&app, &user("ANN")).await.unwrap().is_none());
    assert!(presence::on_break(s, &team("T1")).await.unwrap().is_empty());
    assert!(matches!(breaks::end_break(&app, &ann, &Default::default(), now()).await, Err(AppError::Conflict(_))));
    assert_eq!(breaks::breaks_on(&app, &user("ANN"), day("2024-05-06")).await.unwrap(), vec![closed]);
}

async fn tasks_page_and_filter_on_their_indexes(store: Store) {
    let s = store.as_ref();
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    for i in 1..=12 {
        let input = TaskInput {
            title: Some(format!("Task {i}")),
            description: Some("d".into()),
            scheduled: Some(format!("2024-05-{i:02}")),
            status: Some(if i % 3 == 0 { "Completed" } else { "To Do" }.into()),
            priority: None,
        };
        tasks::add_task(&app, &ann, &input, now()).await.unwrap();
    }
    let all = TaskFilter::default();
    let (page, total) = tasks::tasks_page(&app, &user("ANN"), &all, Paging { skip: 10, limit: 5 }).await.unwrap();
    assert_eq!((total, page.iter().map(|t| t.title.as_str()).collect::<Vec<_>>()), (12, vec!["Task 2", "Task 1"]));
    let done = TaskFilter { status: Some(TaskStatus::Completed), ..Default::default() };
    let (page, total) = tasks::tasks_page(&app, &user("ANN"), &done, Paging { skip: 0, limit: 2 }).await.unwrap();
    assert_eq!((total, page.len(), page[0].title.as_str()), (4, 2, "Task 12"));
    let range = TaskFilter { scheduled: Some(DateRange { from: day("2024-05-03"), to: day("2024-05-05") }), ..all };
    assert_eq!(tasks::tasks_page(&app, &user("ANN"), &range, Paging::default()).await.unwrap().1, 3);
    assert_eq!(tasks::tasks_on(&app, &user("ANN"), day("2024-05-07")).await.unwrap().len(), 1);
    let may = DateRange { from: day("2024-05-01"), to: day("2024-05-31") };
    assert_eq!(tasks::team_tasks_in(s, &team("T1"), may).await.unwrap().len(), 12);

    // An edit read at an older version is refused.
    let task = tasks::tasks_on(&app, &user("ANN"), day("2024-05-01")).await.unwrap().remove(0);
    let rename = TaskInput { title: Some("Renamed".into()), ..Default::default() };
    tasks::edit_task(&app, &ann, &task.id, &rename, &Expect::Any, now()).await.unwrap();
    tasks::edit_task(&app, &ann, &task.id, &rename, &Expect::Any, now()).await.unwrap();
    assert_eq!(tasks::get_task(&app, &ann, &task.id).await.unwrap().title, "Renamed");
}

async fn an_edit_expecting_a_version_is_written_only_over_it(store: Store) {
    let ann = owner("ANN", "T1");
    let bob = owner("BOB", "T1");
    join(&store, &ann, Role::Member).await;
    let app = leave_services(&store);
    let input = TaskInput {
        title: Some("Plan".into()),
        description: Some("d".into()),
        scheduled: Some("2024-05-06".into()),
        ..Default::default()
    };
    let task = tasks::add_task(&app, &ann, &input, now()).await.unwrap();
    let seen = Expect::UpdatedAt(task.updated_at.clone());
    let rename = |title: &str| TaskInput { title: Some(title.into()), ..Default::default() };
    let later = |minutes| now() + Duration::minutes(minutes);

    let mine = tasks::edit_task(&app, &ann, &task.id, &rename("Mine"), &seen, later(1)).await.unwrap();
    // The version first seen is no longer the one stored: refused, and nothing written.
    let stale = tasks::edit_task(&app, &ann, &task.id, &rename("Stale"), &seen, later(2)).await;
    assert!(matches!(&stale, Err(AppError::Conflict(m)) if m == CHANGED_MEANWHILE), "{stale:?}");
    assert_eq!(tasks::get_task(&app, &ann, &task.id).await.unwrap(), mine);
    let current = Expect::UpdatedAt(mine.updated_at.clone());
    tasks::edit_task(&app, &ann, &task.id, &rename("Again"), &current, later(3)).await.unwrap();
    // Another user's id is not found, whatever version is named.
    assert!(is_not_found(tasks::edit_task(&app, &bob, &task.id, &rename("Bob's"), &current, later(4)).await));

    // The same holds for a leave, whose write also guards against overlaps.
    let leave = leaves::add_leave(&app, &ann, &a_leave("2024-06-10", "2024-06-11"), now()).await.unwrap();
    let seen = Expect::UpdatedAt(leave.updated_at.clone());
    let longer = LeaveInput { to_date: Some("2024-06-12".into()), ..Default::default() };
    let (_, edited) = leaves::edit_leave(&app, &ann, &leave.id, &longer, &seen, later(1)).await.unwrap();
    let stale = leaves::edit_leave(&app, &ann, &leave.id, &a_leave("2024-06-20", "2024-06-20"), &seen, later(2)).await;
    assert!(matches!(&stale, Err(AppError::Conflict(m)) if m == CHANGED_MEANWHILE), "{stale:?}");
    assert_eq!(leaves::get_leave(&app, &ann, &leave.id).await.unwrap(), edited);
}

/// The domain's services over the test's store (the use cases take them; no mail is sent by these tests).
fn leave_services(store: &Store) -> bt_app::Services {
    let mailer = Arc::new(bt_adapters_local::outbox::Outbox::new(None));
    bt_app::Services::new(store.clone(), mailer, bt_app::config::Config::for_tests())
}

fn a_leave(from: &str, to: &str) -> LeaveInput {
    LeaveInput {
        from_date: Some(from.into()),
        to_date: Some(to.into()),
        reason: Some("Away".into()),
        type_id: None,
        half_day: None,
    }
}

async fn leaves_never_overlap_and_show_as_absences(store: Store) {
    let s = store.as_ref();
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    let bob = owner("BOB", "T1");
    join(&store, &ann, Role::Member).await;
    join(&store, &bob, Role::Member).await;
    let week = leaves::add_leave(&app, &ann, &a_leave("2024-06-10", "2024-06-14"), now()).await.unwrap();
    assert_eq!(week.days, 5);
    assert!(matches!(
        leaves::add_leave(&app, &ann, &a_leave("2024-06-14", "2024-06-15"), now()).await,
        Err(AppError::Conflict(_))
    ));
    leaves::add_leave(&app, &ann, &a_leave("2024-06-15", "2024-06-15"), now()).await.unwrap();
    leaves::add_leave(&app, &bob, &a_leave("2024-06-12", "2024-06-12"), now()).await.unwrap();

    // Six leaves written at once by one user, two per day: exactly one per day gets in.
    let writes = (0..6).map(|i| {
        let app = app.clone();
        let ann = ann.clone();
        let day = format!("2024-07-{:02}", 1 + i / 2);
        async move { leaves::add_leave(&app, &ann, &a_leave(&day, &day), now()).await.is_ok() }
    });
    let accepted = futures_join_all(writes).await.into_iter().filter(|ok| *ok).count();
    assert_eq!(accepted, 3);

    let absent = presence::on_leave(&app, &team("T1"), day("2024-06-12"), false).await.unwrap();
    assert_eq!(absent.iter().map(|a| a.user_id.clone()).collect::<Vec<_>>(), [user("ANN"), user("BOB")]);
    assert!(absent[0].reason.is_none());
    assert_eq!(
        presence::on_leave(&app, &team("T1"), day("2024-06-15"), true).await.unwrap()[0].reason.as_deref(),
        Some("Away")
    );
    let statuses = presence::team_presence(s, &team("T1"), day("2024-06-13")).await.unwrap();
    assert_eq!(
        statuses.iter().map(|p| p.status).collect::<Vec<_>>(),
        [presence::PresenceStatus::OnLeave, presence::PresenceStatus::Available]
    );

    let (page, total) =
        leaves::leaves_page(&app, &user("ANN"), Some(DateRange::day(day("2024-06-14"))), Paging::default())
            .await
            .unwrap();
    assert_eq!((total, page[0].id.as_str()), (1, week.id.as_str()));
    leaves::delete_leave(&app, &ann, &week.id).await.unwrap();
    leaves::add_leave(&app, &ann, &a_leave("2024-06-11", "2024-06-11"), now()).await.unwrap();
}

/// Runs futures concurrently on the test runtime (no extra crate for `join_all`).
async fn futures_join_all<F>(futures: impl Iterator<Item = F>) -> Vec<bool>
where
    F: std::future::Future<Output = bool> + Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

async fn meetings_list_by_view_with_counts(store: Store) {
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    for (date, from, to) in [
        ("2024-05-05", "09:00", "10:00"),
        ("2024-05-06", "09:00", "09:30"),
        ("2024-05-06", "14:00", "15:00"),
        ("2024-05-08", "08:00", "08:30"),
    ] {
        let input = MeetingInput {
            from: Some(from.into()),
            to: Some(to.into()),
            schedule_date: Some(date.into()),
            description: None,
            ..Default::default()
        };
        meetings::add_meeting(&app, &ann, &input, now()).await.unwrap();
    }
    let today = meetings::list_meetings(&app, &user("ANN"), MeetingView::Day(day("2024-05-06")), Paging::default())
        .await
        .unwrap();
    assert_eq!((today.total_count, today.all_count, today.meetings[0].from.to_string().as_str()), (2, 4, "09:00"));
    let later = MeetingView::Upcoming {
        day: day("2024-05-06"),
        after: Some(chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap()),
    };
    let upcoming = meetings::list_meetings(&app, &user("ANN"), later, Paging::default()).await.unwrap();
    assert_eq!(upcoming.meetings.iter().map(|m| m.from.to_string()).collect::<Vec<_>>(), ["14:00", "08:00"]);
    let all = meetings::list_meetings(&app, &user("ANN"), MeetingView::All(None), Paging { skip: 0, limit: 3 })
        .await
        .unwrap();
    assert_eq!(
        (all.meetings.len(), all.total_count, all.meetings[0].schedule_date.to_string().as_str()),
        (3, 4, "2024-05-08")
    );
}

async fn checklist_features_live_in_a_sparse_index(store: Store) {
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    for (task, date, feature) in
        [("a", "2024-05-01", false), ("b", "2024-05-02", false), ("c", "2024-05-03", false), ("f", "2024-05-02", true)]
    {
        let input = ChecklistInput {
            task: Some(task.into()),
            status: None,
            created_date: Some(date.into()),
            is_feature: Some(feature),
        };
        checklist::add_item(&app, &ann, &input, now()).await.unwrap();
    }
    let latest = checklist::latest_two_days(&app, &user("ANN")).await.unwrap();
    assert_eq!(latest.check_list.iter().map(|i| i.task.as_str()).collect::<Vec<_>>(), ["c", "b"]);
    assert_eq!((latest.feature_list.len(), latest.total_count), (1, 4));
    let feature = latest.feature_list[0].clone();
    checklist::edit_item(
        &app,
        &ann,
        &feature.id,
        &ChecklistInput { is_feature: Some(false), ..Default::default() },
        &Expect::Any,
        now(),
    )
    .await
    .unwrap();
    assert!(checklist::latest_two_days(&app, &user("ANN")).await.unwrap().feature_list.is_empty());
    let filter = ChecklistFilter { task: Some("F".into()), ..Default::default() };
    let page = checklist::items_page(&app, &user("ANN"), &filter, Paging::default()).await.unwrap();
    assert_eq!((page.total_count, page.check_list[0].id.as_str()), (1, feature.id.as_str()));
}

async fn reports_read_the_user_and_team_indexes(store: Store) {
    let app = leave_services(&store);
    let ann = owner("ANN", "T1");
    let bob = owner("BOB", "T1");
    join(&store, &ann, Role::Member).await;
    join(&store, &bob, Role::Admin).await;
    breaks::add_break(&app, &ann, &a_break("2024-05-02", "09:00", "09:20"), now()).await.unwrap();
    breaks::add_break(&app, &bob, &a_break("2024-05-03", "09:00", "09:05"), now()).await.unwrap();
    // Sick leave needs no approval (Bob, an admin, would decide a Vacation request): an absence at once.
    let sick = LeaveInput { type_id: Some("00000000000000000000000002".into()), ..a_leave("2024-04-30", "2024-05-01") };
    leaves::add_leave(&leave_services(&store), &ann, &sick, now()).await.unwrap();
    let may = DateRange { from: day("2024-05-01"), to: day("2024-05-31") };
    let summary = reports::user_summary(&app, &user("ANN"), may).await.unwrap();
    assert_eq!((summary.breaks.total_minutes, summary.leaves.days), (20, 1));
    let team = reports::team_report(&app, &team("T1"), may).await.unwrap();
    assert_eq!((team.totals.break_minutes, team.totals.leave_days, team.members.len()), (25, 1, 2));
    let (header, rows) = reports::export_rows(&app, &user("ANN"), reports::RecordType::Breaks, may).await.unwrap();
    assert_eq!((header[0], rows.len()), ("date", 1));
}
