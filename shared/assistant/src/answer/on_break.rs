//! Who of the team is on a live break now, with the type and since when.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_core::types::UserId;
use bt_records::Owner;
use bt_work::presence;
use chrono::DateTime;

use crate::speech::time;
use crate::understand::Context;

/// `whoIsOnBreak`.
pub(super) async fn answer(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let on = presence::on_break(app.table(), &user.team_id).await?;
    Ok(who_is_on_break(&on, &user.user_id, ctx, language))
}

/// Who of the team is on a live break now, with the type and since when.
fn who_is_on_break(on: &[presence::OnBreakMember], me: &UserId, ctx: &Context, language: Language) -> String {
    if on.is_empty() {
        return tr(language, "Nobody is on a break right now.", &[]);
    }
    let list: Vec<String> = on
        .iter()
        .map(|m| {
            let who = if m.user_id == *me { tr(language, "You", &[]) } else { m.name.clone() };
            let since = DateTime::parse_from_rfc3339(&m.since)
                .map(|s| time(s.with_timezone(&ctx.now.timezone()).time(), language))
                .unwrap_or_else(|_| time(m.start_time.time(), language));
            let kind = bt_records::type_names::break_type_name(language, &m.break_type);
            tr(language, "{who} ({type} since {since})", &[("who", &who), ("type", &kind), ("since", &since)])
        })
        .collect();
    let values = [("n", on.len().to_string()), ("list", list.join(", "))];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // A whole sentence for one and for many (a catalogue translates sentences, not pieces of them).
    tr(
        language,
        if on.len() == 1 {
            "1 person is on a break right now: {list}."
        } else {
            "{n} people are on a break right now: {list}."
        },
        &values,
    )
}
