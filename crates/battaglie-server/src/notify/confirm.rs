//! Confirming the notification address: the link mailed when it is set or
//! changed (the rules are the community crate's: a signed token, good for
//! three days, at most one mail per ten minutes), opening it (no sign-in
//! needed), and sending it again.

use std::time::Duration;

use battaglie_community::{PlayerId, Timestamp};
use battaglie_identity::{
    check_confirmation, confirmation_token, may_send_confirmation, ConfirmError,
};

use super::confirm_repo::ConfirmMail;
use super::NotificationPrefs;
use super::Notifications;
use crate::store::StoreError;

/// The confirmation mail's subject.
const SUBJECT: &str = "Confirm your e-mail address for battaglie's notifications";

/// Why confirming (or sending the link again) did nothing.
#[derive(Debug, thiserror::Error)]
pub enum EmailConfirmError {
    /// Not a link the server made for this account's current address.
    #[error("the confirmation link is not valid (or the address has changed since)")]
    Invalid,
    /// A link older than its lifetime.
    #[error("the confirmation link has expired: send a new one from the account page")]
    Expired,
    /// A new link asked for too soon after the last one.
    #[error("a confirmation mail went out less than ten minutes ago; wait {} s", .0.as_secs())]
    TooSoon(Duration),
    /// No address to confirm, or it is confirmed already.
    #[error("there is no unconfirmed address to confirm")]
    Nothing,
    /// The signing secret could not be read.
    #[error("the signing secret: {0}")]
    Secret(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The confirmation mail of `email` as `user`'s, made at `now`.
///
/// # Errors
/// [`EmailConfirmError::Secret`] when the signer cannot be read.
pub(super) async fn mail(
    notices: &Notifications,
    user: &str,
    email: &str,
    now: Timestamp,
) -> Result<ConfirmMail, EmailConfirmError> {
    let signer = notices
        .signer()
        .await
        .map_err(|e| EmailConfirmError::Secret(e.to_string()))?;
    let token = confirmation_token(signer, &PlayerId(user.to_string()), email, now);
    Ok(ConfirmMail {
        subject: SUBJECT.to_string(),
        link: format!(
            "/api/account/notifications/confirm?user={user}&at={}&token={token}",
            now.0
        ),
    })
}

/// How long until `prefs` may have a confirmation mail again (zero: now).
pub fn resend_in(prefs: &NotificationPrefs, now: Timestamp) -> Duration {
    may_send_confirmation(prefs.confirm_sent_at.map(Timestamp), now)
        .err()
        .unwrap_or(Duration::ZERO)
}

/// Confirms `user`'s address with the link's `at` and `token`; answers the address.
///
/// # Errors
/// [`EmailConfirmError::Invalid`] for a token not made for the current
/// address (or an account without one), [`EmailConfirmError::Expired`].
pub async fn confirm(
    notices: &Notifications,
    user: &str,
    at: i64,
    token: &str,
) -> Result<String, EmailConfirmError> {
    let signer = notices
        .signer()
        .await
        .map_err(|e| EmailConfirmError::Secret(e.to_string()))?;
    let prefs = notices.repo().notification_prefs(user).await?;
    let Some(email) = prefs.email else {
        return Err(EmailConfirmError::Invalid);
    };
    let now = notices.now();
    let player = PlayerId(user.to_string());
    check_confirmation(signer, &player, &email, Timestamp(at), token, now).map_err(
        |e| match e {
            ConfirmError::Invalid => EmailConfirmError::Invalid,
            ConfirmError::Expired => EmailConfirmError::Expired,
        },
    )?;
    if notices.confirm.confirm_email(user, &email, now).await? {
        Ok(email)
    } else {
        Err(EmailConfirmError::Invalid)
    }
}

/// Queues a new confirmation mail to `user`'s unconfirmed address (the queued
/// one, if any, cancelled); answers the preferences as they now are.
///
/// # Errors
/// [`EmailConfirmError::Nothing`] without an unconfirmed address,
/// [`EmailConfirmError::TooSoon`] inside ten minutes of the last one.
pub async fn resend(
    notices: &Notifications,
    user: &str,
) -> Result<NotificationPrefs, EmailConfirmError> {
    let mut prefs = notices.repo().notification_prefs(user).await?;
    let Some(email) = prefs.email.clone().filter(|_| !prefs.email_confirmed) else {
        return Err(EmailConfirmError::Nothing);
    };
    let now = notices.now();
    may_send_confirmation(prefs.confirm_sent_at.map(Timestamp), now)
        .map_err(EmailConfirmError::TooSoon)?;
    let mail = mail(notices, user, &email, now).await?;
    prefs.confirm_sent_at = Some(now.0);
    notices
        .confirm
        .put_notification_prefs(user, &prefs, now, true, Some(&mail))
        .await?;
    Ok(prefs)
}
