//! The lobby's errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;
use battaglie_community::{AcceptError, ChallengeError, WithdrawError};

use super::LobbyError;
use crate::http::{ErrorCode, Refusal};

impl Refusal for LobbyError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ErrorCode as C;
        use LobbyError as L;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        Some(match self {
            L::Game(g) => return g.answer(),
            L::Throttled(t) => return t.answer(),
            L::NotFound(id) => (
                StatusCode::NOT_FOUND,
                C::ChallengeNotFound { id: id.clone() },
            ),
            L::UnknownPlayer(name) => (
                StatusCode::NOT_FOUND,
                C::PlayerNotFound { name: name.clone() },
            ),
            L::Control(c) | L::Challenge(ChallengeError::Control(c)) => (
                unprocessable,
                C::BadClock {
                    detail: c.to_string(),
                },
            ),
            L::Challenge(ChallengeError::Yourself) => (unprocessable, C::ChallengeYourself {}),
            L::Challenge(ChallengeError::RatedNeedsAccount)
            | L::Accept(AcceptError::RatedNeedsAccount)
            | L::Seek(_) => (StatusCode::UNAUTHORIZED, C::RatedNeedsAccount {}),
            L::Challenge(ChallengeError::RatedCustomBattle(b)) => (
                unprocessable,
                C::UnknownScenario {
                    id: b.clone(),
                    known: None,
                },
            ),
            L::Accept(AcceptError::OwnChallenge) => (StatusCode::CONFLICT, C::OwnChallenge {}),
            L::Accept(AcceptError::NotAddressee) | L::Withdraw(WithdrawError::NotAddressee) => {
                (StatusCode::FORBIDDEN, C::NotAddressee {})
            }
            L::Accept(AcceptError::Expired) => (StatusCode::CONFLICT, C::ChallengeExpired {}),
            L::Taken => (StatusCode::CONFLICT, C::ChallengeTaken {}),
            L::Closed => (StatusCode::CONFLICT, C::ChallengeClosed {}),
            L::Withdraw(WithdrawError::NotYours) => (StatusCode::FORBIDDEN, C::NotYourChallenge {}),
            L::TooManyOpen { max } => (StatusCode::CONFLICT, C::TooManyChallenges { max: *max }),
            L::Store(_) | L::Random(_) => return None,
        })
    }
}
