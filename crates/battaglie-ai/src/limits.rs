//! What bounds a search: depth, nodes, time, or a playing level.
//!
//! A level is a search budget plus controlled randomness: the weak levels search
//! shallowly and pick among their best root moves with seeded noise (capped at about
//! one Foot above level 1), and above level 1 never choose a move that leaves a
//! stack more valuable than the best move does open to a one-move elimination.

use std::time::Duration;

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// The seed used when [`Limits::seed`] is not given.
pub const DEFAULT_SEED: u64 = 0x000B_477A_611E_1977;

/// Bounds of one search; the first one reached ends it. `Limits::default()` is level 8.
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
}

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
    /// Whether a candidate may hang a stack the best move does not.
    pub guard: bool,
}

/// Levels 1..8.
const LEVELS: [Level; 8] = [
    lv(1, 2_000, 50, 400, 400, false),
    lv(2, 8_000, 100, 100, 100, true),
    lv(3, 30_000, 150, 80, 80, true),
    lv(3, 80_000, 200, 40, 40, true),
    lv(4, 200_000, 200, 0, 0, true),
    lv(5, 400_000, 300, 0, 0, true),
    lv(64, u64::MAX, 500, 0, 0, true),
    lv(64, u64::MAX, 800, 0, 0, true),
];

const fn lv(depth: u32, nodes: u64, ms: u64, margin: i32, noise: i32, guard: bool) -> Level {
    Level {
        depth,
        nodes,
        movetime_ms: ms,
        margin,
        noise,
        guard,
    }
}

/// The effective bounds of a search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    pub depth: u32,
    pub nodes: u64,
    pub movetime: Duration,
    pub margin: i32,
    pub noise: i32,
    pub guard: bool,
    pub seed: u64,
}

impl Limits {
    /// The effective bounds: explicit ones win over the level's; with explicit
    /// bounds and no level, there is no level budget and no randomness.
    pub(crate) fn budget(&self) -> Budget {
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        let explicit = self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some();
        if explicit && self.level.is_none() {
            return Budget {
                depth: self.depth.unwrap_or(64),
                nodes: self.nodes.unwrap_or(u64::MAX),
                movetime: self.movetime.unwrap_or(Duration::from_secs(3600)),
                margin: 0,
                noise: 0,
                guard: false,
                seed,
            };
        }
        let level = self.level.unwrap_or(MAX_LEVEL).clamp(1, MAX_LEVEL);
        let l = LEVELS[level as usize - 1];
        Budget {
            depth: self.depth.unwrap_or(l.depth),
            nodes: self.nodes.unwrap_or(l.nodes),
            movetime: self
                .movetime
                .unwrap_or(Duration::from_millis(l.movetime_ms)),
            margin: l.margin,
            noise: l.noise,
            guard: l.guard,
            seed,
        }
    }
}

/// A small seeded generator (SplitMix64).
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..=max` (`max >= 0`).
    pub fn upto(&mut self, max: i32) -> i32 {
        (self.next_u64() % (max as u64 + 1)) as i32
    }
}
