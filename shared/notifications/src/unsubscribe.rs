//! One-click unsubscribe links (RFC 8058): a token that names a person and a kind of reminder, signed with the
//! deployment's key (HMAC-SHA256), so a link works without signing in and cannot be forged for someone else. Using
//! it turns off mail for that kind only; push and the other kinds stay as they were.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;

use super::settings::{self, ReminderKind};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::UserId;

pub const INVALID_LINK: &str = "This unsubscribe link is not valid.";
/// The signature's length in a token: 144 bits of HMAC-SHA256.
const SIGNATURE_BYTES: usize = 18;

fn mac(secret: &[u8], payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(b"unsubscribe|");
    mac.update(payload.as_bytes());
    mac
}

/// `<userId>.<kind>.<signature>`: everything a one-click request needs.
pub fn token(secret: &[u8], user_id: &UserId, kind: ReminderKind) -> String {
    let payload = format!("{user_id}.{}", kind.tag());
    let signature = URL_SAFE_NO_PAD.encode(&mac(secret, &payload).finalize().into_bytes()[..SIGNATURE_BYTES]);
    format!("{payload}.{signature}")
}

fn parse(secret: &[u8], token: &str) -> AppResult<(UserId, ReminderKind)> {
    let invalid = || AppError::field("token", INVALID_LINK);
    let mut parts = token.trim().splitn(3, '.');
    let (Some(user), Some(kind), Some(signature)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(invalid());
    };
    let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| invalid())?;
    // The whole 18 bytes a token carries, compared in constant time (a shorter prefix would be easier to guess).
    if signature.len() != SIGNATURE_BYTES {
        return Err(invalid());
    }
    mac(secret, &format!("{user}.{kind}")).verify_truncated_left(&signature).map_err(|_| invalid())?;
    let user_id = UserId::parse(user).map_err(|_| invalid())?;
    let kind = ReminderKind::parse(kind).ok_or_else(invalid)?;
    Ok((user_id, kind))
}

/// What a link unsubscribes from (shown before the person confirms).
#[derive(Debug, Clone, Serialize)]
pub struct UnsubscribeInfo {
    pub kind: ReminderKind,
    /// In words: "break reminders".
    pub label: String,
    /// Whether mail of this kind is still on.
    pub email: bool,
}

pub async fn describe(services: &Services, token: &str) -> AppResult<UnsubscribeInfo> {
    let (user_id, kind) = parse(&services.config.jwt_secret, token)?;
    let settings = settings::load(services.table(), &user_id).await?;
    Ok(UnsubscribeInfo { kind, label: kind.label().into(), email: settings.switch(kind).email })
}

/// Turns off mail of the link's kind (a repeat changes nothing).
pub async fn unsubscribe(services: &Services, token: &str) -> AppResult<UnsubscribeInfo> {
    let (user_id, kind) = parse(&services.config.jwt_secret, token)?;
    let store = services.table();
    if bt_accounts::users::get_user(store, &user_id).await?.is_none() {
        return Err(AppError::field("token", INVALID_LINK));
    }
    let current = settings::load(store, &user_id).await?;
    if current.switch(kind).email {
        settings::save(store, &user_id, &current.without_email(kind)).await?;
    }
    Ok(UnsubscribeInfo { kind, label: kind.label().into(), email: false })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_person_and_kind_and_cannot_be_altered() {
        let user = UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap();
        let t = token(b"secret-secret-secret-secret-secret", &user, ReminderKind::Meeting);
        let (u, k) = parse(b"secret-secret-secret-secret-secret", &t).unwrap();
        assert_eq!((u, k), (user, ReminderKind::Meeting));
        assert!(parse(b"another-secret-another-secret-xx", &t).is_err());
        assert!(parse(b"secret-secret-secret-secret-secret", &t.replace(".meeting.", ".break.")).is_err());
        assert!(parse(b"secret-secret-secret-secret-secret", "junk").is_err());
    }
}
