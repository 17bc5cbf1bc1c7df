//! The score a front end shows: one unit and one view everywhere.
//!
//! The search weighs some terms for its own side only, which is right for choosing
//! a move but makes its score one-sided: the handicap credit of a side that starts
//! with fewer piece values, the opponent's pressure counted at a quarter, the draw
//! contempt. From the start of Washita River the Army's search says the Army is
//! ahead and the Indians' search says the Indians are. [`report_score`] takes the
//! one-sided part out where the search's value comes from, the end of its expected
//! line: the difference there between the searcher's static evaluation and an
//! onlooker's (both sides' terms weighed alike, a draw worth 0). The protocol's
//! `score`, `battaglie analyze`, the terminal and the web all show that number:
//! centi-pieces (a Foot is 100) from the view of the side to move, whose negation
//! the other side would see.

use battaglie_rules::Position;

use crate::eval::{score_by, Start};
use crate::limits::Limits;
use crate::search::{Info, Score};

/// The score of `found`, a search of `pos` within `limits`, as an onlooker sees it
/// from the side to move. Won and lost scores are unchanged.
///
/// The search's value is its static evaluation of the end of its expected line
/// (`found.pv`); the correction is measured there, so it is exact when that position
/// is quiet and approximate when the search's quiescence went on past it.
pub fn report_score(pos: &Position, limits: &Limits, found: &Info) -> Score {
    let Score::Value(v) = found.score else {
        return found.score;
    };
    let w = &limits.weights;
    let engine = limits.perspective.unwrap_or(pos.side_to_move());
    let mut leaf = pos.clone();
    for mv in &found.pv {
        // A line from the table may end early, never with an illegal move, but a
        // caller's line is checked.
        if !leaf.legal_moves().contains(mv) {
            break;
        }
        leaf.play_unchecked(mv);
    }
    let start = Start::of(pos, w);
    let net = limits.network;
    let one_sided =
        score_by(&leaf, w, net, Some(engine), &start) - score_by(&leaf, w, net, None, &start);
    // The leaf's scores are from its side to move's view.
    let sign = if leaf.side_to_move() == pos.side_to_move() {
        1
    } else {
        -1
    };
    Score::Value(v - sign * one_sided)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::Weights;
    use crate::{evaluate_with, search};
    use battaglie_rules::{Game, Move, Scenario};
    use std::sync::atomic::AtomicBool;

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    fn reported(game: &Game, limits: &Limits) -> (i32, Move, Vec<Move>) {
        let r = search(game, limits, &AtomicBool::new(false), |_| {}).unwrap();
        match report_score(game.position(), limits, &r.info) {
            Score::Value(v) => (v, r.best, r.info.pv),
            other => panic!("an open position scored {other}"),
        }
    }

    /// A game of `plies` moves between depth-1 searches, from the start of `id`.
    fn played(id: &str, plies: usize) -> Game {
        let mut game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let (_, best, _) = reported(&game, &depth(1));
            game.play(&best);
        }
        game
    }

    #[test]
    fn both_sides_agree_on_who_is_ahead_at_the_start_of_every_battle() {
        for id in ["washita", "fetterman", "apache-pass"] {
            let mut game = Game::new(Position::start(&Scenario::builtin(id).unwrap()));
            let (first, best, _) = reported(&game, &depth(2));
            game.play(&best);
            let (second, _, _) = reported(&game, &depth(2));
            // The same position seen a ply later from the other side: the negation,
            // within what one ply of play changes.
            assert!(
                (first + second).abs() < 250,
                "{id}: the Army sees {first}, then the Indians {second}"
            );
        }
    }

    #[test]
    fn a_quiet_line_is_scored_as_an_onlooker_scores_where_it_ends_at_every_stage_of_a_game() {
        // Deep into a game the material, the pressure and the quiet counter differ
        // from the start: the one-sided terms have to come out where the line ends.
        let mut checked = 0;
        for id in ["washita", "fetterman", "apache-pass"] {
            let mut game = played(id, 0);
            for _ in 0..120 {
                if game.is_over() {
                    break;
                }
                let (v, best, pv) = reported(&game, &depth(1));
                let mut leaf = game.position().clone();
                leaf.play_unchecked(&best);
                // Quiet: the search stood pat there, so its value is the static one.
                if pv.len() == 1 && !leaf.legal_moves().iter().any(Move::is_capture) {
                    let onlooker = -evaluate_with(&leaf, &Weights::default());
                    assert_eq!(v, onlooker, "{id} after {} moves", game.moves().len());
                    checked += 1;
                }
                game.play(&best);
            }
        }
        assert!(checked > 100, "only {checked} quiet positions");
    }

    #[test]
    fn won_and_lost_scores_are_unchanged() {
        let pos = Position::start(&Scenario::builtin("washita").unwrap());
        let info = |score| Info {
            depth: 1,
            score,
            nodes: 0,
            time_ms: 0,
            pv: Vec::new(),
        };
        let l = Limits::default();
        assert_eq!(report_score(&pos, &l, &info(Score::Win(3))), Score::Win(3));
        assert_eq!(
            report_score(&pos, &l, &info(Score::Loss(2))),
            Score::Loss(2)
        );
    }
}
