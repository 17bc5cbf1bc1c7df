//! The rules of the table, as pure functions of (mode, seat, game): who may move,
//! what an undo takes back, who resigns, and how a draw request ends. No I/O, no
//! locks: the registry applies what these decide.

use battaglie_rules::{Game, Side};

use super::{Action, GameError, Seat};
use crate::game::Mode;

/// What a draw request asks (its word: `offer`, `accept`, `decline`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum DrawAction {
    /// Offer a draw (accepts a standing offer of the opponent).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

/// What a draw request leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawDecision {
    /// The game is drawn by agreement.
    Agreed,
    /// No draw; the standing offer becomes this.
    Offer(Option<Side>),
    /// The computer declines the player's offer: its answer, not a refusal.
    Declined,
}

pub(super) fn not_over(game: &Game) -> Result<(), GameError> {
    match game.outcome() {
        Some(outcome) => Err(GameError::GameOver { outcome }),
        None => Ok(()),
    }
}

/// Whether `seat` may move now (`computer` is the side the computer plays).
///
/// # Errors
/// Game over, a spectator, the other side's turn, or the computer's turn.
pub fn may_move(computer: Option<Side>, seat: Seat, game: &Game) -> Result<(), GameError> {
    not_over(game)?;
    let to_move = game.position().side_to_move();
    match seat {
        Seat::Spectator => Err(GameError::MoveNeedsToken { to_move }),
        s if s.plays(to_move) => Ok(()),
        _ if computer == Some(to_move) => Err(GameError::ComputersTurn { to_move }),
        _ => Err(GameError::NotYourTurn { to_move }),
    }
}

/// How many moves an undo by `seat` takes back: the last move in hotseat games;
/// against the computer, back to before the human's last move (with the computer's
/// reply). Online games have no undo.
///
/// # Errors
/// A spectator, an online game, or no move of the asker's to take back.
pub fn undo_count(
    mode: Mode,
    computer: Option<Side>,
    seat: Seat,
    game: &Game,
) -> Result<usize, GameError> {
    if seat == Seat::Spectator {
        return Err(GameError::NeedsToken(Action::Undo));
    }
    if matches!(mode, Mode::Online) {
        return Err(GameError::NoUndoOnline);
    }
    let count = battaglie_ai::undo_count(game, computer);
    if count == 0 {
        return Err(GameError::NothingToUndo);
    }
    Ok(count)
}

/// The side that resigns: the seat's own, or in hotseat games the side to move.
///
/// # Errors
/// A spectator, or the game is over.
pub fn resigning_side(seat: Seat, game: &Game) -> Result<Side, GameError> {
    let side = acting_side(seat, game).ok_or(GameError::NeedsToken(Action::Resign))?;
    not_over(game)?;
    Ok(side)
}

/// Whether `seat` may call the game off: a seat's holder, while the game goes
/// on and no move has been played.
///
/// # Errors
/// A spectator, the game over, or a move played already.
pub fn may_abort(seat: Seat, game: &Game) -> Result<(), GameError> {
    if seat == Seat::Spectator {
        return Err(GameError::NeedsToken(Action::Abort));
    }
    not_over(game)?;
    if game.moves().len() > 0 {
        return Err(GameError::TooLateToCallOff);
    }
    Ok(())
}

/// What a draw request of `seat` decides, with `offer` the standing offer.
///
/// Hotseat: an offer is a draw (no offer stands, so there is none to accept). Against the computer: an offer it made is accepted;
/// otherwise it agrees when `computer_accepts` (see [`battaglie_ai::Sport::accepts_draw`]).
/// Online: an offer stands until the opponent accepts, declines or a move is played;
/// offering while the opponent's offer stands accepts it.
///
/// # Errors
/// A spectator, the game over, or no offer to accept or decline.
pub fn draw_decision(
    mode: Mode,
    seat: Seat,
    game: &Game,
    offer: Option<Side>,
    action: DrawAction,
    computer_accepts: bool,
) -> Result<DrawDecision, GameError> {
    let me = acting_side(seat, game).ok_or(GameError::NeedsToken(Action::Draw))?;
    not_over(game)?;
    match (mode, action) {
        // Both players are at the screen: the page asked the other one first.
        (Mode::Hotseat, DrawAction::Offer) => Ok(DrawDecision::Agreed),
        (Mode::Computer, DrawAction::Offer | DrawAction::Accept)
            if offer == Some(!me) || computer_accepts =>
        {
            Ok(DrawDecision::Agreed)
        }
        (Mode::Computer, DrawAction::Offer | DrawAction::Accept) => Ok(DrawDecision::Declined),
        (_, DrawAction::Decline) | (Mode::Online | Mode::Hotseat, DrawAction::Accept) => {
            if offer != Some(!me) {
                return Err(GameError::NoDrawOffer);
            }
            Ok(if action == DrawAction::Accept {
                DrawDecision::Agreed
            } else {
                DrawDecision::Offer(None)
            })
        }
        (Mode::Online, DrawAction::Offer) if offer == Some(!me) => Ok(DrawDecision::Agreed),
        (Mode::Online, DrawAction::Offer) => Ok(DrawDecision::Offer(Some(me))),
    }
}

/// The side a seat acts for: its own, or the side to move for both seats.
fn acting_side(seat: Seat, game: &Game) -> Option<Side> {
    match seat {
        Seat::Spectator => None,
        Seat::Army => Some(Side::Army),
        Seat::Indians => Some(Side::Indians),
        Seat::Both => Some(game.position().side_to_move()),
    }
}

