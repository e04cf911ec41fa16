//! Meetings: rules (§5) and the today / upcoming / all lists with `{meetings, totalCount, allCount}`.
//!
//! A meeting may have attendees chosen from the organizer's team. Each attendee holds a copy of the meeting in
//! their own partition (same id, their own `userId`), so their lists, Daily Agenda, reminders and calendar feed
//! read it like any record of theirs. The organizer's item is the meeting of record: every change (an edit, an
//! answer, someone leaving) rewrites all copies in one transaction conditioned on the organizer item's version.
//! Only the organizer edits or deletes; an attendee answers yes or no, or leaves. Times are the organizer's
//! wall-clock times in `timeZone`, in which reminders and feeds read them for every attendee.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use super::dates::{self, date_field, time_field, DateRange};
use super::events::{self, MeetingChange, RecordEvent, Via};
use super::paging::Paging;
use super::repo::owned_record_fields;
use super::repo::Record;
use super::{new_id, timestamp, Expect, Owner};
use bt_accounts::teams;
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{ClockTime, Day, RecordId, UserId};

pub mod repo;

use self::repo::MeetingRepo;
use bt_core::validate::Check;

pub const MAX_DESCRIPTION_CHARS: u64 = 1000;
pub const FROM_REQUIRED: &str = "Start time is required.";
pub const TO_REQUIRED: &str = "End time is required.";
pub const DATE_REQUIRED: &str = "Schedule date is required.";
pub const END_NOT_AFTER_START: &str = "End time must be after start time.";
pub const MAX_TITLE_CHARS: u64 = 120;
pub const MAX_PLACE_CHARS: u64 = 500;
/// Most attendees of one meeting besides its organizer (a transaction writes every copy: at most 100 items).
pub const MAX_ATTENDEES: usize = 50;
pub const ATTENDEES_NOT_IN_TEAM: &str = "Choose attendees from your team.";
pub const TOO_MANY_ATTENDEES: &str = "A meeting can have at most 50 attendees.";
pub const ONLY_ORGANIZER_EDITS: &str = "Only the organizer can change this meeting.";
pub const ONLY_ORGANIZER_DELETES: &str = "Only the organizer can delete this meeting. You can leave it instead.";
pub const ORGANIZER_CANNOT_LEAVE: &str = "You organize this meeting: delete it instead of leaving it.";
pub const ORGANIZER_DOES_NOT_ANSWER: &str = "You organize this meeting.";

/// An attendee's answer to a meeting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Answer {
    /// Not answered yet.
    #[default]
    Pending,
    Yes,
    No,
}

/// Someone invited to a meeting, with their answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attendee {
    pub user_id: UserId,
    pub name: String,
    pub answer: Answer,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Meeting {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub from: ClockTime,
    pub to: ClockTime,
    pub schedule_date: Day,
    pub description: String,
    pub created_at: String,
    pub updated_at: String,
    /// Empty when none was given (lists then show the description).
    #[serde(default)]
    pub title: String,
    /// A room, an address or a video link; empty when none.
    #[serde(default)]
    pub place: String,
    /// Who organizes it: the owner of the copy (`userId`) for their own meetings, someone else on an attendee's
    /// copy. Absent on meetings stored before attendees existed (their owner organizes them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organizer_id: Option<UserId>,
    #[serde(default)]
    pub organizer_name: String,
    /// Everyone invited besides the organizer, with their answers; empty for a personal meeting.
    #[serde(default)]
    pub attendees: Vec<Attendee>,
    /// The organizer's time zone (IANA name), in which `scheduleDate`, `from` and `to` are read; empty on meetings
    /// stored before it was kept (the owner's zone).
    #[serde(default)]
    pub time_zone: String,
}

impl Meeting {
    /// Who organizes it.
    pub fn organizer(&self) -> &UserId {
        self.organizer_id.as_ref().unwrap_or(&self.user_id)
    }

    /// Whether `user_id` organizes it.
    pub fn is_organized_by(&self, user_id: &UserId) -> bool {
        self.organizer() == user_id
    }

    /// The zone its times are read in: its own, else `fallback` (the owner's).
    pub fn zone(&self, fallback: chrono_tz::Tz) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(fallback)
    }

    /// The copy of this meeting that `user_id` holds.
    fn copy_for(&self, user_id: &UserId) -> Meeting {
        Meeting { user_id: user_id.clone(), ..self.clone() }
    }
}

