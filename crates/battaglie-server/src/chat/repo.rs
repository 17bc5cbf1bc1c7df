//! The chat's storage: messages kept per game and room, and each account's
//! mutes. The only SQL of the chat.

use super::rules::{room_from_word, room_word, Room};
use crate::store::{on_read, on_write, Store, StoreError};

/// One stored chat message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRow {
    /// Grows with every message (the order they are shown in).
    pub id: i64,
    /// The room it was written in.
    pub room: Room,
    /// Who wrote it: `army`, `indians`, or a spectator's account name.
    pub author: String,
    /// The text (plain text, never markup).
    pub body: String,
    /// When (milliseconds since 1970).
    pub at: i64,
}

/// The class of PostgreSQL advisory locks that take one sender's turn to write
/// in one game (the second key is a hash of both).
const WRITER_LOCKS: i32 = 0x6368_6174;

/// The chat's table on the node's store.
#[derive(Debug, Clone)]
pub struct ChatRepo {
    store: Store,
}

impl ChatRepo {
    /// The chat's tables in `store`.
    pub fn new(store: Store) -> ChatRepo {
        ChatRepo { store }
    }

    /// Stores a message of `sender` in `room` of game `id` at `now` if `check`,
    /// given the times (ms, oldest first) of the sender's messages in the game
    /// since `since`, lets it (and answers the text to store); answers it. The
    /// reading and the writing are one transaction, one at a time per sender and
    /// game on every node (a PostgreSQL advisory lock; SQLite's write lock), so
    /// that messages sent at once pass no more checks than one after the other.
    ///
    /// # Errors
    /// Database failures; the inner error is `check`'s (nothing stored).
    pub async fn add_checked<'t, E>(
        &self,
        id: &str,
        room: Room,
        (sender, author): (&str, &str),
        since: i64,
        now: i64,
        check: impl FnOnce(&[i64]) -> Result<&'t str, E>,
    ) -> Result<Result<ChatRow, E>, StoreError> {
        on_write!(self.store, pool => {
            // SQLite: the write lock taken first, so that another node's writer on
            // the file waits for it rather than failing this read-then-write.
            let mut tx = if self.store.backend() == "sqlite" {
                pool.begin_with("BEGIN IMMEDIATE").await?
            } else {
                pool.begin().await?
            };
            if self.store.backend() == "postgres" {
                sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
                    .bind(WRITER_LOCKS)
                    .bind(format!("{id} {sender}"))
                    .execute(&mut *tx)
                    .await?;
            }
            let times: Vec<i64> = sqlx::query_scalar(
                "SELECT created_at FROM chat_messages \
                 WHERE game_id = $1 AND sender = $2 AND created_at > $3 ORDER BY created_at",
            )
            .bind(id)
            .bind(sender)
            .bind(since)
            .fetch_all(&mut *tx)
            .await?;
            let body = match check(&times) {
                Ok(body) => body,
                Err(e) => return Ok(Err(e)),
            };
            let new_id: i64 = sqlx::query_scalar(
                "INSERT INTO chat_messages (game_id, room, sender, author, body, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .bind(id)
            .bind(room_word(room))
            .bind(sender)
            .bind(author)
            .bind(body)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(Ok(ChatRow {
                id: new_id,
                room,
                author: author.to_string(),
                body: body.to_string(),
                at: now,
            }))
        })
    }

    /// Message `message` of game `id`, if it is that game's.
    ///
    /// # Errors
    /// Database failures.
    pub async fn message(&self, id: &str, message: i64) -> Result<Option<ChatRow>, StoreError> {
        let row: Option<(i64, String, String, String, i64)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT id, room, author, body, created_at FROM chat_messages \
             WHERE game_id = $1 AND id = $2",
        )
        .bind(id)
        .bind(message)
        .fetch_optional(pool)
        .await?);
        row.map(chat_row).transpose()
    }

    /// The last `limit` messages of `room` in game `id`, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn history(
        &self,
        id: &str,
        room: Room,
        limit: i64,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows: Vec<(i64, String, String, String, i64)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT id, room, author, body, created_at FROM chat_messages \
             WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3",
        )
        .bind(id)
        .bind(room_word(room))
        .bind(limit)
        .fetch_all(pool)
        .await?);
        let mut messages = rows
            .into_iter()
            .map(chat_row)
            .collect::<Result<Vec<_>, _>>()?;
        messages.reverse();
        Ok(messages)
    }

    /// Mutes (`muted`) or unmutes `author` in game `id`'s chat for `user`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_mute(
        &self,
        user: &str,
        id: &str,
        author: &str,
        muted: bool,
    ) -> Result<(), StoreError> {
        let sql = if muted {
            "INSERT INTO chat_mutes (user_id, game_id, author) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, game_id, author) DO NOTHING"
        } else {
            "DELETE FROM chat_mutes WHERE user_id = $1 AND game_id = $2 AND author = $3"
        };
        on_write!(self.store, pool => sqlx::query(sql)
            .bind(user)
            .bind(id)
            .bind(author)
            .execute(pool)
            .await
            .map(|_| ())?);
        Ok(())
    }

    /// The authors `user` muted in game `id`'s chat, in name order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn mutes(&self, user: &str, id: &str) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT author FROM chat_mutes WHERE user_id = $1 AND game_id = $2 ORDER BY author",
        )
        .bind(user)
        .bind(id)
        .fetch_all(pool)
        .await?);
        Ok(rows.into_iter().map(|(a,)| a).collect())
    }
}

/// The row of a stored message; a room the chat does not have is a decode error.
fn chat_row(
    (id, room, author, body, at): (i64, String, String, String, i64),
) -> Result<ChatRow, StoreError> {
    let room = room_from_word(Some(&room)).ok_or_else(|| {
        StoreError::Database(sqlx::Error::Decode(
            format!("a chat message in no room the chat has: {room:?}").into(),
        ))
    })?;
    Ok(ChatRow {
        id,
        room,
        author,
        body,
        at,
    })
}
