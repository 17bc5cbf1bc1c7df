//! One log line per request, at `info`: its method, its path without the query
//! (where an older link's seat token may travel), its status and how long it
//! took; refusals (a 403 of another site's page, a wrong seat token) with them.
//! A failure (5xx) is an error, and what the handler logs of its cause runs in
//! the request's span, so it names the method and the path too. The balancer's
//! health checks and the scraper's `/metrics` are logged at `debug` only.

use std::time::Instant;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

/// The paths asked every few seconds by machines, not worth a line each.
const POLLED: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

pub(super) async fn log(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let started = Instant::now();
    let span = tracing::info_span!("request", %method, %path);
    let response = next.run(req).instrument(span).await;
    let status = response.status().as_u16();
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if status >= 500 {
        tracing::error!(%method, %path, status, ms, "{method} {path} failed: {status}");
    } else if POLLED.contains(&path.as_str()) {
        tracing::debug!(%method, %path, status, ms, "{method} {path} {status}");
    } else {
        tracing::info!(%method, %path, status, ms, "{method} {path} {status}");
    }
    response
}
