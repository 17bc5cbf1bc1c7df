//! The engine's analysis never judges a game in play by another road: the record
//! of an online game still being played, read without a token and imported for
//! analysis, alone or with a move more, is refused 409, as is a hotseat game
//! that followed it move for move; once the game has ended, it is analysed.

use axum::http::StatusCode;
use axum::Router;
use battaglie_rules::record::Record;
use battaglie_rules::Scenario;
use serde_json::{json, Value};

use crate::support::{first_legal, online_game, post, send};

async fn play_first(app: &Router, id: &str, token: &str) -> String {
    let (_, state) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    let mv = first_legal(&state);
    let (status, after) = post(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    mv
}

/// `record` (JSON) with its side to move's first legal move more.
fn one_move_more(record: &Value) -> String {
    let record = Record::from_json(&record.to_string()).unwrap();
    let scenario = Scenario::builtin(&record.scenario).unwrap();
    let mut game = record.replay(&scenario).unwrap();
    let mv = game.legal_moves()[0];
    game.play(&mv);
    Record::from_game(&game, "army", "indians", None).to_json()
}

fn assert_refused(status: StatusCode, body: &Value) {
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "analysis_of_game_in_play", "{body}");
}

#[tokio::test]
async fn a_game_in_play_reimported_for_analysis_is_refused_until_it_ends() {
    let state = battaglie_server::AppState::new(battaglie_server::Store::memory().await.unwrap());
    let app =
        battaglie_server::app_with(state.clone(), &battaglie_server::HttpSettings::unlimited());
    let (id, army, indians) = online_game(&app).await;
    let mut moves = vec![play_first(&app, &id, &army).await];
    moves.push(play_first(&app, &id, &indians).await);
    let (status, record) = send(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{record}");

    // The record as it is, and with one move more (whose judging names the best
    // move of the position in play).
    for text in [record.to_string(), one_move_more(&record)] {
        let (status, body) = send(&app, "POST", "/api/records/analysis", Some(text)).await;
        assert_refused(status, &body);
    }
    // A hotseat game played to the same position.
    let (status, hot) = post(
        &app,
        "/api/games",
        json!({"scenario": "washita", "mode": "hotseat"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{hot}");
    let hot_id = hot["id"].as_str().unwrap();
    for mv in &moves {
        let (status, body) = post(
            &app,
            &format!("/api/games/{hot_id}/moves"),
            json!({"token": hot["token"], "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = send(&app, "POST", &format!("/api/games/{hot_id}/analysis"), None).await;
    assert_refused(status, &body);

    // Ended, the game is history: its record is analysed.
    let (status, body) = post(
        &app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = send(
        &app,
        "POST",
        "/api/records/analysis",
        Some(record.to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    state.node.shut_down();
}
