//! Calendar feeds through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`): secret feed
//! URLs created, listed and revoked by their owner, read without a session by a calendar app, and parsed back as
//! iCalendar with an independent parser (`ical`): all-day leaves with an exclusive end, meetings as UTC instants,
//! stable UIDs, a team feed of approved absences without reasons, and 404 for anything revoked, unknown or no longer
//! entitled. Also meetings with attendees: each attendee's lists, reminders and feed, their answers, and who may
//! change what.

use std::sync::Arc;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use chrono::{Days, NaiveDate};
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_personal_feed_shows_my_pending_and_approved_leaves_and_my_meetings,
    a_team_feed_shows_the_teams_approved_absences_to_approvers_only,
    a_feed_follows_its_owner_out_of_the_team_and_out_of_existence,
    feeds_are_revoked_by_their_owner_only_and_unknown_urls_are_404,
    feeds_are_capped_and_their_bodies_checked,
    a_meeting_reaches_each_attendee_who_answers_or_leaves_and_only_the_organizer_changes_it,
);

const SICK: &str = "00000000000000000000000002";
const CALENDAR: &str = "text/calendar; charset=utf-8";

/// A feed as its creation answered it.
struct Feed {
    id: String,
    url: String,
    /// The URL's path: `/calendar/<token>.ics`.
    path: String,
    token: String,
}

async fn create_feed(app: &TestApp, who: &Person, scope: &str) -> Feed {
    let reply = app.post(who, "/calendar/feeds", json!({ "scope": scope })).await.expect(201);
    let data = reply.data();
    assert_eq!(data["scope"], scope);
    assert!(data["createdAt"].is_string() && data["id"].as_str().is_some_and(|id| id.len() == 26), "{data}");
    let url = data["url"].as_str().expect("a url").to_string();
    let path = url.strip_prefix(&app.base).unwrap_or_else(|| panic!("{url} is on the API's origin")).to_string();
    let token = path.strip_prefix("/calendar/").and_then(|t| t.strip_suffix(".ics")).expect("/calendar/<token>.ics");
    // 32 random bytes, url-safe base64 without padding.
    assert!(token.len() == 43 && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{url}");
    Feed { id: data["id"].as_str().unwrap().to_string(), token: token.to_string(), url, path }
}

/// The feed as a calendar app reads it: no session, `text/calendar`.
async fn fetch(app: &TestApp, feed: &Feed) -> String {
    let reply = app.api.get(&feed.path, None).await.expect(200);
    assert_eq!(reply.header("content-type"), Some(CALENDAR));
    reply.text
}

/// One property of an event: its parameters and value, as the parser read them.
#[derive(Debug, Clone)]
struct Prop {
    params: Vec<(String, Vec<String>)>,
    value: String,
}

type Event = Vec<(String, Prop)>;

/// The events of an iCalendar document, read with the `ical` crate (the document must parse).
fn events(text: &str) -> Vec<Event> {
    let mut calendars = ical::IcalParser::new(std::io::BufReader::new(text.as_bytes()));
    let calendar = calendars.next().expect("one calendar").expect("a valid iCalendar document");
    assert!(calendars.next().is_none(), "one calendar only");
    let props = |name: &str| calendar.properties.iter().find(|p| p.name == name).and_then(|p| p.value.clone());
    assert_eq!(props("VERSION").as_deref(), Some("2.0"));
    assert!(props("PRODID").is_some());
    calendar
        .events
        .into_iter()
        .map(|e| {
            e.properties
                .into_iter()
                .map(|p| (p.name, Prop { params: p.params.unwrap_or_default(), value: p.value.unwrap_or_default() }))
                .collect()
        })
        .collect()
}

fn prop<'a>(event: &'a Event, name: &str) -> Option<&'a Prop> {
    event.iter().find(|(n, _)| n == name).map(|(_, p)| p)
}

