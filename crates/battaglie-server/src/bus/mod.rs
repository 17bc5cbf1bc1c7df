//! The message bus between server nodes: every change a node stores is published,
//! and every node hears the others' changes, to refresh its copies of the games and
//! push them to its WebSockets (see `game/remote.rs`).
//!
//! Two transports, chosen with `--bus`: NATS ([`nats`]) and PostgreSQL
//! `LISTEN/NOTIFY` ([`postgres`]). Publishing never waits: changes queue for a task
//! that sends them in order (in batches when they come faster than it sends).
//! A node alone needs no bus. What a node hears is a notice to read the store, never
//! the content itself: whoever reaches the bus cannot make a node show a move or a
//! message that was not stored.

mod change;
mod credentials;
mod location;
mod nats;
mod note;
mod postgres;

use tokio::sync::mpsc;

pub use change::{Change, ParseChangeError};
pub use location::{BusLocation, ParseBusError};
pub use note::{Note, Noted, ParseNoteError};

use crate::store::Database;

/// A failure to reach the bus at start.
#[derive(Debug, thiserror::Error)]
pub enum BusError {
    /// The NATS server could not be reached.
    #[error("cannot connect to the NATS bus {location}: {cause}")]
    NatsConnect {
        /// Where (passwords hidden).
        location: String,
        /// Why.
        cause: async_nats::ConnectError,
    },
    /// The NATS server refused the subscription.
    #[error("cannot subscribe on the NATS bus: {0}")]
    NatsSubscribe(async_nats::SubscribeError),
    /// `--bus postgres` with a database that is not PostgreSQL.
    #[error("bus: `postgres` needs a PostgreSQL database (--db postgres://...), not {0}")]
    NotPostgres(String),
    /// PostgreSQL could not be reached, or refused `LISTEN`.
    #[error("cannot listen on PostgreSQL {location}: {cause}")]
    Postgres {
        /// Where (passwords hidden).
        location: String,
        /// Why.
        cause: sqlx::Error,
    },
}

/// What a node hears on the bus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A change some node stored.
    Change(Change),
    /// A lobby event some node published (see `crate::lobby::Notice`).
    Lobby(String),
    /// A chat message or rematch offer some node stored.
    Note(Note),
    /// The connection to the bus was lost and is back: changes may have been missed.
    Gap,
}

/// The sending half of the bus (cheap to clone).
#[derive(Debug, Clone)]
pub struct Bus {
    location: BusLocation,
    outbox: mpsc::UnboundedSender<Outgoing>,
}

/// What a node sends: a game's change, a lobby event or a note (each on a
/// subject or channel of its own, so that they never mix).
#[derive(Debug, Clone)]
enum Outgoing {
    Change(Change),
    Lobby(String),
    Note(Note),
}

/// The changes heard on the bus, in the order the bus delivered them.
#[derive(Debug)]
pub struct Subscription {
    inbox: mpsc::UnboundedReceiver<Heard>,
}

impl Subscription {
    /// The next thing heard; `None` once the bus is gone for good.
    pub async fn next(&mut self) -> Option<Heard> {
        self.inbox.recv().await
    }
}

impl Bus {
    /// Connects to the bus at `location` (`db` is the node's database, which
    /// `postgres` uses), subscribes, and starts the tasks that send and hear.
    ///
    /// # Errors
    /// When the bus cannot be reached, or `postgres` is asked for on SQLite.
    pub async fn connect(
        location: &BusLocation,
        db: &Database,
    ) -> Result<(Bus, Subscription), BusError> {
        let (outbox, outgoing) = mpsc::unbounded_channel();
        let (heard, inbox) = mpsc::unbounded_channel();
        match location {
            BusLocation::Nats(urls) => {
                nats::start(urls, &location.to_string(), outgoing, heard).await?;
            }
            BusLocation::Postgres => {
                let Database::Postgres(url) = db else {
                    return Err(BusError::NotPostgres(db.to_string()));
                };
                postgres::start(url, &db.to_string(), outgoing, heard).await?;
            }
        }
        Ok((
            Bus {
                location: location.clone(),
                outbox,
            },
            Subscription { inbox },
        ))
    }

    /// Queues `change` for every other node (never waits).
    pub fn publish(&self, change: Change) {
        if self.outbox.send(Outgoing::Change(change)).is_err() {
            tracing::warn!(bus = %self.location, "the bus's sender has stopped: a change was not published");
        }
    }

    /// Queues a lobby event for every other node (never waits).
    pub fn publish_lobby(&self, event: String) {
        if self.outbox.send(Outgoing::Lobby(event)).is_err() {
            tracing::warn!(bus = %self.location, "the bus's sender has stopped: a lobby event was not published");
        }
    }

    /// Queues a note for every other node (never waits).
    pub fn publish_note(&self, note: Note) {
        if self.outbox.send(Outgoing::Note(note)).is_err() {
            tracing::warn!(bus = %self.location, "the bus's sender has stopped: a note was not published");
        }
    }

    /// Where the bus is (passwords hidden).
    pub fn location(&self) -> &BusLocation {
        &self.location
    }
}

/// How many queued changes one send carries at most.
const BATCH: usize = 256;