impl Record for Meeting {
    const KIND: RecordKind = RecordKind::Meeting;
    const ENTITY: &'static str = "meeting";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::meeting_by_date_sk(self.schedule_date, self.from, &self.id)
    }
}

/// The body of `POST /meeting/add` and `PUT /meeting/edit/{id}`.
#[derive(Debug, Clone, Default)]
pub struct MeetingInput {
    pub from: Option<String>,
    pub to: Option<String>,
    pub schedule_date: Option<String>,
    pub description: Option<String>,
    pub title: Option<String>,
    /// A room, an address or a video link.
    pub place: Option<String>,
    /// The user ids of the team members invited (the organizer is never one of them); left out on an edit, the
    /// attendees stay as they are.
    pub attendees: Option<Vec<String>>,
}

impl MeetingInput {
    /// This edit over the stored meeting: each field left out keeps the stored value (the attendees too).
    pub fn over(&self, old: &Meeting) -> MeetingInput {
        let keep = |given: &Option<String>, stored: String| Some(given.clone().unwrap_or(stored));
        MeetingInput {
            from: keep(&self.from, old.from.to_string()),
            to: keep(&self.to, old.to.to_string()),
            schedule_date: keep(&self.schedule_date, old.schedule_date.to_string()),
            description: keep(&self.description, old.description.clone()),
            title: keep(&self.title, old.title.clone()),
            place: keep(&self.place, old.place.clone()),
            attendees: Some(
                self.attendees.clone().unwrap_or_else(|| old.attendees.iter().map(|a| a.user_id.to_string()).collect()),
            ),
        }
    }
}

/// The body of `POST /meeting/{id}/respond`.
#[derive(Debug, Clone)]
pub struct MeetingAnswerInput {
    /// `yes` or `no`.
    pub answer: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidMeeting {
    pub from: ClockTime,
    pub to: ClockTime,
    pub schedule_date: Day,
    pub description: String,
    pub title: String,
    pub place: String,
    /// Distinct, in the order given; not yet checked against the team.
    pub attendees: Vec<UserId>,
}

pub fn validate_meeting(input: &MeetingInput) -> AppResult<ValidMeeting> {
    let mut check = Check::new();
    let from = time_field(&mut check, "from", input.from.as_deref(), FROM_REQUIRED);
    let to = time_field(&mut check, "to", input.to.as_deref(), TO_REQUIRED);
    if let (Some(f), Some(t)) = (from, to) {
        check.rule("to", t > f, END_NOT_AFTER_START);
    }
    let date =
        date_field(&mut check, "scheduleDate", input.schedule_date.as_deref(), DATE_REQUIRED, dates::INVALID_DATE);
    let description = input.description.as_deref().unwrap_or("").trim();
    check.max_chars("description", description, MAX_DESCRIPTION_CHARS, "Description must not exceed 1000 characters.");
    let title = input.title.as_deref().unwrap_or("").trim();
    check.max_chars("title", title, MAX_TITLE_CHARS, "Title must not exceed 120 characters.");
    let place = input.place.as_deref().unwrap_or("").trim();
    check.max_chars("place", place, MAX_PLACE_CHARS, "Place must not exceed 500 characters.");
    let mut attendees: Vec<UserId> = Vec::new();
    for raw in input.attendees.iter().flatten() {
        match UserId::parse(raw.trim()) {
            Ok(id) if !attendees.contains(&id) => attendees.push(id),
            Ok(_) => {}
            Err(_) => {
                check.fail("attendees", ATTENDEES_NOT_IN_TEAM);
            }
        }
    }
    check.rule("attendees", attendees.len() <= MAX_ATTENDEES, TOO_MANY_ATTENDEES);
    check.finish()?;
    Ok(ValidMeeting {
        from: from.expect("checked"),
        to: to.expect("checked"),
        schedule_date: date.expect("checked"),
        description: description.to_string(),
        title: title.to_string(),
        place: place.to_string(),
        attendees,
    })
}

/// The attendees as stored: each id must name a member of the organizer's team (the organizer is left out);
/// those already invited keep their answer unless `reset` (the date or time changed).
async fn resolve_attendees(
    store: &dyn Table,
    owner: &Owner,
    ids: &[UserId],
    before: &[Attendee],
    reset: bool,
) -> AppResult<Vec<Attendee>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids.iter().filter(|id| **id != owner.user_id) {
        let Some(member) = teams::find_member(store, &owner.team_id, id).await? else {
            return Err(AppError::field("attendees", ATTENDEES_NOT_IN_TEAM));
        };
        let answer = match before.iter().find(|a| a.user_id == *id) {
            Some(a) if !reset => a.answer,
            _ => Answer::Pending,
        };
        out.push(Attendee { user_id: member.user_id, name: member.name, answer });
    }
    Ok(out)
}

