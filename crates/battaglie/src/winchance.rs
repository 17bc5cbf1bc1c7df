//! `battaglie winchance`: fits the curve from reported scores to winning chances on
//! finished games (the records `battaglie match --out` writes), and shows how well
//! the curve of `battaglie_ai::WIN_CHANCE_SCALE` predicts them.
//!
//! Every `--every`-th position of each game from ply `--skip` on is searched at a
//! node budget; its reported score (the side to move's view) is paired with the
//! game's result for that side (1 a win, ½ a draw, 0 a loss). Forced wins and
//! losses are left out: the curve is for the scores in between.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use battaglie_ai::{fit_loss, fit_scale, report_score, Limits, Score, WIN_CHANCE_SCALE};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Outcome};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie winchance`.
#[derive(clap::Args)]
pub struct WinchanceArgs {
    /// Files of game records, one JSON record per line (as `battaglie match --out` writes).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The node budget of each position's search.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Take every N-th position of a game.
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Leave out the first N plies of each game (the random openings).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub skip: usize,
}

/// A sampled position: its battle, its reported score and the result that followed
/// for the side to move.
struct Sample {
    battle: String,
    score: i32,
    result: f64,
}

/// Reads every finished game of the record files.
fn games(files: &[PathBuf]) -> anyhow::Result<Vec<Game>> {
    let mut games = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let at = || format!("{} line {}", file.display(), i + 1);
            let record = Record::read(line).with_context(at)?;
            let scenario = crate::scenarios::load(&record.scenario).with_context(at)?;
            let game = record.replay(&scenario).with_context(at)?;
            if game.outcome().is_some() {
                games.push(game);
            }
        }
    }
    Ok(games)
}

/// The sampled positions of `game`, searched within `limits`.
fn samples(game: &Game, args: &WinchanceArgs, limits: &Limits) -> Vec<Sample> {
    let outcome = game.outcome().expect("only finished games are sampled");
    let battle = game.start().scenario().id().to_string();
    let mut replay = Game::new(game.start().clone());
    let mut out = Vec::new();
    for (ply, mv) in game.moves().enumerate() {
        if ply >= args.skip && (ply - args.skip) as u64 % args.every == 0 {
            let stop = AtomicBool::new(false);
            if let Some(r) = battaglie_ai::search(&replay, limits, &stop, |_| {}) {
                if let Score::Value(v) = report_score(replay.position(), limits, &r.info) {
                    let side = replay.position().side_to_move();
                    let result = match outcome {
                        Outcome::Win(winner, _) if winner == side => 1.0,
                        Outcome::Win(..) => 0.0,
                        Outcome::Draw(_) => 0.5,
                    };
                    out.push(Sample {
                        battle: battle.clone(),
                        score: v,
                        result,
                    });
                }
            }
        }
        replay.play(mv);
    }
    out
}

/// Runs `battaglie winchance`.
pub fn run(args: WinchanceArgs) -> anyhow::Result<()> {
    let games = games(&args.files)?;
    anyhow::ensure!(!games.is_empty(), "no finished game in the records");
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let bar = ProgressBar::new(games.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} winchance [{bar:30}] {pos}/{len} games, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut all = Vec::new();
    for game in &games {
        all.extend(samples(game, &args, &limits));
        bar.inc(1);
    }
    bar.finish_and_clear();
    anyhow::ensure!(
        !all.is_empty(),
        "no position to sample: lower --skip or --every"
    );
    crate::out::emit(&report(&games, &all, &args))
}

/// The fit overall and per battle, and the calibration of the built-in curve.
fn report(games: &[Game], all: &[Sample], args: &WinchanceArgs) -> String {
    let pairs =
        |s: &[&Sample]| -> Vec<(i32, f64)> { s.iter().map(|s| (s.score, s.result)).collect() };
    let everything: Vec<&Sample> = all.iter().collect();
    let fitted = fit_scale(&pairs(&everything));
    let mut text = format!(
        "{} games, {} positions (every {} plies from ply {}, {} nodes each)\n",
        games.len(),
        all.len(),
        args.every,
        args.skip,
        args.nodes
    );
    text += &format!(
        "fitted scale {fitted:.0} centi-pieces (log-loss {:.4}); built-in {WIN_CHANCE_SCALE:.0} (log-loss {:.4}); a constant 50% {:.4}\n",
        fit_loss(&pairs(&everything), fitted),
        fit_loss(&pairs(&everything), WIN_CHANCE_SCALE),
        std::f64::consts::LN_2,
    );
    let mut by_battle: BTreeMap<&str, Vec<&Sample>> = BTreeMap::new();
    for s in all {
        by_battle.entry(&s.battle).or_default().push(s);
    }
    for (battle, samples) in &by_battle {
        text += &format!(
            "  {battle:<12} {:>6} positions, fitted scale {:.0}\n",
            samples.len(),
            fit_scale(&pairs(samples))
        );
    }
    text += "\nscore from      positions  observed  built-in curve\n";
    let edges = [
        i32::MIN,
        -1200,
        -600,
        -300,
        -150,
        -50,
        50,
        150,
        300,
        600,
        1200,
        i32::MAX,
    ];
    for w in edges.windows(2) {
        let bucket: Vec<&Sample> = all
            .iter()
            .filter(|s| s.score >= w[0] && s.score < w[1])
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let n = bucket.len() as f64;
        let observed = bucket.iter().map(|s| s.result).sum::<f64>() / n;
        let predicted = bucket
            .iter()
            .map(|s| battaglie_ai::win_chance(Score::Value(s.score)))
            .sum::<f64>()
            / n;
        let label = match (w[0], w[1]) {
            (i32::MIN, hi) => format!("below {hi}"),
            (lo, i32::MAX) => format!("{lo} and up"),
            (lo, hi) => format!("{lo} to {hi}"),
        };
        text += &format!(
            "{label:<15} {:>9}  {:>7.1}%  {:>13.1}%\n",
            bucket.len(),
            observed * 100.0,
            predicted * 100.0
        );
    }
    text
}
