//! `battaglie analyze`: every move of a game record judged by the engine
//! ([`battaglie_ai::analysis`]), printed as a table or JSON with progress on
//! standard error.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use battaglie_ai::analysis::{self, Analysis, MoveAnalysis};
use battaglie_ai::Limits;
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Side};
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
    /// Print a JSON object (moves, summary, result) instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The default analysis depth.
const DEFAULT_DEPTH: u32 = 3;

fn read_record(file: &str) -> anyhow::Result<Game> {
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(file).map_err(|e| {
            anyhow::anyhow!(
                "cannot read {}",
                battaglie_rules::file_error(std::path::Path::new(file), &e)
            )
        })?
    };
    let record = Record::read(&text).with_context(|| format!("cannot read {file}"))?;
    let scenario = crate::scenarios::load(&record.scenario)?;
    record
        .replay(&scenario)
        .with_context(|| format!("cannot replay {file}"))
}

/// Runs `battaglie analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let game = read_record(&args.file)?;
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
    let bar = ProgressBar::new(game.moves().len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} analyze [{bar:30}] {pos}/{len} moves, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    // Without a terminal the bar is hidden: a line per move on standard error instead.
    let bar_shown = std::io::stderr().is_terminal();
    let stop = AtomicBool::new(false);
    // The table goes out a row at a time, so that a reader who has seen enough
    // (`| head -1`) stops the work at the next row; JSON is one object, at the end.
    let mut written = if args.json {
        Ok(())
    } else {
        crate::out::emit(&header())
    };
    let analysis = analysis::analyze(&game, &limits, &stop, |p| {
        bar.inc(1);
        if !bar_shown {
            eprintln!(
                "analyze: move {} of {} ({})",
                p.done, p.total, p.last.played
            );
        }
        if written.is_ok() && !args.json {
            written = crate::out::emit(&row(p.last));
        }
        if written.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
    });
    bar.finish_and_clear();
    written?;
    if args.json {
        let doc = serde_json::to_string_pretty(&analysis).context("serialising the analysis")?;
        crate::out::emit(&format!("{doc}\n"))
    } else {
        crate::out::emit(&footer(&analysis))
    }
}

/// The table's header.
fn header() -> String {
    format!(
        "{:>4} {:<7} {:<20} {:<20} {:>12} {:>5} mark\n",
        "move", "side", "played", "best", "chance after", "loss"
    )
}

/// One judged move: its number, side, the move and the engine's choice, the
/// winning chance after it of the side it favours, what it lost, its mark.
fn row(m: &MoveAnalysis) -> String {
    let mut text = format!(
        "{:>4} {:<7} {:<20} {:<20} {:>12} {:>5} {}",
        m.ply,
        m.side.title(),
        m.played,
        m.best.as_deref().unwrap_or("-"),
        chance(m.side, m.after.win_chance),
        m.loss,
        m.class.map_or("", |c| c.mark())
    )
    .trim_end()
    .to_string();
    if let Some(t) = &m.table {
        text += &format!("  (table: {t})");
    }
    text + "\n"
}

/// `Indians 78%`: the winning chance of the side it favours, from `side`'s `chance`.
fn chance(side: Side, chance: f64) -> String {
    let (side, chance) = if chance >= 0.5 {
        (side, chance)
    } else {
        (!side, 1.0 - chance)
    };
    format!("{} {}%", side.title(), (chance * 100.0).round())
}

/// `1 inaccuracy`, `2 mistakes`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// After the rows: what the columns mean, a summary line per side and the result.
fn footer(a: &Analysis) -> String {
    let mut text = "\n".to_string();
    for side in Side::ALL {
        let t = a.summary.side(side);
        text += &format!(
            "{:<8} {}, average loss {}, {}, {}, {}\n",
            side.title(),
            count(t.moves, "move", "moves"),
            t.average_loss,
            count(t.inaccuracies, "inaccuracy", "inaccuracies"),
            count(t.mistakes, "mistake", "mistakes"),
            count(t.blunders, "blunder", "blunders")
        );
    }
    text += &format!("Result: {}\n", a.result.words);
    text + "chance after: the winning chance after the move of the side it favours (a draw\n\
            counts half). loss: what the move gave away against the engine's best move, in\n\
            centi-pieces (a Foot is 100). mark: ?! inaccuracy, ? mistake, ?? blunder.\n"
}
