//! The compliance report: per member, the findings of a range (at most 366 days), how many days they touch and how
//! many there are of each kind. Admins and HR see everyone (or one member with `userId`); a member sees their own
//! only (another's `userId` is 403). The whole team is one pass of [`findings::team_days_with_findings`].

use chrono::{DateTime, Utc};

use super::findings::{self, DayFinding};
use super::model::{Preset, RuleKind};
use super::settings;
use crate::days::{MAX_SUMMARY_DAYS, RANGE_TOO_LONG};
use crate::model::MemberDay;
use bt_accounts::{teams, users, User};
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::{translate, Language};
use bt_core::services::Services;
use bt_core::types::{Day, UserId};
use bt_records::dates::{computed_day, DateRange};
use bt_records::Owner;

pub const OWN_ONLY: &str = "You can only see your own compliance report.";
pub const MEMBER_NOT_FOUND: &str = "Member not found.";

/// A finding of a member's day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatedFinding {
    pub date: Day,
    pub finding: DayFinding,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberCompliance {
    pub user_id: UserId,
    pub name: String,
    pub days_affected: i64,
    /// How many findings of each kind (every kind present, 0 when none).
    pub counts: Vec<(RuleKind, i64)>,
    pub total: i64,
    pub findings: Vec<DatedFinding>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComplianceReport {
    pub from: Day,
    pub to: Day,
    pub preset: Preset,
    pub members: Vec<MemberCompliance>,
}

fn member_of(user_id: UserId, name: String, days: &[&MemberDay]) -> MemberCompliance {
    let mut findings = Vec::new();
    let mut days_affected = 0;
    for d in days {
        if !d.day.findings.is_empty() {
            days_affected += 1;
        }
        findings.extend(d.day.findings.iter().map(|f| DatedFinding { date: d.day.date, finding: f.clone() }));
    }
    let counts: Vec<(RuleKind, i64)> = RuleKind::ALL
        .into_iter()
        .map(|k| (k, findings.iter().filter(|f| f.finding.finding.rule == k).count() as i64))
        .collect();
    MemberCompliance { user_id, name, days_affected, total: findings.len() as i64, counts, findings }
}

/// `GET /reports/compliance?from=&to=&userId=`.
pub async fn compliance(
    app: &Services,
    viewer: &User,
    range: DateRange,
    user_id: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<ComplianceReport> {
    let store = app.table();
    if range.days() > MAX_SUMMARY_DAYS {
        return Err(AppError::field("to", RANGE_TOO_LONG));
    }
    let wanted = user_id.map(str::trim).filter(|v| !v.is_empty());
    let rules = settings::team_rules(store, &viewer.team_id).await?;
    let one = |owner: Owner, days: Vec<crate::WorkDay>| {
        let member_days: Vec<MemberDay> = days
            .into_iter()
            .map(|day| MemberDay { user_id: owner.user_id.clone(), name: owner.name.clone(), day })
            .collect();
        member_of(owner.user_id.clone(), owner.name.clone(), &member_days.iter().collect::<Vec<_>>())
    };
    let members = match wanted {
        Some(w) if !w.eq_ignore_ascii_case(viewer.id.as_str()) => {
            if !viewer.role.sees_reports() {
                return Err(AppError::Forbidden(OWN_ONLY.into()));
            }
            let not_found = || AppError::NotFound(MEMBER_NOT_FOUND.into());
            let id = UserId::parse(w).map_err(|_| not_found())?;
            if !teams::is_member(store, &viewer.team_id, &id).await? {
                return Err(not_found());
            }
            let user =
                users::get_user(store, &id).await?.filter(|u| u.team_id == viewer.team_id).ok_or_else(not_found)?;
            let owner = Owner::of(&user);
            let days = findings::days_with_findings(store, &owner, range.from, range.to, now).await?;
            vec![one(owner, days)]
        }
        None if viewer.role.sees_reports() => {
            let all = findings::team_days_with_findings(store, &viewer.team_id, viewer.tz(), range.from, range.to, now)
                .await?;
            let team = teams::team_members(store, &viewer.team_id).await?;
            let mut out: Vec<MemberCompliance> = team
                .into_iter()
                .map(|m| {
                    let mine: Vec<&MemberDay> = all.iter().filter(|d| d.user_id == m.user_id).collect();
                    member_of(m.user_id, m.name, &mine)
                })
                .collect();
            out.sort_by_key(|m| m.name.to_lowercase());
            out
        }
        _ => {
            let owner = Owner::of(viewer);
            let days = findings::days_with_findings(store, &owner, range.from, range.to, now).await?;
            vec![one(owner, days)]
        }
    };
    Ok(ComplianceReport { from: computed_day(range.from)?, to: computed_day(range.to)?, preset: rules.preset, members })
}

/// The CSV's columns.
pub const CSV_HEADER: [&str; 8] = ["Member", "Date", "Rule", "Law", "When", "Minutes missing", "Message", "Note"];

/// The compliance report's CSV rows (messages in `language`), one a finding.
pub fn csv_rows(report: &ComplianceReport, language: Language) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let rows = report
        .members
        .iter()
        .flat_map(|m| {
            m.findings.iter().map(|f| {
                let finding = &f.finding.finding;
                vec![
                    m.name.clone(),
                    bt_records::dates::format_date(f.date.date()),
                    finding.rule.tag().to_string(),
                    finding.law.clone(),
                    finding.when.clone(),
                    finding.minutes_missing.to_string(),
                    translate(language, &finding.message),
                    f.finding.note.as_ref().map(|n| n.text.clone()).unwrap_or_default(),
                ]
            })
        })
        .collect();
    (CSV_HEADER.to_vec(), rows)
}

/// `GET /reports/export/compliance?from=&to=&userId=`: the report as CSV rows.
pub async fn compliance_csv(
    app: &Services,
    viewer: &User,
    range: DateRange,
    user_id: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<(Vec<&'static str>, Vec<Vec<String>>)> {
    let report = compliance(app, viewer, range, user_id, now).await?;
    Ok(csv_rows(&report, viewer.language()))
}
