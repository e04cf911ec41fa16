//! A new team's first week, on the wire, on every store: an approved month names who approved it and when (the
//! day view shows a locked day by it), a member on approved leave today is on leave on the team board (with the
//! leave's type), not on a break, and today's absentees carry the type to everyone (the reason to admins and HR
//! only); the clock-out summary gives every duration in one style, in the person's language.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use crate::support::*;
use bt_app::account::Role;
use bt_app::types::TeamId;
use bt_app::work::rules::settings;
use bt_app::work::rules::{Preset, RuleSet};
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    an_approved_month_names_its_approver_and_when,
    a_member_on_leave_today_is_on_leave_with_its_type,
    the_clock_out_summary_reads_in_one_unit_style
);

fn month(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

fn type_id(types: &Value, name: &str) -> String {
    types.as_array().unwrap().iter().find(|t| t["name"] == name).unwrap()["_id"].as_str().unwrap().to_string()
}

async fn an_approved_month_names_its_approver_and_when(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let last = today.with_day(1).unwrap().pred_opt().unwrap();
    let sheet = format!("/timesheets/{}", month(last));
    app.post(
        &bob,
        "/work/periods",
        json!({ "date": last.to_string(), "start": "08:00", "end": "12:00", "note": "Forgot" }),
    )
    .await
    .expect(201);

    // Open, then submitted: nobody approved it.
    let open = app.get(&bob, &sheet).await.expect(200);
    assert_eq!((open.data()["approvedBy"].clone(), open.data()["approvedAt"].clone()), (Value::Null, Value::Null));
    app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    assert!(app.get(&bob, &sheet).await.expect(200).data()["approvedBy"].is_null());

    app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(200);
    let approved = app.get(&bob, &sheet).await.expect(200);
    let s = approved.data();
    assert_eq!((s["locked"].as_bool(), s["approvedBy"].as_str()), (Some(true), Some("Hal")), "{s}");
    let at = DateTime::parse_from_rfc3339(s["approvedAt"].as_str().expect("a stamp")).unwrap().with_timezone(&Utc);
    assert!((app.state.clock.now() - at).num_seconds().abs() < 5, "approved now: {at}");
    // The approver reads the same.
    let seen = app.get(&hal, &format!("{sheet}?userId={}", bob.id)).await.expect(200);
    assert_eq!(seen.data()["approvedBy"], "Hal");
    // This month is not approved.
    assert!(app.get(&bob, &format!("/timesheets/{}", month(today))).await.expect(200).data()["approvedAt"].is_null());

    // Reopened: no longer approved, so nobody is named.
    app.post(&ann, &format!("{sheet}/reopen"), json!({ "userId": bob.id, "comment": "A forgotten afternoon" }))
        .await
        .expect(200);
    let reopened = app.get(&bob, &sheet).await.expect(200);
    assert_eq!(
        (reopened.data()["locked"].as_bool(), reopened.data()["approvedBy"].clone()),
        (Some(false), Value::Null)
    );
}

async fn a_member_on_leave_today_is_on_leave_with_its_type(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let cleo = app.person_in(&ann.team_id, "Cleo", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let types = app.get(&bob, "/leaves/types").await.expect(200).data().clone();
    let leave = |from: NaiveDate, to: NaiveDate, type_id: &str, reason: &str| {
        let mut body = a_leave(&from.to_string(), &to.to_string());
        body["typeId"] = json!(type_id);
        body["reason"] = json!(reason);
        body
    };

    // Bob's live break from before is still running when his sick day (no approval needed) begins.
    app.post(&bob, "/break/start", json!({ "type": "Lunch Break" })).await.expect(201);
    let sick = leave(today, today, &type_id(&types, "Sick"), "Flu");
    let added = app.post(&bob, "/leaves/add", sick).await.expect(201);
    assert_eq!(added.data()["status"], "approved");
    // Cleo's three days of vacation, approved by HR.
    let until = today + Duration::days(2);
    let asked = app.post(&cleo, "/leaves/add", leave(today, until, &type_id(&types, "Vacation"), "Family")).await;
    let asked = asked.expect(201).id();
    app.post(&hal, &format!("/leaves/approve/{asked}"), json!({})).await.expect(200);

    // The board: on leave with the type (and until when), not on a break.
    let board = app.get(&cleo, "/admin/get").await.expect(200).data().clone();
    let row = |name: &str| board.as_array().unwrap().iter().find(|m| m["name"] == name).unwrap().clone();
    let (b, c) = (row("Bob"), row("Cleo"));
    assert_eq!((b["status"].as_str(), b["leaveType"].as_str()), (Some("onLeave"), Some("Sick")), "{b}");
    assert_eq!(b["until"], today.to_string());
    assert_eq!((c["status"].as_str(), c["leaveType"].as_str()), (Some("onLeave"), Some("Vacation")), "{c}");
    assert_eq!(c["until"], until.to_string());
    assert!(row("Ann")["leaveType"].is_null());
    // Currently on break does not list him.
    let on_break = app.get(&cleo, "/admin/onBreak").await.expect(200).data().clone();
    assert_eq!(on_break, json!([]), "{on_break}");

    // Today's absentees: the type for everyone, the reason for admins and HR only.
    let day = format!("/admin/onLeaves?todayDate={today}");
    let member_view = app.get(&cleo, &day).await.expect(200).data().clone();
    let names: Vec<(&str, &str)> = member_view
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["name"].as_str().unwrap(), m["leaveType"].as_str().unwrap()))
        .collect();
    assert_eq!(names, vec![("Bob", "Sick"), ("Cleo", "Vacation")]);
    assert!(member_view.as_array().unwrap().iter().all(|m| m.get("reason").is_none()), "{member_view}");
    let hr_view = app.get(&hal, &day).await.expect(200).data().clone();
    assert_eq!((hr_view[0]["leaveType"].as_str(), hr_view[0]["reason"].as_str()), (Some("Sick"), Some("Flu")));
}

