//! Today's agenda: the caller's meetings, breaks and tasks of the day.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_records::breaks::repo::BreakRepo;
use bt_records::dates::DateRange;
use bt_records::{meetings, tasks, Break, Meeting, Owner, Task};
use chrono::NaiveDate;

use super::short;
use crate::speech::{self, date, time};
use crate::understand::Context;

/// `agendaToday`.
pub(super) async fn answer(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let store = app.table();
    let today = ctx.now.date_naive();
    let day = DateRange::day(today);
    let meetings = meetings::meetings_in(store, &user.user_id, day).await?;
    let taken = BreakRepo::new(store).on_day(&user.user_id, today).await?;
    let tasks = tasks::tasks_on(app, &user.user_id, today).await?;
    Ok(agenda_today(today, &meetings, &taken, &tasks, language))
}

/// Today's agenda: the caller's meetings, breaks and tasks of the day.
fn agenda_today(today: NaiveDate, meetings: &[Meeting], taken: &[Break], tasks: &[Task], language: Language) -> String {
    let say = |text: &str| tr(language, text, &[]);
    let mut lines = vec![tr(language, "Your agenda for today, {date}:", &[("date", &date(today, language))])];
    lines.push(if meetings.is_empty() {
        say("Meetings: No meetings scheduled for today.")
    } else {
        let meeting = say("Meeting");
        let list: Vec<String> = meetings
            .iter()
            .map(|m| {
                let what = if m.description.trim().is_empty() { meeting.as_str() } else { m.description.trim() };
                format!("{}–{} {}", time(m.from.time(), language), time(m.to.time(), language), short(what, 70))
            })
            .collect();
        tr(language, "Meetings: {list}.", &[("list", &list.join("; "))])
    });
    lines.push(if taken.is_empty() {
        say("Breaks: You have not taken any breaks today.")
    } else {
        let list: Vec<String> = taken
            .iter()
            .map(|b| {
                format!(
                    "{}–{} {}",
                    time(b.start_time.time(), language),
                    time(b.end_time.time(), language),
                    bt_records::type_names::break_type_name(language, &b.break_type)
                )
            })
            .collect();
        tr(language, "Breaks: {list}.", &[("list", &list.join("; "))])
    });
    lines.push(if tasks.is_empty() {
        say("Tasks: You have not scheduled any tasks today.")
    } else {
        let list: Vec<String> = tasks
            .iter()
            .map(|t| {
                let (priority, status) =
                    (speech::option(t.priority.as_str(), language), speech::option(t.status.as_str(), language));
                format!("{} ({priority}, {status})", short(&t.title, 70))
            })
            .collect();
        tr(language, "Tasks: {list}.", &[("list", &list.join("; "))])
    });
    lines.join("\n")
}
