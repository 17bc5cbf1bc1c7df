//! The shallow search behind `go`: legal answers, wins found, limits honoured.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use battaglie_ai::{search, Limits, Score};
use battaglie_rules::{Game, Position, Scenario};

const SMALL: &str = include_str!("../../battaglie-rules/tests/conformance/c-small.toml");

fn small(bfen: &str) -> Game {
    let s = Scenario::from_toml("c-small.toml", SMALL).unwrap();
    Game::new(Position::from_bfen(&s, bfen).unwrap())
}

#[test]
fn search_eliminates_the_last_enemy_stack_when_it_can() {
    // The Army's Mounted on c2 can enter d2 and eliminate the last Indian piece.
    let game = small("|4/|2Mf/|4 A 0 5");
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = search(&game, &limits, &stop, |_| {}).unwrap();
    assert_eq!(r.best.to_string(), "c2:Mxd2");
    assert_eq!(r.info.score, Score::Win(1));
}

#[test]
fn search_answers_a_legal_move_in_every_battle() {
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = search(&game, &limits, &stop, |_| {}).unwrap();
        assert!(
            game.legal_moves().contains(&r.best),
            "{}: {}",
            s.id(),
            r.best
        );
    }
}

#[test]
fn search_on_a_finished_game_has_nothing_to_play() {
    let game = small("|4/|4/|F3 I 5 7");
    let stop = AtomicBool::new(false);
    assert!(search(&game, &Limits::default(), &stop, |_| {}).is_none());
}

#[test]
fn search_honours_a_node_budget_and_a_stop_flag() {
    let s = Scenario::builtin("washita").unwrap();
    let game = Game::new(Position::start(&s));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let r = search(&game, &limits, &stop, |_| {}).unwrap();
    assert!(r.info.nodes <= 2_000 + 1, "{}", r.info.nodes);
    let stopped = AtomicBool::new(true);
    let limits = Limits {
        movetime: Some(Duration::from_secs(600)),
        ..Limits::default()
    };
    let r = search(&game, &limits, &stopped, |_| {}).unwrap();
    assert!(game.legal_moves().contains(&r.best));
}

fn play_search(game: &Game, limits: &Limits) -> battaglie_ai::SearchResult {
    let stop = AtomicBool::new(false);
    search(game, limits, &stop, |_| {}).unwrap()
}

#[test]
fn search_finds_a_win_in_one_at_every_level() {
    let game = small("|4/|2Mf/|4 A 0 5");
    for level in 1..=battaglie_ai::MAX_LEVEL {
        let limits = Limits {
            level: Some(level),
            nodes: Some(20_000),
            ..Limits::default()
        };
        assert_eq!(play_search(&game, &limits).best.to_string(), "c2:Mxd2");
    }
}

#[test]
fn search_finds_a_win_in_three_plies() {
    // The Indian Foot on d3 must step next to one of the two horsemen.
    let game = small("|1M1f/|4/|3M A 0 5");
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let r = play_search(&game, &limits);
    assert_eq!(r.info.score, Score::Win(3), "{}", r.best);
    let mut g = game.clone();
    g.try_play(&r.best).unwrap();
    let reply = g.legal_moves();
    assert_eq!(reply.len(), 1);
    g.try_play(&reply[0]).unwrap();
    let r = play_search(&g, &limits);
    assert_eq!(r.info.score, Score::Win(1));
    g.try_play(&r.best).unwrap();
    assert!(g.is_over());
}

#[test]
fn levels_above_one_do_not_hang_a_stack() {
    // The Indian horseman on c2 threatens the three Army Foot on c1, which cannot
    // eliminate it but can step to b1 or d1, out of its reach.
    let game = small("|M3/|2m1/|2(FFF)1 A 0 5");
    for level in 2..=battaglie_ai::MAX_LEVEL {
        for seed in 0..4 {
            let limits = Limits {
                level: Some(level),
                nodes: Some(30_000),
                seed: Some(seed),
                ..Limits::default()
            };
            let r = play_search(&game, &limits);
            let mut g = game.clone();
            g.try_play(&r.best).unwrap();
            assert!(
                g.legal_moves().iter().all(|m| !m.is_capture()),
                "level {level} seed {seed}: {}",
                r.best
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        for level in [1, 2, 4, 6] {
            let limits = Limits {
                level: Some(level),
                seed: Some(42),
                ..Limits::default()
            };
            let a = play_search(&game, &limits);
            let b = play_search(&game, &limits);
            assert_eq!(a.best, b.best, "{} level {level}", s.id());
        }
    }
}

#[test]
fn stronger_levels_search_more_nodes() {
    let s = Scenario::builtin("washita").unwrap();
    let game = Game::new(Position::start(&s));
    let nodes = |level| {
        play_search(
            &game,
            &Limits {
                level: Some(level),
                ..Limits::default()
            },
        )
        .info
        .nodes
    };
    let (n1, n3, n5) = (nodes(1), nodes(3), nodes(5));
    assert!(n1 < n3 && n3 < n5, "{n1} {n3} {n5}");
}

#[test]
fn search_never_returns_an_illegal_move() {
    let mut seed = 7u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for s in Scenario::builtins() {
        for _ in 0..3 {
            let mut game = Game::new(Position::start(s));
            for ply in 0..60 {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_moves();
                if ply % 4 == 0 {
                    let limits = Limits {
                        level: Some((next() % 8) as u8 + 1),
                        nodes: Some(3_000),
                        seed: Some(next()),
                        ..Limits::default()
                    };
                    let r = play_search(&game, &limits);
                    assert!(legal.contains(&r.best), "{}: {}", s.id(), r.best);
                    for mv in &r.info.pv[..1] {
                        assert!(legal.contains(mv));
                    }
                }
                let mv = legal[(next() % legal.len() as u64) as usize];
                game.try_play(&mv).unwrap();
            }
        }
    }
}

#[test]
fn a_forced_pass_is_answered_with_pass() {
    // The Indian Foot on d1 cannot enter c1 or d2 (horsemen): it must pass.
    let game = small("|4/|3M/|2Mf I 0 5");
    let r = play_search(&game, &Limits::default());
    assert!(r.best.is_pass());
}

#[test]
fn the_stop_flag_ends_a_search_within_the_iteration_it_interrupts() {
    let s = Scenario::builtin("washita").unwrap();
    let game = Game::new(Position::start(&s));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        movetime: Some(Duration::from_secs(600)),
        ..Limits::default()
    };
    // Stopped as its second iteration ends: no later iteration may finish.
    let mut finished_after_stop = 0;
    let r = search(&game, &limits, &stop, |info| {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            finished_after_stop += 1;
        }
        if info.depth >= 2 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    })
    .unwrap();
    assert_eq!(finished_after_stop, 0, "iterations went on after the stop");
    assert_eq!(
        r.info.depth, 2,
        "the answer is the last finished iteration's"
    );
    assert!(game.legal_moves().contains(&r.best));
}

