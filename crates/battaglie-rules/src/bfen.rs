//! BFEN, the one-line position notation of docs/notation.md.

use std::fmt;
use std::str::FromStr;

use crate::kind::Kind;
use crate::pieces::Pieces;
use crate::side::Side;

/// The largest quiet counter or turn number a BFEN may give: games can go on
/// from any position read without the counters overflowing.
pub const MAX_COUNTER: u32 = 999_999_999;

/// A position written in BFEN, read but not yet checked against a scenario.
///
/// [`Position::from_bfen`](crate::Position::from_bfen) checks it against a
/// scenario's map and rules; [`Position::bfen`](crate::Position::bfen) writes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bfen {
    /// The ranks from north (the highest) to south (rank 1).
    pub ranks: Vec<BfenRank>,
    /// The side to move.
    pub side: Side,
    /// Plies since the last elimination.
    pub quiet: u32,
    /// The turn number, from 1, +1 after each Indian move.
    pub turn: u32,
}

/// One rank of a BFEN placement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BfenRank {
    /// The Army pieces in this rank's staging square.
    pub staging: Pieces,
    /// The map squares west to east: `None` when empty.
    pub cells: Vec<Option<(Side, Pieces)>>,
}

impl BfenRank {
    /// The staging stack (as the Army's) and every occupied cell.
    pub fn stacks(&self) -> impl Iterator<Item = (Side, Pieces)> + '_ {
        std::iter::once((Side::Army, self.staging))
            .filter(|(_, p)| !p.is_empty())
            .chain(self.cells.iter().flatten().copied())
    }
}

/// The field of a BFEN that an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BfenField {
    /// The whole string (wrong number of fields).
    Whole,
    /// Field 1: the placement.
    Placement,
    /// Field 2: the side to move.
    Side,
    /// Field 3: the quiet counter.
    Quiet,
    /// Field 4: the turn number.
    Turn,
}

impl fmt::Display for BfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BfenField::Whole => "BFEN",
            BfenField::Placement => "BFEN placement",
            BfenField::Side => "BFEN side to move",
            BfenField::Quiet => "BFEN quiet counter",
            BfenField::Turn => "BFEN turn number",
        })
    }
}

/// Error of reading a BFEN ([`Bfen::from_str`]): what is wrong where. [`ParseBfenError::field`]
/// says which field; placement errors name the rank (numbered as on the map, 1 the southmost).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseBfenError {
    /// Not four fields.
    #[error("BFEN: expected 4 fields (placement, side, quiet counter, turn), found {found}")]
    FieldCount {
        /// How many white-space separated fields there are.
        found: usize,
    },
    /// The side to move is not `A` or `I`.
    #[error("BFEN side to move: {text:?} is not `A` or `I`")]
    Side {
        /// The field as written.
        text: String,
    },
    /// The quiet counter or turn number is not a whole number.
    #[error("{field}: {text:?} is not a whole number")]
    NotANumber {
        /// [`BfenField::Quiet`] or [`BfenField::Turn`].
        field: BfenField,
        /// The field as written.
        text: String,
    },
    /// The quiet counter or turn number exceeds [`MAX_COUNTER`].
    #[error("{field}: {text} is too large (at most {MAX_COUNTER})")]
    TooLarge {
        /// [`BfenField::Quiet`] or [`BfenField::Turn`].
        field: BfenField,
        /// The field as written.
        text: String,
    },
    /// Turn number 0.
    #[error("BFEN turn number: turns are numbered from 1")]
    TurnZero,
    /// A rank without the `|` between its staging square and the map.
    #[error(
        "BFEN placement: rank {rank}: {text:?} has no `|` between the staging square and the map"
    )]
    NoBar {
        /// The rank.
        rank: usize,
        /// The rank as written.
        text: String,
    },
    /// An Indian (lower-case) piece in a staging square.
    #[error("BFEN placement: rank {rank}: Indian piece `{letter}` in staging square @{rank}: only the Army stands in staging")]
    IndianInStaging {
        /// The rank.
        rank: usize,
        /// The letter.
        letter: char,
    },
    /// A character in a staging square that is not a piece letter.
    #[error("BFEN placement: rank {rank}: `{letter}` in staging square @{rank} is not a piece letter (F, M, V)")]
    StagingLetter {
        /// The rank.
        rank: usize,
        /// The character.
        letter: char,
    },
    /// A character inside `(...)` that is not a piece letter.
    #[error("BFEN placement: rank {rank}: `{letter}` inside a stack is not a piece letter")]
    StackLetter {
        /// The rank.
        rank: usize,
        /// The character.
        letter: char,
    },
    /// A character in the map part that is not a piece letter, a count or `(`.
    #[error("BFEN placement: rank {rank}: `{letter}` is not a piece letter, a count or a `(`")]
    Unexpected {
        /// The rank.
        rank: usize,
        /// The character.
        letter: char,
    },
    /// A run of empty squares of 0 or more than 16.
    #[error("BFEN placement: rank {rank}: a run of {run} empty squares is not possible (1 to 16)")]
    EmptyRun {
        /// The rank.
        rank: usize,
        /// The count as written.
        run: String,
    },
    /// More than 16 squares in a rank.
    #[error("BFEN placement: rank {rank}: more than 16 squares")]
    TooManySquares {
        /// The rank.
        rank: usize,
    },
    /// A `(` without its `)`.
    #[error("BFEN placement: rank {rank}: a `(` is not closed")]
    Unclosed {
        /// The rank.
        rank: usize,
    },
    /// `()`.
    #[error("BFEN placement: rank {rank}: `()` is an empty stack")]
    EmptyStack {
        /// The rank.
        rank: usize,
    },
    /// A stack mixing upper-case (Army) and lower-case (Indian) letters.
    #[error("BFEN placement: rank {rank}: stack ({letters}) mixes Army (upper case) and Indian (lower case) pieces")]
    MixedStack {
        /// The rank.
        rank: usize,
        /// The stack's letters as written.
        letters: String,
    },
    /// A stack (or staging square) of more than 15 pieces.
    #[error("BFEN placement: rank {rank}: {} holds more than 15 pieces", if *staging { format!("staging square @{rank}") } else { "a stack".to_string() })]
    StackTooBig {
        /// The rank.
        rank: usize,
        /// Whether it is the staging square.
        staging: bool,
    },
}

