//! The resident memory of the server's process over a run (`--rss PID`): sampled
//! from `/proc/PID/status` with the games the node holds (its `/metrics`), written
//! as CSV, summed up (a flat second half is bounded memory) and drawn as an SVG
//! chart.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{http, Stats};

/// One sample.
pub struct Sample {
    /// Since the sampling started.
    pub seconds: f64,
    pub rss_kib: u64,
    /// Games finished by then (this tool's count).
    pub finished: u64,
    /// Games the node held in memory (its `battaglie_games_live` gauge), if it said.
    pub live: Option<u64>,
}

/// The resident memory of `pid` in KiB (`VmRSS`).
pub fn rss_kib(pid: u32) -> Result<u64, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("/proc/{pid}/status: {e}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| format!("no VmRSS in /proc/{pid}/status"))
}

/// The node's `battaglie_games_live` gauge, if its `/metrics` answers.
async fn games_live(addr: SocketAddr) -> Option<u64> {
    let text = http(addr, "GET", "/metrics", "").await.ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("battaglie_games_live "))
        .and_then(|v| v.trim().parse().ok())
}

/// Samples in the background until stopped.
pub struct Sampler {
    stop: watch::Sender<bool>,
    task: JoinHandle<Vec<Sample>>,
}

impl Sampler {
    /// Samples `pid` now and every `every`; `addr` is the node's address.
    pub fn spawn(pid: u32, every: Duration, addr: SocketAddr, stats: Arc<Stats>) -> Sampler {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            let start = Instant::now();
            let mut samples = Vec::new();
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                // A last sample when stopped, so that the curve reaches the end.
                let last = tokio::select! {
                    _ = tick.tick() => false,
                    _ = stopped.changed() => true,
                };
                let seconds = start.elapsed().as_secs_f64();
                let rss_kib = match rss_kib(pid) {
                    Ok(kib) => kib,
                    Err(e) => {
                        eprintln!("load: --rss stops sampling: {e}");
                        break;
                    }
                };
                samples.push(Sample {
                    seconds,
                    rss_kib,
                    finished: stats.finished.load(Ordering::Relaxed),
                    live: games_live(addr).await,
                });
                if last {
                    break;
                }
            }
            samples
        });
        Sampler { stop, task }
    }

    /// Takes a last sample and returns them all.
    pub async fn stop(self) -> Vec<Sample> {
        let _ = self.stop.send(true);
        self.task.await.unwrap_or_default()
    }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The least-squares slope of the resident memory (MiB per second) over the
