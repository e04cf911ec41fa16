//! The notifications layer's handler of record events (`records::events`): reminders follow breaks and meetings,
//! approvers and requesters are told of leave requests and decisions and of timesheets submitted and decided, and
//! chat hooks get the team's events. Every action is best-effort: a failure is logged and the record stands as
//! written.

use async_trait::async_trait;

use super::settings::ReminderKind;
use super::{guard, job, meeting_notices, reminders, webhooks, work_cap};
use bt_accounts::teams;
use bt_accounts::users::User;
use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_records::events::{EventHandler, RecordEvent, Via};
use bt_records::leave_types;
use bt_records::leaves::{approvers_of, Leave, LeaveStatus};
use bt_records::work::WorkPeriod;
use bt_records::Owner;
use bt_work::timesheets::Action;

/// Installed by `Services::new`.
pub struct Notifier;

#[async_trait]
impl EventHandler for Notifier {
    async fn handle(&self, via: Via<'_>, event: RecordEvent) {
        let store = via.store();
        match event {
            RecordEvent::BreakStarted { owner, open, now } => {
                reminders::break_started(store, &open).await;
                guard::work_paused(store, &owner.user_id).await;
                let text = format!("{} started a {}.", open.name, open.break_type);
                let data = serde_json::json!({ "userId": open.user_id, "name": open.name, "type": open.break_type,
                    "since": open.since });
                webhooks::emit(store, &owner.team_id, webhooks::BREAK_STARTED, text, data, now).await;
            }
            RecordEvent::BreakEnded { owner, ended, now } => {
                reminders::break_ended(store, &owner.user_id).await;
                // Still clocked in: the guard plans again from the day with this break in it.
                guard::work_resumed(store, &owner, now).await;
                let text = format!("{} ended a {} ({} min).", owner.name, ended.break_type, ended.duration);
                let data = serde_json::json!({ "userId": owner.user_id, "name": owner.name, "type": ended.break_type,
                    "startTime": ended.start_time, "endTime": ended.end_time, "duration": ended.duration,
                    "date": ended.created_date });
                webhooks::emit(store, &owner.team_id, webhooks::BREAK_ENDED, text, data, now).await;
            }
            RecordEvent::MeetingSaved { person, meeting, now } => {
                reminders::meeting_saved(store, &person, &meeting, now).await;
            }
            RecordEvent::MeetingDropped { user_id, meeting } => {
                reminders::meeting_deleted(store, &user_id, &meeting).await;
            }
            RecordEvent::MeetingNotice { user_id, meeting, change } => match via {
                Via::Services(services) => meeting_notices::notify(services, &user_id, &meeting, change).await,
                Via::Store(_) => tracing::warn!(meeting = %meeting.id, "a meeting notice published without services"),
            },
            RecordEvent::LeaveRequested { owner, leave } => match via {
                Via::Services(services) => logged("leave requested", notify_approvers(services, &owner, &leave).await),
                Via::Store(_) => tracing::error!(leave = %leave.id, "a leave request published without services"),
            },
            RecordEvent::LeaveDecided { approver, leave } => match via {
                Via::Services(services) => logged("leave decided", notify_requester(services, &approver, &leave).await),
                Via::Store(_) => tracing::error!(leave = %leave.id, "a leave decision published without services"),
            },
            RecordEvent::TimesheetSubmitted { owner, month } => match via {
                Via::Services(services) => {
                    logged("timesheet submitted", notify_sheet_approvers(services, &owner, &month).await)
                }
                Via::Store(_) => tracing::error!(%month, "a timesheet submission published without services"),
            },
            RecordEvent::TimesheetDecided { approver, user_id, month, action, comment } => match via {
                Via::Services(services) => logged(
                    "timesheet decided",
                    notify_sheet_owner(services, &approver, &user_id, &month, action, comment.as_deref()).await,
                ),
                Via::Store(_) => tracing::error!(%month, "a timesheet decision published without services"),
            },
            // Working time publishes from the records layer with the store alone (like live breaks): clocking in
            // files the period's closing at 16 hours, clocking out drops it, and a closing files the person's notice
            // once (the job delivers it; see `work_cap`).
            RecordEvent::WorkStarted { owner, open, now } => {
                work_cap::work_started(store, &open, now).await;
                guard::work_resumed(store, &owner, now).await;
                let text = format!("{} clocked in at {}.", owner.name, open.start_time);
                let data = serde_json::json!({ "userId": owner.user_id, "name": owner.name, "since": open.since,
                    "date": open.date, "startTime": open.start_time });
                webhooks::emit(store, &owner.team_id, webhooks::WORK_STARTED, text, data, now).await;
            }
            RecordEvent::WorkEnded { owner, period, since, now } => {
                work_cap::work_ended(store, &owner.user_id, &since).await;
                guard::work_paused(store, &owner.user_id).await;
                work_ended_hook(store, &owner, &period, now).await;
            }
            RecordEvent::WorkAutoClosed { owner, period, since, now } => {
                tracing::info!(user = %owner.user_id, period = %period.id, "a work period was closed after 16 hours");
                work_cap::work_auto_closed(store, &owner, &period, &since, now).await;
                guard::work_paused(store, &owner.user_id).await;
                work_ended_hook(store, &owner, &period, now).await;
            }
        }
    }
}

