//! The team's single sign-on requirement. When a team requires single sign-on (and single sign-on is configured),
//! its members and HR get in only through the OpenID Connect provider: password, GitHub and Google sign-ins are
//! refused with a message that points to the single sign-on button, and so are the other ways a sign-in goes on
//! without the provider: refreshing a sign-in made otherwise (it ends), their API tokens (on every route) and
//! making new ones. Turning the requirement on ends their sign-ins made otherwise at once. Admins keep every way in,
//! so that a broken or misconfigured provider never locks a team out of its own settings.
//!
//! Each check is one GetItem of the team's setting, and only for members and HR of a server with single sign-on.

use crate::repo;
use crate::users::{Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::TeamId;

pub const SSO_REQUIRED: &str = "Your team signs in with single sign-on. Please use the single sign-on button.";
pub const SSO_NOT_CONFIGURED: &str = "Single sign-on is not configured.";

/// The team's setting as admins see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SsoSetting {
    /// The team's members must sign in with single sign-on.
    pub required: bool,
    /// Single sign-on is configured on this server (the requirement has effect only then).
    pub available: bool,
}

/// The setting of the admin's team.
pub async fn setting(state: &Services, admin: &User) -> AppResult<SsoSetting> {
    admin.require_admin()?;
    Ok(SsoSetting {
        required: repo::sso::required(state.table(), &admin.team_id).await?,
        available: state.config.oidc.is_some(),
    })
}

/// Sets whether the admin's team requires single sign-on. The one write of this action: whatever else must be
/// written with it (an audit entry) joins this transaction.
pub async fn set_required(state: &Services, admin: &User, required: bool) -> AppResult<SsoSetting> {
    admin.require_admin()?;
    if required && state.config.oidc.is_none() {
        return Err(AppError::Conflict(SSO_NOT_CONFIGURED.into()));
    }
    let before = repo::sso::required(state.table(), &admin.team_id).await?;
    let logged = crate::audit::Entry::by(admin, crate::audit::Action::SsoChanged, state.clock.now())
        .change(Some(&serde_json::json!({ "required": before })), Some(&serde_json::json!({ "required": required })));
    let now = state.clock.now().to_rfc3339();
    let writes = vec![
        repo::sso::put_op(&admin.team_id, required, &admin.id, &now)?,
        // The admin's authority must hold when this commits.
        repo::teams::still_admin(&admin.team_id, &admin.id),
        crate::audit::op(&logged)?,
    ];
    if !repo::commit(state.table(), writes).await? {
        return Err(AppError::Forbidden("Only team admins can do this.".into()));
    }
    tracing::info!(team_id = %admin.team_id, required, "single sign-on requirement set");
    // Also when it was on already: a retry after a failure part-way ends what is left.
    if required {
        end_other_sign_ins(state, &admin.team_id).await?;
    }
    Ok(SsoSetting { required, available: state.config.oidc.is_some() })
}

/// Ends every sign-in of the team's members and HR that was not made with single sign-on: their access tokens are
/// refused at once and their refresh tokens no longer work, so they sign in again with single sign-on. One Query of
/// the team's memberships, and one of each member's sign-ins.
async fn end_other_sign_ins(state: &Services, team_id: &TeamId) -> AppResult<()> {
    let store = state.table();
    let now = state.clock.now().timestamp();
    let mut ended = 0;
    for member in repo::teams::members(store, team_id).await? {
        if member.role == Role::Admin {
            continue;
        }
        for (family_id, origin) in repo::sessions::unrevoked_families(store, &member.user_id).await? {
            if !origin.sso {
                repo::sessions::revoke(store, &member.user_id, &family_id, now, state.config.access_token_secs).await?;
                ended += 1;
            }
        }
    }
    tracing::info!(team_id = %team_id, ended, "sign-ins made without single sign-on ended");
    Ok(())
}

/// Whether `user` gets in only with single sign-on: a member or HR of a team that requires it, on a server where
/// it is configured (without it the requirement has no effect, or nobody could sign in).
pub async fn kept_to_sso(state: &Services, user: &User) -> AppResult<bool> {
    if user.role == Role::Admin || state.config.oidc.is_none() {
        return Ok(false);
    }
    required_for_team(state, &user.team_id).await
}

/// Refuses a sign-in other than single sign-on when the person's team requires it (members and HR; admins pass).
pub async fn check_other_sign_in(state: &Services, user: &User) -> AppResult<()> {
    if kept_to_sso(state, user).await? {
        tracing::info!(user_id = %user.id, "sign-in refused: the team requires single sign-on");
        return Err(AppError::Forbidden(SSO_REQUIRED.into()));
    }
    Ok(())
}

/// Refuses an API token, its use or its making, when its owner's team requires single sign-on (members and HR;
/// admins pass). The token is kept: it works again if the team stops requiring single sign-on.
pub async fn check_api_token(state: &Services, user: &User) -> AppResult<()> {
    if kept_to_sso(state, user).await? {
        tracing::info!(user_id = %user.id, "api token refused: the team requires single sign-on");
        return Err(AppError::Forbidden(SSO_REQUIRED.into()));
    }
    Ok(())
}

async fn required_for_team(state: &Services, team_id: &TeamId) -> AppResult<bool> {
    repo::sso::required(state.table(), team_id).await
}
