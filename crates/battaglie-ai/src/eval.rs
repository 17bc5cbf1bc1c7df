//! Static evaluation, in centi-pieces (a Foot is 100) from the side to move's view.
//!
//! Terms: material by kind; threats (enemy stacks that a stack of ours could
//! eliminate next move, and ours that theirs could), with Foot in houses immune to
//! Mounted and Vehicles; a little mobility; the Army's advance out of staging;
//! pressure (each stack's closeness to the nearest enemy stack it could eliminate, which
//! brings the armies into contact); and a pull towards 0 as the quiet counter nears the
//! scenario's quiet limit. The weights are [`Weights`].

use battaglie_rules::{Kind, KindSet, Pieces, Position, Rules, Side, Square};

use crate::weights::Weights;

/// The default value of one piece of each kind (indexed by [`Kind::index`]): Mounted
/// and Vehicles eliminate every kind, Foot only Foot.
pub const PIECE_VALUE: [i32; 3] = [100, 300, 250];

/// The most stacks per side the pressure term looks at.
const MAX_STACKS: usize = 64;

/// Squares are indexed below this bound.
const INDEX_WORDS: usize = 5;

/// The value of a stack: the sum of its pieces' values.
#[inline]
pub(crate) fn stack_value(p: Pieces, values: &[i32; 3]) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| values[k.index()] * p.count(k) as i32)
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
    /// Material alone per side.
    pub material: [i32; 2],
}

