//! The whole application: every feature's routes merged, behind the HTTP edge
//! (`http`). The one place that names the features' routers: no feature, and not
//! the edge, depends on it.

use axum::Router;

use crate::http::{self, HttpSettings, Limiters};
use crate::AppState;

/// The whole application (API, WebSocket, web UI, health and metrics) over
/// `state`, with the default settings.
pub fn app(state: AppState) -> Router {
    app_with(state, &HttpSettings::default())
}

/// The whole application over `state` with `settings`.
pub fn app_with(state: AppState, settings: &HttpSettings) -> Router {
    let limiters = Limiters::new(settings.rate_limits.as_ref(), &state);
    let features = Router::new()
        .merge(crate::accounts::routes::router(settings.proxies()))
        .merge(crate::notify::routes::router())
        .merge(crate::game::routes::router(&limiters))
        .merge(crate::analysis::routes::router(&limiters))
        .merge(crate::lobby::routes::router())
        .merge(crate::ratings::routes::router())
        .merge(crate::chat::routes::router())
        .merge(crate::learn::routes::router());
    http::edge(state, features, &limiters, settings)
}
