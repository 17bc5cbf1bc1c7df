//! A lesson and its stages, as checked data.

use battaglie_rules::{DrawReason, Move, Position, Side, Square};

use crate::lang::Text;

/// A lesson: a rule (or a few) taught through short stages.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// Stable id (`board`, `houses`...), for progress and addresses.
    pub id: String,
    /// Its title.
    pub title: Text,
    /// One line under the title.
    pub subtitle: Text,
    /// What the lesson teaches, read before the first stage.
    pub intro: Text,
    /// The stages, in order.
    pub stages: Vec<Stage>,
}

/// One stage: a goal on a position, reached within a few moves.
#[derive(Debug, Clone)]
pub struct Stage {
    /// The goal, in one sentence.
    pub goal: Text,
    /// Where the position stands: a small map, or a built-in battle's.
    pub map: MapSource,
    /// The position the stage starts from; the player is the side to move.
    pub start: Position,
    /// What completes the stage (all of them).
    pub targets: Targets,
    /// What the other side does.
    pub opponent: Opponent,
    /// The most moves for three, two and one star.
    pub stars: [u32; 3],
    /// A shortest solution: the player's moves, in order.
    pub solution: Vec<Move>,
}

impl Stage {
    /// The side the player plays: the side to move at the start.
    pub fn player(&self) -> Side {
        self.start.side_to_move()
    }

    /// The stars for completing the stage in `moves` moves (0 beyond the one-star budget).
    pub fn stars_for(&self, moves: u32) -> u8 {
        self.stars.iter().filter(|&&most| moves <= most).count() as u8
    }
}

/// The map a stage is played on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapSource {
    /// A small map of the lesson: its terrain rows, north first.
    Rows(Vec<String>),
    /// A built-in battle's map, by id.
    Battle(String),
}

/// What completes a stage. Every target given must hold at once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Targets {
    /// Squares the player's pieces must stand on.
    pub reach: Vec<Square>,
    /// Squares whose enemy stacks must be eliminated (not merely moved away).
    pub eliminate: Vec<Square>,
    /// A square that must hold at least this many of the player's pieces.
    pub gather: Option<(Square, u8)>,
    /// The other side must have no piece left.
    pub win: bool,
    /// The game must end in this draw the rules give.
    pub draw: Option<DrawReason>,
    /// The player must still have pieces after this many rounds (their move and the reply).
    pub survive: Option<u32>,
}

/// What the other side does after each of the player's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    /// Nothing: it has no legal move, so the rules make it pass (or the stage ends
    /// before its turn).
    None,
    /// Fixed replies, one after each of the player's moves, in order. A reply that is not
    /// legal in the position reached (the player went another way) gives way to the pass
    /// when the rules allow it, else to the first of its legal moves.
    Replies(Vec<String>),
    /// The computer at a level (1 to 8), its node budget fixed so that the same position
    /// always gets the same reply: a hint and a retry meet the same game.
    Computer {
        /// The level, 1 (weakest) to 8.
        level: u8,
    },
}
