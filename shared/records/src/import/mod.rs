//! Bringing history in: the CSV exports of Clockify (detailed time entries), Toggl Track (detailed) and Kimai
//! (timesheets), and a generic CSV of work, breaks and leaves, become the importing person's records. See
//! `docs/data-transfer.md` for the columns and formats read.
//!
//! Two steps over the same reading: [`preview`] says what a file holds (rows understood, rows refused with their
//! number and reason, what would be created) and writes nothing; [`commit`] writes it. A bad file (its encoding,
//! missing columns, a spreadsheet formula, an unreadable date or time, over 20 MB) is one 422 and nothing is
//! written: the whole file is read and checked before the first write.
//!
//! Every record's id is derived from the source, the person and the row's content ([`derived_id`]), and written
//! only where it is absent: a row imported before (or deleted since: its tombstone keeps the id) is skipped, so the
//! same file imported twice creates nothing the second time, and a commit cut off midway is completed by running
//! it again.
//!
//! Time entries become work periods; an entry tagged or described as a break (a tag or description naming one of
//! the team's break types, or holding "break" or "pause") becomes a break of that type (the team's first type
//! otherwise). Work periods and breaks in a month whose timesheet is approved are refused with the lock's reason.

mod parse;
pub mod repo;

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};

use self::parse::{Entry, Row, TimedKind};
use crate::breaks::{self, validate_break, Break, BreakInput};
use crate::dates::{format_date, format_time, DateRange};
use crate::leave_types::{self, LeaveType};
use crate::leaves::{self, Leave, LeaveInput};
use crate::work::lock;
use crate::work::model::{validate_period, PeriodInput, WorkPeriod};
use crate::work::repo as work_repo;
use crate::{break_types, timestamp, Owner};
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, UserId};

pub use parse::{BAD_DATE, BAD_ROW, BAD_TIME, FORMULA, MISSING_COLUMNS, NOT_CSV, NO_ROWS};

/// The largest file an import reads.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;
/// How many of the records to be created a preview lists.
pub const PREVIEW_ITEMS: usize = 50;

pub const TOO_LARGE: &str = "The file is larger than 20 MB. Split it into smaller files and import each one.";
pub const SOURCE_REQUIRED: &str = "Choose a source: clockify, toggl, kimai or generic.";
pub const FILE_REQUIRED: &str = "Choose a file to import.";
pub const UNKNOWN_KIND: &str = "The kind must be work, break or leave.";
pub const ENDS_BEFORE_START: &str = "The entry ends before it starts.";
pub const UNKNOWN_LEAVE_TYPE: &str = "No leave type of the team has this name.";
pub const SAME_ROW: &str = "The same entry is in an earlier row.";

/// Where a file comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Clockify,
    Toggl,
    Kimai,
    Generic,
}

impl Source {
    pub fn parse(value: &str) -> AppResult<Source> {
        match value.trim().to_lowercase().as_str() {
            "clockify" => Ok(Source::Clockify),
            "toggl" => Ok(Source::Toggl),
            "kimai" => Ok(Source::Kimai),
            "generic" => Ok(Source::Generic),
            _ => Err(AppError::field("source", SOURCE_REQUIRED)),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Source::Clockify => "clockify",
            Source::Toggl => "toggl",
            Source::Kimai => "kimai",
            Source::Generic => "generic",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Source::Clockify => "Clockify",
            Source::Toggl => "Toggl Track",
            Source::Kimai => "Kimai",
            Source::Generic => "CSV",
        }
    }
}

/// The kind of record a row becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    Work,
    Break,
    Leave,
}

impl ItemKind {
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Work => "work",
            ItemKind::Break => "break",
            ItemKind::Leave => "leave",
        }
    }
}

/// A row that will not be imported, and why (a server message, translated at the edge).
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    pub row: usize,
    pub reason: String,
}

/// A record a row becomes, as the preview shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedItem {
    pub row: usize,
    pub kind: ItemKind,
    /// The day (a leave's first day).
    pub date: String,
    /// `HH:MM` of work and breaks; a leave's last day.
    pub start: String,
    pub end: String,
    /// The break or leave type, or the entry's project and task.
    pub label: String,
    pub note: String,
}

