//! A scenario's solved endgames: built, probed, and asked for the best move.

use battaglie_rules::{Kind, Move, Position, Scenario, Side};

use crate::generate::generate;
use crate::layout::{Layout, Piece, Placement};
use crate::map::Map;
use crate::material::{Material, MAX_PIECES};
use crate::value::{Value, MAX_DISTANCE};

/// One material's entries.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    pub material: Material,
    pub layout: Layout,
    pub entries: Vec<u8>,
}

/// Every position of one scenario with up to [`Tablebase::max_pieces`] pieces, solved.
#[derive(Debug, Clone)]
pub struct Tablebase {
    pub(crate) scenario_id: String,
    pub(crate) map: Map,
    pub(crate) max_pieces: u8,
    /// By [`Material::key`].
    pub(crate) tables: Vec<Option<Table>>,
}

/// Error of [`Tablebase::build`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// More pieces than a table holds.
    #[error("a tablebase holds at most {MAX_PIECES} pieces, not {0}")]
    TooManyPieces(u8),
    /// Fewer than one piece a side.
    #[error("a tablebase needs at least 2 pieces (one a side), not {0}")]
    TooFewPieces(u8),
    /// The scenario's quiet limit is longer than an entry can count.
    #[error("the quiet limit of {0} plies is longer than a table counts ({MAX_DISTANCE})")]
    QuietLimitTooLong(u32),
}

/// Where a build stands, for a progress bar.
#[derive(Debug, Clone, Copy)]
pub struct BuildProgress {
    /// The material being built.
    pub material: Material,
    /// Entries looked at so far, over every material.
    pub done: u64,
    /// Entries of every material together.
    pub total: u64,
}

/// How a table's positions divide (valid positions only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions won by the side to move (at counter 0).
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// The longest distance to the next elimination of a win.
    pub longest: u8,
}

impl Tablebase {
    /// Solves every position of `scenario` with 2 to `max_pieces` pieces; `progress`
    /// hears about the work done.
    ///
    /// # Errors
    /// [`BuildError`] when `max_pieces` is outside 2..=4 or the quiet limit is longer
    /// than 127 plies.
    pub fn build(
        scenario: &Scenario,
        max_pieces: u8,
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Tablebase, BuildError> {
        if max_pieces > MAX_PIECES {
            return Err(BuildError::TooManyPieces(max_pieces));
        }
        if max_pieces < 2 {
            return Err(BuildError::TooFewPieces(max_pieces));
        }
        let limit = scenario.rules().quiet_limit();
        if limit > u32::from(MAX_DISTANCE) {
            return Err(BuildError::QuietLimitTooLong(limit));
        }
        let map = Map::new(scenario);
        let materials = Material::up_to(max_pieces);
        let total = materials.iter().map(|&m| Layout::new(m, &map).len()).sum();
        let mut tb = Tablebase {
            scenario_id: scenario.id().to_string(),
            map,
            max_pieces,
            tables: vec![None; 5usize.pow(6)],
        };
        let mut done = 0;
        for m in materials {
            let entries = {
                let lookup = |p: &Placement| tb.value_of(p).unwrap_or(Value::Draw);
                let mut report = |n: u64| {
                    done += n;
                    progress(BuildProgress {
                        material: m,
                        done,
                        total,
                    });
                };
                generate(&tb.map, m, &lookup, &mut report)
            };
            tb.insert(m, entries);
        }
        Ok(tb)
    }

    pub(crate) fn insert(&mut self, material: Material, entries: Vec<u8>) {
        let layout = Layout::new(material, &self.map);
        self.tables[material.key()] = Some(Table {
            material,
            layout,
            entries,
        });
    }

    /// The scenario id it was built for.
    pub fn scenario_id(&self) -> &str {
        &self.scenario_id
    }

    /// The most pieces (both sides, map and staging) of a position it holds.
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// Whether it was built for this scenario's map and rules.
    pub fn fits(&self, scenario: &Scenario) -> bool {
        scenario.id() == self.scenario_id && Map::new(scenario).fingerprint == self.map.fingerprint
    }

    /// The materials it holds, smallest first.
    pub fn materials(&self) -> Vec<Material> {
        let mut ms: Vec<Material> = self.tables().map(|t| t.material).collect();
        ms.sort_by_key(|m| (m.total(), *m));
        ms
    }

    pub(crate) fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.iter().flatten()
    }

    /// How the positions of one material divide; `None` when it is not held.
    pub fn counts(&self, material: Material) -> Option<Counts> {
        let t = self.tables.get(material.key())?.as_ref()?;
        let mut c = Counts::default();
        for v in t.entries.iter().filter_map(|&b| Value::from_byte(b)) {
            match v {
                Value::Win(d) => {
                    c.wins += 1;
                    c.longest = c.longest.max(d);
                }
                Value::Draw => c.draws += 1,
                Value::Loss(_) => c.losses += 1,
            }
        }
        Some(c)
    }

    /// The value of a placement at counter 0, when held and valid.
    pub(crate) fn value_of(&self, p: &Placement) -> Option<Value> {
        let t = self.tables.get(p.material().key())?.as_ref()?;
        Value::from_byte(t.entries[t.layout.index(p) as usize])
    }

    /// Whether a position is held: few enough pieces, and the game not over.
    pub fn holds(&self, pos: &Position) -> bool {
        pos.piece_count(Side::Army) + pos.piece_count(Side::Indians) <= u32::from(self.max_pieces)
            && pos.scenario().id() == self.scenario_id
            && !pos.is_over()
    }

    /// The value of `pos` for the side to move, its quiet counter taken into account
    /// (a win whose next elimination would come after the quiet limit is a draw);
    /// `None` when the table does not hold it ([`Tablebase::holds`]). The game's
    /// history is not: a repetition the winning line would make is the search's
    /// business (the winner never needs one).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if !self.holds(pos) {
            return None;
        }
        let v = self.value_of(&self.placement(pos))?;
        Some(v.at_counter(pos.quiet(), self.map.rules.quiet_limit()))
    }

    /// A best move of `pos` and the value it keeps: the quickest win, a draw, or the
    /// slowest loss; `None` when the table does not hold the position.
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Value)> {
        let here = self.probe(pos)?;
        let mut best: Option<(Move, Value)> = None;
        for mv in pos.legal_moves() {
            let v = self.after(pos, &mv)?;
            if best.is_none_or(|(_, b)| v.better_than(b)) {
                best = Some((mv, v));
            }
        }
        debug_assert!(best.is_none_or(|(_, v)| v == here));
        best
    }

    /// The value for the mover of playing `mv` in `pos` (a held position).
    pub fn after(&self, pos: &Position, mv: &Move) -> Option<Value> {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let capture = next.piece_count(!pos.side_to_move()) < pos.piece_count(!pos.side_to_move());
        match next.outcome() {
            Some(o) if o.winner() == Some(pos.side_to_move()) => Some(Value::Win(1)),
            Some(_) => Some(Value::Draw),
            None => Some(self.probe(&next)?.before(capture)),
        }
    }

    /// The tables' placement of a position (the caller checked its piece count).
    fn placement(&self, pos: &Position) -> Placement {
        let mut p = Placement::new(pos.side_to_move());
        for side in Side::ALL {
            for sq in pos.squares_of(side) {
                let Some((_, pieces)) = pos.stack(sq) else {
                    continue;
                };
                for kind in Kind::ALL {
                    for _ in 0..pieces.count(kind) {
                        p.push(Piece {
                            side,
                            kind,
                            sq: self.map.local(sq) as u16,
                        });
                    }
                }
            }
        }
        p.sort();
        p
    }
}
