//! The HTTP and WebSocket API against the real router and a real SQLite file.

use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use battaglie_server::{app, AppState, Cluster, MemoryLimits};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};

use crate::support::wait::until;
use crate::support::{listen, next_json, post, run, send, send_raw, Backend, Server, TestDb};

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, "GET", uri, None).await
}

async fn new_game(app: &Router, body: Value) -> Value {
    let (status, created) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

use crate::support::first_legal;

/// Polls the game until `ply` moves are played (the computer answers asynchronously).
async fn wait_for_ply(app: &Router, id: &str, ply: u64) -> Value {
    until(Duration::from_secs(10), async || {
        let (status, state) = get(app, &format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        if state["ply"].as_u64().unwrap() >= ply {
            Ok(state)
        } else {
            Err(state)
        }
    })
    .await
    .unwrap_or_else(|state| panic!("game {id} never reached ply {ply}: {state}"))
}

/// A computer game stored from `start` (BFEN), the computer playing `computer`.
async fn computer_game_from(s: &Server, start: &str, computer: &str) -> (String, String) {
    let id = format!("{:016x}", rand_id());
    let token = format!("{:032x}", rand_id());
    let human = if computer == "army" {
        "indians"
    } else {
        "army"
    };
    let row = battaglie_server::GameRow {
        clock: None,
        id: id.clone(),
        scenario: "washita".into(),
        mode: battaglie_server::Mode::Computer,
        computer_side: Some(computer.parse().expect("a side's word")),
        computer_level: Some(1),
        army_token: (human == "army").then(|| token.clone()),
        indians_token: (human == "indians").then(|| token.clone()),
        start: Some(start.into()),
        draw_offer: None,
        takeback_offer: None,
        outcome: None,
        created_at: 0,
        updated_at: 0,
        revision: 0,
        aborted_at: None,
    };
    s.state.games.repo().insert_game(&row, &[]).await.unwrap();
    (id, token)
}

fn rand_id() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(u64::from(std::process::id()));
    h.finish()
}

async fn the_computer_resigns_a_lost_game_and_says_why(s: Server) {
    // The whole 7th Cavalry against one Cheyenne on foot, far away: the computer
    // (the Indians) is lost, and after six moves scored lost it resigns.
    let start = "MMM|12/MMM|12/FMM|12/MM|12/FF|12/F|12/MV|12/|11f A 0 1";
    let (id, token) = computer_game_from(&s, start, "indians").await;
    let mut state = get(&s.app, &format!("/api/games/{id}")).await.1;
    let mut human_moves = 0;
    while state["status"] == "ongoing" {
        assert!(human_moves < 20, "the computer never resigned: {state}");
        let ply = state["ply"].as_u64().unwrap();
        let (status, _) = post(
            &s.app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": first_legal(&state)}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        human_moves += 1;
        // The computer's answer: a move, or the end of the game.
        state = until(Duration::from_secs(10), async || {
            let state = wait_for_ply(&s.app, &id, ply + 1).await;
            if state["status"] != "ongoing" || state["ply"].as_u64().unwrap() >= ply + 2 {
                Ok(state)
            } else {
                Err(state)
            }
        })
        .await
        .unwrap_or_else(|state| panic!("the computer neither moved nor resigned: {state}"));
    }
    assert_eq!(state["result"], "army", "{state}");
    assert_eq!(state["reason"], "resignation", "{state}");
    assert_eq!(state["computer_says"], "lost-score", "{state}");
    assert_eq!(human_moves, battaglie_ai::RESIGN_MOVES, "{state}");
}

/// A draw offered to the computer in a game stored from `start`, the computer
/// playing `computer`: the answer's status and the state after it.
async fn offer_the_computer_a_draw(s: &Server, start: &str, computer: &str) -> (StatusCode, Value) {
    let (id, token) = computer_game_from(s, start, computer).await;
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token}),
    )
    .await;
    (status, get(&s.app, &format!("/api/games/{id}")).await.1)
}

