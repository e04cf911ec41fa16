//! An approved month keeps its figures: every write that would change them, were the month computed again, is
//! refused with 409 and the lock's message naming the month, on every store. Breaks on the day next to a locked day
//! where they count in it (by hand or imported), leaves dated in it (add, edit, delete, cancel, approve, decline,
//! import), a member schedule from a date in it, and the clock; and a clock open in a month that became locked can
//! still end.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};

use crate::import::upload;
use crate::support::*;
use bt_app::account::Role;
use bt_app::types::UserId;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_break_next_to_a_locked_day_is_refused_where_it_counts,
    a_period_whose_end_sets_a_locked_days_rest_is_refused,
    leaves_dated_in_a_locked_month_are_refused,
    a_member_schedule_from_a_locked_month_is_refused,
    the_clock_never_starts_in_a_locked_month_and_always_ends
);

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn month(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

/// The lock's answer for the month of `date`.
fn locked(date: NaiveDate) -> String {
    format!("The timesheet of {} {} is approved and locked.", MONTHS[date.month0() as usize], date.year())
}

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The 1st of the month after the next mid-month, at `hour` UTC: a fresh month with a whole month behind it.
fn next_first(app: &TestApp, hour: u32) -> DateTime<Utc> {
    let mid = next_mid_month(app.state.clock.now()).date_naive();
    let first = mid.with_day(1).unwrap().checked_add_months(Months::new(1)).unwrap();
    first.and_hms_opt(hour, 0, 0).unwrap().and_utc()
}

/// The person submits the month and the approver approves it.
async fn approve(app: &TestApp, who: &Person, approver: &Person, month: &str) {
    app.post(who, &format!("/timesheets/{month}/submit"), json!({})).await.expect(200);
    app.post(approver, &format!("/timesheets/{month}/approve"), json!({ "userId": who.id })).await.expect(200);
}

/// The lock item, as an approval writes it: for data older than the rule that approval waits for the clock to stop.
async fn lock_directly(app: &TestApp, who: &Person, month: &str) {
    let user = UserId::parse(&who.id).unwrap();
    let lock = bt_app::work::repo::lock::lock(&user, month, &stamp(app.state.clock.now()));
    app.store().transact(vec![lock]).await.unwrap();
}

fn sheet_figures(sheet: &Value) -> (i64, i64, i64) {
    let d = sheet.get("data").unwrap_or(sheet);
    (d["worked"].as_i64().unwrap(), d["target"].as_i64().unwrap(), d["difference"].as_i64().unwrap())
}

async fn a_break_next_to_a_locked_day_is_refused_where_it_counts(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_first(&app, 12));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let first: NaiveDate = app.today(&bob).parse().unwrap();
    let last = first.pred_opt().unwrap();
    let (first_s, last_s) = (first.to_string(), last.to_string());

    // A night shift from the month's last day into the 1st, with a break on the 1st at 01:00.
    let night = json!({ "date": last_s, "start": "22:00", "end": "06:00", "note": "Night" });
    app.post(&bob, "/work/periods", night).await.expect(201);
    let rest = app.post(&bob, "/break/add", a_break(&first_s, "01:00", "02:00")).await.expect(201).id();
    // A break of the 1st outside the night shift counts on the 1st only.
    let later = app.post(&bob, "/break/add", a_break(&first_s, "14:00", "14:15")).await.expect(201).id();
    approve(&app, &bob, &hal, &month(last)).await;
    let sheet = format!("/timesheets/{}", month(last));
    let before = sheet_figures(app.get(&bob, &sheet).await.expect(200).data());
    assert_eq!(before.0, 420);

    // Deleting, editing or adding a break of the 1st inside the locked day's shift: refused, naming that month.
    let message = locked(last);
    assert_eq!(app.delete(&bob, &format!("/break/delete/{rest}")).await.expect(409).message(), message);
    let edit = json!({ "startTime": "01:00", "endTime": "01:30" });
    assert_eq!(app.put(&bob, &format!("/break/edit/{rest}"), edit).await.expect(409).message(), message);
    let moved_in = json!({ "startTime": "03:00", "endTime": "03:30" });
    assert_eq!(app.put(&bob, &format!("/break/edit/{later}"), moved_in).await.expect(409).message(), message);
    let add = a_break(&first_s, "04:00", "04:30");
    assert_eq!(app.post(&bob, "/break/add", add).await.expect(409).message(), message);
    // An imported break of the 1st inside the shift too; one outside it is imported.
    let file = format!("kind,date,start,end,type,note\nbreak,{first_s},03:00,03:15,,\nbreak,{first_s},17:00,17:15,,\n");
    let preview = upload(&app, &bob, "/import/preview", "generic", file.as_bytes()).await.expect(200);
    assert_eq!(preview.data()["refused"], json!([{ "row": 2, "reason": message }]));
    let committed = upload(&app, &bob, "/import/commit", "generic", file.as_bytes()).await.expect(200);
    assert_eq!((committed.data()["created"].as_u64(), committed.data()["refused"].as_u64()), (Some(1), Some(1)));
    assert_eq!(sheet_figures(app.get(&bob, &sheet).await.expect(200).data()), before);

    // Outside the shift, the 1st is an open day like any other.
    app.put(&bob, &format!("/break/edit/{later}"), json!({ "startTime": "15:00", "endTime": "15:10" }))
        .await
        .expect(200);
    app.post(&bob, "/break/add", a_break(&first_s, "16:00", "16:10")).await.expect(201);
    app.delete(&bob, &format!("/break/delete/{later}")).await.expect(200);
    assert_eq!(sheet_figures(app.get(&bob, &sheet).await.expect(200).data()), before);
}

