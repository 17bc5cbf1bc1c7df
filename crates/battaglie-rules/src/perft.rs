//! Perft: counting move sequences, the standard check of a move generator.

use crate::position::Position;

/// How many move sequences of length `depth` start at `pos` (protocol.md `perft`):
/// a pass counts as a move, a position that ends the game (win, deadlock, quiet limit)
/// has none, repetition is not considered. The last ply is counted without playing it.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut total = 0;
            for mv in pos.legal_moves() {
                let undo = pos.play_unchecked(&mv);
                total += perft(pos, depth - 1);
                pos.undo(&mv, undo);
            }
            total
        }
    }
}

/// [`perft`] playing every move, the last ply included: slower, and a check that
/// counting and generating agree.
pub fn perft_played(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in pos.legal_moves() {
        let undo = pos.play_unchecked(&mv);
        total += perft_played(pos, depth - 1);
        pos.undo(&mv, undo);
    }
    total
}

/// The perft of each root move (`--divide`), in the order of [`Position::legal_moves`].
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(crate::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(&mv);
            let n = perft(pos, depth - 1);
            pos.undo(&mv, undo);
            (mv, n)
        })
        .collect()
}
