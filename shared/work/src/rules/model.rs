//! Rule sets (the team's choice of statutory break and rest rules) and findings, with no store.
//!
//! Every rule only warns: nothing here blocks or changes a record. The presets' numbers, their laws and sections,
//! and the readings chosen where a rule reads two ways are in `docs/break-rules.md`.

use serde::{Deserialize, Serialize};

use bt_core::types::UserId;

/// Which rule set a team follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// No rules: no findings, no guard messages (the default).
    #[default]
    None,
    /// Germany, Arbeitszeitgesetz.
    De,
    /// Austria, Arbeitszeitgesetz.
    At,
    /// United Kingdom, Working Time Regulations 1998.
    Uk,
    /// EU minimum, Directive 2003/88/EC.
    Eu,
    /// The team's own numbers.
    Custom,
}

impl Preset {
    pub const ALL: [Preset; 6] = [Preset::None, Preset::De, Preset::At, Preset::Uk, Preset::Eu, Preset::Custom];

    pub fn tag(self) -> &'static str {
        match self {
            Preset::None => "none",
            Preset::De => "de",
            Preset::At => "at",
            Preset::Uk => "uk",
            Preset::Eu => "eu",
            Preset::Custom => "custom",
        }
    }

    pub fn parse(tag: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.tag() == tag)
    }
}

/// A break of `minutes` is due once the day's net working time is more than `after_minutes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BreakTier {
    pub after_minutes: i64,
    pub minutes: i64,
}

/// A team's rule set: the preset and its thresholds (for a preset, the preset's own numbers, except the settings it
/// leaves open: the EU break's length and reference period; `opted_out` applies to any weekly maximum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleSet {
    pub preset: Preset,
    /// Break tiers, by `after_minutes` ascending; the longest due applies (not the sum).
    pub breaks: Vec<BreakTier>,
    /// A break counts only in blocks of at least this many minutes (0: any length).
    pub min_block_minutes: i64,
    /// At most this many minutes of work in a row without a qualifying break.
    pub max_continuous_minutes: Option<i64>,
    /// At most this many net minutes of work a day.
    pub max_daily_minutes: Option<i64>,
    /// At least this many minutes of rest between the end of one working day and the start of the next.
    pub min_rest_minutes: Option<i64>,
    /// An average week of at most this many net minutes over `reference_weeks` weeks.
    pub max_weekly_average_minutes: Option<i64>,
    pub reference_weeks: u32,
    /// Members who opted out of the weekly maximum (the UK's individual opt-out, regulation 5).
    #[serde(default)]
    pub opted_out: Vec<UserId>,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::preset(Preset::None)
    }
}

/// The default length of the EU preset's break (the Directive leaves it to national law).
pub const EU_BREAK_MINUTES: i64 = 15;
/// The default reference period of an average week (Directive 2003/88/EC art. 16 (b): up to four months).
pub const REFERENCE_WEEKS: u32 = 17;

impl RuleSet {
    /// A preset's own numbers (`Custom` starts from the German ones).
    pub fn preset(preset: Preset) -> RuleSet {
        let none = RuleSet {
            preset,
            breaks: Vec::new(),
            min_block_minutes: 0,
            max_continuous_minutes: None,
            max_daily_minutes: None,
            min_rest_minutes: None,
            max_weekly_average_minutes: None,
            reference_weeks: REFERENCE_WEEKS,
            opted_out: Vec::new(),
        };
        match preset {
            Preset::None => none,
            Preset::De | Preset::Custom => RuleSet {
                breaks: vec![
                    BreakTier { after_minutes: 6 * 60, minutes: 30 },
                    BreakTier { after_minutes: 9 * 60, minutes: 45 },
                ],
                min_block_minutes: 15,
                max_continuous_minutes: Some(6 * 60),
                max_daily_minutes: Some(10 * 60),
                min_rest_minutes: Some(11 * 60),
                ..none
            },
            Preset::At => RuleSet {
                breaks: vec![BreakTier { after_minutes: 6 * 60, minutes: 30 }],
                min_block_minutes: 10,
                max_daily_minutes: Some(12 * 60),
                min_rest_minutes: Some(11 * 60),
                ..none
            },
            Preset::Uk => RuleSet {
                breaks: vec![BreakTier { after_minutes: 6 * 60, minutes: 20 }],
                min_block_minutes: 20,
                min_rest_minutes: Some(11 * 60),
                max_weekly_average_minutes: Some(48 * 60),
                ..none
            },
            Preset::Eu => RuleSet {
                breaks: vec![BreakTier { after_minutes: 6 * 60, minutes: EU_BREAK_MINUTES }],
                min_block_minutes: EU_BREAK_MINUTES,
                min_rest_minutes: Some(11 * 60),
                max_weekly_average_minutes: Some(48 * 60),
                ..none
            },
        }
    }

