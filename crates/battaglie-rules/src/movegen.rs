//! Legal moves: generation, counting, and checking a single move.
//!
//! A turn sends a sub-multiset of one stack to each neighbour. For each
//! destination the rules only look at the multiset that arrives there (RULES.md,
//! "A turn"), so a destination is summed up as an [`Entry`]: which arriving kind
//! sets it accepts and how many pieces fit. Moves are then the tuples of one
//! acceptable multiset per direction, not all empty: enumerating multisets (not
//! pieces) means identical pieces never produce duplicate moves.

use crate::illegal::{IllegalMoveError, MoveError, PlayError};
use crate::kind::Kind;
use crate::moves::{direction, Move, MoveText, DIRECTIONS};
use crate::pieces::Pieces;
use crate::position::{cell_pieces, cell_side, Position};
use crate::scenario::NO_SQUARE;
use crate::side::Side;
use crate::square::Square;

/// For each terrain entry set `t`, the arriving kind sets that fit in it (bit `a` when `a ⊆ t`).
const FITS: [u8; 8] = {
    let mut table = [0u8; 8];
    let mut t = 0;
    while t < 8 {
        let mut a = 0;
        while a < 8 {
            if a & !t == 0 {
                table[t] |= 1 << a;
            }
            a += 1;
        }
        t += 1;
    }
    table
};

/// What one destination accepts.
#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    /// Bit `a` set when an arriving group whose kinds are `KindSet(a)` may go there.
    pub(crate) kinds: u8,
    /// How many pieces may arrive.
    pub(crate) room: u8,
    /// Whether arriving eliminates the enemy stack there.
    pub(crate) capture: bool,
}

impl Entry {
    #[inline]
    pub(crate) fn accepts(self, group: Pieces) -> bool {
        self.kinds & (1 << group.kinds().0) != 0 && group.total() <= self.room
    }
}

impl Position {
    /// What each neighbour of internal square `from` accepts from `side`.
    #[inline]
    pub(crate) fn entries(&self, from: usize, side: Side) -> [Entry; DIRECTIONS] {
        let s = self.scenario();
        let limit = s.rules().stack_limit();
        let mut out = [Entry::default(); DIRECTIONS];
        for (dir, &to) in s.neighbours[from].iter().enumerate() {
            if to == NO_SQUARE {
                continue;
            }
            let to = to as usize;
            let fits = FITS[s.enter[to].0 as usize] & !1;
            let c = self.cell(to);
            out[dir] = if c == 0 {
                Entry {
                    kinds: fits,
                    room: limit,
                    capture: false,
                }
            } else if cell_side(c) == side {
                Entry {
                    kinds: fits,
                    room: limit - cell_pieces(c).total(),
                    capture: false,
                }
            } else {
                Entry {
                    kinds: fits & s.rules().cover_mask(cell_pieces(c).kinds()),
                    // No stack exceeds the limit, so any group fits where it eliminates.
                    room: Pieces::MAX_COUNT,
                    capture: true,
                }
            };
        }
        out
    }

