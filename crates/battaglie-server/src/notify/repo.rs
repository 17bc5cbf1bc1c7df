//! The notifications' storage: each account's preferences, and the outbox.
//! The only SQL of the notifications.
//!
//! Outbox rows are written inside the transaction of the event that causes them
//! (a move, a stored result, a direct challenge; see `outbox.rs`), so a notice
//! exists exactly when its event does. Sender tasks claim due rows for a while
//! (one node sends each), then mark them sent, retried later or failed: a row
//! is never deleted, so a failure stays visible.

use battaglie_community::{Channel, Event, Preferences};
use battaglie_rules::Side;
use sqlx::Row;

use super::kinds::{word, NoticeChannel, NoticeEvent, NoticeState};
use crate::store::{in_tx, on_read, on_write, word_in, Store, StoreError, Tx};

/// What a player asked to receive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationPrefs {
    /// Where mail goes.
    pub email: Option<String>,
    /// Mail on.
    pub mail: bool,
    /// The webhook's URL.
    pub webhook_url: Option<String>,
    /// Webhook on.
    pub webhook: bool,
    /// `auto` (by the URL), `discord` or `slack`.
    pub webhook_format: String,
    /// Hear of your turn in correspondence games.
    pub your_turn: bool,
    /// Hear of direct challenges.
    pub challenges: bool,
    /// Hear of games' ends.
    pub endings: bool,
    /// Whether the owner opened the confirmation link mailed to `email`
    /// (no other mail goes to an unconfirmed address).
    pub email_confirmed: bool,
    /// When the last confirmation mail was queued (milliseconds).
    pub confirm_sent_at: Option<i64>,
}

impl Default for NotificationPrefs {
    /// Mail and webhook off; every event on (once a channel is).
    fn default() -> NotificationPrefs {
        NotificationPrefs {
            email: None,
            mail: false,
            webhook_url: None,
            webhook: false,
            webhook_format: "auto".to_string(),
            your_turn: true,
            challenges: true,
            endings: true,
            email_confirmed: false,
            confirm_sent_at: None,
        }
    }
}

impl NotificationPrefs {
    /// The channels `event` reaches this player on.
    pub fn for_event(&self, event: &Event) -> Preferences {
        let wanted = match event {
            Event::YourTurn { .. } => self.your_turn,
            Event::ChallengeReceived { .. } => self.challenges,
            Event::GameEnded { .. } => self.endings,
        };
        Preferences {
            mail: wanted && self.mail && self.email.is_some() && self.email_confirmed,
            webhook: wanted && self.webhook && self.webhook_url.is_some(),
        }
    }
}

/// A claimed outbox row, to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxRow {
    /// Its id.
    pub id: i64,
    /// The account it goes to.
    pub recipient: String,
    /// How it goes.
    pub channel: NoticeChannel,
    /// What it tells.
    pub event: NoticeEvent,
    /// The game it is about.
    pub game: Option<String>,
    /// The mail's subject, the webhook's text.
    pub subject: String,
    /// The path of the page it points to.
    pub link: String,
    /// Attempts so far (this one not counted).
    pub attempts: i64,
    /// Where it stands.
    pub state: NoticeState,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
}

const PREFS: &str = "SELECT email, mail, webhook_url, webhook, webhook_format, your_turn, \
     challenges, endings, email_confirmed, confirm_sent_at FROM notification_prefs \
     WHERE user_id = $1";

const LAST_MAIL: &str = "SELECT MAX(not_before) FROM outbox WHERE recipient = $1 \
     AND game_id = $2 AND channel = 'mail' AND state IN ('pending', 'sent')";

const INSERT: &str = "INSERT INTO outbox (recipient, channel, event, game_id, subject, \
     link, created_at, not_before, next_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)";

const OUTBOX_COLUMNS: &str =
    "id, recipient, channel, event, game_id, subject, link, attempts, state, last_error";

/// Reads a [`PREFS`] row.
pub(crate) fn prefs_row<'r, R>(row: &'r R) -> Result<NotificationPrefs, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let flag =
        |name: &'static str| -> Result<bool, StoreError> { Ok(row.try_get::<i64, _>(name)? != 0) };
    Ok(NotificationPrefs {
        email: row.try_get("email")?,
        mail: flag("mail")?,
        webhook_url: row.try_get("webhook_url")?,
        webhook: flag("webhook")?,
        webhook_format: row.try_get("webhook_format")?,
        your_turn: flag("your_turn")?,
        challenges: flag("challenges")?,
        endings: flag("endings")?,
        email_confirmed: flag("email_confirmed")?,
        confirm_sent_at: row.try_get("confirm_sent_at")?,
    })
}

