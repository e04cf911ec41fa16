//! The team's rule set: any member reads it (nothing saved: preset `none`); an admin chooses a preset or the team's
//! own numbers. For `de`, `at` and `uk` the preset's numbers apply whatever is sent (only `optedOut` is taken); for
//! `eu` also the break's length and the reference period; for `custom` every number (a number left out or null is no
//! such rule; a missing `minBlockMinutes` is 0, a missing `referenceWeeks` the default 17).

use bt_accounts::audit::{Action, Entry};
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::model::{BreakTier, Preset, RuleKind, RuleSet, EU_BREAK_MINUTES, REFERENCE_WEEKS};
use super::repo;
use bt_accounts::teams;
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_core::validate::Check;
use bt_records::timestamp;

pub const ADMINS_ONLY: &str = "Only team admins can change the rules.";
pub const BAD_PRESET: &str = "Choose one of none, de, at, uk, eu or custom.";
pub const TOO_MANY_TIERS: &str = "Give at most 4 break tiers.";
pub const BAD_TIER_AFTER: &str = "A break tier starts after 1 to 1440 minutes of work.";
pub const BAD_TIER_MINUTES: &str = "A break tier asks for 1 to 240 minutes.";
pub const BAD_MIN_BLOCK: &str = "Give 0 to 240 minutes.";
pub const BAD_DAY_LIMIT: &str = "Give 60 to 1440 minutes.";
pub const BAD_WEEK_LIMIT: &str = "Give 60 to 10080 minutes.";
pub const BAD_REFERENCE_WEEKS: &str = "Give 1 to 52 weeks.";
pub const NOT_A_MEMBER: &str = "Only members of the team can opt out.";

/// The stored item `TEAM#<t>` / `WORKRULES`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredRules {
    pub rules: RuleSet,
    pub updated_at: String,
    /// The admin who saved it (none for a set seeded without the route).
    #[serde(default)]
    pub updated_by: Option<UserId>,
    pub updated_by_name: String,
}

/// A preset as the settings page shows it: its law, its numbers and the section behind each kind of rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetInfo {
    pub preset: Preset,
    pub law: &'static str,
    pub rules: RuleSet,
    /// Only the kinds the preset has.
    pub sections: BTreeMap<RuleKind, &'static str>,
}

/// `WorkRules` of the contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkRules {
    pub rules: RuleSet,
    pub updated_at: Option<String>,
    /// The name of who saved it.
    pub updated_by: Option<String>,
    pub presets: Vec<PresetInfo>,
}

/// `PUT /work/rules`: every field but `preset` may be left out.
#[derive(Debug, Clone, Default)]
pub struct RulesInput {
    pub preset: Option<String>,
    pub breaks: Option<Vec<TierInput>>,
    pub min_block_minutes: Option<i64>,
    pub max_continuous_minutes: Option<i64>,
    pub max_daily_minutes: Option<i64>,
    pub min_rest_minutes: Option<i64>,
    pub max_weekly_average_minutes: Option<i64>,
    pub reference_weeks: Option<i64>,
    pub opted_out: Option<Vec<String>>,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct TierInput {
    pub after_minutes: Option<i64>,
    pub minutes: Option<i64>,
}

/// The law a preset follows ("" for none and custom).
pub fn law_of(preset: Preset) -> &'static str {
    match preset {
        Preset::De => "Arbeitszeitgesetz (ArbZG)",
        Preset::At => "Arbeitszeitgesetz (AZG)",
        Preset::Uk => "Working Time Regulations 1998",
        Preset::Eu => "Directive 2003/88/EC",
        Preset::None | Preset::Custom => "",
    }
}

pub fn presets() -> Vec<PresetInfo> {
    Preset::ALL
        .into_iter()
        .map(|preset| PresetInfo {
            preset,
            law: law_of(preset),
            rules: RuleSet::preset(preset),
            sections: RuleKind::ALL
                .into_iter()
                .map(|kind| (kind, kind.law(preset)))
                .filter(|(_, section)| !section.is_empty())
                .collect(),
        })
        .collect()
}

