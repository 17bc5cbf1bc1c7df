//! The turn badge over the real router, on SQLite and (with
//! `BATTAGLIE_TEST_POSTGRES`) PostgreSQL: `GET /api/account/turns` counts the
//! signed-in player's games where it is their turn, and only theirs.

use axum::http::StatusCode;
use serde_json::json;

use crate::support::client::{code, Browser};
use crate::support::{run, Backend, Server};

async fn the_badge_counts_the_games_where_it_is_the_players_turn(s: Server) {
    let app = &s.app;
    let mut a = Browser::at("10.0.9.1");
    a.register(app, "Little_Bighorn", "powder river 1866").await;
    let mut b = Browser::at("10.0.9.2");
    b.register(app, "Rosebud_Creek", "powder river 1866").await;
    let created = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "online", "side": "army"})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let game = created.body;
    let id = game["id"].as_str().unwrap().to_string();
    let claimed = b
        .send(
            app,
            "POST",
            "/api/account/games",
            Some(json!({"games": [{"id": id, "token": game["other_token"]}]})),
        )
        .await;
    assert_eq!(claimed.body["claimed"], json!([id]), "{}", claimed.body);

    let to_move = game["state"]["to_move"].as_str().unwrap();
    let (mover, waiter) = match to_move {
        "army" => (&mut a, &mut b),
        _ => (&mut b, &mut a),
    };
    let turns = mover.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(turns.status, StatusCode::OK, "{}", turns.body);
    assert_eq!(turns.body["count"], 1, "{}", turns.body);
    assert_eq!(turns.body["games"][0]["id"], id.as_str());
    assert_eq!(turns.body["games"][0]["url"], format!("/game/{id}"));
    let turns = waiter.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(
        turns.body["count"], 0,
        "the other player waits: {}",
        turns.body
    );

    // The mover moves until the turn passes: then the badge moves to the other player.
    let mut state = game["state"].clone();
    while state["to_move"] == to_move {
        let mv = crate::support::first_legal(&state);
        let moved = mover
            .send(
                app,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(json!({"move": mv})),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        // The moves endpoint answers with the game's state itself.
        assert!(moved.body["to_move"].is_string(), "{}", moved.body);
        state = moved.body.clone();
    }
    let turns = mover.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(turns.body["count"], 0, "{}", turns.body);
    let turns = waiter.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(turns.body["count"], 1, "{}", turns.body);

    // Nobody signed in: no badge, a clear code.
    let mut guest = Browser::at("10.0.9.3");
    let turns = guest.send(app, "GET", "/api/account/turns", None).await;
    assert_eq!(
        (turns.status, code(&turns)),
        (StatusCode::UNAUTHORIZED, "not_signed_in")
    );
}

on_both_stores!(the_badge_counts_the_games_where_it_is_the_players_turn,);
