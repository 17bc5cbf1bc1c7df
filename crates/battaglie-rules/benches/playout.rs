//! Random playouts: whole games of uniformly random legal moves from each battle's
//! start, measured in plies per second (issue target: 1,000,000 on one core).

use std::hint::black_box;

use battaglie_rules::{random_playout, Game, Position, Scenario};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// xorshift64*: the playout only needs some seeded numbers.
fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
    let mut x = seed | 1;
    move |n| {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// Games per measured iteration: enough plies that one iteration is a fair sample.
const GAMES: u64 = 20;

fn bench(c: &mut Criterion) {
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        let plies: u64 = (0..GAMES)
            .map(|seed| u64::from(random_playout(&game, numbers(seed)).plies))
            .sum();
        let mut group = c.benchmark_group(format!("playout/{}", s.id()));
        group.throughput(Throughput::Elements(plies));
        group.sample_size(20);
        group.bench_function(format!("{GAMES} random games"), |b| {
            b.iter(|| {
                for seed in 0..GAMES {
                    black_box(random_playout(black_box(&game), numbers(seed)));
                }
            })
        });
        group.bench_function(format!("{GAMES} random games through Game"), |b| {
            b.iter(|| {
                for seed in 0..GAMES {
                    let mut g = game.clone();
                    let mut pick = numbers(seed);
                    while !g.is_over() {
                        let moves = g.legal_moves();
                        let mv = moves[pick(moves.len())];
                        g.play(&mv).expect("a listed move is legal");
                    }
                    black_box(g.outcome());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
