//! What bounds a search: depth, nodes, time, or a playing level.

use std::time::Duration;

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

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
}

impl Limits {
    /// The effective depth, node and time bounds: explicit ones win over the level's.
    pub(crate) fn budget(&self) -> (u32, u64, Duration) {
        let level = self.level.unwrap_or(MAX_LEVEL).clamp(1, MAX_LEVEL) as u32;
        let level_depth = level.div_ceil(2);
        let level_time = Duration::from_millis(100 * level as u64);
        let explicit = self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some();
        if explicit && self.level.is_none() {
            (
                self.depth.unwrap_or(64),
                self.nodes.unwrap_or(u64::MAX),
                self.movetime.unwrap_or(Duration::from_secs(3600)),
            )
        } else {
            (
                self.depth.unwrap_or(level_depth),
                self.nodes.unwrap_or(u64::MAX),
                self.movetime.unwrap_or(level_time),
            )
        }
    }
}
