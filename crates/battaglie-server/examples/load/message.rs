//! What the players read of a server message: only the fields they act on, so
//! that the load tool's own parsing does not eat the cores the server needs.
//!
//! A state carries every legal move, often more than half its length, and the
//! server writes them after the small fields (see `game/snapshot.rs`). The tool
//! reads the fields before them as one object, and the moves only when the seat
//! is to move: reading every state whole (first into a `serde_json::Value`, then
//! skipping the moves) cost the tool as much CPU as the server spent on a move.

use std::borrow::Cow;
use std::sync::LazyLock;

use memchr::memmem::Finder;
use serde::Deserialize;

/// Where a state's legal moves start (the key is not used in any nested object).
const LEGAL: &str = ",\"legal\":";

/// The searchers of [`LEGAL`] and [`NOTATION`], built once: building one for
/// every search (as `str::find` does) was a tenth of the tool's time.
static FIND_LEGAL: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(LEGAL));
static FIND_NOTATION: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(NOTATION));

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

/// What comes before each move's notation in the legal moves (the moves' only
/// string field that holds a notation; see `docs/api.md`).
const NOTATION: &str = "{\"notation\":\"";

impl<'a> Update<'a> {
    /// The message in `text`.
    ///
    /// # Errors
    /// Text that is not such a message, or a state whose status does not come
    /// before its legal moves.
    pub fn read(text: &'a str) -> Result<Update<'a>, String> {
        let (head, legal) = match FIND_LEGAL.find(text.as_bytes()) {
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
    /// The moves are found by their key rather than parsed: a notation holds no
    /// quote or escape, and parsing the whole list with serde was a third of the
    /// tool's time, on the cores the server needs.
    ///
    /// # Errors
    /// A notation without its closing quote.
    pub fn legal_moves(&self) -> Result<Vec<&'a str>, String> {
        let Some(legal) = self.legal else {
            return Ok(Vec::new());
        };
        // The moves end with the list; the clock after it holds no notation.
        let mut moves = Vec::new();
        let mut rest = legal;
        while let Some(at) = FIND_NOTATION.find(rest.as_bytes()) {
            rest = &rest[at + NOTATION.len()..];
            let end = memchr::memchr(b'"', rest.as_bytes())
                .ok_or_else(|| format!("a notation without its end: {rest:.40}"))?;
            moves.push(&rest[..end]);
            rest = &rest[end..];
        }
        Ok(moves)
    }
}