/// samples of the second half of the run; `None` with fewer than two of them.
fn slope(samples: &[Sample]) -> Option<f64> {
    let end = samples.last()?.seconds;
    let half: Vec<(f64, f64)> = samples
        .iter()
        .filter(|s| s.seconds >= end / 2.0)
        .map(|s| (s.seconds, mib(s.rss_kib)))
        .collect();
    if half.len() < 2 {
        return None;
    }
    let n = half.len() as f64;
    let (mx, my) = half
        .iter()
        .fold((0.0, 0.0), |(x, y), (a, b)| (x + a / n, y + b / n));
    let sxy: f64 = half.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = half.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// Prints the summary and writes the CSV and the chart, if asked.
pub fn report(
    samples: &[Sample],
    csv: Option<&Path>,
    svg: Option<&Path>,
    title: &str,
) -> Result<(), String> {
    let Some(first) = samples.first() else {
        return Err("--rss: no sample taken".into());
    };
    let mut sorted: Vec<u64> = samples.iter().map(|s| s.rss_kib).collect();
    sorted.sort_unstable();
    let per_10_min = slope(samples).map(|s| s * 600.0);
    let summary = format!(
        "first {:.1} MiB, min {:.1}, median {:.1}, max {:.1}; {}",
        mib(first.rss_kib),
        mib(sorted[0]),
        mib(sorted[sorted.len() / 2]),
        mib(sorted[sorted.len() - 1]),
        match per_10_min {
            Some(s) => format!("slope over the second half {s:+.2} MiB per 10 minutes"),
            None => "too few samples for a slope".into(),
        }
    );
    println!(
        "server resident memory ({} samples): {summary}",
        samples.len()
    );
    if let Some(max) = samples.iter().filter_map(|s| s.live).max() {
        let last = samples.iter().rev().find_map(|s| s.live).unwrap_or(0);
        println!("games in the server's memory: max {max}, last {last}");
    }
    if let Some(path) = csv {
        let mut out = String::from("seconds,rss_kib,games_finished,games_live\n");
        for s in samples {
            let live = s.live.map_or_else(String::new, |n| n.to_string());
            let _ = writeln!(out, "{:.1},{},{},{live}", s.seconds, s.rss_kib, s.finished);
        }
        std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = svg {
        std::fs::write(path, chart(samples, title, &summary))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// A round step (1, 2 or 5 times a power of ten) giving about six ticks up to `max`.
fn step(max: f64) -> f64 {
    let raw = (max / 6.0).max(1e-9);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power)
}

/// `value` with as many decimals as `step` needs.
fn tick_label(value: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    format!("{value:.decimals$}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart: resident memory (MiB, from 0) against minutes, and the games in
/// memory on a right-hand axis when the node told them.
fn chart(samples: &[Sample], title: &str, subtitle: &str) -> String {
    const W: f64 = 900.0;
    const H: f64 = 500.0;
    let (left, right, top, bottom) = (80.0, W - 90.0, 70.0, H - 60.0);
    let end = samples.last().map_or(1.0, |s| s.seconds / 60.0).max(1e-3);
    let x_step = step(end);
    let x_max = (end / x_step).ceil() * x_step;
    let rss_max = samples.iter().map(|s| mib(s.rss_kib)).fold(1.0, f64::max);
    // Headroom above the curves for the legend.
    let y_step = step(rss_max * 1.25);
    let y_max = (rss_max * 1.25 / y_step).ceil() * y_step;
    let x = |minutes: f64| left + (right - left) * minutes / x_max;
    let y = |value: f64, max: f64| bottom - (bottom - top) * value / max;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="28" font-size="18" font-weight="bold" text-anchor="middle">{}</text>"#,
        W / 2.0,
        escape(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="50" font-size="13" fill="#444" text-anchor="middle">{}</text>"##,
        W / 2.0,
        escape(subtitle)
    );
    // Grid and tick labels.
    let mut v = 0.0;
    while v <= y_max + y_step / 2.0 {
        let py = y(v, y_max);
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{py:.1}" x2="{right}" y2="{py:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" font-size="12" text-anchor="end">{}</text>"##,
            left - 8.0,
            py + 4.0,
            tick_label(v, y_step)
        );
        v += y_step;
    }
    let mut m = 0.0;
    while m <= x_max + x_step / 2.0 {
        let px = x(m);
        let _ = writeln!(
            s,
            r##"<line x1="{px:.1}" y1="{top}" x2="{px:.1}" y2="{bottom}" stroke="#ddd"/><text x="{px:.1}" y="{}" font-size="12" text-anchor="middle">{}</text>"##,
            bottom + 18.0,
            tick_label(m, x_step)
        );
        m += x_step;
    }
    let _ = writeln!(
        s,
        r#"<path d="M{left},{top} V{bottom} H{right}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" font-size="14" text-anchor="middle">minutes since start</text>"#,
        (left + right) / 2.0,
        H - 18.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(24 {}) rotate(-90)" font-size="14" text-anchor="middle">resident memory (MiB)</text>"#,
        (top + bottom) / 2.0
    );
    // The games in memory, on their own axis, under the memory's line.
    let live_max = samples.iter().filter_map(|s| s.live).max();
    if let Some(live_max) = live_max {
        let top_value = live_max.max(1) as f64 * 1.25;
        let l_step = step(top_value);
        let l_max = (top_value / l_step).ceil() * l_step;
        let _ = writeln!(
            s,
            r##"<path d="M{right},{top} V{bottom}" stroke="#e07b00"/>"##
        );
        let mut v = 0.0;
        while v <= l_max + l_step / 2.0 {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{:.1}" font-size="12" fill="#e07b00">{}</text>"##,
                right + 8.0,
                y(v, l_max) + 4.0,
                tick_label(v, l_step)
            );
            v += l_step;
        }
        let _ = writeln!(
            s,
            r##"<text transform="translate({} {}) rotate(90)" font-size="14" fill="#e07b00" text-anchor="middle">games in memory</text>"##,
            W - 22.0,
            (top + bottom) / 2.0
        );
        let points: Vec<String> = samples
            .iter()
            .filter_map(|p| p.live.map(|n| (p.seconds, n)))
            .map(|(t, n)| format!("{:.1},{:.1}", x(t / 60.0), y(n as f64, l_max)))
            .collect();
        let _ = writeln!(
            s,
            r##"<polyline points="{}" fill="none" stroke="#e07b00" stroke-width="1.5" stroke-dasharray="6 4"/>"##,
            points.join(" ")
        );
    }
    let points: Vec<String> = samples
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.seconds / 60.0), y(mib(p.rss_kib), y_max)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#1f5fa8" stroke-width="2.5"/>"##,
        points.join(" ")
    );
    // Legend, top left inside the plot.
    let _ = writeln!(
        s,
        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#1f5fa8" stroke-width="2.5"/><text x="{}" y="{}" font-size="13">resident memory (MiB)</text>"##,
        left + 12.0,
        top + 16.0,
        left + 40.0,
        top + 16.0,
        left + 48.0,
        top + 20.0
    );
    if live_max.is_some() {
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#e07b00" stroke-width="1.5" stroke-dasharray="6 4"/><text x="{}" y="{}" font-size="13">games in memory</text>"##,
            left + 12.0,
            top + 36.0,
            left + 40.0,
            top + 36.0,
            left + 48.0,
            top + 40.0
        );
    }
    s.push_str("</svg>\n");
    s
}
