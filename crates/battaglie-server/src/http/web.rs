//! The web UI: static files embedded in the binary.

use axum::http::{header, HeaderMap, StatusCode};
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
    let file = |body: &'static str, content_type: &'static str| {
        let etag = etag(body);
        get(move |headers: HeaderMap| async move { serve(&headers, body, content_type, &etag) })
    };
    Router::new()
        .route("/", file(INDEX, HTML))
        .route("/game/{id}", file(INDEX, HTML))
        .route("/app.js", file(APP_JS, JS))
        .route("/board.js", file(BOARD_JS, JS))
        .route("/i18n.js", file(I18N_JS, JS))
        .route("/style.css", file(STYLE, "text/css; charset=utf-8"))
        .route("/rules.md", file(RULES, "text/markdown; charset=utf-8"))
        .fallback(not_found)
        // gzip or brotli, as the browser accepts.
        .layer(tower_http::compression::CompressionLayer::new())
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// A strong validator of `body`: the same file gives the same tag on every node
/// of one build.
fn etag(body: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    body.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// The file, or 304 when the browser's copy (`If-None-Match`) is current. The
/// names are not content-hashed, so browsers revalidate (`no-cache`) on each load.
fn serve(
    headers: &HeaderMap,
    body: &'static str,
    content_type: &'static str,
    etag: &str,
) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let common = [
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, etag.to_string()),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (
        common,
        [
            (header::CONTENT_TYPE, content_type),
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
