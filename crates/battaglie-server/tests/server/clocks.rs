//! Clocks kept by the server (RULES.md, "Clocks and leaving"), on SQLite and (with
//! `BATTAGLIE_TEST_POSTGRES`) PostgreSQL, under a fake time source shared by
//! every node: the flag falling by itself (a win, or a draw when the opponent can
//! never win), the increment, moves after the flag, correspondence claims, and a
//! site restarted mid-game giving the time it was down back to the clocks.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{Clock, FakeClock, GameClock, TimeControl, Timestamp};
use battaglie_rules::Side;
use serde_json::{json, Value};

use crate::support::wait::until;
use crate::support::{run, send, Backend, Server, TestDb};

const T0: Timestamp = Timestamp(1_767_225_600_000);

fn fake() -> Arc<FakeClock> {
    Arc::new(FakeClock::new(T0))
}

/// Creates an online Washita game with `clock`: (id, army token, indians token).
async fn clocked_game(app: &Router, clock: &str) -> (String, String, String) {
    let body = json!({"scenario": "washita", "mode": "online", "side": "army", "clock": clock});
    let (status, created) = send(app, "POST", "/api/games", Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let s = |k: &str| created[k].as_str().unwrap().to_string();
    (s("id"), s("token"), s("other_token"))
}

async fn state(app: &Router, id: &str) -> Value {
    let (status, body) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Plays the first legal move with `token`: the status and the answer.
async fn play_first(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    let mv = crate::support::first_legal(&state(app, id).await);
    let body = json!({"token": token, "move": mv}).to_string();
    send(app, "POST", &format!("/api/games/{id}/moves"), Some(body)).await
}

async fn claim(app: &Router, id: &str, token: &str, kind: &str) -> (StatusCode, Value) {
    let body = json!({"token": token, "kind": kind}).to_string();
    send(app, "POST", &format!("/api/games/{id}/claim"), Some(body)).await
}

/// The game's state once the flag timer (polling the store) has ended it; a
/// minute without that fails the test rather than hanging it.
async fn over(app: &Router, id: &str) -> Value {
    until(Duration::from_secs(60), async || {
        let s = state(app, id).await;
        if s["status"] == "over" {
            Ok(s)
        } else {
            Err(s)
        }
    })
    .await
    .unwrap_or_else(|s| panic!("never over: {s}"))
}

async fn running_out_of_time_loses_and_the_flag_falls_by_itself(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, indians) = clocked_game(&s.app, "1+0").await;
    let st = state(&s.app, &id).await;
    assert_eq!(st["clock"]["control"], "1+0");
    assert_eq!(st["clock"]["kind"], "live");
    assert_eq!(
        st["clock"]["state"], "ready",
        "no time runs before the first move"
    );
    // The first move starts the clock, untimed; then the Indians' minute runs.
    time.advance(Duration::from_secs(30));
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    let st = state(&s.app, &id).await;
    assert_eq!(st["clock"]["running"], "indians");
    assert_eq!(st["clock"]["army_ms"], 60_000);
    time.advance(Duration::from_secs(59));
    // A reader who comes later sees the time left now, not at the last move.
    let st = state(&s.app, &id).await;
    assert_eq!(st["clock"]["indians_ms"], 1_000);
    assert_eq!(st["clock"]["at"], time.now().millis());
    time.advance(Duration::from_secs(2));
    let end = over(&s.app, &id).await;
    assert_eq!(
        (&end["result"], &end["reason"]),
        (&json!("army"), &json!("time"))
    );
    assert_eq!(end["clock"]["state"], "stopped");
    assert_eq!(end["clock"]["indians_ms"], 0);
    // The record names the reason.
    let (_, record) = send(&s.app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(record["reason"], "time", "{record}");
    // A move after the end is refused.
    let body = json!({"token": indians, "move": "pass"}).to_string();
    let (status, body) = send(
        &s.app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(body),
    )
    .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("game_over")),
        "{body}"
    );
}

async fn a_move_after_the_flag_is_refused_and_ends_the_game_on_time(db: TestDb) {
    // A node whose flag timer has not run yet: the late move itself shows the flag.
    let time = fake();
    let state_ = battaglie_server::AppState::with_time(
        db.open().await,
        Default::default(),
        Default::default(),
        time.clone(),
    );
    let app = battaglie_server::app(state_);
    let (id, army, indians) = clocked_game(&app, "1+0").await;
    assert_eq!(play_first(&app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(61));
    let (status, body) = play_first(&app, &id, &indians).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "out_of_time", "{body}");
    assert_eq!(body["params"]["side"], "indians");
    let st = state(&app, &id).await;
    assert_eq!(
        (&st["result"], &st["reason"]),
        (&json!("army"), &json!("time"))
    );
}

