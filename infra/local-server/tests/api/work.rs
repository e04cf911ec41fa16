//! Working time through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`): clocking in
//! and out with device times and the 16-hour cap, split shifts and night shifts, breaks inside and outside periods
//! and a paid break type, manual changes by the person and by an approver (another team's member is 404), targets
//! with a part-time schedule from mid-month, a holiday and a half-day leave credited, the overtime balance with a
//! carry-over and an adjustment, and a locked month refusing work-period and break writes.

use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate, SecondsFormat, Utc};

use crate::support::*;
use bt_app::account::Role;
use bt_app::types::UserId;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    clocking_in_and_out_takes_device_times_and_caps_at_16_hours,
    a_day_nets_its_periods_against_the_breaks_inside_them,
    manual_periods_keep_every_change_and_approvers_act_on_their_team_only,
    targets_follow_schedules_and_holidays_and_leaves_credit_them,
    the_balance_counts_days_since_the_start_with_carry_over_and_adjustments,
    a_locked_month_refuses_work_period_and_break_writes,
);

const SICK: &str = "00000000000000000000000002";

fn stamp(at: chrono::DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The Monday of the week three weeks before today (every day of that week is in the past).
fn past_monday(app: &TestApp) -> NaiveDate {
    let today = app.state.clock.now().date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    monday - Duration::days(21)
}

fn period(day: NaiveDate, start: &str, end: &str, note: &str) -> Value {
    json!({ "date": date(day), "start": start, "end": end, "note": note })
}

fn a_break_of(day: NaiveDate, start: &str, end: &str, kind: &str) -> Value {
    json!({ "startTime": start, "endTime": end, "createdDate": date(day), "type": kind, "reason": "" })
}

async fn clocking_in_and_out_takes_device_times_and_caps_at_16_hours(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let now = app.state.clock.now();

    // Forgotten: clocked in 23 hours ago, the next touch closes it at 16 hours.
    let started = app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::hours(23)) })).await.expect(201);
    let first_day = started.data()["date"].as_str().unwrap().to_string();
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
    let day = app.get(&ann, &format!("/work/day?date={first_day}")).await.expect(200);
    let closed = &day.data()["periods"][0];
    assert_eq!((closed["minutes"].as_i64(), closed["autoClosed"].as_bool()), (Some(960), Some(true)));
    assert_eq!(closed["note"], "Closed automatically after 16 hours.");
    assert_eq!(closed["changes"][0]["action"], "closed");

    // Clocked in 3 hours ago (sent late, from the device), out an hour ago.
    let open = app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::hours(3)) })).await.expect(201);
    assert_eq!(open.data()["timeZone"], "UTC");
    assert!(open.data()["workedMinutes"].as_i64().unwrap() >= 179);
    let again = app.post(&ann, "/work/start", json!({})).await.expect(409);
    assert_eq!(again.message(), "You are already clocked in.");
    let current = app.get(&ann, "/work/current").await.expect(200);
    assert_eq!(current.data()["since"], open.data()["since"]);
    let ahead = app.post(&ann, "/work/end", json!({ "at": stamp(now + Duration::hours(1)) })).await.expect(422);
    assert_eq!(ahead.field("at"), "The time cannot be in the future.");
    let ended = app.post(&ann, "/work/end", json!({ "at": stamp(now - Duration::hours(1)) })).await.expect(200);
    assert_eq!((ended.data()["minutes"].as_i64(), ended.data()["source"].as_str()), (Some(120), Some("clock")));
    let not = app.post(&ann, "/work/end", json!({})).await.expect(409);
    assert_eq!(not.message(), "You are not clocked in.");
    let too_old = app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::hours(25)) })).await.expect(422);
    assert_eq!(too_old.field("at"), "The time must be within the last 24 hours.");
}

