//! The chat of online games, one feature in one folder:
//!
//! - `rules.rs`: who writes and reads which room, and what a message may be, over
//!   `battaglie_community::chat` (pure);
//! - `service.rs`: [`Chat`], which checks a message, stores it and tells the
//!   game's sockets and the other nodes;
//! - `repo.rs`: its storage, the chat's only SQL;
//! - `routes.rs`: `/api/games/{id}/chat`;
//! - `wire.rs`: what the page is sent.

mod refusal;
mod repo;
pub(crate) mod routes;
mod rules;
mod service;
mod wire;

pub use repo::ChatRow;
pub use rules::{
    may_read, mute_author, room_from_word, room_word, shows, writer, ChatError, MuteError, Room,
    HISTORY, MAX_AUTHOR, MAX_MESSAGE, RATE_MEMORY_MS, ROOM_WORDS,
};
pub use service::{Chat, ChatFailure, MuteFailure};
pub use wire::{ChatHistory, ChatMessage, ChatMuted};
