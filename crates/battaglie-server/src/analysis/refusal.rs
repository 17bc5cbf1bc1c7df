//! The analysis's errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;

use super::AnalysisError;
use crate::http::{ErrorCode, Refusal};

impl Refusal for AnalysisError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use AnalysisError as A;
        use ErrorCode as C;
        Some(match self {
            A::Game(e) => return e.answer(),
            A::NotStarted { id, plies } => (
                StatusCode::NOT_FOUND,
                C::AnalysisNotStarted {
                    id: id.clone(),
                    plies: *plies,
                },
            ),
            A::InProgress { id } => (StatusCode::CONFLICT, C::GameInProgress { id: id.clone() }),
            A::LivePosition => (StatusCode::CONFLICT, C::AnalysisOfGameInPlay {}),
            A::TooLong { plies, most } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                C::AnalysisTooLong {
                    plies: *plies,
                    most: *most,
                },
            ),
            A::Busy { seconds } => (
                StatusCode::TOO_MANY_REQUESTS,
                C::AnalysisBusy {
                    seconds: (*seconds).max(1),
                },
            ),
            A::Store(_) | A::Stored { .. } => return None,
        })
    }
}
