//! Notifications in the store: each account's preferences, and the outbox.
//!
//! Outbox rows are written by [`enqueue!`] inside the transaction of the event
//! that causes them (a move, a stored result, a direct challenge), so a notice
//! exists exactly when its event does. Sender tasks claim due rows for a while
//! (one node sends each), then mark them sent, retried later or failed: a row
//! is never deleted, so a failure stays visible.

use battaglie_community::{Event, GameId, Preferences};
use sqlx::Row;

use super::{Store, StoreError};

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
    /// `mail` or `webhook`.
    pub channel: String,
    /// `your_turn`, `challenge_received`, `game_ended` or `confirm_email`.
    pub event: String,
    /// The game it is about.
    pub game: Option<String>,
    /// The mail's subject, the webhook's text.
    pub subject: String,
    /// The path of the page it points to.
    pub link: String,
    /// Attempts so far (this one not counted).
    pub attempts: i64,
    /// `pending`, `sent`, `failed` or `cancelled`.
    pub state: String,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
}

pub(super) const PREFS: &str =
    "SELECT email, mail, webhook_url, webhook, webhook_format, your_turn, \
     challenges, endings, email_confirmed, confirm_sent_at FROM notification_prefs \
     WHERE user_id = $1";

pub(super) const LAST_MAIL: &str = "SELECT MAX(not_before) FROM outbox WHERE recipient = $1 \
     AND game_id = $2 AND channel = 'mail' AND state IN ('pending', 'sent')";

pub(super) const INSERT: &str = "INSERT INTO outbox (recipient, channel, event, game_id, subject, \
     link, created_at, not_before, next_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)";

const OUTBOX_COLUMNS: &str =
    "id, recipient, channel, event, game_id, subject, link, attempts, state, last_error";

/// Reads a [`PREFS`] row.
pub(super) fn prefs_row<'r, R>(row: &'r R) -> Result<NotificationPrefs, StoreError>
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
        channel: row.try_get("channel")?,
        event: row.try_get("event")?,
        game: row.try_get("game_id")?,
        subject: row.try_get("subject")?,
        link: row.try_get("link")?,
        attempts: row.try_get("attempts")?,
        state: row.try_get("state")?,
        last_error: row.try_get("last_error")?,
    })
}

/// Who `event` may notify.
pub(super) fn recipients(event: &Event) -> Vec<String> {
    match event {
        Event::YourTurn { player, .. } => vec![player.0.clone()],
        Event::ChallengeReceived { to, .. } => vec![to.0.clone()],
        Event::GameEnded { players, .. } => players.iter().map(|p| p.0.clone()).collect(),
    }
}

/// The outbox's word for `event`, and the path of the page it points to.
pub(super) fn event_word_and_link(event: &Event) -> (&'static str, String) {
    let game_link = |g: &GameId| format!("/game/{}", g.0);
    match event {
        Event::YourTurn { game, .. } => ("your_turn", game_link(game)),
        Event::ChallengeReceived { .. } => ("challenge_received", "/lobby".to_string()),
        Event::GameEnded { game, .. } => ("game_ended", game_link(game)),
    }
}

/// The result of a game in words, for the notice (`the Army won (elimination)`).
pub(super) fn result_in_words(outcome: battaglie_rules::Outcome) -> String {
    let what = match outcome.winner() {
        Some(battaglie_rules::Side::Army) => "the Army won",
        Some(battaglie_rules::Side::Indians) => "the Indians won",
        None => "a draw",
    };
    format!("{what} ({})", outcome.reason_word())
}

/// Writes the outbox rows `$event` (a `&Event`) causes at `$at` (milliseconds,
/// the server's clock) in the transaction `$tx`: the recipients' preferences
/// read there, each mail throttled by `mail_decision` against the mails already
/// queued or sent about the same game.
macro_rules! enqueue {
    ($tx:ident, $event:expr, $at:expr) => {{
        let event: &battaglie_community::Event = $event;
        let at: i64 = $at;
        let mut wanted = std::collections::HashMap::new();
        for who in $crate::store::notices::recipients(event) {
            let row = sqlx::query($crate::store::notices::PREFS)
                .bind(&who)
                .fetch_optional(&mut *$tx)
                .await?;
            let prefs = match row {
                Some(row) => $crate::store::notices::prefs_row(&row)?,
                None => $crate::store::NotificationPrefs::default(),
            };
            wanted.insert(who, prefs.for_event(event));
        }
        let (word, link) = $crate::store::notices::event_word_and_link(event);
        let notices =
            battaglie_community::notices(event, |p| wanted.get(&p.0).copied().unwrap_or_default());
        for notice in notices {
            let channel = match notice.channel {
                battaglie_community::Channel::Mail => "mail",
                battaglie_community::Channel::Webhook => "webhook",
                // The page's badge is read from the games themselves.
                battaglie_community::Channel::Page => continue,
            };
            let mut not_before = at;
            if let (battaglie_community::Channel::Mail, Some(game)) = (notice.channel, &notice.game)
            {
                let last: Option<i64> = sqlx::query_scalar($crate::store::notices::LAST_MAIL)
                    .bind(&notice.to.0)
                    .bind(&game.0)
                    .fetch_one(&mut *$tx)
                    .await?;
                match battaglie_community::mail_decision(
                    &notice,
                    last.map(battaglie_community::Timestamp),
                    battaglie_community::Timestamp(at),
                ) {
                    battaglie_community::MailDecision::Send => {}
                    battaglie_community::MailDecision::Skip => continue,
                    battaglie_community::MailDecision::At(t) => not_before = t.0,
                }
            }
            sqlx::query($crate::store::notices::INSERT)
                .bind(&notice.to.0)
                .bind(channel)
                .bind(word)
                .bind(notice.game.as_ref().map(|g| g.0.as_str()))
                .bind(&notice.subject)
                .bind(&link)
                .bind(at)
                .bind(not_before)
                .execute(&mut *$tx)
                .await?;
        }
    }};
}

