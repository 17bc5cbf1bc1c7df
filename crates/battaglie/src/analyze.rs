//! `battaglie analyze`: every move of a game record judged by the engine
//! ([`battaglie_ai::analysis`]), printed as a table or JSON with progress on
//! standard error.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use battaglie_ai::analysis::{self, Analysis};
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
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
    };
    let record = Record::read(&text)?;
    let scenario = crate::scenarios::load(&record.scenario)?;
    record.replay(&scenario).with_context(|| file.to_string())
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
    let analysis = analysis::analyze(&game, &limits, &AtomicBool::new(false), |p| {
        bar.inc(1);
        if !bar_shown {
            eprintln!(
                "analyze: move {} of {} ({})",
                p.done, p.total, p.last.played
            );
        }
    });
    bar.finish_and_clear();
    if args.json {
        let doc = serde_json::to_string_pretty(&analysis).context("serialising the analysis")?;
        crate::out::emit(&format!("{doc}\n"))
    } else {
        crate::out::emit(&table(&analysis))
    }
}

/// The analysis as a table, a summary line per side and the result.
fn table(a: &Analysis) -> String {
    let mut text = format!(
        "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  mark\n",
        "ply", "side", "move", "before", "best", "after", "loss"
    );
    for m in &a.moves {
        text += format!(
            "{:>4}  {:<8} {:<20} {:>9}  {:<20} {:>9} {:>7}  {}",
            m.ply,
            m.side.word(),
            m.played,
            m.before.text,
            m.best.as_deref().unwrap_or("-"),
            m.after.text,
            m.loss,
            m.class.map_or("", |c| c.mark())
        )
        .trim_end();
        text += "\n";
    }
    text += "\n";
    for side in Side::ALL {
        let t = a.summary.side(side);
        text += &format!(
            "{:<8} {} moves, average loss {}, {} inaccuracies, {} mistakes, {} blunders\n",
            side.word(),
            t.moves,
            t.average_loss,
            t.inaccuracies,
            t.mistakes,
            t.blunders
        );
    }
    text + &format!("Result: {}\n", a.result.words)
}
