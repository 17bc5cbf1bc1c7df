//! Sending notifications: each node's sender task claims due outbox rows
//! (written by `outbox.rs` with the events that cause them), sends mail over SMTP
//! and webhooks over HTTP, and records each attempt. Sending never blocks a
//! move: it happens here, after the move's transaction. A failure is logged and
//! retried with exponential back-off; after [`MAX_ATTEMPTS`] (at once when the
//! address itself is wrong, or the webhook's host private) the row is marked
//! failed, kept for the account page to show.

mod confirm;
mod confirm_repo;
mod kinds;
mod mail;
mod outbox;
mod prefs;
mod refusal;
mod repo;
pub(crate) mod routes;
mod webhook;
mod wire;

use std::time::Duration;

use battaglie_community::{Channel, PlayerId};
use battaglie_identity::unsubscribe_token;

pub use confirm::{
    confirm as confirm_email, resend as resend_confirmation, resend_in, EmailConfirmError,
};
pub use kinds::{NoticeChannel, NoticeEvent, NoticeState};
pub use mail::{ParseSmtpTlsError, SmtpSettings, SmtpTls};
pub(crate) use outbox::Outbox;
pub use prefs::{set_prefs, unsubscribe, PrefsError, UnsubscribeError, MAX_EMAIL};
pub use repo::{NoticesRepo, NotificationPrefs, OutboxRow};
pub use wire::{Confirmation, Notice, Notifications as NotificationsView, PrefsView};

use crate::accounts::{AccountError, Accounts};
use crate::node::Node;
use confirm_repo::ConfirmRepo;

/// Attempts before a notice is marked failed.
pub const MAX_ATTEMPTS: i64 = 8;
/// The wait after the first failure; it doubles with each one.
pub const FIRST_RETRY: Duration = Duration::from_secs(30);
/// The longest wait between two attempts.
const LONGEST_RETRY: Duration = Duration::from_secs(6 * 3_600);
/// How often a node looks for due notices.
const POLL: Duration = Duration::from_millis(250);
/// How long a node's claim on a notice lasts (longer than any send's timeout).
const CLAIM: Duration = Duration::from_secs(120);
/// Notices claimed at once.
const BATCH: i64 = 20;
/// The longest a mail or webhook may take.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// How the server sends notifications (flags of `battaglie serve`).
#[derive(Debug, Clone)]
pub struct NotifySettings {
    /// The mail server; `None`: no mail.
    pub smtp: Option<SmtpSettings>,
    /// The site's public address, for links (`https://battaglie.example`).
    pub public_url: String,
    /// Whether webhooks may go to loopback addresses (local sinks in tests).
    pub loopback_webhooks: bool,
}

impl Default for NotifySettings {
    /// No mail, links to a local server, no loopback webhooks.
    fn default() -> NotifySettings {
        NotifySettings {
            smtp: None,
            public_url: "http://localhost:8080".to_string(),
            loopback_webhooks: false,
        }
    }
}

/// Why one attempt at sending a notice failed.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The mail could not be written (an address does not read).
    #[error("the mail cannot be written: {0}")]
    Message(String),
    /// The mail server refused it or could not be reached.
    #[error("the mail server: {0}")]
    Smtp(String),
    /// The webhook URL does not read.
    #[error("the webhook URL: {0}")]
    Url(String),
    /// The webhook's host does not resolve, or only to addresses the server may
    /// not call (which of the two is not told: see `webhook.rs`).
    #[error("the webhook's host cannot be reached from this server")]
    Unreachable,
    /// The webhook's host did not resolve or answer.
    #[error("the webhook: {0}")]
    Webhook(String),
    /// The webhook answered with an error status.
    #[error("the webhook answered {0}")]
    Status(u16),
    /// Nothing answered in time.
    #[error("no answer within {} s", SEND_TIMEOUT.as_secs())]
    Timeout,
}

impl SendError {
    /// Whether trying again cannot help (the address or URL itself is wrong).
    fn is_permanent(&self) -> bool {
        matches!(
            self,
            SendError::Message(_) | SendError::Url(_) | SendError::Unreachable
        )
    }
}

