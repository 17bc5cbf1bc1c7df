//! Setting a position up on a scenario's map: the setup rules a read BFEN must keep.

use crate::bfen::{Bfen, BfenField, ParseBfenError};
use crate::kind::{Kind, KindSet};
use crate::position::{side_bit, Cell};
use crate::scenario::Scenario;
use crate::square::{Square, SQUARES};

/// Error of checking a read BFEN against a scenario ([`Position::from_setup`](crate::Position::from_setup)):
/// the placement does not fit the map or breaks a setup rule (RULES.md, "The pieces" and "Setting up").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A number of ranks other than the map's height.
    #[error("BFEN placement: {given} ranks given, the map has {height}")]
    RankCount {
        /// Ranks in the BFEN.
        given: usize,
        /// The map's height.
        height: u8,
    },
    /// A rank whose squares are not the map's width.
    #[error("BFEN placement: rank {rank} has {given} squares, the map has {width}")]
    SquareCount {
        /// The rank.
        rank: u8,
        /// Squares given.
        given: usize,
        /// The map's width.
        width: u8,
    },
    /// A stack above the scenario's stack limit.
    #[error("BFEN placement: {square}: {count} pieces, the stack limit is {limit}")]
    StackLimit {
        /// The square.
        square: Square,
        /// The pieces on it.
        count: u8,
        /// The scenario's limit.
        limit: u8,
    },
    /// A kind standing on terrain it may not enter.
    #[error("BFEN placement: {square}: a {kind} piece cannot stand on {terrain} (only {} may enter)", kinds_phrase(*enter))]
    Terrain {
        /// The square.
        square: Square,
        /// The kind.
        kind: Kind,
        /// The terrain's name.
        terrain: String,
        /// The kinds that may enter it.
        enter: KindSet,
    },
}

impl BfenError {
    /// The field the error is about ([`BfenField::Placement`] for every setup error).
    pub fn field(&self) -> BfenField {
        match self {
            BfenError::Parse(e) => e.field(),
            BfenError::Setup(_) => BfenField::Placement,
        }
    }
}

/// Error of [`Position::from_bfen`](crate::Position::from_bfen): the text is not a BFEN,
/// or the position it writes does not fit the scenario.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BfenError {
    /// The text is not a BFEN.
    #[error(transparent)]
    Parse(#[from] ParseBfenError),
    /// The position breaks the scenario's map or setup rules.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Checks a BFEN against a scenario and lays its pieces out in the internal layout.
pub(crate) fn place(scenario: &Scenario, bfen: &Bfen) -> Result<[Cell; SQUARES], SetupError> {
    let (width, height) = (scenario.width(), scenario.height());
    if bfen.ranks.len() != height as usize {
        return Err(SetupError::RankCount {
            given: bfen.ranks.len(),
            height,
        });
    }
    let limit = scenario.rules().stack_limit();
    let mut cells = [0; SQUARES];
    for (i, rank) in bfen.ranks.iter().enumerate() {
        let r = height - 1 - i as u8;
        if rank.cells.len() != width as usize {
            return Err(SetupError::SquareCount {
                rank: r + 1,
                given: rank.cells.len(),
                width,
            });
        }
        let staging = Square::staging(r);
        if rank.staging.total() > limit {
            return Err(SetupError::StackLimit {
                square: staging,
                count: rank.staging.total(),
                limit,
            });
        }
        if !rank.staging.is_empty() {
            cells[staging.index()] = rank.staging.bits();
        }
        for (f, cell) in rank.cells.iter().enumerate() {
            let Some((side, pieces)) = cell else { continue };
            let sq = Square::new(f as u8, r);
            if pieces.total() > limit {
                return Err(SetupError::StackLimit {
                    square: sq,
                    count: pieces.total(),
                    limit,
                });
            }
            let terrain = scenario.terrain(sq).expect("the square is on the map");
            if let Some(kind) = pieces.kinds().iter().find(|k| !terrain.enter.contains(*k)) {
                return Err(SetupError::Terrain {
                    square: sq,
                    kind,
                    terrain: terrain.name.clone(),
                    enter: terrain.enter,
                });
            }
            cells[sq.index()] = side_bit(*side) | pieces.bits();
        }
    }
    Ok(cells)
}

/// "Foot", "Foot and Mounted", "nobody".
pub(crate) fn kinds_phrase(kinds: KindSet) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    match names.as_slice() {
        [] => "nobody".into(),
        [one] => (*one).into(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
