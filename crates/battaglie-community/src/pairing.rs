//! "Play anyone": players ask for a battle and a clock, and two who asked for
//! the same are paired, the one who waited longest first.

use serde::{Deserialize, Serialize};

use crate::control::TimeControl;
use crate::seat::{Participant, Seats, SideChoice};
use crate::time::Timestamp;

/// One player's request to play anyone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seek {
    /// Who asks.
    pub who: Participant,
    /// The battle.
    pub battle: String,
    /// The clock.
    pub control: TimeControl,
    /// Rated or casual (rated seeks come from accounts only: [`Seek::new`]).
    pub rated: bool,
    /// The side asked for.
    pub side: SideChoice,
    /// When the request was made.
    pub since: Timestamp,
}

/// Error of [`Seek::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeekError {
    /// Rated games are for players with accounts.
    #[error("only players with an account can play rated games")]
    RatedNeedsAccount,
}

impl Seek {
    /// A request, checked.
    ///
    /// # Errors
    /// [`SeekError::RatedNeedsAccount`] for a rated request from a guest.
    pub fn new(
        who: Participant,
        battle: String,
        control: TimeControl,
        rated: bool,
        side: SideChoice,
        since: Timestamp,
    ) -> Result<Seek, SeekError> {
        if rated && !who.registered {
            return Err(SeekError::RatedNeedsAccount);
        }
        Ok(Seek {
            who,
            battle,
            control,
            rated,
            side,
            since,
        })
    }

    /// Whether two requests can be paired: two players, the same battle, clock
    /// and rating, and sides that fit.
    pub fn matches(&self, other: &Seek) -> bool {
        self.who.id != other.who.id
            && self.battle == other.battle
            && self.control == other.control
            && self.rated == other.rated
            && self.side.fits(other.side)
    }
}

/// A pairing found: which waiting request was taken, and the seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Index of the waiting request in the pool given to [`pair`].
    pub index: usize,
    /// Who plays which side.
    pub seats: Seats,
}

/// Pairs `new` with the longest-waiting request of `waiting` it matches, if
/// any; `coin` settles Random against Random. The caller removes the taken
/// request (and `new`) from the pool, or adds `new` when nothing matched.
pub fn pair(waiting: &[Seek], new: &Seek, coin: bool) -> Option<Pairing> {
    let (index, old) = waiting
        .iter()
        .enumerate()
        .filter(|(_, w)| w.matches(new))
        .min_by_key(|(_, w)| w.since)?;
    Some(Pairing {
        index,
        seats: Seats::assign(&old.who.id, old.side, &new.who.id, new.side, coin),
    })
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Side;

    use super::*;
    use crate::seat::PlayerId;

    fn seek(id: &str, battle: &str, control: TimeControl, side: SideChoice, since: i64) -> Seek {
        Seek::new(
            Participant {
                id: PlayerId(id.into()),
                registered: true,
            },
            battle.into(),
            control,
            true,
            side,
            Timestamp(since),
        )
        .unwrap()
    }

    const LIVE: TimeControl = TimeControl::LIVE_DEFAULT;

    #[test]
    fn two_players_asking_for_the_same_battle_and_clock_are_paired() {
        let pool = vec![
            seek("ann", "fetterman", LIVE, SideChoice::Random, 1),
            seek(
                "bob",
                "washita",
                TimeControl::CORRESPONDENCE_DEFAULT,
                SideChoice::Random,
                2,
            ),
            seek("cat", "washita", LIVE, SideChoice::Army, 3),
            seek("dan", "washita", LIVE, SideChoice::Random, 4),
            seek("eve", "washita", LIVE, SideChoice::Random, 5),
        ];
        let p = pair(
            &pool,
            &seek("fay", "washita", LIVE, SideChoice::Army, 9),
            true,
        )
        .unwrap();
        // cat also wants the Army: dan, who waited longer than eve, is taken.
        assert_eq!(p.index, 3);
        assert_eq!(p.seats.side_of(&PlayerId("fay".into())), Some(Side::Army));
    }

    #[test]
    fn nobody_is_paired_with_themselves_or_across_rated_and_casual() {
        let pool = vec![seek("ann", "washita", LIVE, SideChoice::Random, 1)];
        assert_eq!(
            pair(
                &pool,
                &seek("ann", "washita", LIVE, SideChoice::Random, 2),
                true
            ),
            None
        );
        let mut casual = seek("bob", "washita", LIVE, SideChoice::Random, 2);
        casual.rated = false;
        assert_eq!(pair(&pool, &casual, true), None);
    }

    #[test]
    fn guests_cannot_seek_rated_games() {
        let guest = Participant {
            id: PlayerId("g".into()),
            registered: false,
        };
        assert_eq!(
            Seek::new(
                guest,
                "washita".into(),
                LIVE,
                true,
                SideChoice::Random,
                Timestamp(0)
            ),
            Err(SeekError::RatedNeedsAccount)
        );
    }
}
