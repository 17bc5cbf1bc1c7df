//! A change lists only the plies after those its reader holds (`plies_from`,
//! `base_version`), so that the messages of a long game do not grow with every
//! move: pushed to the sockets, and answered to a request that names its
//! version with `?since=`.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

use battaglie_server::{app_with, AppState, HttpSettings};

use crate::support::{
    first_legal, listen, next_json, online_game, post, run, send, send_raw, socket, Backend, TestDb,
};

/// A node over `db` without rate limits: these tests play stretches of a battle
/// in a burst (the limits have their own tests, `hardening.rs`).
async fn node(db: &TestDb) -> (AppState, Router) {
    let state = AppState::new(db.open().await);
    let settings = HttpSettings::unlimited();
    (state.clone(), app_with(state, &settings))
}

/// A hotseat Washita game: id, token, state.
async fn hotseat(app: &Router) -> (String, String, Value) {
    let (status, created) = post(
        app,
        "/api/games",
        json!({"scenario": "washita", "mode": "hotseat"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let s = |k: &str| created[k].as_str().unwrap().to_string();
    (s("id"), s("token"), created["state"].clone())
}

/// Plays the first legal move of `state`, naming the version held when `since`.
async fn play_first(app: &Router, id: &str, token: &str, state: &Value, since: bool) -> Value {
    let query = if since {
        format!("?since={}", state["version"])
    } else {
        String::new()
    };
    let (status, next) = post(
        app,
        &format!("/api/games/{id}/moves{query}"),
        json!({"token": token, "move": first_legal(state)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    next
}

fn plies(state: &Value) -> &Vec<Value> {
    state["plies"].as_array().unwrap()
}

async fn a_socket_is_pushed_only_the_plies_after_those_it_holds(db: TestDb) {
    let (state, app) = node(&db).await;
    let addr = listen(state).await;
    let (id, token, mut state) = hotseat(&app).await;
    for _ in 0..6 {
        state = play_first(&app, &id, &token, &state, false).await;
    }
    // The socket's first state (read by `socket`) is whole, at the last version.
    let mut ws = socket(addr, &format!("/api/games/{id}/ws?token={token}"), None).await;
    let after = play_first(&app, &id, &token, &state, false).await;
    let pushed = next_json(&mut ws).await;
    assert_eq!(pushed["base_version"], state["version"], "{pushed}");
    assert_eq!(pushed["plies_from"], 6, "{pushed}");
    assert_eq!(plies(&pushed).as_slice(), &plies(&after)[6..]);
    assert_eq!(pushed["ply"], 7);
    // A take-back keeps six plies and lists none.
    let (status, undone) = post(
        &app,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    let pushed_undo = next_json(&mut ws).await;
    assert_eq!(
        (
            &pushed_undo["base_version"],
            &pushed_undo["plies_from"],
            &pushed_undo["plies"]
        ),
        (&pushed["version"], &json!(6), &json!([])),
        "{pushed_undo}"
    );
    assert_eq!(plies(&undone).len(), 6, "an answer without since is whole");
}

async fn an_answer_to_since_lists_only_the_new_plies_and_otherwise_every_ply(db: TestDb) {
    let (_, app) = node(&db).await;
    let (id, token, mut state) = hotseat(&app).await;
    for _ in 0..4 {
        state = play_first(&app, &id, &token, &state, false).await;
    }
    let held = state.clone();
    let answer = play_first(&app, &id, &token, &held, true).await;
    assert_eq!(
        (&answer["plies_from"], &answer["base_version"]),
        (&json!(4), &held["version"]),
        "{answer}"
    );
    assert_eq!(plies(&answer).len(), 1);
    assert_eq!(plies(&answer)[0]["notation"], answer["last_move"]);
    // A version that is not the one the last change applies to: every ply.
    let stale = json!({"version": 1, "legal": answer["legal"]});
    let whole = play_first(&app, &id, &token, &stale, true).await;
    assert_eq!(
        (
            &whole["plies_from"],
            &whole["base_version"],
            plies(&whole).len()
        ),
        (&json!(0), &Value::Null, 6),
        "{whole}"
    );
    // A reader polling with the version before the last change gets that change.
    let (status, polled) = send(
        &app,
        "GET",
        &format!("/api/games/{id}?since={}", answer["version"]),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{polled}");
    assert_eq!(
        (&polled["plies_from"], plies(&polled).len()),
        (&json!(5), 1)
    );
    // A version that is not a number is refused, saying where.
    let (status, err) = send(&app, "GET", &format!("/api/games/{id}?since=soon"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert!(err["error"].as_str().unwrap().contains("since"), "{err}");
}

/// Thousands of moves a second are pushed to every watcher: at ply 100 of a
/// battle a change stays as small as the state at the start, while the whole
/// state has grown by every ply.
async fn a_change_late_in_a_battle_stays_as_small_as_at_the_start(db: TestDb) {
    let (_, app) = node(&db).await;
    let (id, token, mut state) = hotseat(&app).await;
    for _ in 0..99 {
        state = play_first(&app, &id, &token, &state, false).await;
        assert_eq!(state["status"], "ongoing");
    }
    let uri = format!("/api/games/{id}/moves?since={}", state["version"]);
    let body = json!({"token": token, "move": first_legal(&state)}).to_string();
    let (status, change) = send_raw(&app, "POST", &uri, Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{change}");
    let (_, whole) = send_raw(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert!(change.len() < CHANGE_BUDGET, "{} bytes", change.len());
    assert!(
        whole.len() > change.len() + 100 * 40,
        "the whole state lists the 100 plies: {} bytes against {}",
        whole.len(),
        change.len()
    );
}

/// A mover who names the version it saw and is refused because the game moved
/// on since is told so (409 `superseded`, with the state), not that it erred.
async fn a_move_refused_after_the_game_moved_on_from_its_version_is_superseded(db: TestDb) {
    let (_, app) = node(&db).await;
    let (id, token, start) = hotseat(&app).await;
    let first = first_legal(&start);
    let played = play_first(&app, &id, &token, &start, true).await;
    let again = |since: &Value| {
        let uri = format!("/api/games/{id}/moves?since={since}");
        let body = json!({"token": token, "move": first});
        let app = app.clone();
        async move { post(&app, &uri, body).await }
    };
    let (status, late) = again(&start["version"]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{late}");
    assert_eq!(late["code"], "superseded", "{late}");
    assert_eq!(late["state"]["last_move"], json!(first), "{late}");
    // Named at the version it is refused at, the same move is simply illegal.
    let (status, wrong) = again(&played["version"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
}

/// A socket opened with `?legal=mine` is sent the legal moves only in the
/// states its seat is to move in; others, and every state of a socket without
/// it, list them as before.
async fn a_socket_asking_for_its_own_legal_moves_gets_them_only_on_its_turn(db: TestDb) {
    let (state, app) = node(&db).await;
    let addr = listen(state).await;
    let (id, army, indians) = online_game(&app).await;
    let open = |token: &str, legal: &str| {
        let url = format!("ws://{addr}/api/games/{id}/ws?token={token}{legal}");
        async move { tokio_tungstenite::connect_async(url).await.unwrap().0 }
    };
    let (mut army_mine, mut indians_mine) = (
        open(&army, "&legal=mine").await,
        open(&indians, "&legal=mine").await,
    );
    let mut indians_all = open(&indians, "").await;
    let listed = |state: &Value| !state["legal"].as_array().unwrap().is_empty();
    // The first states: the Army is to move.
    let army_first = next_json(&mut army_mine).await;
    assert!(
        listed(&army_first),
        "the Army's own turn lists its moves: {army_first}"
    );
    let first = next_json(&mut indians_mine).await;
    assert!(!listed(&first), "{first}");
    assert_eq!(
        (&first["to_move"], &first["ply"]),
        (&json!("army"), &json!(0))
    );
    assert!(listed(&next_json(&mut indians_all).await));
    let (status, after) = post(
        &app,
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": first_legal(&army_first)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert!(listed(&after), "an HTTP answer lists them whoever asks");
    let acknowledged = next_json(&mut army_mine).await;
    assert_eq!(acknowledged["ply"], 1);
    assert!(!listed(&acknowledged), "{acknowledged}");
    assert_eq!(
        acknowledged["clock"], after["clock"],
        "the fields after the moves stay"
    );
    let told = next_json(&mut indians_mine).await;
    assert_eq!(
        told["legal"], after["legal"],
        "the Indians' turn lists their moves"
    );
    assert_eq!(next_json(&mut indians_all).await["legal"], after["legal"]);
    // Any other word is refused before the socket opens.
    let refused = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/api/games/{id}/ws?token={army}&legal=some"
    ))
    .await;
    assert!(refused.is_err(), "an unknown legal= is refused");
}

/// What the start state is held to (`state.rs`): a change carries one ply more.
const CHANGE_BUDGET: usize = 6 * 1024;

on_both_stores!(
    a_socket_is_pushed_only_the_plies_after_those_it_holds,
    an_answer_to_since_lists_only_the_new_plies_and_otherwise_every_ply,
    a_change_late_in_a_battle_stays_as_small_as_at_the_start,
    a_move_refused_after_the_game_moved_on_from_its_version_is_superseded,
    a_socket_asking_for_its_own_legal_moves_gets_them_only_on_its_turn,
);
