//! The one error type of the API: a status code and a message for the client, and
//! for server faults an internal cause that is logged, never sent.

use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::game::GameError;

/// An API error: answers `{"error": "..."}` with its status code.
#[derive(Debug)]
pub struct Error {
    status: StatusCode,
    message: String,
    internal: Option<String>,
    /// The game's current state, sent with refusals of a game action (409).
    state: Option<serde_json::Value>,
}

impl Error {
    /// An error with a status and a message for the client.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
            internal: None,
            state: None,
        }
    }

    /// 400: the request is not well formed (bad JSON syntax, bad query string).
    pub fn bad_request(message: impl Into<String>) -> Error {
        Error::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: a seat token is needed.
    pub fn unauthorized(message: impl Into<String>) -> Error {
        Error::new(StatusCode::UNAUTHORIZED, message)
    }

    /// 403: the token does not give that right.
    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: not possible in the game's current state (game over, nothing to undo...).
    pub fn conflict(message: impl Into<String>) -> Error {
        Error::new(StatusCode::CONFLICT, message)
    }

    /// 422: well-formed but wrong (unknown scenario, illegal move, bad field value).
    pub fn unprocessable(message: impl Into<String>) -> Error {
        Error::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: a fault of the server; `cause` is logged, the client reads only "internal error".
    pub fn internal(cause: impl std::fmt::Display) -> Error {
        Error {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "internal server error".into(),
            internal: Some(cause.to_string()),
            state: None,
        }
    }

    /// The same error, answering `state` (the game's state JSON) beside the message.
    pub fn with_state(mut self, state: &str) -> Error {
        self.state = serde_json::from_str(state).ok();
        self
    }

    /// The status code.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The message for the client.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        if let Some(cause) = &self.internal {
            tracing::error!(status = self.status.as_u16(), %cause, "request failed");
        } else {
            tracing::debug!(status = self.status.as_u16(), message = %self.message, "request refused");
        }
        let mut body = serde_json::json!({ "error": self.message });
        if let Some(state) = self.state {
            body["state"] = state;
        }
        (self.status, Json(body)).into_response()
    }
}

impl From<GameError> for Error {
    fn from(e: GameError) -> Error {
        use GameError as G;
        let status = match &e {
            G::BadId(_) | G::NotFound(_) => StatusCode::NOT_FOUND,
            G::UnknownScenario { .. }
            | G::UnknownRecordScenario { .. }
            | G::LevelOutOfRange(_)
            | G::LevelWithoutComputer
            | G::Record(_)
            | G::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            G::MoveNeedsToken { .. } | G::NeedsToken(_) => StatusCode::UNAUTHORIZED,
            G::WrongToken | G::NotYourTurn { .. } | G::NoUndoOnline => StatusCode::FORBIDDEN,
            G::ComputersTurn { .. }
            | G::GameOver { .. }
            | G::NothingToUndo
            | G::NoDrawOffer
            | G::ComputerDeclinesDraw
            | G::Superseded => StatusCode::CONFLICT,
            G::StoredScenario { .. }
            | G::StoredStart { .. }
            | G::StoredMove { .. }
            | G::ComputerMove { .. }
            | G::Store(_)
            | G::Random(_) => return Error::internal(e),
        };
        Error::new(status, e.to_string())
    }
}

impl From<BytesRejection> for Error {
    fn from(r: BytesRejection) -> Error {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the request body is larger than the limit of {} bytes",
                super::BODY_LIMIT
            )
        } else {
            format!("cannot read the request body: {}", r.body_text())
        };
        Error::new(status, message)
    }
}

impl From<QueryRejection> for Error {
    fn from(r: QueryRejection) -> Error {
        Error::bad_request(format!("query string: {}", r.body_text()))
    }
}

impl From<tokio::task::JoinError> for Error {
    fn from(e: tokio::task::JoinError) -> Error {
        Error::internal(format!("task failed: {e}"))
    }
}