impl ParseBfenError {
    /// The field the error is about.
    pub fn field(&self) -> BfenField {
        match self {
            ParseBfenError::FieldCount { .. } => BfenField::Whole,
            ParseBfenError::Side { .. } => BfenField::Side,
            ParseBfenError::NotANumber { field, .. } | ParseBfenError::TooLarge { field, .. } => {
                *field
            }
            ParseBfenError::TurnZero => BfenField::Turn,
            _ => BfenField::Placement,
        }
    }
}

impl FromStr for Bfen {
    type Err = ParseBfenError;

    /// Reads the four fields, separated by white space.
    ///
    /// Lenient where the meaning is unambiguous: letters inside a stack in any
    /// order, a single piece in parentheses, `a`/`i` for the side.
    fn from_str(s: &str) -> Result<Bfen, ParseBfenError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(ParseBfenError::FieldCount {
                found: fields.len(),
            });
        }
        let side = match fields[1] {
            "A" | "a" => Side::Army,
            "I" | "i" => Side::Indians,
            other => return Err(ParseBfenError::Side { text: other.into() }),
        };
        let number = |field: BfenField, text: &str| -> Result<u32, ParseBfenError> {
            if !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseBfenError::NotANumber {
                    field,
                    text: text.into(),
                });
            }
            match text.parse::<u32>() {
                Ok(n) if n <= MAX_COUNTER => Ok(n),
                _ => Err(ParseBfenError::TooLarge {
                    field,
                    text: text.into(),
                }),
            }
        };
        let quiet = number(BfenField::Quiet, fields[2])?;
        let turn = number(BfenField::Turn, fields[3])?;
        if turn == 0 {
            return Err(ParseBfenError::TurnZero);
        }
        let rank_texts: Vec<&str> = fields[0].split('/').collect();
        let count = rank_texts.len();
        let ranks = rank_texts
            .iter()
            .enumerate()
            .map(|(i, text)| parse_rank(text, count - i))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Bfen {
            ranks,
            side,
            quiet,
            turn,
        })
    }
}

fn parse_rank(text: &str, rank: usize) -> Result<BfenRank, ParseBfenError> {
    let (staging_text, cells_text) = text.split_once('|').ok_or_else(|| ParseBfenError::NoBar {
        rank,
        text: text.into(),
    })?;
    let mut staging = Vec::new();
    for letter in staging_text.chars() {
        match Kind::from_char(letter) {
            Some(k) if letter.is_ascii_uppercase() => staging.push(k),
            Some(_) => return Err(ParseBfenError::IndianInStaging { rank, letter }),
            None => return Err(ParseBfenError::StagingLetter { rank, letter }),
        }
    }
    let staging = stack_of(&staging).ok_or(ParseBfenError::StackTooBig {
        rank,
        staging: true,
    })?;
    let mut cells = Vec::new();
    let mut chars = cells_text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c.is_ascii_digit() {
            let mut end = at + 1;
            while let Some(&(i, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = i + 1;
                chars.next();
            }
            let run: usize = cells_text[at..end].parse().unwrap_or(usize::MAX);
            if run == 0 || run > 16 {
                return Err(ParseBfenError::EmptyRun {
                    rank,
                    run: cells_text[at..end].into(),
                });
            }
            cells.extend(std::iter::repeat_n(None, run));
            if cells.len() > 16 {
                return Err(ParseBfenError::TooManySquares { rank });
            }
        } else if c == '(' {
            let mut letters = Vec::new();
            loop {
                match chars.next() {
                    Some((_, ')')) => break,
                    Some((_, l)) if Kind::from_char(l).is_some() => letters.push(l),
                    Some((_, letter)) => return Err(ParseBfenError::StackLetter { rank, letter }),
                    None => return Err(ParseBfenError::Unclosed { rank }),
                }
            }
            cells.push(Some(stack_from_letters(&letters, rank)?));
        } else if Kind::from_char(c).is_some() {
            cells.push(Some(stack_from_letters(&[c], rank)?));
        } else {
            return Err(ParseBfenError::Unexpected { rank, letter: c });
        }
        if cells.len() > 16 {
            return Err(ParseBfenError::TooManySquares { rank });
        }
    }
    Ok(BfenRank { staging, cells })
}

