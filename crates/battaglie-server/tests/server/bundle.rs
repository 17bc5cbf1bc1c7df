//! The front end as shipped: the bundle's files, named after their content, kept
//! by browsers for a year; the pages asked for again on each visit; and the hint
//! that spares a reader who never signed in a refused request for an account.

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use battaglie_server::{app, web_assets, AppState, Store};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

async fn get(app: &Router, uri: &str, cookie: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = Request::builder().uri(uri);
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let (parts, body) = res.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status, parts.headers, bytes)
}

fn set_cookies(headers: &HeaderMap) -> Vec<String> {
    headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn bundled_files_are_kept_a_year_and_the_pages_are_asked_for_again() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    assert!(web_assets().iter().any(|a| a.path == "index.html"));
    assert!(web_assets().iter().any(|a| a.path.ends_with(".wasm")));
    for asset in web_assets() {
        let uri = format!("/{}", asset.path);
        let (status, headers, body) = get(&app, &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(headers[header::CONTENT_TYPE], asset.content_type, "{uri}");
        assert!(body == asset.body, "{uri}: other bytes than the bundle's");
        let cache = headers[header::CACHE_CONTROL].to_str().unwrap();
        // The pages and the offline edition's own files keep their names; the
        // bundle's are named after their content.
        if asset.path.ends_with(".html") || asset.path.starts_with("local/") {
            assert_eq!(cache, "no-cache", "{uri}");
        } else {
            assert_eq!(cache, "public, max-age=31536000, immutable", "{uri}");
        }
    }
    // The site's addresses are the page, asked for again on each visit.
    let index = web_assets()
        .iter()
        .find(|a| a.path == "index.html")
        .unwrap();
    for uri in ["/", "/game/abcdefghijkl", "/lobby", "/rules"] {
        let (status, headers, body) = get(&app, uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{uri}");
        assert!(body == index.body, "{uri}");
    }
    // The plain modules are not served: only the bundle is.
    for uri in [
        "/app.js",
        "/lang-de.js",
        "/wasm/battaglie_wasm_bg.wasm",
        "/../Cargo.toml",
    ] {
        assert_eq!(get(&app, uri, None).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
}

/// A second visit asks for the battles again with their tag and gets them back
/// without a body: the list never changes within a build, and on a slow network its
/// 8 KB held the board back.
#[tokio::test]
async fn a_second_visit_revalidates_the_battles_without_downloading_them() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    let (status, headers, body) = get(&app, "/api/scenarios", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    let list: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(list.as_array().map(Vec::len), Some(3), "{list}");
    let tag = headers[header::ETAG].to_str().unwrap().to_string();

    let req = Request::builder()
        .uri("/api/scenarios")
        .header(header::IF_NONE_MATCH, &tag)
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(res.headers()[header::ETAG], tag.as_str());
    let again = res.into_body().collect().await.unwrap().to_bytes();
    assert!(again.is_empty(), "a 304 carries no list");

    // An old tag (another build's list) gets the list.
    let req = Request::builder()
        .uri("/api/scenarios")
        .header(header::IF_NONE_MATCH, "W/\"0000000000000000\"")
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

/// The computer's levels and their ratings are fixed within a build: a browser keeps
/// them a day rather than asking on every visit to the home page.
#[tokio::test]
async fn the_computers_levels_are_kept_by_the_browser_for_a_day() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    let (status, headers, _) = get(&app, "/api/levels", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CACHE_CONTROL], "public, max-age=86400");
}

#[tokio::test]
async fn the_page_learns_a_session_may_be_open_only_from_its_readable_hint() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    // A reader who never signed in: no hint, so the page asks for no account.
    let (_, headers, _) = get(&app, "/", None).await;
    assert!(set_cookies(&headers).is_empty(), "{headers:?}");

    // Signing in gives the session and its hint; the hint is readable by the page.
    let mut browser = crate::support::client::Browser::at("192.0.2.7");
    let registered = browser.register(&app, "Hinted", "a long password").await;
    assert!(registered.cookie.is_some());
    let req = Request::builder()
        .method("POST")
        .uri("/api/account/login")
        .header("content-type", "application/json")
        .header("x-real-ip", "192.0.2.7")
        .body(Body::from(
            json!({"name": "Hinted", "password": "a long password"}).to_string(),
        ))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let cookies = set_cookies(res.headers());
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("battaglie_session=") && c.contains("HttpOnly")),
        "{cookies:?}"
    );
    let hint = cookies
        .iter()
        .find(|c| c.starts_with("battaglie_signed_in=1;"))
        .unwrap_or_else(|| panic!("no hint: {cookies:?}"));
    assert!(!hint.contains("HttpOnly"), "{hint}");

    // A session opened before the hint existed gets it with the page; a hint left
    // without its session is dropped.
    let (_, headers, _) = get(&app, "/", Some("battaglie_session=abc")).await;
    assert!(
        set_cookies(&headers)
            .iter()
            .any(|c| c.starts_with("battaglie_signed_in=1;")),
        "{headers:?}"
    );
    let (_, headers, _) = get(&app, "/players/Hinted", Some("battaglie_signed_in=1")).await;
    assert!(
        set_cookies(&headers)
            .iter()
            .any(|c| c.starts_with("battaglie_signed_in=;") && c.contains("Max-Age=0")),
        "{headers:?}"
    );
    let (_, headers, _) = get(
        &app,
        "/",
        Some("battaglie_session=abc; battaglie_signed_in=1"),
    )
    .await;
    assert!(set_cookies(&headers).is_empty(), "{headers:?}");

    // Logging out drops both.
    let out = browser
        .send(&app, "POST", "/api/account/logout", Some(json!({})))
        .await;
    assert_eq!(out.status, StatusCode::OK, "{}", out.body);
}