    /// Every legal move, without duplicates; `[pass]` when nothing else is legal;
    /// nothing when the position ends the game ([`Position::outcome`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Position::legal_moves`] into a reused buffer (cleared first).
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.ends_before_moving() {
            return;
        }
        let us = self.side_to_move();
        self.steps_into(us, moves);
        if moves.is_empty() && self.has_step(!us) {
            moves.push(Move::PASS);
        }
    }

    /// The moves `side` could make on this board as it stands, were it its turn:
    /// what a player may queue while the opponent is to move (a premove), which the
    /// position after the opponent's move then accepts or refuses. For the side to
    /// move, its legal moves but the pass; nothing when the position ends the game.
    pub fn moves_of(&self, side: Side) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.ends_before_moving() {
            self.steps_into(side, &mut moves);
        }
        moves
    }

    /// Appends every move of `side`'s stacks (not the pass).
    fn steps_into(&self, side: Side, moves: &mut Vec<Move>) {
        for from in self.occupied_indices(side) {
            let stack = cell_pieces(self.cell(from));
            let entries = self.entries(from, side);
            let sq = Square::from_index(from).expect("occupied squares are squares");
            let mut parts = [Pieces::EMPTY; DIRECTIONS];
            generate(sq, stack, stack, 0, &entries, &mut parts, moves);
        }
    }

    /// How many legal moves [`Position::legal_moves`] would return, without listing them.
    pub fn count_moves(&self) -> u64 {
        if self.ends_before_moving() {
            return 0;
        }
        let us = self.side_to_move();
        let mut n = 0;
        for (w, &word) in self.occupied_words(us).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let stack = cell_pieces(self.cell(from));
                let entries = self.entries(from, us);
                n += count_from(stack, &entries);
            }
        }
        if n == 0 {
            return self.has_step(!us) as u64;
        }
        n
    }

    /// Whether the game ends here by a side without pieces or the quiet limit: the
    /// cheap end conditions (a deadlock needs [`Position::has_step`] for both sides).
    #[inline]
    pub fn ends_before_moving(&self) -> bool {
        self.piece_count(Side::Army) == 0
            || self.piece_count(Side::Indians) == 0
            || self.quiet() >= self.scenario().rules().quiet_limit()
    }

    /// Whether `side` has a legal move other than pass here (whoever is to move).
    pub fn has_step(&self, side: Side) -> bool {
        self.occupied_indices(side).any(|from| {
            let stack = cell_pieces(self.cell(from));
            // Some non-empty group fits when one of the accepted kind sets is made of
            // kinds the stack has: with room for one piece, any single kind of it fits;
            // an elimination accepts any group with enough kinds, and the stack holds
            // no more than the room.
            let available = FITS[stack.kinds().0 as usize];
            self.entries(from, side)
                .iter()
                .any(|e| e.room > 0 && e.kinds & available != 0)
        })
    }

    /// Checks a move against the rules directly (not by generating every move):
    /// whether [`Position::try_play`] would accept it.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the position ends the game, else
    /// [`PlayError::Illegal`] with the rule the move breaks.
    pub fn check_move(&self, mv: &Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        self.check_rules(mv)
            .map_err(|reason| PlayError::Illegal { mv: *mv, reason })
    }

    fn check_rules(&self, mv: &Move) -> Result<(), IllegalMoveError> {
        let us = self.side_to_move();
        let Some(from) = mv.from() else {
            return if self.has_step(us) {
                Err(IllegalMoveError::PassWithMovesLeft)
            } else {
                Ok(())
            };
        };
        let texts = mv
            .parts()
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.is_empty())
            .map(|(dir, &p)| {
                crate::moves::step(from.index() as u16, dir)
                    .map(|to| (p, to))
                    .ok_or(IllegalMoveError::NoSquareThere(from))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let resolved = self.resolve(&MoveText::Step {
            from,
            groups: texts,
        })?;
        if resolved.is_capture() != mv.is_capture()
            || (0..DIRECTIONS).any(|d| resolved.captures_in(d) != mv.captures_in(d))
        {
            return Err(IllegalMoveError::EliminationsMismatch);
        }
        Ok(())
    }

    /// Reads a move in notation and checks it against this position.
    ///
    /// # Errors
    /// A [`MoveError`] saying what is wrong: the text ([`MoveError::Parse`]), the rule
    /// the move breaks ([`MoveError::Illegal`]), or that the position ends the game
    /// ([`MoveError::GameOver`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let parsed: MoveText = text.parse()?;
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        self.resolve(&parsed).map_err(|reason| MoveError::Illegal {
            text: text.trim().to_string(),
            reason,
        })
    }

    /// Turns a written move into a legal [`Move`], or says which rule it breaks
    /// (the caller has checked that the game is not over).
    fn resolve(&self, text: &MoveText) -> Result<Move, IllegalMoveError> {
        let us = self.side_to_move();
        let (from, groups) = match text {
            MoveText::Pass => {
                return if self.has_step(us) {
                    Err(IllegalMoveError::PassWithMovesLeft)
                } else {
                    Ok(Move::PASS)
                }
            }
            MoveText::Step { from, groups } => (*from, groups),
        };
        let s = self.scenario();
        let off_map = |square| IllegalMoveError::OffMap {
            square,
            width: s.width(),
            height: s.height(),
        };
        if !s.contains(from) {
            return Err(off_map(from));
        }
        let stack = match self.stack(from) {
            None => return Err(IllegalMoveError::EmptySource(from)),
            Some((owner, _)) if owner != us => {
                return Err(IllegalMoveError::NotYourStack {
                    square: from,
                    owner,
                })
            }
            Some((_, p)) => p,
        };
        let entries = self.entries(from.index(), us);
        let mut parts = [Pieces::EMPTY; DIRECTIONS];
        // Counted in full width: groups written by hand may ask for more than a stack holds.
        let mut taken = [0u32; 3];
        let mut captures = 0u8;
        for &(group, to) in groups {
            if !s.contains(to) {
                return Err(off_map(to));
            }
            if to.is_staging() {
                return Err(IllegalMoveError::IntoStaging(to));
            }
            let dir = direction(from, to)
                .filter(|&d| s.neighbours[from.index()][d] != NO_SQUARE)
                .ok_or_else(|| {
                    if from.is_staging() {
                        IllegalMoveError::StagingStepsEast {
                            to,
                            east: Square::new(0, from.rank()),
                        }
                    } else {
                        IllegalMoveError::NotAdjacent { from, to }
                    }
                })?;
            let terrain = s.terrain(to).expect("destination is on the map");
            if let Some(kind) = group.kinds().iter().find(|k| !terrain.enter.contains(*k)) {
                return Err(IllegalMoveError::Terrain {
                    to,
                    kind,
                    terrain: terrain.name.clone(),
                    enter: terrain.enter,
                });
            }
            let entry = entries[dir];
            if entry.capture {
                if !entry.accepts(group) {
                    let (defender, defenders) =
                        self.stack(to).expect("a capture square holds pieces");
                    return Err(IllegalMoveError::CannotEliminate {
                        to,
                        group,
                        defenders,
                        defender,
                    });
                }
                captures |= 1 << dir;
            } else if group.total() > entry.room {
                return Err(IllegalMoveError::StackLimit {
                    to,
                    arriving: group.total(),
                    here: self.stack(to).map(|(_, p)| p.total()).unwrap_or(0),
                    limit: s.rules().stack_limit(),
                });
            }
            parts[dir] = group;
            for k in group.kinds().iter() {
                taken[k.index()] += group.count(k) as u32;
            }
        }
        if taken == [0; 3] {
            return Err(IllegalMoveError::NoPieceMoved);
        }
        if let Some(kind) = Kind::ALL
            .into_iter()
            .find(|k| taken[k.index()] > stack.count(*k) as u32)
        {
            return Err(IllegalMoveError::NotEnoughPieces {
                from,
                kind,
                has: stack.count(kind),
                takes: taken[kind.index()],
            });
        }
        Ok(Move::new(from, parts, captures))
    }
}

