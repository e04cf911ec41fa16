//! The key grammar of the single table: every key part that joins words with `#` (partition and sort keys, the index
//! pairs `GSI1PK`/`GSI1SK` and `GSI2PK`/`GSI2SK`, and the bounds and prefixes a Query names) is built by a function
//! here, and no other code formats one. The grammar, in short:
//!
//! - partitions: `USER#<userId>` (a person's items), `TEAM#<teamId>` (a team's), `AUDIT#<teamId>`, and a partition of
//!   its own for each look-up by a secret or a name (`EMAIL#`, `INVITE#`, `RT#`, `TOKEN#`, `OAUTH#`, `PAT#`,
//!   `CALTOKEN#`, `CONTACT#`, `RL#`, `SCHEDULER`);
//! - sort keys: `<KIND>#<id>` for a record, `<WORD>#<id>` for the other items of a partition (`MEMBER#<userId>`,
//!   `LEAVETYPE#<id>`, ...), a bare word for an item of which a partition holds one (`PROFILE`, `OPENBREAK`, ...);
//! - index partitions: `USER#<userId>#<KIND>` (a person's records by date), `TEAM#<teamId>#<WORDS>` (a team's), and
//!   `DUE#<minute>#<shard>` (what is due in a minute);
//! - index sort keys start with the date they sort by and end with the id: `<date>#...#<id>`, so a day is
//!   `begins_with <date>#` ([`day_prefix`]) and a range `BETWEEN <from># AND <to>#~`.
//!
//! Ids are ULIDs, so keys that end in an id sort by creation time. The data-model document
//! (`infra/docs/data-model.md`) names every item and the access pattern each key serves; the test
//! `shared/testkit/tests/key_grammar.rs` renders every function here and checks the document against them.
//!
//! Ownership is structural: a user's records live in the user's partition (`USER#<userId>`), team-wide items in
//! the team's (`TEAM#<teamId>`), and every read or write by id builds the key from the caller's own ids.

use crate::store::{attr_str, Item, Key};
use crate::types::{Email, RecordId, TeamId, UserId};

// ---- accounts -------------------------------------------------------------------------------------------------

/// The user's profile: `USER#<id>` / `PROFILE`.
pub fn user(user_id: &UserId) -> Key {
    Key::new(format!("USER#{user_id}"), "PROFILE")
}

/// Uniqueness guard and login look-up: `EMAIL#<lowercased email>` / `EMAIL` → userId ([`Email`] is kept trimmed
/// and in lower case).
pub fn email(email: &Email) -> Key {
    Key::new(format!("EMAIL#{email}"), "EMAIL")
}

pub fn team(team_id: &TeamId) -> Key {
    Key::new(format!("TEAM#{team_id}"), "TEAM")
}

pub fn team_pk(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}")
}

/// The start of every index partition of a team (`TEAM#<teamId>#`): a member's move re-points what follows it.
pub fn team_index_prefix(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#")
}

/// Membership of a user in a team, listed by `TEAM#<teamId>` begins_with `MEMBER#`.
pub fn member(team_id: &TeamId, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("MEMBER#{user_id}"))
}
pub const MEMBER_PREFIX: &str = "MEMBER#";

/// An invitation, found by its token hash; also listed under the team by `GSI1PK = TEAM#<teamId>#INVITES`.
pub fn invitation(token_hash: &str) -> Key {
    Key::new(format!("INVITE#{token_hash}"), "INVITE")
}
/// The token hash (the invitation's id) an invitation's partition key names.
pub fn invitation_id_of(pk: &str) -> Option<&str> {
    pk.strip_prefix("INVITE#")
}
pub fn team_invites_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#INVITES")
}

/// A refresh token, found by its hash.
pub fn refresh_token(token_hash: &str) -> Key {
    Key::new(format!("RT#{token_hash}"), "RT")
}

