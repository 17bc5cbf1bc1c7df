//! Presence (RULES.md, "Clocks and leaving"): each seat online, away or gone by the sockets
//! open on any node, the spectators counted, and a live game's player gone for
//! 60 s claimed against; on SQLite and PostgreSQL, and across two nodes on each
//! bus. The time is a fake clock shared by every node.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{Clock, FakeClock, Status, Timestamp};
use battaglie_server::game::Told;
use battaglie_server::presence::PresenceRepo;
use battaglie_server::{Seat, SocketStamp};
use serde_json::{json, Value};

use crate::support::cluster::{two_timed_nodes, Kind};
use crate::support::{
    first_legal, listen, next_presence, post, run, send, socket, Backend, Server, Socket, TestDb,
};

const T0: Timestamp = Timestamp(1_767_225_600_000);

/// An online Washita game with a live clock, its first move played (so that
/// the clock runs): (id, army token, indians token).
async fn live_game(app: &Router) -> (String, String, String) {
    let body = json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "10+5"});
    let (status, created) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let s = |k: &str| created[k].as_str().unwrap().to_string();
    let (id, army, indians) = (s("id"), s("token"), s("other_token"));
    let (_, state) = send(app, "GET", &format!("/api/games/{id}"), None).await;
    let mv = first_legal(&state);
    let (status, body) = post(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, army, indians)
}

async fn claim(app: &Router, id: &str, token: &str, kind: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/claim"),
        json!({"token": token, "kind": kind}),
    )
    .await
}

/// The presence messages on `ws` until one satisfies `done` (within ten seconds each).
async fn presence_until(ws: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = next_presence(ws).await;
        if done(&msg) {
            return msg;
        }
    }
}

async fn closed(mut ws: Socket) {
    ws.close(None).await.unwrap();
}

async fn a_live_player_gone_a_minute_may_be_claimed_against_and_not_before(db: TestDb) {
    let time = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, time.clone()).await;
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = live_game(&s.app).await;
    let ws = |t: &str| format!("/api/games/{id}/ws?token={t}");
    let mut army_ws = socket(addr, &ws(&army), None).await;
    let indians_ws = socket(addr, &ws(&indians), None).await;
    presence_until(&mut army_ws, |m| m["indians"]["status"] == "online").await;
    let (status, err) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(
        (status, &err["code"]),
        (StatusCode::CONFLICT, &json!("claim_opponent_present")),
        "{err}"
    );
    // The Indians close their page: away at once, with the time of the claim.
    time.advance(Duration::from_secs(5));
    closed(indians_ws).await;
    let away = presence_until(&mut army_ws, |m| m["indians"]["status"] == "away").await;
    let gone_at = time.now().millis();
    assert_eq!(away["indians"]["since"], gone_at, "{away}");
    assert_eq!(away["indians"]["claim_at"], gone_at + 60_000, "{away}");
    assert_eq!(away["army"]["status"], "online", "{away}");
    time.advance(Duration::from_secs(40));
    let (status, err) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(
        (status, &err["code"]),
        (StatusCode::CONFLICT, &json!("claim_too_early")),
        "{err}"
    );
    assert_eq!(err["params"]["seconds"], 20, "{err}");
    // A spectator may not claim.
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/claim"),
        json!({"kind": "win"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    time.advance(Duration::from_secs(20));
    let (status, body) = claim(&s.app, &id, &army, "win").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, end) = send(&s.app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        (&end["status"], &end["result"], &end["reason"]),
        (&json!("over"), &json!("army"), &json!("abandoned")),
        "{end}"
    );
}

