//! Self-play mini-matches: the current search against the old shallow search
//! (a copy of which lives only in this file), a fixed node budget per move,
//! alternating sides, on all three battles. Each game starts with two seeded
//! random plies so that the games differ.
//!
//! `cargo run -p battaglie-ai --release --example duel -- [nodes per move] [games per battle] [old search's nodes per move]`

use std::sync::atomic::AtomicBool;

use battaglie_ai::{search, Limits};
use battaglie_rules::{Game, Kind, Move, Outcome, Position, Scenario, Side, Square};

/// The old search: iterative-deepening alpha-beta, captures first, material eval.
mod old {
    use super::*;

    const PIECE_VALUE: [i32; 3] = [100, 300, 250];
    const WIN: i32 = 1_000_000;

    pub fn evaluate(pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        for side in Side::ALL {
            for sq in pos.squares_of(side) {
                let (_, pieces) = pos.stack(sq).expect("an occupied square");
                for k in Kind::ALL {
                    score[side.index()] += PIECE_VALUE[k.index()] * pieces.count(k) as i32;
                }
                score[side.index()] += placement_bonus(pos, sq, side) * pieces.total() as i32;
            }
        }
        let us = pos.side_to_move();
        score[us.index()] - score[(!us).index()]
    }

    fn placement_bonus(pos: &Position, sq: Square, side: Side) -> i32 {
        if sq.is_staging() {
            return -10;
        }
        let sheltered = pos
            .scenario()
            .terrain(sq)
            .is_some_and(|t| t.enter == Kind::Foot.set());
        let advance = match (side, sq.file()) {
            (Side::Army, Some(f)) => f as i32,
            _ => 0,
        };
        advance + if sheltered { 15 } else { 0 }
    }

    struct Searcher {
        max_nodes: u64,
        nodes: u64,
        aborted: bool,
        path: Vec<u64>,
    }

    impl Searcher {
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
            let mut moves = pos.legal_moves();
            moves.sort_by_key(|m| !m.is_capture());
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
                if self.nodes >= self.max_nodes {
                    self.aborted = true;
                }
                if self.aborted {
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

    pub fn best_move(game: &Game, max_nodes: u64) -> Move {
        let legal = game.legal_moves();
        let mut best = legal[0];
        if legal.len() == 1 {
            return best;
        }
        let mut pos = game.position().clone();
        let mut replay = game.start().clone();
        let mut path = vec![replay.hash()];
        for mv in game.moves() {
            replay.play_unchecked(mv);
            path.push(replay.hash());
        }
        let mut s = Searcher {
            max_nodes,
            nodes: 0,
            aborted: false,
            path,
        };
        for depth in 1..=64 {
            let mut pv = Vec::new();
            let v = s.negamax(&mut pos, depth, 0, -WIN - 1, WIN + 1, &mut pv);
            if s.aborted || pv.is_empty() {
                break;
            }
            best = pv[0];
            if v.abs() >= WIN - 10_000 {
                break;
            }
        }
        best
    }
}

fn rng(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let games: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let old_nodes: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(nodes);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let (mut total_new, mut total_games) = (0.0, 0);
    for scenario in Scenario::builtins() {
        let (mut w, mut d, mut l, mut plies, mut balance) = (0, 0, 0, 0, 0i64);
        let mut reasons = Vec::new();
        for g in 0..games {
            let new_side = if g % 2 == 0 {
                Side::Army
            } else {
                Side::Indians
            };
            let mut game = Game::new(Position::start(scenario));
            let mut seed = 1000 + u64::from(g / 2);
            for _ in 0..2 {
                let moves = game.legal_moves();
                let mv = moves[(rng(&mut seed) % moves.len() as u64) as usize];
                game.play(&mv).expect("a legal move");
            }
            while !game.is_over() && game.moves().len() < 400 {
                let mv = if game.position().side_to_move() == new_side {
                    search(&game, &limits, &stop, |_| {}).expect("a move").best
                } else {
                    old::best_move(&game, old_nodes)
                };
                game.play(&mv).expect("a legal move");
            }
            plies += game.moves().len();
            let value = |side: Side| -> i64 {
                game.position()
                    .squares_of(side)
                    .filter_map(|sq| game.position().stack(sq))
                    .map(|(_, p)| {
                        Kind::ALL
                            .iter()
                            .map(|&k| [100, 300, 250][k.index()] * i64::from(p.count(k)))
                            .sum::<i64>()
                    })
                    .sum()
            };
            let (start_new, start_old) = {
                let s0 = Position::start(scenario);
                let v = |side: Side| -> i64 {
                    s0.squares_of(side)
                        .filter_map(|sq| s0.stack(sq))
                        .map(|(_, p)| {
                            Kind::ALL
                                .iter()
                                .map(|&k| [100, 300, 250][k.index()] * i64::from(p.count(k)))
                                .sum::<i64>()
                        })
                        .sum()
                };
                (v(new_side), v(!new_side))
            };
            // Material lost by the old search minus material lost by the new one.
            balance += (start_old - value(!new_side)) - (start_new - value(new_side));
            if let Some(o) = game.outcome() {
                reasons.push(o.to_string());
            }
            match game.outcome() {
                Some(Outcome::Win(s)) if s == new_side => w += 1,
                Some(Outcome::Win(_)) => l += 1,
                _ => d += 1,
            }
        }
        let score = w as f64 + d as f64 / 2.0;
        total_new += score;
        total_games += games;
        println!(
            "{:<12} new {w} wins, {d} draws, {l} losses ({score}/{games}), mean {} plies, \
             material won by new minus lost, per game: {}; endings: {}",
            scenario.id(),
            plies / games.max(1) as usize,
            balance / i64::from(games.max(1)),
            reasons.join(", ")
        );
    }
    println!(
        "total: new {total_new}/{total_games} ({:.0}%) at {nodes} nodes per move (old: {old_nodes})",
        100.0 * total_new / total_games.max(1) as f64
    );
}
