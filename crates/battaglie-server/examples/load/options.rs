//! The command line of the load tool.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{CommandFactory, Parser};

use super::memory;

/// Load test of the server: online games over WebSocket, random legal moves.
#[derive(Parser)]
#[command(name = "load")]
pub struct Options {
    /// Games played at once (without --churn); each that ends is replaced by a new one.
    #[arg(long, default_value_t = 1000, conflicts_with = "churn",
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games: u64,
    /// Moves per second over all games; 0: as fast as the server answers (without --churn).
    #[arg(long, default_value_t = 2000.0, conflicts_with = "churn", value_parser = non_negative)]
    pub rate: f64,
    /// Every game moves exactly every `games / rate` seconds (without --churn),
    /// instead of after think times drawn around that mean: the games keep in
    /// step and end in waves.
    #[arg(long, conflicts_with = "churn")]
    pub fixed_pace: bool,
    /// Length of the run (at most 600 s; 1800 with --churn).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1800))]
    pub seconds: u64,
    /// The built-in scenario of the games.
    #[arg(long, default_value = "washita")]
    pub scenario: String,
    /// A running `battaglie serve --no-rate-limit` to load (loopback only) instead of
    /// one started in this process.
    #[arg(long, value_parser = loopback)]
    pub addr: Option<SocketAddr>,
    /// Where the Indians' seats connect (loopback only): another node than --addr's.
    #[arg(long, value_parser = loopback, requires = "addr")]
    pub other_addr: Option<SocketAddr>,
    /// NAME=PID,...: processes whose CPU time per move is reported.
    #[arg(long, value_parser = processes)]
    pub cpu: Option<Processes>,
    /// The in-process server on an in-memory database.
    #[arg(long, conflicts_with_all = ["addr", "db"])]
    pub memory: bool,
    /// The in-process server on this database (a SQLite path or a postgres:// URL).
    #[arg(long, conflicts_with = "addr")]
    pub db: Option<battaglie_server::Database>,
    /// Games created and finished per minute, steadily, instead of --games at once.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    pub churn: Option<u32>,
    /// With --churn: random moves each game plays before one seat resigns.
    #[arg(long, default_value_t = 20, requires = "churn",
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub moves_per_game: u32,
    /// With --churn: about how long each game lasts (its moves spread over it);
    /// 0: moves as fast as the server answers.
    #[arg(long, default_value_t = 10.0, requires = "churn", value_parser = game_seconds)]
    pub game_seconds: f64,
    /// The server's process id: its resident memory is sampled (needs --addr: the
    /// server's own process, not this one).
    #[arg(long, requires = "addr")]
    pub rss: Option<u32>,
    /// With --rss: seconds between samples.
    #[arg(long, default_value_t = 10, requires = "rss",
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub sample_seconds: u64,
    /// With --rss: the samples as CSV (seconds, rss_kib, games_finished, games_live).
    #[arg(long, requires = "rss")]
    pub samples: Option<PathBuf>,
    /// Each second of the run as CSV (second, moves, p50_ms, p99_ms, max_ms of the
    /// acknowledgements of the moves sent in it): where a tail comes from.
    #[arg(long)]
    pub timeline: Option<PathBuf>,
    /// With --rss: a chart of the resident memory over time, as SVG.
    #[arg(long, requires = "rss")]
    pub svg: Option<PathBuf>,
}

#[derive(Clone)]
pub struct Processes(pub Vec<(String, u32)>);

fn processes(list: &str) -> Result<Processes, String> {
    let mut all = Vec::new();
    for item in list.split(',') {
        let (name, pid) = item
            .split_once('=')
            .ok_or(format!("{item:?} is not NAME=PID"))?;
        let pid = pid.parse().map_err(|e| format!("{pid:?}: {e}"))?;
        all.push((name.to_string(), pid));
    }
    Ok(Processes(all))
}

fn loopback(text: &str) -> Result<SocketAddr, String> {
    let addr: SocketAddr = text.parse().map_err(|e| format!("{e}"))?;
    if !addr.ip().is_loopback() {
        return Err("not a loopback address".into());
    }
    Ok(addr)
}

fn non_negative(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
        _ => Err("not a number of 0 or more".into()),
    }
}

fn game_seconds(text: &str) -> Result<f64, String> {
    match non_negative(text)? {
        x if x <= 600.0 => Ok(x),
        _ => Err("at most 600".into()),
    }
}

impl Options {
    /// Checks what clap cannot say alone; exits with a usage error otherwise.
    pub fn checked(self) -> Options {
        if self.churn.is_none() && self.seconds > 600 {
            usage_error("--seconds is at most 600 without --churn (1800 with it)");
        }
        if let Some(pid) = self.rss {
            if let Err(e) = memory::rss_kib(pid) {
                usage_error(&format!("--rss {pid}: {e}"));
            }
        }
        self
    }
}

fn usage_error(msg: &str) -> ! {
    Options::command()
        .error(clap::error::ErrorKind::ValueValidation, msg)
        .exit()
}
