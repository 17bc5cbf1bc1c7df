//! The transposition table: a fixed-size array keyed by `Position::hash()`,
//! depth-preferred replacement, remembering the best move.

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
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            entries: vec![None; n],
            mask: n - 1,
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores unless a deeper entry of another position holds the slot.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        let depth = depth.min(255) as u8;
        if let Some(old) = slot {
            if old.key != key && old.depth > depth {
                return;
            }
            if old.key == key && old.depth > depth && bound != Bound::Exact {
                return;
            }
        }
        let mv = mv.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.mv));
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
        });
    }
}