/// A refresh-token family (one sign-in); listed by `USER#<id>` begins_with `FAMILY#`.
pub fn session_family(user_id: &UserId, family_id: &str) -> Key {
    Key::new(user_pk(user_id), format!("FAMILY#{family_id}"))
}
pub const FAMILY_PREFIX: &str = "FAMILY#";

/// A personal API token of a user: `USER#<userId>` / `APITOKEN#<tokenId>` (listed by `begins_with APITOKEN#`), with
/// its name, scope, dates and the hash of its secret; revoking it deletes it and its secret's item.
pub fn api_token(user_id: &UserId, token_id: &str) -> Key {
    Key::new(user_pk(user_id), format!("{API_TOKEN_PREFIX}{token_id}"))
}
pub const API_TOKEN_PREFIX: &str = "APITOKEN#";

/// Where a request's API token leads: `PAT#<sha256 of the secret>` / `PAT` → the token and its owner. The secret is
/// never stored; a request finds its token with one GetItem on the hash of the secret it brings.
pub fn api_token_secret(token_hash: &str) -> Key {
    Key::new(format!("PAT#{token_hash}"), "PAT")
}

/// A single-use emailed token (verification, password reset, email change), found by its hash.
pub fn email_token(token_hash: &str) -> Key {
    Key::new(format!("TOKEN#{token_hash}"), "TOKEN")
}

/// OAuth `state` of a social sign-in in progress.
pub fn oauth_state(state: &str) -> Key {
    Key::new(format!("OAUTH#{state}"), "STATE")
}

/// An entry of a team's audit log: `AUDIT#<teamId>` / `<RFC 3339 UTC time>#<id>`, so a range of time is a range of
/// sort keys and the newest come first when read backwards. Kept two years (`ttl`); no route edits or deletes one.
pub fn audit_entry(team_id: &TeamId, at: &str, id: &str) -> Key {
    Key::new(audit_pk(team_id), audit_sk(at, id))
}
/// An audit entry's sort key, `<time>#<id>`: also the cursor of a page that ends with it.
pub fn audit_sk(at: &str, id: &str) -> String {
    format!("{at}#{id}")
}
pub fn audit_pk(team_id: &TeamId) -> String {
    format!("AUDIT#{team_id}")
}

/// A contact message: `CONTACT#<yyyy-mm>` / `<id>`.
pub fn contact_message(month: &str, id: &str) -> Key {
    Key::new(format!("CONTACT#{month}"), id.to_string())
}

/// A fixed-window rate-limit counter: `RL#<scope>#<subject>` / `<window start>`.
pub fn rate_limit(scope: &str, subject: &str, window: i64) -> Key {
    Key::new(format!("RL#{scope}#{subject}"), window.to_string())
}

// ---- records ------------------------------------------------------------------------------------------------

pub fn user_pk(user_id: &UserId) -> String {
    format!("USER#{user_id}")
}

/// A record of a user: `USER#<userId>` / `<KIND>#<id>`, so a record id from another user can never be reached.
pub fn record(user_id: &UserId, kind: RecordKind, id: &RecordId) -> Key {
    Key::new(user_pk(user_id), format!("{}#{id}", kind.tag()))
}

/// GSI1 partition holding one user's records of one kind, sorted by their date (`GSI1SK = <date>#...#<id>`).
pub fn record_by_date_gsi(user_id: &UserId, kind: RecordKind) -> String {
    format!("USER#{user_id}#{}", kind.tag())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    Break,
    Task,
    Leave,
    Meeting,
    Checklist,
    Work,
}

impl RecordKind {
    pub fn tag(self) -> &'static str {
        match self {
            RecordKind::Break => "BREAK",
            RecordKind::Task => "TASK",
            RecordKind::Leave => "LEAVE",
            RecordKind::Meeting => "MEETING",
            RecordKind::Checklist => "CHECK",
            RecordKind::Work => "WORK",
        }
    }
}

