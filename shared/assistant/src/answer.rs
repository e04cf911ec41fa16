//! The reply to a message: a short summary, and for a record request the pre-filled action. Questions are answered
//! from the caller's own records and team through the records library.
//!
//! The reply is in the person's language (their account's, else the request's `Accept-Language`): each sentence is
//! a catalogue entry written here in English ([`tr`]), filled with [`speech`]'s dates, times and counts. What Break
//! Buddy understands stays English.

use bt_core::error::{AppResult, FieldErrors};
use bt_core::i18n::{tr, translate, Language};
use bt_core::services::Services;
use bt_core::types::UserId;
use bt_records::allowances::{self, Balance, HalfDay};
use bt_records::breaks::repo::BreakRepo;
use bt_records::dates::DateRange;
use bt_records::leave_queries::{self, Absence};
use bt_records::leave_types::{self, LeaveType};
use bt_records::leaves::LeaveStatus;
use bt_records::{breaks, meetings, tasks, Break, Meeting, Owner, Task, TaskPriority, TaskStatus};
use bt_work::{self as work, presence};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use serde::Serialize;

use crate::help;
use crate::speech::{self, clock, count, date, iso_date, join_and, time};
use crate::understand::{Context, Intent, LeaveFields, NameChoice, Proposal, Understanding, WorkFields};

pub const LOGIN_FIRST: &str = "You need to log in first to create or update records.";
pub const LOGIN_TO_SEE: &str = "You need to log in first to see your breaks, tasks and team.";
pub const NOT_UNDERSTOOD: &str = "Sorry, I didn't get that. You can ask me to log a break ('coffee break from 3 to \
                                  3:15 pm'), add a task, a leave, a meeting or a checklist item, or ask 'how long \
                                  were my breaks today?', 'who is off next week?' or 'how many leave days do I have \
                                  left?'. Type 'help' to see everything I can do.";

/// The reply to a message: the summary and the actions (the pre-filled record first), plus what was understood, the
/// fields still to fill in and any value that was left out because a record would refuse it. The function shows it
/// as `data` of `POST /assistant/ask` (its wire shape, with the schema, is the function's).
#[derive(Debug, Clone, Serialize)]
pub struct Reply {
    pub summary: String,
    pub actions: Vec<Action>,
    /// [`Intent::name`].
    pub intent: &'static str,
    /// The help topic ([`HelpTopic::as_str`](crate::understand::HelpTopic::as_str)), for `help` alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topic: Option<&'static str>,
    /// The fields still to fill in (left out when none)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// Field to message, for each value left out because a record would refuse it (left out when none)
    #[serde(skip_serializing_if = "FieldErrors::is_empty")]
    pub problems: FieldErrors,
}

/// One action of a reply: a pre-filled record, or a day's work (`logWork`: its period and breaks).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Action {
    Record(Proposal),
    Work(WorkAction),
}

/// `{"action": "logWork", "date", "start", "end", "note", "breaks": [{"type", "startTime", "endTime"}]}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkAction {
    pub action: &'static str,
    #[serde(flatten)]
    pub fields: WorkFields,
}

impl From<WorkFields> for Action {
    fn from(fields: WorkFields) -> Action {
        Action::Work(WorkAction { action: "logWork", fields })
    }
}

impl Reply {
    fn text(intent: Intent, summary: impl Into<String>) -> Reply {
        Reply {
            summary: summary.into(),
            actions: Vec::new(),
            intent: intent.name(),
            topic: match intent {
                Intent::Help(t) => Some(t.as_str()),
                _ => None,
            },
            missing: Vec::new(),
            problems: FieldErrors::new(),
        }
    }
}

/// The reply to what was understood: help and questions need no account; record proposals and questions about the
/// caller's data need `owner`, the signed-in caller.
pub async fn reply(
    app: &Services,
    user: Option<&Owner>,
    ctx: &Context,
    u: Understanding,
    language: Language,
) -> AppResult<Reply> {
    let intent = u.intent;
    let say = |text: &str| tr(language, text, &[]);
    match intent {
        Intent::Help(topic) => {
            let text = match u.options {
                Some(list) => help::options(list, ctx, language),
                None => help::text_in(topic, language),
            };
            Ok(Reply::text(intent, help::with_english_note(text, language)))
        }
        Intent::Unknown => Ok(Reply::text(intent, help::with_english_note(say(NOT_UNDERSTOOD), language))),
        _ if user.is_none() && intent.kind().is_some() => Ok(Reply::text(intent, say(LOGIN_FIRST))),
        _ if user.is_none() => Ok(Reply::text(intent, say(LOGIN_TO_SEE))),
        _ => {
            let user = user.expect("signed in");
            // A name that fits several teammates: Break Buddy asks which one is meant rather than guess.
            if let Some(Proposal::Meeting(m)) = &u.proposal {
                if !m.unclear.is_empty() {
                    return Ok(Reply::text(intent, which_one(&m.unclear, language)));
                }
            }
            if let Some(p) = u.proposal {
                let leave_type = match &p {
                    Proposal::Leave(l) => leave_type_info(app, user, l.type_id.as_deref()).await?,
                    _ => None,
                };
                // The records' own messages, in the person's language like the rest of the reply.
                let problems: FieldErrors =
                    u.problems.iter().map(|(field, message)| (field.clone(), translate(language, message))).collect();
                let invited = match &p {
                    Proposal::Meeting(m) => invited_names(&m.attendees, ctx),
                    _ => Vec::new(),
                };
                let summary = proposal_summary(&p, &u.missing, &problems, leave_type.as_ref(), &invited, language);
                return Ok(Reply {
                    summary,
                    actions: vec![Action::Record(p)],
                    intent: intent.name(),
                    topic: None,
                    missing: u.missing,
                    problems,
                });
            }
            if let Some(work) = u.work {
                let summary = work_summary(&work, language);
                return Ok(Reply { actions: vec![work.into()], ..Reply::text(intent, summary) });
            }
            Ok(Reply::text(intent, answer(app, user, ctx, intent, u.period, language).await?))
        }
    }
}