fn value<'a>(event: &'a Event, name: &str) -> &'a str {
    prop(event, name).map(|p| p.value.as_str()).unwrap_or_else(|| panic!("no {name} in {event:?}"))
}

fn is_date_valued(event: &Event, name: &str) -> bool {
    prop(event, name).is_some_and(|p| p.params.iter().any(|(k, v)| k == "VALUE" && v == &["DATE".to_string()]))
}

fn by_uid<'a>(events: &'a [Event], uid: &str) -> &'a Event {
    events.iter().find(|e| value(e, "UID") == uid).unwrap_or_else(|| panic!("no event {uid} in {events:?}"))
}

/// `YYYYMMDD` of a `YYYY-MM-DD` day plus `days`.
fn ics_day(day: &str, days: u64) -> String {
    let date = NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap() + Days::new(days);
    date.format("%Y%m%d").to_string()
}

fn plus(day: &str, days: u64) -> String {
    (NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap() + Days::new(days)).format("%Y-%m-%d").to_string()
}

fn leave(from: &str, to: &str, reason: &str) -> Value {
    json!({ "fromDate": from, "toDate": to, "reason": reason })
}

async fn a_personal_feed_shows_my_pending_and_approved_leaves_and_my_meetings(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    // Tokyo has no summer time: 08:00 there is 23:00 UTC the day before, whatever the date.
    let ann = app.person_in(&team, "Ann Lima", Role::Admin, "Asia/Tokyo").await;
    let hal = app.person_in(&team, "Hal Hr", Role::Hr, "UTC").await;
    let today = app.today(&ann);
    let (d10, d12) = (plus(&today, 10), plus(&today, 12));

    // A Vacation request waits for Hal; Sick needs no approval; a declined and a cancelled one are not shown.
    let pending = app.post(&ann, "/leaves/add", leave(&d10, &d12, "Family, visit; again")).await.expect(201);
    assert_eq!(pending.data()["status"], "pending");
    let mut sick = leave(&plus(&today, 20), &plus(&today, 20), "Flu");
    sick["typeId"] = json!(SICK);
    sick["halfDay"] = json!("pm");
    let sick = app.post(&ann, "/leaves/add", sick).await.expect(201);
    assert_eq!(sick.data()["status"], "approved");
    let declined = app.post(&ann, "/leaves/add", leave(&plus(&today, 30), &plus(&today, 31), "Declined")).await;
    app.post(&hal, &format!("/leaves/decline/{}", declined.expect(201).id()), json!({})).await.expect(200);
    let cancelled = app.post(&ann, "/leaves/add", leave(&plus(&today, 40), &plus(&today, 40), "Cancelled")).await;
    app.post(&ann, &format!("/leaves/cancel/{}", cancelled.expect(201).id()), json!({})).await.expect(200);
    // Outside the range: more than two years ahead.
    app.post(&ann, "/leaves/add", leave(&plus(&today, 800), &plus(&today, 800), "Far away")).await.expect(201);
    let meeting = json!({ "from": "08:00", "to": "09:30", "scheduleDate": d10, "description": "Weekly sync\nAgenda" });
    let meeting = app.post(&ann, "/meeting/add", meeting).await.expect(201);
    // Hal's records are not in Ann's feed.
    app.post(&hal, "/meeting/add", a_meeting(&d10, "10:00", "11:00")).await.expect(201);

    let feed = create_feed(&app, &ann, "me").await;
    let text = fetch(&app, &feed).await;
    let found = events(&text);
    assert_eq!(found.len(), 3, "{text}");

    let vacation = by_uid(&found, &format!("leave-{}@breaktime", pending.id()));
    assert_eq!(value(vacation, "SUMMARY"), "Vacation (pending)");
    assert!(is_date_valued(vacation, "DTSTART") && is_date_valued(vacation, "DTEND"), "{vacation:?}");
    assert_eq!(value(vacation, "DTSTART"), ics_day(&today, 10));
    // The end of an all-day event is exclusive: the day after the last day of leave.
    assert_eq!(value(vacation, "DTEND"), ics_day(&today, 13));
    assert_eq!(value(vacation, "STATUS"), "TENTATIVE");
    // The owner's own reason, escaped as TEXT.
    assert_eq!(value(vacation, "DESCRIPTION"), "Family\\, visit\\; again");

    let sick = by_uid(&found, &format!("leave-{}@breaktime", sick.id()));
    assert_eq!(value(sick, "SUMMARY"), "Sick (afternoon)");
    assert_eq!(
        (value(sick, "DTSTART"), value(sick, "DTEND")),
        (ics_day(&today, 20).as_str(), ics_day(&today, 21).as_str())
    );
    assert_eq!(value(sick, "STATUS"), "CONFIRMED");

    let sync = by_uid(&found, &format!("meeting-{}@breaktime", meeting.id()));
    assert_eq!(value(sync, "SUMMARY"), "Weekly sync");
    assert!(!is_date_valued(sync, "DTSTART"), "a meeting is timed: {sync:?}");
    assert_eq!(value(sync, "DTSTART"), format!("{}T230000Z", ics_day(&today, 9)));
    assert_eq!(value(sync, "DTEND"), format!("{}T003000Z", ics_day(&today, 10)));
    for event in &found {
        assert!(value(event, "DTSTAMP").ends_with('Z'), "{event:?}");
    }
    for absent in ["Declined", "Cancelled", "Far away", "Hal"] {
        assert!(!text.contains(absent), "{absent} in\n{text}");
    }

    // Fetched again, the feed is the same document: stable UIDs and stamps, so apps update events in place.
    assert_eq!(fetch(&app, &feed).await, text);
    // An edit keeps the event's UID and shows at the next fetch.
    app.put(&ann, &format!("/meeting/edit/{}", meeting.id()), json!({ "to": "10:00" })).await.expect(200);
    let again = events(&fetch(&app, &feed).await);
    let uids = |list: &[Event]| {
        let mut uids: Vec<String> = list.iter().map(|e| value(e, "UID").to_string()).collect();
        uids.sort();
        uids
    };
    assert_eq!(uids(&again), uids(&found));
    let sync = by_uid(&again, &format!("meeting-{}@breaktime", meeting.id()));
    assert_eq!(value(sync, "DTEND"), format!("{}T010000Z", ics_day(&today, 10)));

    // The list shows the feed without its URL; the token is stored only as a hash.
    let listed = app.get(&ann, "/calendar/feeds").await.expect(200);
    assert_eq!(listed.data().as_array().unwrap().len(), 1);
    assert_eq!(listed.data()[0]["id"], feed.id.as_str());
    assert_eq!(listed.data()[0]["scope"], "me");
    assert!(listed.data()[0].get("url").is_none() && !listed.text.contains(&feed.token), "{}", listed.text);
    let stored = app.snapshot(&partitions_of(&[&ann])).await;
    assert!(!serde_json::to_string(&stored).unwrap().contains(&feed.token), "the token is stored in the clear");
    let hash = bt_app::auth::hash_token(&feed.token);
    let pointer = app.store().get(&bt_core::keys::calendar_feed_token(&hash)).await.unwrap().expect("token item");
    assert!(!serde_json::to_string(&pointer).unwrap().contains(&feed.token));
    assert!(feed.url.starts_with(&app.state.config.api_url));
}

