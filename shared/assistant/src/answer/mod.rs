//! The reply to a message: a short summary, and for a record request the pre-filled action. Questions are answered
//! from the caller's own records and team through the records' and working time's use cases, one file per kind of
//! question, as `understand::kinds` is split by kind of record; [`proposals`] says what a proposed record holds.
//!
//! The reply is in the person's language (their account's, else the request's `Accept-Language`): each sentence is
//! a catalogue entry written here in English ([`tr`]), filled with [`speech`]'s dates, times and counts. What Break
//! Buddy understands stays English.

use bt_core::error::{AppResult, FieldErrors};
use bt_core::i18n::{tr, translate, Language};
use bt_core::services::Services;
use bt_records::dates::DateRange;
use bt_records::Owner;
use serde::Serialize;

use crate::help;
use crate::speech::{self, join_and};
use crate::understand::{Context, Intent, NameChoice, Proposal, Understanding, WorkFields};

mod agenda;
mod balance;
mod break_rules;
mod breaks;
mod off;
mod on_break;
pub mod proposals;
mod tasks;
mod work;

pub use balance::leave_balance;
pub use breaks::{break_minutes_today, break_minutes_week};
pub use off::{period_words, who_is_off};
pub use proposals::{proposal_summary, work_summary, LeaveTypeInfo};
pub use tasks::open_tasks;

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
                    Proposal::Leave(l) => proposals::leave_type_info(app, user, l.type_id.as_deref()).await?,
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

/// The answer to a question about the caller's data, by the kind of question.
async fn answer(
    app: &Services,
    user: &Owner,
    ctx: &Context,
    intent: Intent,
    period: Option<DateRange>,
    language: Language,
) -> AppResult<String> {
    match intent {
        Intent::BreakMinutesToday => breaks::today(app, user, ctx, language).await,
        Intent::BreakMinutesWeek => breaks::week(app, user, ctx, language).await,
        Intent::AgendaToday => agenda::answer(app, user, ctx, language).await,
        Intent::WhoIsOnBreak => on_break::answer(app, user, ctx, language).await,
        Intent::WhoIsOffToday | Intent::WhoIsOff => off::answer(app, user, ctx, period, language).await,
        Intent::LeaveBalance => balance::answer(app, user, ctx, language).await,
        Intent::OpenTasksByPriority => tasks::answer(app, user, ctx, language).await,
        Intent::ClockIn
        | Intent::ClockOut
        | Intent::WorkedToday
        | Intent::WorkedWeek
        | Intent::OvertimeBalance
        | Intent::NextBreakDue
        | Intent::BreaksEnough => work::answer(app, user, ctx, intent, language).await,
        _ => Ok(tr(language, NOT_UNDERSTOOD, &[])),
    }
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
    use crate::understand::BreakFields;
    use bt_core::types::UserId;
    use chrono::NaiveDate;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(minutes(45), "45 minutes");
        assert_eq!(minutes(60), "1 hour");
        assert_eq!(minutes(80), "1 hour 20 minutes");
        assert_eq!(minutes(121), "2 hours 1 minute");
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
}
