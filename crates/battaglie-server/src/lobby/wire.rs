//! What the page is sent of the lobby: the list (`GET /api/lobby` and a socket's
//! first message), a challenge, a request to play anyone, a seat in a game the
//! lobby started, and the socket's messages. Their TypeScript is generated into
//! `web/types/` (see `view/typescript.rs`).

use battaglie_community::SideChoice;
use battaglie_view::SideWord;
use serde::Serialize;
use ts_rs::TS;

use super::{ChallengeState, SeekState};

/// The lobby as a reader sees it.
#[derive(Debug, Serialize, TS)]
pub struct LobbyView {
    /// The server's time (milliseconds since 1970), against which `expires_at` counts.
    pub now: i64,
    /// Signs of life: players at a board, games in play, games to watch.
    pub life: LobbyLife,
    /// The signed-in reader's name.
    pub me: Option<String>,
    /// The challenges the reader may see.
    pub challenges: Vec<ChallengeView>,
    /// The reader's request to play anyone, if any.
    pub seek: Option<SeekView>,
    /// The time controls offered, written (`10+3`).
    pub presets: Vec<String>,
}

/// The lobby's signs of life.
#[derive(Debug, Serialize, TS)]
pub struct LobbyLife {
    /// Players at a board now.
    pub players: i64,
    /// Games being played.
    pub games: usize,
    /// A few online games to watch, the last changed first.
    pub watch: Vec<GameToWatch>,
}

/// An online game to watch.
#[derive(Debug, Serialize, TS)]
pub struct GameToWatch {
    /// The game's id.
    pub id: String,
    /// Its battle's id.
    pub battle: String,
    /// Its page.
    pub url: String,
}

/// A challenge as a reader sees it in the list.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Challenge")]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The battle's id.
    pub battle: String,
    /// The side the challenger asks for.
    #[ts(type = "\"army\" | \"indians\" | \"random\"")]
    pub side: SideChoice,
    /// The time control, written (`10+3`, `3d+2h`).
    pub control: String,
    /// Whether it is played live (a clock in minutes) rather than by correspondence.
    pub live: bool,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The challenger's name (`null` once the account is deleted).
    pub from: Option<String>,
    /// The challenger's rating as shown (`1500?` while provisional, a newcomer's too).
    pub from_rating: String,
    /// The one player it is for, if any.
    pub to: Option<String>,
    /// Whether the reader posted it.
    pub mine: bool,
    /// Whether it is addressed to the reader.
    pub incoming: bool,
    /// When it was posted (milliseconds since 1970).
    pub created_at: i64,
    /// When it lapses.
    pub expires_at: i64,
}

/// A seat in a game the lobby started, for its player.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(rename = "SeatedIn")]
pub struct SeatedView {
    /// The game's id.
    pub id: String,
    /// The player's side.
    pub side: SideWord,
    /// The player's seat token.
    pub token: String,
    /// The player's page.
    pub url: String,
}

/// A request to play anyone, as its player sees it.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Seek")]
pub struct SeekView {
    /// The battle's id.
    pub battle: String,
    /// The side asked for.
    #[ts(type = "\"army\" | \"indians\" | \"random\"")]
    pub side: SideChoice,
    /// The time control, written.
    pub control: String,
    /// Rated or casual.
    pub rated: bool,
    /// When it was made (milliseconds since 1970).
    pub since: i64,
    /// Waiting for a match, or paired into `game`.
    pub state: SeekState,
    /// The player's seat once paired.
    pub game: Option<SeatedView>,
}

/// What a request to play anyone came to (`POST /api/seeks`).
#[derive(Debug, Serialize, TS)]
#[serde(untagged)]
#[ts(rename = "Sought")]
pub enum SoughtView {
    /// Paired at once: `{"state": "paired", "game": ...}`.
    Paired {
        /// Always `paired`.
        #[ts(type = "\"paired\"")]
        state: &'static str,
        /// The player's seat.
        game: SeatedView,
    },
    /// Waiting for a match.
    Waiting(SeekView),
}

/// What a lobby socket is sent.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyMessage {
    /// The whole list (the first message, and again after falling behind).
    List(LobbyView),
    /// A challenge the reader may see was posted.
    Added {
        /// The challenge.
        challenge: ChallengeView,
    },
    /// The reader's challenge was accepted, or the reader accepted one.
    Accepted {
        /// The challenge's id.
        id: String,
        /// The reader's seat in the game it started.
        game: Option<SeatedView>,
    },
    /// A challenge left the list.
    Removed {
        /// The challenge's id.
        id: String,
        /// Why: accepted, cancelled or declined.
        reason: ChallengeState,
    },
    /// The reader's request to play anyone was paired.
    Paired {
        /// The request.
        seek: SeekView,
        /// The reader's seat in the game.
        game: Option<SeatedView>,
    },
    /// The answer to a ping.
    Pong,
}

/// The answer of a withdrawal of a request to play anyone (`DELETE /api/seeks`).
#[derive(Debug, Serialize, TS)]
pub struct SeekWithdrawn {
    /// Whether a request was waiting (and is no longer).
    pub withdrawn: bool,
}
