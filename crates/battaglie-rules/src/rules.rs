use crate::kind::{Kind, KindSet};
use crate::pieces::Pieces;

/// The rule settings a scenario may override (RULES.md, "The pieces" to "End of the game").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    stack_limit: u8,
    quiet_limit: u32,
    eliminates: [KindSet; 3],
    /// For each set of defending kinds, the attacking kind sets that eliminate all of them.
    cover: [u8; 8],
}

impl Default for Rules {
    /// The 1977 rules: stacks of 4, a quiet limit of 100 plies, Foot eliminating only Foot.
    fn default() -> Rules {
        Rules::new(4, 100, Rules::DEFAULT_ELIMINATES)
    }
}

impl Rules {
    /// The default capture table (RULES.md, "The pieces"), indexed by attacking kind.
    pub const DEFAULT_ELIMINATES: [KindSet; 3] = [KindSet(0b001), KindSet(0b111), KindSet(0b111)];

    /// Rules with the given stack limit, quiet limit and capture table (indexed by attacker).
    ///
    /// # Panics
    /// When `stack_limit` is not 1..=15 or `quiet_limit` is 0; the scenario loader
    /// reports those as errors before calling this.
    pub fn new(stack_limit: u8, quiet_limit: u32, eliminates: [KindSet; 3]) -> Rules {
        assert!((1..=Pieces::MAX_COUNT).contains(&stack_limit) && quiet_limit > 0);
        let mut cover = [0u8; 8];
        for (defenders, slot) in cover.iter_mut().enumerate() {
            for attackers in 0u8..8 {
                let covered = KindSet(defenders as u8).iter().all(|victim| {
                    KindSet(attackers)
                        .iter()
                        .any(|a| eliminates[a.index()].contains(victim))
                });
                if covered {
                    *slot |= 1 << attackers;
                }
            }
        }
        Rules {
            stack_limit,
            quiet_limit,
            eliminates,
            cover,
        }
    }

    /// The most pieces one square may hold.
    #[inline]
    pub fn stack_limit(&self) -> u8 {
        self.stack_limit
    }

    /// Consecutive plies without an elimination that end the game in a draw.
    #[inline]
    pub fn quiet_limit(&self) -> u32 {
        self.quiet_limit
    }

    /// The kinds that a piece of kind `attacker` can eliminate.
    #[inline]
    pub fn eliminates(&self, attacker: Kind) -> KindSet {
        self.eliminates[attacker.index()]
    }

    /// Whether `arriving` pieces eliminate every piece of `defenders` (rule 3.4:
    /// each defender must be eliminable by at least one arriving piece).
    #[inline]
    pub fn can_eliminate(&self, arriving: Pieces, defenders: Pieces) -> bool {
        self.cover[defenders.kinds().0 as usize] & (1 << arriving.kinds().0) != 0
    }

    /// Bitset over attacking kind sets (bit `a` for [`KindSet`]`(a)`) that eliminate `defenders`.
    #[inline]
    pub(crate) fn cover_mask(&self, defenders: KindSet) -> u8 {
        self.cover[defenders.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_table_default_foot_eliminates_only_foot() {
        let r = Rules::default();
        let f = Pieces::one(Kind::Foot);
        let m = Pieces::one(Kind::Mounted);
        let v = Pieces::one(Kind::Vehicle);
        assert!(r.can_eliminate(f, f));
        assert!(!r.can_eliminate(f, m));
        assert!(!r.can_eliminate(f, v));
        assert!(r.can_eliminate(m, Pieces::new(2, 1, 1)));
        assert!(r.can_eliminate(v, Pieces::new(0, 3, 0)));
    }

    #[test]
    fn capture_table_mixed_stack_needs_every_defender_covered() {
        // c-rules table: F->F, M->F,M, V->V.
        let r = Rules::new(3, 16, [KindSet(0b001), KindSet(0b011), KindSet(0b100)]);
        let mv = Pieces::new(0, 1, 1);
        assert!(!r.can_eliminate(Pieces::one(Kind::Mounted), mv));
        assert!(!r.can_eliminate(Pieces::one(Kind::Vehicle), mv));
        assert!(r.can_eliminate(Pieces::new(0, 1, 1), mv));
        assert!(r.can_eliminate(Pieces::new(1, 0, 1), Pieces::new(2, 0, 1)));
    }
}
