//! Each function's bootstrap binary, built for this machine, run as Lambda runs it: polling a Runtime API for API
//! Gateway HTTP API (v2) events, with DynamoDB, SES and SSM on moto (the JWT key read from an SSM SecureString at
//! cold start). A person's first day goes through the binaries: sign up, verify, sign in, refresh, record a break,
//! a task, a leave, a meeting and a checklist item, count the team, write to support, ask Break Buddy. Every AWS
//! call each binary makes goes through a recording proxy, and must be one its policy in template.yaml allows.

use std::collections::BTreeMap;

use chrono::{Duration, Utc};
use runtime_tests::{
    binary_path, build_binaries, moto_url, Answer, FunctionProcess, Profile, RecordingProxy, Request, RuntimeApi,
    Stack, Template,
};
use serde_json::{json, Value};

struct Deployed {
    template: Template,
    stack: Stack,
    running: BTreeMap<String, (FunctionProcess, RecordingProxy)>,
}

impl Deployed {
    async fn function(&mut self, binary: &str) -> &FunctionProcess {
        if !self.running.contains_key(binary) {
            let spec = self.template.function(binary);
            let proxy = RecordingProxy::start(&self.stack.moto).await;
            let api = RuntimeApi::start(binary).await;
            let env = self.stack.lambda_env(binary, spec.memory_mb, &api.address(), &proxy.url());
            let process = FunctionProcess::start(&binary_path(binary, Profile::Dev), binary, env, api).await;
            self.running.insert(binary.to_string(), (process, proxy));
        }
        &self.running[binary].0
    }

    /// Invokes a function with a plain event (a scheduled job) and answers its JSON output.
    async fn invoke(&mut self, binary: &str, event: Value) -> Value {
        self.function(binary).await.invoke(event).await
    }

    async fn call(&mut self, binary: &str, request: Request) -> Answer {
        let event = request.event();
        self.function(binary).await.call(event).await
    }
}

fn ok(answer: &Answer, what: &str) {
    assert!((200..300).contains(&answer.status), "{what}: expected success, got {} {}", answer.status, answer.body);
}

