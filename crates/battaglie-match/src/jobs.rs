//! The games of a match: numbered, alternating sides, over the battles in turn, from
//! seeded random openings, each with the seed of its players' randomness.

use std::sync::Arc;

use battaglie_rules::{Game, Move, Position, Rng, Scenario};

use crate::player::Player;

/// One game to play.
#[derive(Debug, Clone)]
pub struct Job {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle.
    pub scenario: Arc<Scenario>,
    /// The moves played before the players take over.
    pub opening: Vec<Move>,
    /// Whether player A has the Army.
    pub a_is_army: bool,
    /// The seed of the built-in players' randomness in this game.
    pub seed: u64,
}

/// The `games` games of a match between `a` and `b` over `scenarios` in turn, after
/// `openings` random plies, all drawn from `seed`.
///
/// Pairs of games swap sides from the same opening; a player against itself would
/// only replay the same game, so there every game gets an opening of its own.
///
/// # Panics
/// When `scenarios` is empty.
pub fn jobs(
    a: &Player,
    b: &Player,
    scenarios: &[Arc<Scenario>],
    games: usize,
    openings: u32,
    seed: u64,
) -> Vec<Job> {
    assert!(!scenarios.is_empty(), "a match needs a battle");
    let mut rng = Rng::new(seed);
    let mirror = a == b;
    let mut pair_opening = Vec::new();
    let mut jobs = Vec::with_capacity(games);
    for index in 0..games {
        let pair = if mirror { index } else { index / 2 };
        let scenario = &scenarios[pair % scenarios.len()];
        if mirror || index % 2 == 0 {
            pair_opening = if openings > 0 {
                opening(scenario, openings, &mut rng)
            } else {
                Vec::new()
            };
        }
        jobs.push(Job {
            index,
            scenario: Arc::clone(scenario),
            opening: pair_opening.clone(),
            a_is_army: if mirror {
                index / scenarios.len() % 2 == 0
            } else {
                index % 2 == 0
            },
            seed: seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        });
    }
    jobs
}

/// Plays up to `plies` random legal moves on `game`, stopping early if it ends.
pub fn random_plies(game: &mut Game, plies: u32, rng: &mut Rng) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(&mv);
    }
}

/// A random opening of `plies` plies from the start that does not end the game
/// (none after 100 tries).
pub fn opening(scenario: &Arc<Scenario>, plies: u32, rng: &mut Rng) -> Vec<Move> {
    for _ in 0..100 {
        let mut game = Game::new(Position::start(scenario));
        random_plies(&mut game, plies, rng);
        if !game.is_over() {
            return game.moves().copied().collect();
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(spec: &str) -> Player {
        spec.parse().unwrap()
    }

    #[test]
    fn pairs_of_games_share_an_opening_and_swap_sides() {
        let scenarios = Scenario::builtins().to_vec();
        let jobs = jobs(&player("level:2"), &player("level:1"), &scenarios, 6, 4, 7);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].scenario.id(), pair[1].scenario.id());
            assert!(pair[0].a_is_army && !pair[1].a_is_army);
            assert_eq!(pair[0].opening.len(), 4);
        }
        assert_ne!(jobs[0].scenario.id(), jobs[2].scenario.id());
        assert_ne!(jobs[0].seed, jobs[1].seed);
    }

    #[test]
    fn the_same_seed_gives_the_same_openings_and_another_seed_others() {
        let scenarios = vec![Scenario::builtin("washita").unwrap()];
        let (a, b) = (player("level:2"), player("level:1"));
        let openings = |seed| -> Vec<Vec<Move>> {
            jobs(&a, &b, &scenarios, 4, 6, seed)
                .into_iter()
                .map(|j| j.opening)
                .collect()
        };
        assert_eq!(openings(3), openings(3));
        assert_ne!(openings(3), openings(4));
    }

    #[test]
    fn a_player_against_itself_gets_an_opening_per_game() {
        let scenarios = vec![Scenario::builtin("washita").unwrap()];
        let a = player("level:2");
        let jobs = jobs(&a, &a, &scenarios, 2, 6, 1);
        assert_ne!(jobs[0].opening, jobs[1].opening);
    }
}
