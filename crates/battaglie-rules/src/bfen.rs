//! BFEN, the one-line position notation of rules.md section 6.

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

/// Error of reading a BFEN: the field and what is wrong where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct ParseBfenError {
    /// The field at fault.
    pub field: BfenField,
    /// What is wrong, naming the rank or square.
    pub reason: String,
}

impl ParseBfenError {
    pub(crate) fn placement(reason: impl Into<String>) -> ParseBfenError {
        ParseBfenError {
            field: BfenField::Placement,
            reason: reason.into(),
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
            return Err(ParseBfenError {
                field: BfenField::Whole,
                reason: format!(
                    "expected 4 fields (placement, side, quiet counter, turn), found {}",
                    fields.len()
                ),
            });
        }
        let side = match fields[1] {
            "A" | "a" => Side::Army,
            "I" | "i" => Side::Indians,
            other => {
                return Err(ParseBfenError {
                    field: BfenField::Side,
                    reason: format!("{other:?} is not `A` or `I`"),
                })
            }
        };
        let number = |field: BfenField, text: &str| -> Result<u32, ParseBfenError> {
            if !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseBfenError {
                    field,
                    reason: format!("{text:?} is not a whole number"),
                });
            }
            match text.parse::<u32>() {
                Ok(n) if n <= MAX_COUNTER => Ok(n),
                _ => Err(ParseBfenError {
                    field,
                    reason: format!("{text} is too large (at most {MAX_COUNTER})"),
                }),
            }
        };
        let quiet = number(BfenField::Quiet, fields[2])?;
        let turn = number(BfenField::Turn, fields[3])?;
        if turn == 0 {
            return Err(ParseBfenError {
                field: BfenField::Turn,
                reason: "turns are numbered from 1".into(),
            });
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
    let err = |reason: String| ParseBfenError::placement(format!("rank {rank}: {reason}"));
    let (staging_text, cells_text) = text.split_once('|').ok_or_else(|| {
        err(format!(
            "{text:?} has no `|` between the staging square and the map"
        ))
    })?;
    let mut staging = Vec::new();
    for c in staging_text.chars() {
        match Kind::from_char(c) {
            Some(k) if c.is_ascii_uppercase() => staging.push(k),
            Some(_) => {
                return Err(err(format!(
                    "Indian piece `{c}` in staging square @{rank}: only the Army stands in staging"
                )))
            }
            None => {
                return Err(err(format!(
                    "`{c}` in staging square @{rank} is not a piece letter (F, M, V)"
                )))
            }
        }
    }
    let staging = stack_of(&staging)
        .ok_or_else(|| err(format!("staging square @{rank} holds more than 15 pieces")))?;
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
                return Err(err(format!(
                    "a run of {} empty squares is not possible (1 to 16)",
                    &cells_text[at..end]
                )));
            }
            cells.extend(std::iter::repeat_n(None, run));
            if cells.len() > 16 {
                return Err(err("more than 16 squares".into()));
            }
        } else if c == '(' {
            let mut letters = Vec::new();
            loop {
                match chars.next() {
                    Some((_, ')')) => break,
                    Some((_, l)) if Kind::from_char(l).is_some() => letters.push(l),
                    Some((_, l)) => {
                        return Err(err(format!("`{l}` inside a stack is not a piece letter")))
                    }
                    None => return Err(err("a `(` is not closed".into())),
                }
            }
            cells.push(Some(stack_from_letters(&letters).map_err(err)?));
        } else if Kind::from_char(c).is_some() {
            cells.push(Some(stack_from_letters(&[c]).map_err(err)?));
        } else {
            return Err(err(format!(
                "`{c}` is not a piece letter, a count or a `(`"
            )));
        }
        if cells.len() > 16 {
            return Err(err("more than 16 squares".into()));
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

fn stack_from_letters(letters: &[char]) -> Result<(Side, Pieces), String> {
    let Some(first) = letters.first() else {
        return Err("`()` is an empty stack".into());
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
        let text: String = letters.iter().collect();
        return Err(format!(
            "stack ({text}) mixes Army (upper case) and Indian (lower case) pieces"
        ));
    }
    let kinds: Vec<Kind> = letters.iter().filter_map(|&c| Kind::from_char(c)).collect();
    let pieces = stack_of(&kinds).ok_or_else(|| "a stack holds more than 15 pieces".to_string())?;
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
        assert_eq!(e.field, BfenField::Placement);
        assert!(e.reason.contains("rank 1"), "{e}");
        assert!(e.reason.contains("staging"), "{e}");
        let e = "|2/|(Ff)1 A 0 1".parse::<Bfen>().unwrap_err();
        assert!(e.reason.contains("mixes"), "{e}");
        let e = "|2 X 0 1".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field, BfenField::Side);
        let e = "|2 A -1 1".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field, BfenField::Quiet);
        let e = "|2 A 0 0".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field, BfenField::Turn);
        let e = "|2 A 0".parse::<Bfen>().unwrap_err();
        assert_eq!(e.field, BfenField::Whole);
        for bad in ["|(f A 0 1", "|() A 0 1", "|0f A 0 1", "|x A 0 1", "2 A 0 1"] {
            assert!(bad.parse::<Bfen>().is_err(), "{bad}");
        }
    }
}