async fn the_computer_accepting_or_declining_a_draw_says_why(s: Server) {
    // Army Foot alone against Indian horsemen, the Indians to move: the Army's
    // computer can never win.
    let hopeless = "|12/|12/|12/|12/|12/|12/|F11/|11m I 5 30";
    let (status, state) = offer_the_computer_a_draw(&s, hopeless, "army").await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        [&state["result"], &state["reason"], &state["computer_says"]],
        ["draw", "agreement", "cannot-win"],
        "{state}"
    );
    // The whole 7th Cavalry against one Cheyenne horseman, the Army to move: the
    // Indians' computer, before any search of its own, is not ahead.
    let outnumbered = "MMM|12/MMM|12/FMM|12/MM|12/FF|12/F|12/MV|12/|11m A 0 1";
    let (status, state) = offer_the_computer_a_draw(&s, outnumbered, "indians").await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        [&state["result"], &state["reason"], &state["computer_says"]],
        ["draw", "agreement", "behind"],
        "{state}"
    );
    // The same battle with the Cavalry the computer's, the Indians to move: ahead,
    // it declines, an answer rather than a refusal, and the game goes on.
    let leading = "MMM|12/MMM|12/FMM|12/MM|12/FF|12/F|12/MV|12/|11m I 0 1";
    let (status, state) = offer_the_computer_a_draw(&s, leading, "army").await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["status"], "ongoing", "{state}");
    assert_eq!(state["computer_says"], "ahead", "{state}");
}

async fn scenarios_lists_the_three_battles_with_terrain(s: Server) {
    let (status, list) = get(&s.app, "/api/scenarios").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 3);
    for id in ["washita", "fetterman", "apache-pass"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    let w = &list[0];
    let height = w["height"].as_u64().unwrap() as usize;
    let width = w["width"].as_u64().unwrap() as usize;
    let rows = w["terrain"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), height);
    assert!(rows
        .iter()
        .all(|r| r.as_str().unwrap().chars().count() == width));
    assert!(w["sides"]["army"]["forces"]["M"].as_u64().is_some());
    let (status, one) = get(&s.app, "/api/scenarios/washita").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one["name"], "Washita River");
    let (status, err) = get(&s.app, "/api/scenarios/nowhere").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(err["error"].as_str().unwrap().contains("nowhere"));
}

