//! Move ordering: the transposition-table move first, then eliminations by victim
//! value minus attacker value, then killers, then quiet moves by history.

use battaglie_rules::{Kind, Move, Position};

use crate::eval::{stack_value, PIECE_VALUE};

/// Internal square indices are below this bound.
const SQUARES: usize = 320;
/// The deepest ply with killers.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;

/// Killers per ply and the history of quiet moves that caused cutoffs, indexed per
/// side, (destination, kind) of each group: a move scores the sum over its pieces.
pub(crate) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    /// One row per (side, destination), one entry per kind in the row.
    history: Vec<[i32; 3]>,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![[0; 3]; 2 * SQUARES],
        }
    }

    /// The history row of `side`'s moves to internal square index `to`.
    #[inline]
    fn row(side: usize, to: usize) -> usize {
        side * SQUARES + to.min(SQUARES - 1)
    }

    /// The history score of quiet move `mv` for side `side` (by [`Side::index`]),
    /// clamped below the killers'.
    ///
    /// [`Side::index`]: battaglie_rules::Side::index
    pub fn history_of(&self, side: usize, mv: &Move) -> i32 {
        let mut h = 0;
        for g in mv.groups() {
            let [foot, mounted, vehicle] = self.history[Self::row(side, g.to.index())];
            let p = g.pieces;
            h += i32::from(p.count(Kind::Foot)) * foot
                + i32::from(p.count(Kind::Mounted)) * mounted
                + i32::from(p.count(Kind::Vehicle)) * vehicle;
        }
        h.clamp(-KILLER + 1, KILLER - 1)
    }

    /// The two killers of `ply`, the most recent first.
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// The ordering score of `mv` in `pos`.
    pub fn score(&self, pos: &Position, mv: &Move, tt: Option<Move>, ply: usize) -> i32 {
        if tt == Some(*mv) {
            return TT_MOVE;
        }
        if mv.is_capture() {
            return CAPTURE + capture_gain(pos, mv);
        }
        let k = &self.killers[ply.min(MAX_PLY)];
        if k[0] == Some(*mv) {
            return KILLER + 1;
        }
        if k[1] == Some(*mv) {
            return KILLER;
        }
        self.history_of(pos.side_to_move().index(), mv)
    }

    /// A quiet move caused a cutoff at `ply` with `depth` left.
    pub fn cutoff(&mut self, pos: &Position, mv: &Move, ply: usize, depth: u32) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(*mv) {
            k[1] = k[0];
            k[0] = Some(*mv);
        }
        let side = pos.side_to_move().index();
        let bonus = (depth * depth) as i32;
        for g in mv.groups() {
            for kind in Kind::ALL {
                if g.pieces.count(kind) > 0 {
                    let h = &mut self.history[Self::row(side, g.to.index())][kind.index()];
                    *h = (*h + bonus).min(1 << 20);
                }
            }
        }
    }

    /// Halves the history between searches' iterations.
    pub fn age(&mut self) {
        for h in self.history.iter_mut().flatten() {
            *h /= 2;
        }
    }
}

/// Victims' value minus the value of the pieces sent to eliminate them (scaled so
/// that a bigger victim always comes first).
pub(crate) fn capture_gain(pos: &Position, mv: &Move) -> i32 {
    let mut victims = 0;
    let mut attackers = 0;
    for g in mv.groups() {
        if g.capture {
            if let Some((_, p)) = pos.stack(g.to) {
                victims += stack_value(p, &PIECE_VALUE);
            }
            attackers += stack_value(g.pieces, &PIECE_VALUE);
        }
    }
    victims * 16 - attackers.min(PIECE_VALUE[1] * 15)
}

/// Sorts `moves` best first by their ordering scores, stably (moves scored alike keep
/// the generator's order), keying them in `scratch` rather than in a new vector.
pub(crate) fn sort(
    ord: &Ordering,
    pos: &Position,
    moves: &mut [Move],
    tt: Option<Move>,
    ply: usize,
    scratch: &mut Vec<(i32, Move)>,
) {
    scratch.clear();
    scratch.extend(moves.iter().map(|m| (ord.score(pos, m, tt, ply), *m)));
    scratch.sort_by_key(|k| std::cmp::Reverse(k.0));
    for (slot, (_, m)) in moves.iter_mut().zip(scratch.iter()) {
        *slot = *m;
    }
}
