//! What the page is sent of the chat: a message (in answers and pushed on the
//! game's socket), a room's history, and the authors muted. Their TypeScript is
//! generated into `web/types/` (see `view/typescript.rs`).

use battaglie_community::Room;
use serde::Serialize;
use ts_rs::TS;

use super::repo::ChatRow;

/// One chat message, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ChatMessage {
    /// Grows with every message: the order they are shown in.
    pub id: i64,
    /// The room it was written in.
    #[ts(type = "\"players\" | \"spectators\"")]
    pub room: Room,
    /// Who wrote it: `army`, `indians`, or a spectator's account name.
    pub author: String,
    /// The text (plain text, never markup).
    pub body: String,
    /// When (milliseconds since 1970).
    pub at: i64,
}

impl From<&ChatRow> for ChatMessage {
    fn from(row: &ChatRow) -> ChatMessage {
        ChatMessage {
            id: row.id,
            room: row.room,
            author: row.author.clone(),
            body: row.body.clone(),
            at: row.at,
        }
    }
}

/// A room's latest messages, oldest first (`GET /api/games/{id}/chat`).
#[derive(Debug, Serialize, TS)]
pub struct ChatHistory {
    /// The room read.
    #[ts(type = "\"players\" | \"spectators\"")]
    pub room: Room,
    /// Its messages, but those of the authors the reader muted.
    pub messages: Vec<ChatMessage>,
    /// The authors the signed-in reader muted in this game (none for a guest).
    pub muted: Vec<String>,
}

/// The authors the reader mutes in a game, after a change (`POST .../chat/mute`).
#[derive(Debug, Serialize, TS)]
pub struct ChatMuted {
    /// Their names, in name order.
    pub muted: Vec<String>,
}
