//! `battaglie ladder`: each level against the one below it, with a table and a chart
//! of the levels' Elo (level 1 = 0).

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use battaglie_ai::{level_nodes, MAX_LEVEL};

use crate::matches::{play_match, MatchArgs};
use battaglie_match::score_and_error;

/// Arguments of `battaglie ladder`.
#[derive(clap::Args)]
pub struct LadderArgs {
    /// Games per rung (level k against level k-1), alternating sides.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..))]
    pub games: u32,
    /// Divide every level's node budget by this (statistics at a reduced budget).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub scale: u64,
    /// Within each rung, scale both budgets down by the same factor so that the upper
    /// level's is at most this many nodes (the levels' budget ratio is kept).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// The lowest level of the ladder; rungs run from it + 1 to 8.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..8))]
    pub from: u8,
    /// The battle: washita, fetterman, apache-pass, a scenario file, or `all`.
    #[arg(long, default_value = "all")]
    pub battle: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Seeded random plies before each pair of games.
    #[arg(long, default_value_t = 4)]
    pub openings: u32,
    /// The seed of the openings and of the levels' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the records (`rung-K.jsonl`), the table (`ladder.md`) and the chart
    /// (`ladder.svg`) go.
    #[arg(long, default_value = "ladder")]
    pub out: PathBuf,
}

/// One rung's result.
struct Rung {
    level: u8,
    games: usize,
    score: f64,
    /// Standard error of the score.
    se: f64,
    decided: u32,
    decided_won: u32,
}

impl Rung {
    fn decided_share(&self) -> Option<f64> {
        (self.decided > 0).then(|| f64::from(self.decided_won) / f64::from(self.decided))
    }
}

/// The player specs of rung `level` (level against level - 1) at the ladder's budgets.
fn rung_specs(level: u8, args: &LadderArgs) -> (String, String) {
    let nodes = |l: u8| level_nodes(l).expect("levels 1..=8") / args.scale;
    let (upper, lower) = (nodes(level), nodes(level - 1));
    let cap = args.max_nodes.unwrap_or(u64::MAX).min(upper).max(1);
    // The lower budget shrinks by the upper's factor: u128 keeps the product exact.
    let lower = (u128::from(lower) * u128::from(cap) / u128::from(upper.max(1))) as u64;
    let spec = |l: u8, n: u64| format!("level:{l},nodes:{}", n.max(1));
    (spec(level, cap), spec(level - 1, lower))
}

/// How the ladder's budgets were reduced, for the table's heading and the chart's title.
fn budgets(args: &LadderArgs) -> String {
    let mut parts = Vec::new();
    if args.scale > 1 {
        parts.push(format!("budgets / {}", args.scale));
    }
    if let Some(n) = args.max_nodes {
        parts.push(format!("at most {n} nodes per rung"));
    }
    if parts.is_empty() {
        parts.push("full budgets".to_string());
    }
    parts.join(", ")
}

/// Elo from a score, clamped so that a clean sweep still draws.
fn elo(score: f64) -> f64 {
    let s = score.clamp(0.01, 0.99);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Runs the ladder and writes its records, table and chart.
pub fn run(args: LadderArgs) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut rungs = Vec::new();
    for level in args.from + 1..=MAX_LEVEL {
        let (upper, lower) = rung_specs(level, &args);
        eprintln!("rung {level}: {upper} against {lower}");
        let played = play_match(&MatchArgs {
            a: upper,
            b: Some(lower),
            engine: None,
            games: args.games,
            battle: args.battle.clone(),
            concurrency: args.concurrency,
            openings: args.openings,
            seed: args.seed.wrapping_add(u64::from(level)),
            out: Some(args.out.join(format!("rung-{level}.jsonl"))),
            // Played out, as when the tables of docs/notebook/strength.md were made.
            play_out: true,
        })?;
        eprint!("{}", played.report);
        let (score, se) = score_and_error(&played.points);
        rungs.push(Rung {
            level,
            games: played.points.len(),
            score,
            se,
            decided: played.decided.0,
            decided_won: played.decided.1,
        });
    }
    let table = table(&args, &rungs);
    let md = args.out.join("ladder.md");
    std::fs::write(&md, &table).with_context(|| format!("cannot write {}", md.display()))?;
    let svg = args.out.join("ladder.svg");
    std::fs::write(&svg, chart(&args, &rungs))
        .with_context(|| format!("cannot write {}", svg.display()))?;
    crate::out::emit(&format!(
        "{table}table: {}\nchart: {}\n",
        md.display(),
        svg.display()
    ))
}

