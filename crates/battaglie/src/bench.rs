//! `battaglie bench`: a fixed set of positions searched to a fixed depth.
//!
//! The total node count is a signature of the search: it changes only when the
//! search (or the rules) change. The positions are the three battles' starts and
//! positions reached from them by seeded random plies
//! ([`battaglie_match::bench_positions`], which the browser's engine searches too).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use battaglie_ai::Limits;
use battaglie_match::bench_positions;

/// Arguments of `battaglie bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// The depth every position is searched to, in plies.
    #[arg(long, default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Search threads (Lazy SMP). With more than one the node count depends on
    /// timing, so it is no signature: compare the times to depth instead.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Search with the learned evaluation read from this network file
    /// (`battaglie_ai::nnue`) instead of the hand-written one.
    #[arg(long, value_name = "FILE")]
    pub nnue: Option<std::path::PathBuf>,
}

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 4;

/// Runs `battaglie bench`.
pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let limits = Limits {
        depth: Some(args.depth),
        threads: Some(args.threads),
        network: match &args.nnue {
            Some(path) => Some(battaglie_ai::nnue::Network::load_static(path)?),
            None => None,
        },
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for (label, game) in bench_positions() {
        let started = Instant::now();
        let mut nodes = 0u64;
        let result = battaglie_ai::search(&game, &limits, &stop, |info| nodes = info.nodes);
        let elapsed = started.elapsed();
        if let Some(r) = &result {
            nodes = nodes.max(r.info.nodes);
        }
        let best = result
            .map(|r| r.best.to_string())
            .unwrap_or_else(|| "-".to_string());
        crate::out::emit(&format!(
            "{label:<16} {nodes:>12} nodes {:>8} ms  best {best}\n",
            elapsed.as_millis()
        ))?;
        total_nodes += nodes;
        total_time += elapsed;
    }
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    crate::out::emit(&format!(
        "bench: {total_nodes} nodes {nps} nps {} ms\n",
        total_time.as_millis()
    ))
}