async fn a_team_feed_shows_the_teams_approved_absences_to_approvers_only(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ada = app.person("Ada Admin").await;
    let hal = app.person_in(&ada.team_id, "Hal Hr", Role::Hr, "UTC").await;
    let bob = app.person_in(&ada.team_id, "Bob Member", Role::Member, "UTC").await;
    let tim = app.person_in(&ada.team_id, "Tim Teammate", Role::Member, "UTC").await;
    let sam = app.person("Sam Stranger").await;
    let today = app.today(&bob);

    let approved = app.post(&bob, "/leaves/add", leave(&plus(&today, 5), &plus(&today, 6), "Secret reason")).await;
    let approved = approved.expect(201).id();
    app.post(&ada, &format!("/leaves/approve/{approved}"), json!({})).await.expect(200);
    let pending = app.post(&bob, "/leaves/add", leave(&plus(&today, 9), &plus(&today, 9), "Pending reason")).await;
    let pending = pending.expect(201).id();
    let declined = app.post(&bob, "/leaves/add", leave(&plus(&today, 12), &plus(&today, 12), "Declined reason")).await;
    app.post(&hal, &format!("/leaves/decline/{}", declined.expect(201).id()), json!({})).await.expect(200);
    let mut sick = leave(&today, &today, "Sick reason");
    sick["typeId"] = json!(SICK);
    let sick = app.post(&tim, "/leaves/add", sick).await.expect(201).id();
    app.post(&tim, "/meeting/add", a_meeting(&today, "10:00", "11:00")).await.expect(201);
    app.post(&sam, "/leaves/add", leave(&plus(&today, 5), &plus(&today, 5), "Stranger reason")).await.expect(201);

    // Members may not; admins and HR may.
    let refused = app.post(&bob, "/calendar/feeds", json!({ "scope": "team" })).await.expect_error(403);
    assert_eq!(refused.message(), "Only admins and HR can create a team calendar feed.");
    let hal_feed = create_feed(&app, &hal, "team").await;
    let ada_feed = create_feed(&app, &ada, "team").await;
    // A member's own feed is theirs to make.
    create_feed(&app, &bob, "me").await;

    let text = fetch(&app, &hal_feed).await;
    let found = events(&text);
    assert_eq!(found.len(), 2, "{text}");
    let absence = by_uid(&found, &format!("leave-{approved}@breaktime"));
    assert_eq!(value(absence, "SUMMARY"), "Bob Member — Vacation");
    assert_eq!(
        (value(absence, "DTSTART"), value(absence, "DTEND")),
        (ics_day(&today, 5).as_str(), ics_day(&today, 7).as_str())
    );
    assert!(is_date_valued(absence, "DTSTART") && is_date_valued(absence, "DTEND"));
    assert_eq!(value(absence, "STATUS"), "CONFIRMED");
    assert_eq!(value(by_uid(&found, &format!("leave-{sick}@breaktime")), "SUMMARY"), "Tim Teammate — Sick");
    assert!(found.iter().all(|e| prop(e, "DESCRIPTION").is_none()), "{text}");
    assert!(!text.contains(&format!("leave-{pending}@")), "a pending request is not an absence");
    for absent in ["reason", "Sam", "meeting-"] {
        assert!(!text.contains(absent), "{absent} in\n{text}");
    }
    // Every approver's team feed shows the same absences.
    assert_eq!(events(&fetch(&app, &ada_feed).await).len(), 2);

    // An approver who becomes a member no longer reads the team through their feed.
    app.put(&ada, &format!("/admin/role/{}", hal.id), json!({ "role": "member" })).await.expect(200);
    app.api.get(&hal_feed.path, None).await.expect_error(404);
    app.put(&ada, &format!("/admin/role/{}", hal.id), json!({ "role": "hr" })).await.expect(200);
    assert_eq!(events(&fetch(&app, &hal_feed).await).len(), 2);
}

