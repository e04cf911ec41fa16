//! Taking one's data out: a person's own records (`GET /user/export`) or the whole team's (`GET /admin/export`, admins)
//! as one ZIP of JSON and CSV files with a README of the fields. See `docs/data-transfer.md`.
//!
//! Every read is a Query on the person's or the team's keys, through the layers' own list functions (no Scan). No
//! secret leaves: the profile is written without its password hash and token version, calendar feeds without their
//! token (only id, scope and creation), webhooks and push subscriptions not at all.
//!
//! The export lives with the records, which are most of it; the layers above add their own kinds through
//! [`ExportPart`] (working time its periods, schedules, overtime and timesheets; notifications the person's
//! settings), which the composition root hands to [`run`], so this layer never names them. The files keep one order
//! however many parts there are ([`ABOUT`]'s).
//!
//! [`run`] is the one function an export goes through (the audit entry of "an export was run" belongs to it).

use std::io::Write;

use async_trait::async_trait;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::reports::csv_safe;
use crate::Owner;
use crate::{allowances, break_types, breaks, checklist, feeds, leave_types, leaves, meetings, tasks, DateRange};
use bt_accounts::{get_user, team_members, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::TeamId;

/// The kinds a layer above records adds to an export.
#[async_trait]
pub trait ExportPart: Send + Sync {
    /// One person's kinds.
    async fn person(&self, store: &dyn Table, user: &User) -> AppResult<Vec<Kind>>;
    /// The team's own kinds, written once beside every member's (a person kind of the same name is then left out of
    /// the members' files).
    async fn team(&self, _store: &dyn Table, _team_id: &TeamId) -> AppResult<Vec<Kind>> {
        Ok(Vec::new())
    }
}

/// Whose data an export holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The caller's own records (anyone signed in).
    Mine,
    /// Every member's records and the team's settings (admins).
    Team,
}

/// A finished export: the ZIP and the name to save it under.
#[derive(Debug, Clone)]
pub struct Archive {
    pub filename: String,
    pub bytes: Vec<u8>,
    /// Records written (rows over all kinds), for the note's figures and logs.
    pub records: usize,
}

/// One kind of record: `<name>.json` and `<name>.csv` in the ZIP.
pub struct Kind {
    pub name: &'static str,
    pub rows: Vec<Value>,
}

/// Runs an export: the caller's data or (admins) the team's, as one ZIP. Members asking for the team's are 403.
pub async fn run(
    services: &Services,
    caller: &User,
    scope: Scope,
    now: DateTime<Utc>,
    parts: &[&dyn ExportPart],
) -> AppResult<Archive> {
    let store = services.table();
    let mut kinds = match scope {
        Scope::Mine => person_kinds(store, caller, now, parts).await?,
        Scope::Team => {
            caller.require_admin()?;
            team_kinds(store, caller, now, parts).await?
        }
    };
    kinds.sort_by_key(|kind| ABOUT.iter().position(|(name, _)| *name == kind.name).unwrap_or(ABOUT.len()));
    let day = Owner::of(caller).today(now);
    let which = if scope == Scope::Mine { "my-data" } else { "team-data" };
    let filename = format!("breaktime-{which}-{day}.zip");
    let records: usize = kinds.iter().map(|k| k.rows.len()).sum();
    // The download is logged before it is handed out: when the entry cannot be written, there is no file.
    let logged = bt_accounts::audit::Entry::by(caller, bt_accounts::audit::Action::ExportRun, now);
    let logged = match scope {
        Scope::Mine => logged.whose(&caller.id, &caller.name).about(format!("my data: {records} records")),
        Scope::Team => logged.about(format!("team data: {records} records")),
    };
    bt_accounts::audit::append(store, &logged).await?;
    let bytes = zip_of(&kinds, scope, now)?;
    Ok(Archive { filename, bytes, records })
}

/// Every day a record can carry (the years a `Day` holds).
pub fn all_time() -> DateRange {
    DateRange {
        from: NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date"),
        to: NaiveDate::from_ymd_opt(2999, 12, 31).expect("a date"),
    }
}

/// Records as the rows of a kind.
pub fn values<T: Serialize>(records: &[T]) -> AppResult<Vec<Value>> {
    records.iter().map(|r| serde_json::to_value(r).map_err(|e| AppError::Internal(e.into()))).collect()
}

/// The profile as exported: what the person sees of their account, never the password hash or the token version.
fn profile(user: &User) -> Value {
    json!({
        "userId": user.id,
        "name": user.name,
        "email": user.email,
        "verified": user.verified,
        "teamId": user.team_id,
        "role": user.role.as_str(),
        "timeZone": user.time_zone,
        "language": user.language,
        "pendingEmail": user.pending_email,
        "createdAt": user.created_at,
    })
}

