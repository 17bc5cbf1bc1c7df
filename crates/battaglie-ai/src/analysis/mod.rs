//! Every move of a game judged by the engine: the evaluation before it (from the
//! mover's view), the engine's preferred move and line, the evaluation after the
//! played move (from the same view), the loss, and a [`Class`] for inaccuracies,
//! mistakes and blunders; then a [`Summary`] per side and the game's [`Ending`].
//!
//! Pure: no I/O. The command line prints the result as a table or JSON, the web
//! server sends it to the browser; both hear of each judged move through the
//! progress callback and may stop the work early.

mod class;
mod ending;
mod eval;
mod summary;

use std::sync::atomic::{AtomicBool, Ordering};

use battaglie_rules::{Game, Outcome, Side};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::limits::Limits;
use crate::search::Score;

pub use class::Class;
pub use ending::Ending;
pub use eval::Eval;
pub use summary::{Summary, Tally};

/// One judged move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MoveAnalysis {
    /// The move's number in the game, from 1.
    pub ply: usize,
    /// The side that played it.
    #[ts(type = "\"army\" | \"indians\"")]
    pub side: Side,
    /// The move played, in move notation.
    #[serde(rename = "move")]
    pub played: String,
    /// The position before the move, from the mover's view.
    pub before: Eval,
    /// The engine's preferred move (`None` when the position before had no search).
    pub best: Option<String>,
    /// The engine's expected line, starting with `best`.
    pub line: Vec<String>,
    /// The position after the move, from the mover's view.
    pub after: Eval,
    /// How much the move lost against the engine's choice, in centi-pieces (0 when it
    /// is the engine's choice).
    pub loss: i32,
    /// An inaccuracy, a mistake or a blunder; `None` for a good move.
    pub class: Option<Class>,
    /// The endgame table's value of the position before the move, for the mover
    /// (`win in 7`, `draw`, `loss in 4`), when the scenario has a table that holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub table: Option<String>,
}

/// A whole game judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Analysis {
    /// The battle's scenario id.
    pub scenario: String,
    /// The judged moves, in order.
    pub moves: Vec<MoveAnalysis>,
    /// Both sides' tallies.
    pub summary: Summary,
    /// How the game ended.
    pub result: Ending,
    /// Whether every move was judged (`false` when stopped early).
    pub complete: bool,
}

/// How far an analysis has come: after `done` of `total` moves, the last one judged.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// Moves judged so far.
    pub done: usize,
    /// Moves to judge in all.
    pub total: usize,
    /// The move just judged.
    pub last: &'a MoveAnalysis,
}

/// The engine's view of `game`'s position for its side to move: the score and the
/// line it expects. A finished game is scored by its result.
fn judge(game: &Game, limits: &Limits) -> (Score, Vec<String>) {
    match game.outcome() {
        Some(Outcome::Win(side, _)) => {
            let score = if side == game.position().side_to_move() {
                Score::Win(0)
            } else {
                Score::Loss(0)
            };
            (score, Vec::new())
        }
        Some(Outcome::Draw(_)) => (Score::Value(0), Vec::new()),
        None => {
            let stop = AtomicBool::new(false);
            match crate::search(game, limits, &stop, |_| {}) {
                Some(r) => {
                    let mut line: Vec<String> = r.info.pv.iter().map(|m| m.to_string()).collect();
                    if line.first() != Some(&r.best.to_string()) {
                        line = vec![r.best.to_string()];
                    }
                    (crate::report_score(game.position(), limits, &r.info), line)
                }
                None => (Score::Value(0), Vec::new()),
            }
        }
    }
}

/// The score one ply earlier, from the other side's view.
fn negate(score: Score) -> Score {
    match score {
        Score::Value(v) => Score::Value(-v),
        Score::Win(n) => Score::Loss(n + 1),
        Score::Loss(n) => Score::Win(n + 1),
    }
}

