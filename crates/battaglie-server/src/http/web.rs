//! The web UI: static files embedded in the binary.

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::LazyLock;

use crate::game::AppState;

const INDEX: &str = include_str!("../../web/index.html");
const PLAYER: &str = include_str!("../../web/player.html");

/// The front end's modules and style sheet, served at `/{name}`: one line per file.
const ASSETS: &[(&str, &str)] = &[
    ("style.css", include_str!("../../web/style.css")),
    ("app.js", include_str!("../../web/app.js")),
    ("boardinput.js", include_str!("../../web/boardinput.js")),
    ("cursor.js", include_str!("../../web/cursor.js")),
    ("gamestate.js", include_str!("../../web/gamestate.js")),
    ("gameview.js", include_str!("../../web/gameview.js")),
    ("live.js", include_str!("../../web/live.js")),
    ("marks.js", include_str!("../../web/marks.js")),
    ("premove.js", include_str!("../../web/premove.js")),
    ("review.js", include_str!("../../web/review.js")),
    ("badge.js", include_str!("../../web/badge.js")),
    ("account.js", include_str!("../../web/account.js")),
    ("notifyform.js", include_str!("../../web/notifyform.js")),
    ("notifyprefs.js", include_str!("../../web/notifyprefs.js")),
    ("actions.js", include_str!("../../web/actions.js")),
    ("analysis.js", include_str!("../../web/analysis.js")),
    ("api.js", include_str!("../../web/api.js")),
    ("seat.js", include_str!("../../web/seat.js")),
    ("arrows.js", include_str!("../../web/arrows.js")),
    ("chat.js", include_str!("../../web/chat.js")),
    ("presence.js", include_str!("../../web/presence.js")),
    ("board.js", include_str!("../../web/board.js")),
    ("chooser.js", include_str!("../../web/chooser.js")),
    ("clock.js", include_str!("../../web/clock.js")),
    ("dom.js", include_str!("../../web/dom.js")),
    ("endscreen.js", include_str!("../../web/endscreen.js")),
    ("errors.js", include_str!("../../web/errors.js")),
    ("evalgraph.js", include_str!("../../web/evalgraph.js")),
    ("game.js", include_str!("../../web/game.js")),
    ("home.js", include_str!("../../web/home.js")),
    ("lobby.js", include_str!("../../web/lobby.js")),
    ("i18n.js", include_str!("../../web/i18n.js")),
    ("lang-de.js", include_str!("../../web/lang-de.js")),
    ("lang-en.js", include_str!("../../web/lang-en.js")),
    ("lang-fr.js", include_str!("../../web/lang-fr.js")),
    ("lang-it.js", include_str!("../../web/lang-it.js")),
    ("moves.js", include_str!("../../web/moves.js")),
    ("notes.js", include_str!("../../web/notes.js")),
    ("history-it.js", include_str!("../../web/history-it.js")),
    ("history-fr.js", include_str!("../../web/history-fr.js")),
    ("history-de.js", include_str!("../../web/history-de.js")),
    ("movelist.js", include_str!("../../web/movelist.js")),
    ("words.js", include_str!("../../web/words.js")),
    ("sides.js", include_str!("../../web/sides.js")),
    ("strips.js", include_str!("../../web/strips.js")),
    ("nav.js", include_str!("../../web/nav.js")),
    ("motion.js", include_str!("../../web/motion.js")),
    ("panels.js", include_str!("../../web/panels.js")),
    ("plies.js", include_str!("../../web/plies.js")),
    ("recent.js", include_str!("../../web/recent.js")),
    ("rematch.js", include_str!("../../web/rematch.js")),
    ("rules.js", include_str!("../../web/rules.js")),
    ("squares.js", include_str!("../../web/squares.js")),
    ("settings.js", include_str!("../../web/settings.js")),
    ("socket.js", include_str!("../../web/socket.js")),
    ("sound.js", include_str!("../../web/sound.js")),
    ("svg.js", include_str!("../../web/svg.js")),
    ("terrain.js", include_str!("../../web/terrain.js")),
    ("types.js", include_str!("../../web/types.js")),
    ("player.js", include_str!("../../web/player.js")),
    ("rated.js", include_str!("../../web/rated.js")),
    // The rules and the computer in the reader's browser (docs/wasm.md).
    ("engine.js", include_str!("../../web/engine.js")),
    (
        "engine-worker.js",
        include_str!("../../web/engine-worker.js"),
    ),
    (
        "localanalysis.js",
        include_str!("../../web/localanalysis.js"),
    ),
];

