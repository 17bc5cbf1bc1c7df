//! Moves and the move notation of docs/notation.md.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::kind::Kind;
use crate::notation_buf::{NotationBuf, MOVE_LEN};
use crate::pieces::Pieces;
#[cfg(test)]
use crate::square::SQUARES;
use crate::square::{ParseSquareError, Square, STRIDE};

/// The four step directions in canonical notation order: west, south, north, east
/// (destinations ordered by file, then rank).
pub(crate) const DIRECTIONS: usize = 4;
const PASS: u16 = u16::MAX;
/// The source field of a packed pass (squares are indexed below 2^9).
const PASS_BITS: u64 = 0x1ff;

/// A turn: the pieces that leave one square and where each group goes, or a pass.
///
/// A move is the multiset of kinds sent in each direction; two moves are equal when
/// they start on the same square and send the same kinds the same ways. Moves are
/// made by a [`Position`](crate::Position): [`legal_moves`](crate::Position::legal_moves)
/// or [`parse_move`](crate::Position::parse_move); they remember which groups eliminate
/// so that they print canonically without the position.
#[derive(Clone, Copy)]
pub struct Move {
    from: u16,
    parts: [Pieces; DIRECTIONS],
    captures: u8,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.parts == other.parts
    }
}
impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.parts.hash(state);
    }
}

impl Move {
    /// The pass: legal only when the side to move has no other move.
    pub const PASS: Move = Move {
        from: PASS,
        parts: [Pieces::EMPTY; DIRECTIONS],
        captures: 0,
    };

    #[inline]
    pub(crate) fn new(from: Square, parts: [Pieces; DIRECTIONS], captures: u8) -> Move {
        Move {
            from: from.index() as u16,
            parts,
            captures,
        }
    }

    /// The move packed in 61 bits (for transposition tables and other compact stores);
    /// [`Move::from_bits`] reads it back.
    pub fn to_bits(&self) -> u64 {
        let from = if self.is_pass() {
            PASS_BITS
        } else {
            u64::from(self.from)
        };
        let parts = self.parts.iter().enumerate().fold(0u64, |acc, (i, p)| {
            acc | u64::from(p.bits()) << (9 + 12 * i)
        });
        from | parts | u64::from(self.captures) << 57
    }

    /// The move [`Move::to_bits`] packed, or `None` when `bits` cannot be one. A move
    /// read back this way is only as legal as the one that was packed.
    pub fn from_bits(bits: u64) -> Option<Move> {
        if bits >> 61 != 0 {
            return None;
        }
        let from = bits & PASS_BITS;
        if from == PASS_BITS {
            return (bits == PASS_BITS).then_some(Move::PASS);
        }
        Square::from_index(from as usize)?;
        let mut parts = [Pieces::EMPTY; DIRECTIONS];
        for (i, part) in parts.iter_mut().enumerate() {
            *part = Pieces::from_bits((bits >> (9 + 12 * i) & 0xfff) as u16)?;
        }
        Some(Move {
            from: from as u16,
            parts,
            captures: (bits >> 57) as u8,
        })
    }

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.from == PASS
    }

    /// The square the pieces leave; `None` for the pass.
    #[inline]
    pub fn from(&self) -> Option<Square> {
        if self.is_pass() {
            None
        } else {
            Square::from_index(self.from as usize)
        }
    }

    #[inline]
    pub(crate) fn source_index(&self) -> usize {
        self.from as usize
    }

    /// The kinds sent in each direction (west, south, north, east).
    #[inline]
    pub(crate) fn parts(&self) -> &[Pieces; DIRECTIONS] {
        &self.parts
    }

    /// Whether the group sent in direction `dir` eliminates what stands there.
    #[inline]
    pub(crate) fn captures_in(&self, dir: usize) -> bool {
        self.captures & (1 << dir) != 0
    }

    /// Whether the move eliminates enemy pieces.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captures != 0
    }

    /// All the pieces that move.
    pub fn moved(&self) -> Pieces {
        self.parts.iter().fold(Pieces::EMPTY, |acc, p| acc.plus(*p))
    }

    /// Appends the canonical notation to `out`: what [`Display`](fmt::Display)
    /// writes, without a formatter (a server writes every legal move of every state).
    pub fn push_notation(&self, out: &mut String) {
        match self.from() {
            Some(from) => out.push_str(self.notation(from).as_str()),
            None => out.push_str("pass"),
        }
    }

    /// The notation of a move from `from` (not the pass).
    fn notation(&self, from: Square) -> NotationBuf<MOVE_LEN> {
        let mut text = NotationBuf::new();
        text.push_square(from);
        text.push(b':');
        for (i, g) in self.groups().enumerate() {
            if i > 0 {
                text.push(b',');
            }
            text.push_pieces(g.pieces);
            text.push(if g.capture { b'x' } else { b'-' });
            text.push_square(g.to);
        }
        text
    }

    /// The groups in canonical order: destination, kinds arriving, and whether they eliminate.
    pub fn groups(&self) -> impl Iterator<Item = Group> + '_ {
        let from = self.from;
        (0..DIRECTIONS).filter_map(move |dir| {
            let pieces = self.parts[dir];
            if pieces.is_empty() || from == PASS {
                return None;
            }
            let to = step(from, dir)?;
            Some(Group {
                to,
                pieces,
                capture: self.captures_in(dir),
            })
        })
    }
}