/// The open (live) break of a user, at most one: `USER#<id>` / `OPENBREAK`.
pub fn open_break(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "OPENBREAK")
}

/// Presence of a team member on a live break: `TEAM#<teamId>` / `ONBREAK#<userId>`.
pub fn team_on_break(team_id: &TeamId, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("ONBREAK#{user_id}"))
}
pub const ONBREAK_PREFIX: &str = "ONBREAK#";

/// GSI2 partition of a team's leaves, sorted by their last day (`GSI2SK = <toDate>#<userId>#<id>`), so today's
/// absentees are one Query (`GSI2SK >= today`, then `fromDate <= today`).
pub fn team_leaves_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#LEAVES")
}

/// GSI2 partition of a user's feature checklist items (sparse: only `isFeature` items carry it).
pub fn checklist_features_gsi(user_id: &UserId) -> String {
    format!("USER#{user_id}#FEATURES")
}

// ---- records: more key builders (records work) -----------------------------------------------------------------

impl RecordKind {
    /// Sort-key prefix of this kind's items in the owner's partition (`BREAK#`, `TASK#`, ...).
    pub fn prefix(self) -> String {
        format!("{}#", self.tag())
    }
}

/// A team's break-type list: `TEAM#<teamId>` / `BREAKTYPES` (absent: the default list).
pub fn team_break_types(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "BREAKTYPES")
}

/// GSI2 partition of a team's breaks, sorted by date (`GSI2SK = <createdDate>#<userId>#<id>`): team report totals in
/// one Query.
pub fn team_breaks_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#BREAKS")
}

/// GSI2 partition of a team's tasks, sorted by scheduled date (`GSI2SK = <scheduled>#<userId>#<id>`).
pub fn team_tasks_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#TASKS")
}

/// A per-user version counter that every leave write bumps in the same transaction, so two concurrent requests
/// cannot both pass the overlap check: `USER#<id>` / `LEAVEGUARD`.
pub fn leave_guard(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "LEAVEGUARD")
}

// ---- leave types and requests ----------------------------------------------------------------------------------

/// A team's leave type: `TEAM#<teamId>` / `LEAVETYPE#<id>`, listed by `begins_with LEAVETYPE#`.
pub fn leave_type(team_id: &TeamId, id: &RecordId) -> Key {
    Key::new(team_pk(team_id), format!("{LEAVE_TYPE_PREFIX}{id}"))
}
pub const LEAVE_TYPE_PREFIX: &str = "LEAVETYPE#";

/// Where an approver finds a leave of the team by its id: `TEAM#<teamId>` / `LEAVEREQ#<leaveId>` → `userId` (the
/// leave itself lives in its requester's partition). While the leave is pending it also carries
/// `GSI1PK = TEAM#<teamId>#PENDING`, `GSI1SK = <leaveId>`: the team's pending requests, oldest first, in one Query.
pub fn leave_request(team_id: &TeamId, leave_id: &RecordId) -> Key {
    Key::new(team_pk(team_id), format!("LEAVEREQ#{leave_id}"))
}

/// GSI1 partition of a team's pending leave requests (sparse: only pending ones carry it).
pub fn team_pending_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#PENDING")
}

/// The team's leave settings (allowance, carry-over, negative balances, work week): `TEAM#<teamId>` / `LEAVESETTINGS`.
pub fn leave_settings(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "LEAVESETTINGS")
}

/// Whether the team's members must sign in with single sign-on: `TEAM#<teamId>` / `SSO`.
pub fn team_sso(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "SSO")
}

/// Where the team's public holidays come from (country and region): `TEAM#<teamId>` / `HOLIDAYPLACE`.
pub fn holiday_place(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "HOLIDAYPLACE")
}

/// A year's holidays as an admin changed them: `TEAM#<teamId>` / `HOLIDAYS#<year>`.
pub fn team_holidays(team_id: &TeamId, year: i32) -> Key {
    Key::new(team_pk(team_id), format!("HOLIDAYS#{year}"))
}

