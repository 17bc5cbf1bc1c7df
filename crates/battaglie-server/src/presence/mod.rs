//! Presence: which seats of a game have a socket open on any node (online,
//! away, gone), and how many spectators watch. One feature in one folder:
//!
//! - `rules.rs`: what the socket rows say of each seat at a time (pure);
//! - `service.rs`: [`Presence`], which records the sockets opened and closed,
//!   renews this node's, and tells the games' sockets what changed;
//! - `repo.rs`: its storage, the sockets' only SQL;
//! - `wire.rs`: what the page is sent.

pub(crate) mod repo;
mod rules;
mod service;
mod wire;

pub use repo::{GameInPlay, PresenceRepo, SocketRow, SocketStamp};
pub use rules::{presence_of, seat_presence, BEAT_LAPSE};
pub(crate) use service::PresenceTold;
pub use service::{OpenSocket, Presence, BEAT_EVERY, PRESENCE_COALESCE};
pub use wire::{PresenceAt, PresenceView, SeatPresence};
