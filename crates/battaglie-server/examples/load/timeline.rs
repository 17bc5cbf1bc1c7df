//! The run second by second: how many moves were sent in each, and how long
//! their acknowledgements took. A p99 over the whole run does not say whether
//! every move waited a little or a few seconds stalled; this does.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// The moves sent in one second of the run.
pub struct Second {
    /// Seconds since the start of the run.
    pub at: u64,
    pub moves: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

/// `latencies` (when each move was sent, and its latency) second by second
/// from `start`, in order.
pub fn seconds(latencies: &[(Instant, Duration)], start: Instant) -> Vec<Second> {
    let mut by_second: Vec<Vec<Duration>> = Vec::new();
    for (sent, latency) in latencies {
        let Some(since) = sent.checked_duration_since(start) else {
            continue;
        };
        let at = since.as_secs() as usize;
        if by_second.len() <= at {
            by_second.resize_with(at + 1, Vec::new);
        }
        by_second[at].push(*latency);
    }
    by_second
        .into_iter()
        .enumerate()
        .filter(|(_, lat)| !lat.is_empty())
        .map(|(at, mut lat)| {
            lat.sort();
            Second {
                at: at as u64,
                moves: lat.len(),
                p50: super::percentile(&lat, 0.50),
                p99: super::percentile(&lat, 0.99),
                max: lat[lat.len() - 1],
            }
        })
        .collect()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Prints the three seconds of the highest p99.
pub fn print_slowest(seconds: &[Second]) {
    let mut slowest: Vec<&Second> = seconds.iter().collect();
    slowest.sort_by_key(|s| std::cmp::Reverse(s.p99));
    let told: Vec<String> = slowest
        .iter()
        .take(3)
        .map(|s| {
            format!(
                "second {} ({} moves, p99 {:.1} ms, max {:.1} ms)",
                s.at,
                s.moves,
                ms(s.p99),
                ms(s.max)
            )
        })
        .collect();
    if !told.is_empty() {
        println!("slowest seconds: {}", told.join(", "));
    }
}

/// Writes `seconds` as CSV to `path`.
///
/// # Errors
/// The file cannot be written.
pub fn write_csv(seconds: &[Second], path: &Path) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
    writeln!(out, "second,moves,p50_ms,p99_ms,max_ms").map_err(fail)?;
    for s in seconds {
        writeln!(
            out,
            "{},{},{:.2},{:.2},{:.2}",
            s.at,
            s.moves,
            ms(s.p50),
            ms(s.p99),
            ms(s.max)
        )
        .map_err(fail)?;
    }
    out.flush().map_err(fail)
}
