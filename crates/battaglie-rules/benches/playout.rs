//! Random playouts: whole games of uniformly random legal moves from each battle's
//! start, measured in plies per second (issue target: 1,000,000 on one core).

use std::hint::black_box;

use battaglie_rules::{random_playout, Game, Position, Rng, Scenario};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Seeded choices from the workspace's generator.
fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = Rng::new(seed);
    move |n| rng.below(n)
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
                        g.play(&mv);
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
