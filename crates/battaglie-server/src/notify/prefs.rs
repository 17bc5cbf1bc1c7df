//! Changing what a player hears: the preferences (checked; a new address
//! unconfirmed, its confirmation mail queued), and the unsubscribe link that
//! turns a channel off without signing in.

use battaglie_community::{Channel, PlayerId, Timestamp, WebhookUrl, WebhookUrlError};
use battaglie_identity::{check_unsubscribe, may_send_confirmation};

use super::Notifications;
use super::{NoticeChannel, NotificationPrefs};
use crate::store::StoreError;

/// Longest e-mail address accepted (RFC 5321's path limit).
pub const MAX_EMAIL: usize = 254;

/// Whether the part of `email` before its last `@` is a plain dot-atom (RFC 5322):
/// letters, digits and ``!#$%&'*+-/=?^_`{|}~``, in dot-separated runs. A quoted
/// local part (`"a b>"@example.com`), which RFC 5321 allows but no one needs,
/// could carry spaces and brackets into a mail's headers and the pages that show it.
fn plain_local_part(email: &str) -> bool {
    let Some((local, _)) = email.rsplit_once('@') else {
        return false;
    };
    local.split('.').all(|run| {
        !run.is_empty()
            && run
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c))
    })
}

/// Why preferences were refused.
#[derive(Debug, thiserror::Error)]
pub enum PrefsError {
    /// The e-mail address does not read.
    #[error("{0:?} is not an e-mail address")]
    Email(String),
    /// The webhook URL is not one the server calls.
    #[error("the webhook URL {url:?}: {cause}")]
    WebhookUrl {
        /// As given.
        url: String,
        /// What is wrong with it.
        cause: WebhookUrlError,
    },
    /// A channel turned on without its address.
    #[error("{0} notifications are turned on without an address")]
    NoAddress(&'static str),
    /// The signing secret could not be read.
    #[error("the signing secret: {0}")]
    Secret(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<super::EmailConfirmError> for PrefsError {
    fn from(e: super::EmailConfirmError) -> PrefsError {
        match e {
            super::EmailConfirmError::Store(e) => PrefsError::Store(e),
            other => PrefsError::Secret(other.to_string()),
        }
    }
}

/// Why an unsubscribe link did nothing.
#[derive(Debug, thiserror::Error)]
pub enum UnsubscribeError {
    /// The token is not the server's for this account and channel.
    #[error("the unsubscribe link is not valid")]
    Invalid,
    /// The signing secret could not be read.
    #[error("the signing secret: {0}")]
    Secret(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Checks `prefs` (blank addresses read as none) and stores them as `user`'s.
/// The confirmation state is the server's: an address kept stays as it was, a
/// new or changed one is unconfirmed and gets its confirmation mail (unless
/// one went out inside ten minutes: the page offers to send it again later).
///
/// # Errors
/// A bad address or URL, a channel on without one, the store failing.
pub async fn set_prefs(
    notices: &Notifications,
    user: &str,
    mut prefs: NotificationPrefs,
) -> Result<NotificationPrefs, PrefsError> {
    prefs.email = prefs
        .email
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty());
    prefs.webhook_url = prefs
        .webhook_url
        .map(|u| u.trim().to_string())
        .filter(|u| !u.is_empty());
    if let Some(email) = &prefs.email {
        if email.len() > MAX_EMAIL
            || !plain_local_part(email)
            || email.parse::<lettre::Address>().is_err()
        {
            return Err(PrefsError::Email(email.clone()));
        }
    }
    if let Some(url) = &prefs.webhook_url {
        url.parse::<WebhookUrl>()
            .map_err(|cause| PrefsError::WebhookUrl {
                url: url.clone(),
                cause,
            })?;
    }
    if prefs.mail && prefs.email.is_none() {
        return Err(PrefsError::NoAddress("mail"));
    }
    if prefs.webhook && prefs.webhook_url.is_none() {
        return Err(PrefsError::NoAddress("webhook"));
    }
    let old = notices.repo().notification_prefs(user).await?;
    let changed = old.email != prefs.email;
    prefs.email_confirmed = !changed && old.email_confirmed && prefs.email.is_some();
    prefs.confirm_sent_at = old.confirm_sent_at;
    let now = notices.now();
    let mail = match &prefs.email {
        Some(email)
            if changed
                && may_send_confirmation(old.confirm_sent_at.map(Timestamp), now).is_ok() =>
        {
            prefs.confirm_sent_at = Some(now.0);
            Some(super::confirm::mail(notices, user, email, now).await?)
        }
        _ => None,
    };
    notices
        .confirm
        .put_notification_prefs(user, &prefs, now, changed, mail.as_ref())
        .await?;
    Ok(prefs)
}

/// Turns `user`'s `channel` off if `token` is its unsubscribe token.
///
/// # Errors
/// A token that does not match (or an account that is gone), the store failing.
pub async fn unsubscribe(
    notices: &Notifications,
    user: &str,
    channel: Channel,
    token: &str,
) -> Result<(), UnsubscribeError> {
    let signer = notices
        .signer()
        .await
        .map_err(|e| UnsubscribeError::Secret(e.to_string()))?;
    let outbox_channel = match channel {
        Channel::Mail => NoticeChannel::Mail,
        Channel::Webhook => NoticeChannel::Webhook,
        Channel::Page => return Err(UnsubscribeError::Invalid),
    };
    if !check_unsubscribe(signer, &PlayerId(user.to_string()), channel, token) {
        return Err(UnsubscribeError::Invalid);
    }
    if notices
        .repo()
        .unsubscribe(user, outbox_channel, notices.now().0)
        .await?
    {
        Ok(())
    } else {
        Err(UnsubscribeError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_local_part_reads_as_an_address() {
        for good in [
            "kettle@example.org",
            "o'brien+chess@example.org",
            "a.b@x.example",
        ] {
            assert!(plain_local_part(good), "{good}");
        }
        for bad in [
            r#""a b>"@example.com"#,
            "a..b@example.org",
            ".a@example.org",
            "a b@example.org",
            "nobody",
        ] {
            assert!(!plain_local_part(bad), "{bad}");
        }
    }
}
