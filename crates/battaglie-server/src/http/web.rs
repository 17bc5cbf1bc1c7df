//! The web UI: static files embedded in the binary.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::game::AppState;

const INDEX: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const BOARD_JS: &str = include_str!("../../web/board.js");
const I18N_JS: &str = include_str!("../../web/i18n.js");
const STYLE: &str = include_str!("../../web/style.css");
const RULES: &str = include_str!("../../../../RULES.md");

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route(
            "/app.js",
            get(|| file(APP_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/board.js",
            get(|| file(BOARD_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/i18n.js",
            get(|| file(I18N_JS, "text/javascript; charset=utf-8")),
        )
        .route("/style.css", get(|| file(STYLE, "text/css; charset=utf-8")))
        .route(
            "/rules.md",
            get(|| file(RULES, "text/markdown; charset=utf-8")),
        )
        .fallback(not_found)
}

async fn index() -> Response {
    file(INDEX, "text/html; charset=utf-8").await
}

async fn file(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        "<!doctype html><title>Not found</title><p>Nothing here. <a href=\"/\">battaglie</a></p>",
    )
        .into_response()
}
