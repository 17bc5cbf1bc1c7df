//! The one error type of the API: a status code, a code with parameters and an
//! English message for the client, and for server faults an internal cause that is
//! logged, never sent.

use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::value::RawValue;

use super::code::ErrorCode;
use super::move_refusal::move_refusal;
use crate::analysis::AnalysisError;
use crate::game::GameError;

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

impl Error {
    /// An error with a status and a message for the client; its code is the status's
    /// own until [`Error::code`] names a more specific one.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Error {
        Error {
            status,
            code: Box::new(ErrorCode::of_status(status)),
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

    /// 422 (400 for a query parameter, `status`): `value` of `field` is none of `allowed`.
    pub fn choice(status: StatusCode, field: &str, value: &str, allowed: &[&str]) -> Error {
        let words: Vec<String> = allowed.iter().map(|w| format!("`{w}`")).collect();
        let list = match words.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        Error::new(status, format!("{field}: {value:?} is not {list}")).code(ErrorCode::BadChoice {
            field: field.into(),
            value: value.into(),
            allowed: allowed.join(", "),
        })
    }

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

    /// The same error with a specific code, carrying the parameters of its sentence
    /// (the page fills its translation with them).
    pub fn code(mut self, code: ErrorCode) -> Error {
        *self.code = code;
        self
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

/// A throttle's wait: 429 with `Retry-After` in whole seconds (at least one).
impl From<battaglie_identity::Throttled> for Error {
    fn from(t: battaglie_identity::Throttled) -> Error {
        let battaglie_identity::Throttled::Wait { retry_after } = t;
        let seconds = retry_after
            .max(std::time::Duration::from_secs(1))
            .as_secs_f64()
            .ceil() as u64;
        Error::new(StatusCode::TOO_MANY_REQUESTS, t.to_string())
            .code(ErrorCode::RateLimited { seconds })
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
            | G::BadClock(_)
            | G::ClockOnlineOnly
            | G::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            G::MoveNeedsToken { .. } | G::NeedsToken(_) => StatusCode::UNAUTHORIZED,
            G::WrongToken
            | G::NotYourTurn { .. }
            | G::NoUndoOnline
            | G::TakebackOnlyOnline
            | G::RatedSeatNeedsAccount => StatusCode::FORBIDDEN,
            G::ComputersTurn { .. }
            | G::GameOver { .. }
            | G::CalledOff
            | G::TooLateToCallOff
            | G::NothingToUndo
            | G::NoDrawOffer
            | G::NoTakebackRequest
            | G::Clock(_)
            | G::Claim(_)
            | G::NothingToClaim
            | G::Superseded => StatusCode::CONFLICT,
            G::StoredScenario { .. }
            | G::StoredStart { .. }
            | G::StoredMove { .. }
            | G::ComputerMove { .. }
            | G::Store(_)
            | G::Random(_) => return Error::internal(e),
        };
        let code = game_refusal(&e);
        Error::new(status, e.to_string()).code(code)
    }
}

impl From<AnalysisError> for Error {
    fn from(e: AnalysisError) -> Error {
        match e {
            AnalysisError::Game(e) => e.into(),
            AnalysisError::NotStarted { ref id, plies } => {
                let code = ErrorCode::AnalysisNotStarted {
                    id: id.clone(),
                    plies,
                };
                Error::not_found(e.to_string()).code(code)
            }
            AnalysisError::InProgress { ref id } => {
                let code = ErrorCode::GameInProgress { id: id.clone() };
                Error::new(StatusCode::CONFLICT, e.to_string()).code(code)
            }
            AnalysisError::LivePosition => Error::new(StatusCode::CONFLICT, e.to_string())
                .code(ErrorCode::AnalysisOfGameInPlay {}),
            AnalysisError::TooLong { plies, most } => {
                Error::unprocessable(e.to_string()).code(ErrorCode::AnalysisTooLong { plies, most })
            }
            AnalysisError::Busy { seconds } => {
                let seconds = seconds.max(1);
                Error::new(StatusCode::TOO_MANY_REQUESTS, e.to_string())
                    .code(ErrorCode::AnalysisBusy { seconds })
            }
            AnalysisError::Store(_) | AnalysisError::Stored { .. } => Error::internal(e),
        }
    }
}

/// The code and parameters of a refusal of the game layer (`internal` for a fault of
/// the server, which `From<GameError>` answers before asking).
fn game_refusal(e: &GameError) -> ErrorCode {
    use ErrorCode as C;
    use GameError as G;
    match e {
        G::BadId(id) => C::BadGameId { id: id.clone() },
        G::NotFound(id) => C::GameNotFound { id: id.clone() },
        G::UnknownScenario { id, known } | G::UnknownRecordScenario { id, known } => {
            C::UnknownScenario {
                id: id.clone(),
                known: Some(known.clone()),
            }
        }
        G::LevelOutOfRange(level) => C::LevelOutOfRange { level: *level },
        G::LevelWithoutComputer => C::LevelWithoutComputer {},
        G::Record(r) => C::BadRecord {
            detail: r.to_string(),
        },
        G::WrongToken => C::WrongToken {},
        G::MoveNeedsToken { to_move } => C::MoveNeedsToken {
            side: (*to_move).into(),
        },
        G::NeedsToken(action) => C::NeedsToken { action: *action },
        G::NotYourTurn { to_move } => C::NotYourTurn {
            side: (*to_move).into(),
        },
        G::ComputersTurn { to_move } => C::ComputersTurn {
            side: (*to_move).into(),
        },
        G::GameOver { outcome } => C::GameOver {
            result: outcome.result_word(),
            reason: outcome.reason_word(),
        },
        G::CalledOff => C::GameCalledOff {},
        G::TooLateToCallOff => C::TooLateToCallOff {},
        G::IllegalMove(m) => move_refusal(m),
        G::NoUndoOnline => C::NoUndoOnline {},
        G::NothingToUndo => C::NothingToUndo {},
        G::NoDrawOffer => C::NoDrawOffer {},
        G::TakebackOnlyOnline => C::TakebackOnlyOnline {},
        G::NoTakebackRequest => C::NoTakebackRequest {},
        G::Superseded => C::Superseded {},
        G::RatedSeatNeedsAccount => C::RatedSeatNeedsAccount {},
        G::BadClock(e) => C::BadClock {
            detail: e.to_string(),
        },
        G::ClockOnlineOnly => C::ClockOnlineOnly {},
        G::Clock(e) => clock_refusal(e),
        G::Claim(e) => claim_refusal(e),
        G::NothingToClaim => C::NothingToClaim {},
        G::StoredScenario { .. }
        | G::StoredStart { .. }
        | G::StoredMove { .. }
        | G::ComputerMove { .. }
        | G::Store(_)
        | G::Random(_) => C::Internal {},
    }
}

/// The code of a move the clock refused.
fn clock_refusal(e: &battaglie_community::ClockError) -> ErrorCode {
    use battaglie_community::ClockError as K;
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
fn claim_refusal(e: &battaglie_community::ClaimError) -> ErrorCode {
    use battaglie_community::ClaimError as K;
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

impl From<BytesRejection> for Error {
    fn from(r: BytesRejection) -> Error {
        let status = r.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            let limit = super::BODY_LIMIT;
            Error::new(
                status,
                format!("the request body is larger than the limit of {limit} bytes"),
            )
            .code(ErrorCode::BodyTooLarge { limit })
        } else {
            Error::new(
                status,
                format!("cannot read the request body: {}", r.body_text()),
            )
        }
    }
}

impl From<QueryRejection> for Error {
    fn from(r: QueryRejection) -> Error {
        let detail = r.body_text();
        Error::bad_request(format!("query string: {detail}")).code(ErrorCode::BadRequest {
            detail: Some(detail),
        })
    }
}

impl From<tokio::task::JoinError> for Error {
    fn from(e: tokio::task::JoinError) -> Error {
        Error::internal(format!("task failed: {e}"))
    }
}
