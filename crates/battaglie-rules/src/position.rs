//! Positions: where every piece stands, whose turn it is, and the counters.

use std::fmt;
use std::sync::Arc;

use crate::bfen::{Bfen, BfenRank};
use crate::illegal::PlayError;
use crate::moves::{Move, DIRECTIONS};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::pieces::Pieces;
use crate::scenario::Scenario;
use crate::setup::{place, BfenError, SetupError};
use crate::side::Side;
use crate::square::{Square, SQUARES};
use crate::zobrist;

/// A square's content: the pieces in bits 0-11, the owner in bit 12 (set for the Indians).
pub(crate) type Cell = u16;
pub(crate) const INDIANS_BIT: Cell = 1 << 12;
const PIECES_MASK: Cell = 0x0FFF;

#[inline]
pub(crate) fn cell_pieces(c: Cell) -> Pieces {
    Pieces::from_bits(c & PIECES_MASK).unwrap_or_default()
}

#[inline]
pub(crate) fn cell_side(c: Cell) -> Side {
    if c & INDIANS_BIT != 0 {
        Side::Indians
    } else {
        Side::Army
    }
}

#[inline]
pub(crate) fn side_bit(side: Side) -> Cell {
    (side as Cell) << 12
}

const WORDS: usize = SQUARES.div_ceil(64);

/// A position of a battle: the pieces, the side to move, the quiet counter and the turn number.
///
/// It knows its [`Scenario`] (map, terrain, rules). It does not know the game's
/// history: repetition is the business of [`Game`](crate::Game).
#[derive(Clone)]
pub struct Position {
    scenario: Arc<Scenario>,
    cells: [Cell; SQUARES],
    occupied: [[u64; WORDS]; 2],
    pieces: [u32; 2],
    side: Side,
    quiet: u32,
    turn: u32,
    hash: u64,
}

/// What [`Position::play_unchecked`] needs to take a move back with [`Position::undo`].
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    captured: [Cell; DIRECTIONS],
    quiet: u32,
    hash: u64,
}

impl Position {
    /// The scenario's start position.
    pub fn start(scenario: &Arc<Scenario>) -> Position {
        Position::from_setup(scenario, scenario.start())
            .expect("the scenario loader checked the start position")
    }

    /// Reads a BFEN and checks it against the scenario's map and rules.
    ///
    /// # Errors
    /// [`BfenError::Parse`] when the text is not a BFEN (naming the field and, for the
    /// placement, the rank); [`BfenError::Setup`] when it does not fit the scenario (rank
    /// and square counts, stack sizes, kinds on terrain they may not enter).
    pub fn from_bfen(scenario: &Arc<Scenario>, text: &str) -> Result<Position, BfenError> {
        Ok(Position::from_setup(scenario, &text.parse()?)?)
    }

