//! Notes on findings: the person, or an approver of their team, explains a finding of a day ("the customer's
//! machine failed; the break was taken at 15:00"). One note per day and rule; writing again replaces it. A note is
//! refused on a day without that finding (404), and in an approved month (409), like a period.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::findings::days_with_findings;
use super::model::RuleKind;
use super::repo;
use crate::{lock, periods};
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::{Day, UserId};
use bt_core::validate::Check;
use bt_records::dates::{self, computed_day};
use bt_records::timestamp;

pub const NO_SUCH_FINDING: &str = "There is no such finding on that day.";
pub const NOTE_REQUIRED: &str = "A note is required.";
pub const NOTE_TOO_LONG: &str = "Note must not exceed 500 characters.";
pub const MAX_NOTE_CHARS: u64 = 500;

/// `FindingNote` of the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingNote {
    pub text: String,
    pub by_id: UserId,
    pub by_name: String,
    pub at: String,
}

/// The stored item `USER#<u>` / `FINDNOTE#<date>#<rule>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoteItem {
    pub user_id: UserId,
    pub date: Day,
    pub rule: RuleKind,
    pub text: String,
    pub by_id: UserId,
    pub by_name: String,
    pub at: String,
}

impl NoteItem {
    pub fn note(&self) -> FindingNote {
        FindingNote {
            text: self.text.clone(),
            by_id: self.by_id.clone(),
            by_name: self.by_name.clone(),
            at: self.at.clone(),
        }
    }
}

/// `PUT /work/findings/{date}/{rule}?userId=`: writes the note on the finding of `rule` on `date`.
pub async fn put_note(
    app: &Services,
    caller: &User,
    user_id: Option<&str>,
    date: &str,
    rule: &str,
    text: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<FindingNote> {
    let store = app.table();
    let owner = periods::subject(app, caller, user_id).await?;
    let not_found = || AppError::NotFound(NO_SUCH_FINDING.into());
    let date = bt_core::types::parse_date(date.trim()).ok_or_else(|| AppError::field("date", dates::INVALID_DATE))?;
    let rule = RuleKind::parse(rule.trim()).ok_or_else(not_found)?;
    let text = text.unwrap_or("").trim();
    let mut check = Check::new();
    check.required("note", text, NOTE_REQUIRED).max_chars("note", text, MAX_NOTE_CHARS, NOTE_TOO_LONG);
    check.finish()?;
    lock::ensure_open(store, &owner.user_id, &[date]).await?;
    let days = days_with_findings(store, &owner, date, date, now).await?;
    if !days.iter().any(|d| d.findings.iter().any(|f| f.finding.rule == rule)) {
        return Err(not_found());
    }
    let item = NoteItem {
        user_id: owner.user_id.clone(),
        date: computed_day(date)?,
        rule,
        text: text.to_string(),
        by_id: caller.id.clone(),
        by_name: caller.name.clone(),
        at: timestamp(now),
    };
    if !repo::put_note(store, &owner.team_id, &item).await? {
        return Err(lock::locked_on(date));
    }
    tracing::info!(user = %owner.user_id, date = %date, rule = rule.tag(), "finding noted");
    Ok(item.note())
}