async fn a_player_back_within_the_minute_cannot_be_claimed_against(db: TestDb) {
    let time = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, time.clone()).await;
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = live_game(&s.app).await;
    let ws = |t: &str| format!("/api/games/{id}/ws?token={t}");
    let mut army_ws = socket(addr, &ws(&army), None).await;
    let indians_ws = socket(addr, &ws(&indians), None).await;
    // Left at a time of its own: the away of a seat nobody joined yet, since
    // the game began, is not this one.
    time.advance(Duration::from_secs(5));
    closed(indians_ws).await;
    let left = time.now().millis();
    let away = presence_until(&mut army_ws, |m| m["indians"]["since"] == left).await;
    assert_eq!(away["indians"]["status"], "away", "{away}");
    time.advance(Duration::from_secs(50));
    let _back = socket(addr, &ws(&indians), None).await;
    let back = presence_until(&mut army_ws, |m| m["indians"]["status"] == "online").await;
    assert_eq!(back["indians"]["since"], Value::Null, "{back}");
    time.advance(Duration::from_secs(30));
    let (status, err) = claim(&s.app, &id, &army, "draw").await;
    assert_eq!(
        (status, &err["code"]),
        (StatusCode::CONFLICT, &json!("claim_opponent_present")),
        "{err}"
    );
}

/// A page greeted with the opponent online, between two tells of the game's
/// sockets (the opponent's opening told a moment later, or told by another node
/// not yet heard), hears that they left, though the seats are then again as the
/// other pages were last told.
async fn a_page_greeted_with_the_opponent_online_hears_when_they_leave(db: TestDb) {
    let time = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, time.clone()).await;
    let (id, _, _) = live_game(&s.app).await;
    let live = s.state.games.game_to_read(&id).await.unwrap();
    let presence = &s.state.presence;
    let mut told = live.subscribe_told();
    let (_, before) = presence.tell(&live).await.unwrap();
    assert_eq!(before.view.indians.status, Status::Waiting, "{before:?}");
    // The Indians open their page on another node, whose word is not yet in.
    let sockets = PresenceRepo::new(s.state.node.store().clone());
    // Renewed now by the wall clock, as every node renews its sockets.
    let wall = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let at = SocketStamp {
        node: "another",
        now: time.now().millis(),
        wall: i64::try_from(wall.as_millis()).unwrap(),
    };
    sockets
        .socket_opened("indians-page", &id, Seat::Indians, at)
        .await
        .unwrap();
    let (seen, greeting) = presence.greeting(&live).await.unwrap();
    assert_eq!(greeting.view.indians.status, Status::Online, "{greeting:?}");
    // They close it at once: the seats are as the other pages hold them.
    sockets
        .socket_closed("indians-page", time.now().millis())
        .await
        .unwrap();
    presence.tell(&live).await.unwrap();
    let mut heard = None;
    while let Ok(message) = told.try_recv() {
        if let Told::Presence(count, presence) = message {
            if count > seen {
                heard = Some(presence.view.indians.status);
            }
        }
    }
    let heard = heard.expect("a presence told after the greeting");
    assert_eq!(heard, Status::Away);
}

async fn spectators_are_counted_while_their_sockets_are_open(db: TestDb) {
    let time = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, time).await;
    let addr = listen(s.state.clone()).await;
    let (id, army, _) = live_game(&s.app).await;
    let mut army_ws = socket(addr, &format!("/api/games/{id}/ws?token={army}"), None).await;
    let watch = format!("/api/games/{id}/ws");
    let first = socket(addr, &watch, None).await;
    let mut second = socket(addr, &watch, None).await;
    presence_until(&mut army_ws, |m| m["spectators"] == 2).await;
    // A spectator's own socket is told the count too, and the seats' state.
    let seen = presence_until(&mut second, |m| m["spectators"] == 2).await;
    assert_eq!(seen["army"]["status"], "online", "{seen}");
    closed(first).await;
    presence_until(&mut army_ws, |m| m["spectators"] == 1).await;
}

