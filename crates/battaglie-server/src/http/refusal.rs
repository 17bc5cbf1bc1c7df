//! The edge's own refusals: a request that is not well formed, not allowed here or
//! too frequent, before any feature reads it; each with its status and code.

use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::http::StatusCode;
use battaglie_identity::Throttled;

use super::{ErrorCode, Refusal};

/// A request refused at the edge. The message (`Display`) names what and where.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// A JSON body with nothing in it.
    #[error("the request body is empty: a JSON object is expected")]
    EmptyBody,
    /// A record's body with nothing in it.
    #[error("the request body is empty: send a game record (JSON or text form)")]
    EmptyRecord,
    /// A record's body that is not UTF-8.
    #[error("the record is not UTF-8 text: {0}")]
    RecordNotText(std::str::Utf8Error),
    /// A body that is not JSON (its syntax, in English).
    #[error("JSON body is not valid JSON: {0}")]
    BadJson(String),
    /// A JSON field of the wrong type or value (`.`: the whole body).
    #[error("JSON body: {}{detail}", if field == "." { String::new() } else { format!("{field}: ") })]
    BadField {
        /// The field's path.
        field: String,
        /// Why, in English.
        detail: String,
    },
    /// A word in a body that is none of the ones allowed.
    #[error("{0}")]
    Choice(Choice),
    /// A word in the query string that is none of the ones allowed.
    #[error("{0}")]
    QueryChoice(Choice),
    /// A query string that does not read.
    #[error("query string: {}", .0.body_text())]
    Query(QueryRejection),
    /// A path that does not read.
    #[error("{}", .0.body_text())]
    Path(PathRejection),
    /// A body that cannot be read (over the limit, among others).
    #[error("{}", body_refusal(.0))]
    Body(BytesRejection),
    /// A change sent without a JSON body (the content type sent, if any).
    #[error(
        "a request that changes something must send its body as JSON \
         (Content-Type: application/json), not {}",
        .0.as_deref().unwrap_or("without a Content-Type")
    )]
    JsonRequired(Option<String>),
    /// A change from another site's page.
    #[error("a request that changes something must come from this site's own pages")]
    CrossOrigin,
    /// The lobby's socket opened from another site's page.
    #[error("the lobby's socket is for this site's pages")]
    LobbySocketCrossOrigin,
    /// A socket's upgrade that cannot be made.
    #[error("WebSocket: {}", .0.body_text())]
    WebSocket(WebSocketUpgradeRejection),
    /// A binary message on a socket.
    #[error("messages are JSON text")]
    NotText,
    /// No route at this path under `/api`.
    #[error("no API endpoint {0}")]
    NoEndpoint(String),
    /// The metrics asked for from outside this machine.
    #[error("no endpoint /metrics here")]
    NoMetricsHere,
    /// No built-in scenario with this id.
    #[error("no scenario {0:?}")]
    NoScenario(String),
    /// The address's requests over its rate (the seconds to wait).
    #[error("too many requests from your address: wait {0} s")]
    TooManyRequests(u64),
    /// A seat's or an account's offers, answers and messages over their rate.
    #[error("too many offers, answers or messages: wait {0} s")]
    TooManyActions(u64),
    /// More games' sockets open from one address than it may hold (the most).
    #[error("too many games open at once from your address: the most is {0}")]
    TooManyGames(usize),
}

/// A word that is none of the ones a field may take.
#[derive(Debug)]
pub struct Choice {
    /// The field.
    pub field: String,
    /// The word sent.
    pub value: String,
    /// The words it may take.
    pub allowed: Vec<String>,
}

impl Choice {
    /// `value` of `field` is none of `allowed`.
    pub fn new(field: &str, value: &str, allowed: &[&str]) -> Choice {
        Choice {
            field: field.into(),
            value: value.into(),
            allowed: allowed.iter().map(|w| (*w).to_owned()).collect(),
        }
    }
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.allowed.iter().map(|w| format!("`{w}`")).collect();
        let list = match words.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        write!(f, "{}: {:?} is not {list}", self.field, self.value)
    }
}