/// Judges every move of `game` from its start, each position searched within
/// `limits`. `progress` hears of each judged move; setting `stop` (from another
/// thread, or from `progress`) ends the work after the move being judged, and the
/// result then says it is not complete.
pub fn analyze(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    mut progress: impl FnMut(Progress<'_>),
) -> Analysis {
    let moves: Vec<_> = game.moves().copied().collect();
    let mut replay = Game::new(game.start().clone());
    let mut judged: Vec<MoveAnalysis> = Vec::with_capacity(moves.len());
    let scenario = game.start().scenario();
    // The judgement of the current position; it becomes the "after" of the previous move.
    let mut current = judge(&replay, limits);
    let tables = battaglie_tablebase::registry::installed(game.start().scenario());
    for (i, mv) in moves.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let side = replay.position().side_to_move();
        let table = tables
            .and_then(|t| t.probe(replay.position()))
            .map(|v| v.to_string());
        // The moves come from a game: they are legal in turn.
        replay.play(mv);
        // The reported score is symmetric: the next mover's judgement, negated, is the
        // mover's view of the position after the move.
        let (before, line) = std::mem::replace(&mut current, judge(&replay, limits));
        let after = negate(current.0);
        let played = mv.to_string();
        let best = line.first().cloned();
        let loss = if best.as_ref() == Some(&played) {
            0
        } else {
            (eval::centi(before) - eval::centi(after)).max(0)
        };
        judged.push(MoveAnalysis {
            ply: i + 1,
            side,
            played,
            before: Eval::new(before, scenario, side),
            best,
            line,
            after: Eval::new(after, scenario, side),
            loss,
            class: Class::of(before, after, loss),
            table,
        });
        progress(Progress {
            done: i + 1,
            total: moves.len(),
            last: judged.last().expect("just pushed"),
        });
    }
    Analysis {
        scenario: scenario.id().to_string(),
        summary: Summary::of(&judged),
        complete: judged.len() == moves.len(),
        moves: judged,
        result: Ending::of(game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Position, Scenario};

    fn opening(id: &str, plies: usize) -> Game {
        let mut game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        for _ in 0..plies {
            let r = crate::search(&game, &limits, &AtomicBool::new(false), |_| {}).unwrap();
            game.play(&r.best);
        }
        game
    }

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    #[test]
    fn every_move_is_judged_in_order_and_reported_as_it_is() {
        let game = opening("fetterman", 6);
        let mut heard = Vec::new();
        let a = analyze(&game, &depth(2), &AtomicBool::new(false), |p| {
            heard.push((p.done, p.total, p.last.ply))
        });
        assert!(a.complete);
        assert_eq!(a.scenario, "fetterman");
        assert_eq!(heard, (1..=6).map(|i| (i, 6, i)).collect::<Vec<_>>());
        for (m, played) in a.moves.iter().zip(game.moves()) {
            assert_eq!(m.played, played.to_string());
            assert_eq!(
                m.line.first(),
                m.best.as_ref(),
                "the line starts with the best move"
            );
            assert!(m.loss >= 0);
        }
        assert_eq!(a.moves[0].side, Side::Army);
        assert_eq!(a.moves[1].side, Side::Indians);
        assert_eq!(a.summary.army.moves + a.summary.indians.moves, 6);
    }

    #[test]
    fn the_engines_own_move_loses_nothing() {
        let game = opening("washita", 4);
        let a = analyze(&game, &depth(1), &AtomicBool::new(false), |_| {});
        for m in &a.moves {
            assert_eq!(m.best.as_ref(), Some(&m.played), "depth 1 played them");
            assert_eq!((m.loss, m.class), (0, None));
        }
    }

    #[test]
    fn a_stopped_analysis_keeps_what_it_judged_and_says_it_is_incomplete() {
        let game = opening("apache-pass", 5);
        let stop = AtomicBool::new(false);
        let a = analyze(&game, &depth(1), &stop, |p| {
            if p.done == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        assert_eq!(a.moves.len(), 2);
        assert!(!a.complete);
        assert!(a.result.words.starts_with("unfinished after 5 moves"));
    }

    #[test]
    fn the_result_serialises_with_numbers_and_words() {
        let game = opening("washita", 2);
        let a = analyze(&game, &depth(1), &AtomicBool::new(false), |_| {});
        let json = serde_json::to_value(&a).unwrap();
        let first = &json["moves"][0];
        assert_eq!(first["side"], "army");
        assert_eq!(first["move"], a.moves[0].played);
        assert!(first["before"]["centi"].is_i64(), "{first}");
        assert!(first["before"]["text"].is_string(), "{first}");
        assert!(first["class"].is_null(), "{first}");
        assert!(
            json["summary"]["indians"]["average_loss"].is_i64(),
            "{json}"
        );
        assert_eq!(json["result"]["result"], "unfinished");
        let back: Analysis = serde_json::from_value(json).unwrap();
        assert_eq!(back, a);
    }
}
