//! Static evaluation, in centi-pieces (a Foot is 100) from the side to move's view.
//!
//! Terms: material by kind (a searching engine whose side starts with fewer piece
//! values measures it against that start), and no better than a draw for a side
//! whose kinds cannot eliminate every kind the enemy has left; threats (enemy stacks
//! that a stack of ours could eliminate next move, and ours that theirs could), with
//! Foot in houses immune to Mounted and Vehicles; a little mobility, on squares out of
//! the enemy's reach; the Army's advance out of staging; pressure (each stack's
//! closeness to the nearest enemy stack it could eliminate, which brings the armies
//! into contact); and a pull towards 0 as the quiet counter, plus the plies the armies
//! still need to meet, nears the scenario's quiet limit. The weights are [`Weights`].
//! One more term is measured but off by default (`scarce`, docs/strength.md): a bonus
//! for the pieces that alone can eliminate some enemy kind, while they are few (or,
//! with `scarce_last`, only a side's last few of them).

use battaglie_rules::{Kind, KindSet, Pieces, Position, Scenario, Side, Square};

use crate::board::{Board, SQUARES};
use crate::nnue::Network;
use crate::weights::Weights;

/// The default value of one piece of each kind (indexed by [`Kind::index`]): Mounted
/// and Vehicles eliminate every kind, Foot only Foot.
pub const PIECE_VALUE: [i32; 3] = [100, 300, 250];

/// The most stacks per side the pressure term looks at.
const MAX_STACKS: usize = 64;

/// The closest a stack presses pieces in staging from. Nearer, it only blocks them
/// in: they cannot come out without being eliminated, a wary opponent stays there,
/// and the game runs out in a quiet draw.
const STAGING_REACH: i16 = 3;

/// Words of a bitset over square indices.
const INDEX_WORDS: usize = SQUARES.div_ceil(64);

/// The owner bits of [`analyse_on`]'s occupancy map, by [`Side::index`].
const OWNER: [u8; 2] = [0x08, 0x10];
/// The kinds bits of the occupancy map.
const KINDS: u8 = 0x07;

/// The value of a stack: the sum of its pieces' values.
#[inline]
pub(crate) fn stack_value(p: Pieces, values: &[i32; 3]) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| values[k.index()] * p.count(k) as i32)
        .sum()
}

/// What the evaluation sees: the score terms per side and the threatened stacks.
pub(crate) struct Analysis {
    /// Material and placement per side (indexed by [`Side::index`]).
    pub base: [i32; 2],
    /// The two most valuable stacks of each side that the other can eliminate next move.
    pub threatened: [[i32; 2]; 2],
    /// Material alone per side.
    pub material: [i32; 2],
    /// The fewest steps between two enemy stacks one of which could eliminate the
    /// other (`press_range` when none is nearer).
    pub contact: i32,
    /// Per side, whether its kinds can still eliminate every kind the other has left.
    pub can_win: [bool; 2],
}

/// A stack as the pressure term sees it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct StackAt {
    /// The file, -1 for staging.
    pub file: i16,
    /// The rank.
    pub rank: i16,
    /// The kinds present.
    pub kinds: KindSet,
    /// The kind sets of attackers that could eliminate it (bit `a` for `KindSet(a)`),
    /// from [`Board::taken_by`].
    pub taken_by: u8,
    /// How many pieces.
    pub total: i32,
}

impl StackAt {
    /// The stack of pieces `p` on `sq`.
    #[cfg(test)]
    fn new(board: &Board, sq: Square, p: Pieces) -> StackAt {
        StackAt::of(board, sq, p.kinds(), p.total())
    }

    /// The stack on `sq` of `total` pieces of `kinds`.
    #[inline]
    fn of(board: &Board, sq: Square, kinds: KindSet, total: u8) -> StackAt {
        let i = sq.index();
        // Staging squares cannot be entered, but the pieces there must step onto
        // file a: standing near it presses them (see `STAGING_REACH`).
        let enter = if board.file[i] < 0 {
            KindSet::ALL
        } else {
            board.enter[i]
        };
        StackAt {
            file: board.file[i],
            rank: board.rank[i],
            kinds,
            taken_by: board.taken_by[enter.0 as usize][kinds.0 as usize],
            total: i32::from(total),
        }
    }
}

