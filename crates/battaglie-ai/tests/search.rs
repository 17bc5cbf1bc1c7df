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
