//! One change of a game, as nodes tell each other on the bus: `NODE GAME REVISION`.
//!
//! A notice only: the node that hears it reads the game back from the store, so
//! that whoever can publish on the bus can make a node read, never make it show
//! or answer a move that was not stored.

use std::fmt;
use std::str::FromStr;

/// A stored change of a game: the revision it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The node that stored it (a node ignores its own changes).
    pub node: String,
    /// The game id.
    pub game: String,
    /// The game's revision after the change.
    pub revision: i64,
}

/// A bus message that is not a [`Change`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseChangeError {
    /// Fewer than three fields.
    #[error("bus message: {0:?} has fewer than 3 fields (node game revision)")]
    Fields(String),
    /// The revision is not a number.
    #[error("bus message: revision {0:?} is not a number")]
    Revision(String),
}

impl FromStr for Change {
    type Err = ParseChangeError;

    /// Reads `NODE GAME REVISION`; the fields an older node adds after it (the
    /// time and the move) are ignored.
    fn from_str(s: &str) -> Result<Change, ParseChangeError> {
        let mut fields = s.split(' ');
        let mut next = || fields.next().filter(|f| !f.is_empty());
        let (Some(node), Some(game), Some(revision)) = (next(), next(), next()) else {
            return Err(ParseChangeError::Fields(s.to_string()));
        };
        Ok(Change {
            node: node.to_string(),
            game: game.to_string(),
            revision: revision
                .parse()
                .map_err(|_| ParseChangeError::Revision(revision.to_string()))?,
        })
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.node, self.game, self.revision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_reads_back_what_it_prints() {
        let change = Change {
            node: "n1".into(),
            game: "00112233aabbccdd".into(),
            revision: 7,
        };
        assert_eq!(change.to_string().parse(), Ok(change));
    }

    #[test]
    fn a_change_carries_no_move_even_when_one_is_sent() {
        let change: Change = "n1 g 7 1700000000 l8:FMM-k8".parse().unwrap();
        assert_eq!(
            change,
            Change {
                node: "n1".into(),
                game: "g".into(),
                revision: 7
            }
        );
    }

    #[test]
    fn a_malformed_bus_message_is_refused_saying_why() {
        assert!(matches!(
            "n1 g".parse::<Change>(),
            Err(ParseChangeError::Fields(_))
        ));
        assert_eq!(
            "n1 g seven".parse::<Change>(),
            Err(ParseChangeError::Revision("seven".into()))
        );
    }
}
