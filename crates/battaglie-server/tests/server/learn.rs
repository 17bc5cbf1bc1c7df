//! Learn to play on the server: the lessons served in one language, kept by the
//! browser and asked again with their tag; the pages' addresses.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use battaglie_server::{app, AppState, Store};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::support::send;

#[tokio::test]
async fn the_lessons_come_in_the_language_asked_and_are_revalidated_by_their_tag() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    let res = app
        .clone()
        .oneshot(
            Request::get("/api/learn/lessons/it")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()[header::CACHE_CONTROL], "no-cache");
    let tag = res.headers()[header::ETAG].to_str().unwrap().to_string();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    let lessons: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        lessons[0]["title"], "Il campo di battaglia",
        "{}",
        lessons[0]
    );
    let stage = &lessons[0]["stages"][0];
    assert!(stage["goal"].is_string(), "one language only: {stage}");
    assert_eq!(
        stage["stars"][0].as_u64(),
        Some(stage["solution"].as_array().unwrap().len() as u64)
    );

    let again = Request::get("/api/learn/lessons/it")
        .header(header::IF_NONE_MATCH, &tag)
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(again).await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
    let other = app
        .clone()
        .oneshot(
            Request::get("/api/learn/lessons/de")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_ne!(
        other.headers()[header::ETAG].to_str().unwrap(),
        tag,
        "each language its tag"
    );
}

#[tokio::test]
async fn lessons_in_an_unknown_language_are_refused_naming_the_four() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    let (status, body) = send(&app, "GET", "/api/learn/lessons/es", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "bad_choice", "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("`en`, `it`, `fr` or `de`"),
        "{body}"
    );
}

#[tokio::test]
async fn the_lessons_pages_are_the_sites_page() {
    let app = app(AppState::new(Store::memory().await.unwrap()));
    for path in ["/learn", "/learn/board"] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
    }
}
