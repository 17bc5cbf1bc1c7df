//! Every message the game's socket (`http/ws.rs`) sends, as one type (lila-ws's
//! `ClientIn`): the state, pre-rendered once per change and joined per reader
//! (`snapshot.rs`); the presence, a chat message, the rematch offer, a refusal and
//! the pong, each written by serde. Its TypeScript is generated into `web/types/`
//! (see `view/typescript.rs`), where the page's socket (`web/socket.js`) reads it.

use serde::Serialize;
use ts_rs::TS;

use super::RematchView;
use crate::chat::ChatMessage;
use crate::http::{Error, ErrorCode};
use crate::presence::{PresenceAt, PresenceView};

/// A message of the game's socket, tagged by its `type`.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameSocketMessage<'a> {
    /// The game's state as `GET /api/games/{id}` answers it to this reader, already
    /// JSON with its `"type":"state"` (a state is joined from cached parts, not
    /// serialised again for every socket): [`GameSocketMessage::text`] sends it as
    /// it is, and serde is never asked to.
    State(
        // (Declared only where the declarations are written: the state's type is the
        // tests' alone.)
        #[cfg_attr(test, ts(as = "SeatedState"))] String,
    ),
    /// Each seat's status and the spectators, with the server's time, so that the
    /// page counts down to a `claim_at` on the server's clock, not its own.
    Presence {
        /// Each seat's status and the spectators.
        #[serde(flatten)]
        #[ts(flatten)]
        view: &'a PresenceView,
        /// The server's time (game time, milliseconds since 1970).
        at: i64,
    },
    /// A chat message of a room the reader reads.
    Chat {
        /// The message.
        #[serde(flatten)]
        #[ts(flatten)]
        message: &'a ChatMessage,
    },
    /// The rematch offer as the reader sees it now.
    Rematch {
        /// The offer.
        #[serde(flatten)]
        #[ts(flatten)]
        view: &'a RematchView,
    },
    /// A message of the reader's refused: the API's error body with its status.
    Error {
        /// The HTTP status the same request would be answered with.
        status: u16,
        /// The English message.
        error: &'a str,
        /// The code and the parameters of its sentence.
        #[serde(flatten)]
        #[ts(flatten)]
        code: &'a ErrorCode,
    },
    /// The answer to a `ping`.
    Pong,
}

/// The state as a socket sends it: the reader's seat in front of the state
/// (declared for the page; the server joins it, `game/snapshot.rs`).
#[cfg(test)]
#[derive(TS)]
struct SeatedState {
    /// The reader's seat (`null`: a spectator).
    #[ts(type = "\"army\" | \"indians\" | \"both\" | null")]
    #[allow(dead_code)]
    you: Option<String>,
    #[ts(flatten)]
    #[allow(dead_code)]
    state: crate::game::snapshot::Snapshot<'static>,
}

impl<'a> GameSocketMessage<'a> {
    /// A refusal of `e`.
    pub fn error(e: &'a Error) -> GameSocketMessage<'a> {
        GameSocketMessage::Error {
            status: e.status().as_u16(),
            error: e.message(),
            code: e.code(),
        }
    }

    /// The presence told at a time.
    pub fn presence(presence: &'a PresenceAt) -> GameSocketMessage<'a> {
        GameSocketMessage::Presence {
            view: &presence.view,
            at: presence.at,
        }
    }

    /// The message's text.
    pub fn text(self) -> String {
        match self {
            GameSocketMessage::State(text) => text,
            // Every other case is plain data: serde cannot fail on it.
            message => serde_json::to_string(&message).expect("a socket message serialises"),
        }
    }
}

#[cfg(test)]
mod tests {
    use battaglie_community::Status;

    use super::*;
    use crate::presence::SeatPresence;

    #[test]
    fn the_presence_message_is_typed_presence_with_the_seats_at_top_level() {
        let seat = |status, since| SeatPresence {
            status,
            since,
            claim_at: None,
        };
        let view = PresenceView {
            army: seat(Status::Online, None),
            indians: seat(Status::Away, Some(5)),
            spectators: 2,
        };
        let text = GameSocketMessage::Presence { view: &view, at: 9 }.text();
        assert_eq!(
            text,
            r#"{"type":"presence","army":{"status":"online","since":null,"claim_at":null},"indians":{"status":"away","since":5,"claim_at":null},"spectators":2,"at":9}"#
        );
    }

    #[test]
    fn a_pong_a_rematch_and_a_refusal_are_tagged_by_their_type() {
        assert_eq!(GameSocketMessage::Pong.text(), r#"{"type":"pong"}"#);
        assert_eq!(
            GameSocketMessage::Rematch {
                view: &RematchView::None
            }
            .text(),
            r#"{"type":"rematch","state":"none"}"#
        );
        let refused = Error::from(crate::http::RequestError::NotText);
        assert_eq!(
            GameSocketMessage::error(&refused).text(),
            r#"{"type":"error","status":422,"error":"messages are JSON text","code":"not_text","params":{}}"#
        );
    }

    #[test]
    fn a_state_is_sent_as_it_was_joined() {
        let joined = r#"{"type":"state","you":null}"#.to_string();
        assert_eq!(GameSocketMessage::State(joined.clone()).text(), joined);
    }
}
