//! Concurrent writes to the same records through the local server: many simultaneous edits of one record lose no
//! update (each edit is conditional on the version it read; the losers get a clear 409 and the stored version counts
//! exactly the acknowledged edits), an edit never brings a deleted record back, and the single-holder rules (one
//! live break, no overlapping leaves) hold when the requests race.

use std::sync::Arc;

use crate::support::*;
use bt_app::types::{RecordId, UserId};
use bt_core::keys::{self, RecordKind};
use bt_core::store::Key;
use reqwest::Method;
use serde_json::{json, Value};

const DAY: &str = "2024-05-06";
const CHANGED: &str = "This record was changed or deleted meanwhile. Reload it and try again.";
/// How many requests race in each test.
const RACERS: usize = 24;

/// Sends `bodies` to `path` all at once (one task each) and returns the answers in the order of `bodies`.
async fn race(app: &Arc<TestApp>, who: &Person, method: Method, path: &str, bodies: Vec<Option<Value>>) -> Vec<Reply> {
    let barrier = Arc::new(tokio::sync::Barrier::new(bodies.len()));
    let mut tasks = Vec::new();
    for body in bodies {
        let (app, who, path, method, barrier) =
            (app.clone(), who.clone(), path.to_string(), method.clone(), barrier.clone());
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            app.send(Some(&who), method, &path, body).await
        }));
    }
    let mut replies = Vec::new();
    for t in tasks {
        replies.push(t.await.expect("request task"));
    }
    replies
}

/// The key of `who`'s record of `kind` with this id.
fn record_key(who: &Person, kind: RecordKind, id: &str) -> Key {
    keys::record(&UserId::parse(&who.id).unwrap(), kind, &RecordId::parse(id).unwrap())
}

async fn stored_version(app: &TestApp, who: &Person, kind: RecordKind, id: &str) -> i64 {
    let item = app.store().get(&record_key(who, kind, id)).await.unwrap().expect("the stored record");
    item["version"].as_i64().expect("a version")
}

