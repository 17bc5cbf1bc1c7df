//! Static evaluation, in centi-pieces (a Foot is 100) from the side to move's view.

use battaglie_rules::{Kind, Position, Side, Square};

/// The value of one piece of each kind (indexed by [`Kind::index`]): Mounted and
/// Vehicles eliminate every kind, Foot only Foot.
pub const PIECE_VALUE: [i32; 3] = [100, 300, 250];

/// Material plus a small bonus for the Army's pieces that have left staging and
/// for pieces standing where only Foot can reach them.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    for side in Side::ALL {
        for sq in pos.squares_of(side) {
            let (_, pieces) = pos.stack(sq).expect("an occupied square");
            for k in Kind::ALL {
                score[side.index()] += PIECE_VALUE[k.index()] * pieces.count(k) as i32;
            }
            score[side.index()] += placement_bonus(pos, sq, side) * pieces.total() as i32;
        }
    }
    let us = pos.side_to_move();
    score[us.index()] - score[(!us).index()]
}

fn placement_bonus(pos: &Position, sq: Square, side: Side) -> i32 {
    if sq.is_staging() {
        return -10;
    }
    let sheltered = pos
        .scenario()
        .terrain(sq)
        .is_some_and(|t| t.enter == Kind::Foot.set());
    let advance = match (side, sq.file()) {
        (Side::Army, Some(f)) => f as i32,
        _ => 0,
    };
    advance + if sheltered { 15 } else { 0 }
}
