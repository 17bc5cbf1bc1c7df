//! The weak levels' mistakes are a hasty player's: level 1 may take a piece and lose
//! a better one to the answer, levels 2 to 4 follow the exchange, level 8 never slips.

use std::sync::atomic::AtomicBool;

use battaglie_ai::{search, Limits};
use battaglie_rules::{Game, Position, Scenario};

const SMALL: &str = include_str!("../../battaglie-rules/tests/conformance/c-small.toml");

/// The Army's Mounted on b3 can take the Foot on c3, which the Indian Mounted on d3
/// then takes back: a Foot won, a Mounted lost.
fn defended_foot() -> Game {
    let s = Scenario::from_toml("c-small.toml", SMALL).unwrap();
    Game::new(Position::from_bfen(&s, "|1Mfm/|4/|F3 A 0 9").unwrap())
}

/// On how many of `seeds` seeds `level` takes the defended Foot.
fn takes_the_bait(level: u8, seeds: u64) -> usize {
    let game = defended_foot();
    let stop = AtomicBool::new(false);
    (0..seeds)
        .filter(|&seed| {
            let limits = Limits {
                level: Some(level),
                seed: Some(seed),
                ..Limits::default()
            };
            search(&game, &limits, &stop, |_| {})
                .unwrap()
                .best
                .to_string()
                == "b3:Mxc3"
        })
        .count()
}

#[test]
fn level_1_in_haste_sometimes_takes_a_defended_foot_and_loses_its_mounted() {
    // Level 1 slips on half its moves, and a slip does not look at the answer.
    let taken = takes_the_bait(1, 40);
    assert!(
        (5..=35).contains(&taken),
        "level 1 took the defended Foot on {taken} of 40 seeds"
    );
}

#[test]
fn levels_2_to_4_follow_the_exchange_even_when_they_slip() {
    for level in 2..=4 {
        assert_eq!(
            takes_the_bait(level, 40),
            0,
            "level {level} gave a Mounted for a Foot"
        );
    }
}

#[test]
fn level_8_never_gives_a_mounted_for_a_foot() {
    assert_eq!(takes_the_bait(8, 10), 0);
}
