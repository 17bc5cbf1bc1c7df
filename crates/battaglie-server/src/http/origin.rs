//! Requests that change something come from the site's own pages: a body must
//! say it is JSON (a form on another site can send only form or plain text
//! bodies without asking first), and a browser's `Origin` / `Sec-Fetch-Site`
//! must name this site or one the operator allows. Login and registration
//! included: a foreign page must not sign a visitor into someone's account.
//! Clients that are not browsers send neither header and pass.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{Error, ErrorCode};

/// The other origins (`https://play.example.org`) whose pages may change things here.
#[derive(Debug, Clone, Default)]
pub(super) struct Origins(Arc<Vec<String>>);

impl Origins {
    pub(super) fn new(allowed: &[String]) -> Origins {
        Origins(Arc::new(
            allowed
                .iter()
                .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
                .collect(),
        ))
    }
}

/// Paths whose body may be a game record's text form as well as JSON.
const TEXT_BODIES: [&str; 2] = ["/api/records", "/api/records/analysis"];

/// The guard, as a middleware over the whole router.
pub(super) async fn guard(State(origins): State<Origins>, req: Request, next: Next) -> Response {
    if matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    ) {
        return next.run(req).await;
    }
    let headers = req.headers();
    let has_body = axum::body::HttpBody::size_hint(req.body()).upper() != Some(0);
    let text = TEXT_BODIES.contains(&req.uri().path());
    if let Err(e) = json_body(headers, has_body, text) {
        return e.into_response();
    }
    if let Err(e) = same_origin(headers, &origins) {
        return e.into_response();
    }
    next.run(req).await
}

/// A body that is there must be declared JSON (or text, where `text` allows it).
fn json_body(headers: &HeaderMap, has_body: bool, text: bool) -> Result<(), Error> {
    let given = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    match given.as_deref() {
        None if !has_body => Ok(()),
        Some("application/json") => Ok(()),
        Some("text/plain") if text => Ok(()),
        other => Err(Error::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "a request that changes something must send its body as JSON \
                 (Content-Type: application/json), not {}",
                other.unwrap_or("without a Content-Type")
            ),
        )
        .code(ErrorCode::JsonRequired {
            given: other.unwrap_or("").into(),
        })),
    }
}

/// A browser's request must come from this site's pages (or an allowed origin).
fn same_origin(headers: &HeaderMap, origins: &Origins) -> Result<(), Error> {
    let value = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let allowed = match (value(header::ORIGIN.as_str()), value("sec-fetch-site")) {
        (Some(origin), _) => {
            let origin = origin.trim_end_matches('/').to_ascii_lowercase();
            origins.0.contains(&origin)
                || value(header::HOST.as_str()).is_some_and(|host| same_host(&origin, host))
        }
        (None, Some(site)) => matches!(site, "same-origin" | "none"),
        (None, None) => true,
    };
    if allowed {
        Ok(())
    } else {
        Err(Error::new(
            StatusCode::FORBIDDEN,
            "a request that changes something must come from this site's own pages",
        )
        .code(ErrorCode::CrossOrigin {}))
    }
}

/// Whether `origin` (`scheme://host[:port]`, lower case) is the site `host`
/// names; a `Host` without a port (as some balancers pass it on) matches any.
fn same_host(origin: &str, host: &str) -> bool {
    let Some((_, authority)) = origin.split_once("://") else {
        return false;
    };
    let host = host.to_ascii_lowercase();
    if authority == host {
        return true;
    }
    let has_port = |a: &str| a.rsplit_once(':').is_some_and(|(_, p)| !p.contains(']'));
    !has_port(&host) && authority.rsplit_once(':').is_some_and(|(h, _)| h == host)
}