/// The clarifying answer when a name said fits several teammates: who they are, and how to say which one.
pub fn which_one(unclear: &[NameChoice], language: Language) -> String {
    let lines: Vec<String> = unclear
        .iter()
        .map(|c| {
            let names: Vec<&str> = c.members.iter().map(|m| m.name.as_str()).collect();
            let values = [("name", c.said.as_str()), ("people", &join_and(&names, language))];
            tr(language, "More than one teammate is called {name}: {people}. Which one do you mean?", &values)
        })
        .collect();
    let mut s = lines.join(" ");
    s.push(' ');
    s.push_str(&tr(language, "Ask me again with their full name and I will add them to the meeting.", &[]));
    s
}

/// The names of the teammates a meeting invites, in the order said.
fn invited_names(ids: &[String], ctx: &Context) -> Vec<String> {
    ids.iter().filter_map(|id| ctx.members.iter().find(|m| &m.user_id == id)).map(|m| m.name.clone()).collect()
}

/// What the reply to a leave proposal says about its type: the name of the type the leave will have (the default
/// when it names none), and whether, saved, it will wait for approval; read through the same rules the leave form's
/// save runs.
async fn leave_type_info(app: &Services, owner: &Owner, type_id: Option<&str>) -> AppResult<Option<LeaveTypeInfo>> {
    let store = app.table();
    let types = match leave_types::team_leave_types(store, &owner.team_id, app.clock.now()).await {
        Ok(types) => types,
        Err(e) => {
            tracing::warn!(error = %e, "leave types not read; the proposal does not name its type");
            return Ok(None);
        }
    };
    let Ok(leave_type) = leave_types::pick_type(types, type_id, None) else {
        return Ok(None);
    };
    let status = leave_queries::new_leave_status(store, owner, &leave_type).await?;
    Ok(Some(LeaveTypeInfo::of(&leave_type, status)))
}

/// The type of a proposed leave, as its reply names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveTypeInfo {
    pub name: String,
    /// Saved, the leave will be pending until an admin or HR approves it.
    pub awaits_approval: bool,
}

impl LeaveTypeInfo {
    pub fn of(leave_type: &LeaveType, status: LeaveStatus) -> LeaveTypeInfo {
        LeaveTypeInfo { name: leave_type.name.clone(), awaits_approval: status == LeaveStatus::Pending }
    }
}

async fn answer(
    app: &Services,
    user: &Owner,
    ctx: &Context,
    intent: Intent,
    period: Option<DateRange>,
    language: Language,
) -> AppResult<String> {
    let store = app.table();
    let today = ctx.now.date_naive();
    let now = ctx.now.with_timezone(&Utc);
    Ok(match intent {
        Intent::BreakMinutesToday => {
            let taken = BreakRepo::new(store).on_day(&user.user_id, today).await?;
            let live = BreakRepo::new(store).open_break(&user.user_id).await?;
            let live = live
                .and_then(|b| Some((b.break_type, DateTime::parse_from_rfc3339(&b.since).ok()?.with_timezone(&Utc))));
            break_minutes_today(&taken, live.as_ref().map(|(t, s)| (t.as_str(), *s)), now, ctx, language)
        }
        Intent::BreakMinutesWeek => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            let taken =
                breaks::breaks_in(store, &user.user_id, DateRange { from: monday, to: monday + Duration::days(6) })
                    .await?;
            break_minutes_week(&taken, monday, language)
        }
        Intent::AgendaToday => {
            let day = DateRange::day(today);
            let meetings = meetings::meetings_in(store, &user.user_id, day).await?;
            let taken = BreakRepo::new(store).on_day(&user.user_id, today).await?;
            let tasks = tasks::tasks_on(app, &user.user_id, today).await?;
            agenda_today(today, &meetings, &taken, &tasks, language)
        }
        Intent::WhoIsOnBreak => {
            let on = presence::on_break(store, &user.team_id).await?;
            who_is_on_break(&on, &user.user_id, ctx, language)
        }
        Intent::WhoIsOffToday | Intent::WhoIsOff => {
            let period = period.unwrap_or(DateRange::day(today));
            let off = leave_queries::team_absences(store, &user.team_id, period, now).await?;
            who_is_off(&off, period, today, &user.user_id, language)
        }
        Intent::LeaveBalance => {
            let balance = allowances::my_balance(store, user, None, now).await?;
            let types = leave_types::team_leave_types(store, &user.team_id, now).await?;
            leave_balance(&balance, &types, language)
        }
        Intent::OpenTasksByPriority => {
            // Open tasks scheduled from 90 days back: one bounded Query, however long the task history is.
            let from = today - Duration::days(90);
            let range = DateRange { from, to: today + Duration::days(366) };
            let all = tasks::tasks_in(store, &user.user_id, range).await?;
            open_tasks(all, from, language)
        }
        Intent::ClockIn
        | Intent::ClockOut
        | Intent::WorkedToday
        | Intent::WorkedWeek
        | Intent::OvertimeBalance
        | Intent::NextBreakDue
        | Intent::BreaksEnough => work_answer(app, user, ctx, intent, language).await?,
        _ => tr(language, NOT_UNDERSTOOD, &[]),
    })
}