async fn a_period_whose_end_sets_a_locked_days_rest_is_refused(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_first(&app, 12) + Duration::days(14));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let first = today.with_day(1).unwrap();
    let last = first.pred_opt().unwrap();
    // This month is approved (its 1st worked from 06:00); the month before stays open.
    let early = json!({ "date": first.to_string(), "start": "06:00", "end": "14:00", "note": "Early" });
    app.post(&bob, "/work/periods", early).await.expect(201);
    approve(&app, &bob, &hal, &month(first)).await;
    let sheet = format!("/timesheets/{}", month(first));
    let before = app.get(&bob, &sheet).await.expect(200).data().clone();

    // A late shift on the day before would shorten the rest before the 1st's start: refused, naming this month.
    let late = json!({ "date": last.to_string(), "start": "20:00", "end": "23:00", "note": "Late" });
    assert_eq!(app.post(&bob, "/work/periods", late).await.expect(409).message(), locked(first));
    // Days before, the open month is written as ever.
    let earlier = last - Duration::days(3);
    let open = json!({ "date": earlier.to_string(), "start": "20:00", "end": "23:00", "note": "Earlier" });
    let id = app.post(&bob, "/work/periods", open).await.expect(201).id();
    // Moved next to the locked day, it is refused too.
    let moved = json!({ "date": last.to_string(), "note": "Moved" });
    assert_eq!(app.put(&bob, &format!("/work/periods/{id}"), moved).await.expect(409).message(), locked(first));
    assert_eq!(app.get(&bob, &sheet).await.expect(200).data()["days"][0], before["days"][0]);
}

