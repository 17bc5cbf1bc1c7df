//! The game's errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;
use battaglie_community::{ClaimError, ClockError};
use battaglie_image::GifError;

use super::move_refusal::move_refusal;
use super::routes::{PictureError, MAX_FRAMES};
use super::{GameError, RematchError};
use crate::http::{ErrorCode, Refusal};

impl Refusal for GameError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ErrorCode as C;
        use GameError as G;
        let not_found = StatusCode::NOT_FOUND;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        let forbidden = StatusCode::FORBIDDEN;
        let conflict = StatusCode::CONFLICT;
        Some(match self {
            G::BadId(id) => (not_found, C::BadGameId { id: id.clone() }),
            G::NotFound(id) => (not_found, C::GameNotFound { id: id.clone() }),
            G::UnknownScenario { id, known } | G::UnknownRecordScenario { id, known } => (
                unprocessable,
                C::UnknownScenario {
                    id: id.clone(),
                    known: Some(known.clone()),
                },
            ),
            G::LevelOutOfRange(level) => (unprocessable, C::LevelOutOfRange { level: *level }),
            G::LevelWithoutComputer => (unprocessable, C::LevelWithoutComputer {}),
            G::Record(r) => (
                unprocessable,
                C::BadRecord {
                    detail: r.to_string(),
                },
            ),
            G::BadClock(e) => (
                unprocessable,
                C::BadClock {
                    detail: e.to_string(),
                },
            ),
            G::ClockOnlineOnly => (unprocessable, C::ClockOnlineOnly {}),
            G::IllegalMove(m) => (unprocessable, move_refusal(m)),
            G::MoveNeedsToken { to_move } => (
                StatusCode::UNAUTHORIZED,
                C::MoveNeedsToken {
                    side: (*to_move).into(),
                },
            ),
            G::NeedsToken(action) => (StatusCode::UNAUTHORIZED, C::NeedsToken { action: *action }),
            G::WrongToken => (forbidden, C::WrongToken {}),
            G::NotYourTurn { to_move } => (
                forbidden,
                C::NotYourTurn {
                    side: (*to_move).into(),
                },
            ),
            G::NoUndoOnline => (forbidden, C::NoUndoOnline {}),
            G::TakebackOnlyOnline => (forbidden, C::TakebackOnlyOnline {}),
            G::RatedSeatNeedsAccount => (forbidden, C::RatedSeatNeedsAccount {}),
            G::ComputersTurn { to_move } => (
                conflict,
                C::ComputersTurn {
                    side: (*to_move).into(),
                },
            ),
            G::GameOver { outcome } => (
                conflict,
                C::GameOver {
                    result: outcome.result_word(),
                    reason: outcome.reason_word(),
                },
            ),
            G::CalledOff => (conflict, C::GameCalledOff {}),
            G::TooLateToCallOff => (conflict, C::TooLateToCallOff {}),
            G::NothingToUndo => (conflict, C::NothingToUndo {}),
            G::NoDrawOffer => (conflict, C::NoDrawOffer {}),
            G::NoTakebackRequest => (conflict, C::NoTakebackRequest {}),
            G::Clock(e) => (conflict, clock_refusal(e)),
            G::Claim(e) => (conflict, claim_refusal(e)),
            G::NothingToClaim => (conflict, C::NothingToClaim {}),
            G::Superseded => (conflict, C::Superseded {}),
            G::StoredScenario { .. }
            | G::StoredStart { .. }
            | G::StoredMove { .. }
            | G::ComputerMove { .. }
            | G::Store(_)
            | G::Random(_) => return None,
        })
    }
}

/// The code of a move the clock refused.
fn clock_refusal(e: &ClockError) -> ErrorCode {
    use ClockError as K;
    match e {
        K::OutOfTime { side, .. } => ErrorCode::OutOfTime {
            side: (*side).into(),
        },
        K::NotYourTurn { to_move, .. } => ErrorCode::NotYourTurn {
            side: (*to_move).into(),
        },
        K::AlreadyStarted | K::NotRunning | K::NotPaused => ErrorCode::Conflict {},
    }
}

/// The code of a refused claim, with the seconds to wait when it is too early.
fn claim_refusal(e: &ClaimError) -> ErrorCode {
    use ClaimError as K;
    let seconds = |d: &std::time::Duration| d.as_secs() + u64::from(d.subsec_nanos() > 0);
    match e {
        K::NotRunning => ErrorCode::NothingToClaim {},
        K::FlagFell(side) => ErrorCode::OutOfTime {
            side: (*side).into(),
        },
        K::OpponentPresent => ErrorCode::ClaimOpponentPresent {},
        K::NotArrived => ErrorCode::ClaimOpponentNotArrived {},
        K::TooSoon { wait } | K::InTime { left: wait } => ErrorCode::ClaimTooEarly {
            seconds: seconds(wait),
        },
        K::YourTurn => ErrorCode::ClaimYourTurn {},
    }
}

impl Refusal for RematchError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ErrorCode as C;
        use RematchError as E;
        Some(match self {
            E::Game(g) => return g.answer(),
            E::Store(_) => return None,
            E::OnlyOnline => (StatusCode::FORBIDDEN, C::RematchOnlyOnline {}),
            E::NotOver => (StatusCode::CONFLICT, C::RematchNotOver {}),
            E::NoOffer => (StatusCode::CONFLICT, C::RematchNoOffer {}),
            E::Agreed(game) => (
                StatusCode::CONFLICT,
                C::RematchAgreed { game: game.clone() },
            ),
        })
    }
}

impl Refusal for PictureError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        let code = match *self {
            PictureError::Gif(GifError::Range { from, until, plies }) => {
                ErrorCode::GifRange { from, until, plies }
            }
            PictureError::Gif(GifError::Backwards { from, until }) => {
                ErrorCode::GifBackwards { from, until }
            }
            PictureError::TooLong { plies, .. } => ErrorCode::GifTooLong {
                max: MAX_FRAMES,
                plies,
            },
            PictureError::Gif(GifError::Encode(_)) => return None,
        };
        Some((StatusCode::UNPROCESSABLE_ENTITY, code))
    }
}
