//! A scenario's map and capture table laid out for the evaluation's inner loops:
//! plain arrays indexed by square, built once per search.

use battaglie_rules::{Kind, KindSet, Pieces, Rules, Scenario, Square, MAX_SIDE};

/// Internal square indices are below this bound (16 ranks of a staging square and 16 files).
pub(crate) const SQUARES: usize = MAX_SIDE as usize * (MAX_SIDE as usize + 1);

/// The map as the evaluation reads it.
pub(crate) struct Board {
    /// The kinds that may enter each square (none for staging squares).
    pub enter: [KindSet; SQUARES],
    /// Each square's neighbours in canonical order, `neighbour_count` of them.
    pub neighbours: [[Square; 4]; SQUARES],
    /// How many neighbours each square has.
    pub neighbour_count: [u8; SQUARES],
    /// Each square's file (0 = `a`), -1 for staging squares.
    pub file: [i16; SQUARES],
    /// Each square's rank (0 = rank 1).
    pub rank: [i16; SQUARES],
    /// For each set of defending kinds, bit `a` when arriving kinds `KindSet(a)`
    /// eliminate all of them (see [`Rules::can_eliminate`]).
    pub cover: [u8; 8],
    /// For each set of arriving kinds, bit `d` when they eliminate defending kinds
    /// `KindSet(d)` (the transpose of `cover`).
    pub kills: [u8; 8],
    /// For each set of kinds a square lets in (`KindSet(e)`) and each set of
    /// defending kinds standing there (`KindSet(d)`), bit `a` when attackers of
    /// kinds `KindSet(a)` could eliminate them by entering: `taken_by[e][d]`.
    pub taken_by: [[u8; 8]; 8],
    /// For each attacking kind, the kinds it eliminates.
    pub eliminates: [KindSet; 3],
}

impl Board {
    /// The board of `scenario`.
    pub fn new(scenario: &Scenario) -> Board {
        let a1 = Square::new(0, 0);
        let cover = cover(scenario.rules());
        let mut kills = [0u8; 8];
        for (attackers, slot) in kills.iter_mut().enumerate() {
            for (defenders, row) in cover.iter().enumerate() {
                if row >> attackers & 1 != 0 {
                    *slot |= 1 << defenders;
                }
            }
        }
        let mut taken_by = [[0u8; 8]; 8];
        for (enter, row) in taken_by.iter_mut().enumerate() {
            for (defenders, slot) in row.iter_mut().enumerate() {
                for attackers in 0..8 {
                    if cover[defenders] >> (attackers & enter) & 1 != 0 {
                        *slot |= 1 << attackers;
                    }
                }
            }
        }
        let mut board = Board {
            enter: [KindSet::EMPTY; SQUARES],
            neighbours: [[a1; 4]; SQUARES],
            neighbour_count: [0; SQUARES],
            file: [0; SQUARES],
            rank: [0; SQUARES],
            cover,
            kills,
            taken_by,
            eliminates: Kind::ALL.map(|k| scenario.rules().eliminates(k)),
        };
        for sq in scenario.squares() {
            let i = sq.index();
            board.enter[i] = scenario.terrain(sq).map_or(KindSet::EMPTY, |t| t.enter);
            board.file[i] = sq.file().map_or(-1, i16::from);
            board.rank[i] = i16::from(sq.rank());
            for n in scenario.neighbours(sq) {
                board.neighbours[i][board.neighbour_count[i] as usize] = n;
                board.neighbour_count[i] += 1;
            }
        }
        board
    }

    /// The neighbours of `sq`.
    #[inline]
    pub fn neighbours(&self, sq: Square) -> &[Square] {
        let i = sq.index();
        &self.neighbours[i][..self.neighbour_count[i] as usize]
    }

    /// Whether pieces of kinds `arriving` eliminate every piece of kinds `defenders`.
    #[inline]
    pub fn eliminates(&self, arriving: KindSet, defenders: KindSet) -> bool {
        self.cover[defenders.0 as usize] >> arriving.0 & 1 != 0
    }
}

/// One piece of each kind in `kinds`.
fn one_of_each(kinds: u8) -> Pieces {
    Pieces::new(kinds & 1, kinds >> 1 & 1, kinds >> 2 & 1)
}

/// The capture table by kind sets, from the rules.
fn cover(rules: &Rules) -> [u8; 8] {
    let mut cover = [0u8; 8];
    for (defenders, slot) in cover.iter_mut().enumerate() {
        for attackers in 0u8..8 {
            if rules.can_eliminate(one_of_each(attackers), one_of_each(defenders as u8)) {
                *slot |= 1 << attackers;
            }
        }
    }
    cover
}