async fn a_socket_opened_after_the_game_is_told_the_standing_rematch_offer(s: Server) {
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = live_game(&s.app).await;
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, offer) = post(
        &s.app,
        &format!("/api/games/{id}/rematch"),
        json!({"token": army, "action": "offer"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{offer}");
    // The Indians open the page only now: the offer comes with the state.
    let mut ws = socket(addr, &format!("/api/games/{id}/ws?token={indians}"), None).await;
    loop {
        let msg = crate::support::next_json(&mut ws).await;
        if msg["type"] == "rematch" {
            assert_eq!(
                (&msg["state"], &msg["by"]),
                (&json!("offered"), &json!("army")),
                "{msg}"
            );
            break;
        }
    }
}

/// The beat renews a node's open sockets and forgets rows no node renewed for a day.
async fn the_beat_renews_a_nodes_open_sockets_and_forgets_rows_long_unrenewed(s: Server) {
    let (id, _, _) = live_game(&s.app).await;
    let sockets = PresenceRepo::new(s.state.node.store().clone());
    let stamp = |node, now, wall| SocketStamp { node, now, wall };
    sockets
        .socket_opened("s1", &id, Seat::Army, stamp("n1", 1_000, 10_000))
        .await
        .unwrap();
    sockets
        .socket_opened("s2", &id, Seat::Indians, stamp("n2", 1_000, 10_000))
        .await
        .unwrap();
    sockets.socket_closed("s2", 2_000).await.unwrap();
    let renewed = sockets.beat(stamp("n1", 5_000, 50_000), 0).await.unwrap();
    assert_eq!(renewed, 1);
    let mut rows: Vec<_> = sockets
        .sockets_of(&id)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.seat, r.seen_at, r.beat_at, r.closed_at))
        .collect();
    rows.sort_by_key(|&(_, seen_at, ..)| std::cmp::Reverse(seen_at));
    assert_eq!(
        rows,
        [
            (Seat::Army, 5_000, 50_000, None),
            (Seat::Indians, 2_000, 10_000, Some(2_000))
        ]
    );
    sockets
        .beat(stamp("n1", 6_000, 60_000), 20_000)
        .await
        .unwrap();
    let rows = sockets.sockets_of(&id).await.unwrap();
    assert_eq!(
        rows.len(),
        1,
        "the row not renewed since wall 10,000 is forgotten"
    );
}

on_both_stores!(
    a_live_player_gone_a_minute_may_be_claimed_against_and_not_before,
    a_player_back_within_the_minute_cannot_be_claimed_against,
    a_page_greeted_with_the_opponent_online_hears_when_they_leave,
    spectators_are_counted_while_their_sockets_are_open,
    a_socket_opened_after_the_game_is_told_the_standing_rematch_offer,
    the_beat_renews_a_nodes_open_sockets_and_forgets_rows_long_unrenewed,
);

/// On two nodes, once per bus (a module of its own: the stores' macro names
/// its halves as the buses' does).
mod two_nodes {
    use super::*;

    /// Two nodes: a player leaving through node B is seen away on node A's socket
    /// (over the bus), and claimed against through A a minute later.
    async fn a_player_gone_from_one_node_is_claimed_against_through_another(kind: Kind) {
        let time = Arc::new(FakeClock::new(T0));
        let (_db, a, b) = two_timed_nodes(kind, time.clone()).await;
        let (id, army, indians) = live_game(&a.app).await;
        let path = |t: &str| format!("/api/games/{id}/ws?token={t}");
        let mut army_on_a = socket(a.addr, &path(&army), None).await;
        let indians_on_b = socket(b.addr, &path(&indians), None).await;
        let mut watching_b = socket(b.addr, &format!("/api/games/{id}/ws"), None).await;
        presence_until(&mut army_on_a, |m| {
            m["indians"]["status"] == "online" && m["spectators"] == 1
        })
        .await;
        presence_until(&mut watching_b, |m| m["army"]["status"] == "online").await;
        closed(indians_on_b).await;
        presence_until(&mut army_on_a, |m| m["indians"]["status"] == "away").await;
        time.advance(Duration::from_secs(61));
        let (status, body) = claim(&a.app, &id, &army, "win").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, end) = send(&b.app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(
            (&end["result"], &end["reason"]),
            (&json!("army"), &json!("abandoned")),
            "{end}"
        );
    }

    on_both_buses!(a_player_gone_from_one_node_is_claimed_against_through_another);
}
