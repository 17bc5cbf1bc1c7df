//! Shortest solutions by breadth-first search over the rules' legal moves: the proof of
//! every stage's three-star budget, and the hint.

use std::collections::{HashSet, VecDeque};

use battaglie_rules::Move;

use crate::run::{Finish, Run};

/// The most positions one search visits: the stages are small, and a hint must stay quick.
pub const MAX_VISITED: usize = 2_000_000;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    /// A shortest way to win the stage from here: the player's moves.
    Moves(Vec<Move>),
    /// No way to win within the moves left.
    Impossible,
    /// The search stopped at [`MAX_VISITED`] positions.
    TooLarge,
}

/// A shortest way to complete the stage from the run's state (replies as the stage gives
/// them), within its one-star budget.
pub fn shortest(run: &Run) -> Solved {
    if run.finish().is_some() {
        return Solved::Impossible;
    }
    // A state is the position, its quiet counter, the positions seen before (the rules
    // count repetitions over the whole game), and the moves used when a target counts them.
    let counts_moves = run.stage().targets.survive.is_some();
    let key = |r: &Run| {
        let mut seen = r.seen().to_vec();
        seen.sort_unstable();
        let pos = r.game().position();
        (
            pos.hash(),
            pos.quiet(),
            seen,
            if counts_moves { r.played() } else { 0 },
        )
    };
    let mut visited = HashSet::new();
    let mut queue = VecDeque::new();
    queue.push_back((run.clone(), Vec::<Move>::new()));
    visited.insert(key(run));
    while let Some((state, moves)) = queue.pop_front() {
        for mv in state.game().legal_moves() {
            let mut next = state.clone();
            next.play(&mv);
            let mut line = moves.clone();
            line.push(mv);
            match next.finish() {
                Some(Finish::Won { .. }) => return Solved::Moves(line),
                Some(_) => continue,
                None => {}
            }
            if visited.insert(key(&next)) {
                if visited.len() > MAX_VISITED {
                    return Solved::TooLarge;
                }
                queue.push_back((next, line));
            }
        }
    }
    Solved::Impossible
}

/// The hint: the next move of a shortest solution from here, if the stage can still be won.
pub fn hint(run: &Run) -> Option<Move> {
    match shortest(run) {
        Solved::Moves(moves) => moves.first().copied(),
        _ => None,
    }
}
