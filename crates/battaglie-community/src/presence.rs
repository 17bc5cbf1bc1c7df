//! Presence: whether a seat's player is connected, and since when they are gone.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::time::Timestamp;

/// How long a seat may be without a connection, in a live game, before the
/// opponent may claim (the 60 seconds).
pub const ABSENCE_LIMIT: Duration = Duration::from_secs(60);

/// A seat's connections (a player may have the game open in several tabs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    connections: u32,
    /// When the last connection closed (or the seat was taken), while none is open.
    gone_since: Option<Timestamp>,
    /// Whether the seat's player has ever connected: a seat still waiting for its
    /// player (an invitation not yet opened) has not been left.
    #[serde(default = "yes")]
    arrived: bool,
}

fn yes() -> bool {
    true
}

/// What the page shows for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one connection is open.
    Online,
    /// No connection, for less than the absence limit.
    Away,
    /// No connection for the absence limit or longer.
    Gone,
    /// Nobody has taken the seat yet (its player never connected).
    Waiting,
}

impl Presence {
    /// A seat nobody has connected to yet, counted as gone from `now`.
    pub fn absent(now: Timestamp) -> Presence {
        Presence {
            connections: 0,
            gone_since: Some(now),
            arrived: true,
        }
    }

    /// A seat whose player has never connected: waiting, not gone, and never
    /// claimed against.
    pub fn waiting() -> Presence {
        Presence {
            connections: 0,
            gone_since: None,
            arrived: false,
        }
    }

    /// A seat with a connection open now.
    pub fn online() -> Presence {
        Presence {
            connections: 1,
            gone_since: None,
            arrived: true,
        }
    }

    /// A seat without a connection since `since` (its last connection closed, or
    /// its node stopped renewing it, then).
    pub fn gone_since(since: Timestamp) -> Presence {
        Presence {
            connections: 0,
            gone_since: Some(since),
            arrived: true,
        }
    }

    /// A connection opened.
    pub fn connected(&mut self) {
        self.connections = self.connections.saturating_add(1);
        self.gone_since = None;
        self.arrived = true;
    }

    /// A connection closed at `now`.
    pub fn disconnected(&mut self, now: Timestamp) {
        self.connections = self.connections.saturating_sub(1);
        if self.connections == 0 && self.gone_since.is_none() {
            self.gone_since = Some(now);
        }
    }

    /// How long the seat has had no connection at `now` (`None` while connected,
    /// or while nobody has taken it yet).
    pub fn gone_for(&self, now: Timestamp) -> Option<Duration> {
        self.gone_since.map(|t| now.since(t))
    }

    /// Whether the seat's player has ever connected.
    pub fn arrived(&self) -> bool {
        self.arrived
    }

    /// The seat's status at `now`.
    pub fn status(&self, now: Timestamp) -> Status {
        if !self.arrived {
            return Status::Waiting;
        }
        match self.gone_for(now) {
            None => Status::Online,
            Some(d) if d < ABSENCE_LIMIT => Status::Away,
            Some(_) => Status::Gone,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_000_000);

    #[test]
    fn a_seat_is_gone_sixty_seconds_after_its_last_connection_closes() {
        let mut p = Presence::absent(T0);
        p.connected();
        p.connected();
        p.disconnected(T0.plus(Duration::from_secs(5)));
        assert_eq!(p.status(T0.plus(Duration::from_secs(500))), Status::Online);
        p.disconnected(T0.plus(Duration::from_secs(10)));
        assert_eq!(p.status(T0.plus(Duration::from_secs(69))), Status::Away);
        assert_eq!(p.status(T0.plus(Duration::from_secs(70))), Status::Gone);
        p.connected();
        assert_eq!(p.gone_for(T0.plus(Duration::from_secs(99))), None);
    }

    #[test]
    fn a_seat_nobody_has_taken_is_waiting_however_long_and_never_gone() {
        let mut p = Presence::waiting();
        assert_eq!(
            p.status(T0.plus(Duration::from_secs(3600))),
            Status::Waiting
        );
        assert_eq!(p.gone_for(T0.plus(Duration::from_secs(3600))), None);
        p.connected();
        p.disconnected(T0);
        assert_eq!(p.status(T0.plus(Duration::from_secs(60))), Status::Gone);
    }
}
