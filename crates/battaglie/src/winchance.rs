//! `battaglie winchance`: fits the curve from reported scores to winning chances
//! (`battaglie_ai::chance`) on finished games (the records `battaglie match --out`
//! writes), and shows how well it and the built-in constants predict them.
//!
//! Every `--every`-th position of each game from ply `--skip` on is searched as the
//! outlook searches it (`battaglie_ai::outlook`: its node budget unless `--nodes`
//! says otherwise); its reported score (the side to move's view) is paired with the
//! game's result for that side (1 a win, ½ a draw, 0 a loss). Forced wins and
//! losses are left out: the curve is for the scores in between. The curve to commit
//! is anchored on each built-in battle's measured result from its start
//! (`battaglie_ai::chance::MEASURED_START`): only its scale is fitted.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use battaglie_ai::chance::{fit, fit_anchored, Anchor, Fit, Sample, MEASURED_START};
use battaglie_ai::{report_score, Limits, Score, OUTLOOK_NODES};
use battaglie_rules::{Game, Outcome, Position, Scenario, Side};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie winchance`.
#[derive(clap::Args)]
pub struct WinchanceArgs {
    /// Files of game records, one JSON record per line (as `battaglie match --out` writes).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The node budget of each position's search (the outlook's, by which players'
    /// chances are read, unless an experiment asks for another).
    #[arg(long, default_value_t = OUTLOOK_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Take every N-th position of a game.
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Leave out the first N plies of each game (the random openings).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub skip: usize,
}

/// The reported score of `pos` for its side to move, searched within `limits` as
/// the outlook searches (the position alone, without the game's history); `None`
/// for a forced result.
fn score(pos: &Position, limits: &Limits) -> Option<i32> {
    let stop = AtomicBool::new(false);
    let found = battaglie_ai::search(&Game::new(pos.clone()), limits, &stop, |_| {})?;
    match report_score(pos, limits, &found.info) {
        Score::Value(v) => Some(v),
        _ => None,
    }
}

/// The sampled positions of `game`, searched within `limits`.
fn samples(game: &Game, args: &WinchanceArgs, limits: &Limits) -> Vec<Sample> {
    let outcome = game.outcome().expect("only finished games are sampled");
    let battle = game.start().scenario().id().to_string();
    let mut replay = Game::new(game.start().clone());
    let mut out = Vec::new();
    for (ply, mv) in game.moves().enumerate() {
        if ply >= args.skip && (ply - args.skip) as u64 % args.every == 0 {
            if let Some(v) = score(replay.position(), limits) {
                let side = replay.position().side_to_move();
                let result = match outcome {
                    Outcome::Win(winner, _) if winner == side => 1.0,
                    Outcome::Win(..) => 0.0,
                    Outcome::Draw(_) => 0.5,
                };
                out.push(Sample {
                    battle: battle.clone(),
                    side,
                    score: v,
                    result,
                });
            }
        }
        replay.play(mv);
    }
    out
}

/// Runs `battaglie winchance`.
pub fn run(args: WinchanceArgs) -> anyhow::Result<()> {
    let games: Vec<Game> = crate::records::read_games(&args.files)?
        .into_iter()
        .filter(|g| g.outcome().is_some())
        .collect();
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
    let anchors = anchors(&all, &limits);
    crate::out::emit(&report(&games, &all, &anchors, &args))
}

/// The anchors of the built-in battles among `samples`: the Army's score of each
/// start, searched within `limits`, and its measured result ([`MEASURED_START`]).
fn anchors(samples: &[Sample], limits: &Limits) -> Vec<Anchor> {
    MEASURED_START
        .iter()
        .filter(|(id, _)| samples.iter().any(|s| s.battle == *id))
        .filter_map(|&(id, measured)| {
            let start = Position::start(&Scenario::builtin(id)?);
            let v = score(&start, limits)?;
            let army = if start.side_to_move() == Side::Army {
                v
            } else {
                -v
            };
            Some(Anchor {
                battle: id.to_string(),
                start_score: army,
                measured,
            })
        })
        .collect()
}

/// The fitted constants, the calibration of the anchored curve (the one to commit)
/// and how it and the built-in curve place each battle's start.
fn report(games: &[Game], all: &[Sample], anchors: &[Anchor], args: &WinchanceArgs) -> String {
    let free = fit(all);
    let anchored = fit_anchored(all, anchors);
    let builtin = Fit::builtin(all);
    let mut text = format!(
        "{} games, {} positions (every {} plies from ply {}, {} nodes each)\n",
        games.len(),
        all.len(),
        args.every,
        args.skip,
        args.nodes
    );
    for (name, curve) in [
        ("anchored", &anchored),
        ("free", &free),
        ("built-in", &builtin),
    ] {
        text += &format!(
            "{name:<9} WIN_CHANCE_SCALE {:.0}, BALANCE {} (log-loss {:.4})\n",
            curve.scale,
            balances(curve),
            curve.log_loss(all)
        );
    }
    text += &format!("a constant 50%: log-loss {:.4}\n", std::f64::consts::LN_2);
    text += "\nstart of    Army score  measured  anchored  built-in\n";
    for a in anchors {
        let start = Sample {
            battle: a.battle.clone(),
            side: Side::Army,
            score: a.start_score,
            result: a.measured,
        };
        text += &format!(
            "{:<11} {:>10}  {:>7.1}%  {:>7.1}%  {:>7.1}%\n",
            a.battle,
            a.start_score,
            a.measured * 100.0,
            anchored.chance(&start) * 100.0,
            builtin.chance(&start) * 100.0
        );
    }
    text += "\nchance by the anchored curve  positions  observed  anchored  built-in\n";
    for tenth in 0..10 {
        let (lo, hi) = (f64::from(tenth) / 10.0, f64::from(tenth + 1) / 10.0);
        let bucket: Vec<&Sample> = all
            .iter()
            .filter(|s| {
                let p = anchored.chance(s);
                p >= lo && (p < hi || tenth == 9)
            })
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let n = bucket.len() as f64;
        let mean = |f: &dyn Fn(&Sample) -> f64| bucket.iter().map(|s| f(s)).sum::<f64>() / n;
        text += &format!(
            "{:>3.0}% to {:>3.0}%                 {:>9}  {:>7.1}%  {:>7.1}%  {:>7.1}%\n",
            lo * 100.0,
            hi * 100.0,
            bucket.len(),
            mean(&|s| s.result) * 100.0,
            mean(&|s| anchored.chance(s)) * 100.0,
            mean(&|s| builtin.chance(s)) * 100.0,
        );
    }
    text
}

/// A curve's balances as `washita 800, fetterman 120`.
fn balances(f: &Fit) -> String {
    let parts: Vec<String> = f
        .balance
        .iter()
        .map(|(battle, b)| format!("{battle} {b:.0}"))
        .collect();
    parts.join(", ")
}