/// Records per kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub work: usize,
    pub breaks: usize,
    pub leaves: usize,
}

impl Counts {
    fn add(&mut self, kind: ItemKind) {
        match kind {
            ItemKind::Work => self.work += 1,
            ItemKind::Break => self.breaks += 1,
            ItemKind::Leave => self.leaves += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.work + self.breaks + self.leaves
    }
}

/// What a file would do.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// Rows read (blank rows left out).
    pub rows: usize,
    /// Rows understood: to be created, or present already.
    pub understood: usize,
    pub refused: Vec<Refused>,
    /// Records to be created, per kind.
    pub create: Counts,
    /// Rows whose record is present already (imported before): skipped.
    pub skipped: usize,
    /// The first [`PREVIEW_ITEMS`] records to be created.
    pub items: Vec<PlannedItem>,
}

/// What a commit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    pub created: usize,
    pub skipped: usize,
    pub refused: usize,
}

/// A record ready to be written, with its row.
pub(crate) enum Record {
    Work(WorkPeriod),
    Break(Break),
    Leave { id: RecordId, input: LeaveInput },
}

struct Planned {
    row: usize,
    item: PlannedItem,
    record: Record,
}

/// The plan of a file: what to write, what is there already, what is refused.
struct Plan {
    rows: usize,
    new: Vec<Planned>,
    skipped: usize,
    refused: Vec<Refused>,
}

/// Reads and checks a file without writing anything.
pub async fn preview(
    app: &Services,
    user: &User,
    source: Source,
    file: &[u8],
    now: DateTime<Utc>,
) -> AppResult<Preview> {
    let store = app.table();
    let plan = plan(store, user, source, file, now).await?;
    let mut create = Counts::default();
    for planned in &plan.new {
        create.add(planned.item.kind);
    }
    Ok(Preview {
        rows: plan.rows,
        understood: plan.new.len() + plan.skipped,
        refused: plan.refused,
        create,
        skipped: plan.skipped,
        items: plan.new.into_iter().take(PREVIEW_ITEMS).map(|p| p.item).collect(),
    })
}

/// Imports a file: everything is read and checked first, then the new records are written (each only where its id
/// is absent). This is the one function an import goes through (the audit entry of "an import was committed"
/// belongs to it).
pub async fn commit(
    app: &Services,
    user: &User,
    source: Source,
    file: &[u8],
    now: DateTime<Utc>,
) -> AppResult<Outcome> {
    let store = app.table();
    let plan = plan(store, user, source, file, now).await?;
    // Logged before the first row is written (the rows go in many transactions): an import that cannot be logged is
    // not made; one cut short is completed by running it again, which is logged again.
    let logged = bt_accounts::audit::Entry::by(user, bt_accounts::audit::Action::ImportRun, now)
        .whose(&user.id, &user.name)
        .about(format!(
            "{}: {} rows to create, {} already there, {} refused",
            source.name(),
            plan.new.len(),
            plan.skipped,
            plan.refused.len()
        ));
    bt_accounts::audit::append(store, &logged).await?;
    let owner = Owner::of(user);
    let mut outcome = Outcome { created: 0, skipped: plan.skipped, refused: plan.refused.len() };
    let mut timed = Vec::new();
    let mut leaves_to_add = Vec::new();
    for planned in plan.new {
        match planned.record {
            Record::Leave { id, input } => leaves_to_add.push((planned.row, id, input)),
            other => timed.push(other),
        }
    }
    let written = repo::insert_all(store, &owner.team_id, &timed).await?;
    outcome.created += written.created;
    outcome.skipped += written.present;
    outcome.refused += written.locked;
    for (row, id, input) in leaves_to_add {
        match leaves::add_leave_as(store, &owner, &input, id, now).await {
            Ok(_) => outcome.created += 1,
            // The balance (checked at the write, with the person's other leaves) or a leave written meanwhile.
            Err(AppError::Validation(_) | AppError::Conflict(_)) => {
                tracing::info!(row, "import: leave refused at the write");
                outcome.refused += 1;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(outcome)
}

/// A record id made of the row's day (so ids sort by date, as the store's lists do) and a 128-bit FNV-1a hash of
/// the source, the person and the row's content: the same row of the same file gets the same id every time.
pub(crate) fn derived_id(at: NaiveDateTime, parts: &[&str]) -> RecordId {
    let mut hash: u128 = 0x6c62272e07bb014262b821756295c58d;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0x1f)) {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(0x0000000001000000000000000000013B);
        }
    }
    let ms = at.and_utc().timestamp_millis().max(0) as u64;
    RecordId::from(ulid::Ulid::from_parts(ms, hash))
}

