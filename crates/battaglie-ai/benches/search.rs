//! Evaluation and search speed: the static evaluation of each battle's start and a
//! mid-game position, and a depth-limited search from each battle's start.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use battaglie_ai::{evaluate, search, Limits};
use battaglie_rules::{Game, Position, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};

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
        for (label, pos) in [("start", Position::start(s)), ("mid", midgame(s, 20))] {
            c.bench_function(&format!("evaluate/{}/{label}", s.id()), |b| {
                b.iter(|| evaluate(black_box(&pos)))
            });
        }
        let game = Game::new(Position::start(s));
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let mut group = c.benchmark_group("search");
        group.sample_size(10);
        group.bench_function(format!("{}/depth4", s.id()), |b| {
            b.iter(|| search(black_box(&game), &limits, &stop, |_| {}))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
