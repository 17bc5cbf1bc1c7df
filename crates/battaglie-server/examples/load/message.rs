//! What the players read of a server message: only the fields they act on,
//! borrowed from the text, so that the load tool's own parsing does not eat the
//! core the server needs (a state carries every legal move; reading it into a
//! `serde_json::Value` cost the tool as much CPU as the server spent on the move).

use serde::Deserialize;

/// A message pushed on a seat's socket.
#[derive(Deserialize)]
pub struct Update<'a> {
    /// `state`, `error`, `presence`, `chat`...
    #[serde(rename = "type")]
    pub kind: &'a str,
    /// The moves played.
    #[serde(default)]
    pub ply: u64,
    /// `ongoing` or `over`.
    #[serde(default)]
    pub status: &'a str,
    /// `army` or `indians`.
    #[serde(default)]
    pub to_move: &'a str,
    /// The legal moves by source square.
    #[serde(default, borrow)]
    legal: Vec<MovesFrom<'a>>,
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
    /// Text that is not such a message.
    pub fn read(text: &'a str) -> Result<Update<'a>, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// A state of a game still being played.
    pub fn ongoing(&self) -> bool {
        self.status == "ongoing"
    }

    /// The notation of every legal move.
    pub fn legal_moves(&self) -> Vec<&'a str> {
        self.legal
            .iter()
            .flat_map(|from| from.moves.iter().map(|m| m.notation))
            .collect()
    }
}
