//! Who plays each side of a game, as its page names them: an account (its name
//! and rating, and the change this game brought), the computer (its level), or
//! a guest.

use battaglie_community::Rating;
use battaglie_rules::Side;
use serde::Serialize;
use ts_rs::TS;

use crate::ratings::SeatPlayer;

/// The players of a game, by side (`GET /api/games/{id}/players`).
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Seats")]
pub struct SeatsView {
    army: SeatView,
    indians: SeatView,
}

impl SeatsView {
    /// The account's name of the player of `side`, if an account plays it.
    pub fn player_name(&self, side: Side) -> Option<&str> {
        let seat = match side {
            Side::Army => &self.army,
            Side::Indians => &self.indians,
        };
        seat.name.as_deref()
    }
}

/// One side's player.
#[derive(Debug, PartialEq, Serialize, TS)]
#[ts(rename = "Seat")]
pub struct SeatView {
    #[ts(type = "\"player\" | \"computer\" | \"guest\"")]
    kind: &'static str,
    /// The account's name (a player only; its page is `/players/NAME`).
    name: Option<String>,
    /// The account's rating, rounded, once it has played a rated game; in a
    /// rated game, a newcomer's starting rating (1500, provisional).
    rating: Option<i64>,
    /// Whether that rating still rests on few games.
    provisional: bool,
    /// The computer's level, 1 to 8 (the computer only).
    level: Option<u8>,
    /// The rating points this game brought the player, once it was rated.
    change: Option<i64>,
}

impl SeatView {
    fn guest() -> SeatView {
        SeatView {
            kind: "guest",
            name: None,
            rating: None,
            provisional: false,
            level: None,
            change: None,
        }
    }
}

/// The players of a game whose computer plays `computer` (side and level), if
/// any, and whose seats `holders` hold (a deleted account is a guest). In a
/// `rated` game, an account yet unrated plays at the new player's rating, and is
/// shown so from its first move.
pub fn seats_view(computer: Option<(Side, u8)>, holders: &[SeatPlayer], rated: bool) -> SeatsView {
    let seat = |side: Side| {
        if let Some((_, level)) = computer.filter(|(s, _)| *s == side) {
            return SeatView {
                level: Some(level),
                kind: "computer",
                ..SeatView::guest()
            };
        }
        let Some((holder, name)) = holders
            .iter()
            .filter(|h| h.side == side.word() || h.side == "both")
            .find_map(|h| Some((h, h.name.clone()?)))
        else {
            return SeatView::guest();
        };
        let rating = holder
            .rating
            .map(|r| r.rating)
            .or(rated.then_some(Rating::NEW));
        SeatView {
            kind: "player",
            name: Some(name),
            rating: rating.map(|r| r.rating.round() as i64),
            provisional: rating.is_some_and(|r| r.is_provisional()),
            level: None,
            change: holder
                .change
                .map(|(before, after)| (after - before).round() as i64),
        }
    };
    SeatsView {
        army: seat(Side::Army),
        indians: seat(Side::Indians),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(side: &str, name: Option<&str>) -> SeatPlayer {
        SeatPlayer {
            side: side.into(),
            name: name.map(Into::into),
            rating: None,
            change: None,
        }
    }

    #[test]
    fn the_computer_is_named_by_its_level_and_an_account_by_its_name() {
        let seats = seats_view(
            Some((Side::Indians, 3)),
            &[holder("army", Some("Red_Cloud"))],
            false,
        );
        assert_eq!(seats.indians.kind, "computer");
        assert_eq!(seats.indians.level, Some(3));
        assert_eq!(seats.army.name.as_deref(), Some("Red_Cloud"));
    }

    #[test]
    fn a_seat_without_an_account_or_with_a_deleted_one_is_a_guest() {
        let seats = seats_view(None, &[holder("army", None)], false);
        assert_eq!(seats.army, SeatView::guest());
        assert_eq!(seats.indians, SeatView::guest());
    }

    #[test]
    fn an_unrated_account_in_a_rated_game_shows_the_new_players_provisional_rating() {
        let holders = [holder("army", Some("Red_Cloud"))];
        let rated = seats_view(None, &holders, true);
        assert_eq!(
            (rated.army.rating, rated.army.provisional),
            (Some(1500), true)
        );
        let casual = seats_view(None, &holders, false);
        assert_eq!((casual.army.rating, casual.army.provisional), (None, false));
    }
}
