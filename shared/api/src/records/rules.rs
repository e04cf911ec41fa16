//! Break and rest rules: the team's rule set (`WorkRules`), the body that sets it, the findings of a day with their
//! notes, and the compliance report. Finding messages leave the domain in English; a handler puts them in the
//! caller's language with [`localize`] (or the `localized` of the shape that holds them).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::convert::Convert;
use crate::wire;
use bt_app::i18n::{translate, Language};
use bt_app::types::{Day, UserId};
use bt_app::work::rules::{self as dom, findings, notes, report, settings};

wire! { from dom::Preset;
    /// Which rule set a team follows: none, a country's law (de, at, uk), the EU minimum, or the team's own numbers.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum Preset { None, De, At, Uk, Eu, Custom }
}

wire! { from dom::RuleKind;
    /// The kind of rule a finding is about.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub enum RuleKind { Break, Continuous, DailyMax, Rest, WeeklyAverage }
}

wire! { from dom::BreakTier;
    /// A break of `minutes` is due once the day's net working time is more than `afterMinutes`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct BreakTier {
        pub after_minutes: i64,
        pub minutes: i64,
    }
}

wire! { from dom::RuleSet;
    /// A rule set's numbers (minutes; null: no such rule).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct RuleSetBody {
        pub preset: Preset,
        /// By `afterMinutes`; the longest break due applies, not the sum.
        pub breaks: Vec<BreakTier>,
        /// A break counts only in blocks of at least this many minutes (0: any length).
        pub min_block_minutes: i64,
        #[schema(nullable, required = true)]
        pub max_continuous_minutes: Option<i64>,
        #[schema(nullable, required = true)]
        pub max_daily_minutes: Option<i64>,
        #[schema(nullable, required = true)]
        pub min_rest_minutes: Option<i64>,
        #[schema(nullable, required = true)]
        pub max_weekly_average_minutes: Option<i64>,
        pub reference_weeks: u32,
        /// Members who opted out of the weekly maximum.
        #[schema(value_type = Vec<String>)]
        pub opted_out: Vec<UserId>,
    }
}

/// The section of the law behind each kind of rule a preset has ("ArbZG § 4"); a kind the preset lacks is absent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PresetSections {
    #[serde(rename = "break", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub break_section: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub continuous: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub daily_max: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub weekly_average: Option<String>,
}

/// A preset as the settings page offers it: its law, its numbers and its sections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PresetInfo {
    pub preset: Preset,
    /// "Arbeitszeitgesetz (ArbZG)", "Arbeitszeitgesetz (AZG)", "Working Time Regulations 1998",
    /// "Directive 2003/88/EC", or "" (none, custom).
    pub law: String,
    pub rules: RuleSetBody,
    pub sections: PresetSections,
}

impl From<settings::PresetInfo> for PresetInfo {
    fn from(info: settings::PresetInfo) -> Self {
        let section = |kind: dom::RuleKind| info.sections.get(&kind).map(|s| s.to_string());
        PresetInfo {
            preset: info.preset.convert(),
            law: info.law.to_string(),
            sections: PresetSections {
                break_section: section(dom::RuleKind::Break),
                continuous: section(dom::RuleKind::Continuous),
                daily_max: section(dom::RuleKind::DailyMax),
                rest: section(dom::RuleKind::Rest),
                weekly_average: section(dom::RuleKind::WeeklyAverage),
            },
            rules: info.rules.into(),
        }
    }
}

/// The team's rule set (preset `none` when nothing is saved), who saved it when, and the presets to choose from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkRules {
    #[serde(flatten)]
    pub rules: RuleSetBody,
    #[schema(schema_with = crate::schema::stamp_or_null, required = true)]
    pub updated_at: Option<String>,
    /// The name of the admin who saved it.
    #[schema(nullable, required = true)]
    pub updated_by: Option<String>,
    pub presets: Vec<PresetInfo>,
}

impl From<settings::WorkRules> for WorkRules {
    fn from(w: settings::WorkRules) -> Self {
        WorkRules {
            rules: w.rules.into(),
            updated_at: w.updated_at,
            updated_by: w.updated_by,
            presets: w.presets.into_iter().map(PresetInfo::from).collect(),
        }
    }
}

wire! { into settings::TierInput;
    #[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct BreakTierInput {
        #[schema(minimum = 1, maximum = 1440)]
        pub after_minutes: Option<i64>,
        #[schema(minimum = 1, maximum = 240)]
        pub minutes: Option<i64>,
    }
}