/// Per side, whether its kinds can eliminate every kind the other side has left.
fn can_win(board: &Board, kinds: &[KindSet; 2]) -> [bool; 2] {
    [0, 1].map(|s| {
        let reach = kinds[s].iter().fold(KindSet::EMPTY, |r, k| {
            KindSet(r.0 | board.eliminates[k.index()].0)
        });
        reach.is_superset(kinds[1 - s])
    })
}

/// Per side, its pieces able to eliminate the enemy kinds that some of its kinds
/// cannot, up to one more than the enemy has of those kinds and, when `cap` is not
/// 0, up to `cap` (0 when every kind of ours eliminates every enemy kind).
fn scarce(board: &Board, pieces: &[[i32; 3]; 2], kinds: &[KindSet; 2], cap: i32) -> [i32; 2] {
    [0, 1].map(|s| {
        let o = 1 - s;
        // The enemy kinds that every kind of ours eliminates, and the rest.
        let easy = kinds[s].iter().fold(KindSet::ALL, |e, k| {
            KindSet(e.0 & board.eliminates[k.index()].0)
        });
        let hard = KindSet(kinds[o].0 & !easy.0);
        if hard == KindSet::EMPTY {
            return 0;
        }
        let hunters: i32 = Kind::ALL
            .iter()
            .filter(|k| board.eliminates[k.index()].is_superset(hard))
            .map(|k| pieces[s][k.index()])
            .sum();
        let prey: i32 = hard.iter().map(|j| pieces[o][j.index()]).sum();
        let kept = hunters.min(prey + 1);
        if cap > 0 {
            kept.min(cap)
        } else {
            kept
        }
    })
}

/// A scenario's board with the evaluation's working memory, kept between calls.
pub(crate) struct Evaluator {
    board: Board,
    /// Each square's owner and kinds (0 when empty), for the neighbourhood lookups.
    occupant: [u8; SQUARES],
    /// Per side, for each empty square, the kind sets (bit `a` for `KindSet(a)`) that
    /// an enemy stack next to it could eliminate there.
    unsafe_for: [[u8; SQUARES]; 2],
    /// Per side, the squares of its stacks, `found` of them: gathered once, so the
    /// later passes walk a list rather than the position's occupancy.
    squares: [[Square; SQUARES]; 2],
    found: [usize; 2],
    stacks: [[StackAt; MAX_STACKS]; 2],
    /// See [`pressure`].
    press: PressScratch,
}

impl Evaluator {
    /// An evaluator for positions of `scenario`.
    pub fn new(scenario: &Scenario) -> Box<Evaluator> {
        Box::new(Evaluator {
            board: Board::new(scenario),
            occupant: [0; SQUARES],
            unsafe_for: [[0; SQUARES]; 2],
            squares: [[Square::staging(0); SQUARES]; 2],
            found: [0; 2],
            stacks: [[StackAt::default(); MAX_STACKS]; 2],
            press: PressScratch::new(),
        })
    }
}

/// [`analyse_on`] with an evaluator made for the occasion.
pub(crate) fn analyse(pos: &Position, w: &Weights, engine: Option<Side>) -> Analysis {
    analyse_on(&mut Evaluator::new(pos.scenario()), pos, w, engine)
}

