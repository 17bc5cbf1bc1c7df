//! The web UI: the bundle of `web/` (`web/dist/`, written by `scripts/build-web`)
//! embedded in the binary, or in development the plain modules read from a folder.

use std::path::{Path as FsPath, PathBuf};
use std::sync::{Arc, LazyLock};

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::AppState;

/// One file of the front end as the server serves it.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Its path under the site's root, without a leading slash: `index.html`,
    /// `player.html`, or a bundled file named after its content (`app-3F2A9C1D.js`).
    pub path: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
    /// Its `Content-Type`.
    pub content_type: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const WASM: &str = "application/wasm";
const SVG: &str = "image/svg+xml";
const MANIFEST: &str = "application/manifest+json";

const fn asset(path: &'static str, body: &'static [u8], content_type: &'static str) -> Asset {
    Asset {
        path,
        body,
        content_type,
    }
}

static BUNDLE: &[Asset] = &include!("../../web/dist/files.rs");

/// The offline edition's files that keep their names (`battaglie site`,
/// docs/offline.md): its service worker (the site writes it at its root, with the
/// files to keep), its manifest and its icon. Its modules are in the bundle.
static LOCAL: &[Asset] = &[
    asset("local/sw.js", include_bytes!("../../web/local/sw.js"), JS),
    asset(
        "local/manifest.webmanifest",
        include_bytes!("../../web/local/manifest.webmanifest"),
        MANIFEST,
    ),
    asset(
        "local/icon.svg",
        include_bytes!("../../web/local/icon.svg"),
        SVG,
    ),
];

/// Every file of the front end: the two pages (`index.html`, `player.html`), the
/// bundle they load and the offline edition's own files. Written into a folder,
/// they are the whole site's front end.
pub fn assets() -> &'static [Asset] {
    static ALL: LazyLock<Vec<Asset>> =
        LazyLock::new(|| BUNDLE.iter().chain(LOCAL).copied().collect());
    &ALL
}

/// The files whose names do not change with their content (the pages, which are
/// the site's addresses, and the offline edition's own): browsers ask again each time.
fn keeps_its_name(path: &str) -> bool {
    path.ends_with(".html") || path.starts_with("local/")
}

fn embedded(path: &str) -> Option<&'static Asset> {
    assets().iter().find(|a| a.path == path)
}

/// Where the files come from: the embedded bundle, or (`--web-dev DIR`) the plain
/// modules of a `web/` folder read on each request, so an edit shows on reload.
#[derive(Clone)]
struct Source(Option<Arc<PathBuf>>);

pub(super) fn router(web_dev: Option<PathBuf>) -> Router<AppState> {
    let source = Source(web_dev.map(Arc::new));
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/rules", get(index))
        .route("/learn", get(index))
        .route("/learn/{lesson}", get(index))
        .route("/players/{name}", get(player_page))
        .route("/lobby", get(index))
        .route("/{name}", get(file))
        .route("/wasm/{name}", get(wasm_dev))
        .route("/local/{name}", get(local))
        .fallback(not_found)
        .layer(axum::Extension(source))
        // gzip or brotli, as the browser accepts.
        .layer(tower_http::compression::CompressionLayer::new())
}

async fn index(source: axum::Extension<Source>, headers: HeaderMap) -> Response {
    page(&source, &headers, "index.html").await
}

/// A player's page: the module fetches the player by the name in the path.
async fn player_page(source: axum::Extension<Source>, headers: HeaderMap) -> Response {
    page(&source, &headers, "player.html").await
}

async fn page(source: &Source, headers: &HeaderMap, name: &str) -> Response {
    let mut res = file(
        axum::Extension(source.clone()),
        Path(name.to_string()),
        headers.clone(),
    )
    .await;
    if let Some(hint) = crate::accounts::signed_in_hint(headers) {
        res.headers_mut().append(header::SET_COOKIE, hint);
    }
    res
}

async fn file(
    axum::Extension(source): axum::Extension<Source>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let found = match &source.0 {
        Some(dir) => from_folder(dir, &name),
        None => embedded(&name).map(|a| serve(&headers, a)),
    };
    found.unwrap_or_else(|| not_found_page(&source))
}

/// The offline edition's own files (in development, those of the folder's `local/`).
async fn local(
    axum::Extension(source): axum::Extension<Source>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let found = match &source.0 {
        Some(dir) => from_folder(&dir.join("local"), &name),
        None => embedded(&format!("local/{name}")).map(|a| serve(&headers, a)),
    };
    found.unwrap_or_else(|| not_found_page(&source))
}

/// The WebAssembly module in development (the bundle holds it at the root).
async fn wasm_dev(
    axum::Extension(source): axum::Extension<Source>,
    Path(name): Path<String>,
) -> Response {
    let found = source
        .0
        .as_ref()
        .and_then(|dir| from_folder(&dir.join("wasm"), &name));
    found.unwrap_or_else(|| not_found_page(&source))
}

/// A file of the development folder: a plain name only (no `..`, no folder), never
/// cached. (A blocking read: development serves one reader.)
fn from_folder(dir: &FsPath, name: &str) -> Option<Response> {
    let content_type = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => HTML,
        Some("js") => JS,
        Some("css") => CSS,
        Some("wasm") => WASM,
        Some("svg") => SVG,
        Some("webmanifest") => MANIFEST,
        _ => return None,
    };
    let plain = !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    let body = std::fs::read(dir.join(name)).ok().filter(|_| plain)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
    )
}

/// A strong validator of `body`: the same file gives the same tag on every node
/// of one build.
pub(crate) fn etag(body: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    body.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// Whether the browser's copy (`If-None-Match`) is the one tagged `etag`.
pub(crate) fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// The file, or 304 when the browser's copy (`If-None-Match`) is current. A bundled
/// file's name changes with its content, so browsers keep it a year without asking
/// again; a page is asked for again on each load (`no-cache`).
fn serve(headers: &HeaderMap, asset: &'static Asset) -> Response {
    let etag = etag(asset.body);
    let fresh = not_modified(headers, &etag);
    let cache = if keeps_its_name(asset.path) {
        "no-cache"
    } else {
        "public, max-age=31536000, immutable"
    };
    let common = [
        (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        (
            header::ETAG,
            HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("\"\"")),
        ),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (
        common,
        [(header::CONTENT_TYPE, asset.content_type)],
        asset.body,
    )
        .into_response()
}

/// An address the site does not have: the page itself, which says so in the
/// reader's language with the ways back (`web/nav.js`), answered 404.
async fn not_found(source: axum::Extension<Source>) -> Response {
    not_found_page(&source)
}

fn not_found_page(source: &Source) -> Response {
    let body = match &source.0 {
        Some(dir) => std::fs::read(dir.join("index.html")).unwrap_or_default(),
        None => embedded("index.html").map_or(&[][..], |a| a.body).to_vec(),
    };
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, HTML),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