/// The team's rule set (the default, preset `none`, when nothing is saved).
pub async fn team_rules(store: &dyn Table, team_id: &TeamId) -> AppResult<RuleSet> {
    Ok(repo::rule_set(store, team_id).await?.map(|s| s.rules).unwrap_or_default())
}

/// Keeps a rule set for the team as given, saved by nobody (seeding, benchmarks and tests; the rules route
/// validates a body first and names its admin).
pub async fn seed(store: &dyn Table, team_id: &TeamId, rules: &RuleSet, now: DateTime<Utc>) -> AppResult<()> {
    let stored = StoredRules {
        rules: rules.clone(),
        updated_at: now.to_rfc3339(),
        updated_by: None,
        updated_by_name: String::new(),
    };
    repo::put_rule_set(store, team_id, &stored, None).await
}

fn answer(stored: Option<StoredRules>) -> WorkRules {
    match stored {
        Some(s) => WorkRules {
            rules: s.rules,
            updated_at: Some(s.updated_at),
            updated_by: Some(s.updated_by_name).filter(|name| !name.is_empty()),
            presets: presets(),
        },
        None => WorkRules { rules: RuleSet::default(), updated_at: None, updated_by: None, presets: presets() },
    }
}

/// `GET /work/rules` (any member).
pub async fn rules_of(app: &Services, user: &User) -> AppResult<WorkRules> {
    let store = app.table();
    Ok(answer(repo::rule_set(store, &user.team_id).await?))
}

fn within(check: &mut Check, field: &str, value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &str) {
    if let Some(v) = value {
        check.rule(field, range.contains(&v), message);
    }
}

/// The set an input asks for, checked (422, field by field).
pub fn validate(input: &RulesInput) -> AppResult<(RuleSet, Vec<String>)> {
    let mut check = Check::new();
    let preset = input.preset.as_deref().map(str::trim).and_then(Preset::parse);
    check.rule("preset", preset.is_some(), BAD_PRESET);
    let tiers = input.breaks.clone().unwrap_or_default();
    check.rule("breaks", tiers.len() <= 4, TOO_MANY_TIERS);
    for (i, tier) in tiers.iter().enumerate() {
        let after = tier.after_minutes.unwrap_or(0);
        let minutes = tier.minutes.unwrap_or(0);
        check.rule(&format!("breaks[{i}].afterMinutes"), (1..=1440).contains(&after), BAD_TIER_AFTER);
        check.rule(&format!("breaks[{i}].minutes"), (1..=240).contains(&minutes), BAD_TIER_MINUTES);
    }
    within(&mut check, "minBlockMinutes", input.min_block_minutes, 0..=240, BAD_MIN_BLOCK);
    within(&mut check, "maxContinuousMinutes", input.max_continuous_minutes, 60..=1440, BAD_DAY_LIMIT);
    within(&mut check, "maxDailyMinutes", input.max_daily_minutes, 60..=1440, BAD_DAY_LIMIT);
    within(&mut check, "minRestMinutes", input.min_rest_minutes, 60..=1440, BAD_DAY_LIMIT);
    within(&mut check, "maxWeeklyAverageMinutes", input.max_weekly_average_minutes, 60..=10080, BAD_WEEK_LIMIT);
    within(&mut check, "referenceWeeks", input.reference_weeks, 1..=52, BAD_REFERENCE_WEEKS);
    check.finish()?;
    let preset = preset.expect("checked");
    let tiers: Vec<BreakTier> = tiers
        .iter()
        .map(|t| BreakTier { after_minutes: t.after_minutes.unwrap_or(0), minutes: t.minutes.unwrap_or(0) })
        .collect();
    let reference_weeks = input.reference_weeks.map(|w| w as u32);
    let mut rules = RuleSet::preset(preset);
    match preset {
        Preset::Eu => {
            let length = tiers.first().map(|t| t.minutes).unwrap_or(EU_BREAK_MINUTES);
            rules.breaks = vec![BreakTier { after_minutes: 6 * 60, minutes: length }];
            rules.min_block_minutes = length;
            rules.reference_weeks = reference_weeks.unwrap_or(REFERENCE_WEEKS);
        }
        Preset::Custom => {
            let mut tiers = tiers;
            tiers.sort_by_key(|t| t.after_minutes);
            rules = RuleSet {
                preset,
                breaks: tiers,
                min_block_minutes: input.min_block_minutes.unwrap_or(0),
                max_continuous_minutes: input.max_continuous_minutes,
                max_daily_minutes: input.max_daily_minutes,
                min_rest_minutes: input.min_rest_minutes,
                max_weekly_average_minutes: input.max_weekly_average_minutes,
                reference_weeks: reference_weeks.unwrap_or(REFERENCE_WEEKS),
                opted_out: Vec::new(),
            };
        }
        Preset::None | Preset::De | Preset::At | Preset::Uk => {}
    }
    let mut opted: Vec<String> = input
        .opted_out
        .clone()
        .unwrap_or_default()
        .into_iter()
        .map(|id| id.trim().to_string())
        .filter(|id| !id.is_empty())
        .collect();
    opted.sort();
    opted.dedup();
    Ok((rules, opted))
}

