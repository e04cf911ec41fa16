//! Archives and reports: range lists of every record kind, summaries, team totals and CSV rows.

use std::collections::BTreeMap;

use serde::Serialize;

use super::breaks::{self, Break};
use super::checklist::{self, ChecklistItem};
use super::dates::{self, DateRange};
use super::leaves::{self, Leave};
use super::meetings::{self, Meeting};
use super::paging::Paging;
use super::repo;
use super::tasks::{self, Task, TaskPriority, TaskStatus};
use bt_accounts::{team_members, Role};
use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::types::{Day, TeamId, UserId};

/// The record kinds of the archives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordType {
    Breaks,
    Tasks,
    Leaves,
    Meetings,
    Checklist,
}

impl RecordType {
    pub const ALL: [RecordType; 5] =
        [RecordType::Breaks, RecordType::Tasks, RecordType::Leaves, RecordType::Meetings, RecordType::Checklist];

    /// The name used in paths (`/reports/breaks`, `/reports/export/breaks`).
    pub fn as_str(self) -> &'static str {
        match self {
            RecordType::Breaks => "breaks",
            RecordType::Tasks => "tasks",
            RecordType::Leaves => "leaves",
            RecordType::Meetings => "meetings",
            RecordType::Checklist => "checklist",
        }
    }

    pub fn parse(value: &str) -> Option<RecordType> {
        Self::ALL.into_iter().find(|k| k.as_str() == value)
    }
}

/// A page of one kind of records.
#[derive(Debug, Clone, PartialEq)]
pub enum Records {
    Breaks(Vec<Break>),
    Tasks(Vec<Task>),
    Leaves(Vec<Leave>),
    Meetings(Vec<Meeting>),
    Checklist(Vec<ChecklistItem>),
}

