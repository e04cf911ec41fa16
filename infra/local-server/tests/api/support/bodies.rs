//! Valid request bodies of each record kind, and reading lists back.

use serde_json::{json, Value};

/// A break body with the given times on `date`.
pub fn a_break(date: &str, start: &str, end: &str) -> Value {
    json!({
        "startTime": start, "endTime": end, "createdDate": date, "type": "Coffee Break", "reason": "",
        "isClosed": true, "isModal": false,
    })
}

pub fn a_task(title: &str, scheduled: &str) -> Value {
    json!({ "title": title, "description": "Something to do", "scheduled": scheduled })
}

pub fn a_leave(from: &str, to: &str) -> Value {
    json!({ "fromDate": from, "toDate": to, "reason": "Family visit", "days": 0 })
}

pub fn a_meeting(date: &str, from: &str, to: &str) -> Value {
    json!({ "from": from, "to": to, "scheduleDate": date, "description": "Weekly sync" })
}

pub fn an_item(task: &str, date: &str) -> Value {
    json!({ "task": task, "status": false, "createdDate": date, "isFeature": false })
}

/// The `field` of every element of a JSON array.
pub fn pluck<'a>(list: &'a Value, field: &str) -> Vec<&'a str> {
    list.as_array().expect("an array").iter().map(|v| v[field].as_str().unwrap_or("")).collect()
}