pub(crate) fn analyse_on(
    ev: &mut Evaluator,
    pos: &Position,
    w: &Weights,
    engine: Option<Side>,
) -> Analysis {
    let Evaluator {
        board,
        occupant,
        unsafe_for,
        squares,
        found,
        stacks,
        press: press_scratch,
    } = ev;
    let values = w.piece_values();
    let mut base = [0i32; 2];
    let mut threatened = [[0i32; 2]; 2];
    let mut seen = [[0u64; INDEX_WORDS]; 2];
    // Pieces by side and kind.
    let mut pieces = [[0i32; 3]; 2];
    let mut sheltered = [0i32; 2];
    let mut counts = [0usize; 2];
    let mut kinds = [KindSet::EMPTY; 2];
    for side in Side::ALL {
        let s = side.index();
        found[s] = 0;
        for sq in pos.squares_of(side) {
            let Some((_, p)) = pos.stack(sq) else {
                continue;
            };
            squares[s][found[s]] = sq;
            found[s] += 1;
            let pk = p.kinds();
            occupant[sq.index()] = OWNER[s] | pk.0;
            let total = p.total();
            let n = i32::from(total);
            let here = board.enter[sq.index()];
            if counts[s] < MAX_STACKS {
                stacks[s][counts[s]] = StackAt::of(board, sq, pk, total);
                counts[s] += 1;
            }
            kinds[s] = KindSet(kinds[s].0 | pk.0);
            for k in Kind::ALL {
                pieces[s][k.index()] += i32::from(p.count(k));
            }
            let f = i32::from(p.count(Kind::Foot));
            if side == Side::Army {
                match board.file[sq.index()] {
                    -1 => base[s] -= w.staging * n,
                    file => base[s] += w.advance * i32::from(file) * n,
                }
            }
            if here == Kind::Foot.set() {
                sheltered[s] += f;
            }
        }
    }
    let material = pieces.map(|p| (0..3).map(|k| values[k] * p[k]).sum::<i32>());
    if w.scarce != 0 {
        let kept = scarce(board, &pieces, &kinds, w.scarce_last);
        base[0] += w.scarce * kept[0];
        base[1] += w.scarce * kept[1];
    }
    let foot = pieces.map(|p| p[Kind::Foot.index()]);
    let squares = [&squares[0][..found[0]], &squares[1][..found[1]]];
    // Staging squares are nobody's neighbours, so stacks in staging threaten nothing.
    for side in Side::ALL {
        let danger = &mut unsafe_for[side.index()];
        for &z in squares[1 - side.index()] {
            if z.is_staging() {
                continue;
            }
            let attacker = occupant[z.index()] & KINDS;
            for &y in board.neighbours(z) {
                let i = y.index();
                if occupant[i] == 0 {
                    danger[i] |= board.kills[(attacker & board.enter[i].0) as usize];
                }
            }
        }
    }
    for side in Side::ALL {
        let s = side.index();
        let o = 1 - s;
        for &sq in squares[s] {
            let ours = occupant[sq.index()] & KINDS;
            for &to in board.neighbours(sq) {
                let i = to.index();
                let avail = ours & board.enter[i].0;
                if avail == 0 {
                    continue;
                }
                let there = occupant[i];
                if there == 0 {
                    // A step out of reach of every enemy stack that could eliminate it.
                    if unsafe_for[s][i] >> avail & 1 == 0 {
                        base[s] += w.mobility;
                    }
                } else if there & OWNER[s] == 0
                    && board.eliminates(KindSet(avail), KindSet(there & KINDS))
                {
                    let (word, bit) = (i / 64 % INDEX_WORDS, i % 64);
                    if seen[o][word] & (1 << bit) == 0 {
                        seen[o][word] |= 1 << bit;
                        let enemy = pos.stack(to).map_or(Pieces::EMPTY, |(_, p)| p);
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
            }
        }
    }
    // Clear what was written, for the next call: whole arrays, which costs less than
    // revisiting every stack's neighbours.
    occupant.fill(0);
    unsafe_for[0].fill(0);
    unsafe_for[1].fill(0);
    let mut contact = w.press_range;
    for side in Side::ALL {
        let s = side.index();
        let o = 1 - s;
        base[s] += material[s] + w.shelter * sheltered[s] + w.hunter * foot[s].min(sheltered[o]);
        let (press, nearest) = pressure(
            press_scratch,
            w,
            &stacks[s][..counts[s]],
            &stacks[1 - s][..counts[1 - s]],
        );
        contact = contact.min(nearest);
        base[s] += match engine {
            Some(e) if e != side => press * w.press_them / 100,
            _ => press,
        };
    }
    let can_win = can_win(board, &kinds);
    Analysis {
        base,
        threatened,
        material,
        contact,
        can_win,
    }
}

/// Lanes of the pressure term's distance loop: eight 16-bit lanes fill one 128-bit
/// vector, and SSE2 (every x86-64) has 16-bit min and max.
const LANES: usize = 8;

/// Chunks of [`LANES`] targets: enough for [`MAX_STACKS`].
const CHUNKS: usize = MAX_STACKS / LANES;

/// Added to the distance of a target the attacker cannot eliminate, and the file of
/// the lanes past the last target: farther than any range, and still far from the
/// 16-bit limit once a distance is added.
const FAR: i16 = 10_000;

/// The pressure term's working memory: the targets in lanes, with, per target, the
/// kind sets of attackers that could eliminate it (bit `a` for `KindSet(a)`).
pub(crate) struct PressScratch {
    file: [[i16; LANES]; CHUNKS],
    rank: [[i16; LANES]; CHUNKS],
    floor: [[i16; LANES]; CHUNKS],
    taken_by: [[i16; LANES]; CHUNKS],
}

impl PressScratch {
    fn new() -> PressScratch {
        PressScratch {
            file: [[0; LANES]; CHUNKS],
            rank: [[0; LANES]; CHUNKS],
            floor: [[0; LANES]; CHUNKS],
            taken_by: [[0; LANES]; CHUNKS],
        }
    }
}

/// How close `ours` stand to enemy stacks they could eliminate: for each piece of
/// our stacks, a bonus that grows as the nearest such target gets nearer. It draws the
/// pieces into contact, where the search takes over. Also returns the distance of the
/// nearest such pair.
fn pressure(
    scratch: &mut PressScratch,
    w: &Weights,
    ours: &[StackAt],
    theirs: &[StackAt],
) -> (i32, i32) {
    let PressScratch {
        file,
        rank,
        floor,
        taken_by,
    } = scratch;
    let n = theirs.len();
    for (j, t) in theirs.iter().enumerate() {
        let (chunk, lane) = (j / LANES, j % LANES);
        file[chunk][lane] = t.file;
        rank[chunk][lane] = t.rank;
        floor[chunk][lane] = if t.file < 0 { STAGING_REACH } else { 0 };
        taken_by[chunk][lane] = i16::from(t.taken_by);
    }
    // The lanes after the last target stand nowhere, and nobody can take them.
    let chunks = n.div_ceil(LANES);
    if n % LANES != 0 {
        for lane in n % LANES..LANES {
            file[chunks - 1][lane] = FAR;
            taken_by[chunks - 1][lane] = 0;
        }
    }
    let range = w.press_range.clamp(0, i32::from(FAR)) as i16;
    let mut total = 0;
    let mut closest = w.press_range;
    for us in ours {
        let a = us.kinds.0;
        let (f, r) = (us.file, us.rank);
        let mut best = [range; LANES];
        for (((tf, tr), fl), by) in file[..chunks]
            .iter()
            .zip(&rank[..chunks])
            .zip(&floor[..chunks])
            .zip(&taken_by[..chunks])
        {
            for l in 0..LANES {
                // FAR for a target these kinds cannot eliminate, 0 for one they can.
                let out_of_reach = ((by[l] >> a & 1) - 1) & FAR;
                let d = ((f - tf[l]).abs() + (r - tr[l]).abs()).max(fl[l]) + out_of_reach;
                best[l] = best[l].min(d);
            }
        }
        // FAR or more: no target these kinds can eliminate (or a range past FAR).
        let nearest = match best.into_iter().min().unwrap_or(range) {
            m if m >= FAR => w.press_range,
            m => i32::from(m).min(w.press_range),
        };
        total += w.press * us.total * (w.press_range - nearest).max(0);
        closest = closest.min(nearest);
    }
    (total, closest)
}

/// The static evaluation from the side to move's view, with the default [`Weights`].
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Weights::default())
}

