use std::fmt;
use std::str::FromStr;

use crate::notation_buf::SquareBuf;

/// The largest board side, in files or ranks.
pub const MAX_SIDE: u8 = 16;
/// Squares per rank in the internal layout: the staging square then 16 files.
pub(crate) const STRIDE: u16 = MAX_SIDE as u16 + 1;
/// Number of internal square indices (16 ranks of [`STRIDE`]).
pub(crate) const SQUARES: usize = STRIDE as usize * MAX_SIDE as usize;

/// A square: a map square (`c5`) or a staging square west of file `a` (`@3`).
///
/// Ranks and files count from 0 here; notation counts ranks from 1 and letters
/// files from `a`. A square does not know the board's size: positions check
/// that it lies on their map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u16);

impl Square {
    /// The map square on `file` (0 = `a`) and `rank` (0 = rank 1).
    ///
    /// # Panics
    /// When `file` or `rank` is 16 or more.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < MAX_SIDE && rank < MAX_SIDE);
        Square(rank as u16 * STRIDE + file as u16 + 1)
    }

    /// The staging square of `rank` (0 = rank 1).
    ///
    /// # Panics
    /// When `rank` is 16 or more.
    #[inline]
    pub const fn staging(rank: u8) -> Square {
        assert!(rank < MAX_SIDE);
        Square(rank as u16 * STRIDE)
    }

    /// The internal index (dense, below 272).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square with internal index `index`, if it is one.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u16))
        } else {
            None
        }
    }

    /// Whether this is a staging square.
    #[inline]
    pub const fn is_staging(self) -> bool {
        self.0 % STRIDE == 0
    }

    /// The file (0 = `a`), or `None` for a staging square.
    #[inline]
    pub const fn file(self) -> Option<u8> {
        match self.0 % STRIDE {
            0 => None,
            c => Some(c as u8 - 1),
        }
    }

    /// Appends the square's name (`c5`, `@3`) to `out`: what
    /// [`Display`](fmt::Display) writes, without a formatter.
    pub fn push_name(self, out: &mut String) {
        out.push_str(self.name().as_str());
    }

    fn name(self) -> SquareBuf {
        let mut name = SquareBuf::new();
        name.push_square(self);
        name
    }

    /// The rank, from 0 (rank 1, south).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 / STRIDE) as u8
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name().as_str())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error of [`Square::from_str`]: one variant per way a text fails to be a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// Nothing was given.
    #[error("invalid square \"\": empty")]
    Empty,
    /// The text is not a file letter or `@` followed by digits.
    #[error("invalid square {0:?}: expected a file letter or `@` followed by a rank number")]
    Malformed(String),
    /// The rank is not a number from 1 to 16 (written without leading zeros).
    #[error("invalid square {0:?}: the rank must be a number from 1 to 16")]
    Rank(String),
    /// The file is not a letter from `a` to `p` (nor `@`).
    #[error(
        "invalid square {text:?}: the file must be a letter from `a` to `p` or `@`, not {file:?}"
    )]
    File {
        /// The text that was read.
        text: String,
        /// Its first character.
        file: char,
    },
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `c5` (upper-case file letters accepted) or `@3`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let first = chars.next().ok_or(ParseSquareError::Empty)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseSquareError::Malformed(s.to_string()));
        }
        let rank = match digits.parse::<u8>() {
            Ok(rank) if digits.len() <= 2 && !digits.starts_with('0') && rank <= MAX_SIDE => rank,
            _ => return Err(ParseSquareError::Rank(s.to_string())),
        };
        match first {
            '@' => Ok(Square::staging(rank - 1)),
            'a'..='p' => Ok(Square::new(first as u8 - b'a', rank - 1)),
            'A'..='P' => Ok(Square::new(first as u8 - b'A', rank - 1)),
            _ => Err(ParseSquareError::File {
                text: s.to_string(),
                file: first,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_notation_names_file_letter_then_rank_from_one() {
        assert_eq!(Square::new(2, 4).to_string(), "c5");
        assert_eq!(Square::staging(2).to_string(), "@3");
        assert_eq!("C5".parse::<Square>().unwrap(), Square::new(2, 4));
        assert_eq!("@16".parse::<Square>().unwrap(), Square::staging(15));
        for bad in ["", "c", "c0", "c17", "q1", "cc", "c05", "@", "5c", "c-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} should not parse");
        }
    }

    #[test]
    fn a_bad_square_says_which_part_is_wrong() {
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert_eq!(
            "cc".parse::<Square>(),
            Err(ParseSquareError::Malformed("cc".into()))
        );
        for rank in ["c0", "c17", "c05", "c999"] {
            assert_eq!(
                rank.parse::<Square>(),
                Err(ParseSquareError::Rank(rank.into()))
            );
        }
        assert_eq!(
            "q1".parse::<Square>(),
            Err(ParseSquareError::File {
                text: "q1".into(),
                file: 'q'
            })
        );
        assert!(ParseSquareError::Rank("c17".into())
            .to_string()
            .contains("from 1 to 16"));
    }
}
