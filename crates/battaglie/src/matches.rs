//! `battaglie match`: games between two players, built-in or external engines.
//!
//! A player is the built-in engine with a budget (`level:N`, `depth:N`, `nodes:N`,
//! `movetime:MS`, `seed:N`, combinable with commas) or an external program speaking the
//! engine protocol (`engine:"cmd args"`, optionally followed by `,limit:N` for its
//! `go` command). Games alternate sides in pairs, over one or all battles, from
//! the start or from seeded random openings, several at a time. The match itself
//! (specs, openings, one game, the table) is the `battaglie-match` crate's; here are
//! the command's arguments, the threads, the progress bar and the records file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context};
use battaglie_match::{jobs, play, report, GameResult, Player, Tally};
use battaglie_rules::record::iso_date;
use battaglie_rules::Scenario;
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Player A: `level:N`, `depth:N`, `nodes:N`, `movetime:MS`, `threads:N`, `seed:N`, evaluation
    /// weights such as `press:6` and `nnue:FILE` for a learned evaluation (joined by commas), or
    /// `engine:"cmd args"` for an external program speaking the protocol.
    #[arg(long = "a", value_name = "SPEC", default_value = "level:8")]
    pub a: String,
    /// Player B, written like player A.
    #[arg(
        long = "b",
        value_name = "SPEC",
        required_unless_present = "engine",
        conflicts_with = "engine"
    )]
    pub b: Option<String>,
    /// Player B is this external program speaking the protocol (a command line, quoted as
    /// a shell would), asked `go movetime 100` for each move: the same as
    /// `--b 'engine:"CMD"'`.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// The number of games (pairs of games swap sides).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The battle: washita, fetterman, apache-pass, a scenario file, or `all` (round robin).
    #[arg(long, default_value = "all")]
    pub battle: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Start each pair of games (each game, when a player meets itself) after this many
    /// seeded random plies.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub openings: u32,
    /// The seed of the random openings and of the built-in players' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The file receiving one JSON game record per line [default: match-<timestamp>.jsonl].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Play every game to its end: built-in players neither resign lost positions nor
    /// agree draws (see `battaglie_ai::Sport`).
    #[arg(long)]
    pub play_out: bool,
}

/// The two players of a match and the names its report gives them.
fn players(args: &MatchArgs) -> anyhow::Result<[(Player, String); 2]> {
    let a = (args.a.parse()?, args.a.clone());
    let b = match (&args.b, &args.engine) {
        (Some(spec), _) => (spec.parse()?, spec.clone()),
        (None, Some(cmd)) => (
            Player::engine(cmd).context("--engine")?,
            format!("engine:{cmd:?}"),
        ),
        (None, None) => bail!("player B is missing: give --b SPEC or --engine CMD"),
    };
    Ok([a, b])
}

/// Today's date (UTC) and a timestamp for file names.
fn now() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let date = iso_date(i64::try_from(secs).unwrap_or(0));
    let rem = secs % 86_400;
    let stamp = format!(
        "{}-{:02}{:02}{:02}",
        date.replace('-', ""),
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    );
    (date, stamp)
}

/// Writes the records in game order as the games finish (in any order).
struct Writer {
    file: File,
    next: usize,
    pending: BTreeMap<usize, String>,
    error: Option<std::io::Error>,
}

impl Writer {
    fn add(&mut self, index: usize, record: String) {
        self.pending.insert(index, record);
        while let Some(record) = self.pending.remove(&self.next) {
            self.next += 1;
            if self.error.is_none() {
                if let Err(e) = writeln!(self.file, "{record}").and_then(|()| self.file.flush()) {
                    self.error = Some(e);
                }
            }
        }
    }
}

/// Runs `battaglie match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let played = play_match(&args)?;
    crate::out::emit(&played.report)
}

/// A finished match: A's points per game (in game order) and the printed report.
pub struct Played {
    /// A's points in each game: 1, 0.5 or 0.
    pub points: Vec<f64>,
    /// Games that ended with a winner, and how many A won.
    pub decided: (u32, u32),
    /// The report `battaglie match` prints.
    pub report: String,
}

/// Plays the match `args` describes (with its progress bar) and writes its records.
pub fn play_match(args: &MatchArgs) -> anyhow::Result<Played> {
    let [(a, a_name), (b, b_name)] = players(args)?;
    let scenarios: Vec<Arc<Scenario>> = if args.battle == "all" {
        Scenario::builtins().to_vec()
    } else {
        vec![crate::scenarios::load(&args.battle)?]
    };
    let (date, stamp) = now();
    let out_path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("match-{stamp}.jsonl")));
    let out =
        File::create(&out_path).with_context(|| format!("cannot create {}", out_path.display()))?;
    let out = Mutex::new(Writer {
        file: out,
        next: 0,
        pending: BTreeMap::new(),
        error: None,
    });

    let jobs = jobs(
        &a,
        &b,
        &scenarios,
        args.games as usize,
        args.openings,
        args.seed,
    );

    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} match [{bar:30}] {pos}/{len} games, {elapsed} {msg}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message("A 0 / draws 0 / B 0");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let tally = Mutex::new(Tally::default());
    let names = (a_name.as_str(), b_name.as_str());
    let workers = (args.concurrency as usize).min(jobs.len()).max(1);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                let result = play(job, &a, &b, names, &date, args.play_out);
                out.lock()
                    .expect("no panic while writing")
                    .add(result.index, result.record.clone());
                {
                    let mut t = tally.lock().expect("no panic while counting");
                    t.add(result.a_points());
                    bar.set_message(format!("A {} / draws {} / B {}", t.wins, t.draws, t.losses));
                }
                if let Some(f) = &result.forfeit {
                    bar.println(f);
                }
                bar.inc(1);
                results
                    .lock()
                    .expect("no panic while collecting")
                    .push(result);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = out.into_inner().expect("workers finished").error {
        return Err(e).with_context(|| format!("cannot write {}", out_path.display()));
    }
    let mut results = results.into_inner().expect("workers finished");
    results.sort_by_key(|r| r.index);
    let mut text = report(&a_name, &b_name, &results);
    text += &format!("records: {}\n", out_path.display());
    let points: Vec<f64> = results.iter().map(GameResult::a_points).collect();
    let wins = points.iter().filter(|&&p| p >= 1.0).count() as u32;
    let losses = points.iter().filter(|&&p| p <= 0.0).count() as u32;
    Ok(Played {
        points,
        decided: (wins + losses, wins),
        report: text,
    })
}