async fn a_day_nets_its_periods_against_the_breaks_inside_them(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let monday = past_monday(&app);
    app.joined_on(&ann, monday).await;
    // A split shift with a coffee break inside, lunch between the periods (outside both) and a paid short break.
    app.post(&ann, "/work/periods", period(monday, "08:00", "12:00", "Forgot to clock in")).await.expect(201);
    app.post(&ann, "/work/periods", period(monday, "13:00", "17:00", "Forgot again")).await.expect(201);
    for (start, end, kind) in
        [("10:00", "10:30", "Coffee Break"), ("12:15", "12:45", "Lunch Break"), ("15:00", "15:10", "Short Break")]
    {
        app.post(&ann, "/break/add", a_break_of(monday, start, end, kind)).await.expect(201);
    }
    let day = app.get(&ann, &format!("/work/day?date={}", date(monday))).await.expect(200);
    let d = day.data();
    assert_eq!((d["worked"].as_i64(), d["rest"].as_i64(), d["paidBreaks"].as_i64()), (Some(440), Some(40), Some(0)));
    assert_eq!((d["target"].as_i64(), d["difference"].as_i64()), (Some(480), Some(-40)));
    assert_eq!(d["breaks"].as_array().unwrap().len(), 3);

    // The team counts the short break as working time.
    let schedule = json!({ "weekdays": [480, 480, 480, 480, 480, 0, 0], "paidBreakTypes": ["Short Break"] });
    let saved = app.put(&ann, "/work/schedule", schedule).await.expect(200);
    assert_eq!(saved.data()["team"]["paidBreakTypes"], json!(["Short Break"]));
    let d = app.get(&ann, &format!("/work/day?date={}", date(monday))).await.expect(200).data().clone();
    assert_eq!((d["worked"].as_i64(), d["rest"].as_i64(), d["paidBreaks"].as_i64()), (Some(450), Some(30), Some(10)));

    // A night shift counts on the day it starts; its break after midnight is inside it.
    let tuesday = monday + Duration::days(1);
    let night = app.post(&ann, "/work/periods", period(tuesday, "22:00", "06:00", "Night shift")).await.expect(201);
    assert_eq!((night.data()["nextDay"].as_bool(), night.data()["minutes"].as_i64()), (Some(true), Some(480)));
    app.post(&ann, "/break/add", a_break_of(tuesday + Duration::days(1), "02:00", "02:30", "Lunch Break"))
        .await
        .expect(201);
    let summary =
        app.get(&ann, &format!("/work/summary?from={}&to={}", date(monday), date(monday + Duration::days(2)))).await;
    let s = summary.expect(200).data().clone();
    let worked: Vec<i64> = s["days"].as_array().unwrap().iter().map(|d| d["worked"].as_i64().unwrap()).collect();
    assert_eq!(worked, vec![450, 450, 0]);
    assert_eq!(s["worked"].as_i64(), Some(900));
    assert_eq!(s["difference"].as_i64(), Some(900 - 3 * 480));
    // Overlapping the night shift is refused.
    let overlap = app.post(&ann, "/work/periods", period(monday + Duration::days(2), "05:00", "07:00", "x")).await;
    assert_eq!(overlap.expect(422).field("start"), "This period overlaps another one.");
}

async fn manual_periods_keep_every_change_and_approvers_act_on_their_team_only(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let zoe = app.person("Zoe").await;
    let monday = past_monday(&app);

    let missing = app.post(&bob, "/work/periods", json!({ "date": date(monday), "start": "09:00", "end": "17:00" }));
    assert_eq!(missing.await.expect(422).field("note"), "A note is required.");
    let long = app.post(&bob, "/work/periods", period(monday, "06:00", "23:00", "Long")).await.expect(422);
    assert_eq!(long.field("end"), "A period cannot be more than 16 hours.");
    let id = app.post(&bob, "/work/periods", period(monday, "09:00", "17:00", "Forgot")).await.expect(201).id();

    // The approver corrects it; the change keeps who and the previous value.
    let path = format!("/work/periods/{id}?userId={}", bob.id);
    let edited = app.put(&hal, &path, json!({ "end": "16:00", "note": "Left early" })).await.expect(200);
    let changes = edited.data()["changes"].as_array().unwrap().clone();
    assert_eq!(changes.len(), 2);
    assert_eq!((changes[1]["action"].as_str(), changes[1]["byName"].as_str()), (Some("edited"), Some("Hal")));
    assert_eq!(changes[1]["previous"]["end"], "17:00");
    assert_eq!(edited.data()["minutes"].as_i64(), Some(420));
    let no_note = app.put(&hal, &path, json!({ "end": "15:00" })).await.expect(422);
    assert_eq!(no_note.field("note"), "A note is required.");

    // Another team's admin, and a member naming someone else, are answered 404.
    app.put(&zoe, &path, json!({ "end": "15:00", "note": "x" })).await.expect(404);
    app.get(&zoe, &format!("/work/day?userId={}", bob.id)).await.expect(404);
    app.get(&bob, &format!("/work/day?userId={}", hal.id)).await.expect(404);
    app.post(&zoe, &format!("/work/periods?userId={}", bob.id), period(monday, "18:00", "19:00", "x"))
        .await
        .expect(404);

    // An approver adds one for the member; the member deletes it; the day keeps the deletion.
    let added = app
        .post(&ann, &format!("/work/periods?userId={}", bob.id), period(monday, "18:00", "19:00", "Evening call"))
        .await
        .expect(201);
    assert_eq!(added.data()["userId"], bob.id.as_str());
    let gone = format!("/work/periods/{}", added.id());
    app.send(Some(&bob), reqwest::Method::DELETE, &gone, Some(json!({ "note": "Not work" }))).await.expect(200);
    let day = app.get(&hal, &format!("/work/day?date={}&userId={}", date(monday), bob.id)).await.expect(200);
    assert_eq!(day.data()["periods"].as_array().unwrap().len(), 1);
    let deleted = day.data()["deletedChanges"].as_array().unwrap();
    let actions: Vec<&str> = deleted.iter().map(|c| c["action"].as_str().unwrap()).collect();
    assert_eq!(actions, vec!["created", "deleted"]);
    assert_eq!((deleted[1]["byName"].as_str(), deleted[1]["note"].as_str()), (Some("Bob"), Some("Not work")));
    assert_eq!(day.data()["worked"].as_i64(), Some(420));
    app.delete(&bob, &format!("/work/periods/{}", added.id())).await.expect(404);
}