/// A signed difference of minutes: "+1 hour 5 minutes", "−30 minutes", "0 minutes".
fn signed_minutes(m: i64, language: Language) -> String {
    let sign = match m.signum() {
        1 => "+",
        -1 => "\u{2212}",
        _ => "",
    };
    format!("{sign}{}", speech::minutes(m.abs(), language))
}

/// Working time: clocking in and out (done here, the person asked for it outright), today's and this week's hours
/// against their target, and the overtime balance.
async fn work_answer(
    app: &Services,
    owner: &Owner,
    ctx: &Context,
    intent: Intent,
    language: Language,
) -> AppResult<String> {
    use bt_core::error::AppError;
    use bt_work::{self, live, EndWorkInput, StartWorkInput, ALREADY_CLOCKED_IN, NOT_CLOCKED_IN};
    let store = app.table();
    let now = ctx.now.with_timezone(&Utc);
    let today = ctx.now.date_naive();
    let since_text = |since: &str| {
        DateTime::parse_from_rfc3339(since)
            .map(|t| time(t.with_timezone(&ctx.now.timezone()).time(), language))
            .unwrap_or_default()
    };
    Ok(match intent {
        Intent::ClockIn => match live::start_work(store, owner, &StartWorkInput::default(), now).await {
            Ok(open) => tr(language, "You are on the clock since {time}.", &[("time", &since_text(&open.since))]),
            Err(AppError::Conflict(m)) if m == ALREADY_CLOCKED_IN => match live::current(store, owner, now).await? {
                Some(open) => {
                    tr(language, "You are already on the clock, since {time}.", &[("time", &since_text(&open.since))])
                }
                None => translate(language, ALREADY_CLOCKED_IN),
            },
            Err(e) => return Err(e),
        },
        Intent::ClockOut => match live::end_work(store, owner, &EndWorkInput::default(), now).await {
            Ok(period) => {
                let day = work::days::summary(store, owner, DateRange::day(period.date.date()), now).await?;
                let (start, end) =
                    (clock(&period.start.to_string(), language), clock(&period.end.to_string(), language));
                let worked = speech::minutes(day.worked, language);
                let values = [("start", start.as_str()), ("end", &end), ("worked", &worked)];
                tr(language, "You are off the clock: {start} to {end}. Worked that day: {worked}.", &values)
            }
            Err(AppError::Conflict(m)) if m == NOT_CLOCKED_IN => translate(language, NOT_CLOCKED_IN),
            Err(e) => return Err(e),
        },
        Intent::WorkedToday => {
            let day = work::days::summary(store, owner, DateRange::day(today), now).await?;
            let worked = match live::current(store, owner, now).await? {
                Some(open) if open.date.date() == today => open.worked_minutes,
                _ => day.worked,
            };
            let (w, t) = (speech::minutes(worked, language), speech::minutes(day.target, language));
            if day.target == 0 {
                tr(language, "You have worked {worked} today; no working time is planned for today.", &[("worked", &w)])
            } else {
                tr(language, "You have worked {worked} today, of {target} planned.", &[("worked", &w), ("target", &t)])
            }
        }
        Intent::WorkedWeek => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            let week = DateRange { from: monday, to: monday + Duration::days(6) };
            let sum = work::days::summary(store, owner, week, now).await?;
            let (w, t) = (speech::minutes(sum.worked, language), speech::minutes(sum.target, language));
            let d = signed_minutes(sum.difference, language);
            let values = [("worked", w.as_str()), ("target", &t), ("difference", &d)];
            tr(language, "This week you have worked {worked}, of {target} planned ({difference}).", &values)
        }
        Intent::OvertimeBalance => {
            let balance = work::balance::balance(store, owner, now).await?;
            let b = signed_minutes(balance.balance, language);
            match balance.through {
                Some(day) => {
                    let through = date(day.date(), language);
                    let values = [("balance", b.as_str()), ("date", &through)];
                    tr(language, "Your overtime balance is {balance} (up to {date}).", &values)
                }
                None => tr(language, "Your overtime balance is {balance}.", &[("balance", &b)]),
            }
        }
        Intent::NextBreakDue | Intent::BreaksEnough => rules_answer(app, owner, ctx, intent, language).await?,
        _ => tr(language, NOT_UNDERSTOOD, &[]),
    })
}

