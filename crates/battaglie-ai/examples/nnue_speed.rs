//! How fast the learned evaluation's accumulator is: recomputed from the active
//! features at each position, or updated from the previous position's (the squares
//! a move touched). The hand-written evaluation's speed shows in the search's
//! nodes per second (`battaglie bench` with and without `--nnue FILE`).
//!
//! `cargo run -p battaglie-ai --release --example nnue_speed [-- HIDDEN]` (32 unless given).

use std::hint::black_box;
use std::time::Instant;

use battaglie_ai::nnue::{Accumulator, Network};
use battaglie_rules::{Position, Rng, Scenario, Side, Square};

fn main() {
    let hidden: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(32);
    let mut rng = Rng::new(1);
    let net = Network::from_fn(hidden, 1602, || rng.below(401) as i16 - 200);
    // Random games' positions, each with the move that led to it.
    let mut steps: Vec<(Position, Position, Vec<Square>)> = Vec::new();
    let mut rng = Rng::new(7);
    for scenario in Scenario::builtins() {
        for _ in 0..20 {
            let mut pos = Position::start(scenario);
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let mut touched: Vec<Square> = mv.from().into_iter().collect();
                touched.extend(mv.groups().map(|g| g.to));
                let before = pos.clone();
                pos.play_unchecked(&mv);
                steps.push((before, pos.clone(), touched));
            }
        }
    }
    let n = steps.len() as f64;
    let rounds = 20;
    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        for _ in 0..rounds {
            f();
        }
        t.elapsed().as_secs_f64() * 1e9 / (n * f64::from(rounds))
    };
    let refresh = time(&mut || {
        for (_, after, _) in &steps {
            let acc = Accumulator::refresh(&net, after);
            black_box(net.output(&acc, after.side_to_move()));
        }
    });
    let parents: Vec<Accumulator> = steps
        .iter()
        .map(|(before, _, _)| Accumulator::refresh(&net, before))
        .collect();
    let update = time(&mut || {
        for ((before, after, touched), parent) in steps.iter().zip(&parents) {
            let mut acc = parent.clone();
            acc.update(&net, before, after, touched);
            black_box(net.output(&acc, after.side_to_move()));
        }
    });
    let pieces: f64 = steps
        .iter()
        .map(|(_, p, _)| f64::from(p.piece_count(Side::Army) + p.piece_count(Side::Indians)))
        .sum::<f64>()
        / n;
    println!(
        "{} positions ({pieces:.1} pieces on average), hidden {hidden}: refresh {refresh:.0} ns, \
         incremental update (copy of the parent's accumulator included) {update:.0} ns \
         per position",
        steps.len()
    );
}