/// Adds a meeting; each attendee is told they were invited (mail and push, when `via` has the services).
pub async fn add_meeting(
    app: &Services,
    owner: &Owner,
    input: &MeetingInput,
    now: DateTime<Utc>,
) -> AppResult<Meeting> {
    let via = Via::Services(app);
    let store = app.table();
    let v = validate_meeting(input)?;
    let attendees = resolve_attendees(store, owner, &v.attendees, &[], false).await?;
    let meeting = Meeting {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        from: v.from,
        to: v.to,
        schedule_date: v.schedule_date,
        description: v.description,
        created_at: timestamp(now),
        updated_at: timestamp(now),
        title: v.title,
        place: v.place,
        organizer_id: Some(owner.user_id.clone()),
        organizer_name: owner.name.clone(),
        attendees,
        time_zone: owner.tz.name().to_string(),
    };
    let repo = MeetingRepo::new(store);
    if meeting.attendees.is_empty() {
        repo.insert(&meeting, &owner.team_id).await?;
    } else {
        repo.write_all(&meeting, &owner.team_id, None, &[]).await?;
    }
    saved_for_everyone(store, owner, &meeting, &[], now).await;
    for a in &meeting.attendees {
        notice(via, &a.user_id, &meeting, MeetingChange::Invited).await;
    }
    Ok(meeting)
}

/// Tells an attendee of a change of the meeting.
async fn notice(via: Via<'_>, user_id: &UserId, meeting: &Meeting, change: MeetingChange) {
    let event = RecordEvent::MeetingNotice { user_id: user_id.clone(), meeting: meeting.copy_for(user_id), change };
    events::publish(via, event).await;
}

pub const CHANGED_MEANWHILE_MEETING: &str = "This meeting was changed or deleted meanwhile. Reload it and try again.";

/// Each person's reminder follows the meeting: the organizer's and every attendee's who has not said no, in the
/// meeting's zone; those in `gone` (and attendees who said no) lose theirs.
async fn saved_for_everyone(store: &dyn Table, owner: &Owner, meeting: &Meeting, gone: &[UserId], now: DateTime<Utc>) {
    let tz = meeting.zone(owner.tz);
    let organizer = Owner { user_id: meeting.organizer().clone(), tz, ..owner.clone() };
    let copy = meeting.copy_for(&organizer.user_id);
    events::publish(Via::Store(store), RecordEvent::MeetingSaved { person: organizer, meeting: copy, now }).await;
    for a in &meeting.attendees {
        if a.answer == Answer::No {
            dropped(store, &a.user_id, meeting).await;
        } else {
            let attendee = Owner { user_id: a.user_id.clone(), name: a.name.clone(), tz, ..owner.clone() };
            let copy = meeting.copy_for(&a.user_id);
            events::publish(Via::Store(store), RecordEvent::MeetingSaved { person: attendee, meeting: copy, now })
                .await;
        }
    }
    for id in gone {
        dropped(store, id, meeting).await;
    }
}

/// The meeting left `user_id`'s plans.
async fn dropped(store: &dyn Table, user_id: &UserId, meeting: &Meeting) {
    let event = RecordEvent::MeetingDropped { user_id: user_id.clone(), meeting: meeting.clone() };
    events::publish(Via::Store(store), event).await;
}