#[test]
fn the_bench_is_deterministic() {
    let (a, _) = battaglie_ai::bench(2);
    let (b, _) = battaglie_ai::bench(2);
    assert_eq!(a, b);
    assert!(a > 0);
}

#[test]
fn the_smallest_node_budget_still_finishes_depth_one() {
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        let tiny = play_search(
            &game,
            &Limits {
                nodes: Some(1),
                ..Limits::default()
            },
        );
        let one = play_search(
            &game,
            &Limits {
                depth: Some(1),
                ..Limits::default()
            },
        );
        assert_eq!(tiny.info.depth, 1, "{}", s.id());
        assert_eq!(tiny.best, one.best, "{}", s.id());
    }
}

#[test]
fn two_threads_answer_a_legal_move_and_count_both_threads_nodes() {
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        let one = play_search(
            &game,
            &Limits {
                depth: Some(4),
                ..Limits::default()
            },
        );
        let two = play_search(
            &game,
            &Limits {
                depth: Some(4),
                threads: Some(2),
                ..Limits::default()
            },
        );
        assert!(game.legal_moves().contains(&two.best), "{}", s.id());
        assert_eq!(two.info.depth, 4);
        assert!(two.info.nodes > 0 && one.info.nodes > 0);
    }
}

/// A seeded random player: the baseline every level must beat.
fn random_move(game: &Game, state: &mut u64) -> battaglie_rules::Move {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    let moves = game.legal_moves();
    moves[(*state % moves.len() as u64) as usize]
}

#[test]
fn level_8_at_a_small_budget_beats_a_random_mover_in_every_battle_from_both_sides() {
    for s in Scenario::builtins() {
        for engine_side in battaglie_rules::Side::ALL {
            let mut game = Game::new(Position::start(s));
            let mut state = 0x9e37_79b9_7f4a_7c15 ^ s.id().len() as u64;
            let limits = Limits {
                level: Some(8),
                nodes: Some(4_000),
                ..Limits::default()
            };
            while game.outcome().is_none() {
                let mv = if game.position().side_to_move() == engine_side {
                    play_search(&game, &limits).best
                } else {
                    random_move(&game, &mut state)
                };
                game.try_play(&mv).unwrap();
            }
            assert_eq!(
                game.outcome().and_then(|o| o.winner()),
                Some(engine_side),
                "{} with the engine as {engine_side:?}: {} after {} plies",
                s.id(),
                game.outcome().unwrap(),
                game.moves().len()
            );
        }
    }
}

#[test]
fn a_level_that_does_not_slip_searches_as_deep_as_its_budget_allows() {
    // Level 3 slips on 30% of its moves. On the others it plays its best move, so
    // it must not spend its 1,500 nodes scoring other candidates: it searches as a
    // plain search of that budget does (depth 3 at the start of Washita River).
    let s = Scenario::builtin("washita").unwrap();
    let game = Game::new(Position::start(&s));
    let plain = play_search(
        &game,
        &Limits {
            depth: Some(3),
            nodes: Some(1_500),
            ..Limits::default()
        },
    );
    assert_eq!(plain.info.depth, 3);
    let same = (0..20u64)
        .filter(|&seed| {
            let level = play_search(
                &game,
                &Limits {
                    level: Some(3),
                    seed: Some(seed),
                    ..Limits::default()
                },
            );
            assert!(level.info.depth >= 1, "seed {seed}");
            (level.best, level.info.depth) == (plain.best, plain.info.depth)
        })
        .count();
    assert!(
        same >= 10,
        "only {same} of 20 seeds played the plain search's move"
    );
}
