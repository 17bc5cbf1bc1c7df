//! The transposition table: a fixed-size array keyed by `Position::hash()`,
//! depth-preferred replacement, remembering the best move.
//!
//! Shared by the search threads without locks: each entry is three atomic words
//! (check, move, data) with check = key ^ move ^ data, so an entry torn by two
//! threads writing at once fails the check and reads as missing.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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
/// Set in the data word of every stored entry (an all-zero slot is empty).
const USED: u64 = 1 << 63;

pub(crate) struct Table {
    slots: Vec<[AtomicU64; 3]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: (0..n).map(|_| Default::default()).collect(),
            mask: n - 1,
        }
    }

    #[inline]
    fn load(&self, key: u64) -> Option<(u64, u64)> {
        let [check, mv, data] = &self.slots[key as usize & self.mask];
        let (check, mv, data) = (check.load(Relaxed), mv.load(Relaxed), data.load(Relaxed));
        (data & USED != 0 && check ^ mv ^ data == key).then_some((mv, data))
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
        if old_data & USED != 0 {
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
        let data = USED | bound << 40 | u64::from(depth) << 32 | u64::from(score as u32);
        slot[0].store(key ^ mv ^ data, Relaxed);
        slot[1].store(mv, Relaxed);
        slot[2].store(data, Relaxed);
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
        let t = Table::new(4);
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
}
