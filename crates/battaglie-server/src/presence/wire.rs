//! What the page is sent of presence: each seat's status and the spectators, on
//! the game's socket at opening and at every change (`game/socket_message.rs`). Its TypeScript is generated
//! into `web/types/` (see `view/typescript.rs`).

use battaglie_community::Status;
use serde::Serialize;
use ts_rs::TS;

/// Each seat's status and the spectators (see `docs/api.md`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PresenceView {
    /// The Army's seat.
    pub army: SeatPresence,
    /// The Indians' seat.
    pub indians: SeatPresence,
    /// Sockets open without a seat.
    pub spectators: u32,
}

/// One seat's presence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SeatPresence {
    /// `waiting` (no socket ever), `online`, `away` (no socket, less than the
    /// absence limit) or `gone`.
    #[ts(type = "\"waiting\" | \"online\" | \"away\" | \"gone\"")]
    pub status: Status,
    /// Since when (game time, milliseconds since 1970) the seat has had no socket.
    pub since: Option<i64>,
    /// From when the opponent may claim the win or a draw (live games with a
    /// clock only, while the seat has no socket).
    pub claim_at: Option<i64>,
}

/// The presence told at a time: the game's socket sends it as its `presence`
/// message (`game::GameSocketMessage::Presence`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresenceAt {
    /// Each seat's status and the spectators.
    pub view: PresenceView,
    /// The server's time (game time, milliseconds since 1970).
    pub at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words `web/presence.js` reads (its classes `online`, `away`, `gone`).
    #[test]
    fn each_status_is_sent_as_the_word_the_page_reads() {
        for (status, word) in [
            (Status::Online, "online"),
            (Status::Away, "away"),
            (Status::Gone, "gone"),
            (Status::Waiting, "waiting"),
        ] {
            assert_eq!(serde_json::to_value(status).unwrap(), word);
        }
    }
}
