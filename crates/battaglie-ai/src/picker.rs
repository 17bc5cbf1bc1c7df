//! The moves of one node in the order the search tries them, generated in stages:
//! the transposition table's move, then the eliminations by value taken minus value
//! sent, then the two killers, then the quiet moves by history. A stage is generated
//! only when the search reaches it, so a cutoff on an early move spares the rest; the
//! pass comes last, when nothing else is legal.

use battaglie_rules::{Move, Position, Stage};

use crate::ordering::{capture_gain, Ordering};

/// Where a [`Picker`] stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Phase {
    /// The table's move is next.
    #[default]
    Table,
    /// The eliminations are to be generated.
    StartEliminations,
    /// Handing out the eliminations.
    Eliminations,
    /// Killer `i` is next.
    Killer(usize),
    /// The quiet moves are to be generated.
    StartQuiet,
    /// Handing out the quiet moves.
    Quiet,
    /// Only the pass may be left.
    Pass,
    /// Nothing is left.
    Done,
}

/// One node's move source (kept per ply, so its buffers are reused).
#[derive(Default)]
pub(crate) struct Picker {
    phase: Phase,
    table: Option<Move>,
    killers: [Option<Move>; 2],
    moves: Vec<Move>,
    keyed: Vec<(i32, Move)>,
    next: usize,
    /// How many moves were handed out.
    given: usize,
}

impl Picker {
    /// Starts a node: the table's move (if any) and the ply's killers.
    pub fn reset(&mut self, table: Option<Move>, killers: [Option<Move>; 2]) {
        self.phase = Phase::Table;
        self.table = table.filter(|m| !m.is_pass());
        self.killers = killers;
        self.given = 0;
    }

    /// The next move to try, `None` when every legal move was given.
    pub fn next(&mut self, pos: &Position, ord: &Ordering) -> Option<Move> {
        let mv = self.pick(pos, ord)?;
        self.given += 1;
        Some(mv)
    }

    fn pick(&mut self, pos: &Position, ord: &Ordering) -> Option<Move> {
        loop {
            match self.phase {
                Phase::Table => {
                    self.phase = Phase::StartEliminations;
                    match self.table {
                        Some(m) if pos.is_legal(&m) => return Some(m),
                        _ => self.table = None,
                    }
                }
                Phase::StartEliminations => {
                    pos.stage_moves_into(Stage::Eliminations, &mut self.moves);
                    let table = self.table;
                    self.keyed.clear();
                    self.keyed.extend(
                        self.moves
                            .iter()
                            .filter(|m| Some(**m) != table)
                            .map(|m| (capture_gain(pos, m), *m)),
                    );
                    self.keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
                    self.next = 0;
                    self.phase = Phase::Eliminations;
                }
                Phase::Eliminations | Phase::Quiet => {
                    if let Some(&(_, m)) = self.keyed.get(self.next) {
                        self.next += 1;
                        return Some(m);
                    }
                    self.phase = if self.phase == Phase::Quiet {
                        Phase::Pass
                    } else {
                        Phase::Killer(0)
                    };
                }
                Phase::Killer(i) => {
                    self.phase = if i + 1 < self.killers.len() {
                        Phase::Killer(i + 1)
                    } else {
                        Phase::StartQuiet
                    };
                    match self.killers[i] {
                        Some(k) if Some(k) != self.table && !k.is_capture() && pos.is_legal(&k) => {
                            return Some(k)
                        }
                        _ => self.killers[i] = None,
                    }
                }
                Phase::StartQuiet => {
                    pos.stage_moves_into(Stage::Quiet, &mut self.moves);
                    let skip = [self.table, self.killers[0], self.killers[1]];
                    let side = pos.side_to_move().index();
                    self.keyed.clear();
                    self.keyed.extend(
                        self.moves
                            .iter()
                            .filter(|m| !skip.contains(&Some(**m)))
                            .map(|m| (ord.history_of(side, m), *m)),
                    );
                    self.keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
                    self.next = 0;
                    self.phase = Phase::Quiet;
                }
                Phase::Pass => {
                    self.phase = Phase::Done;
                    if self.given == 0
                        && !pos.ends_before_moving()
                        && pos.has_step(!pos.side_to_move())
                    {
                        return Some(Move::PASS);
                    }
                }
                Phase::Done => return None,
            }
        }
    }
}