/// Where a step from internal index `from` in direction `dir` lands, ignoring the board's size.
#[inline]
pub(crate) fn step(from: u16, dir: usize) -> Option<Square> {
    let to = match dir {
        0 if from % STRIDE > 1 => from - 1,
        1 if from >= STRIDE => from - STRIDE,
        2 => from + STRIDE,
        3 if from % STRIDE < STRIDE - 1 => from + 1,
        _ => return None,
    };
    Square::from_index(to as usize)
}

/// The direction from `from` to the orthogonally adjacent `to`, if they are adjacent.
pub(crate) fn direction(from: Square, to: Square) -> Option<usize> {
    (0..DIRECTIONS).find(|&dir| step(from.index() as u16, dir) == Some(to))
}

/// One group of a move: the kinds that arrive on one destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The destination.
    pub to: Square,
    /// The kinds arriving there.
    pub pieces: Pieces,
    /// Whether they eliminate the enemy stack standing there.
    pub capture: bool,
}

impl fmt::Display for Move {
    /// The canonical notation: `c3:FF-c4,Mxd3`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(from) = self.from() else {
            return f.write_str("pass");
        };
        f.write_str(self.notation(from).as_str())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move as written, read but not yet checked against a position.
///
/// [`Position::parse_move`](crate::Position::parse_move) turns it into a [`Move`]
/// or says why it is illegal there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveText {
    /// `pass`.
    Pass,
    /// `SRC:GROUP[,GROUP...]`.
    Step {
        /// The square the pieces leave.
        from: Square,
        /// Each group's kinds and destination, in the order written.
        groups: Vec<(Pieces, Square)>,
    },
}

