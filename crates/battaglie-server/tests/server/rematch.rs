//! Rematch after an online game, on SQLite and PostgreSQL: offered by either
//! player once the game is over, accepted by the other, it starts a new game with
//! the sides swapped and the same battle and clock, each player's token opening
//! their new seat; both sockets are told; one acceptance wins across nodes.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

use crate::support::{listen, next_json, post, run, send, socket, Backend, Server, Socket};

/// An online Washita game with a clock, ended by the Army's resignation:
/// its id, the Army's token and the Indians'.
async fn ended_game(app: &Router) -> (String, String, String) {
    let body = json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "10+3"});
    let (status, created) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let token = |k: &str| created[k].as_str().unwrap().to_string();
    let (id, army, indians) = (token("id"), token("token"), token("other_token"));
    let rematch = format!("/api/games/{id}/rematch");
    let (status, err) = post(app, &rematch, json!({"token": army, "action": "offer"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "rematch_not_over");
    let (status, _) = post(
        app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    (id, army, indians)
}

async fn rematch(app: &Router, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/rematch"),
        json!({"token": token, "action": action}),
    )
    .await
}

/// The next rematch message on `ws`, states skipped.
async fn next_rematch(ws: &mut Socket) -> Value {
    loop {
        let msg = next_json(ws).await;
        if msg["type"] == "rematch" {
            return msg;
        }
    }
}

/// The next rematch message on `ws` in `state` (`accepted`...), others skipped:
/// a socket opened while the game was ending may hear the standing offer twice,
/// pushed and in its greeting.
async fn rematch_in(ws: &mut Socket, state: &str) -> Value {
    loop {
        let msg = next_rematch(ws).await;
        if msg["state"] == state {
            return msg;
        }
    }
}

async fn an_accepted_rematch_starts_a_new_game_with_the_sides_swapped(s: Server) {
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = ended_game(&s.app).await;
    let ws = |t: &str| format!("/api/games/{id}/ws?token={t}");
    let mut army_ws = socket(addr, &ws(&army), None).await;
    let mut indians_ws = socket(addr, &ws(&indians), None).await;
    // Nothing to accept yet; a spectator takes no part.
    let (status, err) = rematch(&s.app, &id, &indians, "accept").await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "rematch_no_offer");
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{id}/rematch"),
        json!({"action": "offer"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{err}");
    assert_eq!(err["code"], "needs_token");
    let (status, offered) = rematch(&s.app, &id, &army, "offer").await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    assert_eq!(offered, json!({"state": "offered", "by": "army"}));
    for ws in [&mut army_ws, &mut indians_ws] {
        let msg = next_rematch(ws).await;
        assert_eq!(
            (&msg["state"], &msg["by"]),
            (&json!("offered"), &json!("army"))
        );
    }
    let (status, accepted) = rematch(&s.app, &id, &indians, "accept").await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let new = accepted["game"].as_str().unwrap().to_string();
    assert_ne!(new, id);
    assert_eq!(
        (&accepted["seat"], &accepted["token"]),
        (&json!("army"), &json!(indians))
    );
    // Each socket is told the new game and its own new seat and token.
    let told = rematch_in(&mut army_ws, "accepted").await;
    assert_eq!(
        (&told["state"], &told["game"], &told["seat"], &told["token"]),
        (
            &json!("accepted"),
            &json!(new),
            &json!("indians"),
            &json!(army)
        )
    );
    let told = rematch_in(&mut indians_ws, "accepted").await;
    assert_eq!(
        (&told["seat"], &told["token"]),
        (&json!("army"), &json!(indians))
    );
    // The new game: same battle and clock, the former Indians now the Army.
    let (status, state) = send(
        &s.app,
        "GET",
        &format!("/api/games/{new}?token={indians}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        (&state["you"], &state["scenario"], &state["mode"]),
        (&json!("army"), &json!("washita"), &json!("online"))
    );
    assert_eq!(state["ply"], 0);
    assert!(state["clock"].is_object(), "the clock is kept: {state}");
    let (_, state) = send(
        &s.app,
        "GET",
        &format!("/api/games/{new}?token={army}"),
        None,
    )
    .await;
    assert_eq!(state["you"], "indians");
    // Agreed once: a second answer names the new game.
    let (status, err) = rematch(&s.app, &id, &army, "offer").await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(
        (&err["code"], &err["params"]["game"]),
        (&json!("rematch_agreed"), &json!(new))
    );
}

async fn an_offer_is_declined_or_cancelled_and_only_online_games_have_one(s: Server) {
    let (id, army, indians) = ended_game(&s.app).await;
    rematch(&s.app, &id, &indians, "offer").await;
    let (status, err) = rematch(&s.app, &id, &indians, "accept").await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "one's own offer is not accepted: {err}"
    );
    assert_eq!(err["code"], "rematch_no_offer");
    let (status, answer) = rematch(&s.app, &id, &army, "decline").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({"state": "none"}));
    rematch(&s.app, &id, &army, "offer").await;
    let (status, answer) = rematch(&s.app, &id, &army, "cancel").await;
    assert_eq!((status, answer), (StatusCode::OK, json!({"state": "none"})));
    let (status, err) = rematch(&s.app, &id, &army, "cancel").await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["code"], "rematch_no_offer");
    let (status, err) = rematch(&s.app, &id, &army, "again").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert_eq!(err["code"], "bad_choice");
    let (_, hotseat) = post(
        &s.app,
        "/api/games",
        json!({"scenario": "washita", "mode": "hotseat"}),
    )
    .await;
    let (status, err) = rematch(
        &s.app,
        hotseat["id"].as_str().unwrap(),
        hotseat["token"].as_str().unwrap(),
        "offer",
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "rematch_only_online");
}

async fn of_two_acceptances_on_two_nodes_one_wins(s: Server) {
    let (id, army, indians) = ended_game(&s.app).await;
    let other = s.second_node().await.1;
    rematch(&s.app, &id, &army, "offer").await;
    let (a, b) = tokio::join!(
        rematch(&s.app, &id, &indians, "accept"),
        rematch(&other, &id, &indians, "offer"),
    );
    // Whichever came first won; the other answers (or is refused naming) the one new game.
    let games: Vec<&Value> = [&a, &b]
        .iter()
        .map(|(status, body)| match *status {
            StatusCode::OK => {
                assert_eq!(body["state"], "accepted", "{body}");
                &body["game"]
            }
            _ => {
                assert_eq!(body["code"], "rematch_agreed", "{body}");
                &body["params"]["game"]
            }
        })
        .collect();
    assert!(games[0].is_string(), "{a:?}");
    assert_eq!(games[0], games[1], "two games were started: {a:?} {b:?}");
    assert!(
        a.0 == StatusCode::OK || b.0 == StatusCode::OK,
        "{a:?} {b:?}"
    );
}

on_both_stores!(
    an_accepted_rematch_starts_a_new_game_with_the_sides_swapped,
    an_offer_is_declined_or_cancelled_and_only_online_games_have_one,
    of_two_acceptances_on_two_nodes_one_wins,
);
