//! The computer's turn as every front end plays it: the search, the outlook's score
//! of the position ([`crate::outlook`]) that its side's [`Sport`] records, the
//! endgame table installed for the battle, and the gesture (resign, offer a draw)
//! that may go with the move.
//!
//! The web server, the terminal, the engine protocol and the match runner all play
//! the computer through [`computer_turn`], or, where the search runs apart from the
//! side's [`Sport`] (a thread that reports progress), through [`Sport::follow`].

use std::sync::atomic::AtomicBool;

use battaglie_rules::{Game, Move, Position};
use battaglie_tablebase::registry::installed;

use crate::limits::Limits;
use crate::outlook::outlook;
use crate::search::{search, Info, Score};
use crate::sport::{Gesture, Sport};

/// What the computer does on its turn.
#[derive(Debug, Clone)]
pub struct Turn {
    /// The move it plays (unless its gesture is to resign).
    pub best: Move,
    /// The outlook's score of the position it moved from, the side's own view
    /// ([`outlook`]): the score its winning chance is read from, at every level.
    pub score: Score,
    /// Whether it resigns instead of moving, or offers a draw with its move.
    pub gesture: Option<Gesture>,
    /// The search's last finished iteration: its line, depth and node count.
    pub info: Info,
}

impl Sport {
    /// Follows its side's turn from `root`: records the outlook's score of it
    /// ([`outlook`], whatever the level searched) and says, with the battle's
    /// endgame table if one is installed, whether to resign or offer a draw.
    pub fn follow(&mut self, root: &Position) -> (Score, Option<Gesture>) {
        let score = outlook(root);
        self.record(score);
        (score, self.gesture(root, installed(root.scenario())))
    }
}

/// The computer's turn in `game` for the side to move, followed by that side's
/// `sport`; `on_iteration` hears each finished iteration, `stop` ends the search
/// early. `None` when the game is over (there is no move to choose).
pub fn computer_turn(
    game: &Game,
    limits: &Limits,
    sport: &mut Sport,
    stop: &AtomicBool,
    on_iteration: impl FnMut(&Info),
) -> Option<Turn> {
    let found = search(game, limits, stop, on_iteration)?;
    let (score, gesture) = sport.follow(game.position());
    Some(Turn {
        best: found.best,
        score,
        gesture,
        info: found.info,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Scenario;

    #[test]
    fn a_computer_turn_plays_a_legal_move_and_its_sport_hears_the_score() {
        let scenario = Scenario::builtin("fetterman").unwrap();
        let game = Game::new(Position::start(&scenario));
        let limits = Limits {
            level: Some(1),
            ..Limits::default()
        };
        let mut sport = Sport::new();
        let turn = computer_turn(&game, &limits, &mut sport, &AtomicBool::new(false), |_| {})
            .expect("a battle at its start has moves");
        assert!(game.legal_moves().contains(&turn.best));
        assert!(sport.has_scores());
        assert_eq!(turn.gesture, None, "nobody resigns on the first move");
    }
}
