//! The checks a saved record passes (§5), applied to a proposal so that it never carries a value the form would
//! refuse. Kept in this one module so it can call the records library's own validators once that is released.

use chrono::{Duration, NaiveDate, NaiveTime, Timelike};
use shared::error::FieldErrors;

use crate::understand::{Proposal, PRIORITIES, STATUSES};

fn date(v: &str) -> Option<NaiveDate> {
    (v.len() == 10)
        .then(|| NaiveDate::parse_from_str(v, "%Y-%m-%d").ok())
        .flatten()
}

fn time(v: &str) -> Option<NaiveTime> {
    (v.len() == 5)
        .then(|| NaiveTime::parse_from_str(v, "%H:%M").ok())
        .flatten()
}

fn minutes_between(a: NaiveTime, b: NaiveTime) -> i64 {
    let (s, e) = (
        i64::from(a.hour() * 60 + a.minute()),
        i64::from(b.hour() * 60 + b.minute()),
    );
    (e - s).rem_euclid(24 * 60)
}

struct Check(FieldErrors);

impl Check {
    fn fail(&mut self, field: &str, message: &str) {
        self.0
            .entry(field.to_string())
            .or_insert_with(|| message.to_string());
    }
    fn rule(&mut self, field: &str, ok: bool, message: &str) {
        if !ok {
            self.fail(field, message);
        }
    }
    fn required(&mut self, field: &str, value: &str, message: &str) {
        self.rule(field, !value.trim().is_empty(), message);
    }
    fn max(&mut self, field: &str, value: &str, max: usize, message: &str) {
        self.rule(field, value.trim().chars().count() <= max, message);
    }
    fn time(&mut self, field: &str, value: &str, missing: &str) -> Option<NaiveTime> {
        if value.trim().is_empty() {
            self.fail(field, missing);
            return None;
        }
        let t = time(value);
        self.rule(field, t.is_some(), "Invalid time format.");
        t
    }
    fn date(
        &mut self,
        field: &str,
        value: &str,
        missing: &str,
        invalid: &str,
    ) -> Option<NaiveDate> {
        if value.trim().is_empty() {
            self.fail(field, missing);
            return None;
        }
        let d = date(value);
        self.rule(field, d.is_some(), invalid);
        d
    }
}

/// Every message the record's form would show for this proposal, by field (API names).
pub fn check(proposal: &Proposal, today: NaiveDate) -> FieldErrors {
    let mut c = Check(FieldErrors::new());
    match proposal {
        Proposal::Break(b) => {
            let s = c.time("startTime", &b.start_time, "Start time is required.");
            let e = c.time("endTime", &b.end_time, "End time is required.");
            if let (Some(s), Some(e)) = (s, e) {
                let d = minutes_between(s, e);
                c.rule(
                    "endTime",
                    d > 0,
                    "Break duration must be greater than 0 minutes",
                );
                c.rule("endTime", d <= 8 * 60, "Break cannot be more than 8 hours.");
            }
            c.required("type", &b.break_type, "Break type is required.");
            c.max(
                "type",
                &b.break_type,
                100,
                "Break type must not exceed 100 characters.",
            );
            if let Some(d) = c.date(
                "createdDate",
                &b.created_date,
                "Created Date is required.",
                "Invalid date format.",
            ) {
                c.rule(
                    "createdDate",
                    d <= today + Duration::days(1),
                    "Break date cannot be in the future.",
                );
            }
            c.max(
                "reason",
                &b.reason,
                2000,
                "Reason must not exceed 2000 characters.",
            );
        }
        Proposal::Task(t) => {
            c.required("title", &t.title, "Title is required.");
            c.max(
                "title",
                &t.title,
                200,
                "Title must not exceed 200 characters.",
            );
            c.required("description", &t.description, "Description is required.");
            c.max(
                "description",
                &t.description,
                4000,
                "Description must not exceed 4000 characters.",
            );
            c.date(
                "scheduled",
                &t.scheduled,
                "Please provide a valid date.",
                "Please provide a valid date.",
            );
            c.rule(
                "status",
                STATUSES.contains(&t.status.as_str()),
                "Please select a valid status.",
            );
            c.rule(
                "priority",
                PRIORITIES.contains(&t.priority.as_str()),
                "Please select a valid priority.",
            );
        }
        Proposal::Leave(l) => {
            let f = c.date(
                "fromDate",
                &l.from_date,
                "From date is required.",
                "Invalid date format.",
            );
            let t = c.date(
                "toDate",
                &l.to_date,
                "To date is required.",
                "Invalid date format.",
            );
            if let (Some(f), Some(t)) = (f, t) {
                c.rule("toDate", t >= f, "To date must be after From date.");
                c.rule(
                    "toDate",
                    (t - f).num_days() < 366,
                    "A leave cannot be longer than 366 days.",
                );
            }
            c.required("reason", &l.reason, "Reason is required.");
            c.max(
                "reason",
                &l.reason,
                2000,
                "Reason must not exceed 2000 characters.",
            );
        }
        Proposal::Meeting(m) => {
            let f = c.time("from", &m.from, "Start time is required.");
            let t = c.time("to", &m.to, "End time is required.");
            if let (Some(f), Some(t)) = (f, t) {
                c.rule("to", t > f, "End time must be after start time.");
            }
            c.date(
                "scheduleDate",
                &m.schedule_date,
                "Schedule date is required.",
                "Invalid date format.",
            );
            c.max(
                "description",
                &m.description,
                1000,
                "Description must not exceed 1000 characters.",
            );
        }
        Proposal::Checklist(i) => {
            c.required("task", &i.task, "Task is required.");
            c.max("task", &i.task, 200, "Task must not exceed 200 characters.");
            if !i.created_date.is_empty() {
                c.rule(
                    "createdDate",
                    date(&i.created_date).is_some(),
                    "Invalid date format.",
                );
            }
        }
    }
    c.0
}
