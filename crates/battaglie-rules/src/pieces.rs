use std::fmt;

use crate::kind::{Kind, KindSet};
use crate::side::Side;

/// A multiset of piece kinds (how many Foot, Mounted and Vehicles), without a side.
///
/// Packed as three 4-bit counts so that adding and removing pieces are plain
/// integer additions; a stack never holds more than 15 pieces (the largest
/// stack limit a scenario may set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Pieces(u16);

impl Pieces {
    /// No piece.
    pub const EMPTY: Pieces = Pieces(0);
    /// The largest count of one kind (and of a whole stack).
    pub const MAX_COUNT: u8 = 15;

    /// Builds a multiset from counts.
    ///
    /// # Panics
    /// When a count exceeds [`Pieces::MAX_COUNT`].
    pub const fn new(foot: u8, mounted: u8, vehicle: u8) -> Pieces {
        assert!(foot <= 15 && mounted <= 15 && vehicle <= 15);
        Pieces(foot as u16 | (mounted as u16) << 4 | (vehicle as u16) << 8)
    }

    /// One piece of `kind`.
    #[inline]
    pub const fn one(kind: Kind) -> Pieces {
        Pieces(1 << (4 * kind as u16))
    }

    /// The packed representation (bits 0-3 Foot, 4-7 Mounted, 8-11 Vehicle).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// From the packed representation; `None` when bits above 11 are set.
    pub const fn from_bits(bits: u16) -> Option<Pieces> {
        if bits >> 12 == 0 {
            Some(Pieces(bits))
        } else {
            None
        }
    }

    /// How many pieces of `kind`.
    #[inline]
    pub const fn count(self, kind: Kind) -> u8 {
        ((self.0 >> (4 * kind as u16)) & 0xF) as u8
    }

    /// How many pieces in all.
    #[inline]
    pub const fn total(self) -> u8 {
        ((self.0 & 0xF) + ((self.0 >> 4) & 0xF) + (self.0 >> 8)) as u8
    }

    /// Whether there is no piece.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds present.
    #[inline]
    pub const fn kinds(self) -> KindSet {
        let x = self.0;
        let y = (x | x >> 1 | x >> 2 | x >> 3) & 0x111;
        KindSet(((y | y >> 3 | y >> 6) & 0b111) as u8)
    }

    /// Whether every piece of `other` is also in `self`.
    #[inline]
    pub const fn contains(self, other: Pieces) -> bool {
        (self.0 & 0xF) >= (other.0 & 0xF)
            && (self.0 & 0xF0) >= (other.0 & 0xF0)
            && (self.0 & 0xF00) >= (other.0 & 0xF00)
    }

    /// The union of two multisets.
    ///
    /// The caller keeps the sum within [`Pieces::MAX_COUNT`] per kind.
    #[inline]
    pub const fn plus(self, other: Pieces) -> Pieces {
        Pieces(self.0 + other.0)
    }

    /// `self` without the pieces of `other`, which must be contained in `self`.
    #[inline]
    pub const fn minus(self, other: Pieces) -> Pieces {
        Pieces(self.0 - other.0)
    }

    /// `self` with the pieces of kind `kind` only.
    #[inline]
    pub const fn only(self, kinds: KindSet) -> Pieces {
        let mut mask = 0u16;
        if kinds.0 & 1 != 0 {
            mask |= 0xF;
        }
        if kinds.0 & 2 != 0 {
            mask |= 0xF0;
        }
        if kinds.0 & 4 != 0 {
            mask |= 0xF00;
        }
        Pieces(self.0 & mask)
    }

    /// Calls `f` with every non-empty sub-multiset of `self` (the hot path of move
    /// generation: plain loops rather than an iterator adapter).
    #[inline]
    pub(crate) fn for_each_nonempty_subset(self, mut f: impl FnMut(Pieces)) {
        let (foot, mounted, vehicle) = (self.0 & 0xF, self.0 & 0xF0, self.0 & 0xF00);
        let mut v = 0;
        while v <= vehicle {
            let mut m = 0;
            while m <= mounted {
                let mut a = 0;
                while a <= foot {
                    let bits = a | m | v;
                    if bits != 0 {
                        f(Pieces(bits));
                    }
                    a += 1;
                }
                m += 0x10;
            }
            v += 0x100;
        }
    }

    /// Every sub-multiset of `self` (the empty one first, `self` last).
    pub fn subsets(self) -> impl Iterator<Item = Pieces> {
        let (f, m, v) = (
            self.count(Kind::Foot),
            self.count(Kind::Mounted),
            self.count(Kind::Vehicle),
        );
        (0..=v).flat_map(move |c| {
            (0..=m).flat_map(move |b| (0..=f).map(move |a| Pieces::new(a, b, c)))
        })
    }

    /// Each piece's kind, in notation order (`F` before `M` before `V`).
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .flat_map(move |k| std::iter::repeat_n(k, self.count(k) as usize))
    }

    /// The stack as a board label for `side` (upper case for the Army, lower case for
    /// the Indians): its letters (`FFM`), or counts and letters (`2F1M`) when more
    /// than `width` pieces would not fit.
    pub fn label(self, side: Side, width: usize) -> String {
        let text = if (self.total() as usize) <= width {
            self.to_string()
        } else {
            Kind::ALL
                .iter()
                .filter(|k| self.count(**k) > 0)
                .map(|k| format!("{}{}", self.count(*k), k.char()))
                .collect()
        };
        if side == Side::Army {
            text
        } else {
            text.to_lowercase()
        }
    }

    /// Writes the letters in notation order, upper case (`upper`) or lower case.
    pub fn write_letters(self, f: &mut impl fmt::Write, upper: bool) -> fmt::Result {
        for k in self.iter() {
            let c = k.char();
            f.write_char(if upper { c } else { c.to_ascii_lowercase() })?;
        }
        Ok(())
    }
}

impl FromIterator<Kind> for Pieces {
    /// Collects kinds; saturates at [`Pieces::MAX_COUNT`] per kind.
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> Pieces {
        let mut counts = [0u8; 3];
        for k in iter {
            counts[k.index()] = (counts[k.index()] + 1).min(Pieces::MAX_COUNT);
        }
        Pieces::new(counts[0], counts[1], counts[2])
    }
}

impl fmt::Display for Pieces {
    /// Upper-case letters in notation order, e.g. `FFM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_letters(f, true)
    }
}

impl fmt::Debug for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pieces({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_total_and_kinds_follow_the_packing() {
        let p = Pieces::new(2, 0, 1);
        assert_eq!(p.count(Kind::Foot), 2);
        assert_eq!(p.count(Kind::Mounted), 0);
        assert_eq!(p.total(), 3);
        assert_eq!(p.kinds(), KindSet(0b101));
        assert_eq!(p.to_string(), "FFV");
        assert_eq!(Pieces::new(15, 15, 15).total(), 45);
    }

    #[test]
    fn subsets_of_a_stack_are_all_distinct_multisets() {
        let p = Pieces::new(2, 1, 1);
        let subs: Vec<_> = p.subsets().collect();
        assert_eq!(subs.len(), 3 * 2 * 2);
        assert!(subs.iter().all(|s| p.contains(*s)));
        assert_eq!(subs[0], Pieces::EMPTY);
        assert_eq!(*subs.last().unwrap(), p);
    }
}
