//! Shortest solutions: by breadth-first search over the rules' legal moves where the
//! replies are given, and where the computer replies, the fewest moves that complete the
//! stage against every legal reply (an AND-OR search). The proof of every stage's
//! three-star budget, and the hint.

use std::collections::{HashMap, HashSet, VecDeque};

use battaglie_rules::{Move, Square};

use crate::lesson::Opponent;
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

/// What the search against every reply found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// The player completes the stage in at most `moves` moves whatever the other side
    /// replies, and no fewer, starting with `first`.
    Win {
        /// The fewest moves that win against every reply.
        moves: u32,
        /// The first of them.
        first: Move,
    },
    /// Some replies keep the stage from being won within the moves left.
    Impossible,
    /// The search stopped at [`MAX_VISITED`] positions.
    TooLarge,
}

/// A shortest way to complete the stage from the run's state, within its one-star budget:
/// with the replies the stage gives, or against the computer, a forced win ([`force`])
/// move after move, met by the computer's actual replies.
pub fn shortest(run: &Run) -> Solved {
    if run.finish().is_some() {
        return Solved::Impossible;
    }
    if matches!(run.stage().opponent, Opponent::Computer { .. }) {
        return forced_line(run);
    }
    // A state is the position, its quiet counter, the positions seen before (the rules
    // count repetitions over the whole game), the target stacks eliminated so far, and the
    // moves used when a target counts them.
    let counts_moves = run.stage().targets.survive.is_some();
    let key = |r: &Run| key_with(r, if counts_moves { r.played() } else { 0 });
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

/// The hint: the next move of a shortest solution from here, if the stage can still be
/// won (against the computer: of a shortest win against every reply).
pub fn hint(run: &Run) -> Option<Move> {
    if matches!(run.stage().opponent, Opponent::Computer { .. }) {
        return match force(run) {
            Forced::Win { first, .. } => Some(first),
            _ => None,
        };
    }
    match shortest(run) {
        Solved::Moves(moves) => moves.first().copied(),
        _ => None,
    }
}

/// The forced win played out against the computer's own replies.
fn forced_line(run: &Run) -> Solved {
    let mut state = run.clone();
    let mut line = Vec::new();
    loop {
        match force(&state) {
            Forced::Win { first, .. } => {
                state.play(&first);
                line.push(first);
                match state.finish() {
                    Some(Finish::Won { .. }) => return Solved::Moves(line),
                    Some(_) => return Solved::Impossible,
                    None => {}
                }
            }
            Forced::Impossible => return Solved::Impossible,
            Forced::TooLarge => return Solved::TooLarge,
        }
    }
}

/// The fewest moves in which the player completes the stage from the run's state against
/// every legal reply, within its one-star budget: iterative deepening over an AND-OR
/// search (some move of the player such that every reply still leaves a win).
pub fn force(run: &Run) -> Forced {
    if run.finish().is_some() {
        return Forced::Impossible;
    }
    let left = run.stage().stars[2].saturating_sub(run.played());
    let mut fails = HashMap::new();
    let mut visited = 0;
    for depth in 1..=left {
        match wins_within(run, depth, &mut fails, &mut visited) {
            Err(TooLarge) => return Forced::TooLarge,
            Ok(Some(first)) => {
                return Forced::Win {
                    moves: depth,
                    first,
                }
            }
            Ok(None) => {}
        }
    }
    Forced::Impossible
}

struct TooLarge;

/// A state of a search: the position, its quiet counter, the positions seen before, the
/// target stacks eliminated, and `moves` (the moves used, where they matter).
type Key = (u64, u32, Vec<u64>, Vec<Square>, u32);

/// The forced search's state: the moves used count (the budget ends the stage).
fn key(r: &Run) -> Key {
    key_with(r, r.played())
}

fn key_with(r: &Run, moves: u32) -> Key {
    let mut seen = r.seen().to_vec();
    seen.sort_unstable();
    let pos = r.game().position();
    (pos.hash(), pos.quiet(), seen, r.taken().to_vec(), moves)
}

/// A first move that completes the stage within `depth` moves whatever the replies.
/// `fails` keeps, per state, the deepest search known to fail there.
fn wins_within(
    state: &Run,
    depth: u32,
    fails: &mut HashMap<Key, u32>,
    visited: &mut usize,
) -> Result<Option<Move>, TooLarge> {
    let k = key(state);
    if depth == 0 || fails.get(&k).is_some_and(|&d| d >= depth) {
        return Ok(None);
    }
    *visited += 1;
    if *visited > MAX_VISITED {
        return Err(TooLarge);
    }
    let player = state.stage().player();
    for mv in state.game().legal_moves() {
        let mut after = state.game().clone();
        after.play(&mv);
        let replies = match after.legal_moves() {
            moves if after.position().side_to_move() != player && !moves.is_empty() => moves,
            // No reply to choose (the game is over, or the player moves again): one
            // course only, on which `play_with` asks for none.
            _ => vec![Move::PASS],
        };
        let mut holds = true;
        for reply in replies {
            let mut next = state.clone();
            let played = next.play_with(&mv, |_| reply);
            let ok = match next.finish() {
                Some(Finish::Won { .. }) => true,
                Some(_) => false,
                None => wins_within(&next, depth - 1, fails, visited)?.is_some(),
            };
            if !ok {
                holds = false;
                break;
            }
            // The stage ended before the reply: no other reply to try.
            if played.reply.is_none() {
                break;
            }
        }
        if holds {
            return Ok(Some(mv));
        }
    }
    fails.insert(k, depth);
    Ok(None)
}