async fn running_out_against_an_opponent_who_can_never_win_draws(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    // Indians to move with a horseman, against Army foot that can never take it.
    let mut clock = GameClock::new(TimeControl::live(1, 0).unwrap(), Side::Indians);
    clock.start(time.now()).unwrap();
    let id = "00000000000c10c1".to_string();
    let row = battaglie_server::GameRow {
        id: id.clone(),
        scenario: "washita".into(),
        mode: battaglie_server::Mode::Online,
        computer_side: None,
        computer_level: None,
        army_token: Some("a".repeat(32)),
        indians_token: Some("b".repeat(32)),
        start: Some("|12/|12/|12/|12/|2F9/|12/|6m5/|12 I 0 1".into()),
        draw_offer: None,
        takeback_offer: None,
        outcome: None,
        created_at: 0,
        updated_at: 0,
        revision: 0,
        clock: Some(clock),
        aborted_at: None,
    };
    s.state.games.repo().insert_game(&row, &[]).await.unwrap();
    time.advance(Duration::from_secs(61));
    let end = over(&s.app, &id).await;
    assert_eq!(
        (&end["result"], &end["reason"]),
        (&json!("draw"), &json!("time"))
    );
}

async fn each_move_adds_the_increment_to_the_mover(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, indians) = clocked_game(&s.app, "1+5").await;
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(10));
    let (status, st) = play_first(&s.app, &id, &indians).await;
    assert_eq!(status, StatusCode::OK, "{st}");
    assert_eq!(st["clock"]["indians_ms"], 60_000 - 10_000 + 5_000);
    assert_eq!(st["clock"]["running"], "army");
    time.advance(Duration::from_secs(3));
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    let st = state(&s.app, &id).await;
    // The first move was untimed (+5 s), the second took 3 s (+5 s).
    assert_eq!(st["clock"]["army_ms"], 65_000 - 3_000 + 5_000);
}

async fn a_correspondence_game_past_its_time_may_be_claimed_and_not_before(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, indians) = clocked_game(&s.app, "1d+0h").await;
    assert_eq!(state(&s.app, &id).await["clock"]["kind"], "correspondence");
    // Nothing to claim before the clock runs.
    let (status, body) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("nothing_to_claim"))
    );
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(3_600));
    let (status, body) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("claim_too_early"))
    );
    assert_eq!(body["params"]["seconds"], 86_400 - 3_600);
    let (_, body) = claim(&s.app, &id, &indians, "win").await;
    assert_eq!(body["code"], "claim_your_turn", "{body}");
    let (status, body) = claim(&s.app, &id, "", "win").await;
    assert_ne!(status, StatusCode::OK, "{body}");
    // A day later the flag has not ended the game (correspondence): the flag
    // timer's look at the clocks, once the day has passed, leaves it going...
    time.advance(Duration::from_secs(86_400));
    s.state.games.end_fallen_flags().await;
    assert_eq!(state(&s.app, &id).await["status"], "ongoing");
    // ...but the Army may claim it.
    let (status, st) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(status, StatusCode::OK, "{st}");
    assert_eq!(
        (&st["result"], &st["reason"]),
        (&json!("army"), &json!("abandoned"))
    );
    let (_, again) = claim(&s.app, &id, &army, "draw").await;
    assert_eq!(again["code"], "game_over", "{again}");
}

async fn a_claimed_draw_is_a_draw_by_abandonment(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, _) = clocked_game(&s.app, "1d+0h").await;
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(86_401));
    let (status, st) = claim(&s.app, &id, &army, "draw").await;
    assert_eq!(status, StatusCode::OK, "{st}");
    assert_eq!(
        (&st["result"], &st["reason"]),
        (&json!("draw"), &json!("abandoned"))
    );
}