/// The Markdown table of the rungs, with each level's Elo above level `from`.
fn table(args: &LadderArgs, rungs: &[Rung]) -> String {
    let mut out = format!(
        "Ladder: {} games per rung on {}, {}, {} random opening plies, seed {}.\n\n",
        args.games,
        args.battle,
        budgets(args),
        args.openings,
        args.seed
    );
    out +=
        "| rung | budgets | games | score | decided | share of decided | Elo step (95%) | Elo |\n";
    out += "|---|---|---:|---:|---:|---:|---:|---:|\n";
    let mut total = 0.0;
    for r in rungs {
        let step = elo(r.score);
        total += step;
        let share = r
            .decided_share()
            .map_or("-".to_string(), |s| format!("{:.1}%", s * 100.0));
        let (upper, lower) = rung_specs(r.level, args);
        let _ = writeln!(
            out,
            "| {} v {} | {upper} v {lower} | {} | {:.1}% | {} | {share} | {:+.0} ({:+.0} to {:+.0}) | {:+.0} |",
            r.level,
            r.level - 1,
            r.games,
            r.score * 100.0,
            r.decided,
            step,
            elo(r.score - 1.96 * r.se),
            elo(r.score + 1.96 * r.se),
            total,
        );
    }
    out
}

/// An SVG line chart of each level's Elo (the sum of the steps below it), with the
/// 95% interval of each step drawn as a bar.
fn chart(args: &LadderArgs, rungs: &[Rung]) -> String {
    let (w, h, pad) = (640.0, 400.0, 56.0);
    let mut elos = vec![(args.from, 0.0, 0.0, 0.0)];
    let mut total = 0.0;
    for r in rungs {
        let (lo, hi) = (elo(r.score - 1.96 * r.se), elo(r.score + 1.96 * r.se));
        let step = elo(r.score);
        elos.push((r.level, total + step, total + lo, total + hi));
        total += step;
    }
    let max = elos.iter().map(|e| e.3).fold(100.0f64, f64::max);
    let min = elos.iter().map(|e| e.2).fold(0.0f64, f64::min);
    let levels = f64::from(MAX_LEVEL - args.from).max(1.0);
    let x = |level: u8| pad + f64::from(level - args.from) / levels * (w - 2.0 * pad);
    let y = |elo: f64| h - pad - (elo - min) / (max - min).max(1.0) * (h - 2.0 * pad);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf7ee\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">battaglie levels: Elo above level {} ({} games per rung, {})</text>\n",
        w / 2.0,
        args.from,
        args.games,
        budgets(args)
    );
    // Axes, grid and labels.
    let step = if max - min > 1200.0 { 200.0 } else { 100.0 };
    let mut tick = (min / step).floor() * step;
    while tick <= max {
        let ty = y(tick);
        let _ = writeln!(
            svg,
            "<line x1=\"{pad}\" x2=\"{}\" y1=\"{ty:.1}\" y2=\"{ty:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{tick:.0}</text>",
            w - pad,
            pad - 8.0,
            ty + 4.0,
        );
        tick += step;
    }
    for level in args.from..=MAX_LEVEL {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{level}</text>",
            x(level),
            h - pad + 20.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">level</text>",
        w / 2.0,
        h - 12.0
    );
    // Interval bars, the line and the points.
    for &(level, _, lo, hi) in &elos[1..] {
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#b58b4c\" stroke-width=\"3\"/>",
            y(lo),
            y(hi),
            x = x(level)
        );
    }
    let points: Vec<String> = elos
        .iter()
        .map(|&(level, e, _, _)| format!("{:.1},{:.1}", x(level), y(e)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#7a2e1d\" stroke-width=\"2\"/>",
        points.join(" ")
    );
    for &(level, e, _, _) in &elos {
        let _ = writeln!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"#7a2e1d\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{e:+.0}</text>",
            x(level),
            y(e),
            x(level),
            y(e) - 10.0
        );
    }
    svg += "</svg>\n";
    svg
}
