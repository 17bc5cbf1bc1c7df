//! The winning chance a player reads: one number, the same at every level, that
//! puts each battle's start at its measured result.

use std::sync::atomic::AtomicBool;

use battaglie_ai::chance::MEASURED_START;
use battaglie_ai::{computer_turn, win_chance, Limits, Sport, MAX_LEVEL};
use battaglie_rules::{Game, Position, Scenario, Side};

/// The Army's winning chance as a player reads it after the computer, at `level`,
/// has played its turn in `game`: from the score its sport recorded.
fn army_chance_after_turn(game: &Game, level: u8) -> f64 {
    let limits = Limits {
        level: Some(level),
        ..Limits::default()
    };
    let mut sport = Sport::new();
    let turn = computer_turn(game, &limits, &mut sport, &AtomicBool::new(false), |_| {})
        .expect("an open game has a move");
    assert_eq!(
        sport.scores().last(),
        Some(&turn.score),
        "the sport hears it"
    );
    let mover = game.position().side_to_move();
    let chance = win_chance(game.position().scenario(), mover, turn.score);
    if mover == Side::Army {
        chance
    } else {
        1.0 - chance
    }
}

#[test]
fn the_start_of_each_battle_shows_its_measured_score_within_ten_points_at_every_level() {
    for (id, measured) in MEASURED_START {
        let game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
        for level in 1..=MAX_LEVEL {
            let shown = army_chance_after_turn(&game, level);
            assert!(
                (shown - measured).abs() <= 0.10,
                "{id} at level {level}: the Army is shown {:.1}% where it scores {:.1}%",
                shown * 100.0,
                measured * 100.0
            );
        }
    }
}

#[test]
fn a_weak_level_and_the_strongest_show_one_position_the_same_chance() {
    for (id, _) in MEASURED_START {
        let mut game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
        // One move in, as a player meets it: the computer's opening move.
        let first = computer_turn(
            &game,
            &Limits {
                level: Some(4),
                ..Limits::default()
            },
            &mut Sport::new(),
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
        game.play(&first.best);
        let weak = army_chance_after_turn(&game, 2);
        let strong = army_chance_after_turn(&game, MAX_LEVEL);
        assert_eq!(weak, strong, "{id}: level 2 and level {MAX_LEVEL} disagree");
    }
}