/// The static evaluation from the side to move's view, with the given weights, as an
/// onlooker sees it (both sides' pressure counts alike and a draw is worth 0).
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    score(pos, w, None, &Start::of(pos, w))
}

/// The scenario's starting forces as the evaluation weighs them, computed once per
/// search rather than at every leaf.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Start {
    /// Both sides' material at the start.
    total: i32,
    /// Each side's material at the start.
    material: [i32; 2],
}

impl Start {
    /// The starting forces of `pos`'s scenario.
    pub(crate) fn of(pos: &Position, w: &Weights) -> Start {
        let values = w.piece_values();
        let material = Side::ALL.map(|side| {
            let forces = pos.scenario().forces(side);
            (0..3).map(|k| forces[k] as i32 * values[k]).sum()
        });
        Start {
            total: material[0] + material[1],
            material,
        }
    }
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

/// The evaluation as `engine` (the side searching, if any) weighs it.
pub(crate) fn score(pos: &Position, w: &Weights, engine: Option<Side>, start: &Start) -> i32 {
    score_by(pos, w, None, engine, start)
}

/// [`score`] by the network when one is given ([`placement_nnue`]).
pub(crate) fn score_by(
    pos: &Position,
    w: &Weights,
    net: Option<&Network>,
    engine: Option<Side>,
    start: &Start,
) -> i32 {
    let ev = &mut Evaluator::new(pos.scenario());
    match net {
        Some(net) => placement_nnue(ev, pos, w, net),
        None => placement(ev, pos, w, engine, start),
    }
    .finish(pos, w, engine)
}

/// What the evaluation makes of the placement alone, before the quiet counter pulls
/// it towards a draw: the same for every visit of a position within a search, so a
/// search may keep it ([`crate::evalcache`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placement {
    /// The score from the side to move's view.
    pub score: i32,
    /// [`Analysis::contact`].
    pub contact: i32,
    /// [`Analysis::can_win`], the side to move's first.
    pub can_win: [bool; 2],
}