pub(crate) fn analyse(pos: &Position, w: &Weights, engine: Option<Side>) -> Analysis {
    let values = w.piece_values();
    let scenario = pos.scenario();
    let rules = scenario.rules();
    let mut base = [0i32; 2];
    let mut threatened = [[0i32; 2]; 2];
    let mut seen = [[0u64; INDEX_WORDS]; 2];
    let mut material = [0i32; 2];
    let mut foot = [0i32; 2];
    let mut sheltered = [0i32; 2];
    let mut stacks = [[(0i32, 0i32, Pieces::EMPTY, KindSet::EMPTY); MAX_STACKS]; 2];
    let mut counts = [0usize; 2];
    for side in Side::ALL {
        let s = side.index();
        for sq in pos.squares_of(side) {
            let Some((_, p)) = pos.stack(sq) else {
                continue;
            };
            if counts[s] < MAX_STACKS {
                let file = sq.file().map_or(-1, i32::from);
                // Staging squares cannot be entered, but the pieces there must step onto
                // file a: standing near it presses them as much as if they stood there.
                let enter = if sq.is_staging() {
                    KindSet(0b111)
                } else {
                    enter_kinds(pos, sq)
                };
                stacks[s][counts[s]] = (file, i32::from(sq.rank()), p, enter);
                counts[s] += 1;
            }
            let n = p.total() as i32;
            material[s] += stack_value(p, &values);
            foot[s] += i32::from(p.count(Kind::Foot));
            match (side, sq.file()) {
                (Side::Army, None) => base[s] -= w.staging * n,
                (Side::Army, Some(f)) => base[s] += w.advance * f as i32 * n,
                _ => {}
            }
            if !sq.is_staging() && enter_kinds(pos, sq) == Kind::Foot.set() {
                sheltered[s] += i32::from(p.count(Kind::Foot));
            }
            for to in scenario.neighbours(sq) {
                let enter = enter_kinds(pos, to);
                let avail = p.only(enter);
                if avail.is_empty() {
                    continue;
                }
                match pos.stack(to) {
                    None => base[s] += w.mobility,
                    Some((owner, enemy)) if owner != side && rules.can_eliminate(avail, enemy) => {
                        let i = to.index();
                        let (w, b) = (i / 64 % INDEX_WORDS, i % 64);
                        let o = owner.index();
                        if seen[o][w] & (1 << b) == 0 {
                            seen[o][w] |= 1 << b;
                            let v = stack_value(enemy, &values);
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
    for side in Side::ALL {
        let s = side.index();
        let o = 1 - s;
        base[s] += material[s] + w.shelter * sheltered[s] + w.hunter * foot[s].min(sheltered[o]);
        let press = pressure(
            rules,
            w,
            &stacks[s][..counts[s]],
            &stacks[1 - s][..counts[1 - s]],
        );
        base[s] += match engine {
            Some(e) if e != side => press * w.press_them / 100,
            _ => press,
        };
    }
    Analysis {
        base,
        threatened,
        material,
    }
}

/// How close `ours` stand to enemy stacks they could eliminate: for each piece of
/// our stacks, a bonus that grows as the nearest such target gets nearer. It draws the
/// pieces into contact, where the search takes over.
fn pressure(
    rules: &Rules,
    w: &Weights,
    ours: &[(i32, i32, Pieces, KindSet)],
    theirs: &[(i32, i32, Pieces, KindSet)],
) -> i32 {
    let mut total = 0;
    for &(f, r, p, _) in ours {
        let mut nearest = w.press_range;
        for &(tf, tr, tp, enter) in theirs {
            let d = (f - tf).abs() + (r - tr).abs();
            if d < nearest && rules.can_eliminate(p.only(enter), tp) {
                nearest = d;
            }
        }
        total += w.press * i32::from(p.total()) * (w.press_range - nearest).max(0);
    }
    total
}

/// The static evaluation from the side to move's view, with the default [`Weights`].
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Weights::default())
}

/// The static evaluation from the side to move's view, with the given weights, as an
/// onlooker sees it (both sides' pressure counts alike and a draw is worth 0).
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    score(pos, w, None, start_material(pos, w))
}

/// What a draw is worth to the side to move when `engine` is searching: less than 0
/// to the engine by `contempt`.
pub(crate) fn draw_value(pos: &Position, w: &Weights, engine: Option<Side>) -> i32 {
    match engine {
        Some(e) if e == pos.side_to_move() => -w.contempt,
        Some(_) => w.contempt,
        None => 0,
    }
}

/// The evaluation as `engine` (the side searching, if any) weighs it; `start` is
/// [`start_material`], computed once per search rather than at every leaf.
pub(crate) fn score(pos: &Position, w: &Weights, engine: Option<Side>, start: i32) -> i32 {
    let a = analyse(pos, w, engine);
    let us = pos.side_to_move().index();
    let them = 1 - us;
    let mut score = a.base[us] - a.base[them];
    // Theirs hanging: we move next and may take the best one.
    score += a.threatened[them][0] * w.hit / 100;
    // Ours hanging: we can usually save one, rarely two.
    score -= (a.threatened[us][0] * w.exposed + a.threatened[us][1] * w.exposed2) / 100;
    // A lead counts for more as the armies thin out, so the side ahead trades.
    let lead = a.material[us] - a.material[them];
    let gone = (start - a.material[us] - a.material[them]).max(0);
    score += lead * w.simplify / 100 * gone / start.max(1);
    // A quiet spell makes the advantage less sure, and it is gone at the quiet limit.
    let limit = pos.scenario().rules().quiet_limit() as i32;
    let quiet = (pos.quiet() as i32).min(limit);
    let draw = draw_value(pos, w, engine);
    score = draw + (score - draw) * (100 * limit - w.urgency * quiet) / (100 * limit).max(1);
    let left = limit - quiet;
    if left < w.fade {
        score = draw + (score - draw) * left / w.fade.max(1);
    }
    score
}

/// Both sides' material at the scenario's start.
pub(crate) fn start_material(pos: &Position, w: &Weights) -> i32 {
    let values = w.piece_values();
    Side::ALL
        .iter()
        .flat_map(|&side| {
            let forces = pos.scenario().forces(side);
            (0..3).map(move |k| forces[k] as i32 * values[k])
        })
        .sum()
}

/// The value of `side`'s most valuable stack that the other side can eliminate next move.
pub(crate) fn hanging(pos: &Position, side: Side, w: &Weights) -> i32 {
    analyse(pos, w, None).threatened[side.index()][0]
}
