//! What the records publish when they change, and the port that carries it out of the records layer.
//!
//! Records never call notifications: each change that others may act on (a break started or ended, a meeting saved
//! for someone or dropped, an attendee invited to a meeting or told it moved or was cancelled, a leave requested or decided, a timesheet submitted or decided, work clocked in, out or closed at 16 hours) is a
//! [`RecordEvent`], published after the record is written
//! and handed to the [`EventHandler`] the composition root installed (`Services::new` installs the notifications
//! layer's). Handlers are best-effort and idempotent: a reminder or chat-hook item is written by key (a repeat
//! overwrites), and a failure is logged and leaves the record as written (see `infra/docs/data-model.md`).

use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::work::{OpenWorkItem, WorkPeriod};
use super::{Break, Leave, Meeting, OpenBreak, Owner};
use bt_accounts::User;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::UserId;

/// A change of a record that other layers may act on.
#[derive(Debug, Clone)]
pub enum RecordEvent {
    /// A live break began.
    BreakStarted { owner: Owner, open: OpenBreak, now: DateTime<Utc> },
    /// A live break was ended into this record.
    BreakEnded { owner: Owner, ended: Break, now: DateTime<Utc> },
    /// A meeting is (still) in `person`'s records, as now saved: their reminder follows it.
    MeetingSaved { person: Owner, meeting: Meeting, now: DateTime<Utc> },
    /// A meeting left `user_id`'s plans (deleted, left, declined, or they were taken off it).
    MeetingDropped { user_id: UserId, meeting: Meeting },
    /// An attendee (never the organizer) is to be told of a meeting: they were invited, it moved, or it was
    /// cancelled for them (deleted, or they were taken off it). `meeting` is the meeting as now saved (as it was, when
    /// cancelled).
    MeetingNotice { user_id: UserId, meeting: Meeting, change: MeetingChange },
    /// A leave that waits for approval was requested (or edited while pending).
    LeaveRequested { owner: Owner, leave: Leave },
    /// An approver decided a leave request.
    LeaveDecided { approver: User, leave: Leave },
    /// A person handed in their month's timesheet (`YYYY-MM`) for approval.
    TimesheetSubmitted { owner: Owner, month: String },
    /// An approver approved, returned or reopened `user_id`'s month (`comment`: the return's comment or the reason).
    TimesheetDecided {
        approver: User,
        user_id: UserId,
        month: String,
        action: crate::work::model::Action,
        comment: Option<String>,
    },
    /// A person clocked in.
    WorkStarted { owner: Owner, open: OpenWorkItem, now: DateTime<Utc> },
    /// A person clocked out into this period (`since`: when the open period began, RFC 3339 UTC).
    WorkEnded { owner: Owner, period: WorkPeriod, since: String, now: DateTime<Utc> },
    /// A period left open was closed at 16 hours (the person should be told, once per `since`).
    WorkAutoClosed { owner: Owner, period: WorkPeriod, since: String, now: DateTime<Utc> },
}

/// What an attendee is told of a meeting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetingChange {
    /// They were invited (a new meeting, or added to one).
    Invited,
    /// Its date or time changed: they are asked again.
    Moved,
    /// It was deleted, or they were taken off it.
    Cancelled,
}

/// What a handler may use: the store alone, or all the services (mail, push) when the caller has them.
#[derive(Clone, Copy)]
pub enum Via<'a> {
    Store(&'a dyn Table),
    Services(&'a Services),
}

impl Via<'_> {
    pub fn store(&self) -> &dyn Table {
        match self {
            Via::Store(store) => *store,
            Via::Services(services) => services.table(),
        }
    }
}

/// The port: whoever acts on record events (the notifications layer).
#[async_trait]
pub trait EventHandler: Send + Sync {
    async fn handle(&self, via: Via<'_>, event: RecordEvent);
}

static HANDLER: OnceLock<Arc<dyn EventHandler>> = OnceLock::new();

/// Installs the process's handler of record events; the first installation stays (every start-up installs the same).
pub fn install(handler: Arc<dyn EventHandler>) {
    let _ = HANDLER.set(handler);
}

/// Hands an event to the installed handler. Without one (a bare store in a unit test), the event is logged and
/// dropped: the record is written either way.
pub async fn publish(via: Via<'_>, event: RecordEvent) {
    match HANDLER.get() {
        Some(handler) => handler.handle(via, event).await,
        None => tracing::warn!(?event, "no handler of record events is installed; event dropped"),
    }
}
