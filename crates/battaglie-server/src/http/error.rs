//! The one error type of the API: a status code, a code with parameters and an
//! English message for the client, and for server faults an internal cause that is
//! logged, never sent.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::value::RawValue;

use super::code::ErrorCode;

/// An API error: answers `{"error": "...", "code": "...", "params": {...}}` with its
/// status code.
#[derive(Debug)]
pub struct Error {
    status: StatusCode,
    /// Boxed: its largest variants would make every `Result<_, Error>` large.
    code: Box<ErrorCode>,
    message: String,
    internal: Option<String>,
    /// The game's current state, sent with refusals of a game action (409).
    state: Option<Box<RawValue>>,
}

/// An error's body as sent: the message, the code and its parameters, and the game's
/// state beside a refused game action.
#[derive(Serialize)]
pub struct ErrorBody<'a> {
    error: &'a str,
    #[serde(flatten)]
    code: &'a ErrorCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a RawValue>,
}

/// A domain error as the API answers it. Each error enum says, in one exhaustive
/// `match` in its feature's `refusal.rs`, the status and the code (with the parameters
/// of its sentence) of each of its cases; its `Display` is the English message. No
/// handler chooses a status: it returns the domain error and `?` turns it into an
/// [`Error`] through this trait.
pub trait Refusal: std::fmt::Display {
    /// The status and the code this error is answered with; `None` for a fault of the
    /// server, answered 500 with its cause logged.
    fn answer(&self) -> Option<(StatusCode, ErrorCode)>;
}

impl<E: Refusal> From<E> for Error {
    fn from(e: E) -> Error {
        match e.answer() {
            Some((status, code)) => Error {
                status,
                code: Box::new(code),
                message: e.to_string(),
                internal: None,
                state: None,
            },
            None => Error::internal(e),
        }
    }
}

impl Error {
    /// 500: a fault of the server; `cause` is logged, the client reads only "internal error".
    pub fn internal(cause: impl std::fmt::Display) -> Error {
        Error {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: Box::new(ErrorCode::Internal {}),
            message: "internal server error".into(),
            internal: Some(cause.to_string()),
            state: None,
        }
    }

    /// The same error, answering `state` (the game's state JSON) beside the message.
    pub fn with_state(mut self, state: &str) -> Error {
        self.state = RawValue::from_string(state.to_owned()).ok();
        self
    }

    /// The status code.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Whether the error refuses what the current state does not allow (409): its
    /// answer then carries that state.
    pub fn is_conflict(&self) -> bool {
        self.status == StatusCode::CONFLICT
    }

    /// The code, with the parameters of its sentence.
    pub fn code(&self) -> &ErrorCode {
        &self.code
    }

    /// The message for the client.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The body as sent: the message, the code, its parameters and any state.
    pub fn body(&self) -> ErrorBody<'_> {
        ErrorBody {
            error: &self.message,
            code: &self.code,
            state: self.state.as_deref(),
        }
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
        let mut res = (self.status, Json(self.body())).into_response();
        // A throttle's or a busy node's wait (its `seconds`) is also said as `Retry-After`.
        if let ErrorCode::RateLimited { seconds }
        | ErrorCode::AnalysisBusy { seconds }
        | ErrorCode::Busy { seconds } = *self.code
        {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        res
    }
}

impl From<tokio::task::JoinError> for Error {
    fn from(e: tokio::task::JoinError) -> Error {
        Error::internal(format!("task failed: {e}"))
    }
}
