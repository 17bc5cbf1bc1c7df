//! Both sides' tallies of an analysed game.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Class, MoveAnalysis};
use battaglie_rules::Side;

/// One side's moves, average loss and marks.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Tally {
    /// Moves judged.
    pub moves: usize,
    /// The average loss per move, in centi-pieces, rounded (a lost win counts at most
    /// thirty Foot).
    pub average_loss: i64,
    /// Moves marked `?!`.
    pub inaccuracies: usize,
    /// Moves marked `?`.
    pub mistakes: usize,
    /// Moves marked `??`.
    pub blunders: usize,
}

/// Both sides' tallies.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Summary {
    /// The Army's.
    pub army: Tally,
    /// The Indians'.
    pub indians: Tally,
}

impl Summary {
    /// The tallies of `moves`.
    pub fn of(moves: &[MoveAnalysis]) -> Summary {
        let mut s = Summary::default();
        let mut loss = [0i64; 2];
        for m in moves {
            let t = s.side_mut(m.side);
            t.moves += 1;
            match m.class {
                Some(Class::Inaccuracy) => t.inaccuracies += 1,
                Some(Class::Mistake) => t.mistakes += 1,
                Some(Class::Blunder) => t.blunders += 1,
                None => {}
            }
            loss[m.side.index()] += i64::from(m.loss.min(Class::LOSS_CAP));
        }
        for side in Side::ALL {
            let t = s.side_mut(side);
            if t.moves > 0 {
                t.average_loss = (loss[side.index()] as f64 / t.moves as f64).round() as i64;
            }
        }
        s
    }

    /// `side`'s tally.
    pub fn side(&self, side: Side) -> &Tally {
        match side {
            Side::Army => &self.army,
            Side::Indians => &self.indians,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut Tally {
        match side {
            Side::Army => &mut self.army,
            Side::Indians => &mut self.indians,
        }
    }
}