/// A page of one kind of the owner's records in a range, latest first, with the total. Breaks, tasks, meetings
/// and checklist items are placed by their date (`createdDate`, `scheduled`, `scheduleDate`, `createdDate`);
/// leaves by sharing a day with the range.
pub async fn records_page(
    app: &Services,
    user_id: &UserId,
    kind: RecordType,
    range: DateRange,
    paging: Paging,
) -> AppResult<(Records, u64)> {
    let store = app.table();
    Ok(match kind {
        RecordType::Breaks => {
            let (items, total) = breaks::breaks_page(store, user_id, Some(range), paging).await?;
            (Records::Breaks(items), total)
        }
        RecordType::Tasks => {
            let q = repo::by_date::<Task>(user_id, range.sk_cond()).backward();
            let (items, total) = repo::page::<Task>(store, q, None, paging).await?;
            (Records::Tasks(items), total)
        }
        RecordType::Leaves => {
            let (items, total) = leaves::page(store, user_id, Some(range), paging).await?;
            (Records::Leaves(items), total)
        }
        RecordType::Meetings => {
            let q = repo::by_date::<Meeting>(user_id, range.sk_cond()).backward();
            let (items, total) = repo::page::<Meeting>(store, q, None, paging).await?;
            (Records::Meetings(items), total)
        }
        RecordType::Checklist => {
            let q = repo::by_date::<ChecklistItem>(user_id, range.sk_cond()).backward();
            let (items, total) = repo::page::<ChecklistItem>(store, q, None, paging).await?;
            (Records::Checklist(items), total)
        }
    })
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DayMinutes {
    pub date: Day,
    pub minutes: i64,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TypeMinutes {
    #[serde(rename = "type")]
    pub break_type: String,
    pub minutes: i64,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BreakSummary {
    pub count: u64,
    pub total_minutes: i64,
    /// Days that have breaks, in date order.
    pub per_day: Vec<DayMinutes>,
    /// Most minutes first.
    pub per_type: Vec<TypeMinutes>,
}

pub fn summarize_breaks(items: &[Break]) -> BreakSummary {
    let mut per_day: BTreeMap<Day, (i64, u64)> = BTreeMap::new();
    let mut per_type: BTreeMap<&str, (i64, u64)> = BTreeMap::new();
    for b in items {
        let d = per_day.entry(b.created_date).or_default();
        d.0 += b.duration;
        d.1 += 1;
        let t = per_type.entry(&b.break_type).or_default();
        t.0 += b.duration;
        t.1 += 1;
    }
    let mut per_type: Vec<TypeMinutes> = per_type
        .into_iter()
        .map(|(t, (minutes, count))| TypeMinutes { break_type: t.to_string(), minutes, count })
        .collect();
    per_type.sort_by(|a, b| b.minutes.cmp(&a.minutes).then_with(|| a.break_type.cmp(&b.break_type)));
    BreakSummary {
        count: items.len() as u64,
        total_minutes: items.iter().map(|b| b.duration).sum(),
        per_day: per_day.into_iter().map(|(date, (minutes, count))| DayMinutes { date, minutes, count }).collect(),
        per_type,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatusCount {
    pub status: TaskStatus,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriorityCount {
    pub priority: TaskPriority,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskSummary {
    pub count: u64,
    pub completed: u64,
    /// Every status of §4, in that order, with zeros.
    pub per_status: Vec<StatusCount>,
    /// Every priority of §4, in that order, with zeros.
    pub per_priority: Vec<PriorityCount>,
}

pub fn summarize_tasks(items: &[Task]) -> TaskSummary {
    let count_status = |s: TaskStatus| items.iter().filter(|t| t.status == s).count() as u64;
    TaskSummary {
        count: items.len() as u64,
        completed: count_status(TaskStatus::Completed),
        per_status: TaskStatus::ALL.iter().map(|&s| StatusCount { status: s, count: count_status(s) }).collect(),
        per_priority: TaskPriority::ALL
            .iter()
            .map(|&p| PriorityCount { priority: p, count: items.iter().filter(|t| t.priority == p).count() as u64 })
            .collect(),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeaveSummary {
    pub count: u64,
    /// Leave days inside the range (a leave that starts before it or ends after it counts only its days inside).
    pub days: i64,
}

pub fn summarize_leaves(items: &[Leave], range: DateRange) -> LeaveSummary {
    let days = items.iter().map(|l| range.overlap_days(l.from_date.date(), l.to_date.date())).sum();
    LeaveSummary { count: items.len() as u64, days }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeetingSummary {
    pub count: u64,
    pub minutes: i64,
}

pub fn summarize_meetings(items: &[Meeting]) -> MeetingSummary {
    let minutes = items.iter().map(|m| dates::minutes_between(m.from.time(), m.to.time())).sum();
    MeetingSummary { count: items.len() as u64, minutes }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChecklistSummary {
    pub count: u64,
    pub done: u64,
}

pub fn summarize_checklist(items: &[ChecklistItem]) -> ChecklistSummary {
    ChecklistSummary { count: items.len() as u64, done: items.iter().filter(|i| i.status).count() as u64 }
}

/// The reports page of one member over a range.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub user_id: UserId,
    pub from: Day,
    pub to: Day,
    pub breaks: BreakSummary,
    pub tasks: TaskSummary,
    pub leaves: LeaveSummary,
    pub meetings: MeetingSummary,
    pub checklist: ChecklistSummary,
}

/// One Query per record kind over the owner's by-date indexes.
pub async fn user_summary(app: &Services, user_id: &UserId, range: DateRange) -> AppResult<Summary> {
    let store = app.table();
    // Leave days are absences: approved leaves only (a pending request is not yet one, a declined one never).
    let mut leaves = leaves::leaves_in(store, user_id, range).await?;
    leaves.retain(|l| l.status == leaves::LeaveStatus::Approved);
    Ok(Summary {
        user_id: user_id.clone(),
        from: dates::computed_day(range.from)?,
        to: dates::computed_day(range.to)?,
        breaks: summarize_breaks(&breaks::breaks_in(store, user_id, range).await?),
        tasks: summarize_tasks(&tasks::tasks_in(store, user_id, range).await?),
        leaves: summarize_leaves(&leaves, range),
        meetings: summarize_meetings(&meetings::meetings_in(store, user_id, range).await?),
        checklist: summarize_checklist(&checklist::items_in(store, user_id, range).await?),
    })
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub break_count: u64,
    pub break_minutes: i64,
    pub task_count: u64,
    pub tasks_completed: u64,
    pub leave_days: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberTotals {
    pub user_id: UserId,
    pub name: String,
    pub role: Role,
    #[serde(flatten)]
    pub totals: Totals,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamReport {
    pub from: Day,
    pub to: Day,
    pub members: Vec<MemberTotals>,
    pub totals: Totals,
}

/// Totals per member and for the team over a range: four Queries whatever the team size (members, and the team's
/// breaks, tasks and leaves indexes). Records of people no longer in the team are left out.
pub async fn team_report(app: &Services, team_id: &TeamId, range: DateRange) -> AppResult<TeamReport> {
    let store = app.table();
    let members = team_members(store, team_id).await?;
    let breaks = breaks::team_breaks_in(store, team_id, range).await?;
    let tasks = tasks::team_tasks_in(store, team_id, range).await?;
    let leaves = leaves::team_leaves_in(store, team_id, range).await?;
    let mut rows: Vec<MemberTotals> = members
        .into_iter()
        .map(|m| {
            let mine = |uid: &UserId| *uid == m.user_id;
            let my_breaks: Vec<&Break> = breaks.iter().filter(|b| mine(&b.user_id)).collect();
            let my_tasks: Vec<&Task> = tasks.iter().filter(|t| mine(&t.user_id)).collect();
            let my_leaves: Vec<Leave> = leaves.iter().filter(|l| mine(&l.user_id)).cloned().collect();
            MemberTotals {
                totals: Totals {
                    break_count: my_breaks.len() as u64,
                    break_minutes: my_breaks.iter().map(|b| b.duration).sum(),
                    task_count: my_tasks.len() as u64,
                    tasks_completed: my_tasks.iter().filter(|t| t.status == TaskStatus::Completed).count() as u64,
                    leave_days: summarize_leaves(&my_leaves, range).days,
                },
                user_id: m.user_id,
                name: m.name,
                role: m.role,
            }
        })
        .collect();
    rows.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    let mut totals = Totals::default();
    for r in &rows {
        totals.break_count += r.totals.break_count;
        totals.break_minutes += r.totals.break_minutes;
        totals.task_count += r.totals.task_count;
        totals.tasks_completed += r.totals.tasks_completed;
        totals.leave_days += r.totals.leave_days;
    }
    let (from, to) = (dates::computed_day(range.from)?, dates::computed_day(range.to)?);
    Ok(TeamReport { from, to, members: rows, totals })
}

/// The header and rows of a CSV export of one kind of the owner's records in a range, earliest first.
pub async fn export_rows(
    app: &Services,
    user_id: &UserId,
    kind: RecordType,
    range: DateRange,
) -> AppResult<(Vec<&'static str>, Vec<Vec<String>>)> {
    let store = app.table();
    Ok(match kind {
        RecordType::Breaks => (
            vec!["date", "startTime", "endTime", "durationMinutes", "type", "reason", "id"],
            breaks::breaks_in(store, user_id, range)
                .await?
                .into_iter()
                .map(|b| {
                    let id = b.id.to_string();
                    let (date, start, end) =
                        (b.created_date.to_string(), b.start_time.to_string(), b.end_time.to_string());
                    vec![date, start, end, b.duration.to_string(), b.break_type, b.reason, id]
                })
                .collect(),
        ),
        RecordType::Tasks => (
            vec!["scheduled", "title", "description", "status", "priority", "createdDate", "id"],
            tasks::tasks_in(store, user_id, range)
                .await?
                .into_iter()
                .map(|t| {
                    vec![
                        t.scheduled.to_string(),
                        t.title,
                        t.description,
                        t.status.as_str().into(),
                        t.priority.as_str().into(),
                        t.created_date.to_string(),
                        t.id.to_string(),
                    ]
                })
                .collect(),
        ),
        RecordType::Leaves => (
            vec!["fromDate", "toDate", "days", "reason", "id"],
            leaves::leaves_in(store, user_id, range)
                .await?
                .into_iter()
                .map(|l| {
                    let (from, to) = (l.from_date.to_string(), l.to_date.to_string());
                    vec![from, to, l.days.to_string(), l.reason, l.id.to_string()]
                })
                .collect(),
        ),
        RecordType::Meetings => (
            vec!["scheduleDate", "from", "to", "description", "id"],
            meetings::meetings_in(store, user_id, range)
                .await?
                .into_iter()
                .map(|m| {
                    let (day, from, to) = (m.schedule_date.to_string(), m.from.to_string(), m.to.to_string());
                    vec![day, from, to, m.description, m.id.to_string()]
                })
                .collect(),
        ),
        RecordType::Checklist => (
            vec!["createdDate", "task", "done", "isFeature", "id"],
            checklist::items_in(store, user_id, range)
                .await?
                .into_iter()
                .map(|i| {
                    vec![
                        i.created_date.to_string(),
                        i.task,
                        i.status.to_string(),
                        i.is_feature.to_string(),
                        i.id.to_string(),
                    ]
                })
                .collect(),
        ),
    })
}

/// Spreadsheet programs run a cell that starts with `=`, `+`, `-` or `@` as a formula; a leading `'` keeps user
/// text as text. The export quotes every text cell, yet a reader that splits on another separator than the file's
/// (`;` in much of Europe) without honouring the quotes starts a cell inside this one at every `,`, `;` or tab: a
/// formula character right after one of those gets the same `'`.
pub fn csv_safe(cell: String) -> String {
    const FORMULA: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];
    const SEPARATORS: [char; 3] = [',', ';', '\t'];
    let mut safe = String::with_capacity(cell.len() + 1);
    if cell.starts_with(FORMULA) {
        safe.push('\'');
    }
    let mut chars = cell.chars().peekable();
    while let Some(c) = chars.next() {
        safe.push(c);
        if SEPARATORS.contains(&c) && chars.peek().is_some_and(|next| FORMULA.contains(next)) {
            safe.push('\'');
        }
    }
    safe
}
