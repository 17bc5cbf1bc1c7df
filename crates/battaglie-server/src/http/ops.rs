//! For the operators and the balancer: `/healthz` (the process answers),
//! `/readyz` (it can serve: the database answers, no damage was found in it, and
//! it is not shutting down) and
//! `/metrics` (Prometheus text format: on the main listener for this machine
//! only, else on a listener of its own).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::game::Games;
use crate::node::Node;
use crate::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(local_metrics))
}

/// How long `/readyz` waits for the database: a balancer asks often, and a
/// database that does not answer in this long is not one to send visitors to
/// (a pool would wait 5 s for a connection to a server that is gone).
const READY_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

async fn ready(State(node): State<Node>) -> Response {
    if node.is_stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down\n").into_response();
    }
    if let Some(problems) = node.store().damage() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the database is damaged: {problems}\n"),
        )
            .into_response();
    }
    let answer = tokio::time::timeout(READY_WAIT, node.store().ping()).await;
    match answer.unwrap_or_else(|_| Err(crate::StoreError::Unanswered(READY_WAIT))) {
        Ok(()) => (StatusCode::OK, "ready\n").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the database does not answer");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "the database does not answer\n",
            )
                .into_response()
        }
    }
}

/// The metrics for this machine only: a loopback peer that no balancer forwarded
/// (a scraper elsewhere reads the `--metrics-addr` listener, [`metrics_router`]).
async fn local_metrics(node: State<Node>, games: State<Games>, request: Parts) -> Response {
    let forwarded = ["x-real-ip", "x-forwarded-for", "forwarded"]
        .iter()
        .any(|h| request.headers.contains_key(*h));
    let peer = request.extensions.get::<ConnectInfo<SocketAddr>>();
    if forwarded || !peer.is_some_and(|p| p.0.ip().is_loopback()) {
        return super::Error::from(super::RequestError::NoMetricsHere).into_response();
    }
    metrics(node, games).await
}

/// `/metrics` alone, for the listener of `--metrics-addr`.
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(state)
}

async fn metrics(State(node): State<Node>, State(games): State<Games>) -> Response {
    node.metrics().set_games_live(games.games_in_memory());
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        node.metrics().render(),
    )
        .into_response()
}