/// `work.ended` for the team's hooks: a period clocked out, or closed at 16 hours (`autoClosed`).
async fn work_ended_hook(store: &dyn Table, owner: &Owner, period: &WorkPeriod, now: chrono::DateTime<chrono::Utc>) {
    let hours = format!("{}:{:02}", period.minutes / 60, period.minutes % 60);
    let text = if period.auto_closed {
        format!("{}'s working time from {} was closed after 16 hours.", owner.name, period.start)
    } else {
        format!("{} clocked out at {} ({hours} h worked).", owner.name, period.end)
    };
    let data = serde_json::json!({ "userId": owner.user_id, "name": owner.name, "date": period.date,
        "start": period.start, "end": period.end, "minutes": period.minutes, "nextDay": period.next_day,
        "autoClosed": period.auto_closed });
    webhooks::emit(store, &owner.team_id, webhooks::WORK_ENDED, text, data, now).await;
}

fn logged(what: &str, result: AppResult<()>) {
    if let Err(error) = result {
        tracing::error!(%error, "{what}: the notices could not be sent");
    }
}

/// The leave as a notice names it, in `language`: "Vacation leave on 2026-03-12 (1 day)".
fn leave_words(leave: &Leave, type_name: &str, language: Language) -> String {
    let type_name = &bt_records::type_names::leave_type_name(language, type_name);
    let days = if leave.days == 1 {
        tr(language, "1 day", &[])
    } else {
        tr(language, "{days} days", &[("days", &leave.days.to_string())])
    };
    let (from, to) = (leave.from_date.to_string(), leave.to_date.to_string());
    if leave.from_date == leave.to_date {
        tr(language, "{type} leave on {date} ({days})", &[("type", type_name), ("date", &from), ("days", &days)])
    } else {
        tr(
            language,
            "{type} leave from {from} to {to} ({days})",
            &[("type", type_name), ("from", &from), ("to", &to), ("days", &days)],
        )
    }
}

async fn type_name(services: &Services, team_id: &TeamId, leave: &Leave) -> AppResult<String> {
    let types = leave_types::team_leave_types(services.table(), team_id, services.clock.now()).await?;
    Ok(types.into_iter().find(|t| t.id == leave.type_id).map(|t| t.name).unwrap_or_else(|| "Leave".into()))
}

/// The approvers are told on their channels (push, mail) as their notification settings say, each in their own
/// language; a notice that cannot be sent is logged, and the request stands.
async fn notify_approvers(services: &Services, owner: &Owner, leave: &Leave) -> AppResult<()> {
    let approvers = approvers_of(services.table(), &owner.team_id, &owner.user_id).await?;
    let type_name = type_name(services, &owner.team_id, leave).await?;
    let notice = |language: Language| {
        let what = leave_words(leave, &type_name, language);
        let title = tr(language, "Leave request from {name}", &[("name", &owner.name)]);
        let body = tr(
            language,
            "{name} asks for {what}. Reason: {reason}",
            &[("name", &owner.name), ("what", &what), ("reason", &leave.reason)],
        );
        (title, body)
    };
    for approver in approvers {
        job::notify_now(services, &approver.user_id, ReminderKind::LeaveRequested, &notice, "/leaves/requests").await;
    }
    Ok(())
}

