//! A game's actions other than moves under a hostile client: toggling a
//! take-back, draw or rematch offer, chatting and muting are refused 429 with
//! `Retry-After` past a seat's (or account's) allowance and past an address's,
//! and spectators are pushed the latest state a few times a second, not every
//! flicker.

use std::time::Instant;

use axum::http::StatusCode;
use axum::Router;
use battaglie_server::{app_with, HttpSettings};
use serde_json::{json, Value};

use crate::support::client::{Answer, Browser};
use crate::support::{
    first_legal, listen, next_json, online_game, post, send, socket, Backend, Server,
};

/// Plays the first legal move for the holder of `token`.
async fn play_first(app: &Router, id: &str, token: &str) {
    let (_, state) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    let mv = first_legal(&state);
    let (status, after) = post(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
}

/// One request a test repeats: who sends it, where, and what.
struct Step {
    from: Browser,
    path: String,
    body: Value,
}

fn step(from: &Browser, path: &str, body: Value) -> Step {
    Step {
        from: from.clone(),
        path: path.to_string(),
        body,
    }
}

/// Sends `steps` in turn, round after round, until one is refused (at most
/// `most` requests): how many were done, and the refusal.
async fn until_refused(app: &Router, steps: &mut [Step], most: usize) -> (usize, Answer) {
    let count = steps.len();
    for i in 0..most {
        let s = &mut steps[i % count];
        let a = s
            .from
            .send(app, "POST", &s.path, Some(s.body.clone()))
            .await;
        match a.status {
            StatusCode::OK | StatusCode::CREATED => {}
            StatusCode::TOO_MANY_REQUESTS => return (i, a),
            other => panic!("{} {}: {other} {}", s.path, s.body, a.body),
        }
    }
    panic!("{most} requests and none refused");
}

fn assert_rate_limited(a: &Answer) {
    assert_eq!(a.body["code"], "rate_limited", "{}", a.body);
    let seconds = a.body["params"]["seconds"].as_u64().unwrap();
    assert!(seconds >= 1);
    assert_eq!(a.retry_after, Some(seconds.to_string()));
}

#[tokio::test]
async fn a_seat_toggling_its_takeback_offer_is_refused_429_past_its_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let (id, army, indians) = online_game(&s.app).await;
    play_first(&s.app, &id, &army).await;
    play_first(&s.app, &id, &indians).await;
    let path = format!("/api/games/{id}/takeback");
    let player = Browser::at("10.1.0.1");
    let mut toggle = [
        step(&player, &path, json!({"token": army, "action": "offer"})),
        step(&player, &path, json!({"token": army, "action": "withdraw"})),
    ];
    let (done, refused) = until_refused(&s.app, &mut toggle, 1000).await;
    assert!(done <= 10, "{done} changes stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn draw_offers_and_their_answers_are_refused_429_past_a_seats_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let (id, army, indians) = online_game(&s.app).await;
    let path = format!("/api/games/{id}/draw");
    let mut toggle = [
        step(
            &Browser::at("10.1.0.2"),
            &path,
            json!({"token": army, "action": "offer"}),
        ),
        step(
            &Browser::at("10.1.0.3"),
            &path,
            json!({"token": indians, "action": "decline"}),
        ),
    ];
    let (done, refused) = until_refused(&s.app, &mut toggle, 1000).await;
    assert!(done <= 20, "{done} changes stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn a_seat_toggling_its_rematch_offer_is_refused_429_past_its_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let (id, army, _) = online_game(&s.app).await;
    let (status, body) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = format!("/api/games/{id}/rematch");
    let player = Browser::at("10.1.0.4");
    let mut toggle = [
        step(&player, &path, json!({"token": army, "action": "offer"})),
        step(&player, &path, json!({"token": army, "action": "cancel"})),
    ];
    let (done, refused) = until_refused(&s.app, &mut toggle, 1000).await;
    assert!(done <= 10, "{done} changes stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn one_address_acting_through_many_seats_is_refused_429_past_its_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let attacker = Browser::at("10.1.0.5");
    let mut steps = Vec::new();
    for _ in 0..8 {
        let (id, army, _) = online_game(&s.app).await;
        let path = format!("/api/games/{id}/draw");
        steps.push(step(
            &attacker,
            &path,
            json!({"token": army, "action": "offer"}),
        ));
    }
    // Eight seats' allowances are 80 offers; the address's is less.
    let (done, refused) = until_refused(&s.app, &mut steps, 1000).await;
    assert!(done <= 30, "{done} offers stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn one_address_chatting_through_many_seats_is_refused_429_past_its_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let attacker = Browser::at("10.1.0.6");
    let mut steps = Vec::new();
    for _ in 0..8 {
        let (id, army, _) = online_game(&s.app).await;
        let path = format!("/api/games/{id}/chat");
        steps.push(step(&attacker, &path, json!({"token": army, "text": "hi"})));
    }
    // Each seat may write 5 at once: 40 messages, more than the address may.
    let (done, refused) = until_refused(&s.app, &mut steps, 1000).await;
    assert!(done <= 30, "{done} messages stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn an_account_toggling_a_mute_is_refused_429_past_its_allowance() {
    let s = Server::new(Backend::Sqlite).await;
    let (id, _, _) = online_game(&s.app).await;
    let mut watcher = Browser::at("10.1.0.7");
    watcher
        .register(&s.app, "Mute_Toggler", "seventh cavalry 1868")
        .await;
    let path = format!("/api/games/{id}/chat/mute");
    let mut toggle = [
        step(&watcher, &path, json!({"author": "army", "muted": true})),
        step(&watcher, &path, json!({"author": "army", "muted": false})),
    ];
    let (done, refused) = until_refused(&s.app, &mut toggle, 1000).await;
    assert!(done <= 10, "{done} mutes stored");
    assert_rate_limited(&refused);
}

#[tokio::test]
async fn spectators_are_pushed_the_latest_state_not_every_flicker() {
    let s = Server::new(Backend::Sqlite).await;
    // Limits off for the seat, so that only the pushes are measured.
    let unlimited = app_with(s.state.clone(), &HttpSettings::unlimited());
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = online_game(&unlimited).await;
    play_first(&unlimited, &id, &army).await;
    play_first(&unlimited, &id, &indians).await;
    let mut spectator = socket(addr, &format!("/api/games/{id}/ws"), None).await;
    let path = format!("/api/games/{id}/takeback");
    let flickers = 40;
    let started = Instant::now();
    let mut last = Value::Null;
    for i in 0..flickers {
        let action = if i % 2 == 0 { "offer" } else { "withdraw" };
        let (status, state) =
            post(&unlimited, &path, json!({"token": army, "action": action})).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        last = state;
    }
    let took = started.elapsed();
    let version = last["version"].as_u64().unwrap();
    let mut pushed = 0u128;
    loop {
        let msg = next_json(&mut spectator).await;
        if msg["type"] != "state" {
            continue;
        }
        pushed += 1;
        if msg["version"].as_u64().unwrap() >= version {
            assert_eq!(msg["takeback_offer"], last["takeback_offer"], "{msg}");
            break;
        }
    }
    // At most one state per quarter second of flickering, and the last one.
    let most = 2 + took.as_millis() / 250;
    assert!(
        pushed <= most,
        "{pushed} states pushed for {flickers} changes in {took:?}"
    );
}