/// Error of [`MoveText::from_str`]: the text is not a move at all. Every variant
/// keeps the whole text read; those about one group keep that group as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// No `:` between the source square and the groups.
    #[error("invalid move {text:?}: expected `SQUARE:KINDS-SQUARE` (or `pass`); there is no `:`")]
    NoColon {
        /// The text that was read.
        text: String,
    },
    /// The source square (before the `:`) is not a square.
    #[error("invalid move {text:?}: source {source}")]
    Source {
        /// The text that was read.
        text: String,
        /// Why the source is not a square.
        source: ParseSquareError,
    },
    /// Nothing after the `:`.
    #[error("invalid move {text:?}: no group after the `:`")]
    NoGroup {
        /// The text that was read.
        text: String,
    },
    /// A group without `-` or `x` before its destination.
    #[error("invalid move {text:?}: group {group:?} has no `-` or `x` before its destination")]
    NoArrow {
        /// The text that was read.
        text: String,
        /// The group at fault.
        group: String,
    },
    /// A group naming no piece before its `-` or `x`.
    #[error("invalid move {text:?}: group {group:?} names no piece")]
    NoPiece {
        /// The text that was read.
        text: String,
        /// The group at fault.
        group: String,
    },
    /// A letter that is not a piece kind.
    #[error("invalid move {text:?}: `{letter}` in {group:?} is not a piece kind (F, M, V)")]
    NotAKind {
        /// The text that was read.
        text: String,
        /// The group at fault.
        group: String,
        /// The letter that is not `F`, `M` or `V`.
        letter: char,
    },
    /// A group's destination is not a square.
    #[error("invalid move {text:?}: destination of {group:?}: {source}")]
    Destination {
        /// The text that was read.
        text: String,
        /// The group at fault.
        group: String,
        /// Why its destination is not a square.
        source: ParseSquareError,
    },
    /// More pieces go to one square than any stack can hold.
    #[error("invalid move {text:?}: more than 15 pieces go to {to}")]
    TooManyPieces {
        /// The text that was read.
        text: String,
        /// The destination.
        to: Square,
    },
}

impl ParseMoveError {
    /// The text that was read.
    pub fn text(&self) -> &str {
        match self {
            ParseMoveError::NoColon { text }
            | ParseMoveError::Source { text, .. }
            | ParseMoveError::NoGroup { text }
            | ParseMoveError::NoArrow { text, .. }
            | ParseMoveError::NoPiece { text, .. }
            | ParseMoveError::NotAKind { text, .. }
            | ParseMoveError::Destination { text, .. }
            | ParseMoveError::TooManyPieces { text, .. } => text,
        }
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// Reads `SRC:KINDS-DEST[,KINDS-DEST...]` or `pass`. Lenient as docs/notation.md allows:
    /// any group order, kinds in either case and any order, `-` or `x` either way.
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let text = || s.to_string();
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(MoveText::Pass);
        }
        let (src, rest) = t
            .split_once(':')
            .ok_or_else(|| ParseMoveError::NoColon { text: text() })?;
        let from: Square = src
            .trim()
            .parse()
            .map_err(|source| ParseMoveError::Source {
                text: text(),
                source,
            })?;
        if rest.trim().is_empty() {
            return Err(ParseMoveError::NoGroup { text: text() });
        }
        let mut groups: Vec<(Pieces, Square)> = Vec::new();
        for group in rest.split(',') {
            let group = group.trim();
            let sep = group
                .find(['-', 'x', 'X'])
                .ok_or_else(|| ParseMoveError::NoArrow {
                    text: text(),
                    group: group.into(),
                })?;
            let (kinds, dest) = (group[..sep].trim(), &group[sep + 1..]);
            if kinds.is_empty() {
                return Err(ParseMoveError::NoPiece {
                    text: text(),
                    group: group.into(),
                });
            }
            let mut counts = [0u32; 3];
            for c in kinds.chars() {
                let k = Kind::from_char(c).ok_or_else(|| ParseMoveError::NotAKind {
                    text: text(),
                    group: group.into(),
                    letter: c,
                })?;
                counts[k.index()] += 1;
            }
            let to: Square = dest
                .trim()
                .parse()
                .map_err(|source| ParseMoveError::Destination {
                    text: text(),
                    group: group.into(),
                    source,
                })?;
            // Groups naming one destination are one group: the same kinds arrive there.
            let earlier = groups.iter().position(|(_, d)| *d == to);
            if let Some(i) = earlier {
                for k in Kind::ALL {
                    counts[k.index()] += u32::from(groups[i].0.count(k));
                }
            }
            if counts.iter().sum::<u32>() > Pieces::MAX_COUNT as u32 {
                return Err(ParseMoveError::TooManyPieces { text: text(), to });
            }
            let pieces = Pieces::new(counts[0] as u8, counts[1] as u8, counts[2] as u8);
            match earlier {
                Some(i) => groups[i].0 = pieces,
                None => groups.push((pieces, to)),
            }
        }
        Ok(MoveText::Step { from, groups })
    }
}

