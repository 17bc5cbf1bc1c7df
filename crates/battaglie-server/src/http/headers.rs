//! What every answer tells the browser, pages and API alike: scripts, styles
//! and connections only from this site (no inline script), never framed by
//! another page (a game page holds its seat token), no `Referer` sent onwards,
//! and no guessing of content types.

use axum::http::{header, HeaderName, HeaderValue};
use axum::response::Response;

/// The policy of the pages; the icon is an inline `data:` image; the engine's worker
/// compiles the site's own WebAssembly module (`wasm-unsafe-eval` allows that and no
/// JavaScript `eval`).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; \
object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
];

/// Adds the headers to `res` (as a middleware over the whole router).
pub(super) async fn add(mut res: Response) -> Response {
    let headers = res.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    res
}