/// The kinds of one person, each in the order its list gives.
async fn person_kinds(
    store: &dyn Table,
    user: &User,
    now: DateTime<Utc>,
    parts: &[&dyn ExportPart],
) -> AppResult<Vec<Kind>> {
    let range = all_time();
    let owner = Owner::of(user);
    let id = &user.id;
    let mut feed_rows = values(&feeds::feeds_of(store, id).await?)?;
    for row in &mut feed_rows {
        if let Value::Object(map) = row {
            map.insert("userId".into(), json!(id));
        }
    }
    let mut balance =
        serde_json::to_value(allowances::my_balance(store, &owner, None, now).await?).map_err(internal)?;
    if let Value::Object(map) = &mut balance {
        map.entry("userId").or_insert(json!(id));
        map.entry("year").or_insert(json!(owner.today(now).year()));
    }
    let mut kinds = vec![
        Kind { name: "profile", rows: vec![profile(user)] },
        Kind { name: "breaks", rows: values(&breaks::breaks_in(store, id, range).await?)? },
        Kind { name: "tasks", rows: values(&tasks::tasks_in(store, id, range).await?)? },
        Kind { name: "leaves", rows: values(&leaves::leaves_in(store, id, range).await?)? },
        Kind { name: "leave-balance", rows: vec![balance] },
        Kind { name: "meetings", rows: values(&meetings::meetings_in(store, id, range).await?)? },
        Kind { name: "checklist", rows: values(&checklist::items_in(store, id, range).await?)? },
        Kind { name: "calendar-feeds", rows: feed_rows },
    ];
    for part in parts {
        kinds.extend(part.person(store, user).await?);
    }
    Ok(kinds)
}

/// Every member's kinds, one file per kind over all members (each row names its `userId`), and the team's settings.
async fn team_kinds(
    store: &dyn Table,
    admin: &User,
    now: DateTime<Utc>,
    parts: &[&dyn ExportPart],
) -> AppResult<Vec<Kind>> {
    let team_id = &admin.team_id;
    let mut team_own: Vec<Kind> = Vec::new();
    for part in parts {
        team_own.extend(part.team(store, team_id).await?);
    }
    let mut kinds: Vec<Kind> = Vec::new();
    for member in team_members(store, team_id).await? {
        // A member whose account is gone (or moved) meanwhile has nothing of this team left to export.
        let Some(user) = get_user(store, &member.user_id).await? else { continue };
        if &user.team_id != team_id {
            continue;
        }
        for kind in person_kinds(store, &user, now, parts).await? {
            // What the team has as its own (its timesheets) is written once below, for every member.
            if team_own.iter().any(|own| own.name == kind.name) {
                continue;
            }
            match kinds.iter_mut().find(|k| k.name == kind.name) {
                Some(existing) => existing.rows.extend(kind.rows),
                None => kinds.push(kind),
            }
        }
    }
    if let Some(profiles) = kinds.iter_mut().find(|k| k.name == "profile") {
        profiles.name = "members";
    }
    let leave_settings = serde_json::to_value(allowances::team_settings(store, team_id).await?).map_err(internal)?;
    let break_types = break_types::repo::BreakTypesRepo::new(store).list(team_id).await?;
    let break_type_rows: Vec<Value> = break_types.into_iter().map(|name| json!({ "name": name })).collect();
    kinds.push(Kind { name: "leave-types", rows: values(&leave_types::team_leave_types(store, team_id, now).await?)? });
    kinds.push(Kind { name: "break-types", rows: break_type_rows });
    kinds.push(Kind { name: "leave-settings", rows: vec![leave_settings] });
    kinds.extend(team_own);
    Ok(kinds)
}

/// An encoding failure as the internal error it is.
pub fn internal<E: Into<anyhow::Error>>(e: E) -> AppError {
    AppError::Internal(e.into())
}

/// The column names of a kind: every top-level field of its rows, in the order they first appear.
fn columns(rows: &[Value]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for row in rows {
        if let Value::Object(map) = row {
            for key in map.keys() {
                if !names.iter().any(|n| n == key) {
                    names.push(key.clone());
                }
            }
        }
    }
    names
}

/// A cell: text defused like every CSV export's (`csv_safe`), numbers and booleans as they are, lists and objects
/// as their JSON text, absent and null as empty.
fn cell(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => csv_safe(s.clone()),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(other) => csv_safe(other.to_string()),
    }
}