/// The wait before the attempt after `failures` failures.
pub fn retry_after(failures: i64) -> Duration {
    let doublings = u32::try_from(failures.clamp(1, 20) - 1).unwrap_or(0);
    FIRST_RETRY
        .saturating_mul(2u32.saturating_pow(doublings))
        .min(LONGEST_RETRY)
}

/// What the sender needs, built once per node.
struct Sender {
    settings: NotifySettings,
    smtp: Option<mail::Mailer>,
}

/// The notifications of a node: its sender task, and the confirmations,
/// preferences and unsubscriptions of the accounts' addresses.
#[derive(Clone)]
pub struct Notifications {
    node: Node,
    accounts: Accounts,
    repo: NoticesRepo,
    /// The address and its confirmation.
    confirm: ConfirmRepo,
    /// How many times this node's sender has gone through the outbox.
    passes: std::sync::Arc<tokio::sync::watch::Sender<u64>>,
}

impl std::fmt::Debug for Notifications {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifications").finish_non_exhaustive()
    }
}

impl Notifications {
    /// The notifications of `node`, whose links are signed by `accounts`' signer.
    pub fn new(node: Node, accounts: Accounts) -> Notifications {
        Notifications {
            repo: NoticesRepo::new(node.store().clone()),
            confirm: ConfirmRepo::new(node.store().clone()),
            node,
            accounts,
            passes: std::sync::Arc::new(tokio::sync::watch::Sender::new(0)),
        }
    }

