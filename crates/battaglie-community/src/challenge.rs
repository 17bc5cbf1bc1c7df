//! Challenges: an offer of a game (battle, side, clock, rated or casual), open
//! to anyone or to one named player, and who may accept, decline or cancel it.

use std::time::Duration;

use battaglie_rules::Scenario;
use serde::{Deserialize, Serialize};

use crate::control::TimeControl;
use crate::seat::{Participant, PlayerId, Seats, SideChoice};
use crate::time::Timestamp;

/// An open live challenge lapses after an hour in the lobby.
pub const LIVE_CHALLENGE_LIFETIME: Duration = Duration::from_secs(3_600);
/// An open correspondence challenge (or a direct one) lapses after two weeks.
pub const SLOW_CHALLENGE_LIFETIME: Duration = Duration::from_secs(14 * 86_400);

/// Who may accept a challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", content = "player", rename_all = "snake_case")]
pub enum Audience {
    /// Anyone in the lobby.
    Open,
    /// Only this player.
    Direct(PlayerId),
}

/// The terms a challenger offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The battle (a built-in scenario's id for rated games).
    pub battle: String,
    /// The side the challenger asks for.
    pub side: SideChoice,
    /// The clock.
    pub control: TimeControl,
    /// Whether the game changes ratings.
    pub rated: bool,
}

/// A challenge as the lobby lists and stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Who offers it.
    pub from: Participant,
    /// What they offer.
    pub terms: Terms,
    /// Who may accept.
    pub to: Audience,
    /// When it lapses.
    pub expires: Timestamp,
}

/// Error of [`Challenge::new`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    /// Rated games are for players with accounts.
    #[error("only players with an account can offer rated games")]
    RatedNeedsAccount,
    /// Rated games are played on the built-in battles only (a home-made
    /// scenario could be made to favour one side).
    #[error("rated games are played on the built-in battles; {0:?} is not one")]
    RatedCustomBattle(String),
    /// A direct challenge to oneself.
    #[error("you cannot challenge yourself")]
    Yourself,
    /// The time control is out of range.
    #[error(transparent)]
    Control(#[from] crate::control::TimeControlError),
}

/// Error of [`Challenge::accept`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AcceptError {
    /// Nobody accepts their own challenge.
    #[error("you cannot accept your own challenge")]
    OwnChallenge,
    /// A direct challenge is for its addressee only.
    #[error("this challenge is addressed to another player")]
    NotAddressee,
    /// A rated challenge needs an account to accept it.
    #[error("log in to accept a rated challenge")]
    RatedNeedsAccount,
    /// The challenge has lapsed.
    #[error("this challenge has expired")]
    Expired,
}

/// Error of [`Challenge::cancel`] and [`Challenge::decline`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WithdrawError {
    /// Only the challenger cancels.
    #[error("only the challenger can cancel a challenge")]
    NotYours,
    /// Only a direct challenge's addressee declines it.
    #[error("only the player a challenge is addressed to can decline it")]
    NotAddressee,
}

impl Challenge {
    /// A challenge from `from` offering `terms` to `to`, made at `now`.
    /// `battle` is the scenario the terms name, already looked up.
    ///
    /// # Errors
    /// A [`ChallengeError`] when the terms are not allowed.
    pub fn new(
        from: Participant,
        terms: Terms,
        to: Audience,
        battle: &Scenario,
        now: Timestamp,
    ) -> Result<Challenge, ChallengeError> {
        terms.control.validate()?;
        if terms.rated {
            if !from.registered {
                return Err(ChallengeError::RatedNeedsAccount);
            }
            if Scenario::builtin(battle.id()).is_none() {
                return Err(ChallengeError::RatedCustomBattle(battle.id().to_string()));
            }
        }
        if to == Audience::Direct(from.id.clone()) {
            return Err(ChallengeError::Yourself);
        }
        let lifetime = if terms.control.is_live() && to == Audience::Open {
            LIVE_CHALLENGE_LIFETIME
        } else {
            SLOW_CHALLENGE_LIFETIME
        };
        Ok(Challenge {
            from,
            terms,
            to,
            expires: now.plus(lifetime),
        })
    }

    /// Whether `viewer` sees the challenge in their lobby: open ones everyone,
    /// direct ones the two players concerned.
    pub fn visible_to(&self, viewer: &PlayerId) -> bool {
        match &self.to {
            Audience::Open => true,
            Audience::Direct(to) => to == viewer || &self.from.id == viewer,
        }
    }

    /// Whether the challenge has lapsed at `now`.
    pub fn is_expired(&self, now: Timestamp) -> bool {
        now >= self.expires
    }

    /// `by` accepts at `now`; `coin` settles a random side. Returns the seats.
    ///
    /// # Errors
    /// An [`AcceptError`] when `by` may not accept it.
    pub fn accept(
        &self,
        by: &Participant,
        now: Timestamp,
        coin: bool,
    ) -> Result<Seats, AcceptError> {
        if by.id == self.from.id {
            return Err(AcceptError::OwnChallenge);
        }
        if let Audience::Direct(to) = &self.to {
            if to != &by.id {
                return Err(AcceptError::NotAddressee);
            }
        }
        if self.terms.rated && !by.registered {
            return Err(AcceptError::RatedNeedsAccount);
        }
        if self.is_expired(now) {
            return Err(AcceptError::Expired);
        }
        Ok(Seats::assign(
            &self.from.id,
            self.terms.side,
            &by.id,
            SideChoice::Random,
            coin,
        ))
    }

