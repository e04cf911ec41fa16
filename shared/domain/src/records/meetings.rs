//! Meetings: rules (§5) and the today / upcoming / all lists with `{meetings, totalCount, allCount}`.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use super::dates::{self, date_field, format_date, format_time, time_field, DateRange};
use super::paging::Paging;
use super::repo::{self, Record};
use super::{new_id, timestamp, Expect, Owner};
use crate::error::AppResult;
use crate::keys::RecordKind;
use crate::store::{SkCond, Table};
use crate::types::{ClockTime, Day, RecordId, UserId};
use crate::validate::Check;

pub const MAX_DESCRIPTION_CHARS: u64 = 1000;
pub const FROM_REQUIRED: &str = "Start time is required.";
pub const TO_REQUIRED: &str = "End time is required.";
pub const DATE_REQUIRED: &str = "Schedule date is required.";
pub const END_NOT_AFTER_START: &str = "End time must be after start time.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Meeting {
    #[serde(rename = "_id")]
    #[schema(schema_with = crate::records::schema::ulid)]
    pub id: RecordId,
    #[schema(schema_with = crate::records::schema::ulid)]
    pub user_id: UserId,
    #[schema(schema_with = crate::records::schema::time)]
    pub from: String,
    #[schema(schema_with = crate::records::schema::time)]
    pub to: String,
    #[schema(schema_with = crate::records::schema::date)]
    pub schedule_date: String,
    #[schema(max_length = 1000)]
    pub description: String,
    #[schema(schema_with = crate::records::schema::stamp)]
    pub created_at: String,
    #[schema(schema_with = crate::records::schema::stamp)]
    pub updated_at: String,
}

impl Record for Meeting {
    const KIND: RecordKind = RecordKind::Meeting;
    const ENTITY: &'static str = "meeting";
    fn id(&self) -> &RecordId {
        &self.id
    }
    fn user_id(&self) -> &UserId {
        &self.user_id
    }
    fn updated_at(&self) -> &str {
        &self.updated_at
    }
    fn date_key(&self) -> String {
        format!("{}#{}#{}", self.schedule_date, self.from, self.id)
    }
}

/// The body of `POST /meeting/add` and `PUT /meeting/edit/{id}`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetingInput {
    #[schema(schema_with = crate::records::schema::time)]
    pub from: Option<String>,
    #[schema(schema_with = crate::records::schema::time)]
    pub to: Option<String>,
    #[schema(schema_with = crate::records::schema::date)]
    pub schedule_date: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidMeeting {
    pub from: ClockTime,
    pub to: ClockTime,
    pub schedule_date: Day,
    pub description: String,
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
    check.finish()?;
    Ok(ValidMeeting {
        from: from.expect("checked"),
        to: to.expect("checked"),
        schedule_date: date.expect("checked"),
        description: description.to_string(),
    })
}

pub async fn add_meeting(
    store: &dyn Table,
    owner: &Owner,
    input: &MeetingInput,
    now: DateTime<Utc>,
) -> AppResult<Meeting> {
    let v = validate_meeting(input)?;
    let meeting = Meeting {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        from: v.from.to_string(),
        to: v.to.to_string(),
        schedule_date: v.schedule_date.to_string(),
        description: v.description,
        created_at: timestamp(now),
        updated_at: timestamp(now),
    };
    repo::insert(store, &meeting, &owner.team_id).await?;
    crate::notifications::reminders::meeting_saved(store, owner, &meeting, now).await;
    Ok(meeting)
}

/// Fields left out of the body keep their stored value.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_meeting(
    store: &dyn Table,
    owner: &Owner,
    id: &RecordId,
    input: &MeetingInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<Meeting> {
    let stored = repo::load_for_edit::<Meeting>(store, &owner.user_id, id, expect).await?;
    let old = stored.record;
    let merged = MeetingInput {
        from: input.from.clone().or(Some(old.from.clone())),
        to: input.to.clone().or(Some(old.to.clone())),
        schedule_date: input.schedule_date.clone().or(Some(old.schedule_date.clone())),
        description: input.description.clone().or(Some(old.description.clone())),
    };
    let v = validate_meeting(&merged)?;
    let meeting = Meeting {
        from: v.from.to_string(),
        to: v.to.to_string(),
        schedule_date: v.schedule_date.to_string(),
        description: v.description,
        updated_at: timestamp(now),
        ..old
    };
    repo::replace(store, &meeting, &owner.team_id, stored.version).await?;
    crate::notifications::reminders::meeting_saved(store, owner, &meeting, now).await;
    Ok(meeting)
}

pub async fn get_meeting(store: &dyn Table, owner: &Owner, id: &RecordId) -> AppResult<Meeting> {
    Ok(repo::load_owned::<Meeting>(store, &owner.user_id, id).await?.record)
}

pub async fn delete_meeting(store: &dyn Table, owner: &Owner, id: &RecordId) -> AppResult<Meeting> {
    let meeting = repo::remove::<Meeting>(store, &owner.user_id, id).await?;
    crate::notifications::reminders::meeting_deleted(store, &owner.user_id, &meeting).await;
    Ok(meeting)
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
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetingList {
    pub meetings: Vec<Meeting>,
    pub total_count: u64,
    pub all_count: u64,
}

pub async fn list_meetings(
    store: &dyn Table,
    user_id: &UserId,
    view: MeetingView,
    paging: Paging,
) -> AppResult<MeetingList> {
    let query = match view {
        MeetingView::Day(d) => repo::by_date::<Meeting>(user_id, SkCond::BeginsWith(format!("{}#", format_date(d)))),
        MeetingView::Upcoming { day, after: Some(t) } => {
            repo::by_date::<Meeting>(user_id, SkCond::Gte(format!("{}#{}", format_date(day), format_time(t))))
        }
        MeetingView::Upcoming { day, after: None } => {
            repo::by_date::<Meeting>(user_id, SkCond::Gte(format!("{}#~", format_date(day))))
        }
        MeetingView::All(range) => {
            repo::by_date::<Meeting>(user_id, range.map(|r| r.sk_cond()).unwrap_or(SkCond::All)).backward()
        }
    };
    let (meetings, total_count) = repo::page(store, query, None, paging).await?;
    let all_count = store.count(&repo::by_date::<Meeting>(user_id, SkCond::All)).await?;
    Ok(MeetingList { meetings, total_count, all_count })
}

/// Every meeting of the owner in a range, earliest first (summaries, exports).
pub async fn meetings_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Meeting>> {
    repo::all(store, &repo::by_date::<Meeting>(user_id, range.sk_cond())).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AppError;

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
        };
        assert_eq!(fail(long.clone(), "description"), "Description must not exceed 1000 characters.");
        assert_eq!(fail(long, "to"), END_NOT_AFTER_START);
    }
}
