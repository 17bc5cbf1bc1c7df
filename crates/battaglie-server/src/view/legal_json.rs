//! The legal moves of a state written straight as JSON, byte for byte what
//! serde writes for [`legal`](super::legal): every change of every game lists
//! them, and serde's generic path (a key escaped for every field, a value
//! formatted for every count) was a fifth of a loaded server's time.

use battaglie_rules::{Kind, Move, Square};

/// Appends `moves` grouped by source, as the JSON array of [`super::MovesFrom`]:
/// the sources in the order they first appear, each one's moves in their order.
pub fn write_legal(moves: &[Move], out: &mut String) {
    let mut sources: Vec<Option<Square>> = Vec::new();
    // Each move's source, as its place in `sources`. The moves come by source,
    // so the last source is nearly always the one.
    let mut source_of: Vec<usize> = Vec::with_capacity(moves.len());
    for mv in moves {
        let at = match sources.iter().rposition(|&s| s == mv.from()) {
            Some(at) => at,
            None => {
                sources.push(mv.from());
                sources.len() - 1
            }
        };
        source_of.push(at);
    }
    // The moves' places, by source (stable: each source's moves keep their order).
    let mut by_source: Vec<usize> = (0..moves.len()).collect();
    by_source.sort_by_key(|&i| source_of[i]);
    out.push('[');
    let runs = by_source.chunk_by(|&a, &b| source_of[a] == source_of[b]);
    for (i, (run, &from)) in runs.zip(&sources).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let here = || run.iter().map(|&m| &moves[m]);
        out.push_str("{\"from\":");
        match from {
            Some(sq) => quoted(out, sq),
            None => out.push_str("null"),
        }
        out.push_str(",\"captures\":[");
        let mut captures: Vec<Square> = Vec::new();
        for g in here().flat_map(Move::groups).filter(|g| g.capture) {
            if !captures.contains(&g.to) {
                if !captures.is_empty() {
                    out.push(',');
                }
                captures.push(g.to);
                quoted(out, g.to);
            }
        }
        out.push_str("],\"moves\":[");
        for (j, mv) in here().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push_str("{\"notation\":");
            quoted(out, mv);
            out.push_str(",\"groups\":[");
            for (k, g) in mv.groups().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str("{\"to\":");
                quoted(out, g.to);
                for kind in Kind::ALL {
                    out.push_str(",\"");
                    out.push(kind.char());
                    out.push_str("\":");
                    number(out, g.pieces.count(kind));
                }
                out.push('}');
            }
            out.push_str("]}");
        }
        out.push_str("]}");
    }
    out.push(']');
}

/// A square or a move in quotes: their text never needs escaping (letters,
/// digits, `@ : , - x`).
fn quoted(out: &mut String, value: impl Named) {
    out.push('"');
    value.push_name(out);
    out.push('"');
}

/// What is written in quotes.
trait Named {
    fn push_name(self, out: &mut String);
}

impl Named for Square {
    fn push_name(self, out: &mut String) {
        Square::push_name(self, out);
    }
}

impl Named for &Move {
    fn push_name(self, out: &mut String) {
        self.push_notation(out);
    }
}

/// A count of one kind (at most `Pieces::MAX_COUNT`, two digits).
fn number(out: &mut String, n: u8) {
    if n >= 10 {
        out.push(char::from(b'0' + n / 10));
    }
    out.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::legal;
    use crate::view::positions::positions;

    #[test]
    fn the_written_legal_moves_are_what_serde_writes_for_them() {
        let (mut captures, mut splits) = (0, 0);
        for pos in positions() {
            let moves = pos.legal_moves();
            captures += moves.iter().filter(|m| m.is_capture()).count();
            splits += moves.iter().filter(|m| m.groups().count() > 1).count();
            let mut written = String::new();
            write_legal(&moves, &mut written);
            assert_eq!(
                written,
                serde_json::to_string(&legal(&moves)).unwrap(),
                "in {pos}"
            );
        }
        assert!(
            captures > 0 && splits > 0,
            "{captures} captures, {splits} splits"
        );
    }

    #[test]
    fn the_pass_and_no_move_are_written_as_serde_writes_them() {
        for moves in [&[Move::PASS][..], &[]] {
            let mut written = String::new();
            write_legal(moves, &mut written);
            assert_eq!(written, serde_json::to_string(&legal(moves)).unwrap());
        }
    }
}
