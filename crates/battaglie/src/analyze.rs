//! `battaglie analyze`: every move of a game record judged by the engine.
//!
//! For each move: the evaluation before it (from the mover's view), the engine's
//! preferred move, the evaluation after the played move (from the same view), the
//! loss, and a mark for inaccuracies (`?!`), mistakes (`?`) and blunders (`??`);
//! then a summary per side and how the game ended. Evaluations are the reported
//! score of `battaglie_ai::report_score`: centi-pieces, symmetric, the same number
//! as the protocol's `score` and the terminal's.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use battaglie_ai::{Limits, Score};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Outcome, Side, WinReason};
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
    side: Side,
    played: String,
    before: Score,
    best: String,
    after: Score,
    loss: i32,
    mark: &'static str,
    /// The endgame table's value of the position before the move, for the mover.
    table: Option<String>,
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
                Some(r) => (
                    battaglie_ai::report_score(game.position(), &limits.weights, r.info.score),
                    Some(r.best.to_string()),
                ),
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
    // Without a terminal the bar is hidden: a line per move on standard error instead.
    let bar_shown = std::io::stderr().is_terminal();
    let mut game = Game::new(full.start().clone());
    let mut lines = Vec::with_capacity(moves.len());
    // The judgement of the current position; it becomes the "after" of the previous move.
    let mut current = judge(&game, &limits);
    let tb = battaglie_tablebase::registry::find(full.start().scenario())
        .context("the endgame table")?;
    for (i, mv) in moves.iter().enumerate() {
        let side = game.position().side_to_move();
        let table = tb
            .and_then(|t| t.probe(game.position()))
            .map(|v| v.to_string());
        let (before, best) = current.clone();
        game.try_play(mv)
            .with_context(|| format!("move {} ({mv})", i + 1))?;
        // The reported score is symmetric: the next mover's judgement, negated, is the
        // mover's view of the position after the move.
        current = judge(&game, &limits);
        let after = negate(current.0);
        let played = mv.to_string();
        let best = best.unwrap_or_else(|| "-".to_string());
        let loss = if best == played {
            0
        } else {
            (centi(before) - centi(after)).max(0)
        };
        lines.push(Line {
            ply: i + 1,
            side,
            played,
            before,
            best,
            after,
            loss,
            mark: mark(before, after, loss),
            table,
        });
        bar.inc(1);
        if !bar_shown {
            eprintln!("analyze: move {} of {} ({mv})", i + 1, moves.len());
        }
    }
    bar.finish_and_clear();
    let summary = Summary::of_lines(&lines);
    let ending = ending(&full);
    if args.json {
        let items: Vec<serde_json::Value> = lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "ply": l.ply,
                    "side": l.side.word(),
                    "move": l.played,
                    "before": centi(l.before),
                    "before_text": l.before.to_string(),
                    "best": l.best,
                    "after": centi(l.after),
                    "after_text": l.after.to_string(),
                    "loss": l.loss,
                    "mark": l.mark,
                    "table": l.table,
                })
            })
            .collect();
        let sides: serde_json::Map<String, serde_json::Value> = Side::ALL
            .into_iter()
            .map(|side| {
                let t = summary.of(side);
                (
                    side.word().to_string(),
                    serde_json::json!({
                        "moves": t.moves,
                        "average_loss": t.average_loss(),
                        "inaccuracies": t.inaccuracies,
                        "mistakes": t.mistakes,
                        "blunders": t.blunders,
                    }),
                )
            })
            .collect();
        let doc = serde_json::json!({
            "scenario": full.start().scenario().id(),
            "unit": "centi-pieces (a Foot is 100) from the mover's view; won/lost as +-(100000 - plies)",
            "moves": items,
            "summary": sides,
            "result": ending,
        });
        crate::out::emit(&format!("{doc:#}\n"))
    } else {
        let mut text = format!(
            "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  mark\n",
            "ply", "side", "move", "before", "best", "after", "loss"
        );
        for l in &lines {
            text += format!(
                "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  {}",
                l.ply,
                l.side.word(),
                l.played,
                l.before.to_string(),
                l.best,
                l.after.to_string(),
                l.loss,
                l.mark
            )
            .trim_end();
            if let Some(t) = &l.table {
                text += &format!("  (table: {t})");
            }
            text += "\n";
        }
        text += "\n";
        for side in Side::ALL {
            let t = summary.of(side);
            text += &format!(
                "{:<8} {} moves, average loss {}, {} inaccuracies, {} mistakes, {} blunders\n",
                side.word(),
                t.moves,
                t.average_loss(),
                t.inaccuracies,
                t.mistakes,
                t.blunders
            );
        }
        text += &format!("Result: {ending}\n");
        crate::out::emit(&text)
    }
}

/// One side's tally of marks and losses.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    moves: usize,
    loss: i64,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
}

impl Tally {
    /// The average loss per move, in centi-pieces, rounded.
    fn average_loss(&self) -> i64 {
        if self.moves == 0 {
            0
        } else {
            (self.loss as f64 / self.moves as f64).round() as i64
        }
    }
}

/// Both sides' tallies.
#[derive(Debug, Default)]
struct Summary([Tally; 2]);

impl Summary {
    fn of_lines(lines: &[Line]) -> Summary {
        let mut s = Summary::default();
        for l in lines {
            let t = &mut s.0[l.side.index()];
            t.moves += 1;
            // A lost win counts as a blunder but its loss in numbers would swamp the average.
            t.loss += i64::from(l.loss.min(BLUNDER * 10));
            match l.mark {
                "?!" => t.inaccuracies += 1,
                "?" => t.mistakes += 1,
                "??" => t.blunders += 1,
                _ => {}
            }
        }
        s
    }

    fn of(&self, side: Side) -> Tally {
        self.0[side.index()]
    }
}

/// How the game ended, in words.
fn ending(game: &Game) -> String {
    let s = game.position().scenario();
    match game.outcome() {
        None => format!(
            "unfinished after {} moves, {} to move",
            game.moves().len(),
            game.position().side_to_move().word()
        ),
        Some(Outcome::Win(side, reason)) => {
            if reason == WinReason::Resignation {
                format!(
                    "{} ({}) won: the {} resigned",
                    side.word(),
                    s.side_name(side),
                    (!side).word()
                )
            } else {
                format!(
                    "{} ({}) won by eliminating every {} piece",
                    side.word(),
                    s.side_name(side),
                    (!side).word()
                )
            }
        }
        Some(Outcome::Draw(reason)) => format!("drawn ({})", reason.word()),
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
