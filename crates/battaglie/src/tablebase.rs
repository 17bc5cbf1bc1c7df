//! `battaglie tablebase build` and `battaglie tablebase probe`: the endgame tables.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use battaglie_rules::{Position, Scenario, Side};
use battaglie_tablebase::{registry, Tablebase, Value, MAX_PIECES};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie tablebase`.
#[derive(clap::Args)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    command: TablebaseCommand,
}

#[derive(clap::Subcommand)]
enum TablebaseCommand {
    /// Solve every position with up to N pieces of a battle (all three without --battle)
    /// and write `<battle>.btb` into the tables' directory.
    Build {
        /// Built-in battle id or a scenario file [default: every built-in battle].
        #[arg(long)]
        battle: Option<String>,
        /// The most pieces on the board (both sides, staging included).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=MAX_PIECES as i64))]
        pieces: u8,
        /// Where to write the tables [default: `BATTAGLIE_TABLEBASES`, else
        /// `battaglie/tablebases` in the user's data directory].
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Look a position up: its value, the best move, and every move's value.
    Probe {
        /// The position (BFEN, its four fields as one argument).
        bfen: String,
        /// Built-in battle id or a scenario file.
        #[arg(long, default_value = "washita")]
        battle: String,
        /// The tables' directory [default: as for build].
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// The tables' directory: `BATTAGLIE_TABLEBASES`, else `tablebases` in the data
/// directory ([`crate::data::dir`]).
pub fn default_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(registry::ENV) {
        return PathBuf::from(dir);
    }
    crate::data::dir().join("tablebases")
}

/// Runs `battaglie tablebase`.
///
/// # Errors
/// An unknown battle, a bad BFEN, a missing or damaged table, a file that cannot be written.
pub fn run(args: TablebaseArgs) -> anyhow::Result<()> {
    match args.command {
        TablebaseCommand::Build {
            battle,
            pieces,
            out,
        } => {
            let scenarios = match battle {
                Some(b) => vec![crate::scenarios::load(&b)?],
                None => Scenario::builtins().to_vec(),
            };
            let dir = out.unwrap_or_else(default_dir);
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let mut text = String::new();
            for s in &scenarios {
                text += &build(s, pieces, &dir)?;
            }
            crate::out::emit(&text)
        }
        TablebaseCommand::Probe { bfen, battle, dir } => {
            let scenario = crate::scenarios::load(&battle)?;
            let pos = Position::from_bfen(&scenario, &bfen)?;
            let path = dir
                .unwrap_or_else(default_dir)
                .join(registry::file_name(scenario.id()));
            if !path.exists() {
                anyhow::bail!(
                    "there is no table for {} in {}: build it with `battaglie tablebase build --battle {}`",
                    scenario.name(),
                    path.parent().unwrap_or(&path).display(),
                    scenario.id()
                );
            }
            let tb = Tablebase::load(&path, &scenario).with_context(|| {
                format!(
                    "cannot use the table {} (build it with `battaglie tablebase build --battle {}`)",
                    path.display(),
                    scenario.id()
                )
            })?;
            crate::out::emit(&probe(&tb, &pos)?)
        }
    }
}

fn build(scenario: &Scenario, pieces: u8, dir: &Path) -> anyhow::Result<String> {
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {prefix} {msg:>8} [{bar:30}] {percent}% of the positions, {elapsed} (eta {eta})",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(scenario.id().to_string());
    let started = Instant::now();
    let tb = Tablebase::build(scenario, pieces, |p| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_message(p.material.to_string());
    })?;
    bar.finish_and_clear();
    let built = started.elapsed();
    let path = dir.join(registry::file_name(scenario.id()));
    tb.save(&path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    let size = std::fs::metadata(&path)?.len();
    let (mut wins, mut draws, mut losses, mut longest) = (0, 0, 0, 0);
    for m in tb.materials() {
        let c = tb.counts(m).expect("listed materials are held");
        wins += c.wins;
        draws += c.draws;
        losses += c.losses;
        longest = longest.max(c.longest);
    }
    Ok(format!(
        "{}: {} materials, {} positions ({wins} won, {draws} drawn, {losses} lost for the side to move; \
         longest win {longest} plies to the next elimination), built in {:.1} s, {} ({:.1} MB)\n",
        scenario.id(),
        tb.materials().len(),
        wins + draws + losses,
        built.as_secs_f64(),
        path.display(),
        size as f64 / 1e6,
    ))
}

fn probe(tb: &Tablebase, pos: &Position) -> anyhow::Result<String> {
    let pieces = pos.piece_count(Side::Army) + pos.piece_count(Side::Indians);
    if let Some(outcome) = pos.outcome() {
        anyhow::bail!("the game is over here ({})", outcome.result_word());
    }
    if pieces > u32::from(tb.max_pieces()) {
        anyhow::bail!(
            "the table holds positions of at most {} pieces; this one has {pieces}",
            tb.max_pieces()
        );
    }
    let value = tb
        .probe(pos)
        .context("the table does not hold this position")?;
    let mut text = format!(
        "{} for {}\n",
        in_moves(value),
        pos.scenario().side_name(pos.side_to_move())
    );
    if let Some((best, _)) = tb.best_move(pos) {
        text += &format!("best {best}\n");
    }
    for mv in pos.legal_moves() {
        if let Some(v) = tb.after(pos, &mv) {
            text += &format!("{mv} {}\n", in_moves(v));
        }
    }
    text +=
        "(in N moves: to the next elimination on the winning line, each side's move counting one; \
             after a move, the value is for the side then to move)\n";
    Ok(text)
}

/// `win in 3 moves`, `loss in 1 move`, `draw`: the table's distance with its unit.
fn in_moves(value: Value) -> String {
    let moves = |n: u8| format!("{n} move{}", if n == 1 { "" } else { "s" });
    match value {
        Value::Win(n) => format!("win in {}", moves(n)),
        Value::Loss(n) => format!("loss in {}", moves(n)),
        Value::Draw => "draw".to_string(),
    }
}