/// The placement's part of [`score`].
pub(crate) fn placement(
    ev: &mut Evaluator,
    pos: &Position,
    w: &Weights,
    engine: Option<Side>,
    start: &Start,
) -> Placement {
    let a = analyse_on(ev, pos, w, engine);
    let us = pos.side_to_move().index();
    let them = 1 - us;
    let mut score = a.base[us] - a.base[them];
    // A searching engine heeds only `care` per cent of the threats to its own stacks.
    let heed = |side: usize| match engine {
        Some(e) if e.index() == side => w.care,
        _ => 100,
    };
    // Theirs hanging: we move next and may take the best one.
    score += a.threatened[them][0] * w.hit / 100 * heed(them) / 100;
    // Ours hanging: we can usually save one, rarely two.
    score -=
        (a.threatened[us][0] * w.exposed + a.threatened[us][1] * w.exposed2) / 100 * heed(us) / 100;
    // A lead counts for more as the armies thin out, so the side ahead trades.
    let lead = a.material[us] - a.material[them];
    let gone = (start.total - a.material[us] - a.material[them]).max(0);
    score += lead * w.simplify / 100 * gone / start.total.max(1);
    // A searching engine whose side starts with fewer piece values (the scenario makes
    // up for them with position and tempo) measures material against that start,
    // scaled to the material still on the board: otherwise a quiet draw looks like a
    // gain to it and it never comes to grips. Only its own side is measured so: the
    // side that starts ahead keeps the raw count, and with it the urge to attack.
    if let Some(engine) = engine {
        let e = engine.index();
        let behind = (start.material[1 - e] - start.material[e]).max(0);
        let credit = behind * (start.total - gone) / start.total.max(1) * w.handicap / 100;
        score += if e == us { credit } else { -credit };
    }
    Placement {
        score,
        contact: a.contact,
        can_win: [a.can_win[us], a.can_win[them]],
    }
}

