//! Two nodes on one PostgreSQL database, with each bus (NATS and PostgreSQL
//! `LISTEN/NOTIFY`): changes cross nodes to real WebSockets, races are decided by
//! the database, and each computer turn is computed by one node, even when the
//! node that was thinking stops.
//!
//! Needs `BATTAGLIE_TEST_POSTGRES` (and `BATTAGLIE_TEST_NATS` for the NATS half):
//! skipped loudly without them, failed under CI.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::support::cluster::{two_nodes, Kind, Node};
use crate::support::{next_chat, next_json, say, Socket};

on_both_buses!(
    a_chat_message_through_one_node_reaches_the_sockets_on_the_other,
    a_move_through_one_node_reaches_a_socket_on_the_other,
    racing_moves_through_two_nodes_one_wins_and_both_sockets_show_it,
    each_computer_turn_is_searched_by_one_node_only,
    a_computer_turn_goes_on_when_the_thinking_node_stops,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
async fn a_move_forged_on_the_bus_is_never_shown_nor_supersedes_the_real_one() {
    let (db, a, b) = two_nodes(Kind::Nats, Duration::from_secs(10)).await;
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let army = created["token"].as_str().unwrap();
    let mut on_a = a.socket(id, None).await;
    let mut on_b = b.socket(id, None).await;
    let state = state_at(&mut on_b, 0).await;
    state_at(&mut on_a, 0).await;
    let legal = crate::support::legal_moves(&state);
    let (forged, real) = (legal[0].as_str(), legal[1].as_str());
    let repo = battaglie_server::GamesRepo::new(db.open().await);
    let revision = repo.revision(id).await.unwrap().unwrap();
    // An intruder on the bus tells of a legal move that nobody played, in the
    // form the nodes once trusted (node, game, revision, time, move).
    // An intruder who got the bus's password (the client library sends only the
    // credentials given as options).
    let url = crate::support::service(crate::support::NATS_ENV, "a NATS server");
    let (_, rest) = url.split_once("://").unwrap();
    let options = match rest.split_once('@').map(|(auth, _)| auth.split_once(':')) {
        Some(Some((user, pass))) => {
            async_nats::ConnectOptions::with_user_and_password(user.into(), pass.into())
        }
        _ => async_nats::ConnectOptions::new(),
    };
    let intruder = options.connect(url.as_str()).await.unwrap();
    intruder
        .publish(
            "battaglie.changes",
            format!("intruder {id} {} 1700000000 {forged}", revision + 1).into(),
        )
        .await
        .unwrap();
    intruder.flush().await.unwrap();
    // The Army's real move is judged on the stored game, not on the forged one.
    let (status, answer) = send(
        &a.app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"token": army, "move": real})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Both nodes' spectators see the real move, and never the forged one first.
    for ws in [&mut on_b, &mut on_a] {
        let seen = state_at(ws, 1).await;
        assert_eq!(
            (&seen["ply"], &seen["last_move"]),
            (&json!(1), &json!(real)),
            "{seen}"
        );
    }
    let (_, moves) = repo.load(id).await.unwrap().unwrap();
    assert_eq!(moves, [real.to_string()]);
}

