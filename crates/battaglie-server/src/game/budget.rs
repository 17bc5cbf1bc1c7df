//! What a memory budget (`--memory-mib`) covers: the whole process, not only
//! its games. A tenth of it is kept spare (the memory watch acts at nine
//! tenths), SQLite's page caches come out of it (the writer's is sized from
//! it), and the passwords being hashed (`accounts/hashing.rs`); the rest holds
//! games; a budget too small for a node is refused at start.

use super::registry::MemoryLimits;
use crate::accounts::HASHING_MIB;
use crate::store::WRITER_CACHE_KIB;

/// The resident memory of a node before it holds a game, in MiB: the runtime,
/// the page's files, the readers' page caches (2 MiB each, four connections)
/// and the allocator's own (docs/notebook/memory-budget.md).
pub const BASE_MIB: u64 = 48;

/// About what one game in play takes, in KiB: its position and history, its
/// cached state for the readers, its sockets (two players) and what the
/// allocator keeps around them once games have come and gone for a while
/// (docs/notebook/memory-budget.md).
pub const GAME_KIB: u64 = 240;

/// The writer's page cache takes this share of a budget (1/`CACHE_SHARE`).
const CACHE_SHARE: u64 = 8;

/// The smallest writer's page cache, in KiB: SQLite's default.
const LEAST_CACHE_KIB: u64 = 2 * 1024;

/// The budget needs room for at least this many games besides the rest.
const LEAST_GAMES: u64 = 100;

/// A budget that cannot hold a node.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a memory budget of {budget_mib} MiB is too small: a node needs {least_mib} MiB or more \
     ({BASE_MIB} MiB for itself, {cache_mib} MiB for the database's cache, {HASHING_MIB} MiB \
     for checking passwords, room for \
     {LEAST_GAMES} games at about {GAME_KIB} KiB each, and a tenth of the budget spare)"
)]
pub struct BudgetTooSmall {
    /// The budget given, in MiB.
    pub budget_mib: u64,
    /// The least budget that holds a node, in MiB.
    pub least_mib: u64,
    /// The writer's page cache under that budget, in MiB.
    pub cache_mib: u64,
}

impl MemoryLimits {
    /// The writer's page cache, in KiB: without a budget [`WRITER_CACHE_KIB`],
    /// with one an eighth of it, between SQLite's default and that.
    pub fn writer_cache_kib(&self) -> u32 {
        let Some(budget) = self.memory_mib else {
            return WRITER_CACHE_KIB;
        };
        let share = budget.saturating_mul(1024) / CACHE_SHARE;
        let kib = share.clamp(LEAST_CACHE_KIB, u64::from(WRITER_CACHE_KIB));
        u32::try_from(kib).unwrap_or(WRITER_CACHE_KIB)
    }

    /// About how many games in play the budget holds beside the node and its
    /// caches; `None` without a budget.
    pub fn games_held(&self) -> Option<u64> {
        Some(self.room_kib()? / GAME_KIB)
    }

    /// The budget's room for games, in KiB: the nine tenths of it under which the
    /// memory watch keeps the node (`registry.rs`), less the node itself, the
    /// database's cache and the passwords being hashed.
    fn room_kib(&self) -> Option<u64> {
        let budget_kib = self.memory_mib?.saturating_mul(1024);
        Some(
            (budget_kib / 10 * 9)
                .saturating_sub(BASE_MIB * 1024)
                .saturating_sub(HASHING_MIB * 1024)
                .saturating_sub(u64::from(self.writer_cache_kib())),
        )
    }

    /// Checks that the budget, if one is given, holds a node and some games.
    ///
    /// # Errors
    /// [`BudgetTooSmall`] saying the least budget that would.
    pub fn check(&self) -> Result<(), BudgetTooSmall> {
        let Some(budget_mib) = self.memory_mib else {
            return Ok(());
        };
        let with = |mib: u64| MemoryLimits {
            memory_mib: Some(mib),
            ..*self
        };
        let holds = |mib: u64| with(mib).games_held() >= Some(LEAST_GAMES);
        if holds(budget_mib) {
            return Ok(());
        }
        // The room grows with the budget: the least one is found by counting up.
        let least_mib = (budget_mib..).find(|&mib| holds(mib)).unwrap_or(u64::MAX);
        Err(BudgetTooSmall {
            budget_mib,
            least_mib,
            cache_mib: u64::from(with(least_mib).writer_cache_kib()).div_ceil(1024),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(mib: u64) -> MemoryLimits {
        MemoryLimits {
            memory_mib: Some(mib),
            ..MemoryLimits::default()
        }
    }

    #[test]
    fn the_database_cache_is_an_eighth_of_the_budget_within_sqlites_default_and_64_mib() {
        assert_eq!(MemoryLimits::default().writer_cache_kib(), 64 * 1024);
        assert_eq!(budget(256).writer_cache_kib(), 32 * 1024);
        assert_eq!(budget(100).writer_cache_kib(), 12_800);
        assert_eq!(budget(4096).writer_cache_kib(), 64 * 1024);
        assert_eq!(budget(1).writer_cache_kib(), 2 * 1024);
    }

    #[test]
    fn a_budget_too_small_for_a_node_is_refused_with_the_least_that_holds_one() {
        let refused = budget(64).check().unwrap_err();
        assert!(refused.least_mib > 64, "{refused}");
        assert!(budget(refused.least_mib).check().is_ok());
        assert!(budget(refused.least_mib - 1).check().is_err());
        assert!(
            refused.to_string().contains("64 MiB is too small"),
            "{refused}"
        );
        assert!(MemoryLimits::default().check().is_ok());
    }

    #[test]
    fn a_bigger_budget_holds_more_games() {
        assert_eq!(MemoryLimits::default().games_held(), None);
        let small = budget(256).games_held().unwrap();
        let large = budget(1024).games_held().unwrap();
        assert!(small >= LEAST_GAMES && large > 3 * small, "{small} {large}");
    }
}
