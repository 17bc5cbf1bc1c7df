//! The positions of `battaglie bench`: the three battles' starts and positions
//! reached from them by seeded random plies. Here, beside the seeded openings, so
//! that the native program and the browser's engine search the same positions.

use battaglie_rules::{Game, Position, Rng, Scenario};

use crate::jobs::random_plies;

/// The random plies played from each battle's start to make the bench positions.
const PLIES: [u32; 4] = [0, 6, 12, 20];

/// The seed of the bench positions' random plies.
const SEED: u64 = 0x0b5e_55ed_1877_u64;

/// The bench positions: (label, game), in a fixed order.
pub fn bench_positions() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for scenario in Scenario::builtins() {
        for (i, &plies) in PLIES.iter().enumerate() {
            let mut rng = Rng::new(SEED ^ ((i as u64) << 32) ^ plies as u64);
            let mut game = Game::new(Position::start(scenario));
            random_plies(&mut game, plies, &mut rng);
            if game.is_over() {
                continue;
            }
            let label = format!("{} +{}", scenario.id(), game.moves().len());
            out.push((label, game));
        }
    }
    out
}
