//! The key grammar (`shared/core/src/keys.rs`) and the data-model document (`infra/docs/data-model.md`) tell the same
//! story: every key part in the document's item table is one a builder of `keys.rs` makes, every builder's key is
//! named in the document, and every builder is rendered here. Each builder is called with placeholders (ids, dates
//! and names as `<>`), and the document's `<userId>`, `<date>`, ... are read as `<>` too, so a key that changes on
//! one side only fails this test.

use std::collections::BTreeSet;

use bt_core::keys::{self, RecordKind};
use bt_core::store::Key;
use bt_core::types::{Email, RecordId, TeamId, UserId};
use bt_testkit::repo;

/// An id, a year, a number and an address that stand for a placeholder: rendered keys read them as `<>`.
const ID: &str = "01HZX3Y8Q2W5E7R9T1V3B5N7M9";
const NUMBER: i32 = 2999;
const ADDRESS: &str = "placeholder@example.com";
const P: &str = "<>";

/// What a builder makes: a key (both parts count) or one key part.
enum Made {
    Key(Key),
    Part(String),
}

impl From<Key> for Made {
    fn from(key: Key) -> Made {
        Made::Key(key)
    }
}

impl From<String> for Made {
    fn from(part: String) -> Made {
        Made::Part(part)
    }
}

/// Every builder of `keys.rs`, by name, with what it makes from placeholders.
fn rendered() -> Vec<(&'static str, Vec<Made>)> {
    let (u, t, r) = (UserId::parse(ID).unwrap(), TeamId::parse(ID).unwrap(), RecordId::parse(ID).unwrap());
    let email = Email::parse(ADDRESS).unwrap();
    let kinds = [
        RecordKind::Break,
        RecordKind::Task,
        RecordKind::Leave,
        RecordKind::Meeting,
        RecordKind::Checklist,
        RecordKind::Work,
    ];
    macro_rules! one {
        ($name:ident $(, $arg:expr)*) => {
            (stringify!($name), vec![Made::from(keys::$name($($arg),*))])
        };
    }
    vec![
        // accounts
        one!(user, &u),
        one!(email, &email),
        one!(team, &t),
        one!(team_pk, &t),
        one!(team_index_prefix, &t),
        one!(member, &t, &u),
        one!(invitation, P),
        one!(team_invites_gsi, &t),
        one!(refresh_token, P),
        one!(session_family, &u, P),
        one!(api_token, &u, P),
        one!(api_token_secret, P),
        one!(email_token, P),
        one!(oauth_state, P),
        one!(audit_entry, &t, P, P),
        one!(audit_sk, P, P),
        one!(audit_pk, &t),
        one!(contact_message, P, P),
        one!(rate_limit, P, P, NUMBER as i64),
        // records
        one!(user_pk, &u),
        ("record", kinds.iter().map(|k| keys::record(&u, *k, &r).into()).collect()),
        ("record_by_date_gsi", kinds.iter().map(|k| keys::record_by_date_gsi(&u, *k).into()).collect()),
        one!(open_break, &u),
        one!(team_on_break, &t, &u),
        one!(team_leaves_gsi, &t),
        one!(checklist_features_gsi, &u),
        one!(team_break_types, &t),
        one!(team_breaks_gsi, &t),
        one!(team_tasks_gsi, &t),
        one!(leave_guard, &u),
        one!(leave_type, &t, &r),
        one!(leave_request, &t, &r),
        one!(team_pending_gsi, &t),
        one!(leave_settings, &t),
        one!(team_sso, &t),
        one!(holiday_place, &t),
        one!(team_holidays, &t, NUMBER),
        one!(allowance, &t, NUMBER, &u),
        one!(allowance_prefix, NUMBER),
        // working time
        one!(team_work_gsi, &t),
        one!(work_by_date_sk, P, P, &r),
        one!(team_work_sk, P, &u, &r),
        one!(work_deleted_sk, P, &r),
        one!(work_deleted_gsi, &u),
        one!(team_work_deleted_gsi, &t),
        one!(team_member_schedules_gsi, &t),
        one!(team_member_schedule_sk, &u, P),
        one!(open_work, &u),
        one!(work_cap, &u),
        one!(break_guard, &u),
        one!(team_working, &t, &u),
        one!(work_schedule, &t),
        one!(work_rules, &t),
        one!(finding_note, &u, P, P),
        one!(team_finding_notes_gsi, &t),
        one!(team_finding_note_sk, P, &u, P),
        one!(member_schedule, &u, P),
        one!(work_start, &t, &u),
        one!(overtime_carry, &u),
        one!(overtime_adjustment, &u, &r),
        one!(timesheet, &t, P, &u),
        one!(timesheet_month_prefix, P),
        one!(timesheet_lock, &u, P),
        one!(timesheet_figures, &t, P, &u),
        one!(timesheet_figures_month_prefix, P),
        one!(timesheet_figures_gsi, &u),
        // breaks
        one!(day_prefix, P),
        one!(break_by_date_sk, P, P, &r),
        one!(team_break_sk, P, &u, &r),
        // daily checklist
        one!(checklist_by_date_sk, P, &r),
        // calendar feeds
        one!(calendar_feed, &u, &r),
        one!(calendar_feed_token, P),
        // tasks
        one!(task_by_date_sk, P, &r),
        one!(team_task_sk, P, &u, &r),
        // meetings
        one!(meeting_by_date_sk, P, P, &r),
        one!(meetings_from_sk, P, P),
        one!(after_day_sk, P),
        // leaves
        one!(leave_by_date_sk, P, &r),
        one!(team_leave_sk, P, &u, &r),
        one!(leaves_starting_by_sk, P),
        one!(leaves_ending_from_sk, P),
        // idempotent writes
        one!(idempotency, &u, P),
        // notifications
        one!(notification_settings, &u),
        one!(push_subscription, &u, P),
        one!(reminder, &u, P, P),
        one!(due_gsi, P, NUMBER as u32),
        one!(due_sk, &u, P, P),
        (
            "due_item_sk",
            [
                keys::break_guard(&u).sk,
                keys::work_cap(&u).sk,
                keys::hook_daily(&t, P).sk,
                keys::hook_delivery(&t, P, P).sk,
            ]
            .iter()
            .map(|sk| keys::due_item_sk(ID, sk).into())
            .collect(),
        ),
        one!(break_guard_sent_subject, P, P),
        one!(scheduler_cursor),
        one!(webhook, &t, P),
        one!(hook_delivery, &t, P, P),
        one!(hook_daily, &t, P),
    ]
}