/// Writes the notices of a game's change in `$tx`: its end (`$ended`, an
/// `Option<Outcome>`) to both players, else, in a correspondence game
/// (`$clock`), the turn to the player whose time now runs.
macro_rules! enqueue_game {
    ($tx:ident, $id:expr, $ended:expr, $clock:expr, $at:expr) => {{
        let id: &str = $id;
        let ended: Option<battaglie_rules::Outcome> = $ended;
        let clock: Option<&battaglie_community::GameClock> = $clock;
        let correspondence = clock.is_some_and(|c| !c.control().is_live());
        if ended.is_some() || correspondence {
            let seats = sqlx::query(
                "SELECT s.side, s.user_id, u.name, g.scenario FROM seats s \
                 JOIN users u ON u.id = s.user_id JOIN games g ON g.id = s.game_id \
                 WHERE s.game_id = $1 AND s.side IN ('army', 'indians')",
            )
            .bind(id)
            .fetch_all(&mut *$tx)
            .await?;
            let mut army: Option<(String, String)> = None;
            let mut indians: Option<(String, String)> = None;
            let mut battle = String::new();
            for row in &seats {
                let side: String = row.try_get("side")?;
                let user: String = row.try_get("user_id")?;
                let name: Option<String> = row.try_get("name")?;
                let scenario: String = row.try_get("scenario")?;
                battle = battaglie_rules::Scenario::builtin(&scenario)
                    .map_or(scenario, |s| s.name().to_string());
                let seat = Some((user, name.unwrap_or_default()));
                match side.as_str() {
                    "army" => army = seat,
                    _ => indians = seat,
                }
            }
            let game = battaglie_community::GameId(id.to_string());
            let event = match (ended, clock) {
                (Some(outcome), _) => match (army, indians) {
                    (Some(a), Some(i)) if a.0 != i.0 => {
                        Some(battaglie_community::Event::GameEnded {
                            game,
                            players: [
                                battaglie_community::PlayerId(a.0),
                                battaglie_community::PlayerId(i.0),
                            ],
                            correspondence,
                            result: $crate::store::notices::result_in_words(outcome),
                            battle,
                        })
                    }
                    _ => None,
                },
                (None, Some(clock)) => {
                    let (mover, other) = match clock.to_move() {
                        battaglie_rules::Side::Army => (army, indians),
                        battaglie_rules::Side::Indians => (indians, army),
                    };
                    match (mover, other) {
                        (Some(m), Some(o)) if m.0 != o.0 => {
                            Some(battaglie_community::Event::YourTurn {
                                game,
                                player: battaglie_community::PlayerId(m.0),
                                correspondence,
                                opponent: o.1,
                                battle,
                            })
                        }
                        _ => None,
                    }
                }
                (None, None) => None,
            };
            if let Some(event) = event {
                $crate::store::notices::enqueue!($tx, &event, $at);
            }
        }
    }};
}

pub(super) use enqueue;
pub(super) use enqueue_game;

impl Store {
    /// `user`'s notification preferences (the defaults when never set).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn notification_prefs(&self, user: &str) -> Result<NotificationPrefs, StoreError> {
        on_read!(self, pool => {
            let row = sqlx::query(PREFS).bind(user).fetch_optional(pool).await?;
            row.map_or(Ok(NotificationPrefs::default()), |r| prefs_row(&r))
        })
    }

    /// Turns `user`'s `channel` (`mail` or `webhook`) off and cancels what is
    /// queued on it. Answers whether the account exists.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn unsubscribe(
        &self,
        user: &str,
        channel: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let set = match channel {
            "mail" => "mail = 0",
            _ => "webhook = 0",
        };
        on_write!(self, pool => {
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
            .bind(channel)
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
        on_write!(self, pool => {
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
            Ok(()) => ("sent", None, now),
            Err((error, Some(retry))) => ("pending", Some(error), retry),
            Err((error, None)) => ("failed", Some(error), now),
        };
        let sent_at = (state == "sent").then_some(now);
        on_write!(self, pool => sqlx::query(
            "UPDATE outbox SET state = $1, last_error = $2, next_at = $3, sent_at = $4, \
             attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL \
             WHERE id = $5 AND claimed_by = $6",
        )
        .bind(state)
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
        on_write!(self, pool => sqlx::query(
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
        on_read!(self, pool => {
            let rows = sqlx::query(&sql).bind(user).bind(limit).fetch_all(pool).await?;
            rows.iter().map(outbox_row).collect()
        })
    }
}
