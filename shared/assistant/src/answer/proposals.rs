//! The summary of a proposed record or a day's work: what was understood, what is still missing, any value left out
//! because the record would refuse it, and for a leave its type and whether it will wait for approval.

use bt_core::error::{AppResult, FieldErrors};
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_records::leave_queries;
use bt_records::leave_types::{self, LeaveType};
use bt_records::leaves::LeaveStatus;
use bt_records::Owner;

use super::short;
use crate::speech::{self, clock, iso_date, join_and};
use crate::understand::{LeaveFields, Proposal, WorkFields};

/// What the reply to a leave proposal says about its type: the name of the type the leave will have (the default
/// when it names none), and whether, saved, it will wait for approval; read through the same rules the leave form's
/// save runs.
pub(super) async fn leave_type_info(
    app: &Services,
    owner: &Owner,
    type_id: Option<&str>,
) -> AppResult<Option<LeaveTypeInfo>> {
    let store = app.table();
    let types = match leave_types::team_leave_types(store, &owner.team_id, app.clock.now()).await {
        Ok(types) => types,
        Err(e) => {
            tracing::warn!(error = %e, "leave types not read; the proposal does not name its type");
            return Ok(None);
        }
    };
    let Ok(leave_type) = leave_types::pick_type(types, type_id, None) else {
        return Ok(None);
    };
    let status = leave_queries::new_leave_status(store, owner, &leave_type).await?;
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

/// A missing field as the reply asks for it.
fn label(field: &str, language: Language) -> String {
    let english = match field {
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
    };
    tr(language, english, &[])
}

/// " on 11/03/2026, 3:00 pm to 3:15 pm": the day and times of a proposal, as far as they are known.
fn when(day: &str, from: &str, to: &str, language: Language) -> String {
    let mut s = String::new();
    if !day.is_empty() {
        s.push(' ');
        s.push_str(&tr(language, "on {date}", &[("date", &iso_date(day, language))]));
    }
    let (from, to) = (clock(from, language), clock(to, language));
    let times = match (from.is_empty(), to.is_empty()) {
        (false, false) => Some(tr(language, "{from} to {to}", &[("from", &from), ("to", &to)])),
        (false, true) => Some(tr(language, "from {time}", &[("time", &from)])),
        (true, false) => Some(tr(language, "until {time}", &[("time", &to)])),
        (true, true) => None,
    };
    if let Some(times) = times {
        s.push_str(", ");
        s.push_str(&times);
    }
    s
}

/// "Sick leave", "Vacation leave", and a type already called a leave as it is ("Parental leave").
fn leave_words(type_name: &str, language: Language) -> String {
    let name = &bt_records::type_names::leave_type_name(language, type_name.trim());
    if name.to_lowercase().split_whitespace().any(|w| matches!(w, "leave" | "leaves")) {
        name.to_string()
    } else {
        tr(language, "{type} leave", &[("type", name)])
    }
}

/// " (reason)", or nothing.
fn in_brackets(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(" ({})", short(text, 80))
    }
}

fn leave_summary(l: &LeaveFields, leave_type: Option<&LeaveTypeInfo>, language: Language) -> (String, String) {
    let span = match (l.from_date.is_empty(), l.to_date.is_empty(), l.days) {
        (false, false, Some(1)) => {
            format!(" {}", tr(language, "on {date}", &[("date", &iso_date(&l.from_date, language))]))
        }
        (false, false, Some(n)) => {
            let (from, to) = (iso_date(&l.from_date, language), iso_date(&l.to_date, language));
            let values = [("from", from.as_str()), ("to", to.as_str()), ("n", &n.to_string())];
            format!(" {}", tr(language, "from {from} to {to} ({n} days)", &values))
        }
        (false, _, _) => format!(" {}", tr(language, "from {date}", &[("date", &iso_date(&l.from_date, language))])),
        _ => String::new(),
    };
    // The reason is not repeated when it only names the type ("sick leave"); the understanding is English.
    let says_type = leave_type.is_some_and(|t| {
        let r = l.reason.trim().to_lowercase();
        r == t.name.trim().to_lowercase() || r == leave_words(&t.name, Language::En).to_lowercase()
    });
    let why = if says_type { String::new() } else { in_brackets(&l.reason) };
    let approval = match leave_type.filter(|t| t.awaits_approval) {
        Some(t) => format!(
            " {}",
            tr(
                language,
                "{what} needs approval: once you save it, it waits for an admin or HR to approve it.",
                &[("what", &leave_words(&t.name, language))],
            )
        ),
        None => String::new(),
    };
    let summary = match leave_type {
        Some(t) => tr(
            language,
            "Here is your {what}{span}{why}.",
            &[("what", &leave_words(&t.name, language)), ("span", &span), ("why", &why)],
        ),
        None => tr(language, "Here is your leave{span}{why}.", &[("span", &span), ("why", &why)]),
    };
    (summary, approval)
}