/// The placement's part when a network scores the position ([`crate::nnue`]): the
/// material difference by the weights' piece values plus the network's score, which
/// replaces every positional term (threats, shelter, mobility, advance, pressure, the
/// growing lead and the handicap). The rule-based parts stay as the hand-written
/// evaluation computes them: who can eliminate whom, and the distance between the
/// nearest enemy stacks that the quiet counter's pull counts as spent.
pub(crate) fn placement_nnue(
    ev: &mut Evaluator,
    pos: &Position,
    w: &Weights,
    net: &Network,
) -> Placement {
    let Evaluator {
        board,
        stacks,
        press: press_scratch,
        ..
    } = ev;
    let values = w.piece_values();
    let mut material = [0i32; 2];
    let mut counts = [0usize; 2];
    let mut kinds = [KindSet::EMPTY; 2];
    for side in Side::ALL {
        let s = side.index();
        for sq in pos.squares_of(side) {
            let Some((_, p)) = pos.stack(sq) else {
                continue;
            };
            let pk = p.kinds();
            if counts[s] < MAX_STACKS {
                stacks[s][counts[s]] = StackAt::of(board, sq, pk, p.total());
                counts[s] += 1;
            }
            kinds[s] = KindSet(kinds[s].0 | pk.0);
            material[s] += stack_value(p, &values);
        }
    }
    let mut contact = w.press_range;
    for s in 0..2 {
        let (_, nearest) = pressure(
            press_scratch,
            w,
            &stacks[s][..counts[s]],
            &stacks[1 - s][..counts[1 - s]],
        );
        contact = contact.min(nearest);
    }
    let can_win = can_win(board, &kinds);
    let us = pos.side_to_move().index();
    let them = 1 - us;
    Placement {
        score: material[us] - material[them] + net.evaluate(pos),
        contact,
        can_win: [can_win[us], can_win[them]],
    }
}

impl Placement {
    /// The score once the quiet counter has had its say.
    pub(crate) fn finish(self, pos: &Position, w: &Weights, engine: Option<Side>) -> i32 {
        let mut score = self.score;
        // A quiet spell makes the advantage less sure, and it is gone at the quiet
        // limit. The plies still needed to bring two stacks into reach of each other
        // (the attacker may have to walk the whole way) count as already spent.
        let limit = pos.scenario().rules().quiet_limit() as i32;
        let approach = 2 * (self.contact - 1).max(0);
        let quiet = (pos.quiet() as i32 + approach).min(limit);
        let draw = draw_value(pos, w, engine);
        score = draw + (score - draw) * (100 * limit - w.urgency * quiet) / (100 * limit).max(1);
        let left = limit - quiet;
        if left < w.fade {
            score = draw + (score - draw) * left / w.fade.max(1);
        }
        // A side whose kinds cannot eliminate every kind the other has left cannot win.
        if !self.can_win[0] {
            score = score.min(draw);
        }
        if !self.can_win[1] {
            score = score.max(draw);
        }
        score
    }
}