async fn the_clock_out_summary_reads_in_one_unit_style(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let now = app.state.clock.now();
    let mut start = now.date_naive().and_hms_opt(8, 0, 0).unwrap().and_utc();
    if start <= now {
        start += Duration::days(1);
    }
    app.state.clock.advance((start - now).num_seconds() + 1);
    let ann = app.person("Ann").await;
    let bea = app.person_in(&ann.team_id, "Bea", Role::Member, "UTC").await;
    let team = TeamId::parse(&ann.team_id).unwrap();
    settings::seed(app.store(), &team, &RuleSet::preset(Preset::De), Utc::now()).await.unwrap();
    app.put(&bea, "/user/profile", json!({ "language": "de" })).await.expect(200);
    let stamp = |at: DateTime<Utc>| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let date = start.date_naive().to_string();
    for who in [&ann, &bea] {
        app.post(who, "/work/start", json!({ "at": stamp(start) })).await.expect(201);
        // A 20-minute lunch inside the day: it counts, 10 minutes short of the 30 due after 6 hours.
        app.post(who, "/break/add", a_break(&date, "12:00", "12:20")).await.expect(201);
    }
    app.state.clock.advance(6 * 3600 + 45 * 60);
    let ann = app.signed_in_again(&ann).await;
    let bea = app.signed_in_again(&bea).await;

    let ended = app.post(&ann, "/work/end", json!({})).await.expect(200).data().clone();
    assert_eq!(
        ended["summary"]["message"],
        "Worked 6 h 25 min. Breaks: 20 min of the 30 min due after 6 hours of work – 10 min short.",
        "{ended}"
    );
    let ended = app.post(&bea, "/work/end", json!({})).await.expect(200).data().clone();
    assert_eq!(
        ended["summary"]["message"],
        "Gearbeitet 6 h 25 min. Pausen: 20 min von 30 min, die nach 6 Stunden Arbeit fällig sind – 10 min zu wenig.",
        "{ended}"
    );
}
