//! A search's memory of static evaluations: a position met again (by another move
//! order, or in the next iteration) is not analysed twice.
//!
//! It keeps the placement's part of the evaluation ([`Placement`]), keyed by
//! `Position::hash()` (placement and side to move); the quiet counter's pull is
//! applied afresh at every visit. The weights, the searching side and the starting
//! forces are one search's, so a cache never outlives its search.

use crate::eval::Placement;

/// A direct-mapped table of placements.
pub(crate) struct EvalCache {
    /// (key, packed placement); a zero key is an empty slot (a real key of zero is
    /// merely never cached).
    slots: Vec<(u64, u64)>,
    mask: usize,
}

impl EvalCache {
    /// A cache of `2^bits` entries.
    pub fn new(bits: u32) -> EvalCache {
        let n = 1usize << bits;
        EvalCache {
            slots: vec![(0, 0); n],
            mask: n - 1,
        }
    }

    /// The placement stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Placement> {
        let (k, v) = self.slots[key as usize & self.mask];
        (k == key && key != 0).then_some(Placement {
            score: v as u32 as i32,
            contact: i32::from((v >> 32) as u16 as i16),
            can_win: [v >> 48 & 1 != 0, v >> 49 & 1 != 0],
        })
    }

    /// Remembers `placement` for `key`, replacing whatever held the slot.
    #[inline]
    pub fn put(&mut self, key: u64, p: Placement) {
        let v = u64::from(p.score as u32)
            | u64::from(p.contact as i16 as u16) << 32
            | u64::from(p.can_win[0]) << 48
            | u64::from(p.can_win[1]) << 49;
        self.slots[key as usize & self.mask] = (key, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_gives_back_what_it_stored_and_misses_other_keys() {
        let mut c = EvalCache::new(4);
        let p = Placement {
            score: -4321,
            contact: 7,
            can_win: [false, true],
        };
        c.put(0x1234_0003, p);
        assert_eq!(c.get(0x1234_0003), Some(p));
        assert_eq!(c.get(0x1234_0013), None);
        c.put(0x1234_0013, Placement { score: 5, ..p });
        assert_eq!(c.get(0x1234_0003), None, "the slot was replaced");
    }
}
