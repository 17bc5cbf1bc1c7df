use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// One of the two sides of a battle; serialised as its [`word`](Side::word).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The U.S. Army: moves first, starts in staging, upper-case letters.
    Army = 0,
    /// The Indians: move second, start on the east border, lower-case letters.
    Indians = 1,
}

impl Side {
    /// Both sides, Army first.
    pub const ALL: [Side; 2] = [Side::Army, Side::Indians];

    /// Index usable in arrays: Army 0, Indians 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The BFEN letter: `A` or `I`.
    pub const fn char(self) -> char {
        match self {
            Side::Army => 'A',
            Side::Indians => 'I',
        }
    }

    /// The side's name in a sentence for a player: `Army`, `Indians` (the
    /// battle's own names for them are in its scenario).
    pub const fn title(self) -> &'static str {
        match self {
            Side::Army => "Army",
            Side::Indians => "Indians",
        }
    }

    /// The lower-case word used by the protocol (`win army`) and records.
    pub const fn word(self) -> &'static str {
        match self {
            Side::Army => "army",
            Side::Indians => "indians",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::Army => Side::Indians,
            Side::Indians => Side::Army,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Error of [`Side::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown side {0:?}: expected `army` or `indians` (or `A`/`I`)")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;

    /// Accepts `A`, `I`, `army`, `indians` in any case.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.to_ascii_lowercase().as_str() {
            "a" | "army" => Ok(Side::Army),
            "i" | "indians" | "indian" => Ok(Side::Indians),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}
