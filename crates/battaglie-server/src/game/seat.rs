//! Seats: who a token lets play.

use battaglie_rules::Side;

use super::GameError;
use crate::game::GameRow;
use crate::ids;

/// Who is asking: the seat a token opens.
/// Its word (`army`, `indians`, `both`, `spectator`) names it in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Seat {
    /// The Army's seat.
    Army,
    /// The Indians' seat.
    Indians,
    /// Both seats (hotseat games).
    Both,
    /// No token: read only.
    Spectator,
}

impl Seat {
    /// `army`, `indians`, `both`; none for a spectator.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Seat::Army => Some("army"),
            Seat::Indians => Some("indians"),
            Seat::Both => Some("both"),
            Seat::Spectator => None,
        }
    }

    /// Whether this seat moves for `side`.
    pub fn plays(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Seat::Both, _) | (Seat::Army, Side::Army) | (Seat::Indians, Side::Indians)
        )
    }

    /// The seat that `token` opens in the game `row`; no token is a spectator.
    ///
    /// # Errors
    /// [`GameError::WrongToken`] when the token is not one of this game's.
    pub fn of(row: &GameRow, token: Option<&str>) -> Result<Seat, GameError> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Seat::Spectator);
        };
        let opens = |t: &Option<String>| t.as_deref().is_some_and(|t| ids::same_token(t, token));
        match (opens(&row.army_token), opens(&row.indians_token)) {
            (true, true) => Ok(Seat::Both),
            (true, false) => Ok(Seat::Army),
            (false, true) => Ok(Seat::Indians),
            (false, false) => Err(GameError::WrongToken),
        }
    }
}
