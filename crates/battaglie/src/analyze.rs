//! `battaglie analyze`: every move of a game record judged by the engine.
//!
//! For each move: the evaluation before it (from the mover's view), the engine's
//! preferred move, the evaluation after the played move (from the same view), the
//! loss, and a mark for inaccuracies (`?!`), mistakes (`?`) and blunders (`??`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use battaglie_ai::{Limits, Score};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Outcome};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie analyze`.
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The game record (JSON or text); `-` reads standard input.
    pub file: String,
    /// Search each position to this depth [default: 3].
    #[arg(long, conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search each position for this many milliseconds instead of a depth.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The default analysis depth.
const DEFAULT_DEPTH: u32 = 3;

/// Loss thresholds in centi-pieces.
const INACCURACY: i32 = 50;
const MISTAKE: i32 = 150;
const BLUNDER: i32 = 300;

/// A won or lost score as centi-pieces: beyond any material count, nearer mates larger.
const MATE: i32 = 100_000;

fn centi(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(n) => MATE - n.min(1000) as i32,
        Score::Loss(n) => -MATE + n.min(1000) as i32,
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

/// One analysed move.
#[derive(Debug, Clone)]
struct Line {
    ply: usize,
    side: &'static str,
    played: String,
    before: Score,
    best: String,
    after: Score,
    loss: i32,
    mark: &'static str,
}

/// The search's view of `game` for its side to move: score and best move.
/// A finished game is scored by its result.
fn judge(game: &Game, limits: &Limits) -> (Score, Option<String>) {
    match game.outcome() {
        Some(Outcome::Win(side, _)) => {
            let score = if side == game.position().side_to_move() {
                Score::Win(0)
            } else {
                Score::Loss(0)
            };
            (score, None)
        }
        Some(Outcome::Draw(_)) => (Score::Value(0), None),
        None => {
            let stop = AtomicBool::new(false);
            match battaglie_ai::search(game, limits, &stop, |_| {}) {
                Some(r) => (r.info.score, Some(r.best.to_string())),
                None => (Score::Value(0), None),
            }
        }
    }
}

fn mark(before: Score, after: Score, loss: i32) -> &'static str {
    let lost_win = matches!(before, Score::Win(_)) && !matches!(after, Score::Win(_));
    if loss >= BLUNDER || lost_win {
        "??"
    } else if loss >= MISTAKE {
        "?"
    } else if loss >= INACCURACY {
        "?!"
    } else {
        ""
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

fn read_record(file: &str) -> anyhow::Result<Game> {
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
    };
    let record = Record::read(&text)?;
    let scenario = crate::scenarios::load(&record.scenario)?;
    record.replay(&scenario).with_context(|| file.to_string())
}

/// Runs `battaglie analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let full = read_record(&args.file)?;
    let limits = match args.movetime {
        Some(ms) => Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        None => Limits {
            depth: Some(args.depth.unwrap_or(DEFAULT_DEPTH)),
            ..Limits::default()
        },
    };
    let moves: Vec<_> = full.moves().copied().collect();
    let bar = ProgressBar::new(moves.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} analyze [{bar:30}] {pos}/{len} moves, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut game = Game::new(full.start().clone());
    let mut lines = Vec::with_capacity(moves.len());
    // The judgement of the current position; it becomes the "after" of the previous move.
    let mut current = judge(&game, &limits);
    for (i, mv) in moves.iter().enumerate() {
        let side = game.position().side_to_move();
        let (before, best) = current.clone();
        game.try_play(mv)
            .with_context(|| format!("move {} ({mv})", i + 1))?;
        // Some evaluation terms are weighed for the side searching (the handicap of a
        // side that starts with fewer piece values, contempt): the position after the
        // move is judged from the mover's side, like the one before it, and then from
        // the next mover's for the next move.
        let mover = Limits {
            perspective: Some(side),
            ..limits
        };
        let after = negate(judge(&game, &mover).0);
        current = judge(&game, &limits);
        let played = mv.to_string();
        let best = best.unwrap_or_else(|| "-".to_string());
        let loss = if best == played {
            0
        } else {
            (centi(before) - centi(after)).max(0)
        };
        lines.push(Line {
            ply: i + 1,
            side: side.word(),
            played,
            before,
            best,
            after,
            loss,
            mark: mark(before, after, loss),
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    if args.json {
        let items: Vec<String> = lines
            .iter()
            .map(|l| {
                format!(
                    "{{\"ply\":{},\"side\":{},\"move\":{},\"before\":{},\"best\":{},\"after\":{},\"loss\":{},\"mark\":{}}}",
                    l.ply,
                    json_string(l.side),
                    json_string(&l.played),
                    json_string(&l.before.to_string()),
                    json_string(&l.best),
                    json_string(&l.after.to_string()),
                    l.loss,
                    json_string(l.mark)
                )
            })
            .collect();
        crate::bench::emit(&format!("[{}]\n", items.join(",\n ")))
    } else {
        let mut text = format!(
            "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  mark\n",
            "ply", "side", "move", "before", "best", "after", "loss"
        );
        for l in &lines {
            text += format!(
                "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  {}",
                l.ply,
                l.side,
                l.played,
                l.before.to_string(),
                l.best,
                l.after.to_string(),
                l.loss,
                l.mark
            )
            .trim_end();
            text += "\n";
        }
        crate::bench::emit(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks() {
        assert_eq!(mark(Score::Value(0), Score::Value(-49), 49), "");
        assert_eq!(mark(Score::Value(0), Score::Value(-50), 50), "?!");
        assert_eq!(mark(Score::Value(0), Score::Value(-150), 150), "?");
        assert_eq!(mark(Score::Value(0), Score::Value(-300), 300), "??");
        assert_eq!(mark(Score::Win(3), Score::Value(900), 0), "??");
        assert_eq!(negate(Score::Loss(2)), Score::Win(3));
    }
}
