//! Take-backs in online games: a request the opponent answers, as on the sites people
//! play on. A player asks to take back their last move (with the opponent's reply, if
//! it came); the request stands until the opponent accepts or declines it, the asker
//! withdraws it, or anything else happens to the game. Pure decisions, no I/O.

use battaglie_rules::{Game, Side};

use super::policy::{not_over, sides_before_each_move};
use super::{Action, GameError, Seat};
use crate::game::Mode;

/// What a take-back request asks (named by its word: `offer`, `accept`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum TakebackAction {
    /// Ask to take back one's last move (accepts the opponent's standing request).
    Offer,
    /// Accept the opponent's request: their last move is taken back.
    Accept,
    /// Decline the opponent's request.
    Decline,
    /// Withdraw one's own request.
    Withdraw,
}

impl TakebackAction {
    /// The words a request names its action by, the default first.
    pub const WORDS: &'static [&'static str] = <Self as strum::VariantNames>::VARIANTS;

    /// The action named `word` (`None`: an offer).
    pub fn from_word(word: Option<&str>) -> Option<TakebackAction> {
        word.unwrap_or("offer").parse().ok()
    }
}

/// What a take-back request leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakebackDecision {
    /// Take back this many plies: the asker's last move and any reply to it.
    TakeBack(usize),
    /// Nothing taken back; the standing request becomes this.
    Request(Option<Side>),
}

/// How many plies taking back `side`'s last move removes (with the reply, if any);
/// 0 when `side` has not moved.
fn plies_back_to_last_move_of(side: Side, game: &Game) -> usize {
    let sides = sides_before_each_move(game);
    sides
        .iter()
        .rposition(|&s| s == side)
        .map_or(0, |last| sides.len() - last)
}

/// What `action` by `seat` decides, with `standing` the side whose request stands.
///
/// # Errors
/// Not an online game (the others take back with undo), a spectator, the game over,
/// no move of the asker's to take back, no request of the opponent's to answer, no
/// request of one's own to withdraw.
pub fn takeback_decision(
    mode: Mode,
    seat: Seat,
    game: &Game,
    standing: Option<Side>,
    action: TakebackAction,
) -> Result<TakebackDecision, GameError> {
    if mode != Mode::Online {
        return Err(GameError::TakebackOnlyOnline);
    }
    let me = match seat {
        Seat::Army => Side::Army,
        Seat::Indians => Side::Indians,
        Seat::Spectator | Seat::Both => return Err(GameError::NeedsToken(Action::Takeback)),
    };
    not_over(game)?;
    let answer = |accept: bool| {
        if standing != Some(!me) {
            return Err(GameError::NoTakebackRequest);
        }
        Ok(if accept {
            TakebackDecision::TakeBack(plies_back_to_last_move_of(!me, game))
        } else {
            TakebackDecision::Request(None)
        })
    };
    match action {
        TakebackAction::Offer if standing == Some(!me) => answer(true),
        TakebackAction::Offer if plies_back_to_last_move_of(me, game) == 0 => {
            Err(GameError::NothingToUndo)
        }
        TakebackAction::Offer => Ok(TakebackDecision::Request(Some(me))),
        TakebackAction::Accept => answer(true),
        TakebackAction::Decline => answer(false),
        TakebackAction::Withdraw if standing == Some(me) => Ok(TakebackDecision::Request(None)),
        TakebackAction::Withdraw => Err(GameError::NoTakebackRequest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Position, Scenario};
    use TakebackAction::*;
    use TakebackDecision::*;

    fn game_after(plies: usize) -> Game {
        let scenario = Scenario::builtin("washita").unwrap();
        let mut game = Game::new(Position::start(&scenario));
        for _ in 0..plies {
            let mv = game.legal_moves()[0];
            game.play(&mv);
        }
        game
    }

    fn decide(
        seat: Seat,
        plies: usize,
        standing: Option<Side>,
        action: TakebackAction,
    ) -> Result<TakebackDecision, GameError> {
        takeback_decision(Mode::Online, seat, &game_after(plies), standing, action)
    }

    #[test]
    fn a_request_stands_until_the_opponent_answers() {
        assert_eq!(
            decide(Seat::Army, 1, None, Offer).unwrap(),
            Request(Some(Side::Army))
        );
        assert_eq!(
            decide(Seat::Indians, 1, Some(Side::Army), Decline).unwrap(),
            Request(None)
        );
        assert_eq!(
            decide(Seat::Army, 1, Some(Side::Army), Withdraw).unwrap(),
            Request(None)
        );
    }

    #[test]
    fn accepting_takes_back_the_askers_last_move_and_the_reply_to_it() {
        // The Army asked before the Indians replied: one ply.
        assert_eq!(
            decide(Seat::Indians, 1, Some(Side::Army), Accept).unwrap(),
            TakeBack(1)
        );
        // The Indians replied meanwhile (the request was made at ply 2): two plies.
        assert_eq!(
            decide(Seat::Indians, 2, Some(Side::Army), Accept).unwrap(),
            TakeBack(2)
        );
        // Asking while the opponent's request stands accepts it.
        assert_eq!(
            decide(Seat::Army, 2, Some(Side::Indians), Offer).unwrap(),
            TakeBack(1)
        );
    }

    #[test]
    fn nobody_answers_their_own_request_or_one_that_does_not_exist() {
        for action in [Accept, Decline] {
            assert!(matches!(
                decide(Seat::Army, 2, Some(Side::Army), action),
                Err(GameError::NoTakebackRequest)
            ));
            assert!(matches!(
                decide(Seat::Indians, 2, None, action),
                Err(GameError::NoTakebackRequest)
            ));
        }
        assert!(matches!(
            decide(Seat::Indians, 2, Some(Side::Army), Withdraw),
            Err(GameError::NoTakebackRequest)
        ));
    }

    #[test]
    fn a_player_who_has_not_moved_has_nothing_to_take_back() {
        assert!(matches!(
            decide(Seat::Army, 0, None, Offer),
            Err(GameError::NothingToUndo)
        ));
        assert!(matches!(
            decide(Seat::Indians, 1, None, Offer),
            Err(GameError::NothingToUndo)
        ));
    }

    #[test]
    fn spectators_and_other_modes_have_no_requests() {
        assert!(matches!(
            decide(Seat::Spectator, 2, None, Offer),
            Err(GameError::NeedsToken(Action::Takeback))
        ));
        let game = game_after(2);
        for mode in [Mode::Hotseat, Mode::Computer] {
            assert!(matches!(
                takeback_decision(mode, Seat::Army, &game, None, Offer),
                Err(GameError::TakebackOnlyOnline)
            ));
        }
    }
}