fn stack_of(kinds: &[Kind]) -> Option<Pieces> {
    let mut counts = [0u8; 3];
    for k in kinds {
        counts[k.index()] += 1;
        if counts[k.index()] > Pieces::MAX_COUNT {
            return None;
        }
    }
    if counts.iter().map(|&c| c as u32).sum::<u32>() > Pieces::MAX_COUNT as u32 {
        return None;
    }
    Some(Pieces::new(counts[0], counts[1], counts[2]))
}

fn stack_from_letters(letters: &[char], rank: usize) -> Result<(Side, Pieces), ParseBfenError> {
    let Some(first) = letters.first() else {
        return Err(ParseBfenError::EmptyStack { rank });
    };
    let side = if first.is_ascii_uppercase() {
        Side::Army
    } else {
        Side::Indians
    };
    if letters
        .iter()
        .any(|c| c.is_ascii_uppercase() != (side == Side::Army))
    {
        return Err(ParseBfenError::MixedStack {
            rank,
            letters: letters.iter().collect(),
        });
    }
    let kinds: Vec<Kind> = letters.iter().filter_map(|&c| Kind::from_char(c)).collect();
    let pieces = stack_of(&kinds).ok_or(ParseBfenError::StackTooBig {
        rank,
        staging: false,
    })?;
    Ok((side, pieces))
}

impl fmt::Display for Bfen {
    /// The canonical form: letters F, M, V within a stack, runs of empty squares counted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            rank.staging.write_letters(f, true)?;
            f.write_str("|")?;
            let mut empty = 0;
            for cell in &rank.cells {
                match cell {
                    None => empty += 1,
                    Some((side, pieces)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let upper = *side == Side::Army;
                        if pieces.total() == 1 {
                            pieces.write_letters(f, upper)?;
                        } else {
                            f.write_str("(")?;
                            pieces.write_letters(f, upper)?;
                            f.write_str(")")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(f, " {} {} {}", self.side.char(), self.quiet, self.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bfen_example_from_rules_reads_and_prints_back() {
        let text = "MMMM|12/FF|3(FFM)7f/|11(ffm) I 4 3";
        let b: Bfen = text.parse().unwrap();
        assert_eq!(b.ranks.len(), 3);
        assert_eq!(b.ranks[0].staging, Pieces::new(0, 4, 0));
        assert_eq!(b.ranks[1].cells.len(), 12);
        assert_eq!(b.side, Side::Indians);
        assert_eq!((b.quiet, b.turn), (4, 3));
        assert_eq!(b.to_string(), text);
    }

    #[test]
    fn bfen_letters_inside_a_stack_are_written_in_f_m_v_order() {
        let b: Bfen = "VMF|(mf)(F)1 A 0 1".parse().unwrap();
        assert_eq!(b.to_string(), "FMV|(fm)F1 A 0 1");
    }

    #[test]
    fn bfen_errors_name_the_field_and_the_rank() {
        let e = "|2/f|2 A 0 1".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field(), BfenField::Placement);
        assert_eq!(
            e,
            ParseBfenError::IndianInStaging {
                rank: 1,
                letter: 'f'
            }
        );
        assert!(e.to_string().contains("rank 1"), "{e}");
        assert!(e.to_string().contains("staging"), "{e}");
        let e = "|2/|(Ff)1 A 0 1".parse::<Bfen>().unwrap_err();
        assert!(
            matches!(e, ParseBfenError::MixedStack { rank: 1, .. }),
            "{e}"
        );
        assert!(e.to_string().contains("mixes"), "{e}");
        let e = "|2 X 0 1".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field(), BfenField::Side);
        let e = "|2 A -1 1".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field(), BfenField::Quiet);
        let e = "|2 A 0 0".parse::<Bfen>().unwrap_err();
        assert_eq!(e, ParseBfenError::TurnZero);
        assert_eq!(e.field(), BfenField::Turn);
        let e = "|2 A 0".parse::<Bfen>().unwrap_err();
        assert_eq!(e, ParseBfenError::FieldCount { found: 3 });
        assert_eq!(e.field(), BfenField::Whole);
        for bad in ["|(f A 0 1", "|() A 0 1", "|0f A 0 1", "|x A 0 1", "2 A 0 1"] {
            assert!(bad.parse::<Bfen>().is_err(), "{bad}");
        }
    }
}
