//! Iterative-deepening alpha-beta (negamax) with captures searched first.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use battaglie_rules::{Game, Move, Outcome, Position};

use crate::eval::evaluate;
use crate::limits::Limits;

/// A search score from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centi-pieces (a Foot is 100).
    Value(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl fmt::Display for Score {
    /// As the protocol writes it: `35`, `win 3`, `loss 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

const WIN: i32 = 1_000_000;
const WIN_BOUND: i32 = WIN - 10_000;

fn to_score(v: i32) -> Score {
    if v >= WIN_BOUND {
        Score::Win((WIN - v) as u32)
    } else if v <= -WIN_BOUND {
        Score::Loss((WIN + v) as u32)
    } else {
        Score::Value(v)
    }
}

/// What a finished iteration found.
#[derive(Debug, Clone)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// The best line.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// The last finished iteration.
    pub info: Info,
}

struct Searcher<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    max_nodes: u64,
    deadline: std::time::Duration,
    nodes: u64,
    aborted: bool,
    /// Hashes of the positions on the path and in the game, for repetitions.
    path: Vec<u64>,
}

impl Searcher<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes
            || (self.nodes % 1024 == 0
                && (self.stop.load(Ordering::Relaxed) || self.start.elapsed() >= self.deadline))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        self.nodes += 1;
        pv.clear();
        if ply > 0 && self.path.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
            return 0;
        }
        let moves = ordered_moves(pos);
        if moves.is_empty() {
            return match pos.outcome() {
                Some(Outcome::Win(side)) if side == pos.side_to_move() => WIN - ply as i32,
                Some(Outcome::Win(_)) => -(WIN - ply as i32),
                _ => 0,
            };
        }
        if depth == 0 {
            return evaluate(pos);
        }
        let mut child_pv = Vec::new();
        let mut best = -WIN - 1;
        for mv in moves {
            let undo = pos.play_unchecked(&mv);
            self.path.push(pos.hash());
            let v = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            self.path.pop();
            pos.undo(&mv, undo);
            if self.out_of_budget() {
                return best.max(v);
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&child_pv);
                }
                if v >= beta {
                    break;
                }
            }
        }
        best
    }
}

fn ordered_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|m| !m.is_capture());
    moves
}

/// Searches `game`'s position within `limits`; `on_iteration` hears about each
/// finished depth. Returns `None` when the game is over (there is nothing to play).
///
/// `stop` ends the search early when set (from another thread): the best move of
/// the last finished iteration is returned.
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    mut on_iteration: impl FnMut(&Info),
) -> Option<SearchResult> {
    let root_moves = game.legal_moves();
    let first = *root_moves.first()?;
    let (max_depth, max_nodes, deadline) = limits.budget();
    let mut pos = game.position().clone();
    let mut path: Vec<u64> = Vec::with_capacity(game.moves().len() + 1);
    let mut replay = game.start().clone();
    path.push(replay.hash());
    for mv in game.moves() {
        replay.play_unchecked(mv);
        path.push(replay.hash());
    }
    let mut s = Searcher {
        stop,
        start: Instant::now(),
        max_nodes,
        deadline,
        nodes: 0,
        aborted: false,
        path,
    };
    let mut result = SearchResult {
        best: first,
        info: Info {
            depth: 0,
            score: Score::Value(evaluate(&pos)),
            nodes: 0,
            time_ms: 0,
            pv: vec![first],
        },
    };
    if root_moves.len() == 1 {
        return Some(result);
    }
    for depth in 1..=max_depth.max(1) {
        let mut pv = Vec::new();
        let v = s.negamax(&mut pos, depth, 0, -WIN - 1, WIN + 1, &mut pv);
        if s.aborted || pv.is_empty() {
            break;
        }
        result = SearchResult {
            best: pv[0],
            info: Info {
                depth,
                score: to_score(v),
                nodes: s.nodes,
                time_ms: s.start.elapsed().as_millis() as u64,
                pv,
            },
        };
        on_iteration(&result.info);
        if matches!(result.info.score, Score::Win(_) | Score::Loss(_)) {
            break;
        }
    }
    result.info.nodes = s.nodes;
    Some(result)
}
