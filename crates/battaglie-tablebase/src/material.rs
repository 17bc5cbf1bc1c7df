//! Materials: how many pieces of each kind each side has, the unit a table is built in.

use std::fmt;

use battaglie_rules::{Kind, Side};

/// The pieces of both sides by kind (`counts[side][kind]`), map and staging together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    counts: [[u8; 3]; 2],
}

/// The most pieces a table can hold.
pub const MAX_PIECES: u8 = 4;

impl Material {
    /// A material from its counts, indexed by [`Side::index`] then [`Kind::index`].
    pub fn new(counts: [[u8; 3]; 2]) -> Material {
        Material { counts }
    }

    /// How many pieces of `kind` `side` has.
    pub fn count(&self, side: Side, kind: Kind) -> u8 {
        self.counts[side.index()][kind.index()]
    }

    /// How many pieces `side` has.
    pub fn side_total(&self, side: Side) -> u8 {
        self.counts[side.index()].iter().sum()
    }

    /// How many pieces both sides have.
    pub fn total(&self) -> u8 {
        self.side_total(Side::Army) + self.side_total(Side::Indians)
    }

    /// Every material with both sides present and at most `max` pieces, smallest
    /// first: the order tables are built in, since an elimination leads to a smaller one.
    pub fn up_to(max: u8) -> Vec<Material> {
        let mut out = Vec::new();
        let max = max.min(MAX_PIECES);
        let range = 0..=max;
        for a in cartesian(range.clone()) {
            for i in cartesian(range.clone()) {
                let m = Material::new([a, i]);
                if m.side_total(Side::Army) > 0
                    && m.side_total(Side::Indians) > 0
                    && m.total() <= max
                {
                    out.push(m);
                }
            }
        }
        out.sort_by_key(|m| (m.total(), *m));
        out
    }

    /// A compact number for lookup tables (each count 0..=4).
    pub(crate) fn key(&self) -> usize {
        self.counts
            .iter()
            .flatten()
            .fold(0, |acc, &c| acc * 5 + c as usize)
    }

    /// The raw counts (the file format stores them).
    pub(crate) fn counts(&self) -> [[u8; 3]; 2] {
        self.counts
    }
}

fn cartesian(range: std::ops::RangeInclusive<u8>) -> impl Iterator<Item = [u8; 3]> + Clone {
    let r = range.clone();
    range.flat_map(move |f| {
        let r2 = r.clone();
        r.clone()
            .flat_map(move |m| r2.clone().map(move |v| [f, m, v]))
    })
}

impl fmt::Display for Material {
    /// The pieces by letter, Army first: `MM-f`, `FV-mm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            if side == Side::Indians {
                f.write_str("-")?;
            }
            for kind in Kind::ALL {
                let c = kind.char();
                let c = if side == Side::Army {
                    c
                } else {
                    c.to_ascii_lowercase()
                };
                for _ in 0..self.count(side, kind) {
                    write!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_pieces_make_nine_two_piece_and_thirty_six_three_piece_materials() {
        let all = Material::up_to(3);
        assert_eq!(all.iter().filter(|m| m.total() == 2).count(), 9);
        assert_eq!(all.iter().filter(|m| m.total() == 3).count(), 36);
        assert!(all.windows(2).all(|w| w[0].total() <= w[1].total()));
    }

    #[test]
    fn materials_are_named_army_first() {
        let m = Material::new([[0, 2, 0], [1, 0, 0]]);
        assert_eq!(m.to_string(), "MM-f");
    }
}