async fn targets_follow_schedules_and_holidays_and_leaves_credit_them(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let monday = past_monday(&app);
    app.joined_on(&bob, monday).await;
    let wednesday = monday + Duration::days(2);
    // Part-time from Wednesday: 5 hours Monday to Wednesday, nothing after.
    let part_time = json!({ "from": date(wednesday), "weekdays": [300, 300, 300, 0, 0, 0, 0] });
    app.put(&bob, &format!("/admin/work-schedule/{}", bob.id), part_time.clone()).await.expect(403);
    let set = app.put(&ann, &format!("/admin/work-schedule/{}", bob.id), part_time).await.expect(200);
    assert_eq!(set.data()["history"][0]["from"], date(wednesday));
    let mine = app.get(&bob, "/work/schedule").await.expect(200);
    assert_eq!(mine.data()["mine"]["weekdays"], json!([300, 300, 300, 0, 0, 0, 0]));

    // A team holiday on Tuesday; a half-day leave on the next Monday.
    let holidays = json!({ "year": monday.year(), "holidays": [{ "date": date(monday + Duration::days(1)), "name": "Founders' Day" }] });
    app.put(&ann, "/team/holidays", holidays).await.expect(200);
    let next_monday = monday + Duration::days(7);
    let leave = json!({ "fromDate": date(next_monday), "toDate": date(next_monday), "reason": "Doctor",
        "typeId": SICK, "halfDay": "am" });
    app.post(&bob, "/leaves/add", leave).await.expect(201);

    let range = format!("/work/summary?from={}&to={}&userId={}", date(monday), date(next_monday), bob.id);
    let s = app.get(&ann, &range).await.expect(200).data().clone();
    let targets: Vec<i64> = s["days"].as_array().unwrap().iter().map(|d| d["target"].as_i64().unwrap()).collect();
    // Mon 480 (team), Tue holiday, Wed 300, Thu 0, Fri 0, Sat, Sun, next Mon 300 halved.
    assert_eq!(targets, vec![480, 0, 300, 0, 0, 0, 0, 150]);
    assert_eq!(s["days"][1]["credit"]["holiday"], "Founders' Day");
    assert_eq!(s["days"][7]["credit"]["leave"], json!({ "type": "Sick", "half": true }));
    assert_eq!(s["target"].as_i64(), Some(930));
}