/// The `token=` value of the first link in a mail body.
fn token_in(body: &str) -> String {
    let start = body.find("token=").unwrap_or_else(|| panic!("no token link in {body}")) + "token=".len();
    body[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_' || *c == '.').collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lambda_binaries_serve_api_gateway_events_with_aws_on_moto() {
    let Some(moto) = moto_url("the_lambda_binaries_serve_api_gateway_events_with_aws_on_moto") else { return };
    let template = Template::load();
    let binaries: Vec<String> = template.functions.iter().map(|f| f.binary.clone()).collect();
    tokio::task::block_in_place(|| build_binaries(&binaries, Profile::Dev));
    let stack = Stack::create(&moto).await;
    let mut aws = Deployed { template, stack, running: BTreeMap::new() };

    let email = format!("{}@example.com", ulid::Ulid::new().to_string().to_lowercase());
    let password = "correct-horse-1";

    // user-fn: sign up; the verification mail goes out through SES.
    let signup = aws
        .call(
            "user-fn",
            Request::new("POST /user/signup", &[])
                .json(json!({"name": "Ada Lovelace", "email": email, "password": password})),
        )
        .await;
    ok(&signup, "POST /user/signup");
    let mails = aws.stack.sent_mails().await;
    let verification = mails
        .iter()
        .rev()
        .find(|m| m["destinations"]["ToAddresses"].as_array().is_some_and(|a| a.contains(&json!(email))))
        .unwrap_or_else(|| panic!("a verification mail to {email} in moto's SES: {mails:?}"));
    let token = token_in(verification["body"].as_str().unwrap_or_default());
    let verified =
        aws.call("user-fn", Request::new("POST /user/verify-email", &[]).json(json!({"token": token}))).await;
    ok(&verified, "POST /user/verify-email");

    // auth-fn: sign in and rotate the refresh token.
    let login = aws
        .call("auth-fn", Request::new("POST /auth/login", &[]).json(json!({"email": email, "password": password})))
        .await;
    ok(&login, "POST /auth/login");
    let access = login.body["data"]["access_token"].as_str().expect("access_token").to_string();
    let refresh = login.body["data"]["refresh_token"].as_str().expect("refresh_token").to_string();
    assert_eq!(login.body["data"]["email"], json!(email));
    let refreshed = aws
        .call("auth-fn", Request::new("POST /auth/refresh-token", &[]).json(json!({"refresh_token": refresh})))
        .await;
    ok(&refreshed, "POST /auth/refresh-token");
    assert!(refreshed.body["data"]["access_token"].is_string());

    // A signed-in route without a token is refused by the binary too.
    let anonymous = aws.call("user-fn", Request::new("GET /user/profile", &[])).await;
    assert_eq!(anonymous.status, 401, "GET /user/profile without a token: {}", anonymous.body);
    let profile = aws.call("user-fn", Request::new("GET /user/profile", &[]).bearer(&access)).await;
    ok(&profile, "GET /user/profile");
    assert_eq!(profile.body["data"]["email"], json!(email));

    // type-fn: the team's break types.
    let types = aws.call("type-fn", Request::new("GET /type/get", &[]).bearer(&access)).await;
    ok(&types, "GET /type/get");
    assert!(types.body["data"][0]["type"].is_array() || types.body["data"][0]["type"].is_string(), "{}", types.body);

    // The records, one per function.
    let yesterday = (Utc::now() - Duration::days(1)).format("%Y-%m-%d").to_string();
    let next_week = (Utc::now() + Duration::days(7)).format("%Y-%m-%d").to_string();
    let added = aws
        .call(
            "break-fn",
            Request::new("POST /break/add", &[]).bearer(&access).json(json!({
                "startTime": "09:00", "endTime": "09:15", "createdDate": yesterday, "reason": "Coffee", "type": "Coffee Break"
            })),
        )
        .await;
    ok(&added, "POST /break/add");
    let breaks = aws
        .call(
            "break-fn",
            Request::new("GET /break/todayBreaks", &[]).bearer(&access).query("todayCreatedDate", &yesterday),
        )
        .await;
    ok(&breaks, "GET /break/todayBreaks");
    assert!(breaks.body.to_string().contains("Coffee"), "the break is listed: {}", breaks.body);

    let task = aws
        .call(
            "task-fn",
            Request::new("POST /task/add", &[]).bearer(&access).json(json!({
                "title": "Write the runbook", "description": "Deploy steps", "scheduled": next_week
            })),
        )
        .await;
    ok(&task, "POST /task/add");
    let task_id = task.body["data"]["_id"].as_str().expect("task _id").to_string();
    let edited = aws
        .call(
            "task-fn",
            Request::new("PUT /task/edit/{id}", &[&task_id]).bearer(&access).json(json!({
                "title": "Write the runbook", "description": "Deploy steps", "scheduled": next_week, "status": "In Progress"
            })),
        )
        .await;
    ok(&edited, "PUT /task/edit/{id}");
    let tasks = aws
        .call(
            "task-fn",
            Request::new("GET /task/todayTasks", &[]).bearer(&access).query("todayScheduledDate", &next_week),
        )
        .await;
    ok(&tasks, "GET /task/todayTasks");
    assert!(tasks.body.to_string().contains("Write the runbook"), "{}", tasks.body);
    let deleted = aws.call("task-fn", Request::new("DELETE /task/delete/{id}", &[&task_id]).bearer(&access)).await;
    ok(&deleted, "DELETE /task/delete/{id}");
    let gone = aws.call("task-fn", Request::new("DELETE /task/delete/{id}", &[&task_id]).bearer(&access)).await;
    assert_eq!(gone.status, 404, "a deleted task is not found: {}", gone.body);

    let leave = aws
        .call(
            "leaves-fn",
            Request::new("POST /leaves/add", &[]).bearer(&access).json(json!({
                "fromDate": next_week, "toDate": next_week, "reason": "Conference"
            })),
        )
        .await;
    ok(&leave, "POST /leaves/add");

    let meeting = aws
        .call(
            "meeting-fn",
            Request::new("POST /meeting/add", &[]).bearer(&access).json(json!({
                "from": "10:00", "to": "10:30", "scheduleDate": next_week, "description": "Release review"
            })),
        )
        .await;
    ok(&meeting, "POST /meeting/add");
    let meetings = aws
        .call(
            "meeting-fn",
            Request::new("GET /meeting/all", &[])
                .bearer(&access)
                .query("skip", "0")
                .query("limit", "20")
                .query("startScheduleDate", &next_week)
                .query("endScheduleDate", &next_week),
        )
        .await;
    ok(&meetings, "GET /meeting/all");
    assert!(meetings.body.to_string().contains("Release review"), "{}", meetings.body);

    // calendar-fn: a feed of my leaves and meetings, read without a session at its secret URL, then revoked.
    let feed = aws
        .call("calendar-fn", Request::new("POST /calendar/feeds", &[]).bearer(&access).json(json!({"scope": "me"})))
        .await;
    ok(&feed, "POST /calendar/feeds");
    let url = feed.body["data"]["url"].as_str().expect("a feed url").to_string();
    let segment = url.rsplit('/').next().expect("<token>.ics").to_string();
    let calendar = aws.call("calendar-fn", Request::new("GET /calendar/{token}", &[&segment])).await;
    ok(&calendar, "GET /calendar/{token}");
    assert_eq!(calendar.headers.get("content-type").map(String::as_str), Some("text/calendar; charset=utf-8"));
    let text = calendar.body.as_str().unwrap_or_default();
    let meeting_uid = format!("meeting-{}@breaktime", meeting.body["data"]["_id"].as_str().unwrap_or_default());
    assert!(text.starts_with("BEGIN:VCALENDAR") && text.contains(&meeting_uid), "{text}");
    let feeds = aws.call("calendar-fn", Request::new("GET /calendar/feeds", &[]).bearer(&access)).await;
    ok(&feeds, "GET /calendar/feeds");
    let feed_id = feed.body["data"]["id"].as_str().expect("a feed id").to_string();
    let revoked =
        aws.call("calendar-fn", Request::new("DELETE /calendar/feeds/{id}", &[&feed_id]).bearer(&access)).await;
    ok(&revoked, "DELETE /calendar/feeds/{id}");
    let gone = aws.call("calendar-fn", Request::new("GET /calendar/{token}", &[&segment])).await;
    assert_eq!(gone.status, 404, "a revoked feed: {}", gone.body);

    let item = aws
        .call(
            "daily-checklist-fn",
            Request::new("POST /daily-checklist/add", &[]).bearer(&access).json(json!({
                "task": "Check the alarms", "status": false, "createdDate": yesterday, "isFeature": false
            })),
        )
        .await;
    ok(&item, "POST /daily-checklist/add");
    let checklist = aws
        .call(
            "daily-checklist-fn",
            Request::new("GET /daily-checklist/getCheckListWithTwoLatestDates", &[]).bearer(&access),
        )
        .await;
    ok(&checklist, "GET /daily-checklist/getCheckListWithTwoLatestDates");
    assert!(checklist.body.to_string().contains("Check the alarms"), "{}", checklist.body);

    // admin-fn: the caller's own team.
    let count = aws.call("admin-fn", Request::new("GET /admin/get-count", &[]).bearer(&access)).await;
    ok(&count, "GET /admin/get-count");
    assert_eq!(count.body["data"], json!(1));

    // contact-fn: signed out; the message is mailed to support.
    let contact = aws
        .call(
            "contact-fn",
            Request::new("POST /contactUs/send", &[]).json(json!({
                "email": email, "subject": "Hello from the runtime tests", "description": "It works on Lambda too."
            })),
        )
        .await;
    ok(&contact, "POST /contactUs/send");
    assert_eq!(contact.body["data"], json!("message sent!"));
    let to_support = aws.stack.sent_mails().await.into_iter().any(|m| {
        m["destinations"]["ToAddresses"].as_array().is_some_and(|a| a.contains(&json!(aws.stack.support_email)))
    });
    assert!(to_support, "the contact message reached moto's SES for {}", aws.stack.support_email);

    // assistant-fn: on its own API.
    let asked = aws
        .call(
            "assistant-fn",
            Request::new("POST /assistant/ask", &[])
                .bearer(&access)
                .json(json!({"message": "what did I do yesterday?"})),
        )
        .await;
    ok(&asked, "POST /assistant/ask");
    assert!(asked.body["data"]["summary"].is_string(), "a summary: {}", asked.body);

    // The rest of each function's writes: a team of two, roles, a live break, sessions ended, an account deleted.
    let email2 = format!("{}@example.com", ulid::Ulid::new().to_string().to_lowercase());
    let invited = aws
        .call(
            "admin-fn",
            Request::new("POST /admin/invite", &[]).bearer(&access).json(json!({"email": email2, "role": "member"})),
        )
        .await;
    ok(&invited, "POST /admin/invite");
    let invitation = aws
        .stack
        .sent_mails()
        .await
        .into_iter()
        .rev()
        .find(|m| m["destinations"]["ToAddresses"].as_array().is_some_and(|a| a.contains(&json!(email2))))
        .expect("an invitation mail");
    let invitation_token = token_in(invitation["body"].as_str().unwrap_or_default());
    let signup2 = aws
        .call(
            "user-fn",
            Request::new("POST /user/signup", &[])
                .json(json!({"name": "Grace Hopper", "email": email2, "password": password})),
        )
        .await;
    ok(&signup2, "POST /user/signup (second user)");
    let mails = aws.stack.sent_mails().await;
    let verification2 = mails
        .iter()
        .rev()
        .find(|m| {
            m["destinations"]["ToAddresses"].as_array().is_some_and(|a| a.contains(&json!(email2)))
                && m["body"].as_str().is_some_and(|b| b.contains("kind=signup"))
        })
        .expect("a verification mail to the second user");
    let token2 = token_in(verification2["body"].as_str().unwrap_or_default());
    ok(
        &aws.call("user-fn", Request::new("POST /user/verify-email", &[]).json(json!({"token": token2}))).await,
        "verify 2",
    );
    let login2 = aws
        .call("auth-fn", Request::new("POST /auth/login", &[]).json(json!({"email": email2, "password": password})))
        .await;
    ok(&login2, "POST /auth/login (second user)");
    let access2 = login2.body["data"]["access_token"].as_str().expect("access_token").to_string();
    let user2 = login2.body["data"]["id"].as_str().expect("id").to_string();
    let accepted = aws
        .call(
            "admin-fn",
            Request::new("POST /admin/accept-email-invitation", &[])
                .bearer(&access2)
                .json(json!({"token": invitation_token})),
        )
        .await;
    ok(&accepted, "POST /admin/accept-email-invitation");
    let count = aws.call("admin-fn", Request::new("GET /admin/get-count", &[]).bearer(&access)).await;
    assert_eq!(count.body["data"], json!(2), "the team has two members: {}", count.body);
    let role = aws
        .call("admin-fn", Request::new("PUT /admin/role/{id}", &[&user2]).bearer(&access).json(json!({"role": "hr"})))
        .await;
    ok(&role, "PUT /admin/role/{id}");
    let started = aws
        .call(
            "break-fn",
            Request::new("POST /break/start", &[]).bearer(&access2).json(json!({"type": "Coffee Break", "reason": ""})),
        )
        .await;
    ok(&started, "POST /break/start");
    // Reminder settings, then the scheduled job as EventBridge Scheduler invokes it (its cursor, the minute's shards).
    let settings =
        aws.call("notifications-fn", Request::new("GET /notifications/settings", &[]).bearer(&access2)).await;
    ok(&settings, "GET /notifications/settings");
    let mut changed = settings.body["data"].clone();
    changed["meetingReminder"]["minutes"] = json!(15);
    let put = aws
        .call("notifications-fn", Request::new("PUT /notifications/settings", &[]).bearer(&access2).json(changed))
        .await;
    ok(&put, "PUT /notifications/settings");
    let run = aws.invoke("scheduler-fn", json!({ "source": "aws.scheduler" })).await;
    assert!(run["minutes"].as_array().is_some_and(|m| !m.is_empty()), "a scheduled run reports its minutes: {run}");
    let current = aws.call("break-fn", Request::new("GET /break/current", &[]).bearer(&access2)).await;
    ok(&current, "GET /break/current");
    let on_break = aws.call("admin-fn", Request::new("GET /admin/onBreak", &[]).bearer(&access)).await;
    ok(&on_break, "GET /admin/onBreak");
    assert!(on_break.body.to_string().contains("Grace Hopper"), "the member on a break is listed: {}", on_break.body);
    let summary = aws
        .call(
            "admin-fn",
            Request::new("GET /reports/team", &[]).bearer(&access).query("from", &yesterday).query("to", &next_week),
        )
        .await;
    ok(&summary, "GET /reports/team");
    let removed = aws.call("admin-fn", Request::new("DELETE /admin/member/{id}", &[&user2]).bearer(&access)).await;
    ok(&removed, "DELETE /admin/member/{id}");
    // Removal from the team ends the member's sessions: they sign in again, now in a team of their own.
    let stale = aws.call("user-fn", Request::new("GET /user/profile", &[]).bearer(&access2)).await;
    assert_eq!(stale.status, 401, "a removed member's old access token is refused: {}", stale.body);
    let login2 = aws
        .call("auth-fn", Request::new("POST /auth/login", &[]).json(json!({"email": email2, "password": password})))
        .await;
    ok(&login2, "POST /auth/login (after removal)");
    let access2 = login2.body["data"]["access_token"].as_str().expect("access_token").to_string();
    let changed = aws
        .call(
            "user-fn",
            Request::new("POST /user/change-password", &[])
                .bearer(&access2)
                .json(json!({"currentPassword": password, "password": "another-horse-2"})),
        )
        .await;
    ok(&changed, "POST /user/change-password");
    let access2 = changed.body["data"]["access_token"].as_str().expect("a new access token").to_string();
    let deleted = aws
        .call(
            "user-fn",
            Request::new("DELETE /user/delete-account", &[])
                .bearer(&access2)
                .json(json!({"password": "another-horse-2"})),
        )
        .await;
    ok(&deleted, "DELETE /user/delete-account");
    let types = aws
        .call(
            "type-fn",
            Request::new("PUT /type/edit", &[]).bearer(&access).json(json!({"type": ["Coffee Break", "Lunch Break"]})),
        )
        .await;
    ok(&types, "PUT /type/edit");
    let leave_id = leave.body["data"]["_id"].as_str().expect("leave _id").to_string();
    let leave_edit = aws
        .call(
            "leaves-fn",
            Request::new("PUT /leaves/edit/{id}", &[&leave_id]).bearer(&access).json(json!({
                "fromDate": next_week, "toDate": next_week, "reason": "Conference (remote)"
            })),
        )
        .await;
    ok(&leave_edit, "PUT /leaves/edit/{id}");
    ok(
        &aws.call("leaves-fn", Request::new("DELETE /leaves/delete/{id}", &[&leave_id]).bearer(&access)).await,
        "leave delete",
    );
    let meeting_id = meeting.body["data"]["_id"].as_str().expect("meeting _id").to_string();
    ok(
        &aws.call("meeting-fn", Request::new("DELETE /meeting/delete/{id}", &[&meeting_id]).bearer(&access)).await,
        "DELETE /meeting/delete/{id}",
    );
    let item_id = item.body["data"]["_id"].as_str().expect("checklist _id").to_string();
    let item_edit = aws
        .call(
            "daily-checklist-fn",
            Request::new("PUT /daily-checklist/edit/{id}", &[&item_id])
                .bearer(&access)
                .json(json!({"task": "Check the alarms", "status": true})),
        )
        .await;
    ok(&item_edit, "PUT /daily-checklist/edit/{id}");
    let logout = aws
        .call(
            "auth-fn",
            Request::new("POST /auth/logout", &[])
                .json(json!({"refresh_token": refreshed.body["data"]["refresh_token"].as_str().unwrap_or_default()})),
        )
        .await;
    ok(&logout, "POST /auth/logout");

    // Every function that ran: JSON logs only, and no AWS call its policy does not allow.
    let mut problems = Vec::new();
    for (binary, (process, proxy)) in &aws.running {
        let spec = aws.template.function(binary);
        for line in process.output().iter().filter(|l| !l.trim().is_empty()) {
            if serde_json::from_str::<Value>(line).is_err() {
                problems.push(format!("{binary}: a log line is not JSON: {line}"));
            }
        }
        let calls = proxy.calls();
        for action in &calls.actions {
            if !spec.actions.contains(action) {
                problems.push(format!("{binary} called {action}, which template.yaml does not grant it"));
            }
        }
        if calls.used_index && !spec.grants_indexes {
            problems.push(format!("{binary} queried an index, but its policy does not cover <table>/index/*"));
        }
        eprintln!("{binary}: AWS actions used {:?}; granted {:?}", calls.actions, spec.actions);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cold_start_without_its_signing_key_stops_and_names_the_parameter() {
    let Some(moto) = moto_url("a_cold_start_without_its_signing_key_stops_and_names_the_parameter") else { return };
    let binary = "type-fn".to_string();
    tokio::task::block_in_place(|| build_binaries(std::slice::from_ref(&binary), Profile::Dev));
    let stack = Stack { jwt_parameter: "/breaktime/missing/jwt-secret".into(), ..Stack::create(&moto).await };
    let api = RuntimeApi::start(&binary).await;
    let env = stack.lambda_env(&binary, 256, &api.address(), &moto);
    let mut process = FunctionProcess::start(&binary_path(&binary, Profile::Dev), &binary, env, api).await;
    // Lambda reports a runtime that exits during init as Runtime.ExitError, with its output in the logs.
    let status = process.wait_for_exit(std::time::Duration::from_secs(30)).expect("the process stops");
    assert!(!status.success(), "a failed cold start exits with an error status");
    let output = process.output().join("\n");
    assert!(output.contains("/breaktime/missing/jwt-secret"), "the logs name the missing parameter: {output}");
}