async fn a_feed_follows_its_owner_out_of_the_team_and_out_of_existence(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ada = app.person("Ada Admin").await;
    let hal = app.person_in(&ada.team_id, "Hal Hr", Role::Hr, "UTC").await;
    let bob = app.person_in(&ada.team_id, "Bob Member", Role::Member, "UTC").await;
    let today = app.today(&bob);
    let mut sick = leave(&today, &today, "Flu");
    sick["typeId"] = json!(SICK);
    app.post(&bob, "/leaves/add", sick).await.expect(201);
    app.post(&hal, "/leaves/add", json!({ "fromDate": today, "toDate": today, "reason": "x", "typeId": SICK }))
        .await
        .expect(201);
    let hal_team = create_feed(&app, &hal, "team").await;
    let hal_own = create_feed(&app, &hal, "me").await;
    let ada_team = create_feed(&app, &ada, "team").await;
    assert_eq!(events(&fetch(&app, &ada_team).await).len(), 2);

    // Removed from the team, Hal becomes the admin of a team of their own: the old team feed must not follow them
    // into it (nor show the old team any more); their own feed still shows their own leave.
    app.send(Some(&ada), Method::DELETE, &format!("/admin/member/{}", hal.id), None).await.expect(200);
    let gone = app.api.get(&hal_team.path, None).await.expect_error(404);
    assert_eq!(gone.message(), "Calendar feed not found.");
    assert_eq!(events(&fetch(&app, &hal_own).await).len(), 1);
    // The team's feed no longer shows the member who left.
    let text = fetch(&app, &ada_team).await;
    assert_eq!(events(&text).len(), 1, "{text}");
    assert!(text.contains("Bob Member") && !text.contains("Hal Hr"), "{text}");

    // A deleted account's feeds are gone, token items included.
    let team = app.new_team();
    let dan = app.person_with(&team, "Dan Deleted", Role::Admin, Some("correct-horse1")).await;
    let dan_feed = create_feed(&app, &dan, "team").await;
    fetch(&app, &dan_feed).await;
    app.send(Some(&dan), Method::DELETE, "/user/delete-account", Some(json!({ "password": "correct-horse1" })))
        .await
        .expect(200);
    app.api.get(&dan_feed.path, None).await.expect_error(404);
    let hash = bt_app::auth::hash_token(&dan_feed.token);
    assert!(app.store().get(&bt_core::keys::calendar_feed_token(&hash)).await.unwrap().is_none());
}

