//! The ratings' errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;

use super::RatingsError;
use crate::http::{ErrorCode, Refusal};

impl Refusal for RatingsError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ErrorCode as C;
        use RatingsError as R;
        Some(match self {
            R::NeedsAccount => (StatusCode::UNAUTHORIZED, C::RatedNeedsAccount {}),
            R::NotOnline { mode } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                C::RatedNotOnline {
                    mode: (*mode).into(),
                },
            ),
            R::SameAccount => (StatusCode::CONFLICT, C::RatedSameAccount {}),
            R::SeatTaken => (StatusCode::CONFLICT, C::RatedSeatTaken {}),
            R::PlayerNotFound(name) => (
                StatusCode::NOT_FOUND,
                C::PlayerNotFound { name: name.clone() },
            ),
            R::Game(g) => return g.answer(),
            R::Store(_) => return None,
        })
    }
}
