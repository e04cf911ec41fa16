//! The caller's leave balance: the numbers of `GET /leaves/balance`, and which of the team's types count against it.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_records::allowances::{self, Balance};
use bt_records::leave_types::{self, LeaveType};
use bt_records::Owner;
use chrono::Utc;

use crate::speech::{self, join_and};
use crate::understand::Context;

/// `leaveBalance`: this year's.
pub(super) async fn answer(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let store = app.table();
    let now = ctx.now.with_timezone(&Utc);
    let balance = allowances::my_balance(store, user, None, now).await?;
    let types = leave_types::team_leave_types(store, &user.team_id, now).await?;
    Ok(leave_balance(&balance, &types, language))
}

/// "25 working days", "1 working day", "12.5 working days" (the balance's words for days).
fn working_days(days: f64, language: Language) -> String {
    if days == 1.0 {
        tr(language, "1 working day", &[])
    } else {
        tr(language, "{n} working days", &[("n", &speech::day_count(days, language))])
    }
}

/// The caller's balance, the numbers of `GET /leaves/balance`, and which of the team's types count against it.
pub fn leave_balance(b: &Balance, types: &[LeaveType], language: Language) -> String {
    let left = if b.remaining < 0.0 {
        tr(language, "you are {days} over your allowance", &[("days", &working_days(-b.remaining, language))])
    } else {
        tr(language, "{days} left", &[("days", &working_days(b.remaining + 0.0, language))])
    };
    let numbers = [
        ("year", b.year.to_string()),
        ("left", left),
        ("allowance", speech::day_count(b.allowance, language)),
        ("carried", speech::day_count(b.carried_over, language)),
        ("taken", speech::day_count(b.taken, language)),
        ("pending", speech::day_count(b.pending, language)),
    ];
    let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut s = tr(
        language,
        "Your leave balance for {year}: {left} (allowance {allowance}, carried over {carried}, taken {taken}, pending \
         {pending}).",
        &numbers,
    );
    let in_use: Vec<&LeaveType> = types.iter().filter(|t| !t.archived).collect();
    let counting: Vec<&str> = in_use.iter().filter(|t| t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    let other: Vec<&str> = in_use.iter().filter(|t| !t.counts_against_allowance).map(|t| t.name.as_str()).collect();
    s.push(' ');
    s.push_str(&match (counting.is_empty(), other.is_empty()) {
        (true, _) => tr(language, "No leave type counts against it.", &[]),
        (false, true) => tr(language, "Every leave type counts against it.", &[]),
        (false, false) => {
            let lists = [("counting", join_and(&counting, language)), ("other", join_and(&other, language))];
            let lists: Vec<(&str, &str)> = lists.iter().map(|(k, v)| (*k, v.as_str())).collect();
            // A whole sentence for one and for many of each (a catalogue translates sentences).
            let sentence = match (counting.len() == 1, other.len() == 1) {
                (true, true) => "{counting} counts against it; {other} does not.",
                (true, false) => "{counting} counts against it; {other} do not.",
                (false, true) => "{counting} count against it; {other} does not.",
                (false, false) => "{counting} count against it; {other} do not.",
            };
            tr(language, sentence, &lists)
        }
    });
    if b.pending > 0.0 {
        s.push(' ');
        s.push_str(&tr(language, "Pending requests are counted until they are decided.", &[]));
    }
    s
}
