//! The animated GIF of a game (`GET /api/games/{id}/gif`), the PNG of a position (`/png`) and the codes every error
//! carries for the page to translate (docs/api.md).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use battaglie_server::{app, AppState};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn send(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Vec<u8>) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map(|b| Body::from(b.to_string())).unwrap_or_default())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    (
        status,
        res.into_body().collect().await.unwrap().to_bytes().to_vec(),
    )
}

async fn json_of(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let (status, bytes) = send(app, method, uri, body).await;
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn server() -> (crate::support::TestDb, Router) {
    let db = crate::support::TestDb::new(crate::support::Backend::Sqlite).await;
    let app = app(AppState::new(db.open().await));
    (db, app)
}

/// A hotseat game with `plies` moves played (the first legal move each time).
async fn hotseat(app: &Router, plies: usize) -> (String, String) {
    let (status, created) = json_of(
        app,
        "POST",
        "/api/games",
        Some(json!({"scenario": "fetterman", "mode": "hotseat"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (id, token) = (
        created["id"].as_str().unwrap().to_string(),
        created["token"].as_str().unwrap().to_string(),
    );
    let mut state = created["state"].clone();
    for _ in 0..plies {
        let mv = crate::support::first_legal(&state);
        let (status, next) = json_of(
            app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": token, "move": mv})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    (id, token)
}

fn frames(gif: &[u8]) -> usize {
    let mut d = gif::DecodeOptions::new().read_info(gif).unwrap();
    let mut n = 0;
    while d.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    n
}

#[tokio::test]
async fn the_gif_of_a_game_has_a_frame_per_position_and_a_range_only_its_own() {
    let (_db, app) = server().await;
    let (id, _) = hotseat(&app, 5).await;
    let (status, whole) = send(&app, "GET", &format!("/api/games/{id}/gif"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(whole.starts_with(b"GIF89a"));
    assert_eq!(frames(&whole), 6, "the start and five moves");
    let (status, part) = send(
        &app,
        "GET",
        &format!("/api/games/{id}/gif?from=1&until=3"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(frames(&part), 3);
}

#[tokio::test]
async fn the_png_of_a_position_is_the_position_shown_and_under_200_kb() {
    let (_db, app) = server().await;
    let (id, _) = hotseat(&app, 5).await;
    let (status, last) = send(&app, "GET", &format!("/api/games/{id}/png"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(last.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(last.len() < 200 * 1024, "{} bytes", last.len());
    let (_, fifth) = send(&app, "GET", &format!("/api/games/{id}/png?ply=5"), None).await;
    assert_eq!(fifth, last, "ply 5 is the last position");
    let (status, second) = send(&app, "GET", &format!("/api/games/{id}/png?ply=2"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(second, last, "an earlier position is another picture");
    let (status, body) = json_of(&app, "GET", &format!("/api/games/{id}/png?ply=6"), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "gif_range");
}

#[tokio::test]
async fn a_gif_range_outside_the_game_is_refused_with_its_code() {
    let (_db, app) = server().await;
    let (id, _) = hotseat(&app, 2).await;
    let (status, body) = json_of(
        &app,
        "GET",
        &format!("/api/games/{id}/gif?from=1&until=7"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "gif_range");
    assert_eq!(body["params"], json!({"from": 1, "until": 7, "plies": 2}));
    let (status, body) = json_of(&app, "GET", &format!("/api/games/{id}/gif?until=x"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn a_gif_range_that_ends_before_it_starts_is_called_backwards_not_too_long() {
    let (_db, app) = server().await;
    let (id, _) = hotseat(&app, 2).await;
    let (status, body) = json_of(
        &app,
        "GET",
        &format!("/api/games/{id}/gif?from=2&until=1"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "gif_backwards");
    assert_eq!(body["params"], json!({"from": 2, "until": 1}));
    let said = body["error"].as_str().unwrap_or_default();
    assert!(said.contains("ends before it starts"), "{body}");
    assert!(!said.contains("the game has"), "{body}");
}

#[tokio::test]
async fn errors_carry_a_code_and_the_parameters_of_their_sentence() {
    let (_db, app) = server().await;
    let (id, token) = hotseat(&app, 0).await;
    // A move not one step away: its rule, the move and the squares.
    let (status, body) = json_of(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"token": token, "move": "@1:F-c1"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["code"].as_str().unwrap().starts_with("move_"),
        "{body}"
    );
    assert_eq!(body["params"]["move"], "@1:F-c1");
    assert!(
        body["error"].as_str().unwrap().contains("@1"),
        "the English message stays: {body}"
    );

    let cases = [
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"scenario": "nowhere", "mode": "hotseat"})),
            "unknown_scenario",
            json!({"id": "nowhere", "known": "apache-pass, fetterman, washita"}),
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"scenario": "washita", "mode": "chess"})),
            "bad_choice",
            json!({"field": "mode", "value": "chess", "allowed": "computer, hotseat, online"}),
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(json!({"scenario": "washita", "mode": "computer", "level": 9})),
            "level_out_of_range",
            json!({"level": 9}),
        ),
        (
            "GET",
            "/api/games/0123456789abcdef".to_string(),
            None,
            "game_not_found",
            json!({"id": "0123456789abcdef"}),
        ),
        (
            "GET",
            "/api/nothing".to_string(),
            None,
            "no_endpoint",
            json!({"path": "/api/nothing"}),
        ),
        (
            "POST",
            format!("/api/games/{id}/moves"),
            Some(json!({"token": "wrong", "move": "pass"})),
            "wrong_token",
            json!({}),
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            Some(json!({"token": token, "action": "accept"})),
            "no_draw_offer",
            json!({}),
        ),
        (
            "POST",
            format!("/api/games/{id}/undo"),
            Some(json!({"token": token})),
            "nothing_to_undo",
            json!({}),
        ),
    ];
    for (method, uri, body, code, params) in cases {
        let (status, answer) = json_of(&app, method, &uri, body).await;
        assert!(status.is_client_error(), "{uri}: {status}");
        assert_eq!(answer["code"], code, "{uri}: {answer}");
        assert_eq!(answer["params"], params, "{uri}: {answer}");
    }
}
