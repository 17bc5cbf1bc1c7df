//! Where a position stands in its material's table: the side to move, then for each
//! group of like pieces (side and kind) the multiset of their squares, ranked in the
//! combinatorial number system so that interchangeable pieces take one entry.

use battaglie_rules::{Kind, Side};

use crate::map::Map;
use crate::material::{Material, MAX_PIECES};

/// One piece of a placement, on a local square (see [`Map`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Piece {
    pub side: Side,
    pub kind: Kind,
    pub sq: u16,
}

/// The pieces of a position and the side to move: what a table entry describes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placement {
    pub pieces: [Piece; MAX_PIECES as usize],
    pub len: usize,
    pub to_move: Side,
}

impl Placement {
    /// An empty placement.
    pub fn new(to_move: Side) -> Placement {
        let none = Piece {
            side: Side::Army,
            kind: Kind::Foot,
            sq: 0,
        };
        Placement {
            pieces: [none; MAX_PIECES as usize],
            len: 0,
            to_move,
        }
    }

    /// The pieces in use.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.len]
    }

    /// Adds a piece (the caller keeps within [`MAX_PIECES`]).
    pub fn push(&mut self, p: Piece) {
        self.pieces[self.len] = p;
        self.len += 1;
    }

    /// Puts the pieces in table order: by side, kind, then square.
    pub fn sort(&mut self) {
        self.pieces[..self.len].sort_unstable();
    }

    /// The material of these pieces.
    pub fn material(&self) -> Material {
        let mut counts = [[0u8; 3]; 2];
        for p in self.pieces() {
            counts[p.side.index()][p.kind.index()] += 1;
        }
        Material::new(counts)
    }

    /// Whether this is a position of the map: no square holds both sides or more than
    /// the stack limit, and every piece may stand where it is.
    pub fn is_valid(&self, map: &Map) -> bool {
        let ps = self.pieces();
        ps.iter().all(|p| {
            let mut here = 0;
            for q in ps.iter().filter(|q| q.sq == p.sq) {
                if q.side != p.side {
                    return false;
                }
                here += 1;
            }
            here <= map.rules.stack_limit() && map.may_stand(p.kind, p.sq as usize)
        })
    }
}

/// One group of like pieces and the squares it may use.
#[derive(Debug, Clone, Copy)]
struct Group {
    side: Side,
    kind: Kind,
    count: usize,
    squares: usize,
    size: u64,
}

/// The numbering of one material's positions.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    groups: Vec<Group>,
    per_side: u64,
}

impl Layout {
    /// The numbering of `material` on `map` (Army pieces may stand in staging, the
    /// Indians' only on the map).
    pub fn new(material: Material, map: &Map) -> Layout {
        let mut groups = Vec::new();
        for side in Side::ALL {
            let squares = match side {
                Side::Army => map.all_squares,
                Side::Indians => map.map_squares,
            };
            for kind in Kind::ALL {
                let count = material.count(side, kind) as usize;
                if count > 0 {
                    let size = binom(squares + count - 1, count);
                    groups.push(Group {
                        side,
                        kind,
                        count,
                        squares,
                        size,
                    });
                }
            }
        }
        let per_side = groups.iter().map(|g| g.size).product();
        Layout { groups, per_side }
    }

    /// Entries of the table: both sides to move.
    pub fn len(&self) -> u64 {
        2 * self.per_side
    }

    /// The entry of a placement sorted in table order ([`Placement::sort`]).
    pub fn index(&self, p: &Placement) -> u64 {
        let mut idx = p.to_move.index() as u64;
        let mut at = 0;
        for g in &self.groups {
            let mut rank = 0;
            for i in 0..g.count {
                rank += binom(p.pieces[at + i].sq as usize + i, i + 1);
            }
            at += g.count;
            idx = idx * g.size + rank;
        }
        idx
    }

    /// The placement of an entry (valid or not: see [`Placement::is_valid`]).
    pub fn placement(&self, mut idx: u64) -> Placement {
        let mut ranks = [0u64; MAX_PIECES as usize];
        for (r, g) in ranks.iter_mut().zip(&self.groups).rev() {
            *r = idx % g.size;
            idx /= g.size;
        }
        let to_move = if idx == 0 { Side::Army } else { Side::Indians };
        let mut p = Placement::new(to_move);
        for (g, &rank) in self.groups.iter().zip(&ranks) {
            let start = p.len;
            let mut rest = rank;
            let mut squares = [0u16; MAX_PIECES as usize];
            for i in (0..g.count).rev() {
                let b = largest_with_binom_at_most(rest, i + 1, g.squares + g.count);
                rest -= binom(b, i + 1);
                squares[i] = (b - i) as u16;
            }
            for &sq in &squares[..g.count] {
                p.push(Piece {
                    side: g.side,
                    kind: g.kind,
                    sq,
                });
            }
            debug_assert!(p.pieces[start..p.len].windows(2).all(|w| w[0] <= w[1]));
        }
        p
    }
}

/// `n` choose `k` (k is small).
fn binom(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k {
        r = r * (n - i) as u64 / (i as u64 + 1);
    }
    r
}

/// The largest `b < limit` with `binom(b, k) <= r` (binary search: it grows with `b`).
fn largest_with_binom_at_most(r: u64, k: usize, limit: usize) -> usize {
    let (mut lo, mut hi) = (k - 1, limit);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if binom(mid, k) <= r {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Scenario;

    #[test]
    fn every_entry_of_a_material_decodes_to_itself() {
        let scenario = Scenario::builtin("washita").expect("built in");
        let map = Map::new(&scenario);
        for m in [
            Material::new([[0, 2, 0], [1, 0, 0]]),
            Material::new([[1, 0, 1], [0, 1, 0]]),
            Material::new([[1, 0, 0], [0, 0, 2]]),
        ] {
            let layout = Layout::new(m, &map);
            for idx in (0..layout.len()).step_by(997) {
                let mut p = layout.placement(idx);
                p.sort();
                assert_eq!(layout.index(&p), idx, "{m} entry {idx}");
            }
        }
    }

    #[test]
    fn like_pieces_share_one_entry_whatever_their_order() {
        let scenario = Scenario::builtin("washita").expect("built in");
        let map = Map::new(&scenario);
        let m = Material::new([[0, 2, 0], [1, 0, 0]]);
        let layout = Layout::new(m, &map);
        // Two Mounted over 104 squares (repetition allowed), one Foot over 96, two sides.
        assert_eq!(layout.len(), 2 * (104 * 105 / 2) * 96);
    }
}