pub(crate) fn csv_of(rows: &[Value]) -> AppResult<Vec<u8>> {
    let names = columns(rows);
    let mut writer = csv::WriterBuilder::new().quote_style(csv::QuoteStyle::NonNumeric).from_writer(Vec::new());
    writer.write_record(&names).map_err(internal)?;
    for row in rows {
        let map = row.as_object().cloned().unwrap_or_else(Map::new);
        writer.write_record(names.iter().map(|n| cell(map.get(n)))).map_err(internal)?;
    }
    writer.into_inner().map_err(|e| internal(anyhow::anyhow!("{e}")))
}

fn zip_of(kinds: &[Kind], scope: Scope, now: DateTime<Utc>) -> AppResult<Vec<u8>> {
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip_time(now));
    zip.start_file("README.txt", options).map_err(internal)?;
    zip.write_all(readme(kinds, scope, now).as_bytes()).map_err(internal)?;
    for kind in kinds {
        zip.start_file(format!("{}.json", kind.name), options).map_err(internal)?;
        let json = serde_json::to_vec_pretty(&kind.rows).map_err(internal)?;
        zip.write_all(&json).map_err(internal)?;
        zip.start_file(format!("{}.csv", kind.name), options).map_err(internal)?;
        zip.write_all(&csv_of(&kind.rows)?).map_err(internal)?;
    }
    Ok(zip.finish().map_err(internal)?.into_inner())
}

/// The export's instant as a ZIP entry's date (UTC, to the even second the format holds); without a date every entry
/// would show 1980-01-01 in a file manager.
fn zip_time(now: DateTime<Utc>) -> zip::DateTime {
    use chrono::Timelike;
    u16::try_from(now.year())
        .ok()
        .and_then(|year| {
            zip::DateTime::from_date_and_time(
                year,
                now.month() as u8,
                now.day() as u8,
                now.hour() as u8,
                now.minute() as u8,
                now.second() as u8,
            )
            .ok()
        })
        .unwrap_or_default()
}

fn readme(kinds: &[Kind], scope: Scope, now: DateTime<Utc>) -> String {
    let mut text = String::new();
    let whose = match scope {
        Scope::Mine => "your own records",
        Scope::Team => "the records of every member of your team and the team's settings",
    };
    text.push_str(&format!(
        "Breaktime export of {whose}, made {}.\n\n\
         Every kind of record is here twice: <kind>.json (an array of objects, the API's field names) and <kind>.csv\n\
         (one row per object, one column per top-level field; lists and nested objects are written as their JSON text;\n\
         a text cell starting with =, +, -, @, a tab or a return is prefixed with ' so that a spreadsheet shows it as\n\
         text). Dates are YYYY-MM-DD, times HH:MM (24 h) in the person's time zone, timestamps RFC 3339 UTC.\n\
         No secret is exported: no password hash, no token, no calendar feed address, no webhook or push key.\n",
        crate::timestamp(now)
    ));
    for kind in kinds {
        text.push_str(&format!(
            "\n{0}.json, {0}.csv ({1} rows)\n  {2}\n",
            kind.name,
            kind.rows.len(),
            about(kind.name)
        ));
        let names = columns(&kind.rows);
        if names.is_empty() {
            text.push_str("  (no records)\n");
        }
        for name in names {
            let note = FIELDS.iter().find(|(field, _)| *field == name).map(|(_, note)| *note).unwrap_or("see the JSON");
            text.push_str(&format!("  - {name}: {note}\n"));
        }
    }
    text
}

/// What each file holds (the README is English, as the field names are), in the order the files come.
pub const ABOUT: &[(&str, &str)] = &[
    ("profile", "Your account: name, e-mail, role, time zone and language."),
    ("members", "Each member's account: name, e-mail, role, time zone and language."),
    ("breaks", "Breaks, logged by hand or taken live."),
    ("tasks", "Tasks with their scheduled day, status and priority."),
    ("leaves", "Leaves and leave requests with their type, days and status (pending, approved, declined, cancelled)."),
    ("leave-balance", "The leave balance of the current year, in working days."),
    ("meetings", "Meetings organised or attended, with attendees and answers."),
    ("checklist", "Daily checklist items."),
    ("notification-settings", "Reminder and notice settings (each with its push and e-mail channel)."),
    ("calendar-feeds", "Calendar feeds (their secret address is never exported)."),
    ("work-periods", "Working time: periods clocked or entered by hand, with their change history."),
    ("work-schedules", "Personal weekly work schedules (minutes per weekday, Monday first) and the day they start."),
    ("overtime-adjustments", "Overtime balance adjustments."),
    ("leave-types", "The team's leave types."),
    ("break-types", "The team's break types."),
    ("leave-settings", "The team's leave settings (allowance, working days, holidays region)."),
    ("timesheets", "Monthly timesheets that were handed in or decided: status and history."),
];

