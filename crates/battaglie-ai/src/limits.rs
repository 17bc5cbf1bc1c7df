//! What bounds a search: depth, nodes, time, or a playing level.
//!
//! A level is a search budget plus its slips: on a seeded share of their moves (fewer
//! as the level rises) levels 1 to 7 do not play their best move. Levels 1 to 4 slip
//! as a hasty player does ([`Haste`]): they take a short look, miss what comes two
//! moves ahead, press forward too eagerly and (level 1) leave a piece to be taken.
//! Levels 5 to 7 pick among their few best root moves with seeded noise, within a
//! spread that narrows as the level rises, and never choose one that leaves a stack
//! more valuable than the best move does open to a one-move elimination.
//! Budgets are counted in nodes, so the same position, level and seed give the same
//! move on any machine; each level also has a time cap for slow or busy machines.

use battaglie_rules::{Position, Rng, Side};
use std::time::Duration;

use crate::nnue::Network;
use crate::weights::Weights;

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// The seed used when [`Limits::seed`] is not given.
pub const DEFAULT_SEED: u64 = 0x000B_477A_611E_1977;

/// Bounds of one search (the first one reached ends it) and the evaluation it uses.
/// `Limits::default()` is level 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// The longest time to think.
    pub movetime: Option<Duration>,
    /// A playing level, 1 (weakest) to 8 (strongest): a budget of its own.
    pub level: Option<u8>,
    /// The seed of the weak levels' randomness ([`DEFAULT_SEED`] when `None`): the
    /// same position, limits and seed give the same move.
    pub seed: Option<u64>,
    /// Search threads (Lazy SMP: helpers share the transposition table); `None` is one.
    /// More than one thread makes the search depend on timing, so not reproducible.
    pub threads: Option<u32>,
    /// The evaluation's weights (the tuned defaults unless a match or the tuner varies them).
    pub weights: Weights,
    /// The side the search plays for (the side to move when `None`): the evaluation's
    /// one-sided terms (contempt, the opponent's pressure, the handicap) are weighed
    /// for it. Analysis sets it to judge a position before and after a move from the
    /// mover's side both times.
    pub perspective: Option<Side>,
    /// A learned evaluation ([`crate::nnue`]) in place of the hand-written positional
    /// terms; `None` (the default) is the hand-written evaluation.
    pub network: Option<&'static Network>,
}

/// The deepest line of eliminations the search follows at its leaves (its
/// quiescence), in plies.
pub(crate) const MAX_EXCHANGES: u32 = 6;

/// The time bound of a search bounded otherwise (an hour: never reached in practice).
const NO_TIME_CAP: Duration = Duration::from_secs(3600);

/// How a weak level's slip goes wrong: it plays the move a hasty player would, with
/// a shorter look and a keener eye for the attack than for its own safety. These are
/// the mistakes people make at the board (a threat two moves ahead unseen, pieces
/// pushed forward past their support, at first a piece left to be taken), where a
/// random choice among near moves would make mistakes nobody makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Haste {
    /// The plies of the hasty look (1: its own move only, so a threat that needs a
    /// quiet move before the elimination is missed).
    pub sight: u32,
    /// The plies of eliminations followed after the look (0: it does not see that the
    /// piece it moves can be taken).
    pub exchanges: u32,
    /// Per cent of the threats to its own stacks it heeds (the `care` weight).
    pub care: i32,
    /// Per cent of its pressure and of its appetite for targets (`press`, `hit`):
    /// above 100 it presses forward further than its support.
    pub eagerness: i32,
}

impl Haste {
    /// The weights a hasty look judges by.
    fn weights(&self, w: Weights) -> Weights {
        Weights {
            care: self.care,
            press: w.press * self.eagerness / 100,
            hit: w.hit * self.eagerness / 100,
            ..w
        }
    }
}

/// The spread within which a hasty look's moves count as equal: among those it
/// picks one with seeded noise, as a person picks among moves that look the same.
const HASTY_TIES: i32 = 10;

/// One level's budget and randomness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Level {
    pub depth: u32,
    pub nodes: u64,
    pub movetime_ms: u64,
    /// How much worse than the best a candidate may score, in centi-pieces.
    pub margin: i32,
    /// The largest noise added to a candidate's score.
    pub noise: i32,
    /// How many root moves (best first from the last iteration) may be chosen.
    pub candidates: usize,
    /// The per cent of moves on which the level may choose another than its best.
    pub slips: i32,
    /// Whether a candidate may hang a stack the best move does not.
    pub guard: bool,
    /// How the level's slips go wrong, for levels 1 to 4 (a choice among its best
    /// moves above them).
    pub haste: Option<Haste>,
}

/// Levels 1..8: node budgets (so that a seed reproduces a game on any machine), with a
/// time cap that only a slow or busy machine reaches; level 8 answers within 1 s.
const LEVELS: [Level; 8] = [
    hasty(lv(1, 150, 300, (0, 0, 50), false), (1, 0, 0, 200)),
    hasty(lv(2, 500, 300, (0, 0, 40), false), (1, 2, 50, 200)),
    hasty(lv(3, 1_500, 300, (0, 0, 30), false), (2, 2, 100, 150)),
    hasty(lv(4, 4_000, 400, (0, 0, 27), false), (2, 6, 100, 150)),
    lv(64, 10_000, 500, (60, 6, 9), true),
    lv(64, 30_000, 600, (35, 4, 5), true),
    lv(64, 90_000, 800, (25, 4, 4), true),
    lv(64, 320_000, 950, (0, 1, 0), true),
];