wire! { into settings::RulesInput;
    /// The body of `PUT /work/rules`. For de, at and uk the preset's numbers apply whatever is sent (only
    /// `optedOut` is taken); for eu also `breaks[0].minutes` and `referenceWeeks`; for custom every number (one
    /// left out or null is no such rule).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct RuleSetInput {
        #[schema(value_type = String, required = true, pattern = "^(none|de|at|uk|eu|custom)$")]
        pub preset: Option<String>,
        #[schema(max_items = 4)]
        pub breaks: Option<Vec<BreakTierInput>>,
        #[schema(minimum = 0, maximum = 240)]
        pub min_block_minutes: Option<i64>,
        #[schema(minimum = 60, maximum = 1440)]
        pub max_continuous_minutes: Option<i64>,
        #[schema(minimum = 60, maximum = 1440)]
        pub max_daily_minutes: Option<i64>,
        #[schema(minimum = 60, maximum = 1440)]
        pub min_rest_minutes: Option<i64>,
        #[schema(minimum = 60, maximum = 10080)]
        pub max_weekly_average_minutes: Option<i64>,
        #[schema(minimum = 1, maximum = 52)]
        pub reference_weeks: Option<i64>,
        /// Members of the team.
        pub opted_out: Option<Vec<String>>,
    }
}

wire! { from notes::FindingNote;
    /// A note on a finding: its text, who wrote it and when.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct FindingNote {
        pub text: String,
        #[schema(schema_with = crate::schema::ulid)]
        pub by_id: UserId,
        pub by_name: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub at: String,
    }
}

/// One rule a day falls short of. Every rule only warns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub rule: RuleKind,
    /// Local date and time, `YYYY-MM-DDTHH:MM`: the end of the day's work (a break short), the minute a limit was
    /// passed, or the start after a short rest.
    pub when: String,
    /// Minutes of break or rest missing, or over the limit.
    pub minutes_missing: i64,
    /// In the caller's language.
    pub message: String,
    /// The law and section ("ArbZG § 4"; empty for a custom set).
    pub law: String,
    #[schema(nullable, required = true)]
    pub note: Option<FindingNote>,
}

impl Convert<Finding> for findings::DayFinding {
    fn convert(self) -> Finding {
        Finding {
            rule: self.finding.rule.convert(),
            when: self.finding.when,
            minutes_missing: self.finding.minutes_missing,
            message: self.finding.message,
            law: self.finding.law,
            note: self.note.convert(),
        }
    }
}

/// Puts the findings' messages (English catalogue templates) in `language`.
pub fn localize(findings: &mut [Finding], language: Language) {
    for f in findings {
        f.message = translate(language, &f.message);
    }
}

/// The body of `PUT /work/findings/{date}/{rule}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct NoteInput {
    #[schema(min_length = 1, max_length = 500)]
    pub note: Option<String>,
}

/// A finding of a member's day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DatedFinding {
    #[schema(schema_with = crate::schema::date)]
    pub date: Day,
    #[serde(flatten)]
    pub finding: Finding,
}

/// How many findings of each kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplianceCounts {
    #[serde(rename = "break")]
    pub break_count: i64,
    pub continuous: i64,
    pub daily_max: i64,
    pub rest: i64,
    pub weekly_average: i64,
}

/// A member's findings of the range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplianceMember {
    #[schema(schema_with = crate::schema::ulid)]
    pub user_id: UserId,
    pub name: String,
    /// Days with at least one finding.
    pub days_affected: i64,
    pub counts: ComplianceCounts,
    pub total: i64,
    pub findings: Vec<DatedFinding>,
}

/// The compliance report of a range: per member, the findings and their counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ComplianceReport {
    #[schema(schema_with = crate::schema::date)]
    pub from: Day,
    #[schema(schema_with = crate::schema::date)]
    pub to: Day,
    pub preset: Preset,
    pub members: Vec<ComplianceMember>,
}

impl ComplianceReport {
    /// The report with its messages in `language`.
    pub fn localized(report: report::ComplianceReport, language: Language) -> ComplianceReport {
        let members = report
            .members
            .into_iter()
            .map(|m| {
                let mut counts = ComplianceCounts::default();
                for (kind, n) in m.counts {
                    match kind {
                        dom::RuleKind::Break => counts.break_count = n,
                        dom::RuleKind::Continuous => counts.continuous = n,
                        dom::RuleKind::DailyMax => counts.daily_max = n,
                        dom::RuleKind::Rest => counts.rest = n,
                        dom::RuleKind::WeeklyAverage => counts.weekly_average = n,
                    }
                }
                let findings = m
                    .findings
                    .into_iter()
                    .map(|f| {
                        let mut finding: Finding = f.finding.convert();
                        finding.message = translate(language, &finding.message);
                        DatedFinding { date: f.date, finding }
                    })
                    .collect();
                ComplianceMember {
                    user_id: m.user_id,
                    name: m.name,
                    days_affected: m.days_affected,
                    counts,
                    total: m.total,
                    findings,
                }
            })
            .collect();
        ComplianceReport { from: report.from, to: report.to, preset: report.preset.convert(), members }
    }
}