/// A member's allowance for a year, set by an admin: `TEAM#<teamId>` / `ALLOWANCE#<year>#<userId>`, so a year's
/// overrides of the whole team are one Query (`begins_with ALLOWANCE#<year>#`).
pub fn allowance(team_id: &TeamId, year: i32, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("{}{user_id}", allowance_prefix(year)))
}

pub fn allowance_prefix(year: i32) -> String {
    format!("ALLOWANCE#{year}#")
}

// ---- working time ----------------------------------------------------------------------------------------------
// A work period is a record of kind `WORK` (`USER#<userId>` / `WORK#<id>`, by date on GSI1).

/// GSI2 partition of a team's work periods, sorted by date (`GSI2SK = <date>#<userId>#<id>`): the team report over
/// a range is one Query.
pub fn team_work_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#WORK")
}

/// A work period's GSI1 sort key: `<date>#<start>#<id>`, so a day's periods come by start time.
pub fn work_by_date_sk(date: impl std::fmt::Display, start: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{date}#{start}#{id}")
}

/// A work period's GSI2 sort key on its team's partition (live or deleted): `<date>#<userId>#<id>`.
pub fn team_work_sk(date: impl std::fmt::Display, user_id: &UserId, id: &RecordId) -> String {
    format!("{date}#{user_id}#{id}")
}

/// A deleted work period's GSI1 sort key on [`work_deleted_gsi`]: `<date>#<id>`.
pub fn work_deleted_sk(date: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{date}#{id}")
}

/// Deleted work periods (tombstones) keep their item and key, and move to these index partitions so a day still shows
/// the deletion: GSI1 `USER#<userId>#WORKDEL` / `<date>#<id>`, GSI2 `TEAM#<teamId>#WORKDEL` / `<date>#<userId>#<id>`.
pub fn work_deleted_gsi(user_id: &UserId) -> String {
    format!("USER#{user_id}#WORKDEL")
}
pub fn team_work_deleted_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#WORKDEL")
}

/// GSI2 partition of a team's member schedules (`GSI2SK = <userId>#<fromDate>`): a team's in one Query.
pub fn team_member_schedules_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#WORKSCHED")
}

/// A member schedule's GSI2 sort key on [`team_member_schedules_gsi`]: `<userId>#<fromDate>`.
pub fn team_member_schedule_sk(user_id: &UserId, from: &str) -> String {
    format!("{user_id}#{from}")
}

/// The open work period of a user (clocked in), at most one: `USER#<id>` / `OPENWORK`.
pub fn open_work(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "OPENWORK")
}

/// The scheduled 16-hour closing of a user's open work period, at most one (like the open period):
/// `USER#<id>` / `WORKCAP`, on the due index while it waits.
pub fn work_cap(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "WORKCAP")
}

/// The live guard's next message of a user on the clock, at most one (replaced on each re-plan):
/// `USER#<id>` / `BREAKGUARD`, on the due index while it waits.
pub fn break_guard(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "BREAKGUARD")
}

/// Presence of a team member on the clock: `TEAM#<teamId>` / `WORKING#<userId>`.
pub fn team_working(team_id: &TeamId, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("WORKING#{user_id}"))
}
pub const WORKING_PREFIX: &str = "WORKING#";

/// The team's work schedule and working-time settings: `TEAM#<teamId>` / `WORKSCHEDULE`.
pub fn work_schedule(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "WORKSCHEDULE")
}

/// The team's break and rest rule set: `TEAM#<teamId>` / `WORKRULES` (absent: no rules).
pub fn work_rules(team_id: &TeamId) -> Key {
    Key::new(team_pk(team_id), "WORKRULES")
}

