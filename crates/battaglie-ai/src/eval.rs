//! Static evaluation, in centi-pieces (a Foot is 100) from the side to move's view.
//!
//! Terms: material by kind; threats (enemy stacks that a stack of ours could
//! eliminate next move, and ours that theirs could), with Foot in houses immune to
//! Mounted and Vehicles; a little mobility; the Army's advance out of staging; and a
//! pull towards 0 as the quiet counter nears the scenario's quiet limit.

use battaglie_rules::{Kind, KindSet, Pieces, Position, Side, Square};

/// The value of one piece of each kind (indexed by [`Kind::index`]): Mounted and
/// Vehicles eliminate every kind, Foot only Foot.
pub const PIECE_VALUE: [i32; 3] = [100, 300, 250];

/// Bonus per Foot standing in a square that only Foot may enter.
const SHELTER: i32 = 12;
/// Penalty per Army piece still in staging.
const STAGING: i32 = 12;
/// Bonus per file an Army piece has advanced.
const ADVANCE: i32 = 2;
/// Bonus per open neighbouring square a stack could step to.
const MOBILITY: i32 = 2;
/// Plies before the quiet limit over which the score shrinks towards 0.
const QUIET_FADE: u32 = 16;

/// Squares are indexed below this bound.
const INDEX_WORDS: usize = 5;

/// The value of a stack: the sum of its pieces' values.
#[inline]
pub(crate) fn stack_value(p: Pieces) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| PIECE_VALUE[k.index()] * p.count(k) as i32)
        .sum()
}

/// The kinds that may enter `sq` (staging squares: nobody, but nothing steps there).
#[inline]
fn enter_kinds(pos: &Position, sq: Square) -> KindSet {
    pos.scenario()
        .terrain(sq)
        .map_or(KindSet::EMPTY, |t| t.enter)
}

/// What the evaluation sees: the score terms per side and the threatened stacks.
pub(crate) struct Analysis {
    /// Material and placement per side (indexed by [`Side::index`]).
    pub base: [i32; 2],
    /// The two most valuable stacks of each side that the other can eliminate next move.
    pub threatened: [[i32; 2]; 2],
}

pub(crate) fn analyse(pos: &Position) -> Analysis {
    let scenario = pos.scenario();
    let rules = scenario.rules();
    let mut base = [0i32; 2];
    let mut threatened = [[0i32; 2]; 2];
    let mut seen = [[0u64; INDEX_WORDS]; 2];
    for side in Side::ALL {
        let s = side.index();
        for sq in pos.squares_of(side) {
            let Some((_, p)) = pos.stack(sq) else {
                continue;
            };
            let n = p.total() as i32;
            base[s] += stack_value(p);
            match (side, sq.file()) {
                (Side::Army, None) => base[s] -= STAGING * n,
                (Side::Army, Some(f)) => base[s] += ADVANCE * f as i32 * n,
                _ => {}
            }
            if !sq.is_staging() && enter_kinds(pos, sq) == Kind::Foot.set() {
                base[s] += SHELTER * p.count(Kind::Foot) as i32;
            }
            for to in scenario.neighbours(sq) {
                let enter = enter_kinds(pos, to);
                let avail = p.only(enter);
                if avail.is_empty() {
                    continue;
                }
                match pos.stack(to) {
                    None => base[s] += MOBILITY,
                    Some((owner, enemy)) if owner != side && rules.can_eliminate(avail, enemy) => {
                        let i = to.index();
                        let (w, b) = (i / 64 % INDEX_WORDS, i % 64);
                        let o = owner.index();
                        if seen[o][w] & (1 << b) == 0 {
                            seen[o][w] |= 1 << b;
                            let v = stack_value(enemy);
                            let t = &mut threatened[o];
                            if v > t[0] {
                                t[1] = t[0];
                                t[0] = v;
                            } else if v > t[1] {
                                t[1] = v;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    Analysis { base, threatened }
}

/// The static evaluation from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let a = analyse(pos);
    let us = pos.side_to_move().index();
    let them = 1 - us;
    let mut score = a.base[us] - a.base[them];
    // Theirs hanging: we move next and may take the best one.
    score += a.threatened[them][0] / 4;
    // Ours hanging: we can usually save one, rarely two.
    score -= a.threatened[us][0] / 8 + a.threatened[us][1] * 3 / 4;
    let limit = pos.scenario().rules().quiet_limit();
    let left = limit.saturating_sub(pos.quiet());
    if left < QUIET_FADE {
        score = score * left as i32 / QUIET_FADE as i32;
    }
    score
}

/// The value of `side`'s most valuable stack that the other side can eliminate next move.
pub(crate) fn hanging(pos: &Position, side: Side) -> i32 {
    analyse(pos).threatened[side.index()][0]
}
