//! The storage of an account's notification address with its confirmation:
//! a changed address is unconfirmed and its pending confirmation mails
//! cancelled, in the transaction that stores it, and the confirmation mail
//! (when one may go) queued in the outbox there too, so that retries and
//! failures work as for every other notice.

use battaglie_community::Timestamp;

use super::NotificationPrefs;
use crate::store::{on_write, Store, StoreError};

/// A confirmation mail to queue: its subject and the path of its link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmMail {
    /// The mail's subject.
    pub subject: String,
    /// The path and query of the confirmation link (`/api/account/notifications/confirm?…`).
    pub link: String,
}

const UPSERT: &str = "INSERT INTO notification_prefs (user_id, email, mail, webhook_url, webhook, \
     webhook_format, your_turn, challenges, endings, updated_at, email_confirmed, \
     confirm_sent_at) VALUES ($1, $2, $3, $4, $5, $10, $6, $7, $8, $9, $11, $12) \
     ON CONFLICT (user_id) DO UPDATE SET email = $2, mail = $3, webhook_url = $4, \
     webhook = $5, webhook_format = $10, your_turn = $6, challenges = $7, \
     endings = $8, updated_at = $9, email_confirmed = $11, confirm_sent_at = $12";

const CANCEL: &str = "UPDATE outbox SET state = 'cancelled', last_error = 'the address changed' \
     WHERE recipient = $1 AND event = 'confirm_email' AND state = 'pending'";

const QUEUE: &str = "INSERT INTO outbox (recipient, channel, event, game_id, subject, link, \
     created_at, not_before, next_at) VALUES ($1, 'mail', 'confirm_email', NULL, $2, $3, $4, $4, $4)";

macro_rules! save {
    ($tx:ident, $user:expr, $p:expr, $now:expr, $cancel:expr, $mail:expr) => {{
        let (user, p, now): (&str, &NotificationPrefs, i64) = ($user, $p, $now);
        sqlx::query(UPSERT)
            .bind(user)
            .bind(&p.email)
            .bind(i64::from(p.mail))
            .bind(&p.webhook_url)
            .bind(i64::from(p.webhook))
            .bind(i64::from(p.your_turn))
            .bind(i64::from(p.challenges))
            .bind(i64::from(p.endings))
            .bind(now)
            .bind(&p.webhook_format)
            .bind(i64::from(p.email_confirmed))
            .bind(p.confirm_sent_at)
            .execute(&mut *$tx)
            .await?;
        if $cancel {
            sqlx::query(CANCEL).bind(user).execute(&mut *$tx).await?;
        }
        let mail: Option<&ConfirmMail> = $mail;
        if let Some(mail) = mail {
            sqlx::query(QUEUE)
                .bind(user)
                .bind(&mail.subject)
                .bind(&mail.link)
                .bind(now)
                .execute(&mut *$tx)
                .await?;
        }
    }};
}

/// The notification preferences and confirmation mails on the node's store.
#[derive(Debug, Clone)]
pub struct ConfirmRepo {
    store: Store,
}

impl ConfirmRepo {
    /// The preferences' and the outbox's tables in `store`.
    pub fn new(store: Store) -> ConfirmRepo {
        ConfirmRepo { store }
    }

    /// Replaces `user`'s notification preferences (`p` as a whole, its
    /// confirmation state and last confirmation mail included) at `now`; with
    /// `cancel` (the address changed, or a new link replaces the old), cancels
    /// the confirmation mails still queued; queues `mail` (the new
    /// confirmation) if given.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn put_notification_prefs(
        &self,
        user: &str,
        p: &NotificationPrefs,
        now: Timestamp,
        cancel: bool,
        mail: Option<&ConfirmMail>,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            save!(tx, user, p, now.0, cancel, mail);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Marks `email` confirmed as `user`'s, if it is still their address.
    /// Answers whether it is.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn confirm_email(
        &self,
        user: &str,
        email: &str,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        let done = on_write!(self.store, pool => sqlx::query(
            "UPDATE notification_prefs SET email_confirmed = 1, updated_at = $3 \
             WHERE user_id = $1 AND email = $2",
        )
        .bind(user)
        .bind(email)
        .bind(now.0)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(done > 0)
    }
}