/// One record of `kind`, then `RACERS` simultaneous edits with distinct values of `field`.
async fn edits_of_one_record_lose_nothing(
    kind: RecordKind,
    base: &str,
    add: Value,
    field: &str,
    edit: fn(usize) -> Value,
) {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    let id = app.post(&ann, &format!("{base}/add"), add).await.expect(201).id();

    let bodies = (0..RACERS).map(|i| Some(edit(i))).collect();
    let replies = race(&app, &ann, Method::PUT, &format!("{base}/edit/{id}"), bodies).await;

    let mut acknowledged = Vec::new();
    for r in &replies {
        match r.status.as_u16() {
            200 => acknowledged.push(r.data().clone()),
            409 => assert_eq!(r.message(), CHANGED, "a losing edit says why"),
            other => panic!("an edit answered {other}: {}", r.body),
        }
    }
    eprintln!("{field}: {} of {RACERS} edits acknowledged", acknowledged.len());
    assert!(!acknowledged.is_empty(), "at least one edit wins");
    // Every acknowledged edit bumped the version once: none was applied on top of a stale read.
    assert_eq!(
        stored_version(&app, &ann, kind, &id).await,
        1 + acknowledged.len() as i64,
        "version after {} acknowledged edits of {}",
        acknowledged.len(),
        RACERS
    );
    let now = app.get(&ann, &format!("{base}/get/{id}")).await.expect(200);
    assert!(
        acknowledged.iter().any(|a| a == now.data()),
        "the final {field} {} is one of the acknowledged edits",
        now.data()[field]
    );
    // The acknowledged values are all different (each edit carried its own), so each stands for one request.
    let mut values: Vec<String> = acknowledged.iter().map(|a| a[field].to_string()).collect();
    values.dedup();
    assert_eq!(values.len(), acknowledged.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_edits_of_one_break_lose_no_update() {
    edits_of_one_record_lose_nothing(
        RecordKind::Break,
        "/break",
        a_break(DAY, "09:00", "09:30"),
        "reason",
        |i| json!({ "reason": format!("edit {i}"), "endTime": format!("09:{:02}", 31 + i) }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_edits_of_one_task_lose_no_update() {
    edits_of_one_record_lose_nothing(
        RecordKind::Task,
        "/task",
        a_task("Report", DAY),
        "title",
        |i| json!({ "title": format!("Report v{i}"), "status": if i % 2 == 0 { "In Progress" } else { "Completed" } }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_edits_of_one_leave_lose_no_update() {
    edits_of_one_record_lose_nothing(
        RecordKind::Leave,
        "/leaves",
        a_leave("2024-07-01", "2024-07-03"),
        "reason",
        |i| json!({ "reason": format!("trip {i}"), "toDate": format!("2024-07-{:02}", 3 + i % 20) }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_edits_of_one_meeting_lose_no_update() {
    edits_of_one_record_lose_nothing(
        RecordKind::Meeting,
        "/meeting",
        a_meeting(DAY, "10:00", "10:30"),
        "description",
        |i| json!({ "description": format!("agenda {i}") }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_edits_of_one_checklist_item_lose_no_update() {
    edits_of_one_record_lose_nothing(
        RecordKind::Checklist,
        "/daily-checklist",
        an_item("Stand-up", DAY),
        "task",
        |i| json!({ "task": format!("Stand-up {i}"), "status": i % 2 == 0 }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_edit_racing_a_delete_never_brings_the_record_back() {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    for round in 0..5 {
        let id = app.post(&ann, "/task/add", a_task("Doomed", DAY)).await.expect(201).id();
        let (edit_path, delete_path) = (format!("/task/edit/{id}"), format!("/task/delete/{id}"));
        let edits = (0..8).map(|i| Some(json!({ "title": format!("t{i}") }))).collect();
        let (delete, edits) =
            tokio::join!(app.delete(&ann, &delete_path), race(&app, &ann, Method::PUT, &edit_path, edits));
        assert_eq!(delete.status.as_u16(), 200, "round {round}: {}", delete.body);
        for e in &edits {
            assert!(matches!(e.status.as_u16(), 200 | 404 | 409), "round {round}: an edit answered {}", e.body);
        }
        app.get(&ann, &format!("/task/get/{id}")).await.expect(404);
        assert!(app.store().get(&record_key(&ann, RecordKind::Task, &id)).await.unwrap().is_none());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_simultaneous_live_break_starts_one_wins_and_of_the_ends_one_closes_it() {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    let body = |i: usize| Some(json!({ "type": "Coffee Break", "reason": format!("start {i}") }));

    let starts = race(&app, &ann, Method::POST, "/break/start", (0..RACERS).map(body).collect()).await;
    let winners: Vec<&Reply> = starts.iter().filter(|r| r.status.as_u16() == 201).collect();
    assert_eq!(winners.len(), 1, "one start wins: {:?}", starts.iter().map(|r| r.status).collect::<Vec<_>>());
    for r in starts.iter().filter(|r| r.status.as_u16() != 201) {
        assert_eq!((r.status.as_u16(), r.message()), (409, "You are already on a break."));
    }
    let current = app.get(&ann, "/break/current").await.expect(200);
    assert_eq!(current.data()["reason"], winners[0].data()["reason"], "the open break is the winner's");

    let ends = race(&app, &ann, Method::POST, "/break/end", (0..RACERS).map(|_| None).collect()).await;
    let closed: Vec<&Reply> = ends.iter().filter(|r| r.status.as_u16() == 200).collect();
    assert_eq!(closed.len(), 1, "one end closes it: {:?}", ends.iter().map(|r| r.status).collect::<Vec<_>>());
    for r in ends.iter().filter(|r| r.status.as_u16() != 200) {
        assert_eq!((r.status.as_u16(), r.message()), (409, "You are not on a break."));
    }
    let today = app.today(&ann);
    let breaks = app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={today}")).await.expect(200);
    let live: Vec<&Value> = breaks.data().as_array().unwrap().iter().filter(|b| b["live"] == true).collect();
    assert_eq!(live.len(), 1, "exactly one closed live break: {}", breaks.data());
    assert_eq!(live[0]["reason"], winners[0].data()["reason"]);
    assert_eq!(app.get(&ann, "/break/current").await.expect(200).data(), &Value::Null);
    // Nobody is left on the team's on-break list.
    assert_eq!(app.get(&ann, "/admin/onBreak").await.expect(200).data(), &json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_simultaneous_overlapping_leaves_one_is_added() {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    // Every range contains 2024-08-15.
    let bodies = (0..RACERS).map(|i| Some(a_leave(&format!("2024-08-{:02}", 1 + i % 15), "2024-08-15"))).collect();
    let replies = race(&app, &ann, Method::POST, "/leaves/add", bodies).await;
    let added: Vec<&Reply> = replies.iter().filter(|r| r.status.as_u16() == 201).collect();
    assert_eq!(added.len(), 1, "one leave is added: {:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    for r in replies.iter().filter(|r| r.status.as_u16() != 201) {
        assert_eq!((r.status.as_u16(), r.message()), (409, "You already have a leave on some of these dates."));
    }
    let list = app.get(&ann, "/leaves/list").await.expect(200);
    assert_eq!(pluck(&list.data()["leaves"], "_id"), vec![added[0].id().as_str()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_leaves_on_different_days_are_all_added() {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    // Each write retries the overlap check after another write of the same user won; eight always get through.
    let bodies = (0..8)
        .map(|i| Some(a_leave(&format!("2024-09-{:02}", 1 + 2 * i), &format!("2024-09-{:02}", 2 + 2 * i))))
        .collect();
    let replies = race(&app, &ann, Method::POST, "/leaves/add", bodies).await;
    for r in &replies {
        assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    }
    let list = app.get(&ann, "/leaves/list?limit=100").await.expect(200);
    assert_eq!(list.data()["totalCount"], 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_leaves_edited_onto_the_same_days_at_once_do_not_both_move() {
    let app = Arc::new(spawn_app().await);
    let ann = app.person("Ann").await;
    for round in 0..5 {
        let month = 10 + round % 3;
        let a = app
            .post(&ann, "/leaves/add", a_leave(&format!("2025-{month:02}-01"), &format!("2025-{month:02}-02")))
            .await
            .expect(201)
            .id();
        let b = app
            .post(&ann, "/leaves/add", a_leave(&format!("2025-{month:02}-20"), &format!("2025-{month:02}-21")))
            .await
            .expect(201)
            .id();
        let target = json!({ "fromDate": format!("2025-{month:02}-10"), "toDate": format!("2025-{month:02}-12") });
        let (app2, ann2, t2, b2) = (app.clone(), ann.clone(), target.clone(), b.clone());
        let move_b = tokio::spawn(async move { app2.put(&ann2, &format!("/leaves/edit/{b2}"), t2).await });
        let move_a = app.put(&ann, &format!("/leaves/edit/{a}"), target).await;
        let move_b = move_b.await.unwrap();
        let statuses = [move_a.status.as_u16(), move_b.status.as_u16()];
        assert!(
            statuses.contains(&200) && statuses.contains(&409),
            "round {round}: one moves, one is refused: {statuses:?}"
        );
        let list =
            app.get(&ann, &format!("/leaves/list?from=2025-{month:02}-10&to=2025-{month:02}-12")).await.expect(200);
        assert_eq!(list.data()["totalCount"], 1, "round {round}: {}", list.data());
        app.delete(&ann, &format!("/leaves/delete/{a}")).await.expect(200);
        app.delete(&ann, &format!("/leaves/delete/{b}")).await.expect(200);
    }
}