/// Whether a tool's entry is a break: a tag or the description names a break type of the team, or says "break" or
/// "pause". Answers the type (the named one, else the team's first).
fn break_type_of(tags: &[String], note: &str, types: &[String]) -> Option<String> {
    let named = |text: &str| types.iter().find(|t| t.eq_ignore_ascii_case(text.trim())).cloned();
    if let Some(found) = tags.iter().find_map(|t| named(t)).or_else(|| named(note)) {
        return Some(found);
    }
    let words = |text: &str| {
        text.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| matches!(w, "break" | "pause" | "breaks" | "pausen" | "mittagspause"))
    };
    if tags.iter().any(|t| words(t)) || words(note) {
        return Some(types.first().cloned().unwrap_or_else(|| crate::DEFAULT_BREAK_TYPES[0].to_string()));
    }
    None
}

/// Whether the person's month (`YYYY-MM`) is locked, read once per import.
async fn month_locked(
    store: &dyn Table,
    user_id: &UserId,
    known: &mut HashMap<String, bool>,
    month: &str,
) -> AppResult<bool> {
    if let Some(locked) = known.get(month) {
        return Ok(*locked);
    }
    let locked = work_repo::lock::is_locked(store, user_id, month).await?;
    known.insert(month.to_string(), locked);
    Ok(locked)
}

fn clip(text: &str, max: usize) -> String {
    text.trim().chars().take(max).collect()
}