async fn leaves_dated_in_a_locked_month_are_refused(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_first(&app, 12) + Duration::days(14));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let this_first = today.with_day(1).unwrap();
    let last = this_first.pred_opt().unwrap();
    // Weekdays of last month: a Monday and the Tuesday after it.
    let mut monday = last.with_day(1).unwrap();
    while monday.weekday() != chrono::Weekday::Mon {
        monday = monday.succ_opt().unwrap();
    }
    let (mon, tue, wed, thu) =
        (monday, monday + Duration::days(1), monday + Duration::days(2), monday + Duration::days(3));
    let types = app.get(&bob, "/leaves/types").await.expect(200);
    let type_id = |name: &str| {
        types.data().as_array().unwrap().iter().find(|t| t["name"] == name).unwrap()["_id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (vacation, sick) = (type_id("Vacation"), type_id("Sick"));
    let leave = |from: NaiveDate, to: NaiveDate, type_id: &str| {
        let mut body = a_leave(&from.to_string(), &to.to_string());
        body["typeId"] = json!(type_id);
        body
    };

    // Before the approval: an approved Sick day, and two Vacation requests waiting for a decision.
    let sick_day = app.post(&bob, "/leaves/add", leave(mon, mon, &sick)).await.expect(201).id();
    let pending = app.post(&bob, "/leaves/add", leave(tue, tue, &vacation)).await.expect(201);
    assert_eq!(pending.data()["status"], "pending");
    let pending = pending.id();
    let other = app.post(&bob, "/leaves/add", leave(wed, wed, &vacation)).await.expect(201).id();
    approve(&app, &bob, &hal, &month(last)).await;
    let sheet = format!("/timesheets/{}", month(last));
    let before = sheet_figures(app.get(&bob, &sheet).await.expect(200).data());

    let message = locked(last);
    // A Sick day needs no approval: adding one would credit the approved month a day.
    let added = app.post(&bob, "/leaves/add", leave(thu, thu, &sick)).await;
    assert_eq!(added.expect(409).message(), message);
    // A leave from the locked month into the open one is refused as a whole.
    let across = app.post(&bob, "/leaves/add", leave(last, this_first + Duration::days(7), &sick)).await;
    assert_eq!(across.expect(409).message(), message);
    let edit = app.put(&bob, &format!("/leaves/edit/{pending}"), json!({ "reason": "Other" })).await;
    assert_eq!(edit.expect(409).message(), message);
    assert_eq!(app.delete(&bob, &format!("/leaves/delete/{sick_day}")).await.expect(409).message(), message);
    assert_eq!(app.post(&bob, &format!("/leaves/cancel/{pending}"), json!({})).await.expect(409).message(), message);
    assert_eq!(app.post(&hal, &format!("/leaves/approve/{pending}"), json!({})).await.expect(409).message(), message);
    assert_eq!(app.post(&hal, &format!("/leaves/decline/{other}"), json!({})).await.expect(409).message(), message);

    // An import row of kind leave in the month: refused in the preview and at the commit.
    let file = format!("kind,date,start,end,type,note\nleave,{thu},,{thu},Sick,Imported\n");
    let preview = upload(&app, &bob, "/import/preview", "generic", file.as_bytes()).await.expect(200);
    assert_eq!(preview.data()["refused"], json!([{ "row": 2, "reason": message }]));
    let committed = upload(&app, &bob, "/import/commit", "generic", file.as_bytes()).await.expect(200);
    assert_eq!(committed.data()["created"], 0);

    // Nothing changed: the month's figures, the leaves and their states.
    assert_eq!(sheet_figures(app.get(&bob, &sheet).await.expect(200).data()), before);
    let list = app.get(&bob, "/leaves/list").await.expect(200);
    let mut states: Vec<(String, String)> = list.data()["leaves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["fromDate"].as_str().unwrap()[..10].to_string(), l["status"].as_str().unwrap().to_string()))
        .collect();
    states.sort();
    let expected: Vec<(String, String)> = [(mon, "approved"), (tue, "pending"), (wed, "pending")]
        .into_iter()
        .map(|(d, s)| (d.to_string(), s.to_string()))
        .collect();
    assert_eq!(states, expected);

    // In the open month, leaves are written as ever.
    let open_day = this_first + Duration::days(20);
    app.post(&bob, "/leaves/add", leave(open_day, open_day, &sick)).await.expect(201);
}

async fn a_member_schedule_from_a_locked_month_is_refused(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_first(&app, 12) + Duration::days(14));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let last = today.with_day(1).unwrap().pred_opt().unwrap();
    approve(&app, &bob, &hal, &month(last)).await;
    let sheet = format!("/timesheets/{}", month(last));
    let before = sheet_figures(app.get(&bob, &sheet).await.expect(200).data());

    let short = [60, 60, 60, 60, 60, 0, 0];
    let path = format!("/admin/work-schedule/{}", bob.id);
    let inside = json!({ "from": last.with_day(10).unwrap().to_string(), "weekdays": short });
    assert_eq!(app.put(&hal, &path, inside).await.expect(409).message(), locked(last));
    assert_eq!(sheet_figures(app.get(&bob, &sheet).await.expect(200).data()), before);
    // From a day of the open month it applies as before.
    let open = json!({ "from": today.with_day(1).unwrap().to_string(), "weekdays": short });
    app.put(&hal, &path, open).await.expect(200);
    assert_eq!(sheet_figures(app.get(&bob, &sheet).await.expect(200).data()), before);
}

async fn the_clock_never_starts_in_a_locked_month_and_always_ends(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    // The 1st at 02:00: the last day of the month before is within the 24 hours a device's time may go back.
    let now = next_first(&app, 2);
    app.clock_forward_to(now);
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let first = now.date_naive();
    let last = first.pred_opt().unwrap();
    approve(&app, &bob, &hal, &month(last)).await;

    // A clock-in or a break start sent late, with a time in the locked month: refused, and nothing runs.
    let late = json!({ "at": stamp(now - Duration::hours(3)) });
    assert_eq!(app.post(&bob, "/work/start", late).await.expect(409).message(), locked(last));
    let late_break = json!({ "type": "Coffee Break", "at": stamp(now - Duration::hours(3)) });
    assert_eq!(app.post(&bob, "/break/start", late_break).await.expect(409).message(), locked(last));
    assert!(app.get(&bob, "/work/current").await.expect(200).data().is_null());
    assert!(app.get(&bob, "/break/current").await.expect(200).data().is_null());

    // A clock that was running when its month became locked (older data, or a race with the approval).
    let carl = app.person_in(&ann.team_id, "Carl", Role::Member, "UTC").await;
    app.post(&carl, "/work/start", json!({ "at": stamp(now - Duration::hours(4)) })).await.expect(201);
    app.post(&carl, "/break/start", json!({ "type": "Coffee Break", "at": stamp(now - Duration::hours(3)) }))
        .await
        .expect(201);
    lock_directly(&app, &carl, &month(last)).await;
    let sheet = format!("/timesheets/{}?userId={}", month(last), carl.id);
    // Ending them stops the clock; nothing is written into the locked month, and the 1st keeps its part.
    let ended_break = app.post(&carl, "/break/end", json!({})).await;
    assert_eq!(ended_break.expect(409).message(), locked(last));
    assert!(app.get(&carl, "/break/current").await.expect(200).data().is_null());
    let ended = app.post(&carl, "/work/end", json!({})).await.expect(200);
    assert_eq!(
        (ended.data()["date"].as_str(), ended.data()["start"].as_str(), ended.data()["end"].as_str()),
        (Some(first.to_string().as_str()), Some("00:00"), Some("02:00"))
    );
    assert!(app.get(&carl, "/work/current").await.expect(200).data().is_null());
    // The approved month shows no work: the running clock's hours before midnight were not written into it.
    assert_eq!(sheet_figures(app.get(&hal, &sheet).await.expect(200).data()).0, 0);
    // And the clock runs again.
    app.post(&carl, "/work/start", json!({})).await.expect(201);
    app.post(&carl, "/work/end", json!({})).await.expect(200);

    // A clock left open in a locked month: the 16-hour close (on the next read) ends it too, and it starts again.
    let dora = app.person_in(&ann.team_id, "Dora", Role::Member, "UTC").await;
    app.post(&dora, "/work/start", json!({ "at": stamp(now - Duration::hours(5)) })).await.expect(201);
    lock_directly(&app, &dora, &month(last)).await;
    app.clock_forward_to(now + Duration::hours(12));
    let dora = app.signed_in_again(&dora).await;
    assert!(app.get(&dora, "/work/current").await.expect(200).data().is_null());
    app.post(&dora, "/work/start", json!({})).await.expect(201);
    let day = app.get(&dora, &format!("/work/day?date={first}")).await.expect(200);
    let periods = day.data()["periods"].as_array().unwrap().clone();
    assert_eq!(periods.len(), 1, "{periods:?}");
    assert_eq!((periods[0]["start"].as_str(), periods[0]["end"].as_str()), (Some("00:00"), Some("13:00")));
}