/// The team's break rules: when the next break falls due while on the clock, and whether this week's breaks met
/// them (the week's break findings).
async fn rules_answer(
    app: &Services,
    owner: &Owner,
    ctx: &Context,
    intent: Intent,
    language: Language,
) -> AppResult<String> {
    use bt_work::rules::{findings, live_day, settings, RuleKind};
    let store = app.table();
    let now = ctx.now.with_timezone(&Utc);
    if !settings::team_rules(store, &owner.team_id).await?.is_active() {
        return Ok(tr(language, "Your team follows no break rules, so nothing falls due.", &[]));
    }
    if intent == Intent::NextBreakDue {
        let Some(current) = live_day::current(store, owner, language, now).await? else {
            return Ok(tr(language, "You are not clocked in, so no break is due.", &[]));
        };
        let Some(guard) = current.guard else {
            return Ok(tr(language, "Your team follows no break rules, so nothing falls due.", &[]));
        };
        let at = guard
            .next_break_at
            .as_deref()
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|t| time(t.with_timezone(&ctx.now.timezone()).time(), language));
        return Ok(match at {
            _ if guard.break_due => tr(language, "A break is due now.", &[]),
            Some(at) => {
                let minutes = speech::minutes(guard.next_break_minutes, language);
                tr(language, "Your next break is due at {time}: {minutes}.", &[("time", &at), ("minutes", &minutes)])
            }
            None => tr(language, "No more break falls due today.", &[]),
        });
    }
    let today = ctx.now.date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let days = findings::days_with_findings(store, owner, monday, today, now).await?;
    let short: Vec<String> = days
        .iter()
        .flat_map(|d| d.findings.iter().map(move |f| (d.date, f)))
        .filter(|(_, f)| matches!(f.finding.rule, RuleKind::Break | RuleKind::Continuous))
        .map(|(day, f)| format!("{}: {}", date(day.date(), language), translate(language, &f.finding.message)))
        .collect();
    if short.is_empty() {
        return Ok(tr(language, "Yes: your breaks this week meet your team's rules.", &[]));
    }
    let list: Vec<String> = short.iter().take(5).cloned().collect();
    Ok(format!("{}\n{}", tr(language, "Not quite: your breaks fell short this week.", &[]), list.join("\n")))
}

