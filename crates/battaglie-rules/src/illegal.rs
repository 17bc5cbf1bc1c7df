//! Why a move cannot be played: the errors of playing and of reading a move in a position.

use crate::kind::{Kind, KindSet};
use crate::moves::{Move, ParseMoveError};
use crate::outcome::Outcome;
use crate::pieces::Pieces;
use crate::setup::kinds_phrase;
use crate::side::Side;
use crate::square::Square;

/// The rule a well-formed move breaks in a position (RULES.md, "A turn"), naming the square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// A pass while the side to move has another move.
    #[error("pass is legal only when there is no other move")]
    PassWithMovesLeft,
    /// A square outside the scenario's map.
    #[error("{square} is not on the {width}x{height} map")]
    OffMap {
        /// The square named.
        square: Square,
        /// The map's width.
        width: u8,
        /// The map's height.
        height: u8,
    },
    /// The source square holds no piece.
    #[error("{0} is empty")]
    EmptySource(Square),
    /// The source square holds the other side's pieces.
    #[error("{square} holds pieces of the {}, and the {} are to move", side_title(*owner), side_title(!*owner))]
    NotYourStack {
        /// The source square.
        square: Square,
        /// Whose pieces stand there.
        owner: Side,
    },
    /// A step off the board's layout (a packed move read back where it does not fit).
    #[error("{0}: no square in that direction")]
    NoSquareThere(Square),
    /// A group sent into a staging square.
    #[error("{0}: nobody may enter a staging square")]
    IntoStaging(Square),
    /// Pieces in staging sent anywhere but east.
    #[error("{to}: pieces in staging may only step east, to {east}")]
    StagingStepsEast {
        /// The destination named.
        to: Square,
        /// The only square they may enter.
        east: Square,
    },
    /// A destination that is not orthogonally adjacent to the source.
    #[error("{to} is not one step north, east, south or west of {from}")]
    NotAdjacent {
        /// The source square.
        from: Square,
        /// The destination named.
        to: Square,
    },
    /// A kind sent onto terrain it may not enter.
    #[error("{to}: a {kind} piece cannot enter {terrain} (only {} may)", kinds_phrase(*enter))]
    Terrain {
        /// The destination.
        to: Square,
        /// The kind that may not enter.
        kind: Kind,
        /// The terrain's name.
        terrain: String,
        /// The kinds that may.
        enter: KindSet,
    },
    /// A group that cannot eliminate every piece of the enemy stack it moves onto.
    #[error("{to}: {group} cannot eliminate every piece of the enemy stack ({})", letters(*defenders, *defender))]
    CannotEliminate {
        /// The destination.
        to: Square,
        /// The kinds arriving.
        group: Pieces,
        /// The enemy stack standing there.
        defenders: Pieces,
        /// Whose stack it is.
        defender: Side,
    },
    /// A group that would make a friendly (or empty) square exceed the stack limit.
    #[error("{to}: {arriving} arriving on {here} would make a stack of {}, the limit is {limit}", arriving + here)]
    StackLimit {
        /// The destination.
        to: Square,
        /// The pieces arriving.
        arriving: u8,
        /// The pieces already there.
        here: u8,
        /// The scenario's stack limit.
        limit: u8,
    },
    /// A move that sends no piece anywhere.
    #[error("the move moves no piece")]
    NoPieceMoved,
    /// A move that takes more pieces of a kind than the source holds.
    #[error("{from} holds {has} {kind}, the move takes {takes}")]
    NotEnoughPieces {
        /// The source square.
        from: Square,
        /// The kind short.
        kind: Kind,
        /// How many of it stand there.
        has: u8,
        /// How many the move takes.
        takes: u32,
    },
    /// A packed move whose elimination flags do not match what stands on its destinations.
    #[error("the move's eliminations do not match the position")]
    EliminationsMismatch,
}

impl IllegalMoveError {
    /// The rule broken, as one stable name (`"stack_limit"`, `"terrain"`...): what
    /// the server's error codes (`move_<rule>`), the page's language tables and the
    /// Python package's `IllegalMoveError.rule` call it.
    pub fn rule(&self) -> &'static str {
        match self {
            IllegalMoveError::PassWithMovesLeft => "pass_with_moves_left",
            IllegalMoveError::OffMap { .. } => "off_map",
            IllegalMoveError::EmptySource(_) => "empty_source",
            IllegalMoveError::NotYourStack { .. } => "not_your_stack",
            IllegalMoveError::NoSquareThere(_) => "no_square_there",
            IllegalMoveError::IntoStaging(_) => "into_staging",
            IllegalMoveError::StagingStepsEast { .. } => "staging_steps_east",
            IllegalMoveError::NotAdjacent { .. } => "not_adjacent",
            IllegalMoveError::Terrain { .. } => "terrain",
            IllegalMoveError::CannotEliminate { .. } => "cannot_eliminate",
            IllegalMoveError::StackLimit { .. } => "stack_limit",
            IllegalMoveError::NoPieceMoved => "no_piece_moved",
            IllegalMoveError::NotEnoughPieces { .. } => "not_enough_pieces",
            IllegalMoveError::EliminationsMismatch => "eliminations_mismatch",
        }
    }
}

/// Error of [`Position::try_play`](crate::Position::try_play),
/// [`Game::try_play`](crate::Game::try_play) and
/// [`Position::check_move`](crate::Position::check_move); nothing changes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is already over: no move may be played.
    #[error("no move may be played: the game is over ({0})")]
    GameOver(Outcome),
    /// The move breaks a rule here.
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move refused.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalMoveError,
    },
}

/// Error of [`Position::parse_move`](crate::Position::parse_move) and
/// [`Game::play_text`](crate::Game::play_text): the text is not a move, the move
/// breaks a rule, or the game is over.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move breaks a rule in this position.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as written (trimmed).
        text: String,
        /// The rule it breaks.
        reason: IllegalMoveError,
    },
    /// The game is already over: no move may be played.
    #[error("no move may be played: the game is over ({0})")]
    GameOver(Outcome),
}

/// "Army" or "Indians", for messages.
pub(crate) fn side_title(side: Side) -> &'static str {
    side.title()
}

/// A stack's letters as BFEN writes them for its owner (lower case for the Indians).
fn letters(pieces: Pieces, side: Side) -> String {
    let mut s = String::new();
    let _ = pieces.write_letters(&mut s, side == Side::Army);
    s
}
