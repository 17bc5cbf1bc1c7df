//! The score a front end shows: one unit and one view everywhere.
//!
//! The search weighs some terms for its own side only, which is right for choosing
//! a move but makes its score one-sided: the handicap credit of a side that starts
//! with fewer piece values, the opponent's pressure counted at a quarter, the draw
//! contempt. From the start of Washita River the Army's search says the Army is
//! ahead and the Indians' search says the Indians are. [`report_score`] takes the
//! one-sided part out at the root: the difference between the searching side's
//! static evaluation of the root and an onlooker's (both sides' terms weighed alike,
//! a draw worth 0). The protocol's `score`, `battaglie analyze` and the terminal all
//! show that number: centi-pieces (a Foot is 100) from the view of the side to move,
//! whose negation the other side would see.

use battaglie_rules::Position;

use crate::eval::{score, Start};
use crate::search::Score;
use crate::weights::Weights;

/// `found`, the score of a search of `pos` for its side to move with weights `w`, as
/// an onlooker's view from the side to move. Won and lost scores are unchanged.
pub fn report_score(pos: &Position, w: &Weights, found: Score) -> Score {
    match found {
        Score::Value(v) => {
            let start = Start::of(pos, w);
            let engine = score(pos, w, Some(pos.side_to_move()), &start);
            let onlooker = score(pos, w, None, &start);
            Score::Value(v - (engine - onlooker))
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{search, Limits};
    use battaglie_rules::{Game, Scenario};
    use std::sync::atomic::AtomicBool;

    fn reported(game: &Game) -> (i32, battaglie_rules::Move) {
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = search(game, &limits, &AtomicBool::new(false), |_| {}).unwrap();
        match report_score(game.position(), &limits.weights, r.info.score) {
            Score::Value(v) => (v, r.best),
            other => panic!("an open position scored {other}"),
        }
    }

    #[test]
    fn both_sides_agree_on_who_is_ahead_at_the_start_of_every_battle() {
        for id in ["washita", "fetterman", "apache-pass"] {
            let mut game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
            let (first, best) = reported(&game);
            game.play(&best);
            let (second, _) = reported(&game);
            // The same position seen a ply later from the other side: the negation,
            // within what one ply of play changes.
            assert!(
                (first + second).abs() < 250,
                "{id}: the Army sees {first}, then the Indians {second}"
            );
        }
    }

    #[test]
    fn won_and_lost_scores_are_unchanged() {
        let pos = Position::start(&Scenario::builtin("washita").unwrap());
        let w = Weights::default();
        assert_eq!(report_score(&pos, &w, Score::Win(3)), Score::Win(3));
        assert_eq!(report_score(&pos, &w, Score::Loss(2)), Score::Loss(2));
    }
}
