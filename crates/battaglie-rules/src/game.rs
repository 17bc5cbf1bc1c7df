//! A game: a start position, the moves played, and everything that needs the history.

use std::collections::HashMap;

use crate::illegal::{MoveError, PlayError};
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::ply::Ply;
use crate::position::{Position, Undo};
use crate::side::Side;

/// A game in progress or finished: the position after every move, with repetition
/// counted over the whole history (RULES.md, "End of the game").
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<(Move, Undo)>,
    seen: HashMap<u64, u32>,
    /// A result the players settled (resignation, agreed draw).
    settled: Option<Outcome>,
}

impl Game {
    /// A new game from `start`, with a fresh history.
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.hash(), 1);
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            seen,
            settled: None,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &Move> + '_ {
        self.moves.iter().map(|(m, _)| m)
    }

    /// The moves played, each with its turn number and side.
    pub fn numbered_moves(&self) -> impl ExactSizeIterator<Item = (Ply, &Move)> + '_ {
        let mut ply = Ply::of(&self.start);
        self.moves.iter().map(move |(m, _)| {
            let this = ply;
            ply = ply.next();
            (this, m)
        })
    }

    /// How many times the current placement (with the same side to move) has occurred.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.hash()).copied().unwrap_or(0)
    }

    /// The result, if the game is over: by the rules in the order of RULES.md,
    /// "End of the game" (win, deadlock, repetition, quiet limit), or as settled by the players.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.settled.is_some() {
            return self.settled;
        }
        match self.position.outcome() {
            Some(o @ (Outcome::Win(..) | Outcome::Draw(DrawReason::Deadlock))) => Some(o),
            other => {
                if self.occurrences() >= 3 {
                    Some(Outcome::Draw(DrawReason::Repetition))
                } else {
                    other
                }
            }
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves; none once the game is over (repetition included).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays a legal move.
    ///
    /// Use [`Game::try_play`] for moves that may be illegal.
    ///
    /// # Panics
    /// When the move is not legal now or the game is over.
    pub fn play(&mut self, mv: &Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays a move after checking that it is legal and the game is not over.
    ///
    /// Use [`Game::play`] when the move is known to be legal.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the game is over (repetition and settled results
    /// included), [`PlayError::Illegal`] with the rule the move breaks; nothing changes.
    pub fn try_play(&mut self, mv: &Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        self.position.check_move(mv)?;
        self.push(mv);
        Ok(())
    }

    /// Plays a move taken from this game's [`legal_moves`](Game::legal_moves) now (or
    /// the same moves listed otherwise), without checking it again: for callers that
    /// have just listed them. Any other move leaves the game inconsistent, though
    /// never unsafe.
    pub fn play_listed(&mut self, mv: &Move) {
        debug_assert!(
            self.outcome().is_none() && self.position.check_move(mv).is_ok(),
            "{mv} is not legal now"
        );
        self.push(mv);
    }

    fn push(&mut self, mv: &Move) {
        let undo = self.position.play_unchecked(mv);
        *self.seen.entry(self.position.hash()).or_insert(0) += 1;
        self.moves.push((*mv, undo));
    }

    /// Reads a move in notation and plays it.
    ///
    /// # Errors
    /// A [`MoveError`]: the text is not a move, the move is not legal now, or the
    /// game is over ([`MoveError::GameOver`]); nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(outcome) = self.outcome() {
            text.parse::<crate::MoveText>()?;
            return Err(MoveError::GameOver(outcome));
        }
        let mv = self.position.parse_move(text)?;
        self.push(&mv);
        Ok(mv)
    }

    /// Takes back the last move (and any settled result); `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.settled = None;
        let (mv, undo) = self.moves.pop()?;
        let h = self.position.hash();
        if let Some(n) = self.seen.get_mut(&h) {
            *n -= 1;
            if *n == 0 {
                self.seen.remove(&h);
            }
        }
        self.position.undo(&mv, undo);
        Some(mv)
    }

    /// `side` resigns: the other side wins by [`WinReason::Resignation`].
    ///
    /// # Errors
    /// [`GameOver`] with the result when the game is already over (it stays as it was).
    pub fn resign(&mut self, side: Side) -> Result<(), GameOver> {
        self.settle(Outcome::Win(!side, WinReason::Resignation))
    }

    /// The players agree a draw ([`DrawReason::Agreement`]).
    ///
    /// # Errors
    /// [`GameOver`] with the result when the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameOver> {
        self.settle(Outcome::Draw(DrawReason::Agreement))
    }

    /// A clock or a claim ends the game (RULES.md, "Clocks and leaving"): `winner` wins, or a
    /// draw when `None`, for `reason` ([`ClockReason::Time`] or [`ClockReason::Abandoned`]).
    /// Whether the winner could ever win is the caller's judgement (the community
    /// crate's `flag_fall` and `claim`).
    ///
    /// # Errors
    /// [`GameOver`] with the result when the game is already over.
    pub fn end_by_clock(
        &mut self,
        winner: Option<Side>,
        reason: ClockReason,
    ) -> Result<(), GameOver> {
        self.settle(match (winner, reason) {
            (Some(w), ClockReason::Time) => Outcome::Win(w, WinReason::Time),
            (Some(w), ClockReason::Abandoned) => Outcome::Win(w, WinReason::Abandoned),
            (None, ClockReason::Time) => Outcome::Draw(DrawReason::Time),
            (None, ClockReason::Abandoned) => Outcome::Draw(DrawReason::Abandoned),
        })
    }

    pub(crate) fn settle(&mut self, outcome: Outcome) -> Result<(), GameOver> {
        if let Some(done) = self.outcome() {
            return Err(GameOver(done));
        }
        self.settled = Some(outcome);
        Ok(())
    }

    /// The result the players settled, if any (resignation or agreed draw).
    pub fn settled(&self) -> Option<Outcome> {
        self.settled
    }
}

/// Why a clock ended a game ([`Game::end_by_clock`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockReason {
    /// A clock ran out (`time`).
    Time,
    /// A player left and the opponent claimed (`abandoned`).
    Abandoned,
}

/// Error of [`Game::resign`] and [`Game::agree_draw`]: the game is already over, with this result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the game is already over ({0})")]
pub struct GameOver(pub Outcome);
