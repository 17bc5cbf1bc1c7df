//! What every answer tells the browser: a strict content security policy (no
//! inline script, no framing by another site), no `Referer` onwards; and the
//! pages need nothing the policy forbids.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use battaglie_server::{app, AppState, Store};
use http_body_util::BodyExt;
use tower::ServiceExt;

async fn get(app: &Router, uri: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let req = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let (parts, body) = res.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (
        parts.status,
        parts.headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

#[tokio::test]
async fn pages_and_api_answers_forbid_framing_inline_script_and_referers() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    let script = crate::support::bundled("app-", ".js");
    let style = crate::support::bundled("style-", ".css");
    for uri in [
        "/",
        "/game/abcdefghijkl",
        "/players/Somebody",
        script.as_str(),
        style.as_str(),
        "/api/scenarios",
        "/api/games/abcdefghijkl",
        "/no-such-page",
        "/healthz",
    ] {
        let (_, headers, _) = get(&app, uri).await;
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{uri}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{uri}: {csp}");
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY", "{uri}");
        assert_eq!(headers[header::REFERRER_POLICY], "no-referrer", "{uri}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{uri}");
    }
}

#[tokio::test]
async fn the_pages_hold_no_inline_script_or_style() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    for uri in ["/", "/players/Somebody"] {
        let (status, _, html) = get(&app, uri).await;
        assert_eq!(status, StatusCode::OK);
        let lower = html.to_ascii_lowercase();
        for (i, _) in lower.match_indices("<script") {
            let tag = &lower[i..i + lower[i..].find('>').unwrap()];
            assert!(tag.contains(" src="), "{uri}: an inline script: {tag}");
        }
        assert!(!lower.contains("<style"), "{uri}: an inline style sheet");
        assert!(!lower.contains(" style="), "{uri}: an inline style");
        assert!(!lower.contains(" onload="), "{uri}: an inline handler");
        assert!(!lower.contains("javascript:"), "{uri}: a script link");
    }
}