/// Fields left out of the body keep their stored value.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise). Attendees added are
/// told they were invited, those kept are told when it moved, those taken off that it was cancelled for them.
pub async fn edit_meeting(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &MeetingInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<Meeting> {
    let via = Via::Services(app);
    let store = app.table();
    let repo = MeetingRepo::new(store);
    let stored = repo.for_edit(&owner.user_id, id, expect).await?;
    let old = stored.record;
    if !old.is_organized_by(&owner.user_id) {
        return Err(AppError::Forbidden(ONLY_ORGANIZER_EDITS.into()));
    }
    let v = validate_meeting(&input.over(&old))?;
    let moved = v.from != old.from || v.to != old.to || v.schedule_date != old.schedule_date;
    let attendees = resolve_attendees(store, owner, &v.attendees, &old.attendees, moved).await?;
    let gone: Vec<UserId> = old
        .attendees
        .iter()
        .filter(|a| !attendees.iter().any(|n| n.user_id == a.user_id))
        .map(|a| a.user_id.clone())
        .collect();
    let meeting = Meeting {
        from: v.from,
        to: v.to,
        schedule_date: v.schedule_date,
        description: v.description,
        title: v.title,
        place: v.place,
        updated_at: timestamp(now),
        organizer_id: Some(owner.user_id.clone()),
        organizer_name: owner.name.clone(),
        time_zone: if old.time_zone.is_empty() { owner.tz.name().to_string() } else { old.time_zone.clone() },
        attendees,
        ..old.clone()
    };
    if meeting.attendees.is_empty() && gone.is_empty() {
        repo.replace(&meeting, &owner.team_id, stored.version).await?;
    } else {
        repo.write_all(&meeting, &owner.team_id, Some(stored.version), &gone).await?;
    }
    saved_for_everyone(store, owner, &meeting, &gone, now).await;
    for a in &meeting.attendees {
        let was_invited = old.attendees.iter().any(|o| o.user_id == a.user_id);
        match (was_invited, moved) {
            (false, _) => notice(via, &a.user_id, &meeting, MeetingChange::Invited).await,
            (true, true) => notice(via, &a.user_id, &meeting, MeetingChange::Moved).await,
            (true, false) => {}
        }
    }
    for id in &gone {
        notice(via, id, &old, MeetingChange::Cancelled).await;
    }
    Ok(meeting)
}

/// An attendee's answer: every copy shows it. The organizer has none to give.
pub async fn answer_meeting(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &MeetingAnswerInput,
    now: DateTime<Utc>,
) -> AppResult<Meeting> {
    let answer = match input.answer.as_deref().map(str::trim) {
        Some("yes") => Answer::Yes,
        Some("no") => Answer::No,
        _ => return Err(AppError::field("answer", "Answer yes or no.")),
    };
    change_as_attendee(app.table(), owner, id, now, ORGANIZER_DOES_NOT_ANSWER, |meeting| {
        for a in meeting.attendees.iter_mut().filter(|a| a.user_id == owner.user_id) {
            a.answer = answer;
        }
    })
    .await
}

/// An attendee leaves: their copy goes, and the others no longer list them. The organizer deletes instead.
pub async fn leave_meeting(app: &Services, owner: &Owner, id: &RecordId, now: DateTime<Utc>) -> AppResult<Meeting> {
    change_as_attendee(app.table(), owner, id, now, ORGANIZER_CANNOT_LEAVE, |meeting| {
        meeting.attendees.retain(|a| a.user_id != owner.user_id)
    })
    .await
}

/// Applies an attendee's change to the organizer's meeting and writes every copy, trying again (up to three times)
/// when another change landed in between. Returns the caller's copy as it now is (a left meeting as it was left).
async fn change_as_attendee(
    store: &dyn Table,
    owner: &Owner,
    id: &RecordId,
    now: DateTime<Utc>,
    not_for_organizer: &str,
    change: impl Fn(&mut Meeting),
) -> AppResult<Meeting> {
    let repo = MeetingRepo::new(store);
    let mut tries = 0;
    loop {
        tries += 1;
        let mine = repo.owned(&owner.user_id, id).await?.record;
        if mine.is_organized_by(&owner.user_id) {
            return Err(AppError::Forbidden(not_for_organizer.into()));
        }
        let Some(stored) = repo.load(mine.organizer(), id).await? else {
            return Err(AppError::not_found());
        };
        let before = stored.record;
        let mut meeting = before.clone();
        change(&mut meeting);
        meeting.updated_at = timestamp(now);
        let left = !meeting.attendees.iter().any(|a| a.user_id == owner.user_id);
        let gone = if left { vec![owner.user_id.clone()] } else { vec![] };
        match repo.write_all(&meeting, &owner.team_id, Some(stored.version), &gone).await {
            Err(AppError::Conflict(_)) if tries < 3 => continue,
            Err(e) => return Err(e),
            Ok(()) => {}
        }
        let organizer = Owner { user_id: meeting.organizer().clone(), ..owner.clone() };
        if left {
            dropped(store, &owner.user_id, &meeting).await;
        } else {
            saved_for_everyone(store, &organizer, &meeting, &[], now).await;
        }
        return Ok(meeting.copy_for(&owner.user_id));
    }
}

pub async fn get_meeting(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Meeting> {
    Ok(MeetingRepo::new(app.table()).owned(&owner.user_id, id).await?.record)
}

/// The organizer deletes the meeting, every attendee's copy with it (each attendee is told it was cancelled); an
/// attendee may only leave it.
pub async fn delete_meeting(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Meeting> {
    let via = Via::Services(app);
    let store = app.table();
    let repo = MeetingRepo::new(store);
    let stored = repo.owned(&owner.user_id, id).await?;
    let meeting = stored.record;
    if !meeting.is_organized_by(&owner.user_id) {
        return Err(AppError::Forbidden(ONLY_ORGANIZER_DELETES.into()));
    }
    if meeting.attendees.is_empty() {
        repo.remove(&owner.user_id, id).await?;
    } else {
        repo.delete_all(&owner.user_id, id, stored.version, &meeting.attendees).await?;
    }
    dropped(store, &owner.user_id, &meeting).await;
    for a in &meeting.attendees {
        dropped(store, &a.user_id, &meeting).await;
        notice(via, &a.user_id, &meeting, MeetingChange::Cancelled).await;
    }
    Ok(meeting)
}

/// How many meetings from today on invite `user_id` and wait for their answer (the Meetings badge): one Query of
/// their own meetings from today.
pub async fn unanswered_count(app: &Services, owner: &Owner, now: DateTime<Utc>) -> AppResult<u64> {
    let coming = MeetingRepo::new(app.table()).from_day(&owner.user_id, owner.today(now)).await?;
    let waiting = |m: &Meeting| {
        !m.is_organized_by(&owner.user_id)
            && m.attendees.iter().any(|a| a.user_id == owner.user_id && a.answer == Answer::Pending)
    };
    Ok(coming.iter().filter(|m| waiting(m)).count() as u64)
}

/// A team member a meeting can invite: names only (no e-mail addresses), for every member.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitee {
    pub user_id: UserId,
    pub name: String,
}

/// The caller's teammates, by name: whom their meetings can invite.
pub async fn invitees(app: &Services, owner: &Owner) -> AppResult<Vec<Invitee>> {
    let mut people: Vec<Invitee> = teams::team_members(app.table(), &owner.team_id)
        .await?
        .into_iter()
        .filter(|m| m.user_id != owner.user_id)
        .map(|m| Invitee { user_id: m.user_id, name: m.name })
        .collect();
    people.sort_by_key(|p| p.name.to_lowercase());
    Ok(people)
}

/// Which meetings a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetingView {
    /// The meetings of one day, by start time.
    Day(NaiveDate),
    /// Meetings after a day, plus those later that day when `after` is given (the owner's today and time now).
    Upcoming { day: NaiveDate, after: Option<NaiveTime> },
    /// Every meeting, or those of a range; latest first.
    All(Option<DateRange>),
}

/// A page of meetings with `totalCount` (of the view) and `allCount` (every meeting of the owner).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeetingList {
    pub meetings: Vec<Meeting>,
    pub total_count: u64,
    pub all_count: u64,
}