async fn feeds_are_revoked_by_their_owner_only_and_unknown_urls_are_404(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Owner").await;
    let bob = app.person_in(&ann.team_id, "Bob Teammate", Role::Admin, "UTC").await;
    let sam = app.person("Sam Stranger").await;
    let feed = create_feed(&app, &ann, "me").await;
    let other = create_feed(&app, &ann, "team").await;

    for who in [&bob, &sam] {
        app.delete(who, &format!("/calendar/feeds/{}", feed.id)).await.expect_error(404);
        assert!(app.get(who, "/calendar/feeds").await.expect(200).data().as_array().unwrap().is_empty());
    }
    fetch(&app, &feed).await;

    let revoked = app.delete(&ann, &format!("/calendar/feeds/{}", feed.id)).await.expect(200);
    assert_eq!(revoked.data()["_id"], feed.id.as_str());
    assert_eq!(revoked.data()["message"], "Calendar feed revoked.");
    let gone = app.api.get(&feed.path, None).await.expect_error(404);
    assert_eq!(gone.message(), "Calendar feed not found.");
    app.delete(&ann, &format!("/calendar/feeds/{}", feed.id)).await.expect_error(404);
    // The other feed stays.
    fetch(&app, &other).await;
    let listed = app.get(&ann, "/calendar/feeds").await.expect(200);
    assert_eq!(pluck(listed.data(), "id"), vec![other.id.as_str()]);

    // Unknown tokens, a feed's id for its token, the token without `.ics`, and anything else: JSON 404s, never 5xx.
    let unknown = bt_app::auth::random_token();
    let paths = [
        format!("/calendar/{unknown}.ics"),
        format!("/calendar/{}.ics", other.id),
        format!("/calendar/{}", other.token),
        format!("/calendar/{}.ICS", other.token),
        format!("/calendar/{}.ics.ics", other.token),
        format!("/calendar/{}x.ics", other.token),
        "/calendar/.ics".into(),
        "/calendar/x.ics".into(),
        "/calendar/%ff%fe.ics".into(),
        "/calendar/%00.ics".into(),
        format!("/calendar/{}.ics", "A".repeat(5000)),
        "/calendar/feeds.ics".into(),
    ];
    for path in &paths {
        let reply = app.api.get(path, None).await;
        assert_eq!(reply.status.as_u16(), 404, "{path}: {}", reply.text);
        reply.expect_error(404);
    }
    // A session changes nothing: the token is the key.
    app.api.get(&paths[0], Some(&ann.token)).await.expect_error(404);
    // Only GET reads a feed.
    let posted = app.send(Some(&ann), Method::POST, &other.path, Some(json!({}))).await;
    assert_eq!(posted.status.as_u16(), 405, "{}", posted.text);
}