async fn a_site_restarted_mid_game_gives_the_downtime_back(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, indians) = clocked_game(&s.app, "5+0").await;
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(20));
    assert_eq!(play_first(&s.app, &id, &indians).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(10));
    // The only node stops, ten seconds into the Army's turn; thirty seconds
    // later it is back (or another one is) and reads the game.
    s.state.node.shut_down();
    s.state.games.leave_site().await;
    time.advance(Duration::from_secs(30));
    let (_, other) = s.timed_node(time.clone()).await;
    let st = state(&other, &id).await;
    assert_eq!(st["clock"]["running"], "army");
    assert_eq!(
        st["clock"]["army_ms"],
        300_000 - 10_000,
        "the Army's thirty seconds without a server are given back: {st}"
    );
    assert_eq!(st["clock"]["indians_ms"], 300_000 - 20_000);
    assert_eq!(st["clock"]["at"], time.now().millis());
    time.advance(Duration::from_secs(5));
    assert_eq!(play_first(&other, &id, &army).await.0, StatusCode::OK);
    let st = state(&other, &id).await;
    assert_eq!(st["clock"]["army_ms"], 300_000 - 15_000);
    assert_eq!(st["clock"]["running"], "indians");
}

async fn a_game_whose_flag_fell_during_an_outage_goes_on(db: TestDb) {
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, _) = clocked_game(&s.app, "1+0").await;
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    time.advance(Duration::from_secs(50));
    s.state.node.shut_down();
    s.state.games.leave_site().await;
    // Down for two minutes: the Indians' minute would have run out twice over.
    time.advance(Duration::from_secs(120));
    let (restarted, other) = s.timed_node(time.clone()).await;
    let st = state(&other, &id).await;
    assert_eq!(st["status"], "ongoing", "{st}");
    assert_eq!(st["clock"]["indians_ms"], 10_000, "{st}");
    // The flag timer watches the new deadline: ten seconds on, the flag falls.
    time.advance(Duration::from_secs(11));
    let end = over(&other, &id).await;
    assert_eq!(
        (&end["result"], &end["reason"]),
        (&json!("army"), &json!("time"))
    );
    restarted.node.shut_down();
}

/// (PostgreSQL: a SQLite file belongs to one node.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
async fn a_node_of_several_stopping_is_no_outage() {
    let db = TestDb::new(Backend::Postgres).await;
    let time = fake();
    let s = Server::timed(db, time.clone()).await;
    let (id, army, _) = clocked_game(&s.app, "5+0").await;
    let (second, other) = s.timed_node(time.clone()).await;
    assert_eq!(play_first(&s.app, &id, &army).await.0, StatusCode::OK);
    // The first node stops; the second serves on: its time is the Indians' time.
    s.state.node.shut_down();
    s.state.games.leave_site().await;
    time.advance(Duration::from_secs(30));
    let (third, on_third) = s.timed_node(time.clone()).await;
    let st = state(&on_third, &id).await;
    assert_eq!(st["clock"]["indians_ms"], 270_000, "{st}");
    let st = state(&other, &id).await;
    assert_eq!(st["clock"]["indians_ms"], 270_000, "{st}");
    second.node.shut_down();
    third.node.shut_down();
}

async fn a_clock_must_read_and_is_for_online_games(db: TestDb) {
    let s = Server::timed(db, fake()).await;
    for (body, code) in [
        (
            json!({"scenario": "washita", "mode": "online", "clock": "ten+3"}),
            "bad_clock",
        ),
        (
            json!({"scenario": "washita", "mode": "online", "clock": "0+3"}),
            "bad_clock",
        ),
        (
            json!({"scenario": "washita", "mode": "hotseat", "clock": "10+3"}),
            "clock_online_only",
        ),
    ] {
        let (status, answer) = send(&s.app, "POST", "/api/games", Some(body.to_string())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["code"], code, "{answer}");
    }
    let body = json!({"scenario": "washita", "mode": "online", "clock": "none"});
    let (status, created) = send(&s.app, "POST", "/api/games", Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED);
    let st = state(&s.app, created["id"].as_str().unwrap()).await;
    assert_eq!(st["clock"], Value::Null);
}

on_both_stores!(
    running_out_of_time_loses_and_the_flag_falls_by_itself,
    a_move_after_the_flag_is_refused_and_ends_the_game_on_time,
    running_out_against_an_opponent_who_can_never_win_draws,
    each_move_adds_the_increment_to_the_mover,
    a_correspondence_game_past_its_time_may_be_claimed_and_not_before,
    a_claimed_draw_is_a_draw_by_abandonment,
    a_site_restarted_mid_game_gives_the_downtime_back,
    a_game_whose_flag_fell_during_an_outage_goes_on,
    a_clock_must_read_and_is_for_online_games,
);
