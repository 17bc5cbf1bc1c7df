//! `/api/learn`: the lessons in a language.

use axum::routing::get;
use axum::Router;

use crate::AppState;

/// The learning pages' routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/learn/lessons/{lang}", get(super::lessons::in_language))
}
