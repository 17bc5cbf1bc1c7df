//! Who plays: a player or guest taking part in the lobby, and the side they ask for.

use battaglie_rules::Side;
use serde::{Deserialize, Serialize};

/// An opaque id of a player (an account) or a guest (a browser), given by the server.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

/// Someone in the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Participant {
    /// Who.
    pub id: PlayerId,
    /// Whether they have an account (only accounts play rated games).
    pub registered: bool,
}

/// The side a challenger or seeker asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideChoice {
    /// The Army.
    Army,
    /// The Indians.
    Indians,
    /// Either, drawn at random when the game starts.
    #[default]
    Random,
}

impl SideChoice {
    /// Whether two choices can meet: not both the same side.
    pub fn fits(self, other: SideChoice) -> bool {
        !matches!(
            (self, other),
            (SideChoice::Army, SideChoice::Army) | (SideChoice::Indians, SideChoice::Indians)
        )
    }

    /// The side of the player who chose `self` against one who chose `other`
    /// (which must [fit](SideChoice::fits)); `coin` settles Random against Random.
    pub fn resolve(self, other: SideChoice, coin: bool) -> Side {
        match (self, other) {
            (SideChoice::Army, _) | (SideChoice::Random, SideChoice::Indians) => Side::Army,
            (SideChoice::Indians, _) | (SideChoice::Random, SideChoice::Army) => Side::Indians,
            (SideChoice::Random, SideChoice::Random) => {
                if coin {
                    Side::Army
                } else {
                    Side::Indians
                }
            }
        }
    }
}

/// The two seats of a game about to start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// Who plays the Army.
    pub army: PlayerId,
    /// Who plays the Indians.
    pub indians: PlayerId,
}

impl Seats {
    /// Seats `a` (who chose `a_choice`) and `b` (who chose `b_choice`).
    pub fn assign(
        a: &PlayerId,
        a_choice: SideChoice,
        b: &PlayerId,
        b_choice: SideChoice,
        coin: bool,
    ) -> Seats {
        match a_choice.resolve(b_choice, coin) {
            Side::Army => Seats {
                army: a.clone(),
                indians: b.clone(),
            },
            Side::Indians => Seats {
                army: b.clone(),
                indians: a.clone(),
            },
        }
    }

    /// The side `player` plays, if they have a seat.
    pub fn side_of(&self, player: &PlayerId) -> Option<Side> {
        if &self.army == player {
            Some(Side::Army)
        } else if &self.indians == player {
            Some(Side::Indians)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_resolve_as_asked_and_random_takes_the_other() {
        use SideChoice::*;
        assert!(!Army.fits(Army) && Army.fits(Indians) && Random.fits(Army) && Random.fits(Random));
        assert_eq!(Random.resolve(Army, true), Side::Indians);
        assert_eq!(Army.resolve(Random, false), Side::Army);
        assert_eq!(Random.resolve(Random, true), Side::Army);
        assert_eq!(Random.resolve(Random, false), Side::Indians);
        let (a, b) = (PlayerId("a".into()), PlayerId("b".into()));
        let s = Seats::assign(&a, Indians, &b, Random, true);
        assert_eq!(
            (s.side_of(&a), s.side_of(&b)),
            (Some(Side::Indians), Some(Side::Army))
        );
        assert_eq!(s.side_of(&PlayerId("c".into())), None);
    }
}
