//! What the players read of a server message: only the fields they act on, so
//! that the load tool's own parsing does not eat the cores the server needs.
//!
//! A state carries every legal move, often more than half its length, and the
//! server writes them after the small fields (see `game/snapshot.rs`). The tool
//! reads the fields before them as one object, and the moves only when the seat
//! is to move: reading every state whole (first into a `serde_json::Value`, then
//! skipping the moves) cost the tool as much CPU as the server spent on a move.

use std::borrow::Cow;

use serde::Deserialize;

/// Where a state's legal moves start (the key is not used in any nested object).
const LEGAL: &str = ",\"legal\":";

/// A message pushed on a seat's socket.
pub struct Update<'a> {
    /// `state`, `error`, `presence`, `chat`...
    pub kind: String,
    /// The moves played.
    pub ply: u64,
    /// `ongoing` or `over`.
    pub status: String,
    /// `army` or `indians`.
    pub to_move: String,
    /// The text from the legal moves on, read only by [`Update::legal_moves`].
    legal: Option<&'a str>,
}

/// The fields of a message before its legal moves.
#[derive(Deserialize)]
struct Head {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: u64,
    #[serde(default)]
    status: String,
    #[serde(default)]
    to_move: String,
}

#[derive(Deserialize)]
struct MovesFrom<'a> {
    #[serde(borrow)]
    moves: Vec<LegalMove<'a>>,
}

#[derive(Deserialize)]
struct LegalMove<'a> {
    notation: &'a str,
}

impl<'a> Update<'a> {
    /// The message in `text`.
    ///
    /// # Errors
    /// Text that is not such a message, or a state whose status does not come
    /// before its legal moves.
    pub fn read(text: &'a str) -> Result<Update<'a>, String> {
        let (head, legal) = match text.find(LEGAL) {
            Some(at) => (
                Cow::Owned(format!("{}}}", &text[..at])),
                Some(&text[at + LEGAL.len()..]),
            ),
            None => (Cow::Borrowed(text), None),
        };
        let head: Head = serde_json::from_str(&head).map_err(|e| e.to_string())?;
        if head.kind == "state" && head.status.is_empty() {
            return Err("a state without its status before its legal moves".into());
        }
        Ok(Update {
            kind: head.kind,
            ply: head.ply,
            status: head.status,
            to_move: head.to_move,
            legal,
        })
    }

    /// A state of a game still being played.
    pub fn ongoing(&self) -> bool {
        self.status == "ongoing"
    }

    /// The notation of every legal move.
    ///
    /// # Errors
    /// A `legal` field that is not the list of moves by source.
    pub fn legal_moves(&self) -> Result<Vec<&'a str>, serde_json::Error> {
        let Some(legal) = self.legal else {
            return Ok(Vec::new());
        };
        // Reads the list and stops: the fields after it are not wanted.
        let mut list = serde_json::Deserializer::from_str(legal);
        let sources = Vec::<MovesFrom<'a>>::deserialize(&mut list)?;
        Ok(sources
            .iter()
            .flat_map(|from| from.moves.iter().map(|m| m.notation))
            .collect())
    }
}