/// A note on a rule finding of a member's day: `USER#<id>` / `FINDNOTE#<date>#<rule>` (one per day and rule; a
/// range is a Query between two dates), mirrored on GSI2 `TEAM#<teamId>#FINDNOTE` / `<date>#<userId>#<rule>` so a
/// team's notes over a range are one Query.
pub fn finding_note(user_id: &UserId, date: &str, rule: &str) -> Key {
    Key::new(user_pk(user_id), format!("{FINDING_NOTE_PREFIX}{date}#{rule}"))
}
pub const FINDING_NOTE_PREFIX: &str = "FINDNOTE#";
pub fn team_finding_notes_gsi(team_id: &TeamId) -> String {
    format!("TEAM#{team_id}#FINDNOTE")
}

/// A finding note's GSI2 sort key on [`team_finding_notes_gsi`]: `<date>#<userId>#<rule>`.
pub fn team_finding_note_sk(date: &str, user_id: &UserId, rule: &str) -> String {
    format!("{date}#{user_id}#{rule}")
}

/// A member's own schedule from a date on: `USER#<id>` / `WORKSCHED#<fromDate>` (listed by the prefix, in date order).
pub fn member_schedule(user_id: &UserId, from: &str) -> Key {
    Key::new(user_pk(user_id), format!("{MEMBER_SCHEDULE_PREFIX}{from}"))
}
pub const MEMBER_SCHEDULE_PREFIX: &str = "WORKSCHED#";

/// The start date an approver set for a member (their first day with a target): `TEAM#<teamId>` /
/// `WORKSTART#<userId>`, so a team's are one Query on the prefix.
pub fn work_start(team_id: &TeamId, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("{WORK_START_PREFIX}{user_id}"))
}
pub const WORK_START_PREFIX: &str = "WORKSTART#";

/// The carried-over overtime balance of a member, set once: `USER#<id>` / `OVERTIME#CARRY`.
pub fn overtime_carry(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "OVERTIME#CARRY")
}

/// A manual overtime adjustment (paid out, time off in lieu): `USER#<id>` / `OVERTIME#ADJ#<id>`.
pub fn overtime_adjustment(user_id: &UserId, id: &RecordId) -> Key {
    Key::new(user_pk(user_id), format!("{OVERTIME_ADJUSTMENT_PREFIX}{id}"))
}
pub const OVERTIME_ADJUSTMENT_PREFIX: &str = "OVERTIME#ADJ#";

/// A month's timesheet state (status and history) of a member: `TEAM#<teamId>` / `TIMESHEET#<YYYY-MM>#<userId>`,
/// so a team's month is one Query on `TIMESHEET#<YYYY-MM>#`.
pub fn timesheet(team_id: &TeamId, month: &str, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("{}{user_id}", timesheet_month_prefix(month)))
}
pub fn timesheet_month_prefix(month: &str) -> String {
    format!("TIMESHEET#{month}#")
}
/// Every timesheet state of a team, of any month.
pub const TIMESHEET_PREFIX: &str = "TIMESHEET#";

/// The lock of an approved month: `USER#<id>` / `TSLOCK#<YYYY-MM>` exists exactly while the month is approved, and
/// every write of a work period or break dated in the month checks it is absent, in the write's transaction.
pub fn timesheet_lock(user_id: &UserId, month: &str) -> Key {
    Key::new(user_pk(user_id), format!("TSLOCK#{month}"))
}

/// An approved month's figures as computed at approval (its days and totals), answered instead of a recomputation
/// while the month stays approved: `TEAM#<teamId>` / `TSFIGURES#<YYYY-MM>#<userId>` (a team's month, or range of
/// months, is one Query), on GSI1 `USER#<userId>#TSFIGURES` / `<YYYY-MM>` (a person's months, for the balance).
/// Written with the approval, deleted with the reopening, in their transactions.
pub fn timesheet_figures(team_id: &TeamId, month: &str, user_id: &UserId) -> Key {
    Key::new(team_pk(team_id), format!("{}{user_id}", timesheet_figures_month_prefix(month)))
}
pub fn timesheet_figures_month_prefix(month: &str) -> String {
    format!("TSFIGURES#{month}#")
}
pub fn timesheet_figures_gsi(user_id: &UserId) -> String {
    format!("USER#{user_id}#TSFIGURES")
}

