//! The caller's open tasks, by priority.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_records::dates::DateRange;
use bt_records::{tasks, Owner, Task, TaskPriority, TaskStatus};
use chrono::{Duration, NaiveDate};

use super::short;
use crate::speech::{self, count, date};
use crate::understand::Context;

/// `openTasksByPriority`.
pub(super) async fn answer(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let today = ctx.now.date_naive();
    // Open tasks scheduled from 90 days back: one bounded Query, however long the task history is.
    let from = today - Duration::days(90);
    let range = DateRange { from, to: today + Duration::days(366) };
    let all = tasks::tasks_in(app.table(), &user.user_id, range).await?;
    Ok(open_tasks(all, from, language))
}

fn priority_rank(p: TaskPriority) -> u8 {
    match p {
        TaskPriority::Blocker => 0,
        TaskPriority::Urgent => 1,
        TaskPriority::Critical => 2,
        TaskPriority::High => 3,
        TaskPriority::Important => 4,
        TaskPriority::Normal => 5,
        TaskPriority::Low => 6,
    }
}

pub fn open_tasks(all: Vec<Task>, since: NaiveDate, language: Language) -> String {
    let mut open: Vec<Task> =
        all.into_iter().filter(|t| !matches!(t.status, TaskStatus::Completed | TaskStatus::Invalid)).collect();
    if open.is_empty() {
        return tr(language, "You have no open tasks. Nice work!", &[]);
    }
    open.sort_by(|a, b| priority_rank(a.priority).cmp(&priority_rank(b.priority)).then(a.scheduled.cmp(&b.scheduled)));
    const SHOWN: usize = 10;
    let mut groups: Vec<(TaskPriority, Vec<String>)> = Vec::new();
    for t in open.iter().take(SHOWN) {
        let status = speech::option(t.status.as_str(), language);
        let line = format!("{} ({status}, {})", short(&t.title, 70), date(t.scheduled.date(), language));
        match groups.iter_mut().find(|(p, _)| *p == t.priority) {
            Some((_, v)) => v.push(line),
            None => groups.push((t.priority, vec![line])),
        }
    }
    let tasks = count(open.len() as i64, language, "1 open task", "{n} open tasks");
    let mut lines = vec![tr(
        language,
        "You have {tasks} (scheduled since {date}), by priority:",
        &[("tasks", &tasks), ("date", &date(since, language))],
    )];
    for (p, items) in groups {
        lines.push(format!("{}: {}", speech::option(p.as_str(), language), items.join("; ")));
    }
    if open.len() > SHOWN {
        lines.push(tr(language, "…and {n} more on the Tasks page.", &[("n", &(open.len() - SHOWN).to_string())]));
    }
    lines.join("\n")
}