async fn plan(store: &dyn Table, user: &User, source: Source, file: &[u8], now: DateTime<Utc>) -> AppResult<Plan> {
    if file.len() > MAX_FILE_BYTES {
        return Err(AppError::field("file", TOO_LARGE));
    }
    let rows = parse::read(source, file)?;
    let owner = Owner::of(user);
    let today = owner.today(now);
    let break_types = break_types::repo::BreakTypesRepo::new(store).list(&owner.team_id).await?;
    let leave_types = leave_types::team_leave_types(store, &owner.team_id, now).await?;

    // What the person has in the file's days: ids present (live or deleted) and the periods' and leaves' spans.
    let days = rows.iter().flat_map(|r| match &r.entry {
        Entry::Timed { start, end, .. } => vec![start.date(), end.date()],
        Entry::Leave { from, to, .. } => vec![*from, *to],
        Entry::UnknownKind => vec![],
    });
    let (min, max) = days.fold((None, None), |(lo, hi): (Option<NaiveDate>, Option<NaiveDate>), d| {
        (Some(lo.map_or(d, |l| l.min(d))), Some(hi.map_or(d, |h| h.max(d))))
    });
    let existing = match (min, max) {
        (Some(from), Some(to)) => {
            Existing::load(store, &owner, DateRange { from: from - Duration::days(1), to: to + Duration::days(1) })
                .await?
        }
        _ => Existing::default(),
    };
    let mut locked_months: HashMap<String, bool> = HashMap::new();

    let mut plan = Plan { rows: rows.len(), new: Vec::new(), skipped: 0, refused: Vec::new() };
    let mut seen: HashSet<RecordId> = HashSet::new();
    let mut spans = Spans::default();
    for (start, end) in &existing.spans {
        spans.add(*start, *end);
    }
    let mut leave_spans = existing.leave_spans.clone();
    for Row { number, entry } in rows {
        let refuse = |plan: &mut Plan, reason: &str| plan.refused.push(Refused { row: number, reason: reason.into() });
        match entry {
            Entry::UnknownKind => refuse(&mut plan, UNKNOWN_KIND),
            Entry::Timed { kind, start, end, label, note, tags } => {
                if end <= start {
                    refuse(&mut plan, ENDS_BEFORE_START);
                    continue;
                }
                let break_type = match kind {
                    TimedKind::Work => None,
                    TimedKind::Break => Some(
                        break_types
                            .iter()
                            .find(|t| t.eq_ignore_ascii_case(label.trim()))
                            .cloned()
                            .or_else(|| break_types.first().cloned())
                            .unwrap_or_else(|| crate::DEFAULT_BREAK_TYPES[0].to_string()),
                    ),
                    TimedKind::FromTool => break_type_of(&tags, &note, &break_types),
                };
                let minutes = (end - start).num_minutes();
                let (date, start_text, end_text) =
                    (format_date(start.date()), format_time(start.time()), format_time(end.time()));
                let month = lock::month_of(start.date());
                let is_locked = match locked_months.get(&month) {
                    Some(known) => *known,
                    None => {
                        let known = work_repo::lock::is_locked(store, &owner.user_id, &month).await?;
                        locked_months.insert(month, known);
                        known
                    }
                };
                let kind_name = if break_type.is_some() { "break" } else { "work" };
                let id = derived_id(
                    start,
                    &[source.name(), owner.user_id.as_str(), kind_name, &date, &start_text, &end_text, &label, &note],
                );
                if existing.ids.contains(&id) {
                    plan.skipped += 1;
                    continue;
                }
                if !seen.insert(id.clone()) {
                    refuse(&mut plan, SAME_ROW);
                    continue;
                }
                if is_locked {
                    refuse(&mut plan, &lock::locked_message(&lock::month_of(start.date())));
                    continue;
                }
                match break_type {
                    Some(break_type) => {
                        if minutes > breaks::MAX_BREAK_MINUTES {
                            refuse(&mut plan, breaks::TOO_LONG);
                            continue;
                        }
                        // A break inside a period of the day before or after counts in that day too.
                        let mut neighbour_locked = None;
                        for day in spans.days_holding(start, end) {
                            let month = lock::month_of(day);
                            if month_locked(store, &owner.user_id, &mut locked_months, &month).await? {
                                neighbour_locked = Some(month);
                                break;
                            }
                        }
                        if let Some(month) = neighbour_locked {
                            refuse(&mut plan, &lock::locked_message(&month));
                            continue;
                        }
                        let reason = clip(&join_note(&note, &label), breaks::MAX_REASON_CHARS as usize);
                        let input = BreakInput {
                            start_time: Some(start_text.clone()),
                            end_time: Some(end_text.clone()),
                            created_date: Some(date.clone()),
                            reason: Some(reason.clone()),
                            break_type: Some(break_type.clone()),
                        };
                        let valid = match validate_break(&input, today) {
                            Ok(v) => v,
                            Err(e) => {
                                refuse(&mut plan, &first_message(e));
                                continue;
                            }
                        };
                        let stamp = timestamp(now);
                        let record = Break {
                            id,
                            user_id: owner.user_id.clone(),
                            start_time: valid.start_time,
                            end_time: valid.end_time,
                            duration: valid.duration,
                            created_date: valid.created_date,
                            reason: valid.reason,
                            break_type: valid.break_type,
                            is_closed: true,
                            is_modal: false,
                            live: false,
                            created_at: stamp.clone(),
                            updated_at: stamp,
                        };
                        let item = PlannedItem {
                            row: number,
                            kind: ItemKind::Break,
                            date,
                            start: start_text,
                            end: end_text,
                            label: break_type,
                            note: reason,
                        };
                        plan.new.push(Planned { row: number, item, record: Record::Break(record) });
                    }
                    None => {
                        if minutes > crate::work::model::MAX_PERIOD_MINUTES {
                            refuse(&mut plan, crate::work::model::PERIOD_TOO_LONG);
                            continue;
                        }
                        let note = {
                            let text = clip(&join_note(&note, &label), crate::work::model::MAX_NOTE_CHARS as usize);
                            if text.is_empty() {
                                format!("Imported from {}", source.label())
                            } else {
                                text
                            }
                        };
                        let input = PeriodInput {
                            date: Some(date.clone()),
                            start: Some(start_text.clone()),
                            end: Some(end_text.clone()),
                            note: Some(note.clone()),
                        };
                        let valid = match validate_period(&input, today) {
                            Ok(v) => v,
                            Err(e) => {
                                refuse(&mut plan, &first_message(e));
                                continue;
                            }
                        };
                        if spans.overlaps(start, end) {
                            refuse(&mut plan, crate::work::model::OVERLAPS);
                            continue;
                        }
                        spans.add(start, end);
                        let change_note = format!("Imported from {}", source.label());
                        let record = crate::work::model::new_period(id, &owner, &valid, user, &change_note, now);
                        let item = PlannedItem {
                            row: number,
                            kind: ItemKind::Work,
                            date,
                            start: start_text,
                            end: end_text,
                            label,
                            note,
                        };
                        plan.new.push(Planned { row: number, item, record: Record::Work(record) });
                    }
                }
            }
            Entry::Leave { from, to, leave_type, note } => {
                let (from_text, to_text) = (format_date(from), format_date(to));
                let chosen: Option<&LeaveType> = if leave_type.trim().is_empty() {
                    leave_types.iter().find(|t| t.is_default)
                } else {
                    leave_types.iter().find(|t| !t.archived && t.name.eq_ignore_ascii_case(leave_type.trim()))
                };
                let Some(chosen) = chosen else {
                    refuse(&mut plan, UNKNOWN_LEAVE_TYPE);
                    continue;
                };
                let id = derived_id(
                    from.and_time(chrono::NaiveTime::MIN),
                    &[source.name(), owner.user_id.as_str(), "leave", &from_text, &to_text, &chosen.name, &note],
                );
                if existing.ids.contains(&id) {
                    plan.skipped += 1;
                    continue;
                }
                if !seen.insert(id.clone()) {
                    refuse(&mut plan, SAME_ROW);
                    continue;
                }
                let input = LeaveInput {
                    from_date: Some(from_text.clone()),
                    to_date: Some(to_text.clone()),
                    reason: Some(clip(&note, leaves::MAX_REASON_CHARS as usize)),
                    type_id: Some(chosen.id.to_string()),
                    half_day: None,
                };
                if let Err(e) = leaves::validate_leave(&input) {
                    refuse(&mut plan, &first_message(e));
                    continue;
                }
                // A leave dated in an approved month would change its target (the write checks it again).
                let mut locked_month = None;
                for first in lock::months_of(from, to) {
                    let month = lock::month_of(first);
                    if month_locked(store, &owner.user_id, &mut locked_months, &month).await? {
                        locked_month = Some(month);
                        break;
                    }
                }
                if let Some(month) = locked_month {
                    refuse(&mut plan, &lock::locked_message(&month));
                    continue;
                }
                if leave_spans.iter().any(|(a, b)| *a <= to && from <= *b) {
                    refuse(&mut plan, leaves::OVERLAP);
                    continue;
                }
                leave_spans.push((from, to));
                let item = PlannedItem {
                    row: number,
                    kind: ItemKind::Leave,
                    date: from_text,
                    start: String::new(),
                    end: to_text,
                    label: chosen.name.clone(),
                    note: note.clone(),
                };
                plan.new.push(Planned { row: number, item, record: Record::Leave { id, input } });
            }
        }
    }
    Ok(plan)
}

