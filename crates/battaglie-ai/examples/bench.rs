//! Prints the fixed benchmark's node signature and speed.
//!
//! `cargo run -p battaglie-ai --release --example bench -- [depth]`

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let (nodes, time) = battaglie_ai::bench(depth);
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    println!(
        "depth {depth}: {nodes} nodes in {} ms, {:.0} nodes/s",
        time.as_millis(),
        nps
    );
}
