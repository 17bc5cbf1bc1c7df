//! A fixed buffer that squares and moves are written into before one
//! `write_str`: a server lists every legal move of every state it sends, and
//! going through the formatting machinery a character at a time was most of
//! that work.

use crate::pieces::Pieces;
use crate::square::Square;

/// The longest square name: `@` or a file letter, then a rank of at most two digits.
const SQUARE_LEN: usize = 3;

/// The longest move notation: a source, `:`, and a group in each of the four
/// directions (its letters, `-` or `x`, a destination), separated by commas.
pub(crate) const MOVE_LEN: usize =
    SQUARE_LEN + 1 + 4 * (3 * Pieces::MAX_COUNT as usize + 1 + SQUARE_LEN) + 3;

/// ASCII text of at most `N` bytes, built on the stack.
pub(crate) struct NotationBuf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> NotationBuf<N> {
    pub(crate) const fn new() -> Self {
        NotationBuf {
            bytes: [0; N],
            len: 0,
        }
    }

    /// Appends one ASCII byte; the callers size `N` so that it always fits.
    #[inline]
    pub(crate) fn push(&mut self, byte: u8) {
        debug_assert!(byte.is_ascii());
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// Appends the square's name (`c5`, `@3`).
    #[inline]
    pub(crate) fn push_square(&mut self, sq: Square) {
        self.push(sq.file().map_or(b'@', |f| b'a' + f));
        let rank = sq.rank() + 1;
        if rank >= 10 {
            self.push(b'0' + rank / 10);
        }
        self.push(b'0' + rank % 10);
    }

    /// Appends the pieces' upper-case letters in notation order (`FFM`).
    #[inline]
    pub(crate) fn push_pieces(&mut self, pieces: Pieces) {
        for kind in pieces.iter() {
            self.push(kind.char() as u8);
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only ASCII bytes are pushed, so this never fails.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// A square name fits [`SQUARE_LEN`] bytes.
pub(crate) type SquareBuf = NotationBuf<SQUARE_LEN>;
