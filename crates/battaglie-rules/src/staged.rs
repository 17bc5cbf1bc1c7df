//! Move generation in stages, for search: the moves that eliminate, then the quiet
//! ones, each listed only when a search reaches it (a cutoff on an early move spares
//! the rest), and a cheap legality check for moves remembered from elsewhere (a
//! transposition table's move, a killer).
//!
//! Each stage lists its moves in the order [`Position::legal_moves`] does, so a
//! search that orders them stably sees the same order either way.

use crate::movegen::Entry;
use crate::moves::{Move, DIRECTIONS};
use crate::pieces::Pieces;
use crate::position::{cell_pieces, cell_side, Position};
use crate::square::Square;

/// Which legal moves [`Position::stage_moves_into`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The moves in which at least one group eliminates.
    Eliminations,
    /// The moves in which every group eliminates (what a quiescence search plays).
    OnlyEliminations,
    /// The moves in which no group eliminates, the pass excepted.
    Quiet,
}

impl Position {
    /// The legal moves of `stage` into a reused buffer (cleared first), in the order
    /// of [`Position::legal_moves`]. Never the pass: it is legal only when no stage has
    /// a move and the other side has one ([`Position::has_step`]).
    pub fn stage_moves_into(&self, stage: Stage, out: &mut Vec<Move>) {
        out.clear();
        if self.ends_before_moving() {
            return;
        }
        let us = self.side_to_move();
        for from in self.occupied_indices(us) {
            let entries = self.entries(from, us);
            let captures = entries
                .iter()
                .enumerate()
                .filter(|(_, e)| e.capture && e.kinds != 0)
                .fold(0u8, |acc, (d, _)| acc | 1 << d);
            if captures == 0 && stage != Stage::Quiet {
                continue;
            }
            let stack = cell_pieces(self.cell(from));
            let mut gen = Staged {
                from: Square::from_index(from).expect("occupied squares are squares"),
                stack,
                entries: &entries,
                captures,
                stage,
                parts: [Pieces::EMPTY; DIRECTIONS],
                out,
            };
            gen.walk(stack, 0, false);
        }
    }

    /// Whether `mv` is legal here, checked without generating moves or allocating.
    /// The same answer as `legal_moves().contains(mv)`, with the eliminations the
    /// move records matched against the position.
    pub fn is_legal(&self, mv: &Move) -> bool {
        if self.ends_before_moving() {
            return false;
        }
        let us = self.side_to_move();
        if mv.is_pass() {
            return !self.has_step(us) && self.has_step(!us);
        }
        let from = mv.source_index();
        let cell = self.cell(from);
        if cell == 0 || cell_side(cell) != us {
            return false;
        }
        let stack = cell_pieces(cell);
        let entries = self.entries(from, us);
        let mut left = stack;
        for (dir, &part) in mv.parts().iter().enumerate() {
            let entry = entries[dir];
            if part.is_empty() {
                if mv.captures_in(dir) {
                    return false;
                }
                continue;
            }
            if !left.contains(part) || !entry.accepts(part) || entry.capture != mv.captures_in(dir)
            {
                return false;
            }
            left = left.minus(part);
        }
        left != stack
    }
}

/// One stack's moves of one stage, direction by direction.
struct Staged<'a> {
    from: Square,
    stack: Pieces,
    entries: &'a [Entry; DIRECTIONS],
    /// The directions in which arriving eliminates.
    captures: u8,
    stage: Stage,
    parts: [Pieces; DIRECTIONS],
    out: &'a mut Vec<Move>,
}

impl Staged<'_> {
    /// Every way to send parts of `left` to directions `dir..`, given whether a group
    /// sent so far eliminates.
    fn walk(&mut self, left: Pieces, dir: usize, eliminated: bool) {
        if self.stage == Stage::Eliminations && !eliminated && self.captures >> dir == 0 {
            return;
        }
        if dir == DIRECTIONS {
            if left != self.stack {
                let sent = (0..DIRECTIONS)
                    .filter(|&d| !self.parts[d].is_empty())
                    .fold(0u8, |acc, d| acc | 1 << d);
                let mv = Move::new(self.from, self.parts, self.captures & sent);
                self.out.push(mv);
            }
            return;
        }
        let entry = self.entries[dir];
        self.parts[dir] = Pieces::EMPTY;
        self.walk(left, dir + 1, eliminated);
        let allowed = match self.stage {
            Stage::Quiet => !entry.capture,
            Stage::OnlyEliminations => entry.capture,
            Stage::Eliminations => true,
        };
        if !allowed || entry.kinds == 0 || entry.room == 0 {
            return;
        }
        left.for_each_nonempty_subset(|group| {
            if entry.accepts(group) {
                self.parts[dir] = group;
                self.walk(left.minus(group), dir + 1, eliminated || entry.capture);
            }
        });
        self.parts[dir] = Pieces::EMPTY;
    }
}