/// The sides to move before each move of the game, in order.
pub(super) fn sides_before_each_move(game: &Game) -> Vec<Side> {
    game.numbered_moves().map(|(ply, _)| ply.side).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Position, Scenario};

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
    fn hotseat_undo_takes_back_one_move_and_needs_a_move() {
        assert_eq!(
            undo_count(Mode::Hotseat, None, Seat::Both, &game_after(3)).unwrap(),
            1
        );
        assert!(matches!(
            undo_count(Mode::Hotseat, None, Seat::Both, &game_after(0)),
            Err(GameError::NothingToUndo)
        ));
    }

    #[test]
    fn computer_game_undo_takes_back_the_humans_move_and_the_reply() {
        let human = Side::Army;
        let computer = Some(!human);
        // Army moved, the computer replied: both go.
        assert_eq!(
            undo_count(Mode::Computer, computer, Seat::Army, &game_after(2)).unwrap(),
            2
        );
        // Army moved, the computer is still thinking: the one move goes.
        assert_eq!(
            undo_count(Mode::Computer, computer, Seat::Army, &game_after(3)).unwrap(),
            1
        );
        // The computer opened and the human has not moved: nothing of theirs.
        assert!(matches!(
            undo_count(
                Mode::Computer,
                Some(Side::Army),
                Seat::Indians,
                &game_after(1)
            ),
            Err(GameError::NothingToUndo)
        ));
    }

    #[test]
    fn online_games_and_spectators_have_no_undo() {
        assert!(matches!(
            undo_count(Mode::Online, None, Seat::Army, &game_after(2)),
            Err(GameError::NoUndoOnline)
        ));
        assert!(matches!(
            undo_count(Mode::Hotseat, None, Seat::Spectator, &game_after(2)),
            Err(GameError::NeedsToken(Action::Undo))
        ));
    }

    #[test]
    fn only_the_seat_of_the_side_to_move_moves() {
        let game = game_after(0);
        let to_move = game.position().side_to_move();
        let seat = |s: Side| match s {
            Side::Army => Seat::Army,
            Side::Indians => Seat::Indians,
        };
        assert!(may_move(None, seat(to_move), &game).is_ok());
        assert!(may_move(None, Seat::Both, &game).is_ok());
        assert!(matches!(
            may_move(None, seat(!to_move), &game),
            Err(GameError::NotYourTurn { .. })
        ));
        assert!(matches!(
            may_move(Some(to_move), seat(!to_move), &game),
            Err(GameError::ComputersTurn { .. })
        ));
        assert!(matches!(
            may_move(None, Seat::Spectator, &game),
            Err(GameError::MoveNeedsToken { .. })
        ));
    }

    #[test]
    fn hotseat_resignation_is_the_side_to_move_and_not_after_the_end() {
        let game = game_after(1);
        assert_eq!(
            resigning_side(Seat::Both, &game).unwrap(),
            game.position().side_to_move()
        );
        assert_eq!(resigning_side(Seat::Army, &game).unwrap(), Side::Army);
        let mut over = game.clone();
        over.resign(Side::Army).unwrap();
        assert!(matches!(
            resigning_side(Seat::Indians, &over),
            Err(GameError::GameOver { .. })
        ));
        assert!(matches!(
            resigning_side(Seat::Spectator, &game),
            Err(GameError::NeedsToken(Action::Resign))
        ));
    }

    #[test]
    fn online_draw_offer_stands_until_the_opponent_answers() {
        let game = game_after(0);
        let d =
            |seat, offer, action| draw_decision(Mode::Online, seat, &game, offer, action, false);
        assert_eq!(
            d(Seat::Army, None, DrawAction::Offer).unwrap(),
            DrawDecision::Offer(Some(Side::Army))
        );
        assert_eq!(
            d(Seat::Indians, Some(Side::Army), DrawAction::Accept).unwrap(),
            DrawDecision::Agreed
        );
        assert_eq!(
            d(Seat::Indians, Some(Side::Army), DrawAction::Offer).unwrap(),
            DrawDecision::Agreed
        );
        assert_eq!(
            d(Seat::Indians, Some(Side::Army), DrawAction::Decline).unwrap(),
            DrawDecision::Offer(None)
        );
        // One's own offer cannot be accepted by oneself.
        assert!(matches!(
            d(Seat::Army, Some(Side::Army), DrawAction::Accept),
            Err(GameError::NoDrawOffer)
        ));
        assert!(matches!(
            d(Seat::Spectator, None, DrawAction::Offer),
            Err(GameError::NeedsToken(Action::Draw))
        ));
    }

    #[test]
    fn against_the_computer_its_own_offer_is_accepted_and_otherwise_it_decides() {
        let game = game_after(0);
        let d = |offer, action, accepts| {
            draw_decision(Mode::Computer, Seat::Army, &game, offer, action, accepts)
        };
        // The computer (Indians) offered: the human's accept or offer agrees.
        assert_eq!(
            d(Some(Side::Indians), DrawAction::Accept, false).unwrap(),
            DrawDecision::Agreed
        );
        assert_eq!(
            d(Some(Side::Indians), DrawAction::Decline, false).unwrap(),
            DrawDecision::Offer(None)
        );
        // The human offers: the computer decides.
        assert_eq!(
            d(None, DrawAction::Offer, true).unwrap(),
            DrawDecision::Agreed
        );
        assert_eq!(
            d(None, DrawAction::Offer, false).unwrap(),
            DrawDecision::Declined
        );
    }

    #[test]
    fn hotseat_draw_offer_is_a_draw() {
        let game = game_after(0);
        assert_eq!(
            draw_decision(
                Mode::Hotseat,
                Seat::Both,
                &game,
                None,
                DrawAction::Offer,
                false
            )
            .unwrap(),
            DrawDecision::Agreed
        );
    }
}