fn outbox_row<'r, R>(row: &'r R) -> Result<OutboxRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(OutboxRow {
        id: row.try_get("id")?,
        recipient: row.try_get("recipient")?,
        channel: word_in(row, "channel")?,
        event: word_in(row, "event")?,
        game: row.try_get("game_id")?,
        subject: row.try_get("subject")?,
        link: row.try_get("link")?,
        attempts: row.try_get("attempts")?,
        state: word_in(row, "state")?,
        last_error: row.try_get("last_error")?,
    })
}

/// An outbox row to queue.
pub(crate) struct NewNotice<'a> {
    /// The account it goes to.
    pub to: &'a str,
    /// How (never [`Channel::Page`]: the page's badge is read from the games).
    pub channel: Channel,
    /// What it tells.
    pub event: NoticeEvent,
    /// The game it is about.
    pub game: Option<&'a str>,
    /// The mail's subject, the webhook's text.
    pub subject: &'a str,
    /// The path of the page it points to.
    pub link: &'a str,
    /// When it is queued (milliseconds).
    pub at: i64,
    /// Not sent before (milliseconds).
    pub not_before: i64,
}

/// A seat of a game held by an account, as the notices name it.
pub(crate) struct SeatHolder {
    /// The side.
    pub side: Side,
    /// The account.
    pub user: String,
    /// Its name (empty once the account is deleted).
    pub name: String,
}

/// The notifications' tables on the node's store.
#[derive(Debug, Clone)]
pub struct NoticesRepo {
    store: Store,
}

impl NoticesRepo {
    /// The notifications' tables in `store`.
    pub fn new(store: Store) -> NoticesRepo {
        NoticesRepo { store }
    }