fn join_note(note: &str, label: &str) -> String {
    match (note.trim().is_empty(), label.trim().is_empty()) {
        (false, false) => format!("{} ({})", note.trim(), label.trim()),
        (false, true) => note.trim().to_string(),
        (true, _) => label.trim().to_string(),
    }
}

/// The first message of a validation error (a row's reason).
fn first_message(error: AppError) -> String {
    match error {
        AppError::Validation(map) => map.into_values().next().unwrap_or_default(),
        other => other.to_string(),
    }
}

/// Work periods by the day they start, so an overlap is looked for among the periods of three days (a period is at
/// most 16 hours), not among all of them: a large file checks in linear time.
#[derive(Default)]
struct Spans {
    by_day: HashMap<NaiveDate, Vec<(NaiveDateTime, NaiveDateTime)>>,
}

impl Spans {
    fn add(&mut self, start: NaiveDateTime, end: NaiveDateTime) {
        self.by_day.entry(start.date()).or_default().push((start, end));
    }

    /// The days before and after `start`'s whose periods share time with `[start, end)`.
    fn days_holding(&self, start: NaiveDateTime, end: NaiveDateTime) -> Vec<NaiveDate> {
        let day = start.date();
        [day - Duration::days(1), day + Duration::days(1)]
            .into_iter()
            .filter(|d| self.by_day.get(d).is_some_and(|spans| spans.iter().any(|(s, e)| *s < end && start < *e)))
            .collect()
    }

