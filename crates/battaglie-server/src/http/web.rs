//! The web UI: static files embedded in the binary.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::live::AppState;

const INDEX: &str = include_str!("../../web/index.html");

/// The front end's modules and style sheet, served at `/{name}`: one line per file.
const ASSETS: &[(&str, &str)] = &[
    ("style.css", include_str!("../../web/style.css")),
    ("app.js", include_str!("../../web/app.js")),
    ("actions.js", include_str!("../../web/actions.js")),
    ("api.js", include_str!("../../web/api.js")),
    ("bfen.js", include_str!("../../web/bfen.js")),
    ("board.js", include_str!("../../web/board.js")),
    ("chooser.js", include_str!("../../web/chooser.js")),
    ("dom.js", include_str!("../../web/dom.js")),
    ("endscreen.js", include_str!("../../web/endscreen.js")),
    ("errors.js", include_str!("../../web/errors.js")),
    ("game.js", include_str!("../../web/game.js")),
    ("home.js", include_str!("../../web/home.js")),
    ("i18n.js", include_str!("../../web/i18n.js")),
    ("lang-de.js", include_str!("../../web/lang-de.js")),
    ("lang-en.js", include_str!("../../web/lang-en.js")),
    ("lang-fr.js", include_str!("../../web/lang-fr.js")),
    ("lang-it.js", include_str!("../../web/lang-it.js")),
    ("moves.js", include_str!("../../web/moves.js")),
    ("notes.js", include_str!("../../web/notes.js")),
    ("movelist.js", include_str!("../../web/movelist.js")),
    ("panels.js", include_str!("../../web/panels.js")),
    ("plies.js", include_str!("../../web/plies.js")),
    ("recent.js", include_str!("../../web/recent.js")),
    ("rules.js", include_str!("../../web/rules.js")),
    ("settings.js", include_str!("../../web/settings.js")),
    ("socket.js", include_str!("../../web/socket.js")),
    ("sound.js", include_str!("../../web/sound.js")),
    ("svg.js", include_str!("../../web/svg.js")),
    ("terrain.js", include_str!("../../web/terrain.js")),
    ("types.js", include_str!("../../web/types.js")),
];

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/{name}", get(asset))
        .fallback(not_found)
}

async fn index() -> Response {
    file(INDEX, "text/html; charset=utf-8")
}

async fn asset(Path(name): Path<String>) -> Response {
    let Some(&(_, body)) = ASSETS.iter().find(|(n, _)| *n == name) else {
        return not_found().await;
    };
    let content_type = if name.ends_with(".css") {
        "text/css; charset=utf-8"
    } else {
        "text/javascript; charset=utf-8"
    };
    file(body, content_type)
}

fn file(body: &'static str, content_type: &'static str) -> Response {
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