/// Who of the team is on a live break now, with the type and since when.
fn who_is_on_break(on: &[presence::OnBreakMember], me: &UserId, ctx: &Context, language: Language) -> String {
    if on.is_empty() {
        return tr(language, "Nobody is on a break right now.", &[]);
    }
    let list: Vec<String> = on
        .iter()
        .map(|m| {
            let who = if m.user_id == *me { tr(language, "You", &[]) } else { m.name.clone() };
            let since = DateTime::parse_from_rfc3339(&m.since)
                .map(|s| time(s.with_timezone(&ctx.now.timezone()).time(), language))
                .unwrap_or_else(|_| time(m.start_time.time(), language));
            let kind = bt_records::type_names::break_type_name(language, &m.break_type);
            tr(language, "{who} ({type} since {since})", &[("who", &who), ("type", &kind), ("since", &since)])
        })
        .collect();
    let values = [("n", on.len().to_string()), ("list", list.join(", "))];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // A whole sentence for one and for many (a catalogue translates sentences, not pieces of them).
    tr(
        language,
        if on.len() == 1 {
            "1 person is on a break right now: {list}."
        } else {
            "{n} people are on a break right now: {list}."
        },
        &values,
    )
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

/// The days of a question as the reply names them: "today", "tomorrow", "on Friday 13/03/2026", "next week
/// (16/03/2026 to 22/03/2026)", "from 16/03/2026 to 18/03/2026".
pub fn period_words(period: DateRange, today: NaiveDate, language: Language) -> String {
    let day = Duration::days(1);
    if period.from == period.to {
        return match period.from {
            d if d == today => tr(language, "today", &[]),
            d if d == today + day => tr(language, "tomorrow", &[]),
            d if d == today - day => tr(language, "yesterday", &[]),
            d => tr(
                language,
                "on {weekday} {date}",
                &[("weekday", speech::weekday(d, language)), ("date", &date(d, language))],
            ),
        };
    }
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let (from, to) = (date(period.from, language), date(period.to, language));
    let dates = [("from", from.as_str()), ("to", to.as_str())];
    let is_week = period.from.weekday() == chrono::Weekday::Mon && period.to == period.from + Duration::days(6);
    match (period.from - monday).num_days() {
        0 if is_week => tr(language, "this week ({from} to {to})", &dates),
        7 if is_week => tr(language, "next week ({from} to {to})", &dates),
        -7 if is_week => tr(language, "last week ({from} to {to})", &dates),
        _ => tr(language, "from {from} to {to}", &dates),
    }
}

/// A half day's part, in words: "morning", "afternoon".
fn half(h: Option<HalfDay>, language: Language) -> Option<String> {
    match h {
        Some(HalfDay::Am) => Some(tr(language, "morning", &[])),
        Some(HalfDay::Pm) => Some(tr(language, "afternoon", &[])),
        None => None,
    }
}

/// When one absence is, as the list of who is off says it.
fn absence_when(a: &Absence, only_today: bool, today: NaiveDate, language: Language) -> String {
    let half = half(a.half_day, language);
    let with_half = |text: String| match &half {
        Some(part) => tr(language, "{when} ({part})", &[("when", &text), ("part", part)]),
        None => text,
    };
    if only_today {
        if a.to_date.date() == today {
            with_half(tr(language, "today only", &[]))
        } else {
            tr(language, "until {date}", &[("date", &date(a.to_date.date(), language))])
        }
    } else if a.from_date == a.to_date {
        with_half(date(a.from_date.date(), language))
    } else {
        let (from, to) = (date(a.from_date.date(), language), date(a.to_date.date(), language));
        tr(language, "{from} to {to}", &[("from", &from), ("to", &to)])
    }
}

/// Who of the team is away in `period`, from their approved leaves: each person once, by name, with the type and
/// dates of each leave (never its reason).
pub fn who_is_off(off: &[Absence], period: DateRange, today: NaiveDate, me: &UserId, language: Language) -> String {
    let words = period_words(period, today, language);
    let past = period.to < today;
    if off.is_empty() {
        let text = if past { "Nobody was off {when}." } else { "Nobody is off {when}." };
        return tr(language, text, &[("when", &words)]);
    }
    let only_today = period == DateRange::day(today);
    let mut people_off: Vec<(&UserId, String, Vec<String>)> = Vec::new();
    for a in off {
        let when = absence_when(a, only_today, today, language);
        let leave = format!("{}, {when}", bt_records::type_names::leave_type_name(language, &a.type_name));
        match people_off.iter_mut().find(|(id, _, _)| **id == a.user_id) {
            Some((_, _, leaves)) => leaves.push(leave),
            None => {
                let who = if a.user_id == *me { tr(language, "You", &[]) } else { a.name.clone() };
                people_off.push((&a.user_id, who, vec![leave]));
            }
        }
    }
    const SHOWN: usize = 15;
    let n = people_off.len();
    let mut list: String = people_off
        .iter()
        .take(SHOWN)
        .map(|(_, who, leaves)| format!("{who} ({})", leaves.join("; ")))
        .collect::<Vec<_>>()
        .join(", ");
    if n > SHOWN {
        list.push_str(&tr(language, ", and {n} more", &[("n", &(n - SHOWN).to_string())]));
    }
    // A whole sentence for each number and tense (a catalogue translates sentences, not pieces of them).
    let sentence = match (n, past) {
        (1, false) => "1 person is off {when}: {list}.",
        (1, true) => "1 person was off {when}: {list}.",
        (_, false) => "{n} people are off {when}: {list}.",
        (_, true) => "{n} people were off {when}: {list}.",
    };
    tr(language, sentence, &[("n", &n.to_string()), ("when", &words), ("list", &list)])
}

/// "25 working days", "1 working day", "12.5 working days" (the balance's words for days).
fn working_days(days: f64, language: Language) -> String {
    if days == 1.0 {
        tr(language, "1 working day", &[])
    } else {
        tr(language, "{n} working days", &[("n", &speech::day_count(days, language))])
    }
}

/// The caller's balance, the numbers of `GET /leaves/balance`, and which of the team's types count against it.
pub fn leave_balance(b: &Balance, types: &[LeaveType], language: Language) -> String {
    let left = if b.remaining < 0.0 {
        tr(language, "you are {days} over your allowance", &[("days", &working_days(-b.remaining, language))])
    } else {
        tr(language, "{days} left", &[("days", &working_days(b.remaining + 0.0, language))])
    };
    let numbers = [
        ("year", b.year.to_string()),
        ("left", left),
        ("allowance", speech::day_count(b.allowance, language)),
        ("carried", speech::day_count(b.carried_over, language)),
        ("taken", speech::day_count(b.taken, language)),
        ("pending", speech::day_count(b.pending, language)),
    ];
    let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut s = tr(
        language,
        "Your leave balance for {year}: {left} (allowance {allowance}, carried over {carried}, taken {taken}, pending \
         {pending}).",
        &numbers,
    );
    let in_use: Vec<&LeaveType> = types.iter().filter(|t| !t.archived).collect();
    let counting: Vec<&str> = in_use.iter().filter(|t| t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    let other: Vec<&str> = in_use.iter().filter(|t| !t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    s.push(' ');
    s.push_str(&match (counting.is_empty(), other.is_empty()) {
        (true, _) => tr(language, "No leave type counts against it.", &[]),
        (false, true) => tr(language, "Every leave type counts against it.", &[]),
        (false, false) => {
            let lists = [("counting", join_and(&counting, language)), ("other", join_and(&other, language))];
            let lists: Vec<(&str, &str)> = lists.iter().map(|(k, v)| (*k, v.as_str())).collect();
            // A whole sentence for one and for many of each (a catalogue translates sentences).
            let sentence = match (counting.len() == 1, other.len() == 1) {
                (true, true) => "{counting} counts against it; {other} does not.",
                (true, false) => "{counting} counts against it; {other} do not.",
                (false, true) => "{counting} count against it; {other} does not.",
                (false, false) => "{counting} count against it; {other} do not.",
            };
            tr(language, sentence, &lists)
        }
    });
    if b.pending > 0.0 {
        s.push(' ');
        s.push_str(&tr(language, "Pending requests are counted until they are decided.", &[]));
    }
    s
}

pub fn break_minutes_today(
    taken: &[Break],
    live: Option<(&str, DateTime<Utc>)>,
    now: DateTime<Utc>,
    ctx: &Context,
    language: Language,
) -> String {
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut s = if taken.is_empty() {
        tr(language, "You have not taken any breaks today.", &[])
    } else {
        let breaks = count(taken.len() as i64, language, "1 break", "{n} breaks");
        tr(
            language,
            "You have taken {breaks} today, {total} in all{types}.",
            &[("breaks", &breaks), ("total", &speech::minutes(total, language)), ("types", &by_type(taken, language))],
        )
    };
    if let Some((kind, since)) = live {
        let running = (now - since).num_minutes().max(0);
        let since = time(since.with_timezone(&ctx.now.timezone()).time(), language);
        s.push(' ');
        s.push_str(&tr(
            language,
            "You are on a {type} right now, since {since} ({running} so far).",
            &[("type", kind), ("since", &since), ("running", &speech::minutes(running, language))],
        ));
    }
    s
}

pub fn break_minutes_week(taken: &[Break], monday: NaiveDate, language: Language) -> String {
    if taken.is_empty() {
        return tr(language, "You have not taken any breaks this week.", &[]);
    }
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut days: Vec<(NaiveDate, i64)> = Vec::new();
    for b in taken {
        let day = b.created_date.date();
        match days.iter_mut().find(|(d, _)| *d == day) {
            Some((_, m)) => *m += b.duration,
            None => days.push((day, b.duration)),
        }
    }
    days.sort();
    let per_day: Vec<String> = days
        .iter()
        .map(|(d, m)| format!("{} {}", speech::weekday_short(*d, language), speech::minutes(*m, language)))
        .collect();
    let breaks = count(taken.len() as i64, language, "1 break", "{n} breaks");
    tr(
        language,
        "This week (from Monday {date}) you have taken {breaks}, {total} in all: {days}.",
        &[
            ("date", &date(monday, language)),
            ("breaks", &breaks),
            ("total", &speech::minutes(total, language)),
            ("days", &per_day.join(", ")),
        ],
    )
}

/// " (Coffee Break 15 minutes, Lunch 30 minutes)" when the breaks were of more than one type.
fn by_type(taken: &[Break], language: Language) -> String {
    let mut types: Vec<(String, i64)> = Vec::new();
    for b in taken {
        match types.iter_mut().find(|(t, _)| *t == b.break_type) {
            Some((_, m)) => *m += b.duration,
            None => types.push((b.break_type.clone(), b.duration)),
        }
    }
    if types.len() < 2 {
        return String::new();
    }
    let shown = |t: &str| bt_records::type_names::break_type_name(language, t);
    let list: Vec<String> =
        types.iter().map(|(t, m)| format!("{} {}", shown(t), speech::minutes(*m, language))).collect();
    format!(" ({})", list.join(", "))
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

// ---- proposals ------------------------------------------------------------------------------------------------

/// A missing field as the reply asks for it.
fn label(field: &str, language: Language) -> String {
    let english = match field {
        "startTime" | "from" => "start time",
        "endTime" | "to" => "end time",
        "type" => "break type",
        "createdDate" | "scheduled" | "scheduleDate" => "date",
        "reason" => "reason",
        "title" => "title",
        "description" => "description",
        "fromDate" => "from date",
        "toDate" => "to date",
        "task" => "task",
        "status" => "status",
        "priority" => "priority",
        _ => "details",
    };
    tr(language, english, &[])
}

/// " on 11/03/2026, 3:00 pm to 3:15 pm": the day and times of a proposal, as far as they are known.
fn when(day: &str, from: &str, to: &str, language: Language) -> String {
    let mut s = String::new();
    if !day.is_empty() {
        s.push(' ');
        s.push_str(&tr(language, "on {date}", &[("date", &iso_date(day, language))]));
    }
    let (from, to) = (clock(from, language), clock(to, language));
    let times = match (from.is_empty(), to.is_empty()) {
        (false, false) => Some(tr(language, "{from} to {to}", &[("from", &from), ("to", &to)])),
        (false, true) => Some(tr(language, "from {time}", &[("time", &from)])),
        (true, false) => Some(tr(language, "until {time}", &[("time", &to)])),
        (true, true) => None,
    };
    if let Some(times) = times {
        s.push_str(", ");
        s.push_str(&times);
    }
    s
}

/// "Sick leave", "Vacation leave", and a type already called a leave as it is ("Parental leave").
fn leave_words(type_name: &str, language: Language) -> String {
    let name = &bt_records::type_names::leave_type_name(language, type_name.trim());
    if name.to_lowercase().split_whitespace().any(|w| matches!(w, "leave" | "leaves")) {
        name.to_string()
    } else {
        tr(language, "{type} leave", &[("type", name)])
    }
}

/// " (reason)", or nothing.
fn in_brackets(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(" ({})", short(text, 80))
    }
}

fn leave_summary(l: &LeaveFields, leave_type: Option<&LeaveTypeInfo>, language: Language) -> (String, String) {
    let span = match (l.from_date.is_empty(), l.to_date.is_empty(), l.days) {
        (false, false, Some(1)) => {
            format!(" {}", tr(language, "on {date}", &[("date", &iso_date(&l.from_date, language))]))
        }
        (false, false, Some(n)) => {
            let (from, to) = (iso_date(&l.from_date, language), iso_date(&l.to_date, language));
            let values = [("from", from.as_str()), ("to", to.as_str()), ("n", &n.to_string())];
            format!(" {}", tr(language, "from {from} to {to} ({n} days)", &values))
        }
        (false, _, _) => format!(" {}", tr(language, "from {date}", &[("date", &iso_date(&l.from_date, language))])),
        _ => String::new(),
    };
    // The reason is not repeated when it only names the type ("sick leave"); the understanding is English.
    let says_type = leave_type.is_some_and(|t| {
        let r = l.reason.trim().to_lowercase();
        r == t.name.trim().to_lowercase() || r == leave_words(&t.name, Language::En).to_lowercase()
    });
    let why = if says_type { String::new() } else { in_brackets(&l.reason) };
    let approval = match leave_type.filter(|t| t.awaits_approval) {
        Some(t) => format!(
            " {}",
            tr(
                language,
                "{what} needs approval: once you save it, it waits for an admin or HR to approve it.",
                &[("what", &leave_words(&t.name, language))],
            )
        ),
        None => String::new(),
    };
    let summary = match leave_type {
        Some(t) => tr(
            language,
            "Here is your {what}{span}{why}.",
            &[("what", &leave_words(&t.name, language)), ("span", &span), ("why", &why)],
        ),
        None => tr(language, "Here is your leave{span}{why}.", &[("span", &span), ("why", &why)]),
    };
    (summary, approval)
}

/// What the reply to a day's work says: the day, the hours, the breaks, and that it is saved once checked.
pub fn work_summary(w: &WorkFields, language: Language) -> String {
    let (day, start, end) = (iso_date(&w.date, language), clock(&w.start, language), clock(&w.end, language));
    let breaks: Vec<String> = w
        .breaks
        .iter()
        .map(|b| {
            let (from, to) = (clock(&b.start_time, language), clock(&b.end_time, language));
            let kind = bt_records::type_names::break_type_name(language, &b.break_type);
            tr(language, "{type} from {from} to {to}", &[("type", &kind), ("from", &from), ("to", &to)])
        })
        .collect();
    let values = [("date", day.as_str()), ("start", &start), ("end", &end)];
    let mut s = if breaks.is_empty() {
        tr(language, "Here is your work on {date} from {start} to {end}.", &values)
    } else {
        let list = join_and(&breaks.iter().map(String::as_str).collect::<Vec<_>>(), language);
        let values = [("date", day.as_str()), ("start", &start), ("end", &end), ("breaks", &list)];
        tr(language, "Here is your work on {date} from {start} to {end}, with {breaks}.", &values)
    };
    s.push(' ');
    s.push_str(&tr(language, "Check it and save it.", &[]));
    s
}

/// The summary of a proposal; for a leave, `leave_type` names its type and says whether it will wait for approval;
/// for a meeting, `invited` are the names of the teammates it invites.
pub fn proposal_summary(
    p: &Proposal,
    missing: &[String],
    problems: &FieldErrors,
    leave_type: Option<&LeaveTypeInfo>,
    invited: &[String],
    language: Language,
) -> String {
    let mut approval = String::new();
    let mut s = match p {
        Proposal::Break(b) => {
            let when = when(&b.created_date, &b.start_time, &b.end_time, language);
            let why = in_brackets(&b.reason);
            if b.break_type.is_empty() {
                tr(language, "Here is your break{when}{why}.", &[("when", &when), ("why", &why)])
            } else {
                let kind = bt_records::type_names::break_type_name(language, &b.break_type);
                let values = [("type", kind.as_str()), ("when", &when), ("why", &why)];
                tr(language, "Here is your {type}{when}{why}.", &values)
            }
        }
        Proposal::Task(t) => {
            let priority = match language {
                // German writes nouns, and these names, with a capital.
                Language::De => speech::option(&t.priority, language),
                _ => speech::option(&t.priority, language).to_lowercase(),
            };
            let (day, status) = (iso_date(&t.scheduled, language), speech::option(&t.status, language));
            let title = short(&t.title, 80);
            let values = [("title", title.as_str()), ("date", &day), ("priority", &priority), ("status", &status)];
            if t.title.is_empty() {
                tr(language, "Here is a new task for {date}, {priority} priority, {status}.", &values)
            } else {
                tr(language, "Here is '{title}' for {date}, {priority} priority, {status}.", &values)
            }
        }
        Proposal::Leave(l) => {
            let (summary, needs_approval) = leave_summary(l, leave_type, language);
            approval = needs_approval;
            summary
        }
        Proposal::Meeting(m) => {
            let when = when(&m.schedule_date, &m.from, &m.to, language);
            let named = if m.title.is_empty() { &m.description } else { &m.title };
            let what = short(named, 80);
            let names: Vec<&str> = invited.iter().map(String::as_str).collect();
            let people = join_and(&names, language);
            let values = [("what", what.as_str()), ("when", &when), ("people", &people)];
            match (named.is_empty(), invited.is_empty()) {
                (true, true) => tr(language, "Here is your meeting{when}.", &values),
                (false, true) => tr(language, "Here is your meeting '{what}'{when}.", &values),
                (true, false) => tr(language, "Here is your meeting{when}, with {people}.", &values),
                (false, false) => tr(language, "Here is your meeting '{what}'{when}, with {people}.", &values),
            }
        }
        Proposal::Checklist(c) => {
            let task = short(&c.task, 80);
            let sentence = match (c.task.is_empty(), c.is_feature) {
                (true, false) => "Here is a new checklist item.",
                (true, true) => "Here is a new feature list item.",
                (false, false) => "Here is '{task}' for your checklist.",
                (false, true) => "Here is '{task}' for your feature list.",
            };
            tr(language, sentence, &[("task", &task)])
        }
    };
    for message in problems.values() {
        s.push(' ');
        s.push_str(&tr(language, "I left a value out: {message}", &[("message", message)]));
        if !message.ends_with('.') {
            s.push('.');
        }
    }
    s.push_str(&approval);
    s.push(' ');
    if missing.is_empty() {
        s.push_str(&tr(language, "Check it and save.", &[]));
    } else {
        let names: Vec<String> = missing.iter().map(|f| label(f, language)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        s.push_str(&tr(language, "Please add the {fields} and save.", &[("fields", &join_and(&names, language))]));
    }
    s
}

// ---- formatting -------------------------------------------------------------------------------------------------

/// "45 minutes", "1 hour 20 minutes" (English; [`speech::minutes`] in a language).
pub fn minutes(m: i64) -> String {
    speech::minutes(m, Language::En)
}

fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let cut: String = s.chars().take(max).collect();
        format!("{}…", cut.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::{BreakFields, LeaveFields};

    #[test]
    fn durations_read_naturally() {
        assert_eq!(minutes(45), "45 minutes");
        assert_eq!(minutes(60), "1 hour");
        assert_eq!(minutes(80), "1 hour 20 minutes");
        assert_eq!(minutes(121), "2 hours 1 minute");
    }

    #[test]
    fn a_break_summary_names_what_is_missing() {
        let p = Proposal::Break(BreakFields {
            break_type: "Coffee Break".into(),
            start_time: "15:00".into(),
            end_time: String::new(),
            created_date: "2026-03-11".into(),
            reason: String::new(),
        });
        assert_eq!(
            proposal_summary(&p, &["endTime".to_string()], &FieldErrors::new(), None, &[], Language::En),
            "Here is your Coffee Break on 11/03/2026, from 3:00 pm. Please add the end time and save."
        );
    }

    #[test]
    fn a_leave_summary_counts_days() {
        let p = Proposal::Leave(LeaveFields {
            from_date: "2026-03-16".into(),
            to_date: "2026-03-18".into(),
            reason: "Vacation".into(),
            days: Some(3),
            type_id: None,
        });
        assert_eq!(
            proposal_summary(&p, &[], &FieldErrors::new(), None, &[], Language::En),
            "Here is your leave from 16/03/2026 to 18/03/2026 (3 days) (Vacation). Check it and save."
        );
    }

    #[test]
    fn a_leave_summary_names_its_type_and_the_wait_for_approval() {
        let leave = |reason: &str| {
            Proposal::Leave(LeaveFields {
                from_date: "2026-03-16".into(),
                to_date: "2026-03-18".into(),
                reason: reason.into(),
                days: Some(3),
                type_id: Some("00000000000000000000000001".into()),
            })
        };
        let vacation = LeaveTypeInfo { name: "Vacation".into(), awaits_approval: true };
        assert_eq!(
            proposal_summary(&leave("Vacation"), &[], &FieldErrors::new(), Some(&vacation), &[], Language::En),
            "Here is your Vacation leave from 16/03/2026 to 18/03/2026 (3 days). Vacation leave needs approval: once \
             you save it, it waits for an admin or HR to approve it. Check it and save."
        );
        let parental = LeaveTypeInfo { name: "Parental leave".into(), awaits_approval: false };
        assert_eq!(
            proposal_summary(&leave("Baby due"), &[], &FieldErrors::new(), Some(&parental), &[], Language::En),
            "Here is your Parental leave from 16/03/2026 to 18/03/2026 (3 days) (Baby due). Check it and save."
        );
    }

    #[test]
    fn a_summary_speaks_the_persons_language() {
        let p = Proposal::Break(BreakFields {
            break_type: "Coffee Break".into(),
            start_time: "15:00".into(),
            end_time: String::new(),
            created_date: "2026-03-11".into(),
            reason: String::new(),
        });
        let missing = ["endTime".to_string()];
        assert_eq!(
            proposal_summary(&p, &missing, &FieldErrors::new(), None, &[], Language::De),
            "Hier ist deine Pause (Kaffeepause) am 11.03.2026, ab 15:00. Bitte ergänze: Endzeit, und speichere."
        );
        assert_eq!(
            proposal_summary(&p, &missing, &FieldErrors::new(), None, &[], Language::Fr),
            "Voici votre pause (Pause café) le 11/03/2026, à partir de 15:00. Veuillez ajouter : heure de fin, puis \
             enregistrez."
        );
        let today = d("2026-03-11");
        let next_week = DateRange { from: d("2026-03-16"), to: d("2026-03-22") };
        assert_eq!(
            who_is_off(&[], next_week, today, &UserId::new(), Language::Es),
            "Nadie está ausente la semana que viene (del 16/03/2026 al 22/03/2026)."
        );
    }

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_days_of_a_question_in_words() {
        let today = d("2026-03-11");
        let span = |a: &str, b: &str| DateRange { from: d(a), to: d(b) };
        assert_eq!(period_words(span("2026-03-11", "2026-03-11"), today, Language::En), "today");
        assert_eq!(period_words(span("2026-03-12", "2026-03-12"), today, Language::En), "tomorrow");
        assert_eq!(period_words(span("2026-03-13", "2026-03-13"), today, Language::En), "on Friday 13/03/2026");
        assert_eq!(
            period_words(span("2026-03-16", "2026-03-22"), today, Language::En),
            "next week (16/03/2026 to 22/03/2026)"
        );
        assert_eq!(
            period_words(span("2026-03-09", "2026-03-15"), today, Language::En),
            "this week (09/03/2026 to 15/03/2026)"
        );
        assert_eq!(
            period_words(span("2026-03-16", "2026-03-18"), today, Language::En),
            "from 16/03/2026 to 18/03/2026"
        );
    }
}