    fn overlaps(&self, start: NaiveDateTime, end: NaiveDateTime) -> bool {
        let day = start.date();
        [day - Duration::days(1), day, day + Duration::days(1)]
            .iter()
            .any(|d| self.by_day.get(d).is_some_and(|spans| spans.iter().any(|(s, e)| *s < end && start < *e)))
    }
}

/// The person's records in the file's days.
#[derive(Default)]
struct Existing {
    ids: HashSet<RecordId>,
    spans: Vec<(NaiveDateTime, NaiveDateTime)>,
    leave_spans: Vec<(NaiveDate, NaiveDate)>,
}

impl Existing {
    async fn load(store: &dyn Table, owner: &Owner, range: DateRange) -> AppResult<Existing> {
        let mut existing = Existing::default();
        for period in work_repo::periods_of(store, &owner.user_id, range).await? {
            let span = period.span();
            let start = span.date.and_time(span.start);
            let mut end = span.date.and_time(span.end);
            if span.next_day || end <= start {
                end += Duration::days(1);
            }
            existing.spans.push((start, end));
            existing.ids.insert(period.id);
        }
        existing.ids.extend(work_repo::deleted_of(store, &owner.user_id, range).await?.into_iter().map(|p| p.id));
        existing.ids.extend(breaks::breaks_in(store, &owner.user_id, range).await?.into_iter().map(|b| b.id));
        let leaves: Vec<Leave> = leaves::leaves_in(store, &owner.user_id, range).await?;
        for leave in leaves {
            if leave.status.holds_days() {
                existing.leave_spans.push((leave.from_date.date(), leave.to_date.date()));
            }
            existing.ids.insert(leave.id);
        }
        Ok(existing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_row_gets_the_same_id_and_another_row_another() {
        let at = NaiveDate::from_ymd_opt(2025, 3, 4).unwrap().and_hms_opt(8, 0, 0).unwrap();
        let a = derived_id(at, &["toggl", "u1", "work", "2025-03-04", "08:00", "12:00", "", "x"]);
        let b = derived_id(at, &["toggl", "u1", "work", "2025-03-04", "08:00", "12:00", "", "x"]);
        let c = derived_id(at, &["toggl", "u1", "work", "2025-03-04", "08:00", "12:01", "", "x"]);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn breaks_are_told_by_tags_and_descriptions() {
        let types = vec!["Lunch".to_string(), "Coffee".to_string()];
        assert_eq!(break_type_of(&["lunch".into()], "", &types), Some("Lunch".into()));
        assert_eq!(break_type_of(&[], "Coffee", &types), Some("Coffee".into()));
        assert_eq!(break_type_of(&[], "Short break", &types), Some("Lunch".into()));
        assert_eq!(break_type_of(&["Pause".into()], "", &types), Some("Lunch".into()));
        assert_eq!(break_type_of(&["client".into()], "Breakfast meeting", &types), None);
    }
}