// ---- breaks ----------------------------------------------------------------------------------------------------
// A break is a record of kind `BREAK` (`USER#<userId>` / `BREAK#<id>`); its GSI1 sort key is
// `<createdDate>#<startTime>#<id>` and its GSI2 pair `TEAM#<teamId>#BREAKS` / `<createdDate>#<userId>#<id>`.

/// The sort-key prefix of one day's items on an index whose sort keys start with the date: `<date>#`.
pub fn day_prefix(day: impl std::fmt::Display) -> String {
    format!("{day}#")
}

/// A break's GSI1 sort key: `<createdDate>#<startTime>#<id>`, so a day's breaks come by start time.
pub fn break_by_date_sk(date: impl std::fmt::Display, start: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{date}#{start}#{id}")
}

/// A break's GSI2 sort key on its team's partition ([`team_breaks_gsi`]): `<createdDate>#<userId>#<id>`.
pub fn team_break_sk(date: impl std::fmt::Display, user_id: &UserId, id: &RecordId) -> String {
    format!("{date}#{user_id}#{id}")
}

// ---- daily checklist -------------------------------------------------------------------------------------------
// A checklist item is a record of kind `CHECK` (`USER#<userId>` / `CHECK#<id>`); its GSI1 sort key is
// `<createdDate>#<id>`, and a feature item also carries GSI2 `USER#<userId>#FEATURES` ([`checklist_features_gsi`])
// with the same sort key.

/// A checklist item's sort key on the by-date index (and on the features index): `<createdDate>#<id>`.
pub fn checklist_by_date_sk(date: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{date}#{id}")
}

// ---- calendar feeds ----------------------------------------------------------------------------------------------

/// A calendar feed of a user: `USER#<userId>` / `CALFEED#<feedId>` (listed by `begins_with CALFEED#`). It holds the
/// hash of its token, so revoking it deletes both items, and deleting the account deletes it with the partition.
pub fn calendar_feed(user_id: &UserId, feed_id: &RecordId) -> Key {
    Key::new(user_pk(user_id), format!("{CALENDAR_FEED_PREFIX}{feed_id}"))
}
pub const CALENDAR_FEED_PREFIX: &str = "CALFEED#";

/// Where a feed's secret URL leads: `CALTOKEN#<sha256 of the token>` / `CALTOKEN` → the feed and its owner. The token
/// itself is never stored; a fetch is one GetItem on the hash of the token it brings.
pub fn calendar_feed_token(token_hash: &str) -> Key {
    Key::new(format!("CALTOKEN#{token_hash}"), "CALTOKEN")
}

// ---- tasks -----------------------------------------------------------------------------------------------------
// A task is a record of kind `TASK` (`USER#<userId>` / `TASK#<id>`); its GSI1 sort key is `<scheduled>#<id>` and its
// GSI2 pair `TEAM#<teamId>#TASKS` ([`team_tasks_gsi`]) / `<scheduled>#<userId>#<id>`. A day's tasks are the GSI1
// sort keys that begin with [`day_prefix`].

/// A task's GSI1 sort key: `<scheduled>#<id>`, so a day's (or a range's) tasks are one Query.
pub fn task_by_date_sk(scheduled: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{scheduled}#{id}")
}

/// A task's GSI2 sort key on its team's partition ([`team_tasks_gsi`]): `<scheduled>#<userId>#<id>`.
pub fn team_task_sk(scheduled: impl std::fmt::Display, user_id: &UserId, id: &RecordId) -> String {
    format!("{scheduled}#{user_id}#{id}")
}

