//! One change of a game, as nodes tell each other on the bus:
//! `NODE GAME REVISION UPDATED_AT MOVE` (`-` for a change that is not one move).

use std::fmt;
use std::str::FromStr;

/// A stored change of a game: the revision it made, and the move when it was one
/// move appended (so that a node one revision behind plays it without a query).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The node that stored it (a node ignores its own changes).
    pub node: String,
    /// The game id.
    pub game: String,
    /// The game's revision after the change.
    pub revision: i64,
    /// The game's `updated_at` after the change (Unix seconds).
    pub updated_at: i64,
    /// The move appended, when the change was exactly one move.
    pub mv: Option<String>,
}

/// A bus message that is not a [`Change`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseChangeError {
    /// Fewer than five fields.
    #[error("bus message: {0:?} has fewer than 5 fields (node game revision updated_at move)")]
    Fields(String),
    /// The revision or time is not a number.
    #[error("bus message: {field} {value:?} is not a number")]
    Number {
        /// Which field.
        field: &'static str,
        /// What it was.
        value: String,
    },
}

impl FromStr for Change {
    type Err = ParseChangeError;

    fn from_str(s: &str) -> Result<Change, ParseChangeError> {
        let mut fields = s.splitn(5, ' ');
        let mut next = || fields.next().filter(|f| !f.is_empty());
        let (Some(node), Some(game), Some(revision), Some(updated_at), Some(mv)) =
            (next(), next(), next(), next(), next())
        else {
            return Err(ParseChangeError::Fields(s.to_string()));
        };
        let number = |field, value: &str| {
            value.parse::<i64>().map_err(|_| ParseChangeError::Number {
                field,
                value: value.to_string(),
            })
        };
        Ok(Change {
            node: node.to_string(),
            game: game.to_string(),
            revision: number("revision", revision)?,
            updated_at: number("updated_at", updated_at)?,
            mv: (mv != "-").then(|| mv.to_string()),
        })
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            self.node,
            self.game,
            self.revision,
            self.updated_at,
            self.mv.as_deref().unwrap_or("-")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_reads_back_what_it_prints() {
        for mv in [None, Some("c3-d4 x e5".to_string())] {
            let change = Change {
                node: "n1".into(),
                game: "00112233aabbccdd".into(),
                revision: 7,
                updated_at: 1_700_000_000,
                mv,
            };
            assert_eq!(change.to_string().parse(), Ok(change));
        }
    }

    #[test]
    fn a_malformed_bus_message_is_refused_saying_why() {
        assert!(matches!(
            "n1 g 7".parse::<Change>(),
            Err(ParseChangeError::Fields(_))
        ));
        assert_eq!(
            "n1 g seven 1 -".parse::<Change>(),
            Err(ParseChangeError::Number {
                field: "revision",
                value: "seven".into()
            })
        );
    }
}