    /// `user`'s notification preferences (the defaults when never set), read in `tx`.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn prefs_in(
        &self,
        tx: &mut Tx<'_>,
        user: &str,
    ) -> Result<NotificationPrefs, StoreError> {
        in_tx!(tx, conn => {
            let row = sqlx::query(PREFS).bind(user).fetch_optional(conn).await?;
            row.map_or(Ok(NotificationPrefs::default()), |r| prefs_row(&r))
        })
    }

    /// When the last mail to `user` about `game`, queued or sent, was due
    /// (milliseconds), read in `tx`.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn last_mail(
        &self,
        tx: &mut Tx<'_>,
        user: &str,
        game: &str,
    ) -> Result<Option<i64>, StoreError> {
        Ok(in_tx!(tx, conn => sqlx::query_scalar(LAST_MAIL)
            .bind(user)
            .bind(game)
            .fetch_one(conn)
            .await?))
    }

    /// Queues `notice` in `tx`.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn queue(
        &self,
        tx: &mut Tx<'_>,
        notice: &NewNotice<'_>,
    ) -> Result<(), StoreError> {
        let channel = match notice.channel {
            Channel::Mail => "mail",
            Channel::Webhook => "webhook",
            // The page's badge is read from the games themselves.
            Channel::Page => return Ok(()),
        };
        in_tx!(tx, conn => sqlx::query(INSERT)
            .bind(notice.to)
            .bind(channel)
            .bind(word(notice.event))
            .bind(notice.game)
            .bind(notice.subject)
            .bind(notice.link)
            .bind(notice.at)
            .bind(notice.not_before)
            .execute(conn)
            .await
            .map(drop))?;
        Ok(())
    }

    /// The battle of game `id` (its scenario's key) and the accounts holding its
    /// Army's and Indians' seats, read in `tx`.
    ///
    /// # Errors
    /// On a database failure, or a seat of a side that does not read.
    pub(crate) async fn seat_holders(
        &self,
        tx: &mut Tx<'_>,
        id: &str,
    ) -> Result<(Option<String>, Vec<SeatHolder>), StoreError> {
        let rows: Vec<(String, String, Option<String>, String)> = in_tx!(tx, conn => sqlx::query_as(
            "SELECT s.side, s.user_id, u.name, g.scenario FROM seats s \
             JOIN users u ON u.id = s.user_id JOIN games g ON g.id = s.game_id \
             WHERE s.game_id = $1 AND s.side IN ('army', 'indians')",
        )
        .bind(id)
        .fetch_all(conn)
        .await?);
        let mut scenario = None;
        let mut holders = Vec::with_capacity(rows.len());
        for (side, user, name, battle) in rows {
            scenario = Some(battle);
            let side = if side == Side::Army.word() {
                Side::Army
            } else {
                Side::Indians
            };
            holders.push(SeatHolder {
                side,
                user,
                name: name.unwrap_or_default(),
            });
        }
        Ok((scenario, holders))
    }

    /// `user`'s notification preferences (the defaults when never set).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn notification_prefs(&self, user: &str) -> Result<NotificationPrefs, StoreError> {
        on_read!(self.store, pool => {
            let row = sqlx::query(PREFS).bind(user).fetch_optional(pool).await?;
            row.map_or(Ok(NotificationPrefs::default()), |r| prefs_row(&r))
        })
    }

    /// Turns `user`'s `channel` off and cancels what is queued on it. Answers
    /// whether the account exists.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn unsubscribe(
        &self,
        user: &str,
        channel: NoticeChannel,
        now: i64,
    ) -> Result<bool, StoreError> {
        let set = match channel {
            NoticeChannel::Mail => "mail = 0",
            NoticeChannel::Webhook => "webhook = 0",
        };
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let exists: Option<String> =
                sqlx::query_scalar("SELECT id FROM users WHERE id = $1 AND deleted = 0")
                    .bind(user)
                    .fetch_optional(&mut *tx)
                    .await?;
            if exists.is_none() {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO notification_prefs (user_id, updated_at) VALUES ($1, $2) \
                 ON CONFLICT (user_id) DO NOTHING",
            )
            .bind(user)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(&format!(
                "UPDATE notification_prefs SET {set}, updated_at = $2 WHERE user_id = $1"
            ))
            .bind(user)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE outbox SET state = 'cancelled', last_error = 'unsubscribed' \
                 WHERE recipient = $1 AND channel = $2 AND state = 'pending'",
            )
            .bind(user)
            .bind(word(channel))
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Claims for `node` until `until` at most `limit` outbox rows due by `now`
    /// and not claimed by a node still within its claim.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn claim_notices(
        &self,
        node: &str,
        now: i64,
        until: i64,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        // The claim's conditions are repeated outside the subquery: PostgreSQL
        // checks them again on a row another node claimed meanwhile.
        let sql = format!(
            "UPDATE outbox SET claimed_by = $1, claimed_until = $2 WHERE id IN \
             (SELECT id FROM outbox WHERE state = 'pending' AND next_at <= $3 \
              AND (claimed_until IS NULL OR claimed_until < $3) ORDER BY next_at LIMIT $4) \
             AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < $3) \
             RETURNING {OUTBOX_COLUMNS}"
        );
        on_write!(self.store, pool => {
            let rows = sqlx::query(&sql)
                .bind(node)
                .bind(until)
                .bind(now)
                .bind(limit)
                .fetch_all(pool)
                .await?;
            rows.iter().map(outbox_row).collect()
        })
    }

    /// Records the attempt on outbox row `id` claimed by `node`: sent (`Ok`),
    /// to retry at `retry` or, without one, failed for good (`Err` and why).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn notice_attempted(
        &self,
        id: i64,
        node: &str,
        now: i64,
        outcome: Result<(), (&str, Option<i64>)>,
    ) -> Result<(), StoreError> {
        let (state, error, next) = match outcome {
            Ok(()) => (NoticeState::Sent, None, now),
            Err((error, Some(retry))) => (NoticeState::Pending, Some(error), retry),
            Err((error, None)) => (NoticeState::Failed, Some(error), now),
        };
        let sent_at = (state == NoticeState::Sent).then_some(now);
        on_write!(self.store, pool => sqlx::query(
            "UPDATE outbox SET state = $1, last_error = $2, next_at = $3, sent_at = $4, \
             attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL \
             WHERE id = $5 AND claimed_by = $6",
        )
        .bind(word(state))
        .bind(error)
        .bind(next)
        .bind(sent_at)
        .bind(id)
        .bind(node)
        .execute(pool)
        .await
        .map(drop))?;
        Ok(())
    }

    /// Cancels outbox row `id` (its channel was turned off since it was queued).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn cancel_notice(&self, id: i64, why: &str) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "UPDATE outbox SET state = 'cancelled', last_error = $1, claimed_by = NULL, \
             claimed_until = NULL WHERE id = $2",
        )
        .bind(why)
        .bind(id)
        .execute(pool)
        .await
        .map(drop))?;
        Ok(())
    }

    /// `user`'s latest outbox rows, newest first (what the account page shows,
    /// failures included).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn recent_notices(
        &self,
        user: &str,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        let sql = format!(
            "SELECT {OUTBOX_COLUMNS} FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT $2"
        );
        on_read!(self.store, pool => {
            let rows = sqlx::query(&sql).bind(user).bind(limit).fetch_all(pool).await?;
            rows.iter().map(outbox_row).collect()
        })
    }
}