pub async fn list_meetings(
    app: &Services,
    user_id: &UserId,
    view: MeetingView,
    paging: Paging,
) -> AppResult<MeetingList> {
    let (meetings, total_count, all_count) = MeetingRepo::new(app.table()).page(user_id, view, paging).await?;
    Ok(MeetingList { meetings, total_count, all_count })
}

/// Every meeting of the owner in a range, earliest first (summaries, exports).
pub async fn meetings_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Meeting>> {
    MeetingRepo::new(store).in_range(user_id, range).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::error::AppError;

    #[test]
    fn the_spec_messages() {
        let fail = |i: MeetingInput, field: &str| match validate_meeting(&i) {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fail(MeetingInput::default(), "from"), FROM_REQUIRED);
        assert_eq!(fail(MeetingInput::default(), "to"), TO_REQUIRED);
        assert_eq!(fail(MeetingInput::default(), "scheduleDate"), DATE_REQUIRED);
        let long = MeetingInput {
            from: Some("10:00".into()),
            to: Some("09:00".into()),
            schedule_date: Some("2024-05-01".into()),
            description: Some("x".repeat(1001)),
            title: Some("t".repeat(121)),
            place: Some("p".repeat(501)),
            attendees: Some(vec!["not an id".into()]),
        };
        assert_eq!(fail(long.clone(), "title"), "Title must not exceed 120 characters.");
        assert_eq!(fail(long.clone(), "place"), "Place must not exceed 500 characters.");
        assert_eq!(fail(long.clone(), "attendees"), ATTENDEES_NOT_IN_TEAM);
        assert_eq!(fail(long.clone(), "description"), "Description must not exceed 1000 characters.");
        assert_eq!(fail(long, "to"), END_NOT_AFTER_START);
    }
}
