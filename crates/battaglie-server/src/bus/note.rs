//! What a node tells the others of a game besides its changes: a chat message
//! stored (`NODE GAME chat ID`), its rematch offer changed (`NODE GAME
//! rematch`) or a socket opened or closed (`NODE GAME presence`). The content stays in the database: a node that holds the game's
//! sockets reads it and pushes it (so that the bus never carries what a chat
//! room's readers alone may see).

use std::fmt;
use std::str::FromStr;

/// A note about a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The node that stored it (a node ignores its own notes).
    pub node: String,
    /// The game id.
    pub game: String,
    /// What changed.
    pub what: Noted,
}

/// What a [`Note`] tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noted {
    /// The chat message with this id was stored.
    Chat(i64),
    /// The rematch offer changed.
    Rematch,
    /// A socket opened or closed (presence, spectators).
    Presence,
}

/// A bus message that is not a [`Note`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseNoteError {
    /// Not `node game chat ID`, `node game rematch` nor `node game presence`.
    #[error(
        "bus note: {0:?} is none of `node game chat ID`, `node game rematch`, `node game presence`"
    )]
    Form(String),
    /// The message id is not a number.
    #[error("bus note: message id {0:?} is not a number")]
    Id(String),
}

impl FromStr for Note {
    type Err = ParseNoteError;

    fn from_str(s: &str) -> Result<Note, ParseNoteError> {
        let fields: Vec<&str> = s.split(' ').collect();
        let form = || ParseNoteError::Form(s.to_string());
        let (node, game, what) = match fields[..] {
            [node, game, "chat", id] => (
                node,
                game,
                Noted::Chat(id.parse().map_err(|_| ParseNoteError::Id(id.to_string()))?),
            ),
            [node, game, "rematch"] => (node, game, Noted::Rematch),
            [node, game, "presence"] => (node, game, Noted::Presence),
            _ => return Err(form()),
        };
        if node.is_empty() || game.is_empty() {
            return Err(form());
        }
        Ok(Note {
            node: node.to_string(),
            game: game.to_string(),
            what,
        })
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.what {
            Noted::Chat(id) => write!(f, "{} {} chat {id}", self.node, self.game),
            Noted::Rematch => write!(f, "{} {} rematch", self.node, self.game),
            Noted::Presence => write!(f, "{} {} presence", self.node, self.game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_back_what_it_prints() {
        for what in [Noted::Chat(42), Noted::Rematch, Noted::Presence] {
            let note = Note {
                node: "n1".into(),
                game: "00112233aabbccdd".into(),
                what,
            };
            assert_eq!(note.to_string().parse(), Ok(note));
        }
    }

    #[test]
    fn a_malformed_note_is_refused_saying_why() {
        assert!(matches!(
            "n1 g chat".parse::<Note>(),
            Err(ParseNoteError::Form(_))
        ));
        assert_eq!(
            "n1 g chat x".parse::<Note>(),
            Err(ParseNoteError::Id("x".into()))
        );
    }
}