async fn feeds_are_capped_and_their_bodies_checked(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Many").await;

    for (body, message) in [
        (json!({}), "Scope is required."),
        (json!({ "scope": "" }), "Scope is required."),
        (json!({ "scope": "everyone" }), "Scope must be me or team."),
        (json!({ "scope": 1 }), "Invalid value."),
    ] {
        let reply = app.post(&ann, "/calendar/feeds", body.clone()).await.expect_error(422);
        assert_eq!(reply.field("scope"), message, "{body}");
    }
    for (method, path) in
        [(Method::POST, "/calendar/feeds"), (Method::GET, "/calendar/feeds"), (Method::DELETE, "/calendar/feeds/x")]
    {
        let reply = app.send(None, method.clone(), path, Some(json!({ "scope": "me" }))).await;
        assert_eq!(reply.expect_error(401).message(), "Unauthorized", "{method} {path}");
    }

    let mut feeds = Vec::new();
    for n in 0..10 {
        feeds.push(create_feed(&app, &ann, if n % 2 == 0 { "me" } else { "team" }).await);
    }
    let capped = app.post(&ann, "/calendar/feeds", json!({ "scope": "me" })).await.expect_error(409);
    assert_eq!(capped.message(), "You can have at most 10 calendar feeds. Revoke one before creating another.");
    let listed = app.get(&ann, "/calendar/feeds").await.expect(200);
    let ids: Vec<&str> = feeds.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(pluck(listed.data(), "id"), ids, "oldest first");
    // Each feed has a token of its own.
    let mut tokens: Vec<&str> = feeds.iter().map(|f| f.token.as_str()).collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), 10);
    // Revoking one makes room for another.
    app.delete(&ann, &format!("/calendar/feeds/{}", feeds[3].id)).await.expect(200);
    create_feed(&app, &ann, "me").await;
}

/// `(kind, userId)` of each delivery of a scheduler run at `now`.
async fn deliveries_at(app: &TestApp, now: chrono::DateTime<chrono::Utc>) -> Vec<(String, String)> {
    let at = now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let reply = app.api.post("/dev/scheduler/run", None, json!({ "now": at })).await.expect(200);
    reply.data()["sent"]
        .as_array()
        .expect("sent")
        .iter()
        .map(|d| (d["kind"].as_str().unwrap().to_string(), d["userId"].as_str().unwrap().to_string()))
        .collect()
}