fn about(kind: &str) -> &'static str {
    ABOUT.iter().find(|(name, _)| *name == kind).map(|(_, text)| *text).unwrap_or("")
}

/// What the common fields mean (the README lists each file's fields with these notes).
const FIELDS: &[(&str, &str)] = &[
    ("_id", "the record's id (a ULID, sorts by creation time)"),
    ("id", "the record's id"),
    ("userId", "the person the record belongs to"),
    ("teamId", "the team"),
    ("name", "name"),
    ("email", "e-mail address"),
    ("verified", "whether the e-mail address was confirmed"),
    ("role", "admin, hr or member"),
    ("timeZone", "IANA time zone of the person's days"),
    ("language", "the language of the app and mail"),
    ("pendingEmail", "a new e-mail address waiting for confirmation"),
    ("createdAt", "when it was created (RFC 3339 UTC)"),
    ("updatedAt", "when it was last changed (RFC 3339 UTC)"),
    ("joinedAt", "when the member joined"),
    ("startTime", "start, HH:MM"),
    ("endTime", "end, HH:MM (before the start: the next day)"),
    ("duration", "minutes"),
    ("createdDate", "the day (YYYY-MM-DD)"),
    ("reason", "free text"),
    ("type", "the break or leave type"),
    ("isClosed", "the break is finished"),
    ("isModal", "legacy flag of the break dialog"),
    ("live", "taken with start and end rather than logged afterwards"),
    ("title", "title"),
    ("description", "free text"),
    ("scheduled", "the day the task is planned for"),
    ("status", "the record's status"),
    ("priority", "low, medium or high"),
    ("fromDate", "first day (YYYY-MM-DD)"),
    ("toDate", "last day (YYYY-MM-DD)"),
    ("date", "the day (YYYY-MM-DD)"),
    ("start", "start, HH:MM"),
    ("end", "end, HH:MM"),
    ("minutes", "length in minutes"),
    ("nextDay", "the end is on the next day"),
    ("note", "free text"),
    ("source", "clock (clocked in and out) or manual"),
    ("autoClosed", "closed automatically after 16 hours"),
    ("changes", "list of changes: action, by, byName, at, note, previous value"),
    ("month", "YYYY-MM"),
    ("history", "list of submissions and decisions"),
    ("scope", "what the feed shows"),
    ("attendees", "list of invited people and their answers"),
    ("weekdays", "minutes per weekday, Monday first"),
    ("from", "first day it applies"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_columns_are_the_union_of_fields_and_formulas_are_defused() {
        let rows = vec![json!({"a": "=1+1", "b": 2}), json!({"a": "x", "c": [1, 2]})];
        let text = String::from_utf8(csv_of(&rows).unwrap()).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("\"a\",\"b\",\"c\""));
        assert_eq!(lines.next(), Some("\"'=1+1\",2,\"\""));
        assert_eq!(lines.next(), Some("\"x\",\"\",\"[1,2]\""));
    }

    #[test]
    fn every_entry_is_dated_at_the_export_time() {
        let now = "2026-03-11T10:45:17Z".parse::<DateTime<Utc>>().unwrap();
        let kinds = vec![Kind { name: "breaks", rows: vec![json!({"a": 1})] }];
        let bytes = zip_of(&kinds, Scope::Mine, now).unwrap();
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 3);
        for i in 0..archive.len() {
            let entry = archive.by_index(i).unwrap();
            let at = entry.last_modified().expect("a date");
            let name = entry.name().unwrap().to_string();
            // ZIP keeps even seconds: 17 s is written as 16 s.
            assert_eq!(
                (at.year(), at.month(), at.day(), at.hour(), at.minute(), at.second()),
                (2026, 3, 11, 10, 45, 16),
                "{name}"
            );
        }
    }

    #[test]
    fn the_profile_holds_no_secret() {
        let team = bt_accounts::personal_team("Ada", "2025-01-01T00:00:00.000Z");
        let email = "ada@example.com".parse().unwrap();
        let user = User::new_admin("Ada".into(), email, Some("hash".into()), true, &team, Default::default());
        let text = profile(&user).to_string();
        assert!(!text.contains("hash") && !text.contains("tokenVersion"), "{text}");
    }
}
