//! The legal moves of a state written straight as JSON, byte for byte what
//! serde writes for [`legal`](super::legal): every change of every game lists
//! them, and serde's generic path (a key escaped for every field, a value
//! formatted for every count) was a fifth of a loaded server's time. The
//! fixed text between values is pushed in as few pieces as it comes in.

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
    // About what a move takes, so that the text grows once.
    out.reserve(moves.len() * 72 + sources.len() * 32);
    out.push('[');
    let runs = by_source.chunk_by(|&a, &b| source_of[a] == source_of[b]);
    for (i, (run, &from)) in runs.zip(&sources).enumerate() {
        let here = || run.iter().map(|&m| &moves[m]);
        out.push_str(if i > 0 { ",{\"from\":" } else { "{\"from\":" });
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
            out.push_str(if j > 0 {
                ",{\"notation\":\""
            } else {
                "{\"notation\":\""
            });
            mv.push_notation(out);
            out.push_str("\",\"groups\":[");
            for (k, g) in mv.groups().enumerate() {
                out.push_str(if k > 0 { ",{\"to\":\"" } else { "{\"to\":\"" });
                g.to.push_name(out);
                for (key, kind) in COUNT_KEYS.iter().zip(Kind::ALL) {
                    out.push_str(key);
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

/// What comes before each kind's count in a group, in [`Kind::ALL`]'s order
/// (the first closes the destination's quotes).
const COUNT_KEYS: [&str; 3] = ["\",\"F\":", ",\"M\":", ",\"V\":"];

/// A square in quotes: its name never needs escaping (a letter or `@`, digits).
fn quoted(out: &mut String, square: Square) {
    out.push('"');
    square.push_name(out);
    out.push('"');
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
    use crate::legal;
    use crate::positions::positions;

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
