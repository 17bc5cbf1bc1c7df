//! Positions of every battle for the views' tests: the start, and on along
//! lines of play that seek the enemy, so that some moves eliminate and some
//! stacks split.

use battaglie_rules::{Game, Move, Position, Rng, Scenario, Square};

/// How far the pieces a move sends end from the nearest enemy stack.
fn distance(pos: &Position, mv: &Move) -> u32 {
    let enemies: Vec<Square> = pos.squares_of(!pos.side_to_move()).collect();
    let apart = |a: Square, b: Square| {
        let file = |s: Square| i32::from(s.file().map_or(0, |f| f + 1));
        (file(a) - file(b)).unsigned_abs() + u32::from(a.rank().abs_diff(b.rank()))
    };
    mv.groups()
        .map(|g| enemies.iter().map(|&e| apart(g.to, e)).min().unwrap_or(0))
        .sum()
}

/// Positions of every battle: the start, and on along lines of play that seek
/// the enemy, so that some moves eliminate and some stacks split.
pub fn positions() -> Vec<Position> {
    let mut rng = Rng::new(16);
    let mut out = Vec::new();
    for s in Scenario::builtins() {
        let mut game = Game::new(Position::start(s));
        for _ in 0..300 {
            out.push(game.position().clone());
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Half the time the move that comes closest to the enemy, else any.
            let pos = game.position();
            let closest = legal.iter().min_by_key(|m| distance(pos, m)).copied();
            let any = legal[rng.below(legal.len())];
            game.play(&closest.filter(|_| rng.chance(50)).unwrap_or(any));
        }
    }
    out
}
