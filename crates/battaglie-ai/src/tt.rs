//! The transposition table: a fixed-size array keyed by `Position::hash()`,
//! depth-preferred replacement, remembering the best move.
//!
//! Shared by the search threads without locks: each entry is three atomic words
//! (check, move, data) with check = key ^ move ^ data, so an entry torn by two
//! threads writing at once fails the check and reads as missing.
//!
//! A search leases its table from a free list and gives it back when done. Each
//! lease starts a new generation, and an entry of an older generation reads as
//! empty: the table is as good as cleared without writing its megabytes again
//! (clearing and faulting in a fresh table cost 4% of the bench).

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

use battaglie_rules::Move;

/// How a stored score bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

/// Set in the move word when there is a move (packed moves use 61 bits).
const HAS_MOVE: u64 = 1 << 63;
/// Where the data word keeps its entry's generation (never 0, so an all-zero slot
/// is empty); below it are the bound, the depth and the score.
const GENERATION_SHIFT: u32 = 42;
/// The generations a table counts through before it is cleared for real.
const GENERATIONS: u64 = 1 << (64 - GENERATION_SHIFT);
/// The most tables kept for reuse: enough for every core's searches at once, and
/// at most 96 MB held between searches (16 tables of the largest size, 6 MB).
const KEPT: usize = 16;

/// Tables whose searches have finished, kept for the next.
static FREE: Mutex<Vec<Table>> = Mutex::new(Vec::new());

pub(crate) struct Table {
    slots: Box<[[AtomicU64; 3]]>,
    mask: usize,
    /// The generation of this lease's entries, in place in the data word.
    current: u64,
}

impl Table {
    /// An empty table of `2^bits` entries for one search: a finished search's
    /// table of that size if one is free, else a new one.
    pub fn lease(bits: u32) -> Lease {
        let n = 1usize << bits;
        let free = {
            let mut free = FREE.lock().unwrap_or_else(|e| e.into_inner());
            let found = free.iter().rposition(|t| t.slots.len() == n);
            found.map(|i| free.remove(i))
        };
        let mut table = free.unwrap_or_else(|| Table {
            slots: (0..n).map(|_| Default::default()).collect(),
            mask: n - 1,
            current: 0,
        });
        table.next_generation();
        Lease(Some(table))
    }

    /// Makes every entry stored so far read as empty.
    fn next_generation(&mut self) {
        let generation = (self.current >> GENERATION_SHIFT) + 1;
        if generation == GENERATIONS {
            // Entries of generation 1 would come back to life: clear them.
            for slot in self.slots.iter_mut() {
                *slot = Default::default();
            }
            self.current = 1 << GENERATION_SHIFT;
        } else {
            self.current = generation << GENERATION_SHIFT;
        }
    }

    /// Whether a data word belongs to this lease.
    #[inline]
    fn is_current(&self, data: u64) -> bool {
        data >> GENERATION_SHIFT << GENERATION_SHIFT == self.current
    }

    #[inline]
    fn load(&self, key: u64) -> Option<(u64, u64)> {
        let [check, mv, data] = &self.slots[key as usize & self.mask];
        let (check, mv, data) = (check.load(Relaxed), mv.load(Relaxed), data.load(Relaxed));
        (self.is_current(data) && check ^ mv ^ data == key).then_some((mv, data))
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (mv, data) = self.load(key)?;
        let bound = match data >> 40 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv: (mv & HAS_MOVE != 0)
                .then(|| Move::from_bits(mv & !HAS_MOVE))
                .flatten(),
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
        })
    }

    /// Stores unless a deeper entry of another position holds the slot.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let slot = &self.slots[key as usize & self.mask];
        let depth = depth.min(255) as u8;
        let old_data = slot[2].load(Relaxed);
        let same = self.load(key);
        if self.is_current(old_data) {
            let old_depth = (old_data >> 32) as u8;
            if same.is_none() && old_depth > depth {
                return;
            }
            if same.is_some() && old_depth > depth && bound != Bound::Exact {
                return;
            }
        }
        let mv = match mv {
            Some(m) => m.to_bits() | HAS_MOVE,
            None => same.map_or(0, |(m, _)| m),
        };
        let bound = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = self.current | bound << 40 | u64::from(depth) << 32 | u64::from(score as u32);
        slot[0].store(key ^ mv ^ data, Relaxed);
        slot[1].store(mv, Relaxed);
        slot[2].store(data, Relaxed);
    }
}

/// A table leased for one search; it goes back to the free list when dropped.
pub(crate) struct Lease(Option<Table>);

impl Deref for Lease {
    type Target = Table;

    fn deref(&self) -> &Table {
        self.0
            .as_ref()
            .expect("a lease holds its table until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let Some(table) = self.0.take() else { return };
        let mut free = FREE.lock().unwrap_or_else(|e| e.into_inner());
        if free.len() == KEPT {
            // The longest unused goes, so that the sizes in use now stay.
            free.remove(0);
        }
        free.push(table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Position, Scenario};

    #[test]
    fn table_gives_back_what_it_stored_and_misses_other_keys() {
        let s = Scenario::builtin("washita").unwrap();
        let mv = Position::start(&s).legal_moves()[3];
        let t = Table::lease(4);
        t.store(0xabcd_0001, Some(mv), -1234, 7, Bound::Lower);
        let e = t.probe(0xabcd_0001).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(mv), -1234, 7, Bound::Lower)
        );
        assert!(t.probe(0xabcd_0011).is_none());
        // A shallower store of another key in the same slot does not replace it.
        t.store(0xabcd_0011, None, 5, 2, Bound::Exact);
        assert!(t.probe(0xabcd_0001).is_some());
        // A store of the same key without a move keeps the move.
        t.store(0xabcd_0001, None, 99, 9, Bound::Exact);
        let e = t.probe(0xabcd_0001).unwrap();
        assert_eq!((e.mv, e.score, e.depth), (Some(mv), 99, 9));
    }

    #[test]
    fn a_table_leased_again_has_forgotten_the_last_search() {
        // Size 5 is no search's, so the second lease gets the first one's table back.
        let t = Table::lease(5);
        t.store(0x77, None, 1, 3, Bound::Exact);
        assert!(t.probe(0x77).is_some());
        drop(t);
        let t = Table::lease(5);
        assert!(t.probe(0x77).is_none());
        // An entry of another generation does not stop a shallower store either.
        t.store(0x77 + 32, None, 2, 1, Bound::Exact);
        assert_eq!(t.probe(0x77 + 32).map(|e| e.score), Some(2));
    }

    #[test]
    fn a_table_whose_generations_wrap_around_is_cleared_for_real() {
        let mut t = Table::lease(3);
        let mut table = t.0.take().unwrap();
        table.current = 1 << GENERATION_SHIFT;
        table.store(0x5, None, 1, 3, Bound::Exact);
        table.current = (GENERATIONS - 1) << GENERATION_SHIFT;
        table.next_generation();
        assert_eq!(table.current, 1 << GENERATION_SHIFT);
        assert!(table.probe(0x5).is_none());
    }
}