/// What the reply to a day's work says: the day, the hours, the breaks, and that it is saved once checked.
pub fn work_summary(w: &WorkFields, language: Language) -> String {
    let (day, start, end) = (iso_date(&w.date, language), clock(&w.start, language), clock(&w.end, language));
    let breaks: Vec<String> = w
        .breaks
        .iter()
        .map(|b| {
            let (from, to) = (clock(&b.start_time, language), clock(&b.end_time, language));
            let kind = bt_records::type_names::break_type_name(language, &b.break_type);
            tr(language, "{type} from {from} to {to}", &[("type", &kind), ("from", &from), ("to", &to)])
        })
        .collect();
    let values = [("date", day.as_str()), ("start", &start), ("end", &end)];
    let mut s = if breaks.is_empty() {
        tr(language, "Here is your work on {date} from {start} to {end}.", &values)
    } else {
        let list = join_and(&breaks.iter().map(String::as_str).collect::<Vec<_>>(), language);
        let values = [("date", day.as_str()), ("start", &start), ("end", &end), ("breaks", &list)];
        tr(language, "Here is your work on {date} from {start} to {end}, with {breaks}.", &values)
    };
    s.push(' ');
    s.push_str(&tr(language, "Check it and save it.", &[]));
    s
}

/// The summary of a proposal; for a leave, `leave_type` names its type and says whether it will wait for approval;
/// for a meeting, `invited` are the names of the teammates it invites.
pub fn proposal_summary(
    p: &Proposal,
    missing: &[String],
    problems: &FieldErrors,
    leave_type: Option<&LeaveTypeInfo>,
    invited: &[String],
    language: Language,
) -> String {
    let mut approval = String::new();
    let mut s = match p {
        Proposal::Break(b) => {
            let when = when(&b.created_date, &b.start_time, &b.end_time, language);
            let why = in_brackets(&b.reason);
            if b.break_type.is_empty() {
                tr(language, "Here is your break{when}{why}.", &[("when", &when), ("why", &why)])
            } else {
                let kind = bt_records::type_names::break_type_name(language, &b.break_type);
                let values = [("type", kind.as_str()), ("when", &when), ("why", &why)];
                tr(language, "Here is your {type}{when}{why}.", &values)
            }
        }
        Proposal::Task(t) => {
            let priority = match language {
                // German writes nouns, and these names, with a capital.
                Language::De => speech::option(&t.priority, language),
                _ => speech::option(&t.priority, language).to_lowercase(),
            };
            let (day, status) = (iso_date(&t.scheduled, language), speech::option(&t.status, language));
            let title = short(&t.title, 80);
            let values = [("title", title.as_str()), ("date", &day), ("priority", &priority), ("status", &status)];
            if t.title.is_empty() {
                tr(language, "Here is a new task for {date}, {priority} priority, {status}.", &values)
            } else {
                tr(language, "Here is '{title}' for {date}, {priority} priority, {status}.", &values)
            }
        }
        Proposal::Leave(l) => {
            let (summary, needs_approval) = leave_summary(l, leave_type, language);
            approval = needs_approval;
            summary
        }
        Proposal::Meeting(m) => {
            let when = when(&m.schedule_date, &m.from, &m.to, language);
            let named = if m.title.is_empty() { &m.description } else { &m.title };
            let what = short(named, 80);
            let names: Vec<&str> = invited.iter().map(String::as_str).collect();
            let people = join_and(&names, language);
            let values = [("what", what.as_str()), ("when", &when), ("people", &people)];
            match (named.is_empty(), invited.is_empty()) {
                (true, true) => tr(language, "Here is your meeting{when}.", &values),
                (false, true) => tr(language, "Here is your meeting '{what}'{when}.", &values),
                (true, false) => tr(language, "Here is your meeting{when}, with {people}.", &values),
                (false, false) => tr(language, "Here is your meeting '{what}'{when}, with {people}.", &values),
            }
        }
        Proposal::Checklist(c) => {
            let task = short(&c.task, 80);
            let sentence = match (c.task.is_empty(), c.is_feature) {
                (true, false) => "Here is a new checklist item.",
                (true, true) => "Here is a new feature list item.",
                (false, false) => "Here is '{task}' for your checklist.",
                (false, true) => "Here is '{task}' for your feature list.",
            };
            tr(language, sentence, &[("task", &task)])
        }
    };
    for message in problems.values() {
        s.push(' ');
        s.push_str(&tr(language, "I left a value out: {message}", &[("message", message)]));
        if !message.ends_with('.') {
            s.push('.');
        }
    }
    s.push_str(&approval);
    s.push(' ');
    if missing.is_empty() {
        s.push_str(&tr(language, "Check it and save.", &[]));
    } else {
        let names: Vec<String> = missing.iter().map(|f| label(f, language)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        s.push_str(&tr(language, "Please add the {fields} and save.", &[("fields", &join_and(&names, language))]));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::BreakFields;

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
            proposal_summary(&p, &["endTime".to_string()], &FieldErrors::new(), None, &[], Language::En),
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
            proposal_summary(&p, &[], &FieldErrors::new(), None, &[], Language::En),
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
            proposal_summary(&leave("Vacation"), &[], &FieldErrors::new(), Some(&vacation), &[], Language::En),
            "Here is your Vacation leave from 16/03/2026 to 18/03/2026 (3 days). Vacation leave needs approval: once \
             you save it, it waits for an admin or HR to approve it. Check it and save."
        );
        let parental = LeaveTypeInfo { name: "Parental leave".into(), awaits_approval: false };
        assert_eq!(
            proposal_summary(&leave("Baby due"), &[], &FieldErrors::new(), Some(&parental), &[], Language::En),
            "Here is your Parental leave from 16/03/2026 to 18/03/2026 (3 days) (Baby due). Check it and save."
        );
    }
}
