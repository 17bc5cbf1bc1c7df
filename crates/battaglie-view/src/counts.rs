//! Pieces counted by kind, as every part of the JSON writes them.

use battaglie_rules::{Kind, Pieces};
use serde::Serialize;
use ts_rs::TS;

/// How many Foot, Mounted and Vehicles: `{"F": 2, "M": 1, "V": 0}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, TS)]
#[allow(non_snake_case)]
pub struct KindCounts {
    /// Foot.
    pub F: u32,
    /// Mounted.
    pub M: u32,
    /// Vehicles.
    pub V: u32,
}

impl KindCounts {
    /// Counts indexed by [`Kind::index`].
    pub fn from_array(c: [u32; 3]) -> KindCounts {
        KindCounts {
            F: c[Kind::Foot.index()],
            M: c[Kind::Mounted.index()],
            V: c[Kind::Vehicle.index()],
        }
    }

    /// The counts of a multiset of pieces.
    pub fn of(pieces: Pieces) -> KindCounts {
        KindCounts::from_array(Kind::ALL.map(|k| u32::from(pieces.count(k))))
    }
}