impl RequestError {
    /// A body's `field` whose `value` is none of `allowed` (422).
    pub fn choice(field: &str, value: &str, allowed: &[&str]) -> RequestError {
        RequestError::Choice(Choice::new(field, value, allowed))
    }

    /// A query parameter `field` whose `value` is none of `allowed` (400).
    pub fn query_choice(field: &str, value: &str, allowed: &[&str]) -> RequestError {
        RequestError::QueryChoice(Choice::new(field, value, allowed))
    }
}

fn body_refusal(r: &BytesRejection) -> String {
    if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        let limit = super::BODY_LIMIT;
        format!("the request body is larger than the limit of {limit} bytes")
    } else {
        format!("cannot read the request body: {}", r.body_text())
    }
}

fn choice_code(c: &Choice) -> ErrorCode {
    ErrorCode::BadChoice {
        field: c.field.clone(),
        value: c.value.clone(),
        allowed: c.allowed.join(", "),
    }
}

impl Refusal for RequestError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ErrorCode as C;
        use RequestError as R;
        let too_many = StatusCode::TOO_MANY_REQUESTS;
        Some(match self {
            R::EmptyBody | R::EmptyRecord => (StatusCode::BAD_REQUEST, C::EmptyBody {}),
            R::RecordNotText(_) => (StatusCode::BAD_REQUEST, C::BadRequest { detail: None }),
            R::BadJson(detail) => (
                StatusCode::BAD_REQUEST,
                C::BadJson {
                    detail: detail.clone(),
                },
            ),
            R::BadField { field, detail } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                C::BadField {
                    field: field.clone(),
                    detail: detail.clone(),
                },
            ),
            R::Choice(c) => (StatusCode::UNPROCESSABLE_ENTITY, choice_code(c)),
            R::QueryChoice(c) => (StatusCode::BAD_REQUEST, choice_code(c)),
            R::Query(r) => (
                StatusCode::BAD_REQUEST,
                C::BadRequest {
                    detail: Some(r.body_text()),
                },
            ),
            R::Path(_) => (StatusCode::BAD_REQUEST, C::BadRequest { detail: None }),
            R::Body(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => (
                r.status(),
                C::BodyTooLarge {
                    limit: super::BODY_LIMIT,
                },
            ),
            R::Body(r) => (r.status(), ErrorCode::of_status(r.status())),
            R::WebSocket(r) => (r.status(), ErrorCode::of_status(r.status())),
            R::JsonRequired(given) => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                C::JsonRequired {
                    given: given.clone().unwrap_or_default(),
                },
            ),
            R::CrossOrigin => (StatusCode::FORBIDDEN, C::CrossOrigin {}),
            R::LobbySocketCrossOrigin => (StatusCode::FORBIDDEN, C::Forbidden {}),
            R::NotText => (StatusCode::UNPROCESSABLE_ENTITY, C::NotText {}),
            R::NoEndpoint(path) => (StatusCode::NOT_FOUND, C::NoEndpoint { path: path.clone() }),
            R::NoMetricsHere => (StatusCode::NOT_FOUND, C::NotFound {}),
            R::NoScenario(id) => (
                StatusCode::NOT_FOUND,
                C::UnknownScenario {
                    id: id.clone(),
                    known: None,
                },
            ),
            R::TooManyRequests(seconds) | R::TooManyActions(seconds) => {
                (too_many, C::RateLimited { seconds: *seconds })
            }
            R::TooManyGames(_) => (too_many, C::RateLimited { seconds: 5 }),
        })
    }
}

/// A throttle's wait: 429 with `Retry-After` in whole seconds (at least one).
impl Refusal for Throttled {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        let Throttled::Wait { retry_after } = self;
        let seconds = retry_after
            .max(&std::time::Duration::from_secs(1))
            .as_secs_f64()
            .ceil() as u64;
        Some((
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited { seconds },
        ))
    }
}

impl From<BytesRejection> for super::Error {
    fn from(r: BytesRejection) -> super::Error {
        RequestError::Body(r).into()
    }
}

impl From<QueryRejection> for super::Error {
    fn from(r: QueryRejection) -> super::Error {
        RequestError::Query(r).into()
    }
}