/// `PUT /work/rules` (admins; others 403): saves the set and answers it.
pub async fn set_rules(app: &Services, admin: &User, input: &RulesInput, now: DateTime<Utc>) -> AppResult<WorkRules> {
    let store = app.table();
    if admin.role != bt_accounts::Role::Admin {
        return Err(AppError::Forbidden(ADMINS_ONLY.into()));
    }
    let (mut rules, opted) = validate(input)?;
    if !opted.is_empty() {
        let members = teams::team_members(store, &admin.team_id).await?;
        let ids: Vec<UserId> = opted
            .iter()
            .filter_map(|raw| members.iter().find(|m| m.user_id.as_str().eq_ignore_ascii_case(raw)))
            .map(|m| m.user_id.clone())
            .collect();
        if ids.len() != opted.len() {
            return Err(AppError::field("optedOut", NOT_A_MEMBER));
        }
        rules.opted_out = ids;
    }
    let stored = StoredRules {
        rules,
        updated_at: timestamp(now),
        updated_by: Some(admin.id.clone()),
        updated_by_name: admin.name.clone(),
    };
    let before = repo::rule_set(store, &admin.team_id).await?.map(|s| s.rules);
    let logged = Entry::by(admin, Action::WorkRulesChanged, now)
        .about(stored.rules.preset.tag())
        .change(before.as_ref(), Some(&stored.rules));
    repo::put_rule_set(store, &admin.team_id, &stored, Some(&logged)).await?;
    tracing::info!(team = %admin.team_id, preset = stored.rules.preset.tag(), "work rules saved");
    Ok(answer(Some(stored)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(preset: &str) -> RulesInput {
        RulesInput { preset: Some(preset.into()), ..RulesInput::default() }
    }

    #[test]
    fn a_national_preset_keeps_its_numbers() {
        let mut i = input("de");
        i.max_daily_minutes = Some(900);
        i.breaks = Some(vec![TierInput { after_minutes: Some(60), minutes: Some(5) }]);
        assert_eq!(validate(&i).unwrap().0, RuleSet::preset(Preset::De));
    }

    #[test]
    fn the_eu_preset_takes_its_break_length_and_reference_period() {
        let mut i = input("eu");
        i.breaks = Some(vec![TierInput { after_minutes: Some(300), minutes: Some(20) }]);
        i.reference_weeks = Some(4);
        let (rules, _) = validate(&i).unwrap();
        assert_eq!(rules.breaks, vec![BreakTier { after_minutes: 360, minutes: 20 }]);
        assert_eq!(rules.reference_weeks, 4);
        assert_eq!(rules.max_weekly_average_minutes, Some(48 * 60));
    }

    #[test]
    fn numbers_out_of_range_are_field_errors() {
        let mut i = input("custom");
        i.breaks = Some(vec![TierInput { after_minutes: Some(0), minutes: Some(300) }]);
        i.max_daily_minutes = Some(30);
        i.reference_weeks = Some(60);
        assert!(validate(&i).is_err());
        assert!(validate(&input("fr")).is_err());
    }
}