async fn the_balance_counts_days_since_the_start_with_carry_over_and_adjustments(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let joined = app.state.clock.now().date_naive();
    // Forty days later (across a month's end), Bob has worked 9 hours on each working day since he joined.
    app.state.clock.advance(40 * 86_400);
    let (ann, bob) = (app.signed_in_again(&ann).await, app.signed_in_again(&bob).await);
    let today = app.state.clock.now().date_naive();
    let mut day = joined;
    while day < today {
        if day.weekday().num_days_from_monday() < 5 {
            app.post(&bob, "/work/periods", period(day, "08:00", "17:00", "Timesheet")).await.expect(201);
        }
        day += Duration::days(1);
    }
    let yesterday = today - Duration::days(1);
    let s = app.get(&bob, &format!("/work/summary?from={}&to={}", date(joined), date(yesterday))).await.expect(200);
    let expected = s.data()["difference"].as_i64().unwrap();
    assert!(expected > 0);
    let balance = app.get(&bob, "/work/balance").await.expect(200).data().clone();
    assert_eq!((balance["balance"].as_i64(), balance["since"].as_str()), (Some(expected), Some(date(joined).as_str())));
    assert_eq!(balance["through"], date(yesterday));
    assert!(balance["carriedOver"].is_null());

    // An adjustment (paid out) with a note; members cannot adjust.
    let paid_out = json!({ "userId": bob.id, "minutes": -60, "note": "Paid out" });
    app.post(&bob, "/work/balance/adjustments", paid_out.clone()).await.expect(403);
    let adjusted = app.post(&ann, "/work/balance/adjustments", paid_out).await.expect(201).data().clone();
    assert_eq!(adjusted["balance"].as_i64(), Some(expected - 60));
    assert_eq!(adjusted["adjustments"][0]["byName"], "Ann");

    // A carried-over value, once: the balance then counts from today, from that value.
    let carry = json!({ "userId": bob.id, "minutes": 600, "note": "From the old system" });
    let carried = app.put(&ann, "/work/balance/carry-over", carry.clone()).await.expect(200).data().clone();
    assert_eq!((carried["carriedOver"].as_i64(), carried["since"].as_str()), (Some(600), Some(date(today).as_str())));
    assert_eq!(carried["balance"].as_i64(), Some(600 - 60));
    let twice = app.put(&ann, "/work/balance/carry-over", carry).await.expect(409);
    assert_eq!(twice.message(), "The carried-over balance is already set.");
}

async fn a_locked_month_refuses_work_period_and_break_writes(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let now = app.state.clock.now();
    let monday = past_monday(&app);
    let id = app.post(&ann, "/work/periods", period(monday, "09:00", "17:00", "Forgot")).await.expect(201).id();
    let break_id =
        app.post(&ann, "/break/add", a_break_of(monday, "12:00", "12:30", "Lunch Break")).await.expect(201).id();
    app.post(&ann, "/break/start", json!({ "type": "Coffee Break", "at": stamp(now - Duration::minutes(10)) }))
        .await
        .expect(201);
    app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::minutes(30)) })).await.expect(201);

    // The approval of the timesheets (built elsewhere) writes the lock item; here it is written directly.
    let user = UserId::parse(&ann.id).unwrap();
    let at = stamp(now);
    let mut months = vec![bt_app::work::lock::month_of(monday)];
    let this_month = bt_app::work::lock::month_of(app.state.clock.now().date_naive());
    if !months.contains(&this_month) {
        months.push(this_month.clone());
    }
    for month in &months {
        let lock = bt_app::work::repo::lock::lock(&user, month, &at);
        app.store().transact(vec![lock]).await.unwrap();
    }
    let locked = bt_app::work::lock::locked_message(&months[0]);
    let refused = [
        app.post(&ann, "/work/periods", period(monday + Duration::days(1), "09:00", "17:00", "x")).await,
        app.put(&ann, &format!("/work/periods/{id}"), json!({ "end": "16:00", "note": "x" })).await,
        app.delete(&ann, &format!("/work/periods/{id}")).await,
        app.post(&ann, "/break/add", a_break_of(monday, "15:00", "15:10", "Coffee Break")).await,
        app.put(&ann, &format!("/break/edit/{break_id}"), json!({ "endTime": "12:45" })).await,
        app.delete(&ann, &format!("/break/delete/{break_id}")).await,
    ];
    for reply in refused {
        assert_eq!(reply.expect(409).message(), locked);
    }
    // The live break and the open period still end: the clock stops, and nothing is written into the month.
    let locked_now = bt_app::work::lock::locked_message(&this_month);
    assert_eq!(app.post(&ann, "/break/end", json!({})).await.expect(409).message(), locked_now);
    assert_eq!(app.post(&ann, "/work/end", json!({})).await.expect(409).message(), locked_now);
    let day = app.get(&ann, &format!("/work/day?date={}", date(monday))).await.expect(200);
    assert_eq!(day.data()["periods"][0]["end"], "17:00");
    assert_eq!(day.data()["breaks"].as_array().unwrap().len(), 1);
    assert!(app.get(&ann, "/break/current").await.expect(200).data().is_null());
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
}