// ---- meetings --------------------------------------------------------------------------------------------------
// A meeting is a record of kind `MEETING` in the partition of its organizer and of each attendee (the same id:
// `USER#<userId>` / `MEETING#<id>`); its GSI1 sort key is `<scheduleDate>#<from>#<id>`, so a day's meetings come by
// start time ([`day_prefix`] reads one day).

/// A meeting's GSI1 sort key: `<scheduleDate>#<from>#<id>`.
pub fn meeting_by_date_sk(date: impl std::fmt::Display, from: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{date}#{from}#{id}")
}

/// The first GSI1 sort key of the meetings of `date` that start at `from` or later: `<date>#<from>`.
pub fn meetings_from_sk(date: impl std::fmt::Display, from: impl std::fmt::Display) -> String {
    format!("{date}#{from}")
}

/// A sort key above every meeting of `date` and below those of the next day: `<date>#~` (`~` sorts after the
/// digits a start time begins with).
pub fn after_day_sk(date: impl std::fmt::Display) -> String {
    format!("{date}#~")
}

// ---- leaves ----------------------------------------------------------------------------------------------------
// A leave is a record of kind `LEAVE` (`USER#<userId>` / `LEAVE#<id>`); its GSI1 sort key is `<fromDate>#<id>` and its
// GSI2 pair `TEAM#<teamId>#LEAVES` ([`team_leaves_gsi`]) / `<toDate>#<userId>#<id>`.

/// A leave's GSI1 sort key: `<fromDate>#<id>`, so the leaves that start by a date are one Query.
pub fn leave_by_date_sk(from: impl std::fmt::Display, id: &RecordId) -> String {
    format!("{from}#{id}")
}

/// A leave's GSI2 sort key on its team's partition ([`team_leaves_gsi`]): `<toDate>#<userId>#<id>`.
pub fn team_leave_sk(to: impl std::fmt::Display, user_id: &UserId, id: &RecordId) -> String {
    format!("{to}#{user_id}#{id}")
}

/// The highest GSI1 sort key of the leaves that start on `date` or before: `<date>#~` (`~` sorts after an id).
pub fn leaves_starting_by_sk(date: impl std::fmt::Display) -> String {
    format!("{date}#~")
}

/// The lowest GSI2 sort key of the team's leaves that end on `date` or later: `<date>#`.
pub fn leaves_ending_from_sk(date: impl std::fmt::Display) -> String {
    format!("{date}#")
}

// ---- idempotent writes -----------------------------------------------------------------------------------------

/// A write's claim and kept answer, per caller and `Idempotency-Key`: `USER#<userId>` / `IDEM#<key>` (expires
/// through `ttl` a day after the claim).
pub fn idempotency(user_id: &UserId, key: &str) -> Key {
    Key::new(format!("USER#{user_id}"), format!("IDEM#{key}"))
}

// ---- notifications ---------------------------------------------------------------------------------------------

/// A person's reminder settings: `USER#<userId>` / `NOTIFYSETTINGS` (absent: the defaults).
pub fn notification_settings(user_id: &UserId) -> Key {
    Key::new(user_pk(user_id), "NOTIFYSETTINGS")
}

/// A browser's push subscription: `USER#<userId>` / `PUSHSUB#<sha256 of the endpoint, hex>`, listed by
/// `begins_with PUSHSUB#`; subscribing again from the same browser replaces it.
pub fn push_subscription(user_id: &UserId, endpoint_hash: &str) -> Key {
    Key::new(user_pk(user_id), format!("{PUSH_SUBSCRIPTION_PREFIX}{endpoint_hash}"))
}
pub const PUSH_SUBSCRIPTION_PREFIX: &str = "PUSHSUB#";

