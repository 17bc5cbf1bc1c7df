//! Take-backs in online games, on SQLite and PostgreSQL: a request the opponent
//! accepts or declines, that lapses when anything else happens, that only the two
//! players may make or answer, and that every node sees.

use axum::http::StatusCode;
use axum::Router;
use battaglie_server::Database;
use serde_json::{json, Value};

use crate::support::{online_game, post, run, send, Backend, Server};

/// Plays the first legal move for the holder of `token`: the new state.
async fn play_first(app: &Router, id: &str, token: &str, state: &Value) -> Value {
    let mv = &crate::support::first_legal(state);
    let (status, after) = post(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

async fn state_of(app: &Router, id: &str) -> Value {
    let (status, state) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

async fn a_takeback_request_stands_until_the_opponent_accepts_it(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    let takeback = format!("/api/games/{id}/takeback");
    let start = state_of(&s.app, &id).await;
    let after_army = play_first(&s.app, &id, &army, &start).await;
    let after_reply = play_first(&s.app, &id, &indians, &after_army).await;
    assert_eq!(after_reply["ply"], 2);

    // The Army asks after the Indians replied: accepting takes back both moves.
    let (status, asked) = post(&s.app, &takeback, json!({"token": army})).await;
    assert_eq!(status, StatusCode::OK, "{asked}");
    assert_eq!(asked["takeback_offer"], "army");
    assert_eq!(asked["ply"], 2, "asking takes nothing back yet");
    // Another node on a shared database sees the request (a SQLite file has one node).
    let second = match s.db.db {
        Database::Postgres(_) => s.second_node().await.1,
        Database::Sqlite(_) => s.app.clone(),
    };
    assert_eq!(state_of(&second, &id).await["takeback_offer"], "army");
    // The asker cannot accept their own request.
    let (status, err) = post(
        &s.app,
        &takeback,
        json!({"token": army, "action": "accept"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "no_takeback_request");
    // The opponent accepts, on that node.
    let (status, back) = post(
        &second,
        &takeback,
        json!({"token": indians, "action": "accept"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["ply"], 0, "{back}");
    assert_eq!(back["takeback_offer"], Value::Null);
    assert_eq!(back["bfen"], start["bfen"]);
    assert_eq!(state_of(&s.app, &id).await["ply"], 0);
}

async fn a_declined_withdrawn_or_overtaken_request_takes_nothing_back(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    let takeback = format!("/api/games/{id}/takeback");
    let start = state_of(&s.app, &id).await;
    let after_army = play_first(&s.app, &id, &army, &start).await;

    // Declined.
    post(&s.app, &takeback, json!({"token": army})).await;
    let (status, declined) = post(
        &s.app,
        &takeback,
        json!({"token": indians, "action": "decline"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    assert_eq!(declined["takeback_offer"], Value::Null);
    assert_eq!(declined["ply"], 1);
    // Withdrawn.
    post(&s.app, &takeback, json!({"token": army})).await;
    let (status, withdrawn) = post(
        &s.app,
        &takeback,
        json!({"token": army, "action": "withdraw"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{withdrawn}");
    assert_eq!(withdrawn["takeback_offer"], Value::Null);
    // Overtaken: the opponent moves instead of answering, and the request lapses.
    post(&s.app, &takeback, json!({"token": army})).await;
    let moved = play_first(&s.app, &id, &indians, &after_army).await;
    assert_eq!(moved["takeback_offer"], Value::Null);
    let (status, err) = post(
        &s.app,
        &takeback,
        json!({"token": indians, "action": "accept"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "no_takeback_request");
    assert_eq!(state_of(&s.app, &id).await["ply"], 2);
}

async fn only_the_players_of_an_online_game_ask_for_takebacks(s: Server) {
    let (id, army, _indians) = online_game(&s.app).await;
    let takeback = format!("/api/games/{id}/takeback");
    // Nothing of the asker's to take back yet.
    let (status, err) = post(&s.app, &takeback, json!({"token": army})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "nothing_to_undo");
    let start = state_of(&s.app, &id).await;
    play_first(&s.app, &id, &army, &start).await;
    // A spectator, a wrong token, a bad action.
    let (status, err) = post(&s.app, &takeback, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{err}");
    assert_eq!(err["params"]["action"], "takeback");
    let (status, err) = post(&s.app, &takeback, json!({"token": "0".repeat(32)})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    let (status, err) = post(
        &s.app,
        &takeback,
        json!({"token": army, "action": "please"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert!(
        err["error"].as_str().unwrap().contains("`withdraw`"),
        "{err}"
    );
    // Online undo says to ask instead.
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{id}/undo"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert!(
        err["error"].as_str().unwrap().contains("take-back"),
        "{err}"
    );
    // Hotseat games undo instead.
    let (_, hotseat) = post(
        &s.app,
        "/api/games",
        json!({"scenario": "washita", "mode": "hotseat"}),
    )
    .await;
    let hid = hotseat["id"].as_str().unwrap();
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{hid}/takeback"),
        json!({"token": hotseat["token"]}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "takeback_only_online");
}

on_both_stores!(
    a_takeback_request_stands_until_the_opponent_accepts_it,
    a_declined_withdrawn_or_overtaken_request_takes_nothing_back,
    only_the_players_of_an_online_game_ask_for_takebacks,
);