async fn hotseat_game_plays_moves_for_both_sides(s: Server) {
    let created = new_game(&s.app, json!({"scenario": "washita", "mode": "hotseat"})).await;
    assert_eq!(created["seat"], "both");
    assert!(created.get("other_token").is_none());
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert_eq!(token.len(), 32);
    assert_eq!(created["state"]["to_move"], "army");
    for ply in 1..=4u64 {
        let (status, state) = get(&s.app, &format!("/api/games/{id}?token={token}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(state["you"], "both");
        let mv = first_legal(&state);
        let (status, after) = post(
            &s.app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_eq!(after["ply"], ply);
        assert_eq!(after["last_move"], mv.as_str());
    }
    let (_, state) = get(&s.app, &format!("/api/games/{id}")).await;
    assert_eq!(state["you"], Value::Null);
    assert_eq!(state["plies"].as_array().unwrap().len(), 4);
    assert_eq!(state["status"], "ongoing");
    assert!(state["eliminated"]["army"]["F"].is_u64());
}

async fn wrong_or_missing_token_is_rejected(s: Server) {
    let created = new_game(
        &s.app,
        json!({"scenario": "fetterman", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let army = created["token"].as_str().unwrap();
    let indians = created["other_token"].as_str().unwrap();
    assert_ne!(army, indians);
    assert!(created["urls"]["invite"]
        .as_str()
        .unwrap()
        .contains(indians));
    let mv = first_legal(&created["state"]);
    let uri = format!("/api/games/{id}/moves");

    let (status, err) = post(&s.app, &uri, json!({"token": "0".repeat(32), "move": mv})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(err["error"].as_str().unwrap().contains("token"), "{err}");

    let (status, err) = post(&s.app, &uri, json!({"token": indians, "move": mv})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert!(err["error"].as_str().unwrap().contains("turn"), "{err}");

    let (status, _) = post(&s.app, &uri, json!({"move": mv})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let (status, state) = post(&s.app, &uri, json!({"token": army, "move": mv})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["you"], "army");
    assert_eq!(state["to_move"], "indians");

    let (status, _) = get(&s.app, &format!("/api/games/{id}?token=nonsense")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn bad_input_answers_4xx_with_a_message(s: Server) {
    let cases: Vec<(&str, &str, Option<&str>, StatusCode, &str)> = vec![
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": "),
            StatusCode::BAD_REQUEST,
            "JSON",
        ),
        (
            "POST",
            "/api/games",
            Some(""),
            StatusCode::BAD_REQUEST,
            "empty",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": 5, \"mode\": \"hotseat\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "scenario",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"mode\": \"hotseat\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "missing field `scenario`",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"washita\", \"mode\": \"hotseat\", \"colour\": 1}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "colour",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"nowhere\", \"mode\": \"hotseat\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown scenario",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"washita\", \"mode\": \"chess\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "mode",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"washita\", \"mode\": \"computer\", \"level\": 9}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "level",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"washita\", \"mode\": \"hotseat\", \"level\": 2}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "level",
        ),
        (
            "POST",
            "/api/games",
            Some("{\"scenario\": \"washita\", \"mode\": \"online\", \"side\": \"cavalry\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "side",
        ),
        (
            "GET",
            "/api/games/0123456789abcdef",
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            "GET",
            "/api/games/..%2Fetc",
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            "GET",
            "/api/nothing",
            None,
            StatusCode::NOT_FOUND,
            "no API endpoint",
        ),
        (
            "POST",
            "/api/records",
            Some("[Scenario \"washita\"]\n\n1. z9:F-a1 *"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move 1",
        ),
        (
            "POST",
            "/api/records",
            Some("{\"scenario\": \"nowhere\"}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "nowhere",
        ),
        (
            "POST",
            "/api/records",
            Some("  "),
            StatusCode::BAD_REQUEST,
            "empty",
        ),
    ];
    for (method, uri, body, expected, needle) in cases {
        let (status, value) = send(&s.app, method, uri, body.map(str::to_string)).await;
        assert_eq!(status, expected, "{method} {uri} {body:?}: {value}");
        let message = value["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error field: {value}"));
        assert!(
            message.contains(needle),
            "{method} {uri} {body:?}: {message:?} lacks {needle:?}"
        );
    }

    // Moves: nonsense and illegal moves name the problem.
    let created = new_game(&s.app, json!({"scenario": "washita", "mode": "hotseat"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let uri = format!("/api/games/{id}/moves");
    for (mv, needle) in [("hello", "move"), ("a1:F-a2", "a1"), ("", "move")] {
        let (status, err) = post(&s.app, &uri, json!({"token": token, "move": mv})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{mv}: {err}");
        assert!(
            err["error"].as_str().unwrap().contains(needle),
            "{mv}: {err}"
        );
    }
    let (status, err) = post(&s.app, &uri, json!({"token": token, "move": 12})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    let (status, err) = get(&s.app, &format!("/api/games/{id}/record?format=pdf")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token, "action": "maybe"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
}

async fn oversized_body_is_413(s: Server) {
    let big = format!(
        "{{\"scenario\": \"{}\", \"mode\": \"hotseat\"}}",
        "x".repeat(100_000)
    );
    let (status, err) = send(&s.app, "POST", "/api/games", Some(big.clone())).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{err}");
    assert!(err["error"].as_str().unwrap().contains("limit"));
    let (status, err) = send(&s.app, "POST", "/api/records", Some(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{err}");
}

async fn computer_replies_and_undo_takes_back_both_moves(s: Server) {
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert_eq!(created["state"]["computer"]["side"], "indians");
    let mv = first_legal(&created["state"]);
    let (status, state) = post(
        &s.app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let state = wait_for_ply(&s.app, id, 2).await;
    assert_eq!(state["to_move"], "army");
    assert_eq!(state["thinking"], false);

    let (status, state) = post(
        &s.app,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["ply"], 0);
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

/// The answer to a move is the game right after it, the computer's reply never
/// in it (the reply comes on the sockets and to the next read): the page shows
/// the player's move as played, then the computer's as it comes.
async fn the_answer_to_a_move_against_the_computer_holds_that_move_alone(s: Server) {
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut state = created["state"].clone();
    let mut replies = 0;
    for _ in 0..12 {
        let ply = state["ply"].as_u64().unwrap();
        let mv = first_legal(&state);
        let (status, answer) = post(
            &s.app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["ply"], ply + 1, "the answer to {mv}: {answer}");
        assert_eq!(answer["last_move"], mv.as_str(), "{answer}");
        if answer["status"] == "over" {
            break;
        }
        // The computer's turn, if it is one, played out before the next move.
        state = answer;
        while state["to_move"] == "indians" && state["status"] == "ongoing" {
            replies += 1;
            state = wait_for_ply(&s.app, id, state["ply"].as_u64().unwrap() + 1).await;
        }
    }
    assert!(replies > 0, "the computer never had the move");
}

async fn computer_moves_first_when_it_plays_the_army(s: Server) {
    let created = new_game(
        &s.app,
        json!({"scenario": "apache-pass", "mode": "computer", "side": "indians", "level": 1}),
    )
    .await;
    assert_eq!(created["seat"], "indians");
    let id = created["id"].as_str().unwrap();
    let state = wait_for_ply(&s.app, id, 1).await;
    assert_eq!(state["to_move"], "indians");
}

async fn resign_and_draws(s: Server) {
    // Online: an offer stands until accepted.
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "online", "side": "indians"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let indians = created["token"].as_str().unwrap();
    let army = created["other_token"].as_str().unwrap();
    let draw = format!("/api/games/{id}/draw");
    let (status, state) = post(&s.app, &draw, json!({"token": army})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["draw_offer"], "army");
    assert_eq!(state["status"], "ongoing");
    let (status, _) = post(&s.app, &draw, json!({"token": army, "action": "accept"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, state) = post(&s.app, &draw, json!({"token": indians, "action": "accept"})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["result"], "draw");
    assert_eq!(state["reason"], "agreement");
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/undo"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Hotseat: resigning is the side to move's.
    let created = new_game(&s.app, json!({"scenario": "washita", "mode": "hotseat"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let (status, state) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["result"], "indians");
    assert_eq!(state["reason"], "resignation");
    assert_eq!(state["legal"].as_array().unwrap().len(), 0);
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": "pass"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
}

async fn records_export_and_import_round_trip(s: Server) {
    let created = new_game(&s.app, json!({"scenario": "fetterman", "mode": "hotseat"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut state = created["state"].clone();
    for _ in 0..6 {
        let mv = first_legal(&state);
        let (status, next) = post(
            &s.app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        state = next;
    }
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    let (status, json_record) = send_raw(
        &s.app,
        "GET",
        &format!("/api/games/{id}/record?format=json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let record: Value = serde_json::from_str(&json_record).unwrap();
    assert_eq!(record["moves"].as_array().unwrap().len(), 6);
    assert_eq!(record["reason"], "resignation");
    // Two people at one screen, without accounts: named, not left blank.
    assert_eq!(
        [&record["army"], &record["indians"]],
        [&json!("Guest"), &json!("Guest")]
    );
    let (status, text_record) = send_raw(
        &s.app,
        "GET",
        &format!("/api/games/{id}/record?format=text"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        text_record.starts_with("[Scenario \"fetterman\"]\n[Army \"Guest\"]\n[Indians \"Guest\"]"),
        "{text_record}"
    );

    for body in [json_record, text_record] {
        let (status, imported) = send(&s.app, "POST", "/api/records", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{imported}");
        assert_eq!(imported["mode"], "hotseat");
        let st = &imported["state"];
        assert_eq!(st["plies"].as_array().unwrap().len(), 6);
        assert_eq!(st["plies"], state["plies"]);
        assert_eq!(st["bfen"], state["bfen"]);
        assert_eq!(st["reason"], "resignation");
        let new_id = imported["id"].as_str().unwrap();
        assert_ne!(new_id, id);
        let (_, again) =
            send_raw(&s.app, "GET", &format!("/api/games/{new_id}/record"), None).await;
        let again: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(again["moves"], record["moves"]);
        assert_eq!(again["result"], record["result"]);
    }

    let (status, positions) = get(&s.app, &format!("/api/games/{id}/positions")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(positions["positions"].as_array().unwrap().len(), 7);
    assert_eq!(positions["positions"][6], state["bfen"]);
}

async fn web_pages_are_served(s: Server) {
    for (uri, needle) in [
        ("/".to_string(), "<html"),
        ("/game/0123456789abcdef".to_string(), "<html"),
        (crate::support::bundled("app-", ".js"), "import"),
        (crate::support::bundled("style-", ".css"), "{"),
    ] {
        let uri = uri.as_str();
        let (status, body) = send_raw(&s.app, "GET", uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(body.contains(needle), "{uri}");
    }
    let (status, _) = send_raw(&s.app, "GET", "/no/such/page", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn websocket_pushes_every_change_and_accepts_moves(s: Server) {
    let addr = listen(s.state.clone()).await;
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let army = created["token"].as_str().unwrap();
    let indians = created["other_token"].as_str().unwrap();

    let url = |q: &str| format!("ws://{addr}/api/games/{id}/ws{q}");
    let (mut spectator, _) = tokio_tungstenite::connect_async(url("")).await.unwrap();
    let (mut player, _) = tokio_tungstenite::connect_async(url(&format!("?token={indians}")))
        .await
        .unwrap();
    let first = next_json(&mut spectator).await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["you"], Value::Null);
    assert_eq!(first["ply"], 0);
    assert_eq!(next_json(&mut player).await["you"], "indians");

    // A move over HTTP reaches both sockets.
    let mv = first_legal(&created["state"]);
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for ws in [&mut spectator, &mut player] {
        let update = next_json(ws).await;
        assert_eq!(update["ply"], 1);
        assert_eq!(update["last_move"], mv.as_str());
    }

    // A move over the socket, by the seat holder.
    let reply = first_legal(&next_state(&s.app, id).await);
    let msg = json!({"type": "move", "move": reply}).to_string();
    player
        .send(tokio_tungstenite::tungstenite::Message::Text(msg.into()))
        .await
        .unwrap();
    assert_eq!(next_json(&mut player).await["ply"], 2);
    assert_eq!(next_json(&mut spectator).await["ply"], 2);

    // Spectators cannot move; bad messages are answered, not fatal.
    let msg = json!({"type": "move", "move": "pass"}).to_string();
    spectator
        .send(tokio_tungstenite::tungstenite::Message::Text(msg.into()))
        .await
        .unwrap();
    let err = next_json(&mut spectator).await;
    assert_eq!(err["type"], "error");
    assert_eq!(err["status"], 401);
    spectator
        .send(tokio_tungstenite::tungstenite::Message::Text(
            "{nope".into(),
        ))
        .await
        .unwrap();
    let err = next_json(&mut spectator).await;
    assert_eq!(err["status"], 400);
    spectator
        .send(tokio_tungstenite::tungstenite::Message::Text(
            r#"{"type":"ping"}"#.into(),
        ))
        .await
        .unwrap();
    assert_eq!(next_json(&mut spectator).await["type"], "pong");

    // An oversized message closes the socket.
    let huge = "x".repeat(battaglie_server::WS_MESSAGE_LIMIT * 4);
    let _ = player
        .send(tokio_tungstenite::tungstenite::Message::Text(huge.into()))
        .await;
    let end = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match player.next().await {
                None
                | Some(Err(_))
                | Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) => break,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await;
    assert!(
        end.is_ok(),
        "the socket stays open after an oversized message"
    );

    // A wrong token is refused before the upgrade.
    let refused = tokio_tungstenite::connect_async(url("?token=bad")).await;
    assert!(refused.is_err());
}

async fn next_state(app: &Router, id: &str) -> Value {
    get(app, &format!("/api/games/{id}")).await.1
}

async fn restart_keeps_every_move_and_the_computer_moves_on_its_turn(db: TestDb) {
    let (id, token, before) = {
        let store = db.open().await;
        let state = AppState::new(store.clone());
        let app = app(state.clone());
        let created = new_game(
            &app,
            json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 1}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        let mv = first_legal(&created["state"]);
        let (status, _) = post(
            &app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let before = wait_for_ply(&app, &id, 2).await;
        state.node.shut_down();
        store.close().await;
        (id, token, before)
    };

    // Started again on the same file: the same game. (A short claim on the computer's
    // turn, so that on a shared database the next start need not wait long for it.)
    let store = db.open().await;
    let lease = Duration::from_millis(300);
    let state = AppState::with_cluster(
        store.clone(),
        MemoryLimits::default(),
        Cluster { bus: None, lease },
    );
    let app = app(state.clone());
    let (status, after) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    for key in [
        "bfen",
        "moves",
        "legal",
        "to_move",
        "eliminated",
        "status",
        "computer",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }

    // The server died after storing a human move, before the computer answered:
    // the computer moves when the server starts again.
    let mv = first_legal(&after);
    let (status, _) = post(
        &app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    state.node.shut_down();
    store.close().await;
    let store = db.open().await;
    let (_, moves) = battaglie_server::GamesRepo::new(store.clone())
        .load(&id)
        .await
        .unwrap()
        .unwrap();
    if moves.len() == 4 {
        // The first server was quick enough to answer before it stopped: take the
        // answer back, as if it never came.
        let (row, _) = battaglie_server::GamesRepo::new(store.clone())
            .load(&id)
            .await
            .unwrap()
            .unwrap();
        battaglie_server::GamesRepo::new(store.clone())
            .truncate_moves((&id, row.revision), (3, None), 0)
            .await
            .unwrap();
    }
    let state = AppState::new(store.clone());
    if store.backend() == "postgres" {
        // Every start on a shared database is a new node, which cannot tell a dead
        // node's claim from a live one's: the turn waits for the claim to expire.
        let resumed = until(lease * 20, async || {
            match state.games.resume_computer_games().await.unwrap() {
                0 => Err(0),
                n => Ok(n),
            }
        })
        .await;
        assert_eq!(
            resumed,
            Ok(1),
            "the dead node's claim on the turn never lapsed"
        );
    } else {
        // An SQLite file has one server, which takes its own turn back at once.
        assert_eq!(state.games.resume_computer_games().await.unwrap(), 1);
    }
    let app = battaglie_server::app(state.clone());
    let resumed = wait_for_ply(&app, &id, 4).await;
    assert_eq!(resumed["to_move"], "army");
    assert_eq!(
        battaglie_server::GamesRepo::new(store.clone())
            .load(&id)
            .await
            .unwrap()
            .unwrap()
            .1
            .len(),
        4
    );
}

async fn racing_moves_from_two_nodes_one_is_stored_the_other_gets_409_and_the_fresh_state(
    s: Server,
) {
    let (_b_state, b) = s.second_node().await;
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let tokens = [
        created["token"].as_str().unwrap(),
        created["other_token"].as_str().unwrap(),
    ];
    let uri = format!("/api/games/{id}/moves");
    for ply in 0..6 {
        // Both nodes hold the game in memory at this ply.
        let (_, on_a) = get(&s.app, &format!("/api/games/{id}")).await;
        let (_, on_b) = get(&b, &format!("/api/games/{id}")).await;
        assert_eq!(on_a["ply"], ply);
        assert_eq!(on_b["ply"], ply);
        let legal = crate::support::legal_moves(&on_a);
        let (mv_a, mv_b) = (legal[0].as_str(), legal[1].as_str());
        let token = tokens[ply as usize % 2];
        let (ra, rb) = tokio::join!(
            post(&s.app, &uri, json!({"token": token, "move": mv_a})),
            post(&b, &uri, json!({"token": token, "move": mv_b})),
        );
        let mut statuses = [ra.0, rb.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{ra:?} {rb:?}"
        );
        let ((_, won), stored, (_, refused)) = if ra.0 == StatusCode::OK {
            (ra, mv_a, rb)
        } else {
            (rb, mv_b, ra)
        };
        assert_eq!(won["last_move"], stored);
        // The refusal says so and carries the state with the other move in it.
        assert!(
            refused["error"].as_str().unwrap().contains("changed"),
            "{refused}"
        );
        assert_eq!(refused["state"]["ply"], ply + 1, "{refused}");
        assert_eq!(refused["state"]["last_move"], stored, "{refused}");
    }
    let (_, moves) = s.state.games.repo().load(id).await.unwrap().unwrap();
    assert_eq!(moves.len(), 6);
}

async fn a_node_with_an_old_copy_plays_on_the_stored_game(s: Server) {
    let (_b_state, b) = s.second_node().await;
    let created = new_game(
        &s.app,
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (army, indians) = (
        created["token"].as_str().unwrap(),
        created["other_token"].as_str().unwrap(),
    );
    let (_, before) = get(&b, &format!("/api/games/{id}")).await;
    assert_eq!(before["ply"], 0);
    let uri = format!("/api/games/{id}/moves");
    let (status, after_a) = post(
        &s.app,
        &uri,
        json!({"token": army, "move": first_legal(&created["state"])}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Node B still holds ply 0, where it is the Army's turn; the Indians' move is
    // judged on the stored game instead.
    let (status, after_b) = post(
        &b,
        &uri,
        json!({"token": indians, "move": first_legal(&after_a)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after_b}");
    assert_eq!(after_b["ply"], 2);
}

async fn idle_games_leave_memory_and_come_back_from_the_store(db: TestDb) {
    let memory = battaglie_server::MemoryLimits {
        idle: Duration::ZERO,
        max_games: 1000,
        ..battaglie_server::MemoryLimits::default()
    };
    let state = AppState::with_memory(db.open().await, memory);
    let app = app(state.clone());
    let created = new_game(&app, json!({"scenario": "washita", "mode": "hotseat"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let uri = format!("/api/games/{id}/moves");
    let (status, after) = post(
        &app,
        &uri,
        json!({"token": token, "move": first_legal(&created["state"])}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state.games.games_in_memory(), 1);
    // A game in use (a request, a socket, a search holds it) stays.
    let held = state.games.game(id).await.unwrap();
    assert_eq!(state.games.evict_idle(), 0);
    drop(held);
    assert_eq!(state.games.evict_idle(), 1);
    assert_eq!(state.games.games_in_memory(), 0);
    // Asked for again: back from the store, the same game, and it plays on.
    let (status, back) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state.games.games_in_memory(), 1);
    for key in ["bfen", "moves", "legal", "to_move", "status"] {
        assert_eq!(back[key], after[key], "{key}");
    }
    let (status, next) = post(
        &app,
        &uri,
        json!({"token": token, "move": first_legal(&back)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    assert_eq!(next["ply"], 2);
}

async fn past_the_game_limit_the_least_recently_used_leave_memory(db: TestDb) {
    let memory = battaglie_server::MemoryLimits {
        idle: Duration::from_secs(3600),
        max_games: 3,
        ..battaglie_server::MemoryLimits::default()
    };
    let state = AppState::with_memory(db.open().await, memory);
    let app = app(state.clone());
    let mut ids = Vec::new();
    for _ in 0..8 {
        let created = new_game(&app, json!({"scenario": "washita", "mode": "hotseat"})).await;
        ids.push(created["id"].as_str().unwrap().to_string());
        assert!(
            state.games.games_in_memory() <= 3,
            "{}",
            state.games.games_in_memory()
        );
    }
    // Every game is still there, from memory or from the store.
    for id in &ids {
        let (status, game) = get(&app, &format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["id"], id.as_str());
        assert!(state.games.games_in_memory() <= 3);
    }
}

on_both_stores!(
    idle_games_leave_memory_and_come_back_from_the_store,
    past_the_game_limit_the_least_recently_used_leave_memory,
    racing_moves_from_two_nodes_one_is_stored_the_other_gets_409_and_the_fresh_state,
    a_node_with_an_old_copy_plays_on_the_stored_game,
    scenarios_lists_the_three_battles_with_terrain,
    hotseat_game_plays_moves_for_both_sides,
    wrong_or_missing_token_is_rejected,
    bad_input_answers_4xx_with_a_message,
    oversized_body_is_413,
    computer_replies_and_undo_takes_back_both_moves,
    the_answer_to_a_move_against_the_computer_holds_that_move_alone,
    computer_moves_first_when_it_plays_the_army,
    resign_and_draws,
    records_export_and_import_round_trip,
    web_pages_are_served,
    websocket_pushes_every_change_and_accepts_moves,
    restart_keeps_every_move_and_the_computer_moves_on_its_turn,
    the_computer_resigns_a_lost_game_and_says_why,
    the_computer_accepting_or_declining_a_draw_says_why,
);

#[tokio::test]
async fn an_unreachable_database_is_a_clear_error_at_start() {
    // Nothing listens on port 1 of the loopback.
    let db: battaglie_server::Database = "postgres://nobody@127.0.0.1:1/none".parse().unwrap();
    let err = battaglie_server::Store::connect(&db)
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cannot open the database postgres://nobody@127.0.0.1:1/none"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let db = battaglie_server::Database::Sqlite(dir.path().join("no/such/dir/x.sqlite"));
    let err = battaglie_server::Store::connect(&db)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot open the database sqlite:"), "{err}");
}