    /// Checks a read BFEN against the scenario.
    ///
    /// # Errors
    /// A [`SetupError`] naming the rank or square that does not fit the map or its rules.
    pub fn from_setup(scenario: &Arc<Scenario>, bfen: &Bfen) -> Result<Position, SetupError> {
        let cells = place(scenario, bfen)?;
        let mut pos = Position {
            scenario: Arc::clone(scenario),
            cells,
            occupied: [[0; WORDS]; 2],
            pieces: [0; 2],
            side: bfen.side,
            quiet: bfen.quiet,
            turn: bfen.turn,
            hash: 0,
        };
        for i in 0..SQUARES {
            let c = pos.cells[i];
            if c != 0 {
                let side = cell_side(c);
                pos.occupied[side.index()][i / 64] |= 1 << (i % 64);
                pos.pieces[side.index()] += cell_pieces(c).total() as u32;
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The scenario this position belongs to.
    #[inline]
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Plies since the last elimination.
    #[inline]
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The turn number (1 at the start, +1 after each Indian move).
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The Zobrist hash of the placement and the side to move (not the counters):
    /// equal for positions that count as the same for repetition.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many pieces `side` has left, map and staging together.
    #[inline]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.pieces[side.index()]
    }

    /// The stack on `sq`, if any: its owner and its pieces.
    ///
    /// Squares off this scenario's board are always empty.
    #[inline]
    pub fn stack(&self, sq: Square) -> Option<(Side, Pieces)> {
        let c = self.cells[sq.index()];
        (c != 0).then(|| (cell_side(c), cell_pieces(c)))
    }

    #[inline]
    pub(crate) fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    /// Every square holding pieces of `side`, in internal order (rank by rank from the south).
    pub fn squares_of(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        self.occupied_indices(side)
            .map(|i| Square::from_index(i).expect("occupancy holds squares"))
    }

    /// The occupancy bitset of `side` over internal square indices.
    #[inline]
    pub(crate) fn occupied_words(&self, side: Side) -> &[u64; WORDS] {
        &self.occupied[side.index()]
    }

    #[inline]
    pub(crate) fn occupied_indices(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.occupied[side.index()]
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + b)
                })
            })
    }

    /// The hash recomputed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Side::Indians {
            zobrist::SIDE
        } else {
            0
        };
        for (i, &c) in self.cells.iter().enumerate() {
            h ^= zobrist::cell(i, c);
        }
        h
    }

    /// The game's end as far as this position alone tells (RULES.md, "End of the game"):
    /// a win, a deadlock or the quiet limit. Repetition needs the history: see
    /// [`Game::outcome`](crate::Game::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        let (us, them) = (self.side, !self.side);
        if self.pieces[us.index()] == 0 {
            return Some(Outcome::Win(them, WinReason::Elimination));
        }
        if self.pieces[them.index()] == 0 {
            return Some(Outcome::Win(us, WinReason::Elimination));
        }
        if !self.has_step(us) && !self.has_step(them) {
            return Some(Outcome::Draw(DrawReason::Deadlock));
        }
        if self.quiet >= self.scenario.rules().quiet_limit() {
            return Some(Outcome::Draw(DrawReason::Quiet));
        }
        None
    }

    /// Whether the position alone ends the game (see [`Position::outcome`]).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a legal move.
    ///
    /// Use [`Position::try_play`] for moves that may be illegal.
    ///
    /// # Panics
    /// When the move is not legal in this position.
    pub fn play(&mut self, mv: &Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays a move after checking that it is legal.
    ///
    /// Use [`Position::play`] when the move is known to be legal.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the position ends the game, [`PlayError::Illegal`]
    /// with the rule the move breaks; the position is unchanged.
    pub fn try_play(&mut self, mv: &Move) -> Result<(), PlayError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move without checking it, for search: take it back with [`Position::undo`].
    ///
    /// The move must come from this position's [`legal_moves`](Position::legal_moves)
    /// (or have passed [`check_move`](Position::check_move)); anything else leaves the
    /// position inconsistent, though never unsafe.
    #[inline]
    pub fn play_unchecked(&mut self, mv: &Move) -> Undo {
        let mut undo = Undo {
            captured: [0; DIRECTIONS],
            quiet: self.quiet,
            hash: self.hash,
        };
        let us = self.side;
        if !mv.is_pass() {
            let from = mv.source_index();
            let ours = side_bit(us);
            let mut captured = false;
            let mut src = self.cells[from];
            let src_before = src;
            for dir in 0..DIRECTIONS {
                let part = mv.parts()[dir];
                if part.is_empty() {
                    continue;
                }
                let to = self.scenario.neighbours[from][dir] as usize;
                src -= part.bits();
                let old = self.cells[to];
                let new = if old == 0 {
                    self.set_occupied(us, to);
                    ours | part.bits()
                } else if cell_side(old) == us {
                    old + part.bits()
                } else {
                    let them = !us;
                    undo.captured[dir] = old;
                    captured = true;
                    self.pieces[them.index()] -= cell_pieces(old).total() as u32;
                    self.clear_occupied(them, to);
                    self.set_occupied(us, to);
                    ours | part.bits()
                };
                self.cells[to] = new;
                self.hash ^= zobrist::cell(to, old) ^ zobrist::cell(to, new);
            }
            if src & PIECES_MASK == 0 {
                src = 0;
                self.clear_occupied(us, from);
            }
            self.cells[from] = src;
            self.hash ^= zobrist::cell(from, src_before) ^ zobrist::cell(from, src);
            self.quiet = if captured { 0 } else { self.quiet + 1 };
        } else {
            self.quiet += 1;
        }
        if us == Side::Indians {
            self.turn += 1;
        }
        self.side = !us;
        self.hash ^= zobrist::SIDE;
        undo
    }

    /// Takes back `mv`, which must be the last move played with [`Position::play_unchecked`].
    #[inline]
    pub fn undo(&mut self, mv: &Move, undo: Undo) {
        let us = !self.side;
        self.side = us;
        if us == Side::Indians {
            self.turn -= 1;
        }
        if !mv.is_pass() {
            let from = mv.source_index();
            let mut src = self.cells[from];
            if src == 0 {
                src = side_bit(us);
                self.set_occupied(us, from);
            }
            for dir in 0..DIRECTIONS {
                let part = mv.parts()[dir];
                if part.is_empty() {
                    continue;
                }
                let to = self.scenario.neighbours[from][dir] as usize;
                src += part.bits();
                let captured = undo.captured[dir];
                if captured != 0 {
                    let them = !us;
                    self.cells[to] = captured;
                    self.pieces[them.index()] += cell_pieces(captured).total() as u32;
                    self.clear_occupied(us, to);
                    self.set_occupied(them, to);
                } else {
                    let left = self.cells[to] - part.bits();
                    if left & PIECES_MASK == 0 {
                        self.cells[to] = 0;
                        self.clear_occupied(us, to);
                    } else {
                        self.cells[to] = left;
                    }
                }
            }
            self.cells[from] = src;
        }
        self.quiet = undo.quiet;
        self.hash = undo.hash;
    }

    #[inline]
    fn set_occupied(&mut self, side: Side, i: usize) {
        self.occupied[side.index()][i / 64] |= 1 << (i % 64);
    }

    #[inline]
    fn clear_occupied(&mut self, side: Side, i: usize) {
        self.occupied[side.index()][i / 64] &= !(1 << (i % 64));
    }

    /// The position in BFEN.
    pub fn bfen(&self) -> Bfen {
        let s = &self.scenario;
        let ranks = (0..s.height())
            .rev()
            .map(|r| BfenRank {
                staging: self
                    .stack(Square::staging(r))
                    .map(|(_, p)| p)
                    .unwrap_or_default(),
                cells: (0..s.width())
                    .map(|f| self.stack(Square::new(f, r)))
                    .collect(),
            })
            .collect();
        Bfen {
            ranks,
            side: self.side,
            quiet: self.quiet,
            turn: self.turn,
        }
    }
}

impl PartialEq for Position {
    /// Same scenario (by id), placement, side to move and counters.
    fn eq(&self, other: &Position) -> bool {
        self.scenario.id() == other.scenario.id()
            && self.cells == other.cells
            && self.side == other.side
            && self.quiet == other.quiet
            && self.turn == other.turn
    }
}
impl Eq for Position {}

impl fmt::Display for Position {
    /// The BFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.bfen(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.scenario.id(), self.bfen())
    }
}
