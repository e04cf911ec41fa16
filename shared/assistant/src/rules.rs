//! The checks a saved record passes (§5), applied to a proposal so that it never carries a value the form would
//! refuse: the records library's own validators, the same ones the record endpoints run.

use bt_core::error::{AppError, AppResult, FieldErrors};
use bt_records::{
    validate_break, validate_checklist_item, validate_leave, validate_meeting, validate_task, BreakInput,
    ChecklistInput, LeaveInput, MeetingInput, TaskInput,
};
use chrono::NaiveDate;

use crate::understand::Proposal;

fn errors<T>(result: AppResult<T>) -> FieldErrors {
    match result {
        Err(AppError::Validation(fields)) => fields,
        _ => FieldErrors::new(),
    }
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

/// Every message the record's form would show for this proposal, by field (API names). `today` is the person's
/// day (a break dated after tomorrow is refused).
pub fn check(proposal: &Proposal, today: NaiveDate) -> FieldErrors {
    match proposal {
        Proposal::Break(b) => errors(validate_break(
            &BreakInput {
                start_time: some(&b.start_time),
                end_time: some(&b.end_time),
                created_date: some(&b.created_date),
                reason: some(&b.reason),
                break_type: some(&b.break_type),
            },
            today,
        )),
        Proposal::Task(t) => errors(validate_task(&TaskInput {
            title: some(&t.title),
            description: some(&t.description),
            scheduled: some(&t.scheduled),
            status: some(&t.status),
            priority: some(&t.priority),
        })),
        Proposal::Leave(l) => errors(validate_leave(&LeaveInput {
            from_date: some(&l.from_date),
            to_date: some(&l.to_date),
            reason: some(&l.reason),
            type_id: l.type_id.clone(),
            half_day: None,
        })),
        Proposal::Meeting(m) => errors(validate_meeting(&MeetingInput {
            from: some(&m.from),
            to: some(&m.to),
            schedule_date: some(&m.schedule_date),
            description: some(&m.description),
            title: some(&m.title),
            place: None,
            attendees: Some(m.attendees.clone()),
        })),
        Proposal::Checklist(c) => errors(validate_checklist_item(
            &ChecklistInput {
                task: some(&c.task),
                status: Some(c.status),
                created_date: (!c.created_date.is_empty()).then(|| c.created_date.clone()),
                is_feature: Some(c.is_feature),
            },
            today,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::{BreakFields, LeaveFields};

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_record_messages_come_back_by_field() {
        let b = Proposal::Break(BreakFields {
            break_type: "Coffee Break".into(),
            start_time: "09:00".into(),
            end_time: "17:30".into(),
            created_date: "2026-03-11".into(),
            reason: String::new(),
        });
        let e = check(&b, day("2026-03-11"));
        assert_eq!(e.get("endTime").map(String::as_str), Some("Break cannot be more than 8 hours."));
        let l = Proposal::Leave(LeaveFields::default());
        let e = check(&l, day("2026-03-11"));
        assert_eq!(e.get("fromDate").map(String::as_str), Some("From date is required."));
        assert_eq!(e.get("reason").map(String::as_str), Some("Reason is required."));
    }
}
