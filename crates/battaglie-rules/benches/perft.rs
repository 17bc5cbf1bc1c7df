//! Move-generation speed: perft from each battle's start and from a mid-game
//! position, with the last ply bulk-counted and with every move played.

use std::hint::black_box;

use battaglie_rules::{perft, perft_played, Position, Scenario};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The position after `plies` moves chosen by a fixed pseudo-random sequence.
fn midgame(scenario: &std::sync::Arc<Scenario>, plies: usize) -> Position {
    let mut pos = Position::start(scenario);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        pos.play_unchecked(&mv);
    }
    pos
}

fn bench(c: &mut Criterion) {
    for s in Scenario::builtins() {
        for (label, pos, depth) in [
            ("start", Position::start(s), 3),
            ("midgame", midgame(s, 30), 3),
        ] {
            let mut p = pos.clone();
            let nodes = perft(&mut p, depth);
            let mut group = c.benchmark_group(format!("perft/{}/{label}", s.id()));
            group.throughput(Throughput::Elements(nodes));
            group.sample_size(10);
            group.bench_function(format!("bulk depth {depth}"), |b| {
                b.iter(|| perft(black_box(&mut p), depth))
            });
            group.bench_function(format!("played depth {depth}"), |b| {
                b.iter(|| perft_played(black_box(&mut p), depth))
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
