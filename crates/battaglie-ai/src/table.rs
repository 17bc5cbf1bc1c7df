//! The computer at the table, beside its moves: whether it accepts a draw offered to
//! it, how often it offers one, and what an undo takes back in a game against it (or
//! between two players at one screen). The web server and the browser's offline
//! edition both ask here, so that the computer is the same opponent in both.

use battaglie_rules::{Game, Position, Side};
use battaglie_tablebase::Tablebase;

use crate::chance::win_chance;
use crate::outlook::outlook;
use crate::sport::{DrawReason, Sport};

/// How many plies the computer lets pass before it offers a draw again: a declined
/// offer is not repeated at every move.
pub const OFFER_AGAIN_AFTER: usize = 40;

/// Whether the computer, whose gesture is to offer a draw with the move that makes
/// the game `ply` plies long, makes the offer, having last offered at ply `offered_at`.
pub fn offers_draw_again(offered_at: Option<usize>, ply: usize) -> bool {
    offered_at.is_none_or(|at| ply >= at + OFFER_AGAIN_AFTER)
}

impl Sport {
    /// Why the computer, playing `computer` and following the game with this sport,
    /// accepts a draw offered in `pos`; `None` declines. It accepts when
    /// [`Sport::answer`] does (the endgame table, no way left to win, its last search
    /// behind), or, before it has moved in this game (or since a take-back), when the
    /// outlook ([`crate::outlook`]) gives it less than an even chance
    /// ([`DrawReason::Behind`]): the same judgement, on the same search, as after a move.
    pub fn accepts_draw(
        &self,
        pos: &Position,
        computer: Side,
        table: Option<&Tablebase>,
    ) -> Option<DrawReason> {
        if let Some(why) = self.answer(pos, computer, table) {
            return Some(why);
        }
        if self.has_scores() {
            return None;
        }
        let score = outlook(pos);
        let computer_view = if pos.side_to_move() == computer {
            score
        } else {
            score.flipped()
        };
        (win_chance(pos.scenario(), computer, computer_view) < 0.5)
            .then_some(DrawReason::Behind(computer_view))
    }
}

/// How many moves an undo takes back in `game`: the last one between two players at
/// one screen (`computer` is `None`); against the computer (playing `computer`), back
/// to before its opponent's last move, the computer's reply with it. 0 when there is
/// nothing of the opponent's to take back.
pub fn undo_count(game: &Game, computer: Option<Side>) -> usize {
    let Some(computer) = computer else {
        return usize::from(game.moves().len() > 0);
    };
    let sides: Vec<Side> = game.numbered_moves().map(|(ply, _)| ply.side).collect();
    sides
        .iter()
        .rposition(|&s| s == !computer)
        .map_or(0, |last| sides.len() - last)
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Scenario;

    use super::*;
    use crate::chance::score_for;
    use crate::Score;

    fn game_after(plies: usize) -> Game {
        let scenario = Scenario::builtin("washita").unwrap();
        let mut game = Game::new(Position::start(&scenario));
        for _ in 0..plies {
            let mv = game.legal_moves()[0];
            game.play(&mv);
        }
        game
    }

    #[test]
    fn at_one_screen_an_undo_takes_back_the_last_move_if_there_is_one() {
        assert_eq!(undo_count(&game_after(3), None), 1);
        assert_eq!(undo_count(&game_after(0), None), 0);
    }

    #[test]
    fn against_the_computer_an_undo_takes_back_the_players_move_and_the_reply() {
        // Army moved, the computer replied: both go.
        assert_eq!(undo_count(&game_after(2), Some(Side::Indians)), 2);
        // Army moved, the computer is still thinking: the one move goes.
        assert_eq!(undo_count(&game_after(3), Some(Side::Indians)), 1);
        // The computer opened and its opponent has not moved: nothing of theirs.
        assert_eq!(undo_count(&game_after(1), Some(Side::Army)), 0);
    }

    #[test]
    fn the_computer_accepts_a_draw_it_cannot_win_and_declines_one_it_leads() {
        let s = Scenario::builtin("washita").unwrap();
        // Army Foot alone against Indian Mounted: the Army can never win.
        let pos = Position::from_bfen(&s, "|12/|12/|12/|12/|12/|12/|F11/|11m A 5 30").unwrap();
        let mut sport = Sport::new();
        assert_eq!(
            sport.accepts_draw(&pos, Side::Army, None),
            Some(DrawReason::CannotWin)
        );
        // The Indians, ahead by the outlook, decline.
        sport.record(Score::Value(score_for(&s, Side::Indians, 0.7)));
        assert_eq!(sport.accepts_draw(&pos, Side::Indians, None), None);
        // Behind by its last one, it accepts.
        sport.record(Score::Value(score_for(&s, Side::Indians, 0.4)));
        let start = Position::start(&s);
        assert!(matches!(
            sport.accepts_draw(&start, Side::Indians, None),
            Some(DrawReason::Behind(_))
        ));
    }

    #[test]
    fn before_its_first_search_the_computer_accepts_a_draw_where_it_is_not_ahead_and_says_it_is_behind(
    ) {
        let s = Scenario::builtin("washita").unwrap();
        // The whole 7th Cavalry against one Cheyenne horseman.
        let pos = Position::from_bfen(&s, "MMM|12/MMM|12/FMM|12/MM|12/FF|12/F|12/MV|12/|11m A 0 1")
            .unwrap();
        let fresh = Sport::new();
        assert!(matches!(
            fresh.accepts_draw(&pos, Side::Indians, None),
            Some(DrawReason::Behind(Score::Value(v))) if v < 0
        ));
        assert_eq!(fresh.accepts_draw(&pos, Side::Army, None), None);
    }

    #[test]
    fn a_declined_draw_offer_is_made_again_only_after_forty_plies() {
        assert!(offers_draw_again(None, 12));
        assert!(!offers_draw_again(Some(12), 13));
        assert!(!offers_draw_again(Some(12), 12 + OFFER_AGAIN_AFTER - 1));
        assert!(offers_draw_again(Some(12), 12 + OFFER_AGAIN_AFTER));
    }
}
