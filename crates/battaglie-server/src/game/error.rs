//! What can go wrong with a game, in the domain's words (the HTTP layer maps each
//! variant to a status code in `http/error.rs`).

use battaglie_community::{ClaimError, ClockError, TimeControlError};
use battaglie_rules::record::RecordError;
use battaglie_rules::{BfenError, DrawReason, MoveError, Outcome, PlayError, Side};

use crate::store::StoreError;

/// What a seat holder tried to do, for the messages that say who may do it (its
/// name in the API: `undo`, `resign`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "SeatAction")]
pub enum Action {
    /// Taking back a move.
    Undo,
    /// Resigning.
    Resign,
    /// Offering, accepting or declining a draw.
    Draw,
    /// Asking for or answering a take-back.
    Takeback,
    /// Claiming against an opponent who left.
    Claim,
    /// Offering or answering a rematch.
    Rematch,
    /// Calling the game off before its first move.
    Abort,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Action::Undo => "undo",
            Action::Resign => "resigning",
            Action::Draw => "a draw",
            Action::Takeback => "a take-back",
            Action::Claim => "claiming",
            Action::Rematch => "a rematch",
            Action::Abort => "calling the game off",
        })
    }
}

/// Why a request on a game was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The id does not even have the shape of a game id.
    #[error("no game {0:?}: a game id is 16 hexadecimal digits")]
    BadId(String),
    /// No game has this id.
    #[error("no game {0:?}")]
    NotFound(String),
    /// The scenario is not one of the built-in battles.
    #[error("scenario: unknown scenario {id:?} (known: {known})")]
    UnknownScenario {
        /// The scenario asked for.
        id: String,
        /// The built-in scenario ids, comma-separated.
        known: String,
    },
    /// An imported record names a scenario that is not built in.
    #[error("game record: scenario: unknown scenario {id:?} (known: {known})")]
    UnknownRecordScenario {
        /// The record's scenario.
        id: String,
        /// The built-in scenario ids, comma-separated.
        known: String,
    },
    /// A computer level outside 1..=8.
    #[error("level: {0} is out of range 1..=8")]
    LevelOutOfRange(i64),
    /// A level for a game without a computer.
    #[error("level: only computer games have a level")]
    LevelWithoutComputer,
    /// An imported record that does not read or does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A token that opens no seat of this game.
    #[error("token: this is not a seat token of this game")]
    WrongToken,
    /// A spectator tried to move.
    #[error("token: moving needs the seat token of the side to move ({})", side_name(*to_move))]
    MoveNeedsToken {
        /// The side to move.
        to_move: Side,
    },
    /// A spectator tried to undo, resign or draw.
    #[error("{0} needs a seat token (`token`)")]
    NeedsToken(Action),
    /// The other seat's turn.
    #[error("token: it is the turn of {}, and this token is the other side's seat", side_name(*to_move))]
    NotYourTurn {
        /// The side to move.
        to_move: Side,
    },
    /// The computer is to move.
    #[error("it is the computer's turn ({}): wait for its move", side_name(*to_move))]
    ComputersTurn {
        /// The side the computer plays.
        to_move: Side,
    },
    /// The game has ended.
    #[error("the game is over ({})", outcome_phrase(*outcome))]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The game was called off before its first move: nothing more happens in it.
    #[error("the game was called off before its first move: start a new one")]
    CalledOff,
    /// Calling off a game in which a move has been played.
    #[error("a move has been played: the game can no longer be called off (resign or offer a draw instead)")]
    TooLateToCallOff,
    /// The move does not read, or breaks a rule (the rules crate's reason).
    #[error("move: {0}")]
    IllegalMove(#[from] MoveError),
    /// Online games keep every move.
    #[error("online games have no undo: ask the opponent for a take-back instead")]
    NoUndoOnline,
    /// Take-back requests are for online games (the others undo).
    #[error("take-back requests are for online games: use undo")]
    TakebackOnlyOnline,
    /// Answering or withdrawing a take-back request that does not stand.
    #[error("there is no such take-back request standing")]
    NoTakebackRequest,
    /// No move of the asker's to take back.
    #[error("there is no move of yours to take back")]
    NothingToUndo,
    /// Accepting or declining without an offer of the opponent.
    #[error("there is no draw offer of the opponent")]
    NoDrawOffer,
    /// The time control does not read or is out of range.
    #[error("clock: {0}")]
    BadClock(#[from] TimeControlError),
    /// A clock asked for a game that is not online (hotseat and computer games have none).
    #[error("clock: only online games have a clock")]
    ClockOnlineOnly,
    /// The clock refused the move: the live flag fell before it (the game is then over on time).
    #[error("{0}")]
    Clock(#[from] ClockError),
    /// A claim the rules on clocks and leaving (RULES.md) do not allow (yet).
    #[error("claim: {0}")]
    Claim(#[from] ClaimError),
    /// A claim in a game without a clock, or by a hotseat game's one token.
    #[error("claim: this game has no clock, and no opponent to claim against")]
    NothingToClaim,
    /// Another request (perhaps on another node) changed the game first; nothing was done.
    #[error("the game changed meanwhile (another move was played first): nothing was done, here is its state now")]
    Superseded,
    /// The stored game names a scenario this build does not have.
    #[error("game {id}: stored scenario {scenario:?} is not built in")]
    StoredScenario {
        /// The game.
        id: String,
        /// The stored scenario id.
        scenario: String,
    },
    /// The stored start position does not read.
    #[error("game {id}: stored start: {source}")]
    StoredStart {
        /// The game.
        id: String,
        /// Why.
        source: Box<BfenError>,
    },
    /// A stored move does not replay.
    #[error("game {id}: stored move {ply} {mv:?}: {source}")]
    StoredMove {
        /// The game.
        id: String,
        /// Its ply, 1-based.
        ply: usize,
        /// The stored text.
        mv: String,
        /// Why it does not replay (boxed: a rare error should not make every result large).
        source: Box<MoveError>,
    },
    /// The computer's own move was refused by the rules (a fault of the engine).
    #[error("game {id}: the computer's move is refused: {source}")]
    ComputerMove {
        /// The game.
        id: String,
        /// The rules crate's refusal.
        source: Box<PlayError>,
    },
    /// A seat of a rated game that no account holds (a guest with the invite link).
    #[error("token: this seat of a rated game is played signed in: sign in and open the invite link again")]
    RatedSeatNeedsAccount,
    /// The database failed.
    #[error(transparent)]
    Store(StoreError),
    /// The operating system's random generator failed.
    #[error("random generator: {0}")]
    Random(#[from] getrandom::Error),
}

/// A side in the API's English messages.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Army => "the Army",
        Side::Indians => "the Indians",
    }
}

/// "the Army won by elimination", "drawn by agreement": how a game ended, in the
/// API's English messages.
fn outcome_phrase(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(side, reason) => format!("{} won by {}", side_name(side), reason.word()),
        Outcome::Draw(DrawReason::Agreement) => "drawn by agreement".into(),
        Outcome::Draw(reason) => format!("drawn by {}", reason.word()),
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> GameError {
        match e {
            StoreError::Conflict => GameError::Superseded,
            e => GameError::Store(e),
        }
    }
}
