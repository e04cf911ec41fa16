//! The team's break rules: when the next break falls due while on the clock, and whether this week's breaks met
//! them (the week's break findings).

use bt_core::error::AppResult;
use bt_core::i18n::{tr, translate, Language};
use bt_core::services::Services;
use bt_records::Owner;
use bt_work::rules::{findings, settings, RuleKind};
use chrono::{DateTime, Datelike, Duration, Utc};

use crate::speech::{self, date, time};
use crate::understand::{Context, Intent};

/// The team's break rules: when the next break falls due while on the clock, and whether this week's breaks met
/// them (the week's break findings).
pub(super) async fn answer(
    app: &Services,
    owner: &Owner,
    ctx: &Context,
    intent: Intent,
    language: Language,
) -> AppResult<String> {
    let store = app.table();
    let now = ctx.now.with_timezone(&Utc);
    if !settings::team_rules(store, &owner.team_id).await?.is_active() {
        return Ok(tr(language, "Your team follows no break rules, so nothing falls due.", &[]));
    }
    if intent == Intent::NextBreakDue {
        let Some(current) = bt_work::live::current_with_guard(app, owner, language, now).await? else {
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
