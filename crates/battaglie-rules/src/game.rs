//! A game: a start position, the moves played, and everything that needs the history.

use std::collections::HashMap;

use crate::movegen::MoveError;
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome};
use crate::position::{PlayError, Position, Undo};
use crate::side::Side;

/// A game in progress or finished: the position after every move, with repetition
/// counted over the whole history (rules.md section 4).
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

    /// How many times the current placement (with the same side to move) has occurred.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.hash()).copied().unwrap_or(0)
    }

    /// The result, if the game is over: by the rules in the order of rules.md
    /// section 4 (win, deadlock, repetition, quiet limit), or as settled by the players.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.settled.is_some() {
            return self.settled;
        }
        match self.position.outcome() {
            Some(o @ (Outcome::Win(_) | Outcome::Draw(DrawReason::Deadlock))) => Some(o),
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
    /// # Errors
    /// A [`PlayError`] when the move is illegal or the game is over; nothing changes.
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError {
                mv: *mv,
                reason: format!("the game is over ({outcome})"),
            });
        }
        self.position
            .check_move(mv)
            .map_err(|reason| PlayError { mv: *mv, reason })?;
        let undo = self.position.play_unchecked(mv);
        *self.seen.entry(self.position.hash()).or_insert(0) += 1;
        self.moves.push((*mv, undo));
        Ok(())
    }

    /// Reads a move in notation and plays it.
    ///
    /// # Errors
    /// A [`MoveError`] when the text is not a move or the move is not legal now.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::Illegal(crate::IllegalMoveError {
                text: text.trim().to_string(),
                reason: format!("the game is over ({outcome})"),
            }));
        }
        let mv = self.position.parse_move(text)?;
        self.play(&mv).expect("a parsed move is legal");
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

    /// `side` resigns: the other side wins.
    ///
    /// # Errors
    /// When the game is already over (the result stays as it was).
    pub fn resign(&mut self, side: Side) -> Result<(), Outcome> {
        self.settle(Outcome::Win(!side))
    }

    /// The players agree a draw.
    ///
    /// # Errors
    /// When the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), Outcome> {
        self.settle(Outcome::Draw(DrawReason::Agreement))
    }

    fn settle(&mut self, outcome: Outcome) -> Result<(), Outcome> {
        if let Some(done) = self.outcome() {
            return Err(done);
        }
        self.settled = Some(outcome);
        Ok(())
    }

    /// The result the players settled, if any (resignation or agreed draw).
    pub fn settled(&self) -> Option<Outcome> {
        self.settled
    }
}
