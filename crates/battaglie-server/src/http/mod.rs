//! The HTTP edge: what every request passes (the defences, the API's fallback,
//! the operations' and the page's routes, the game's socket) around the
//! features' routes, which `crate::router` assembles; nothing here names a
//! feature's routes.

mod accept;
mod code;
mod descriptors;
mod error;
mod headers;
mod limits;
mod ops;
mod origin;
mod per_address;
mod proxies;
mod refusal;
mod request_log;
pub(crate) mod scenarios;
pub mod web;
mod ws;
pub(crate) mod ws_limits;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::sync::Arc;

pub use accept::{serve as serve_connections, Connections};
pub use code::ErrorCode;
pub use error::{Error, Refusal};
pub use headers::CONTENT_SECURITY_POLICY;
pub(crate) use limits::{Actor, GameActions, Limiters};
pub use limits::{Quota, RateLimits};
pub use ops::metrics_router;
pub use proxies::{BadProxy, Proxies};
pub use refusal::{Choice, RequestError};
pub use web::{assets as web_assets, Asset};
pub use ws::{CLOSE_RESTART, CLOSE_TOO_BIG};
pub use ws_limits::{CLOSE_SILENT, CLOSE_TOO_MANY};

pub(crate) use crate::accounts::{seat_token, Visitor};
pub(crate) use limits::client_ip;

use crate::game::{Created, LiveGame};
use crate::AppState;

/// The answer of a change that has nothing to tell but that it was done: `{}`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Done {}

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The largest WebSocket message accepted from a client, in bytes.
pub const WS_MESSAGE_LIMIT: usize = 4 * 1024;

/// How long a request may take before it is answered 408 (WebSockets, once
/// upgraded, are not bounded by it).
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// What the HTTP layer can be told.
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// The rate limits per client address; `None` turns them off (load tests).
    pub rate_limits: Option<RateLimits>,
    /// Time limits on connections and the cap per address.
    pub connections: Connections,
    /// Other sites (`https://host[:port]`) whose pages may change things here
    /// besides this site's own.
    pub origins: Vec<String>,
    /// A `web/` folder whose plain modules are served instead of the embedded
    /// bundle, read on each request (development: `--web-dev DIR`).
    pub web_dev: Option<std::path::PathBuf>,
    /// How long a stopping node goes on serving while `/readyz` answers 503, so
    /// that a balancer's health check sends no new visitor before it closes
    /// (`--drain-seconds`; none by default here).
    pub drain: std::time::Duration,
    /// The site's public address (`https://play.example.org`, `--public-url`): the
    /// `Host` a browser's change may name besides the address the node listens on.
    pub site: Option<String>,
}

impl Default for HttpSettings {
    fn default() -> HttpSettings {
        HttpSettings {
            rate_limits: Some(RateLimits::default()),
            connections: Connections::default(),
            origins: Vec::new(),
            web_dev: None,
            drain: std::time::Duration::ZERO,
            site: None,
        }
    }
}

impl HttpSettings {
    /// No rate limits and no cap on connections per address (load tests, and
    /// tests that open many sockets from the loopback).
    pub fn unlimited() -> HttpSettings {
        HttpSettings {
            rate_limits: None,
            connections: Connections {
                per_address: None,
                ..Connections::default()
            },
            origins: Vec::new(),
            web_dev: None,
            drain: std::time::Duration::ZERO,
            site: None,
        }
    }
}

impl HttpSettings {
    /// The balancers trusted to name a client's address (none without rate limits).
    pub(crate) fn proxies(&self) -> Arc<Proxies> {
        Arc::new(
            self.rate_limits
                .as_ref()
                .map(|l| l.proxies.clone())
                .unwrap_or_default(),
        )
    }
}