    /// How many times this node's sender has gone through the outbox, sending
    /// what was due: once the count has grown by two, every notice due when it
    /// was read has been sent (or failed), and none that was not (a pass may
    /// have been under way when it was read).
    pub fn sender_passes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.passes.subscribe()
    }

    /// The notifications' tables.
    pub(crate) fn repo(&self) -> &NoticesRepo {
        &self.repo
    }

    fn now(&self) -> battaglie_community::Timestamp {
        self.node.now()
    }

    fn node_name(&self) -> &str {
        self.node.name()
    }

    async fn signer(&self) -> Result<&battaglie_identity::Signer, AccountError> {
        self.accounts.signer().await
    }

    /// Starts this node's sender task (until shutdown); says once at start when
    /// mail is off for want of an SMTP host.
    pub fn spawn_notifier(&self, settings: NotifySettings) {
        let smtp = match &settings.smtp {
            None => {
                tracing::info!("no SMTP host configured: notifications by mail are off");
                None
            }
            Some(smtp) => match mail::Mailer::new(smtp) {
                Ok(m) => Some(m),
                Err(e) => {
                    tracing::error!(error = %e, "the SMTP settings do not work: mail is off");
                    None
                }
            },
        };
        let sender = Sender { settings, smtp };
        let notices = self.clone();
        let mut shutdown = self.node.shutdown_signal();
        tokio::spawn(async move {
            loop {
                let now = notices.now().0;
                let until = now + i64::try_from(CLAIM.as_millis()).unwrap_or(i64::MAX);
                match notices
                    .repo
                    .claim_notices(notices.node_name(), now, until, BATCH)
                    .await
                {
                    Ok(rows) => {
                        for row in rows {
                            sender.attempt(&notices, row).await;
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot read the outbox"),
                }
                notices.passes.send_modify(|passes| *passes += 1);
                tokio::select! {
                    () = tokio::time::sleep(POLL) => {}
                    _ = shutdown.wait_for(|&s| s) => return,
                }
            }
        });
    }
}

impl Sender {
    /// Sends `row` once and records how it went.
    async fn attempt(&self, notices: &Notifications, row: OutboxRow) {
        let repo = &notices.repo;
        let prefs = match repo.notification_prefs(&row.recipient).await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(notice = row.id, error = %e, "cannot read preferences");
                return;
            }
        };
        let result = match self.ready(&row, &prefs) {
            Err(why) => {
                if let Err(e) = repo.cancel_notice(row.id, why).await {
                    tracing::warn!(notice = row.id, error = %e, "cannot cancel a notice");
                }
                return;
            }
            Ok(()) => self.send(notices, &row, &prefs).await,
        };
        let now = notices.now().0;
        let failures = row.attempts + 1;
        let outcome = match &result {
            Ok(()) => Ok(()),
            Err(e) => {
                let retry = (failures < MAX_ATTEMPTS && !e.is_permanent()).then(|| {
                    now + i64::try_from(retry_after(failures).as_millis()).unwrap_or(i64::MAX)
                });
                if retry.is_some() {
                    tracing::warn!(notice = row.id, channel = kinds::word(row.channel),
                        attempt = failures, error = %e, "a notice was not sent; it will be retried");
                } else {
                    tracing::error!(notice = row.id, channel = kinds::word(row.channel),
                        attempt = failures, error = %e, "a notice was not sent and is marked failed");
                }
                Err(retry)
            }
        };
        let error = result.err().map(|e| e.to_string());
        let outcome = outcome.map_err(|retry| (error.as_deref().unwrap_or(""), retry));
        if let Err(e) = repo
            .notice_attempted(row.id, notices.node_name(), now, outcome)
            .await
        {
            tracing::warn!(notice = row.id, error = %e, "cannot record a notice's attempt");
        }
    }

    /// Whether `row` may still go out: its channel on, and here, mail
    /// configured; a mail other than the confirmation only to a confirmed
    /// address, the confirmation only to one not confirmed yet.
    fn ready(&self, row: &OutboxRow, prefs: &NotificationPrefs) -> Result<(), &'static str> {
        let confirmation = row.event == NoticeEvent::ConfirmEmail;
        match row.channel {
            NoticeChannel::Mail if self.smtp.is_none() => Err("mail is off on this server"),
            NoticeChannel::Mail if prefs.email.is_none() => Err("no address"),
            NoticeChannel::Mail if confirmation && prefs.email_confirmed => {
                Err("the address is confirmed")
            }
            NoticeChannel::Mail if confirmation => Ok(()),
            NoticeChannel::Mail if !prefs.mail => Err("mail turned off"),
            NoticeChannel::Mail if !prefs.email_confirmed => Err("the address is not confirmed"),
            NoticeChannel::Mail => Ok(()),
            NoticeChannel::Webhook if !prefs.webhook || prefs.webhook_url.is_none() => {
                Err("webhook turned off")
            }
            NoticeChannel::Webhook => Ok(()),
        }
    }

    async fn send(
        &self,
        notices: &Notifications,
        row: &OutboxRow,
        prefs: &NotificationPrefs,
    ) -> Result<(), SendError> {
        let link = format!(
            "{}{}",
            self.settings.public_url.trim_end_matches('/'),
            row.link
        );
        match (row.channel, &self.smtp, &prefs.email) {
            (NoticeChannel::Mail, Some(mailer), Some(to)) => {
                let unsubscribe = self.unsubscribe_link(notices, &row.recipient).await?;
                mailer.send(to, &row.subject, &link, &unsubscribe).await
            }
            _ => {
                let url = prefs.webhook_url.as_deref().unwrap_or_default();
                webhook::send(
                    url,
                    &prefs.webhook_format,
                    &row.subject,
                    &link,
                    self.settings.loopback_webhooks,
                )
                .await
            }
        }
    }

    async fn unsubscribe_link(
        &self,
        notices: &Notifications,
        user: &str,
    ) -> Result<String, SendError> {
        let signer = notices
            .signer()
            .await
            .map_err(|e| SendError::Message(e.to_string()))?;
        let token = unsubscribe_token(signer, &PlayerId(user.to_string()), Channel::Mail);
        let mut url = reqwest::Url::parse(&self.settings.public_url)
            .map_err(|e| SendError::Message(format!("the public URL: {e}")))?;
        url.set_path("/api/unsubscribe");
        url.query_pairs_mut()
            .append_pair("user", user)
            .append_pair("channel", Channel::Mail.word())
            .append_pair("token", &token);
        Ok(url.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_six_hours() {
        assert_eq!(retry_after(1), FIRST_RETRY);
        assert_eq!(retry_after(2), FIRST_RETRY * 2);
        assert_eq!(retry_after(4), FIRST_RETRY * 8);
        assert_eq!(retry_after(30), LONGEST_RETRY);
    }
}