    /// Whether `by` may cancel it (the challenger only).
    ///
    /// # Errors
    /// [`WithdrawError::NotYours`] for anyone else.
    pub fn cancel(&self, by: &PlayerId) -> Result<(), WithdrawError> {
        if by == &self.from.id {
            Ok(())
        } else {
            Err(WithdrawError::NotYours)
        }
    }

    /// Whether `by` may decline it (a direct challenge's addressee only).
    ///
    /// # Errors
    /// [`WithdrawError::NotAddressee`] for anyone else.
    pub fn decline(&self, by: &PlayerId) -> Result<(), WithdrawError> {
        match &self.to {
            Audience::Direct(to) if to == by => Ok(()),
            _ => Err(WithdrawError::NotAddressee),
        }
    }
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Side;

    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn who(id: &str, registered: bool) -> Participant {
        Participant {
            id: PlayerId(id.into()),
            registered,
        }
    }

    fn terms(rated: bool, side: SideChoice) -> Terms {
        Terms {
            battle: "washita".into(),
            side,
            control: TimeControl::LIVE_DEFAULT,
            rated,
        }
    }

    fn washita() -> std::sync::Arc<Scenario> {
        Scenario::builtin("washita").unwrap()
    }

    fn open(rated: bool, side: SideChoice) -> Challenge {
        Challenge::new(
            who("ann", true),
            terms(rated, side),
            Audience::Open,
            &washita(),
            T0,
        )
        .unwrap()
    }

    #[test]
    fn nobody_accepts_their_own_challenge() {
        let c = open(false, SideChoice::Random);
        assert_eq!(
            c.accept(&who("ann", true), T0, true),
            Err(AcceptError::OwnChallenge)
        );
    }

    #[test]
    fn accepting_seats_the_challenger_on_the_side_they_asked_for() {
        let c = open(true, SideChoice::Indians);
        let seats = c.accept(&who("bob", true), T0, true).unwrap();
        assert_eq!(seats.side_of(&PlayerId("ann".into())), Some(Side::Indians));
        assert_eq!(seats.side_of(&PlayerId("bob".into())), Some(Side::Army));
    }

    #[test]
    fn a_direct_challenge_is_accepted_or_declined_only_by_its_addressee() {
        let c = Challenge::new(
            who("ann", true),
            terms(false, SideChoice::Army),
            Audience::Direct(PlayerId("bob".into())),
            &washita(),
            T0,
        )
        .unwrap();
        assert_eq!(
            c.accept(&who("eve", true), T0, true),
            Err(AcceptError::NotAddressee)
        );
        assert_eq!(
            c.decline(&PlayerId("eve".into())),
            Err(WithdrawError::NotAddressee)
        );
        assert!(c.visible_to(&PlayerId("bob".into())) && !c.visible_to(&PlayerId("eve".into())));
        assert_eq!(c.decline(&PlayerId("bob".into())), Ok(()));
        assert!(c.accept(&who("bob", false), T0, true).is_ok());
        assert_eq!(c.expires, T0.plus(SLOW_CHALLENGE_LIFETIME));
    }

    #[test]
    fn only_the_challenger_cancels() {
        let c = open(false, SideChoice::Random);
        assert_eq!(
            c.cancel(&PlayerId("bob".into())),
            Err(WithdrawError::NotYours)
        );
        assert_eq!(c.cancel(&PlayerId("ann".into())), Ok(()));
    }

    #[test]
    fn rated_games_need_accounts_on_both_sides_and_a_built_in_battle() {
        assert_eq!(
            Challenge::new(
                who("g1", false),
                terms(true, SideChoice::Random),
                Audience::Open,
                &washita(),
                T0
            ),
            Err(ChallengeError::RatedNeedsAccount)
        );
        let c = open(true, SideChoice::Random);
        assert_eq!(
            c.accept(&who("g2", false), T0, true),
            Err(AcceptError::RatedNeedsAccount)
        );
        let custom = Scenario::from_toml(
            "x.toml",
            &battaglie_rules::Scenario::builtin_source("washita")
                .unwrap()
                .replace("id = \"washita\"", "id = \"my-washita\""),
        )
        .unwrap();
        assert_eq!(
            Challenge::new(
                who("ann", true),
                terms(true, SideChoice::Random),
                Audience::Open,
                &custom,
                T0
            ),
            Err(ChallengeError::RatedCustomBattle("my-washita".into()))
        );
    }

    #[test]
    fn challenges_lapse() {
        let c = open(false, SideChoice::Random);
        let late = T0.plus(LIVE_CHALLENGE_LIFETIME);
        assert_eq!(
            c.accept(&who("bob", true), late, true),
            Err(AcceptError::Expired)
        );
    }

    #[test]
    fn nobody_challenges_themselves() {
        assert_eq!(
            Challenge::new(
                who("ann", true),
                terms(false, SideChoice::Random),
                Audience::Direct(PlayerId("ann".into())),
                &washita(),
                T0
            ),
            Err(ChallengeError::Yourself)
        );
    }
}