    /// Whether the set has any rule at all.
    pub fn is_active(&self) -> bool {
        self.preset != Preset::None
    }

    /// The set's tiers by threshold.
    pub fn tiers(&self) -> Vec<BreakTier> {
        let mut tiers = self.breaks.clone();
        tiers.sort_by_key(|t| t.after_minutes);
        tiers
    }

    /// The break due after `worked` net minutes (the longest of the tiers passed; 0 when none is).
    pub fn break_due(&self, worked: i64) -> i64 {
        self.breaks.iter().filter(|t| worked > t.after_minutes).map(|t| t.minutes).max().unwrap_or(0)
    }
}

/// The kinds of rule a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RuleKind {
    /// Too little break for the day's working time.
    Break,
    /// Too long in a row without a qualifying break.
    Continuous,
    /// More than the daily maximum.
    DailyMax,
    /// Too short a rest since the previous working day.
    Rest,
    /// The average week over the reference period is too long.
    WeeklyAverage,
}

impl RuleKind {
    pub const ALL: [RuleKind; 5] =
        [RuleKind::Break, RuleKind::Continuous, RuleKind::DailyMax, RuleKind::Rest, RuleKind::WeeklyAverage];

    pub fn tag(self) -> &'static str {
        match self {
            RuleKind::Break => "break",
            RuleKind::Continuous => "continuous",
            RuleKind::DailyMax => "dailyMax",
            RuleKind::Rest => "rest",
            RuleKind::WeeklyAverage => "weeklyAverage",
        }
    }

    pub fn parse(tag: &str) -> Option<RuleKind> {
        RuleKind::ALL.into_iter().find(|k| k.tag() == tag)
    }

    /// The law and section of `preset` behind this kind of rule ("ArbZG § 4"); empty for a custom set.
    pub fn law(self, preset: Preset) -> &'static str {
        use RuleKind::*;
        match (preset, self) {
            (Preset::De, Break | Continuous) => "ArbZG § 4",
            (Preset::De, DailyMax) => "ArbZG § 3",
            (Preset::De, Rest) => "ArbZG § 5",
            (Preset::At, Break) => "AZG § 11",
            (Preset::At, DailyMax) => "AZG § 9",
            (Preset::At, Rest) => "AZG § 12",
            (Preset::Uk, Break) => "WTR 1998 reg. 12",
            (Preset::Uk, Rest) => "WTR 1998 reg. 10",
            (Preset::Uk, WeeklyAverage) => "WTR 1998 reg. 4",
            (Preset::Eu, Break) => "Directive 2003/88/EC art. 4",
            (Preset::Eu, Rest) => "Directive 2003/88/EC art. 3",
            (Preset::Eu, WeeklyAverage) => "Directive 2003/88/EC art. 6",
            _ => "",
        }
    }
}

/// One rule not met on a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub rule: RuleKind,
    /// When (local date and time, `YYYY-MM-DDTHH:MM`): where the break fell short (the end of the day's work),
    /// the minute a limit was passed, or the start after a short rest.
    pub when: String,
    /// How many minutes are missing (of break or rest) or over (the limit).
    pub minutes_missing: i64,
    /// In English with its values filled in (a catalogue template: `bt_core::i18n::translate` gives it in a language).
    pub message: String,
    /// The law and section ("ArbZG § 4"; empty for a custom set).
    pub law: String,
}
