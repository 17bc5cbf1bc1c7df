//! Calling a game off before its first move, on SQLite and PostgreSQL: either
//! seat may, the game then has no result (unrated, counted nowhere, nothing
//! more happens in it), and once a move is played it is refused; a first move
//! and a call-off racing each other, exactly one wins.

use axum::http::StatusCode;
use axum::Router;
use battaglie_server::Database;
use serde_json::{json, Value};

use crate::support::client::{rated_game, Browser};
use crate::support::{first_legal, online_game, post, run, send, Backend, Server};

async fn state_of(app: &Router, id: &str) -> Value {
    let (status, state) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

async fn abort(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/abort"),
        json!({"token": token}),
    )
    .await
}

async fn either_seat_calls_off_a_game_without_a_move_and_nothing_more_happens_in_it(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    let start = state_of(&s.app, &id).await;
    // The seat not to move calls it off (the invited friend, say).
    let (status, called) = abort(&s.app, &id, &indians).await;
    assert_eq!(status, StatusCode::OK, "{called}");
    assert_eq!(called["status"], "aborted", "{called}");
    assert_eq!(called["result"], Value::Null);
    assert_eq!(called["reason"], Value::Null);
    assert_eq!(called["legal"], json!([]), "no move is offered any more");
    // Every node reads it so (a SQLite file has one node).
    let second = match s.db.db {
        Database::Postgres(_) => s.second_node().await.1,
        Database::Sqlite(_) => s.app.clone(),
    };
    assert_eq!(state_of(&second, &id).await["status"], "aborted");
    // Nothing more happens in it: no move, resignation, draw, second call-off or
    // rematch.
    let (status, err) = post(
        &second,
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": first_legal(&start)}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "game_called_off", "{err}");
    for (path, body) in [
        ("resign", json!({"token": army})),
        ("draw", json!({"token": army})),
        ("abort", json!({"token": army})),
        ("rematch", json!({"token": army, "action": "offer"})),
    ] {
        let (status, err) = post(&s.app, &format!("/api/games/{id}/{path}"), body).await;
        assert_eq!(status, StatusCode::CONFLICT, "{path}: {err}");
        assert_eq!(err["code"], "game_called_off", "{path}: {err}");
    }
    assert_eq!(state_of(&s.app, &id).await["ply"], 0);
}

async fn a_game_is_called_off_only_by_a_seat_and_only_before_the_first_move(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    // A spectator has no seat to call it off from.
    let (status, err) = post(&s.app, &format!("/api/games/{id}/abort"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{err}");
    assert_eq!(err["code"], "needs_token", "{err}");
    let start = state_of(&s.app, &id).await;
    let (status, moved) = post(
        &s.app,
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": first_legal(&start)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    // Once a move is played, neither seat may call it off: it goes on.
    for token in [&indians, &army] {
        let (status, err) = abort(&s.app, &id, token).await;
        assert_eq!(status, StatusCode::CONFLICT, "{err}");
        assert_eq!(err["code"], "too_late_to_call_off", "{err}");
        assert!(
            err["error"].as_str().unwrap().contains("resign"),
            "the refusal says what is left to do: {err}"
        );
    }
    let after = state_of(&s.app, &id).await;
    assert_eq!(
        (&after["status"], &after["ply"]),
        (&json!("ongoing"), &json!(1))
    );
}

async fn a_first_move_and_a_call_off_racing_each_other_exactly_one_wins(s: Server) {
    // On PostgreSQL the two requests go to two nodes, sharing only the database.
    let other = match s.db.db {
        Database::Postgres(_) => s.second_node().await.1,
        Database::Sqlite(_) => s.app.clone(),
    };
    let start = {
        let (id, _, _) = online_game(&s.app).await;
        state_of(&s.app, &id).await
    };
    let mv = first_legal(&start);
    let (mut moves, mut calls) = (0, 0);
    for _ in 0..12 {
        let (id, army, indians) = online_game(&s.app).await;
        // Both nodes hold the game before the race.
        state_of(&other, &id).await;
        let moves_uri = format!("/api/games/{id}/moves");
        let moving = post(&s.app, &moves_uri, json!({"token": army, "move": mv}));
        let calling = abort(&other, &id, &indians);
        let ((moved, m), (called, c)) = tokio::join!(moving, calling);
        match (moved, called) {
            (StatusCode::OK, StatusCode::CONFLICT) => {
                assert_eq!(c["code"], "too_late_to_call_off", "{c}");
                moves += 1;
            }
            (StatusCode::CONFLICT, StatusCode::OK) => {
                assert_eq!(m["code"], "game_called_off", "{m}");
                calls += 1;
            }
            other => panic!("exactly one must win: {other:?}: {m} / {c}"),
        }
        // Both nodes then agree on the winner.
        let (here, there) = (state_of(&s.app, &id).await, state_of(&other, &id).await);
        assert_eq!(
            (&here["status"], &here["ply"]),
            (&there["status"], &there["ply"])
        );
    }
    assert_eq!(moves + calls, 12);
}

async fn a_rated_game_called_off_changes_no_rating_and_counts_nowhere(s: Server) {
    let app = &s.app;
    let mut red = Browser::at("10.1.0.1");
    red.register(app, "RedCloud", "correct horse 1").await;
    let mut kettle = Browser::at("10.1.0.2");
    kettle.register(app, "BlackKettle", "correct horse 2").await;
    let (id, _, other) = rated_game(app, &mut red, &mut kettle).await;
    let (status, called) = abort(app, &id, &other).await;
    assert_eq!(status, StatusCode::OK, "{called}");
    for name in ["RedCloud", "BlackKettle"] {
        let (status, player) = send(app, "GET", &format!("/api/players/{name}"), None).await;
        assert_eq!(status, StatusCode::OK, "{player}");
        assert_eq!(
            player["results"],
            json!([]),
            "{name}: counted nowhere: {player}"
        );
        assert_eq!(player["rating"]["games"], 0, "{name}: unrated: {player}");
        assert_eq!(player["rating"]["rating"], 1500.0, "{name}: {player}");
        for filter in ["", "?result=ongoing"] {
            let uri = format!("/api/players/{name}/games{filter}");
            let (status, games) = send(app, "GET", &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{games}");
            assert_eq!(games["games"], json!([]), "{uri}: listed nowhere: {games}");
        }
    }
    // The player's own list says it was called off, and it waits on nobody.
    let me = red.me(app).await;
    let listed = me.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .cloned()
        .unwrap_or_else(|| panic!("{}", me.body));
    assert_eq!(listed["status"], "aborted", "{listed}");
    assert_eq!(listed["result"], Value::Null, "{listed}");
    let turns = red.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(turns.body["count"], 0, "{}", turns.body);
}

on_both_stores!(
    either_seat_calls_off_a_game_without_a_move_and_nothing_more_happens_in_it,
    a_game_is_called_off_only_by_a_seat_and_only_before_the_first_move,
    a_first_move_and_a_call_off_racing_each_other_exactly_one_wins,
    a_rated_game_called_off_changes_no_rating_and_counts_nowhere,
);