async fn a_chat_message_through_one_node_reaches_the_sockets_on_the_other(kind: Kind) {
    let (_db, a, b) = two_nodes(kind, Duration::from_secs(10)).await;
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (army, indians) = (
        created["token"].as_str().unwrap(),
        created["other_token"].as_str().unwrap(),
    );
    let mut army_on_a = a.socket(id, Some(army)).await;
    let mut indians_on_b = b.socket(id, Some(indians)).await;
    let mut spectator_on_b = b.socket(id, None).await;
    // Each socket's first message is the game's state, sent once it is subscribed.
    for ws in [&mut army_on_a, &mut indians_on_b, &mut spectator_on_b] {
        next_json(ws).await;
    }
    // Over A's socket, then over B's HTTP: each reaches the sockets of both nodes.
    say(&mut army_on_a, json!({"type": "chat", "text": "from A"})).await;
    let sockets = [&mut army_on_a, &mut indians_on_b, &mut spectator_on_b];
    for ws in sockets {
        let msg = next_chat(ws).await;
        assert_eq!(
            (&msg["author"], &msg["body"]),
            (&json!("army"), &json!("from A")),
            "{msg}"
        );
    }
    let (status, answer) = send(
        &b.app,
        "POST",
        &format!("/api/games/{id}/chat"),
        Some(json!({"token": indians, "text": "from B"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    for ws in [&mut army_on_a, &mut indians_on_b, &mut spectator_on_b] {
        let msg = next_chat(ws).await;
        assert_eq!(
            (&msg["author"], &msg["body"]),
            (&json!("indians"), &json!("from B")),
            "{msg}"
        );
    }
}

async fn send(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(body.map(|b| Body::from(b.to_string())).unwrap_or_default())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn create(node: &Node, body: Value) -> Value {
    let (status, created) = send(&node.app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

/// The next state on `ws` with at least `ply` moves (skipping older ones).
async fn state_at(ws: &mut Socket, ply: u64) -> Value {
    loop {
        let msg = next_json(ws).await;
        if msg["type"] == "state" && msg["ply"].as_u64().unwrap() >= ply {
            return msg;
        }
    }
}

async fn a_move_through_one_node_reaches_a_socket_on_the_other(kind: Kind) {
    let (_db, a, b) = two_nodes(kind, Duration::from_secs(10)).await;
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let tokens = [
        created["token"].as_str().unwrap(),
        created["other_token"].as_str().unwrap(),
    ];
    let mut on_b = b.socket(id, None).await;
    let mut state = state_at(&mut on_b, 0).await;
    // Moves through A and through B alternately; each shows on B's socket.
    for ply in 0..8u64 {
        let mv = crate::support::first_legal(&state);
        let through = if ply % 2 == 0 { &a } else { &b };
        let (status, answer) = send(
            &through.app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": tokens[ply as usize % 2], "move": mv})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        state = state_at(&mut on_b, ply + 1).await;
        assert_eq!(state["ply"], ply + 1);
        assert_eq!(state["last_move"], mv.as_str());
    }
    // A draw offer (not a move) crosses too.
    let (status, _) = send(
        &a.app,
        "POST",
        &format!("/api/games/{id}/draw"),
        Some(json!({"token": tokens[0], "action": "offer"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    loop {
        let msg = next_json(&mut on_b).await;
        if msg["draw_offer"] == "army" {
            break;
        }
    }
    assert!(b
        .state
        .games
        .metrics()
        .render()
        .contains("battaglie_bus_changes_total"));
}

async fn racing_moves_through_two_nodes_one_wins_and_both_sockets_show_it(kind: Kind) {
    let (_db, a, b) = two_nodes(kind, Duration::from_secs(10)).await;
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let tokens = [
        created["token"].as_str().unwrap(),
        created["other_token"].as_str().unwrap(),
    ];
    let mut on_a = a.socket(id, None).await;
    let mut on_b = b.socket(id, None).await;
    let mut state = state_at(&mut on_b, 0).await;
    state_at(&mut on_a, 0).await;
    for ply in 0..6u64 {
        // Both movers saw this version: the loser could not have known of the winner.
        let uri = format!("/api/games/{id}/moves?since={}", state["version"]);
        let legal = crate::support::legal_moves(&state);
        let (mv_a, mv_b) = (legal[0].as_str(), legal[1].as_str());
        let token = tokens[ply as usize % 2];
        let (ra, rb) = tokio::join!(
            send(
                &a.app,
                "POST",
                &uri,
                Some(json!({"token": token, "move": mv_a}))
            ),
            send(
                &b.app,
                "POST",
                &uri,
                Some(json!({"token": token, "move": mv_b}))
            ),
        );
        let mut statuses = [ra.0, rb.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{ra:?} {rb:?}"
        );
        let (stored, refused) = if ra.0 == StatusCode::OK {
            (mv_a, rb.1)
        } else {
            (mv_b, ra.1)
        };
        assert_eq!(refused["state"]["last_move"], stored, "{refused}");
        // Both nodes' sockets end on the move that won.
        let seen_a = state_at(&mut on_a, ply + 1).await;
        state = state_at(&mut on_b, ply + 1).await;
        assert_eq!(seen_a["last_move"], stored);
        assert_eq!(state["last_move"], stored);
        assert_eq!(state["ply"], ply + 1);
    }
}

async fn each_computer_turn_is_searched_by_one_node_only(kind: Kind) {
    let (db, a, b) = two_nodes(kind, Duration::from_secs(10)).await;
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    // Both nodes hold the game, each with a socket on it.
    let mut on_a = a.socket(id, None).await;
    let mut on_b = b.socket(id, None).await;
    let mut state = state_at(&mut on_b, 0).await;
    state_at(&mut on_a, 0).await;
    let mut turns = 0;
    for round in 0..6u64 {
        if state["status"] != "ongoing" {
            break;
        }
        assert_eq!(state["to_move"], "army", "{state}");
        let ply = state["ply"].as_u64().unwrap();
        let through = if round % 2 == 0 { &a } else { &b };
        let mv = crate::support::first_legal(&state);
        let (status, answer) = send(
            &through.app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": token, "move": mv})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        turns += 1;
        // The computer's reply reaches both nodes' sockets.
        state = state_at(&mut on_b, ply + 2).await;
        let seen_a = state_at(&mut on_a, ply + 2).await;
        assert_eq!(
            (&seen_a["bfen"], &seen_a["last_move"]),
            (&state["bfen"], &state["last_move"])
        );
    }
    let searches = a.state.games.metrics().searches() + b.state.games.metrics().searches();
    assert_eq!(
        searches, turns,
        "one search per computer turn, over both nodes"
    );
    let (_, moves) = battaglie_server::GamesRepo::new(db.open().await)
        .load(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(moves.len() as u64, 2 * turns);
}

async fn a_computer_turn_goes_on_when_the_thinking_node_stops(kind: Kind) {
    let lease = Duration::from_millis(600);
    let (db, mut a, b) = two_nodes(kind, lease).await;
    // A's searches are all busy: it claims the computer's turn and waits for a
    // permit, however fast the search would be, until it is stopped.
    let games_a = a.state.games.clone();
    let searches = games_a.searches();
    let busy = searches
        .acquire_many(u32::try_from(searches.available_permits()).unwrap())
        .await
        .unwrap();
    let created = create(
        &a,
        json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 8}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut on_b = b.socket(id, None).await;
    let state = state_at(&mut on_b, 0).await;
    let mv = crate::support::first_legal(&state);
    let (status, answer) = send(
        &a.app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"token": token, "move": mv})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let store = db.open().await;
    assert_eq!(
        battaglie_server::GamesRepo::new(store.clone())
            .turn_holder(id)
            .await
            .unwrap()
            .as_deref(),
        Some(a.state.node.name())
    );
    a.stop();
    // B takes the turn over once A's claim expires, and plays it.
    let after = tokio::time::timeout(Duration::from_secs(20), state_at(&mut on_b, 2))
        .await
        .expect("the computer moved through the other node");
    assert_eq!(after["ply"], 2);
    assert_eq!(after["to_move"], "army");
    assert_eq!(b.state.games.metrics().searches(), 1);
    let (_, moves) = battaglie_server::GamesRepo::new(store.clone())
        .load(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(
        battaglie_server::GamesRepo::new(store.clone())
            .turn_holder(id)
            .await
            .unwrap(),
        None,
        "the claim ends with the move"
    );
    assert_eq!(a.state.games.metrics().searches(), 0, "A never searched");
    drop(busy);
}
