//! Chat messages of online games (see `crate::chat`), kept per game and room.

use super::{Pools, Store, StoreError};

/// One stored chat message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ChatRow {
    /// Grows with every message (the order they are shown in).
    pub id: i64,
    /// `players` or `spectators`.
    pub room: String,
    /// Who wrote it: `army`, `indians`, or a spectator's account name.
    pub author: String,
    /// The text (plain text, never markup).
    pub body: String,
    /// When (milliseconds since 1970).
    pub at: i64,
}

impl Store {
    /// Stores a message of `sender` in `room` of game `id`; answers it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn add_chat(
        &self,
        id: &str,
        room: &str,
        sender: &str,
        author: &str,
        body: &str,
        now: i64,
    ) -> Result<ChatRow, StoreError> {
        let (new_id,): (i64,) = on_write!(self, pool => sqlx::query_as(
            "INSERT INTO chat_messages (game_id, room, sender, author, body, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(id)
        .bind(room)
        .bind(sender)
        .bind(author)
        .bind(body)
        .bind(now)
        .fetch_one(pool)
        .await?);
        Ok(ChatRow {
            id: new_id,
            room: room.to_string(),
            author: author.to_string(),
            body: body.to_string(),
            at: now,
        })
    }

    /// The times (ms, oldest first) of `sender`'s messages in game `id` since `since`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn chat_times(
        &self,
        id: &str,
        sender: &str,
        since: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = on_write!(self, pool => sqlx::query_as(
            "SELECT created_at FROM chat_messages \
             WHERE game_id = $1 AND sender = $2 AND created_at > $3 ORDER BY created_at",
        )
        .bind(id)
        .bind(sender)
        .bind(since)
        .fetch_all(pool)
        .await?);
        Ok(rows.into_iter().map(|(at,)| at).collect())
    }

    /// Message `message` of game `id`, if it is that game's.
    ///
    /// # Errors
    /// Database failures.
    pub async fn chat_message(
        &self,
        id: &str,
        message: i64,
    ) -> Result<Option<ChatRow>, StoreError> {
        let row: Option<(i64, String, String, String, i64)> = on_read!(self, pool => sqlx::query_as(
            "SELECT id, room, author, body, created_at FROM chat_messages \
             WHERE game_id = $1 AND id = $2",
        )
        .bind(id)
        .bind(message)
        .fetch_optional(pool)
        .await?);
        Ok(row.map(chat_row))
    }

    /// The last `limit` messages of `room` in game `id`, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn chat_history(
        &self,
        id: &str,
        room: &str,
        limit: i64,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows: Vec<(i64, String, String, String, i64)> = on_read!(self, pool => sqlx::query_as(
            "SELECT id, room, author, body, created_at FROM chat_messages \
             WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3",
        )
        .bind(id)
        .bind(room)
        .bind(limit)
        .fetch_all(pool)
        .await?);
        let mut messages: Vec<ChatRow> = rows.into_iter().map(chat_row).collect();
        messages.reverse();
        Ok(messages)
    }
}

impl Store {
    /// Mutes (`muted`) or unmutes `author` in game `id`'s chat for `user`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_chat_mute(
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
        on_write!(self, pool => sqlx::query(sql)
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
    pub async fn chat_mutes(&self, user: &str, id: &str) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = on_read!(self, pool => sqlx::query_as(
            "SELECT author FROM chat_mutes WHERE user_id = $1 AND game_id = $2 ORDER BY author",
        )
        .bind(user)
        .bind(id)
        .fetch_all(pool)
        .await?);
        Ok(rows.into_iter().map(|(a,)| a).collect())
    }
}

fn chat_row((id, room, author, body, at): (i64, String, String, String, i64)) -> ChatRow {
    ChatRow {
        id,
        room,
        author,
        body,
        at,
    }
}