async fn a_meeting_reaches_each_attendee_who_answers_or_leaves_and_only_the_organizer_changes_it(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann Organizer", Role::Member, "UTC").await;
    let tim = app.person_in(&team, "Tim Teammate", Role::Member, "UTC").await;
    let hal = app.person_in(&team, "Hal Hr", Role::Hr, "UTC").await;
    let sam = app.person("Sam Stranger").await;
    let today = app.today(&ann);
    let day = plus(&today, 2);

    // Whom Ann can invite: her teammates by name, never herself, never another team, no e-mail addresses.
    let people = app.get(&ann, "/meeting/people").await.expect(200);
    let names: Vec<&str> = people.data().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Hal Hr", "Tim Teammate"]);
    assert!(!people.text.contains('@'), "{}", people.text);

    // Only teammates can attend; a bad id is a field error too.
    let mut body = json!({ "from": "10:00", "to": "11:00", "scheduleDate": day, "description": "Numbers first",
        "title": "Quarterly review", "place": "Room 4, floor 2", "attendees": [tim.id, sam.id] });
    let refused = app.post(&ann, "/meeting/add", body.clone()).await.expect_error(422);
    assert_eq!(refused.field("attendees"), "Choose attendees from your team.", "{}", refused.text);
    body["attendees"] = json!(["not an id"]);
    app.post(&ann, "/meeting/add", body.clone()).await.expect_error(422);
    assert_eq!(app.get(&sam, "/meeting/all").await.expect(200).data()["totalCount"], 0);

    // Ann herself in the list is left out; Tim twice counts once.
    body["attendees"] = json!([tim.id, hal.id, ann.id, tim.id]);
    let added = app.post(&ann, "/meeting/add", body).await.expect(201);
    let id = added.id();
    let m = added.data();
    assert_eq!((m["title"].as_str(), m["place"].as_str()), (Some("Quarterly review"), Some("Room 4, floor 2")));
    assert_eq!(
        (m["organizerId"].as_str(), m["organizerName"].as_str()),
        (Some(ann.id.as_str()), Some("Ann Organizer"))
    );
    let attendees = m["attendees"].as_array().unwrap();
    assert_eq!(attendees.len(), 2, "{m}");
    assert!(attendees.iter().all(|a| a["answer"] == "pending"), "{m}");

    // Each attendee sees it in their day list, upcoming list, all list and by id.
    for who in [&tim, &hal] {
        let listed = app.get(who, &format!("/meeting/get?todayScheduledDate={day}")).await.expect(200);
        assert_eq!(listed.data()["meetings"][0]["_id"], id.as_str(), "{}: {}", who.name, listed.text);
        assert_eq!(listed.data()["meetings"][0]["userId"], who.id.as_str());
        assert_eq!(listed.data()["meetings"][0]["organizerId"], ann.id.as_str());
        let upcoming = app.get(who, &format!("/meeting/get?isToday=false&todayScheduledDate={today}")).await;
        assert_eq!(upcoming.expect(200).data()["totalCount"], 1);
        assert_eq!(app.get(who, "/meeting/all").await.expect(200).data()["totalCount"], 1);
        app.get(who, &format!("/meeting/get/{id}")).await.expect(200);
    }

    // Attendees neither change nor delete it; the organizer neither answers nor leaves.
    let edit = app.put(&tim, &format!("/meeting/edit/{id}"), json!({ "title": "Mine now" })).await;
    assert_eq!(edit.expect_error(403).message(), "Only the organizer can change this meeting.");
    app.delete(&tim, &format!("/meeting/delete/{id}")).await.expect_error(403);
    app.post(&ann, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect_error(403);
    app.post(&ann, &format!("/meeting/leave/{id}"), json!({})).await.expect_error(403);
    app.post(&sam, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect_error(404);
    let maybe = app.post(&tim, &format!("/meeting/respond/{id}"), json!({ "answer": "maybe" })).await;
    assert_eq!(maybe.expect_error(422).field("answer"), "Answer yes or no.");

    // Answers show on every copy.
    let yes = app.post(&tim, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect(200);
    assert_eq!(yes.data()["userId"], tim.id.as_str());
    app.post(&hal, &format!("/meeting/respond/{id}"), json!({ "answer": "no" })).await.expect(200);
    let answers = |m: &Value| -> Vec<(String, String)> {
        m["attendees"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (a["name"].as_str().unwrap().to_string(), a["answer"].as_str().unwrap().to_string()))
            .collect()
    };
    let expected = vec![("Tim Teammate".to_string(), "yes".to_string()), ("Hal Hr".to_string(), "no".to_string())];
    for who in [&ann, &tim, &hal] {
        let seen = app.get(who, &format!("/meeting/get/{id}")).await.expect(200);
        assert_eq!(answers(seen.data()), expected, "{}", who.name);
    }

    // Reminders: the organizer and Tim, not Hal who said no.
    let start = chrono::DateTime::parse_from_rfc3339(&format!("{day}T10:00:00Z")).unwrap().to_utc();
    let mut sent = deliveries_at(&app, start - chrono::Duration::minutes(10)).await;
    sent.sort();
    let mut want = vec![("meeting".to_string(), ann.id.to_string()), ("meeting".to_string(), tim.id.to_string())];
    want.sort();
    assert_eq!(sent, want);

    // Tim's calendar feed has it: the title is the summary, the place the location.
    let feed = create_feed(&app, &tim, "me").await;
    let found = events(&fetch(&app, &feed).await);
    let review = by_uid(&found, &format!("meeting-{id}@breaktime"));
    assert_eq!(value(review, "SUMMARY"), "Quarterly review");
    assert_eq!(value(review, "LOCATION"), "Room 4\\, floor 2");
    assert_eq!(value(review, "DTSTART"), format!("{}T100000Z", ics_day(&today, 2)));

    // The organizer moves it and takes Hal off: Tim is asked again, Hal no longer has it.
    let moved = json!({ "from": "14:00", "to": "15:00", "attendees": [tim.id] });
    let moved = app.put(&ann, &format!("/meeting/edit/{id}"), moved).await.expect(200);
    assert_eq!(answers(moved.data()), vec![("Tim Teammate".to_string(), "pending".to_string())]);
    app.get(&hal, &format!("/meeting/get/{id}")).await.expect_error(404);
    let tims = app.get(&tim, &format!("/meeting/get/{id}")).await.expect(200);
    assert_eq!(
        (tims.data()["from"].as_str(), tims.data()["title"].as_str()),
        (Some("14:00"), Some("Quarterly review"))
    );

    // Tim leaves: his copy goes, and Ann's meeting no longer lists him.
    app.post(&tim, &format!("/meeting/leave/{id}"), json!({})).await.expect(200);
    app.get(&tim, &format!("/meeting/get/{id}")).await.expect_error(404);
    assert_eq!(app.get(&tim, "/meeting/all").await.expect(200).data()["totalCount"], 0);
    let left = app.get(&ann, &format!("/meeting/get/{id}")).await.expect(200);
    assert_eq!(left.data()["attendees"], json!([]));

    // The organizer deletes a meeting for everyone.
    let other = json!({ "from": "09:00", "to": "09:30", "scheduleDate": day, "title": "Stand-up",
        "attendees": [tim.id, hal.id] });
    let other = app.post(&ann, "/meeting/add", other).await.expect(201).id();
    app.get(&hal, &format!("/meeting/get/{other}")).await.expect(200);
    app.delete(&ann, &format!("/meeting/delete/{other}")).await.expect(200);
    for who in [&ann, &tim, &hal] {
        app.get(who, &format!("/meeting/get/{other}")).await.expect_error(404);
    }
    // Its reminders went with it.
    let stand_up = chrono::DateTime::parse_from_rfc3339(&format!("{day}T09:00:00Z")).unwrap().to_utc();
    assert!(deliveries_at(&app, stand_up - chrono::Duration::minutes(10)).await.is_empty());

    // A meeting without attendees stays personal, with the specification's fields as they were.
    let personal = app.post(&ann, "/meeting/add", a_meeting(&day, "16:00", "16:30")).await.expect(201);
    assert_eq!(personal.data()["attendees"], json!([]));
    assert_eq!(personal.data()["description"], "Weekly sync");
    assert_eq!(app.get(&tim, "/meeting/all").await.expect(200).data()["totalCount"], 0);
}