async fn notify_requester(services: &Services, approver: &User, leave: &Leave) -> AppResult<()> {
    let Some(requester) = teams::find_member(services.table(), &approver.team_id, &leave.user_id).await? else {
        return Ok(());
    };
    let type_name = type_name(services, &approver.team_id, leave).await?;
    let approved = leave.status == LeaveStatus::Approved;
    if approved {
        let what = leave_words(leave, &type_name, Language::En);
        let text = format!("{}'s {what} was approved by {}.", requester.name, approver.name);
        let data = serde_json::json!({ "leaveId": leave.id, "userId": leave.user_id, "name": requester.name,
            "fromDate": leave.from_date, "toDate": leave.to_date, "days": leave.days, "approvedBy": approver.name });
        let now = services.clock.now();
        webhooks::emit(services.table(), &approver.team_id, webhooks::LEAVE_APPROVED, text, data, now).await;
    }
    // Whole sentences for each decision (a catalogue translates sentences, not pieces of them).
    let notice = |language: Language| {
        let what = leave_words(leave, &type_name, language);
        let values = [("approver", approver.name.as_str()), ("what", what.as_str())];
        let (title, mut intro) = if approved {
            (
                tr(language, "Your leave request was approved", &[]),
                tr(language, "{approver} approved your {what}.", &values),
            )
        } else {
            (
                tr(language, "Your leave request was declined", &[]),
                tr(language, "{approver} declined your {what}.", &values),
            )
        };
        if let Some(comment) = &leave.comment {
            intro.push(' ');
            intro.push_str(&tr(language, "Comment: {comment}", &[("comment", comment)]));
        }
        (title, intro)
    };
    job::notify_now(services, &requester.user_id, ReminderKind::LeaveDecided, &notice, "/leaves").await;
    Ok(())
}

/// Where the web app shows a month's timesheet.
fn sheet_path(month: &str) -> String {
    format!("/working-time/timesheets/{month}")
}

/// A submitted timesheet goes to the team's approvers on the channels of their "requests to approve" notice (the
/// one leave requests use), each in their own language.
async fn notify_sheet_approvers(services: &Services, owner: &Owner, month: &str) -> AppResult<()> {
    let approvers = approvers_of(services.table(), &owner.team_id, &owner.user_id).await?;
    let notice = |language: Language| {
        let values = [("name", owner.name.as_str()), ("month", month)];
        (
            tr(language, "Timesheet from {name}", &values),
            tr(language, "{name} submitted the timesheet of {month} for approval.", &values),
        )
    };
    let path = format!("{}?userId={}", sheet_path(month), owner.user_id);
    for approver in approvers {
        job::notify_now(services, &approver.user_id, ReminderKind::LeaveRequested, &notice, &path).await;
    }
    Ok(())
}

/// A decision on a timesheet goes to its person on the channels of their "decisions" notice (the one leave decisions
/// use), in their language.
async fn notify_sheet_owner(
    services: &Services,
    approver: &User,
    user_id: &UserId,
    month: &str,
    action: Action,
    comment: Option<&str>,
) -> AppResult<()> {
    if user_id == &approver.id {
        return Ok(());
    }
    let Some(person) = teams::find_member(services.table(), &approver.team_id, user_id).await? else {
        return Ok(());
    };
    // Whole sentences for each decision (a catalogue translates sentences, not pieces of them).
    let notice = |language: Language| {
        let values = [("approver", approver.name.as_str()), ("month", month)];
        let (title, mut body) = match action {
            Action::Approved => (
                tr(language, "Your timesheet was approved", &[]),
                tr(language, "{approver} approved your timesheet of {month}.", &values),
            ),
            Action::Returned => (
                tr(language, "Your timesheet was returned", &[]),
                tr(language, "{approver} returned your timesheet of {month}.", &values),
            ),
            Action::Reopened | Action::Submitted => (
                tr(language, "Your timesheet was reopened", &[]),
                tr(language, "{approver} reopened your timesheet of {month}.", &values),
            ),
        };
        if let Some(comment) = comment {
            body.push(' ');
            body.push_str(&tr(language, "Comment: {comment}", &[("comment", comment)]));
        }
        (title, body)
    };
    job::notify_now(services, &person.user_id, ReminderKind::LeaveDecided, &notice, &sheet_path(month)).await;
    Ok(())
}