/// One occurrence of a reminder: `USER#<userId>` / `REMIND#<kind>#<subject>` (the subject is a record id, or
/// `daily` for the agenda). While it waits it carries `GSI1PK = DUE#<minute>#<shard>` ([`due_gsi`]) and
/// `GSI1SK = <userId>#<kind>#<subject>`; sending it takes it off the index.
pub fn reminder(user_id: &UserId, kind: &str, subject: &str) -> Key {
    Key::new(user_pk(user_id), format!("REMIND#{kind}#{subject}"))
}

/// GSI1 partition of the reminders due in one UTC minute (`YYYY-MM-DDTHH:MM`) and shard: one Query per shard finds a
/// minute's due work.
pub fn due_gsi(minute: &str, shard: u32) -> String {
    format!("DUE#{minute}#{shard}")
}

/// A waiting reminder's GSI1 sort key on the due index ([`due_gsi`]): `<userId>#<kind>#<subject>`.
pub fn due_sk(user_id: &UserId, kind: &str, subject: &str) -> String {
    format!("{user_id}#{kind}#{subject}")
}

/// The due index's sort key of an item other than a reminder (a [`break_guard`], a [`work_cap`], a
/// [`hook_delivery`], a [`hook_daily`]): `<ownerId>#<the item's SK>`, the owner a person or a team.
pub fn due_item_sk(owner_id: &str, item_sk: &str) -> String {
    format!("{owner_id}#{item_sk}")
}

/// The subject of a break guard message's sent mark, a [`reminder`] of the guard kind: `<since>#<stage>` (one mark
/// per open break and stage).
pub fn break_guard_sent_subject(since: &str, stage: &str) -> String {
    format!("{since}#{stage}")
}

/// The last minute the scheduled job finished: `SCHEDULER` / `CURSOR`, so a minute missed by a failed run is caught
/// up by the next.
pub fn scheduler_cursor() -> Key {
    Key::new("SCHEDULER", "CURSOR")
}

/// A team-chat webhook of a team: `TEAM#<teamId>` / `WEBHOOK#<id>` (listed by `begins_with WEBHOOK#`); it holds its
/// signing secret and its last delivery.
pub fn webhook(team_id: &TeamId, id: &str) -> Key {
    Key::new(team_pk(team_id), format!("{WEBHOOK_PREFIX}{id}"))
}
pub const WEBHOOK_PREFIX: &str = "WEBHOOK#";

/// One event waiting for (or retrying) delivery to one hook: `TEAM#<teamId>` / `HOOKSEND#<eventId>#<hookId>`, on the
/// due index like a reminder.
pub fn hook_delivery(team_id: &TeamId, event_id: &str, hook_id: &str) -> Key {
    Key::new(team_pk(team_id), format!("HOOKSEND#{event_id}#{hook_id}"))
}

/// A hook's next "who is off today" post: `TEAM#<teamId>` / `HOOKDAILY#<hookId>`, on the due index.
pub fn hook_daily(team_id: &TeamId, hook_id: &str) -> Key {
    Key::new(team_pk(team_id), format!("HOOKDAILY#{hook_id}"))
}

/// The `entity_type` of a calendar feed item.
pub const CALENDAR_FEED_ENTITY: &str = "calendar_feed";

/// The key of the token item that lives outside a calendar feed's partition, when `item` is a feed: it goes with the
/// feed.
pub fn calendar_feed_token_of(item: &Item) -> Option<Key> {
    (attr_str(item, "entity_type") == Some(CALENDAR_FEED_ENTITY))
        .then(|| attr_str(item, "tokenHash").map(calendar_feed_token))
        .flatten()
}

/// The `entity_type` of a personal API token item (in its owner's partition).
pub const API_TOKEN_ENTITY: &str = "api_token";

/// The key of the secret's item that lives outside an API token's partition, when `item` is a token: it goes with the
/// token.
pub fn api_token_secret_of(item: &Item) -> Option<Key> {
    (attr_str(item, "entity_type") == Some(API_TOKEN_ENTITY))
        .then(|| attr_str(item, "tokenHash").map(api_token_secret))
        .flatten()
}