impl fmt::Display for MoveText {
    /// Prints the groups as written (not necessarily canonical).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Pass => f.write_str("pass"),
            MoveText::Step { from, groups } => {
                write!(f, "{from}:")?;
                for (i, (p, to)) in groups.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{p}-{to}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_notation_fits_and_reads_back() {
        // Fifteen of each kind in all four directions: the longest move there is.
        let full = Pieces::new(15, 15, 15);
        let from = Square::new(5, 5);
        let mv = Move::new(from, [full; DIRECTIONS], 0b1010);
        let text = mv.to_string();
        assert_eq!(text.len(), 3 + 4 * (45 + 1 + 2) + 3);
        let mut pushed = String::new();
        mv.push_notation(&mut pushed);
        assert_eq!(pushed, text);
        assert!(text.starts_with("f6:") && text.contains("-e6,") && text.contains("xf5,"));
        assert!(text.contains("-f7,") && text.ends_with("xg6"));
        let mut pass = String::new();
        Move::PASS.push_notation(&mut pass);
        assert_eq!(pass, "pass");
    }

    #[test]
    fn square_names_are_written_as_displayed() {
        for index in 0..SQUARES {
            let Some(sq) = Square::from_index(index) else {
                continue;
            };
            let mut name = String::new();
            sq.push_name(&mut name);
            assert_eq!(name, sq.to_string());
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn move_text_accepts_lenient_forms() {
        let canonical: MoveText = "c3:FF-c4,Mxd3".parse().unwrap();
        let lenient: MoveText = " c3 : ff x c4 , m-d3 ".parse().unwrap();
        assert_eq!(canonical, lenient);
        // Two groups to one square are the move that sends both there (RULES.md, "A turn":
        // the same multiset of kinds arrives).
        let split: MoveText = "c3:F-c4,Mxd3,f-C4".parse().unwrap();
        assert_eq!(canonical, split);
        assert_eq!("PASS".parse::<MoveText>().unwrap(), MoveText::Pass);
        assert_eq!(
            "C3:MF-C4".parse::<MoveText>().unwrap(),
            MoveText::Step {
                from: Square::new(2, 2),
                groups: vec![(Pieces::new(1, 1, 0), Square::new(2, 3))]
            }
        );
    }

    #[test]
    fn move_text_rejects_malformed_text_with_a_reason() {
        for (bad, why) in [
            ("", "no `:`"),
            ("c3", "no `:`"),
            ("c3:", "no group"),
            ("c3:-c4", "names no piece"),
            ("c3:Q-c4", "not a piece kind"),
            ("c3:F", "no `-` or `x`"),
            ("z3:F-c4", "invalid square"),
            ("c3:F-c99", "invalid square"),
        ] {
            let e = bad.parse::<MoveText>().unwrap_err();
            assert!(e.to_string().contains(why), "{bad}: {e}");
            assert_eq!(e.text(), bad);
        }
        assert!(matches!(
            "c3:FQ-c4".parse::<MoveText>(),
            Err(ParseMoveError::NotAKind { letter: 'Q', .. })
        ));
        assert!(matches!(
            "c3:F-c99".parse::<MoveText>(),
            Err(ParseMoveError::Destination { .. })
        ));
    }

    #[test]
    fn steps_stay_in_the_layout() {
        let a1 = Square::new(0, 0);
        assert_eq!(step(a1.index() as u16, 0), None);
        assert_eq!(step(a1.index() as u16, 1), None);
        assert_eq!(step(a1.index() as u16, 2), Some(Square::new(0, 1)));
        assert_eq!(step(Square::staging(0).index() as u16, 3), Some(a1));
        assert_eq!(direction(a1, Square::new(1, 0)), Some(3));
        assert_eq!(direction(a1, Square::new(1, 1)), None);
    }
}