/// The offline edition's own modules and files (`battaglie site`, docs/offline.md),
/// served at `/local/{name}`: the page loads them only when its `index.html` names it
/// the offline edition.
const LOCAL: &[(&str, &str, &str)] = &[
    ("offline.js", include_str!("../../web/local/offline.js"), JS),
    ("backend.js", include_str!("../../web/local/backend.js"), JS),
    ("games.js", include_str!("../../web/local/games.js"), JS),
    ("store.js", include_str!("../../web/local/store.js"), JS),
    ("service.js", include_str!("../../web/local/service.js"), JS),
    ("sw.js", include_str!("../../web/local/sw.js"), JS),
    (
        "manifest.webmanifest",
        include_str!("../../web/local/manifest.webmanifest"),
        "application/manifest+json",
    ),
    ("icon.svg", include_str!("../../web/local/icon.svg"), SVG),
];

/// One file of the front end as the server serves it.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Its path under the site's root, without a leading slash (`index.html`,
    /// `app.js`, `wasm/battaglie_wasm_bg.wasm`).
    pub path: &'static str,
    /// Its content.
    pub body: &'static [u8],
    /// Its media type.
    pub content_type: &'static str,
}

/// Every file of the front end, `index.html` and `player.html` included: what the
/// server serves, and what `battaglie site` writes.
pub fn assets() -> &'static [Asset] {
    static ALL: LazyLock<Vec<Asset>> = LazyLock::new(|| {
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let mut all = vec![
            Asset {
                path: "index.html",
                body: INDEX.as_bytes(),
                content_type: HTML,
            },
            Asset {
                path: "player.html",
                body: PLAYER.as_bytes(),
                content_type: HTML,
            },
        ];
        all.extend(ASSETS.iter().map(|&(name, body)| Asset {
            path: name,
            body: body.as_bytes(),
            content_type: if name.ends_with(".css") { CSS } else { JS },
        }));
        all.extend(LOCAL.iter().map(|&(name, body, content_type)| Asset {
            path: leak(format!("local/{name}")),
            body: body.as_bytes(),
            content_type,
        }));
        all.extend(WASM.iter().map(|&(name, body, content_type)| Asset {
            path: leak(format!("wasm/{name}")),
            body,
            content_type,
        }));
        all
    });
    &ALL
}

/// The rules and the computer compiled to WebAssembly (generated by
/// `scripts/build-wasm`), served at `/wasm/{name}`: the module and its JS glue.
const WASM: &[(&str, &[u8], &str)] = &[
    (
        "battaglie_wasm.js",
        include_bytes!("../../web/wasm/battaglie_wasm.js"),
        JS,
    ),
    (
        "battaglie_wasm_bg.wasm",
        include_bytes!("../../web/wasm/battaglie_wasm_bg.wasm"),
        "application/wasm",
    ),
];

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/rules", get(index))
        .route("/players/{name}", get(player_page))
        .route("/lobby", get(index))
        .route("/{name}", get(asset))
        .route("/wasm/{name}", get(wasm))
        .route("/local/{name}", get(local))
        .fallback(not_found)
        // gzip or brotli, as the browser accepts.
        .layer(tower_http::compression::CompressionLayer::new())
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

async fn index(headers: HeaderMap) -> Response {
    serve(&headers, INDEX.as_bytes(), HTML)
}

/// A player's page: the module fetches the player by the name in the path.
async fn player_page(headers: HeaderMap) -> Response {
    serve(&headers, PLAYER.as_bytes(), HTML)
}

async fn wasm(Path(name): Path<String>, headers: HeaderMap) -> Response {
    match WASM.iter().find(|(n, _, _)| *n == name) {
        Some(&(_, body, content_type)) => serve(&headers, body, content_type),
        None => not_found().await,
    }
}

async fn local(Path(name): Path<String>, headers: HeaderMap) -> Response {
    match LOCAL.iter().find(|(n, _, _)| *n == name) {
        Some(&(_, body, content_type)) => serve(&headers, body.as_bytes(), content_type),
        None => not_found().await,
    }
}

async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some(&(_, body)) = ASSETS.iter().find(|(n, _)| *n == name) else {
        return not_found().await;
    };
    let content_type = if name.ends_with(".css") { CSS } else { JS };
    serve(&headers, body.as_bytes(), content_type)
}

/// A strong validator of `body`: the same file gives the same tag on every node
/// of one build.
fn etag(body: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    body.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// The file, or 304 when the browser's copy (`If-None-Match`) is current. The
/// names are not content-hashed, so browsers revalidate (`no-cache`) on each load.
fn serve(headers: &HeaderMap, body: &'static [u8], content_type: &'static str) -> Response {
    let etag = etag(body);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim() == etag.as_str() || t.trim() == "*")
        });
    let common = [
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, etag.to_string()),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (common, [(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// An address the site does not have: the page itself, which says so in the
/// reader's language with the ways back (`web/nav.js`), answered 404.
async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, HTML),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}
