//! The state's structured fields, so that a page parses neither BFEN nor notation:
//! the stacks, the legal moves by source square, the numbered plies; and the stacks
//! of the scenarios' previews and of a replay.

use std::collections::HashSet;

use axum::http::StatusCode;
use axum::Router;
use battaglie_rules::{Game, Position, Scenario, Side};
use serde_json::{json, Value};

use crate::support::{first_legal, legal_moves, post, run, send, send_raw, Backend, Server};

async fn get(app: &Router, uri: &str) -> Value {
    let (status, body) = send(app, "GET", uri, None).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    body
}

/// A hotseat game of `battle` after its first `plies` legal moves: id, token, state.
async fn hotseat_after(app: &Router, battle: &str, plies: usize) -> (String, String, Value) {
    let (status, created) = post(
        app,
        "/api/games",
        json!({"scenario": battle, "mode": "hotseat"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut state = created["state"].clone();
    for _ in 0..plies {
        let mv = first_legal(&state);
        let (status, next) = post(
            app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    (id, token, state)
}

/// The counts of a listed stack, F, M, V.
fn counts(stack: &Value) -> [u64; 3] {
    ["F", "M", "V"].map(|k| stack[k].as_u64().unwrap())
}

async fn the_state_lists_every_stack_with_its_side_and_counts(s: Server) {
    let (_, _, state) = hotseat_after(&s.app, "washita", 0).await;
    let stacks = state["stacks"].as_array().unwrap();
    // The start of the Washita: three Army Mounted in staging on rank 8, a Cheyenne
    // Foot and two Mounted on l8.
    let at = |square: &str| stacks.iter().find(|s| s["square"] == square).cloned();
    let staging = at("@8").expect("@8 is listed");
    assert_eq!(
        (staging["side"].as_str(), counts(&staging)),
        (Some("army"), [0, 3, 0])
    );
    let camp = at("l8").expect("l8 is listed");
    assert_eq!(
        (camp["side"].as_str(), counts(&camp)),
        (Some("indians"), [1, 2, 0])
    );
    // Exactly the occupied squares, each once, with every piece of each side.
    let scenario = Scenario::builtin("washita").unwrap();
    let pos = Position::from_bfen(&scenario, state["bfen"].as_str().unwrap()).unwrap();
    let squares: HashSet<&str> = stacks
        .iter()
        .map(|s| s["square"].as_str().unwrap())
        .collect();
    assert_eq!(squares.len(), stacks.len());
    let occupied = Side::ALL
        .iter()
        .map(|&side| pos.squares_of(side).count())
        .sum::<usize>();
    assert_eq!(stacks.len(), occupied);
    for side in Side::ALL {
        let mut total = [0u64; 3];
        for st in stacks.iter().filter(|st| st["side"] == side.word()) {
            let c = counts(st);
            assert!(c.iter().sum::<u64>() > 0, "{st}");
            (0..3).for_each(|k| total[k] += c[k]);
        }
        assert_eq!(total, scenario.forces(side).map(u64::from), "{side}");
    }
}

async fn the_state_groups_exactly_the_legal_moves_by_source(s: Server) {
    let (_, _, state) = hotseat_after(&s.app, "fetterman", 5).await;
    let scenario = Scenario::builtin("fetterman").unwrap();
    let pos = Position::from_bfen(&scenario, state["bfen"].as_str().unwrap()).unwrap();
    let listed = legal_moves(&state);
    let expected: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        listed.iter().collect::<HashSet<_>>(),
        expected.iter().collect::<HashSet<_>>()
    );
    assert_eq!(listed.len(), expected.len(), "no move twice");
    for group in state["legal"].as_array().unwrap() {
        let from = group["from"].as_str().unwrap();
        for mv in group["moves"].as_array().unwrap() {
            assert!(
                mv["notation"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{from}:")),
                "{mv}"
            );
            for arrival in mv["groups"].as_array().unwrap() {
                assert!(counts(arrival).iter().sum::<u64>() > 0, "{arrival}");
            }
        }
    }
    // Once over, nothing is legal.
    let (id, token, _) = hotseat_after(&s.app, "fetterman", 0).await;
    let (_, over) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(over["legal"], json!([]));
}

async fn plies_number_the_moves_played(s: Server) {
    let (id, token, mut state) = hotseat_after(&s.app, "apache-pass", 0).await;
    let mut played = Vec::new();
    for _ in 0..3 {
        let mv = first_legal(&state);
        let (status, next) = post(
            &s.app,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        played.push(json!(mv));
        state = next;
    }
    let plies = state["plies"].as_array().unwrap();
    let numbers: Vec<(u64, u64, &str, &str)> = plies
        .iter()
        .map(|p| {
            let n = |k: &str| p[k].as_u64().unwrap();
            (
                n("ply"),
                n("turn"),
                p["side"].as_str().unwrap(),
                p["label"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        numbers,
        [
            (1, 1, "army", "1."),
            (2, 1, "indians", "1..."),
            (3, 2, "army", "2.")
        ]
    );
    let notation: Vec<Value> = plies.iter().map(|p| p["notation"].clone()).collect();
    assert_eq!(notation, played);
}

async fn scenario_previews_and_replays_carry_their_stacks(s: Server) {
    for scenario in get(&s.app, "/api/scenarios").await.as_array().unwrap() {
        let id = scenario["id"].as_str().unwrap();
        let (_, _, start) = hotseat_after(&s.app, id, 0).await;
        assert_eq!(scenario["stacks"], start["stacks"], "{id}");
    }
    let (id, _, state) = hotseat_after(&s.app, "washita", 4).await;
    let replay = get(&s.app, &format!("/api/games/{id}/positions")).await;
    let stacks = replay["stacks"].as_array().unwrap();
    assert_eq!(stacks.len(), 5);
    assert_eq!(stacks.len(), replay["positions"].as_array().unwrap().len());
    assert_eq!(stacks[4], state["stacks"]);
}

/// The load target is thousands of moves a second, each pushed to every watcher:
/// the state at the start of a battle stays a few kilobytes.
async fn the_state_at_the_start_of_a_battle_stays_small(s: Server) {
    for battle in ["washita", "fetterman", "apache-pass"] {
        let (id, _, _) = hotseat_after(&s.app, battle, 0).await;
        let (_, text) = send_raw(&s.app, "GET", &format!("/api/games/{id}"), None).await;
        assert!(text.len() < STATE_BUDGET, "{battle}: {} bytes", text.len());
    }
}

/// The browser's offline edition builds its states from `battaglie_view::game_view`
/// in WebAssembly: every field it writes is the server's, at the start, along a
/// game, and once a side has resigned.
async fn the_offline_editions_state_fields_are_the_servers(s: Server) {
    for battle in ["washita", "fetterman", "apache-pass"] {
        for plies in [0, 1, 9] {
            let (id, token, mut state) = hotseat_after(&s.app, battle, plies).await;
            let scenario = Scenario::builtin(battle).unwrap();
            let mut game = Game::new(Position::start(&scenario));
            for ply in state["plies"].as_array().unwrap() {
                game.play_text(ply["notation"].as_str().unwrap()).unwrap();
            }
            if plies == 9 {
                let uri = format!("/api/games/{id}/resign");
                let (status, next) = post(&s.app, &uri, json!({ "token": token })).await;
                assert_eq!(status, StatusCode::OK, "{next}");
                state = next;
                game.resign(game.position().side_to_move()).unwrap();
            }
            let offline = serde_json::to_value(battaglie_view::game_view(&game)).unwrap();
            let fields = offline.as_object().unwrap();
            assert!(fields.contains_key("legal") && fields.contains_key("plies"));
            for (key, value) in fields {
                assert_eq!(&state[key], value, "{battle} after {plies} plies: {key}");
            }
        }
    }
}

/// About four times what the state was when it carried the legal moves as bare
/// notation and no stacks (0.9 to 1.1 kB at the start): 2.9 to 4.2 kB now.
const STATE_BUDGET: usize = 6 * 1024;

on_both_stores!(
    the_state_lists_every_stack_with_its_side_and_counts,
    the_state_groups_exactly_the_legal_moves_by_source,
    plies_number_the_moves_played,
    scenario_previews_and_replays_carry_their_stacks,
    the_state_at_the_start_of_a_battle_stays_small,
    the_offline_editions_state_fields_are_the_servers,
);