/// A level whose slips are hasty: (sight, exchanges, care, eagerness).
const fn hasty(level: Level, (sight, exchanges, care, eagerness): (u32, u32, i32, i32)) -> Level {
    Level {
        haste: Some(Haste {
            sight,
            exchanges,
            care,
            eagerness,
        }),
        margin: HASTY_TIES,
        noise: HASTY_TIES,
        candidates: usize::MAX,
        ..level
    }
}

/// A level: depth, nodes, time cap, (spread, candidates, slips), guard.
const fn lv(
    depth: u32,
    nodes: u64,
    ms: u64,
    (spread, candidates, slips): (i32, usize, i32),
    guard: bool,
) -> Level {
    Level {
        depth,
        nodes,
        movetime_ms: ms,
        margin: spread,
        noise: spread,
        candidates,
        slips,
        guard,
        haste: None,
    }
}

/// The node budget of `level` (1..=8), or `None` for another number.
pub fn level_nodes(level: u8) -> Option<u64> {
    let i = usize::from(level).checked_sub(1)?;
    LEVELS.get(i).map(|l| l.nodes)
}

/// The effective bounds of a search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    pub depth: u32,
    pub nodes: u64,
    pub movetime: Duration,
    pub margin: i32,
    pub noise: i32,
    pub candidates: usize,
    pub slips: i32,
    pub guard: bool,
    /// The deepest line of eliminations followed at the leaves.
    pub exchanges: u32,
    pub haste: Option<Haste>,
    pub seed: u64,
    pub weights: Weights,
    pub threads: u32,
    pub network: Option<&'static Network>,
}

impl Budget {
    /// Whether a level slips in `pos`: a seeded draw, the same for the same seed and
    /// position, so that it can be known before the search.
    pub(crate) fn slips_in(&self, pos: &Position) -> bool {
        self.margin > 0 && (self.rng(pos).below(100) as i32) < self.slips
    }

    /// The level's randomness in `pos`; its first draw is the slip's.
    pub(crate) fn rng(&self, pos: &Position) -> Rng {
        Rng::new(self.seed ^ pos.hash())
    }

    /// The budget for the move in `pos`: a level that will play its best move there
    /// need not score its other candidates exactly, so its nodes go into depth; a
    /// hasty slip looks as far and judges as its [`Haste`] says.
    pub(crate) fn for_move_in(mut self, pos: &Position) -> Budget {
        if !self.slips_in(pos) {
            self.margin = 0;
            self.noise = 0;
            self.candidates = 0;
        } else if let Some(haste) = self.haste {
            self.depth = self.depth.min(haste.sight);
            self.exchanges = haste.exchanges;
            self.weights = haste.weights(self.weights);
        }
        self
    }
}

impl Limits {
    /// The effective bounds: explicit ones win over the level's; with explicit
    /// bounds and no level, there is no level budget and no randomness. An explicit
    /// node budget also lifts the level's time cap (unless a movetime is given), so
    /// that a match or ladder at a node budget replays move for move on any machine,
    /// however busy.
    pub(crate) fn budget(&self) -> Budget {
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        let explicit = self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some();
        if explicit && self.level.is_none() {
            return Budget {
                depth: self.depth.unwrap_or(64),
                nodes: self.nodes.unwrap_or(u64::MAX),
                movetime: self.movetime.unwrap_or(NO_TIME_CAP),
                margin: 0,
                noise: 0,
                candidates: 1,
                slips: 0,
                guard: false,
                exchanges: MAX_EXCHANGES,
                haste: None,
                seed,
                weights: self.weights,
                threads: self.threads.unwrap_or(1),
                network: self.network,
            };
        }
        let level = self.level.unwrap_or(MAX_LEVEL).clamp(1, MAX_LEVEL);
        let l = LEVELS[level as usize - 1];
        Budget {
            depth: self.depth.unwrap_or(l.depth),
            nodes: self.nodes.unwrap_or(l.nodes),
            movetime: self.movetime.unwrap_or(if self.nodes.is_some() {
                NO_TIME_CAP
            } else {
                Duration::from_millis(l.movetime_ms)
            }),
            margin: l.margin,
            noise: l.noise,
            candidates: l.candidates,
            slips: l.slips,
            guard: l.guard,
            exchanges: MAX_EXCHANGES,
            haste: l.haste,
            seed,
            weights: self.weights,
            threads: self.threads.unwrap_or(1),
            network: self.network,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_keeps_its_time_cap_unless_a_node_budget_or_movetime_is_given() {
        let level = |nodes, movetime| Limits {
            level: Some(5),
            nodes,
            movetime,
            ..Limits::default()
        };
        assert_eq!(
            level(None, None).budget().movetime,
            Duration::from_millis(500)
        );
        // A match at a node budget must not depend on how busy the machine is.
        let at_nodes = level(Some(2_000), None).budget();
        assert_eq!((at_nodes.nodes, at_nodes.movetime), (2_000, NO_TIME_CAP));
        let both = level(Some(2_000), Some(Duration::from_millis(50))).budget();
        assert_eq!(both.movetime, Duration::from_millis(50));
    }
}
