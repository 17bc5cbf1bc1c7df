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

/// Progress kept on the account: the stars of each stage, the best kept, checked
/// against the lessons, seen from a second session.
mod progress {
    use axum::http::StatusCode;
    use serde_json::json;

    use crate::support::client::Browser;
    use crate::support::{run, Backend, Server};

    async fn signed_in(s: &Server, address: &str, name: &str) -> Browser {
        let mut b = Browser::at(address);
        let a = b.register(&s.app, name, "correct horse battery").await;
        assert!(a.status.is_success(), "{}", a.body);
        b
    }

    async fn a_stages_stars_are_kept_and_a_second_session_sees_them(s: Server) {
        let mut first = signed_in(&s, "10.0.7.1", "ada").await;
        let kept = first
            .send(
                &s.app,
                "PUT",
                "/api/learn/progress",
                Some(json!({"stars": {"board/1": 3, "steps/2": 2}})),
            )
            .await;
        assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
        assert_eq!(kept.body, json!({"stars": {"board/1": 3, "steps/2": 2}}));
        let mut second = Browser::at("10.0.7.2");
        let login = second.login(&s.app, "ada", "correct horse battery").await;
        assert!(login.status.is_success(), "{}", login.body);
        let seen = second
            .send(&s.app, "GET", "/api/learn/progress", None)
            .await;
        assert_eq!(seen.body, json!({"stars": {"board/1": 3, "steps/2": 2}}));
        // Another account sees none of them.
        let mut other = signed_in(&s, "10.0.7.3", "bob").await;
        let theirs = other.send(&s.app, "GET", "/api/learn/progress", None).await;
        assert_eq!(theirs.body, json!({"stars": {}}));
    }

    async fn merging_keeps_the_best_of_both(s: Server) {
        let mut b = signed_in(&s, "10.0.7.4", "cleo").await;
        b.send(
            &s.app,
            "PUT",
            "/api/learn/progress",
            Some(json!({"stars": {"board/1": 3, "board/2": 1}})),
        )
        .await;
        // Another browser's stars, merged at sign-in: better on one stage, worse on another.
        let merged = b
            .send(
                &s.app,
                "PUT",
                "/api/learn/progress",
                Some(json!({"stars": {"board/1": 1, "board/2": 3, "split/1": 2}})),
            )
            .await;
        assert_eq!(
            merged.body,
            json!({"stars": {"board/1": 3, "board/2": 3, "split/1": 2}})
        );
    }

    async fn unknown_stages_and_bad_stars_are_refused_and_nothing_is_kept(s: Server) {
        let mut b = signed_in(&s, "10.0.7.5", "dora").await;
        for (sent, field) in [
            (json!({"board/99": 3}), "stars.board/99"),
            (json!({"nosuch/1": 3}), "stars.nosuch/1"),
            (json!({"board": 3}), "stars.board"),
            (json!({"board/0": 3}), "stars.board/0"),
            (json!({"board/1": 4}), "stars.board/1"),
            (json!({"board/1": -1}), "stars.board/1"),
        ] {
            let a = b
                .send(
                    &s.app,
                    "PUT",
                    "/api/learn/progress",
                    Some(json!({"stars": sent, })),
                )
                .await;
            assert_eq!(
                a.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{sent}: {}",
                a.body
            );
            assert_eq!(a.body["code"], "bad_field", "{}", a.body);
            assert_eq!(a.body["params"]["field"], field, "{}", a.body);
        }
        // More entries than the course has stages cannot inflate the table.
        let many: serde_json::Map<String, serde_json::Value> = (1..=200)
            .map(|i| (format!("board/{i}"), json!(1)))
            .collect();
        let a = b
            .send(
                &s.app,
                "PUT",
                "/api/learn/progress",
                Some(json!({"stars": many})),
            )
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
        let seen = b.send(&s.app, "GET", "/api/learn/progress", None).await;
        assert_eq!(seen.body, json!({"stars": {}}));
    }

    async fn progress_needs_a_session_and_its_csrf_token(s: Server) {
        let mut guest = Browser::at("10.0.7.6");
        let a = guest.send(&s.app, "GET", "/api/learn/progress", None).await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
        let mut b = signed_in(&s, "10.0.7.7", "eve").await;
        let a = b
            .send_with(
                &s.app,
                "PUT",
                "/api/learn/progress",
                Some(json!({"stars": {"board/1": 3}})),
                false,
                &[],
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
        let seen = b.send(&s.app, "GET", "/api/learn/progress", None).await;
        assert_eq!(seen.body, json!({"stars": {}}));
    }

    on_both_stores!(
        a_stages_stars_are_kept_and_a_second_session_sees_them,
        merging_keeps_the_best_of_both,
        unknown_stages_and_bad_stars_are_refused_and_nothing_is_kept,
        progress_needs_a_session_and_its_csrf_token,
    );
}
