//! Player names: what a name may be, and the key that makes names unique
//! regardless of case.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shortest name, in characters.
pub const MIN_NAME: usize = 3;
/// Longest name, in characters.
pub const MAX_NAME: usize = 20;

/// Names nobody may register (compared by [`PlayerName::key`]), because the
/// site or its computer players use them or they would mislead.
const RESERVED: [&str; 22] = [
    "admin",
    "administrator",
    "anonymous",
    "api",
    "army",
    "battaglie",
    "bot",
    "computer",
    "everyone",
    "guest",
    "help",
    "indians",
    "lobby",
    "me",
    "moderator",
    "nobody",
    "null",
    "official",
    "root",
    "staff",
    "support",
    "system",
];

/// Prefixes nobody may register: guests are shown as `guest-…` and the
/// computer's levels as `level-…`/`computer-…`.
const RESERVED_PREFIXES: [&str; 3] = ["guest", "level", "computer"];

/// A valid player name: 3 to 20 ASCII letters, digits, `_` and `-`, starting
/// with a letter, with no two `_`/`-` in a row and none at the end. Kept as
/// typed (`Red_Cloud`); unique by its lower-case [`key`](PlayerName::key).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerName(String);

/// Error of [`PlayerName::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Fewer than [`MIN_NAME`] characters.
    #[error("a name needs at least {MIN_NAME} characters, {0:?} has {len}", len = .0.chars().count())]
    TooShort(String),
    /// More than [`MAX_NAME`] characters.
    #[error("a name has at most {MAX_NAME} characters, {0:?} has {len}", len = .0.chars().count())]
    TooLong(String),
    /// A character other than a letter, a digit, `_` or `-`.
    #[error("a name may hold only letters a-z, digits, `_` and `-`: {ch:?} at character {at}")]
    Character {
        /// The character.
        ch: char,
        /// Its position, from 1.
        at: usize,
    },
    /// The first character is not a letter.
    #[error("a name starts with a letter, not {0:?}")]
    Start(char),
    /// Two separators in a row, or one at the end.
    #[error("`_` and `-` go between letters or digits (character {at})")]
    Separator {
        /// The position of the misplaced separator, from 1.
        at: usize,
    },
    /// A reserved name.
    #[error("the name {0:?} is reserved")]
    Reserved(String),
}

fn is_separator(c: char) -> bool {
    c == '_' || c == '-'
}

impl PlayerName {
    /// The name as typed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The uniqueness key: the name in lower case. Two names with the same key
    /// are the same name (`Red_Cloud` and `red_cloud`).
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// The key a login form's text would have, valid name or not: throttles
    /// are kept per key, so an unknown name is throttled like a known one.
    pub fn key_of(text: &str) -> String {
        text.trim().to_ascii_lowercase()
    }
}

impl FromStr for PlayerName {
    type Err = NameError;

    /// Checks a name; spaces around it are dropped.
    fn from_str(s: &str) -> Result<PlayerName, NameError> {
        let name = s.trim();
        let len = name.chars().count();
        if len < MIN_NAME {
            return Err(NameError::TooShort(name.to_string()));
        }
        if len > MAX_NAME {
            return Err(NameError::TooLong(name.to_string()));
        }
        let mut previous = None;
        for (i, ch) in name.chars().enumerate() {
            if !(ch.is_ascii_alphanumeric() || is_separator(ch)) {
                return Err(NameError::Character { ch, at: i + 1 });
            }
            if i == 0 && !ch.is_ascii_alphabetic() {
                return Err(NameError::Start(ch));
            }
            if is_separator(ch) && (previous.is_some_and(is_separator) || i + 1 == len) {
                return Err(NameError::Separator { at: i + 1 });
            }
            previous = Some(ch);
        }
        let key = name.to_ascii_lowercase();
        let bare: String = key.chars().filter(|&c| !is_separator(c)).collect();
        if RESERVED.contains(&key.as_str())
            || RESERVED.contains(&bare.as_str())
            || RESERVED_PREFIXES.iter().any(|p| bare.starts_with(p))
        {
            return Err(NameError::Reserved(name.to_string()));
        }
        Ok(PlayerName(name.to_string()))
    }
}

impl TryFrom<String> for PlayerName {
    type Error = NameError;
    fn try_from(s: String) -> Result<PlayerName, NameError> {
        s.parse()
    }
}

impl From<PlayerName> for String {
    fn from(n: PlayerName) -> String {
        n.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn names_are_unique_regardless_of_case() {
        let a: PlayerName = "Red_Cloud".parse().unwrap();
        let b: PlayerName = " red_cloud ".parse().unwrap();
        assert_eq!(a.as_str(), "Red_Cloud");
        assert_eq!(a.key(), b.key());
        assert_eq!(PlayerName::key_of("  RED_cloud"), a.key());
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        assert_eq!(
            "ab".parse::<PlayerName>(),
            Err(NameError::TooShort("ab".into()))
        );
        assert!(matches!(
            "a".repeat(21).parse::<PlayerName>(),
            Err(NameError::TooLong(_))
        ));
        assert_eq!(
            "Crazy Horse".parse::<PlayerName>(),
            Err(NameError::Character { ch: ' ', at: 6 })
        );
        assert_eq!(
            "Custér".parse::<PlayerName>(),
            Err(NameError::Character { ch: 'é', at: 5 })
        );
        assert_eq!("7th_cav".parse::<PlayerName>(), Err(NameError::Start('7')));
        assert_eq!(
            "red__cloud".parse::<PlayerName>(),
            Err(NameError::Separator { at: 5 })
        );
        assert_eq!(
            "red-".parse::<PlayerName>(),
            Err(NameError::Separator { at: 4 })
        );
        assert_eq!(
            "Separator".parse::<PlayerName>().unwrap().to_string(),
            "Separator"
        );
    }

    #[test]
    fn reserved_names_and_prefixes_are_refused_in_any_case() {
        for n in [
            "Admin",
            "ROOT",
            "sys-tem",
            "Guest",
            "guest-42",
            "level8",
            "Computer_3",
            "army",
        ] {
            assert!(
                matches!(n.parse::<PlayerName>(), Err(NameError::Reserved(_))),
                "{n}"
            );
        }
        assert!("Guestimate".parse::<PlayerName>().is_err());
        assert!("Levi".parse::<PlayerName>().is_ok());
    }

    #[test]
    fn stored_names_are_checked_when_read() {
        assert!(serde_json::from_str::<PlayerName>("\"x y\"").is_err());
        let n: PlayerName = serde_json::from_str("\"Sitting_Bull\"").unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), "\"Sitting_Bull\"");
    }

    proptest! {
        #[test]
        fn valid_names_round_trip_and_invalid_ones_never_panic(s in "\\PC{0,30}") {
            if let Ok(n) = s.parse::<PlayerName>() {
                prop_assert_eq!(n.to_string().parse::<PlayerName>(), Ok(n.clone()));
                prop_assert!((MIN_NAME..=MAX_NAME).contains(&n.as_str().len()));
            }
        }
    }
}