/// The whole application over `state`: `features` (every feature's API routes)
/// nested under `/api` with the edge's own (the scenarios, the game's socket),
/// the operations' and the page's routes, behind the defences `settings` set.
pub(crate) fn edge(
    state: AppState,
    features: Router<AppState>,
    limiters: &Limiters,
    settings: &HttpSettings,
) -> Router {
    let api = features
        .merge(scenarios::router())
        .merge(ws::router(
            settings.proxies(),
            settings.rate_limits.as_ref().map(|l| l.sockets),
        ))
        .fallback(api_not_found)
        .layer(axum::Extension(ws_limits::Silence(
            settings.connections.idle_timeout,
        )))
        .layer(axum::Extension(limiters.actions()))
        // The JSON (a state, the scenarios) shrinks to a third or less; pictures
        // and WebSocket upgrades are left alone by the default predicate.
        .layer(tower_http::compression::CompressionLayer::new());
    Router::new()
        .nest("/api", api)
        .merge(ops::router())
        .merge(web::router(settings.web_dev.clone()))
        .layer(axum::middleware::map_response(headers::add))
        .layer(axum::middleware::from_fn_with_state(
            origin::Origins::new(
                &settings.origins,
                settings.site.as_deref(),
                settings
                    .rate_limits
                    .as_ref()
                    .map(|limits| limits.proxies.clone())
                    .unwrap_or_default(),
            ),
            origin::guard,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::from_fn(request_log::log))
        .with_state(state)
}

/// (The original URI: inside the `/api` nest, the plain one has lost its prefix.)
async fn api_not_found(axum::extract::OriginalUri(uri): axum::extract::OriginalUri) -> Error {
    RequestError::NoEndpoint(uri.path().to_owned()).into()
}

/// A JSON request body: syntax errors answer 400, wrong fields or types 422, an
/// oversized body 413, each with a message naming the place.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Error> {
        let bytes = Bytes::from_request(req, state).await?;
        parse_json(&bytes).map(JsonBody)
    }
}

/// Reads a JSON value with the API's error rules.
pub(crate) fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(RequestError::EmptyBody.into());
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if !inner.is_data() {
            RequestError::BadJson(inner.to_string())
        } else {
            RequestError::BadField {
                field: path,
                detail: inner.to_string(),
            }
        }
    })?;
    de.end().map_err(|e| RequestError::BadJson(e.to_string()))?;
    Ok(value)
}

/// Query-string parameters, with a 400 that says which parameter is wrong.
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Error> {
        let axum::extract::Query(v) =
            axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(QueryParams(v))
    }
}

/// A JSON response from text that already is JSON.
pub(crate) fn json_text(status: axum::http::StatusCode, body: String) -> Response {
    (
        status,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// Runs a change to completion even if the client goes away meanwhile, so that the
/// store and the game in memory never disagree.
pub(crate) async fn detached<T: Send + 'static>(
    f: impl std::future::Future<Output = Result<T, Error>> + Send + 'static,
) -> Result<T, Error> {
    tokio::spawn(f).await?
}

/// A seat token, in a query string or a JSON body (absent for spectators).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Token {
    #[serde(default)]
    pub(crate) token: Option<String>,
}

/// `201 Created` with what [`Games::create`](crate::Games::create) or [`Games::import`](crate::Games::import) answered
/// and the creator's view of the new game under `state`.
pub(crate) async fn created_response(
    (created, live): (Created, Arc<LiveGame>),
) -> Result<Response, Error> {
    /// The new game and its state as the creator's seat sees it (already JSON).
    #[derive(serde::Serialize)]
    struct CreatedView<'a> {
        #[serde(flatten)]
        created: &'a Created,
        state: Box<serde_json::value::RawValue>,
    }
    let seat = live.seat(Some(&created.token))?;
    let state = serde_json::value::RawValue::from_string(live.view(seat, None).await)
        .map_err(Error::internal)?;
    let body = CreatedView {
        created: &created,
        state,
    };
    Ok((axum::http::StatusCode::CREATED, axum::Json(body)).into_response())
}