/// Functions of `keys.rs` that read a key rather than make one.
const READERS: &[&str] = &["invitation_id_of", "calendar_feed_token_of", "api_token_secret_of", "tag", "prefix"];

/// A rendered key part as the document writes it: placeholders as `<>`.
fn as_written(part: &str) -> String {
    part.replace(ID, P).replace(ADDRESS, P).replace(&NUMBER.to_string(), P)
}

/// The document's placeholders (`<userId>`, `<date>`, `<time, UTC with ms>`) as `<>`.
fn placeholders_folded(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            '<' if !inside => {
                inside = true;
                out.push('<');
            }
            '>' if inside => {
                inside = false;
                out.push('>');
            }
            _ if inside => {}
            _ => out.push(c),
        }
    }
    out
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(placeholders_folded).collect()
}

fn doc() -> String {
    std::fs::read_to_string(repo().join("infra/docs/data-model.md")).expect("read the data-model document")
}

/// The key cells (PK, SK, GSI1, GSI2) of the document's item table, each key part in them.
fn item_table_keys(doc: &str) -> BTreeSet<String> {
    let table = doc.split("## Items").nth(1).expect("an Items section").split("\n## ").next().unwrap();
    let mut parts = BTreeSet::new();
    for row in table.lines().filter(|l| l.starts_with('|')).skip(2) {
        let cells: Vec<&str> = row.split('|').collect();
        for cell in cells.iter().skip(2).take(4) {
            for part in backticked(cell) {
                let is_key = part.chars().all(|c| c.is_ascii_alphanumeric() || "#<>_.~-".contains(c))
                    && (part.contains('#') || part.chars().all(|c| c.is_ascii_uppercase()));
                if is_key && !part.is_empty() {
                    parts.insert(part);
                }
            }
        }
    }
    parts
}

fn made_parts(made: &[Made]) -> Vec<String> {
    made.iter()
        .flat_map(|m| match m {
            Made::Key(k) => vec![as_written(&k.pk), as_written(&k.sk)],
            Made::Part(p) => vec![as_written(p)],
        })
        .collect()
}

#[test]
fn every_key_of_the_item_table_is_made_in_keys_rs() {
    let made: BTreeSet<String> = rendered().iter().flat_map(|(_, m)| made_parts(m)).collect();
    let documented = item_table_keys(&doc());
    assert!(documented.len() > 60, "the item table was not read: {documented:?}");
    let missing: Vec<&String> = documented.iter().filter(|p| !made.contains(*p)).collect();
    assert!(missing.is_empty(), "key parts the data-model document names and no builder of keys.rs makes: {missing:?}");
}

#[test]
fn every_key_keys_rs_makes_is_in_the_document() {
    let written: Vec<String> = backticked(&doc());
    let mut missing = Vec::new();
    for (name, made) in rendered() {
        for part in made_parts(&made) {
            if !written.iter().any(|w| w.contains(&part)) {
                missing.push(format!("{name}: {part}"));
            }
        }
    }
    assert!(missing.is_empty(), "keys of keys.rs the data-model document does not name:\n{}", missing.join("\n"));
}

#[test]
fn every_builder_of_keys_rs_is_rendered_here() {
    let source = std::fs::read_to_string(repo().join("shared/core/src/keys.rs")).unwrap();
    let names: BTreeSet<String> = source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("pub fn "))
        .map(|rest| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
        .collect();
    let rendered: BTreeSet<String> = rendered().iter().map(|(n, _)| n.to_string()).collect();
    let unrendered: Vec<&String> =
        names.iter().filter(|n| !rendered.contains(*n) && !READERS.contains(&n.as_str())).collect();
    assert!(
        unrendered.is_empty(),
        "builders of keys.rs this test does not render (add them to `rendered`): {unrendered:?}"
    );
}

#[test]
fn the_reader_folds_placeholders_and_finds_key_parts() {
    assert_eq!(placeholders_folded("USER#<userId>#BREAK / <time, UTC with ms>#<id>"), "USER#<>#BREAK / <>#<>");
    let doc = "## Items\n\n| Entity | PK | SK | GSI1 | GSI2 | TTL |\n|---|---|---|---|---|---|\n\
               | x | `USER#<id>` | `PROFILE` | `USER#<u>#X` / created | | `deleted: true` |\n\n## Next\n";
    assert_eq!(item_table_keys(doc), BTreeSet::from(["USER#<>".into(), "PROFILE".into(), "USER#<>#X".into()]));
}
