//! `battaglie tune`: tunes the evaluation's weights by self-play matches.
//!
//! Coordinate search: for each weight in turn, the current weights with that weight
//! raised and lowered by a step each play a match against the current weights; a
//! change is kept when it scores at least `--keep` per cent. Every match is logged.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context};
use battaglie_ai::Weights;

use crate::matches::{play_match, MatchArgs};
use battaglie_match::score_and_error;

/// Arguments of `battaglie tune`.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// The weights to tune, in order (names as in `--start`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "press,press_them,contempt,hit,exposed,mobility,simplify,urgency"
    )]
    pub weights: Vec<String>,
    /// The weights to start from, `name=value` joined by commas [default: the engine's].
    #[arg(long, default_value = "")]
    pub start: String,
    /// Games per trial match (pairs alternate sides).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(2..))]
    pub games: u32,
    /// Node budget per move in the trial matches.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// The relative step of a trial, in per cent of the weight (at least 1).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub step: u32,
    /// Keep a trial that scores at least this many per cent against the current weights.
    #[arg(long, default_value_t = 55.0)]
    pub keep: f64,
    /// Passes over the list of weights.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub passes: u32,
    /// The battle: washita, fetterman, apache-pass, a scenario file, or `all`.
    #[arg(long, default_value = "all")]
    pub battle: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// The seed of the trial matches' openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the trial records (`trial-N.jsonl`) and the log (`tune.md`) go.
    #[arg(long, default_value = "tune")]
    pub out: PathBuf,
}

/// The match spec of a player with these weights.
fn spec(weights: &Weights, nodes: u64) -> String {
    let mut spec = format!("level:8,nodes:{nodes}");
    for name in Weights::NAMES {
        let _ = write!(spec, ",{name}:{}", weights.get(name).unwrap_or_default());
    }
    spec
}

/// Runs the tuning and prints the weights it ends with.
pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    let mut current: Weights = args.start.parse().context("--start")?;
    for name in &args.weights {
        if current.get(name).is_none() {
            bail!(
                "unknown weight {name:?} (known: {})",
                Weights::NAMES.join(", ")
            );
        }
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut log = format!(
        "Tuning from `{current}`: {} games per trial at {} nodes per move on {}, step {}%, keep at {}%.\n\n\
         | trial | weight | from | to | score | kept |\n|---:|---|---:|---:|---:|---|\n",
        args.games, args.nodes, args.battle, args.step, args.keep
    );
    let mut trial = 0;
    for _ in 0..args.passes {
        for name in &args.weights {
            let value = current.get(name).unwrap_or_default();
            let delta = (value.abs() * args.step as i32 / 100).max(1);
            for candidate in [value + delta, value - delta] {
                trial += 1;
                let mut tried = current;
                tried.set(name, &candidate.to_string())?;
                let played = play_match(&MatchArgs {
                    a: spec(&tried, args.nodes),
                    b: Some(spec(&current, args.nodes)),
                    engine: None,
                    games: args.games,
                    battle: args.battle.clone(),
                    concurrency: args.concurrency,
                    openings: 4,
                    seed: args.seed.wrapping_add(trial),
                    out: Some(args.out.join(format!("trial-{trial}.jsonl"))),
                    // Played out, as when the tables of docs/notebook/strength.md were made.
                    play_out: true,
                })?;
                let score = score_and_error(&played.points).0 * 100.0;
                let kept = score >= args.keep;
                eprintln!(
                    "trial {trial}: {name} {value} -> {candidate}: {score:.1}%{}",
                    if kept { " kept" } else { "" }
                );
                let _ = writeln!(
                    log,
                    "| {trial} | {name} | {value} | {candidate} | {score:.1}% | {} |",
                    if kept { "yes" } else { "no" }
                );
                if kept {
                    current = tried;
                    break;
                }
            }
        }
    }
    let _ = writeln!(log, "\nResult: `{current}`");
    let path = args.out.join("tune.md");
    std::fs::write(&path, &log).with_context(|| format!("cannot write {}", path.display()))?;
    crate::out::emit(&format!("{log}log: {}\n", path.display()))
}
