//! A chat message some node stored, as nodes tell each other on the bus:
//! `NODE GAME MESSAGE_ID`. The text stays in the database: a node that holds the
//! game's sockets reads the row and pushes it (so that the bus never carries what
//! a room's readers alone may see).

use std::fmt;
use std::str::FromStr;

/// A stored chat message of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatNote {
    /// The node that stored it (a node ignores its own notes).
    pub node: String,
    /// The game id.
    pub game: String,
    /// The message's id in the store.
    pub id: i64,
}

/// A bus message that is not a [`ChatNote`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseChatNoteError {
    /// Not three fields.
    #[error("bus chat note: {0:?} is not 3 fields (node game message_id)")]
    Fields(String),
    /// The message id is not a number.
    #[error("bus chat note: message id {0:?} is not a number")]
    Id(String),
}

impl FromStr for ChatNote {
    type Err = ParseChatNoteError;

    fn from_str(s: &str) -> Result<ChatNote, ParseChatNoteError> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [node, game, id] = fields[..] else {
            return Err(ParseChatNoteError::Fields(s.to_string()));
        };
        if node.is_empty() || game.is_empty() {
            return Err(ParseChatNoteError::Fields(s.to_string()));
        }
        Ok(ChatNote {
            node: node.to_string(),
            game: game.to_string(),
            id: id
                .parse()
                .map_err(|_| ParseChatNoteError::Id(id.to_string()))?,
        })
    }
}

impl fmt::Display for ChatNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.node, self.game, self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_note_reads_back_what_it_prints() {
        let note = ChatNote {
            node: "n1".into(),
            game: "00112233aabbccdd".into(),
            id: 42,
        };
        assert_eq!(note.to_string().parse(), Ok(note));
    }

    #[test]
    fn a_malformed_chat_note_is_refused_saying_why() {
        assert!(matches!(
            "n1 g".parse::<ChatNote>(),
            Err(ParseChatNoteError::Fields(_))
        ));
        assert_eq!(
            "n1 g x".parse::<ChatNote>(),
            Err(ParseChatNoteError::Id("x".into()))
        );
    }
}