pub(crate) fn generate(
    from: Square,
    stack: Pieces,
    left: Pieces,
    dir: usize,
    entries: &[Entry; DIRECTIONS],
    parts: &mut [Pieces; DIRECTIONS],
    out: &mut Vec<Move>,
) {
    if dir == DIRECTIONS {
        if left != stack {
            let captures = (0..DIRECTIONS)
                .filter(|&d| entries[d].capture && !parts[d].is_empty())
                .fold(0u8, |acc, d| acc | 1 << d);
            out.push(Move::new(from, *parts, captures));
        }
        return;
    }
    let entry = entries[dir];
    parts[dir] = Pieces::EMPTY;
    generate(from, stack, left, dir + 1, entries, parts, out);
    if entry.kinds == 0 || entry.room == 0 {
        return;
    }
    left.for_each_nonempty_subset(|group| {
        if entry.accepts(group) {
            parts[dir] = group;
            generate(from, stack, left.minus(group), dir + 1, entries, parts, out);
        }
    });
    parts[dir] = Pieces::EMPTY;
}

/// Slots of the per-thread memo of [`count_from`] (a power of two).
const MEMO_SLOTS: usize = 1 << 11;

thread_local! {
    /// Move counts by (stack, what each destination accepts): the same few
    /// combinations recur across a search, and counting them is the costly part.
    static MEMO: std::cell::RefCell<Vec<(u64, u64)>> =
        std::cell::RefCell::new(vec![(0, 0); MEMO_SLOTS]);
}

/// The number of moves from a stack with these destinations.
#[inline]
pub(crate) fn count_from(stack: Pieces, entries: &[Entry; DIRECTIONS]) -> u64 {
    if stack.total() == 1 {
        return entries.iter().filter(|e| e.accepts(stack)).count() as u64;
    }
    let mut key = stack.bits() as u64;
    for (i, e) in entries.iter().enumerate() {
        let room = if e.kinds == 0 { 0 } else { e.room as u64 };
        key |= (e.kinds as u64 | room << 8) << (12 + 12 * i);
    }
    // A non-empty stack makes the key non-zero, so the zeroed slots never match.
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 53) as usize & (MEMO_SLOTS - 1);
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo[slot].0 == key {
            return memo[slot].1;
        }
        let mut usable = [Entry::default(); DIRECTIONS];
        let mut n = 0;
        for e in entries {
            if e.kinds != 0 && e.room > 0 {
                usable[n] = *e;
                n += 1;
            }
        }
        let count = count_ways(stack, &usable[..n]) - 1;
        memo[slot] = (key, count);
        count
    })
}

/// Ways to send sub-multisets of `left` to `entries` (each may get nothing).
fn count_ways(left: Pieces, entries: &[Entry]) -> u64 {
    let Some((first, rest)) = entries.split_first() else {
        return 1;
    };
    let mut n = count_ways(left, rest);
    left.for_each_nonempty_subset(|group| {
        if first.accepts(group) {
            n += count_ways(left.minus(group), rest);
        }
    });
    n
}