/// The value of `side`'s most valuable stack that the other side can eliminate next move.
pub(crate) fn hanging(pos: &Position, side: Side, w: &Weights) -> i32 {
    analyse(pos, w, None).threatened[side.index()][0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Scenario;

    const SMALL: &str = include_str!("../../battaglie-rules/tests/conformance/c-small.toml");

    fn pos(bfen: &str) -> Position {
        let s = Scenario::from_toml("c-small.toml", SMALL).unwrap();
        Position::from_bfen(&s, bfen).unwrap()
    }

    /// Every weight 0 but those named.
    fn only(pairs: &[(&str, i32)]) -> Weights {
        let mut w = Weights::default();
        for name in Weights::NAMES {
            *w.get_mut(name).unwrap() = 0;
        }
        for &(name, value) in pairs {
            *w.get_mut(name).unwrap() = value;
        }
        w
    }

    #[test]
    fn scarce_pieces_count_up_to_one_more_than_the_enemy_pieces_only_they_can_eliminate() {
        let w = only(&[("scarce", 10)]);
        // The Army's Foot cannot eliminate the Indian Mounted: its three Mounted can,
        // counted up to two (one more than the one Mounted). The Indian Foot cannot
        // eliminate the Army's Mounted: the one Indian Mounted counts.
        let mixed = pos("|4/|(FMMM)2(ffm)/|4 A 0 5");
        let (army, indians) = (2, 1);
        assert_eq!(evaluate_with(&mixed, &w), 10 * (army - indians));
        // Every Army piece eliminates every Indian kind: nothing is scarce for it.
        let mounted = pos("|4/|(MMMM)2(ffm)/|4 A 0 5");
        let (army, indians) = (0, 1);
        assert_eq!(evaluate_with(&mounted, &w), 10 * (army - indians));
    }

    #[test]
    fn scarce_counts_only_a_sides_last_pieces_when_capped() {
        let w = only(&[("scarce", 10), ("scarce_last", 2)]);
        // Three Army Mounted against three Indian Mounted: uncapped, three count on
        // each side; capped at two, two do, and losing the third costs nothing.
        let three = pos("|4/|(FMMM)2(fmmm)/|4 A 0 5");
        assert_eq!(evaluate_with(&three, &w), 0);
        let two = pos("|4/|(FMM)2(fmmm)/|4 A 0 5");
        assert_eq!(evaluate_with(&two, &w), 0);
        // Down to one, the Army gives up one of the last two.
        let one = pos("|4/|(FM)2(fmmm)/|4 A 0 5");
        assert_eq!(evaluate_with(&one, &w), 10 * (1 - 2));
    }

    #[test]
    fn a_side_that_cannot_eliminate_every_enemy_kind_is_never_ahead_of_a_draw() {
        // Four Foot against one Mounted: more material at face value, but Foot can
        // never eliminate a Mounted piece, so the Army cannot win and the Indians
        // cannot lose.
        let w = only(&[("foot", 100), ("mounted", 300)]);
        let army = pos("|4/|(FFFF)2m/|4 A 0 5");
        assert!(
            evaluate_with(&army, &w) <= 0,
            "{}",
            evaluate_with(&army, &w)
        );
        let indians = pos("|4/|(FFFF)2m/|4 I 0 5");
        assert!(
            evaluate_with(&indians, &w) >= 0,
            "{}",
            evaluate_with(&indians, &w)
        );
        // With a Mounted piece of its own the Army may win again.
        let armed = pos("|4/|(FFFM)2m/|4 A 0 5");
        assert!(
            evaluate_with(&armed, &w) > 0,
            "{}",
            evaluate_with(&armed, &w)
        );
    }

    /// A network whose every weight is 0 but its output bias, `bias` logits × QA × QB.
    fn constant_network(bias: i16) -> Network {
        let calls = crate::nnue::INPUTS + 3;
        let mut i = 0;
        Network::from_fn(1, 1602, || {
            i += 1;
            if i > calls {
                bias
            } else {
                0
            }
        })
    }

    #[test]
    fn a_network_adds_to_material_and_the_rules_still_cap_the_score() {
        let w = Weights::default();
        let by = |p: &Position, net: &Network| score_by(p, &w, Some(net), None, &Start::of(p, &w));
        let (zero, high) = (constant_network(0), constant_network(8000));
        // Army to move with a Mounted piece and Foot against a Mounted piece: two
        // Foot ahead, and more by the network's word.
        let p = pos("|4/|(FFFM)2m/|4 A 0 5");
        assert!(by(&p, &high) > by(&p, &zero) && by(&p, &zero) > 0);
        // Foot alone cannot eliminate the Mounted piece: never above a draw, however
        // much the network likes the Army's side.
        let p = pos("|4/|(FFFF)2m/|4 A 0 5");
        assert!(by(&p, &high) <= 0, "{}", by(&p, &high));
    }

    #[test]
    fn mobility_counts_only_squares_out_of_enemy_reach() {
        let w = only(&[("mobility", 1)]);
        // The Army's Mounted on a3 could step to a2 or b3; b3 touches the Indian
        // Mounted on c3, which could eliminate it there.
        let p = pos("|M1m1/|4/|4 A 0 5");
        assert_eq!(analyse(&p, &w, None).base[Side::Army.index()], 1);
        // With the Indian piece two squares further, both steps are safe.
        let p = pos("|M3/|4/|2m1 A 0 5");
        assert_eq!(analyse(&p, &w, None).base[Side::Army.index()], 2);
    }

    #[test]
    fn stacks_press_staging_from_file_c_and_gain_nothing_by_blocking_file_a() {
        let w = Weights::default();
        let board = Board::new(&Scenario::builtin("washita").unwrap());
        let staged = [StackAt::new(
            &board,
            Square::staging(2),
            Pieces::new(2, 0, 0),
        )];
        let at = |file| {
            [StackAt::new(
                &board,
                Square::new(file, 2),
                Pieces::new(0, 1, 0),
            )]
        };
        let mut ev = Evaluator::new(&Scenario::builtin("washita").unwrap());
        let mut press = |file| pressure(&mut ev.press, &w, &at(file), &staged).0;
        assert_eq!(press(0), press(2), "file a presses no more than file c");
        assert_eq!(press(1), press(2), "file b presses no more than file c");
        assert!(press(2) > press(3), "further than file c presses less");
    }

    #[test]
    fn pressure_counts_steps_to_the_nearest_target_its_kinds_can_eliminate() {
        let board = Board::new(&Scenario::builtin("washita").unwrap());
        let mut ev = Evaluator::new(&Scenario::builtin("washita").unwrap());
        let at = |file, rank, p| StackAt::new(&board, Square::new(file, rank), p);
        let (foot, mounted) = (Pieces::new(1, 0, 0), Pieces::new(0, 1, 0));
        // A Mounted piece on c3 presses from its nearest target: the Mounted on c4,
        // 1 step away (the Foot on e3 is 2).
        let theirs = [at(4, 2, foot), at(2, 3, mounted)];
        for range in [24, 20_000] {
            let w: Weights = format!("press=1, press_range={range}").parse().unwrap();
            let press = |ours: &[StackAt], theirs: &[StackAt], ev: &mut Evaluator| {
                pressure(&mut ev.press, &w, ours, theirs)
            };
            assert_eq!(
                press(&[at(2, 2, mounted)], &theirs, &mut ev),
                (range - 1, 1),
                "range {range}"
            );
            // Foot eliminate only Foot: against the Mounted alone a Foot presses
            // nothing, and the nearest pair is out of range, whatever the range.
            assert_eq!(
                press(&[at(0, 0, foot)], &theirs[1..], &mut ev),
                (0, range),
                "range {range}"
            );
        }
    }

    #[test]
    fn an_engine_whose_side_starts_behind_in_piece_values_measures_against_the_start() {
        // At the Washita the Army starts 1,250 behind in piece values.
        let w = only(&[
            ("foot", 100),
            ("mounted", 300),
            ("vehicle", 250),
            ("handicap", 100),
        ]);
        let washita = Scenario::builtin("washita").unwrap();
        let start = Position::start(&washita);
        let forces = Start::of(&start, &w);
        // The Army moves first: searching for the Army, the start is even ...
        assert_eq!(score(&start, &w, Some(Side::Army), &forces), 0);
        // ... and searching for the Indians, the Army is 1,250 behind.
        assert_eq!(score(&start, &w, Some(Side::Indians), &forces), -1250);
        // The static evaluation (no searching engine) keeps the raw count.
        assert_eq!(evaluate_with(&start, &w), -1250);
        // An Indian Mounted piece gone puts the Army's engine ahead; the credit shrinks
        // with the material left.
        let bfen = start.to_string().replacen("11(fmm)", "11(fm)", 1);
        let ahead = Position::from_bfen(&washita, &bfen).unwrap();
        let army = score(&ahead, &w, Some(Side::Army), &forces);
        assert!(army > 0 && army < 300, "{army}");
    }

    #[test]
    fn armies_far_apart_feel_the_quiet_limit_sooner() {
        // The Army is a Mounted piece ahead; the quiet limit (20 plies) pulls the
        // score towards a draw, and more so when the stacks have further to go
        // before anyone can eliminate anything.
        let w = only(&[
            ("mounted", 300),
            ("urgency", 30),
            ("fade", 16),
            ("press_range", 24),
        ]);
        let near = evaluate_with(&pos("|4/|(MM)1m1/|4 A 10 5"), &w);
        let far = evaluate_with(&pos("|M2m/|4/|M3 A 10 5"), &w);
        assert!(near > far && far > 0, "near {near}, far {far}");
    }
}
