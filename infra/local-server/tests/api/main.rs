//! The local server's integration tests, in one test binary: each module below was a binary of its own, and each
//! linked the whole server again (minutes of every clean build). `support` is the one harness (`spawn_app`,
//! people, bodies, the HTTP client); the modules run on a fresh app and store each, so they run side by side.

mod support;

mod accounts;
mod api_reference;
mod assistant_proposals;
mod assistant_work;
mod audit;
mod calendar_feeds;
mod concurrency;
mod conditional_edits;
mod export;
mod faults;
mod first_week_days;
mod first_week_team;
mod holidays;
mod idempotency;
mod import;
mod languages;
mod leave_requests;
mod locked_month_figures;
mod locked_month_writes;
mod meeting_notices;
mod notifications;
mod oidc;
mod openapi;
mod push;
mod records;
mod security;
mod selfhost;
mod sign_in_limits;
mod sso_required;
mod store_calls;
mod timesheets;
mod tokens;
mod type_names;
mod unknown_paths;
mod webhooks;
mod work;
mod work_autoclose;
mod work_guard;
mod work_report;
mod work_rules;
mod work_start_date;
