//! The lobby over the real router, on SQLite and (with `BATTAGLIE_TEST_POSTGRES`)
//! PostgreSQL: challenges posted, listed, accepted, cancelled and declined;
//! direct challenges seen only by the two players; one acceptance of two
//! racing; lapsed challenges gone; "play anyone" pairing; the started game's
//! seats opened by the two players' cookies only; and the live list on a
//! WebSocket, on one node and across two (with `BATTAGLIE_TEST_NATS`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{FakeClock, Timestamp, LIVE_CHALLENGE_LIFETIME};
use battaglie_server::{app, serve_on, AppState, BusLocation, HttpSettings, MemoryLimits};
use serde_json::{json, Value};

use crate::support::client::{code, Browser};
use crate::support::{next_json, run, service, socket, Backend, Server, Socket, TestDb, NATS_ENV};

const PASSWORD: &str = "powder river 1866";

async fn player(app: &Router, name: &str, address: &str) -> Browser {
    let mut b = Browser::at(address);
    b.register(app, name, PASSWORD).await;
    b
}

async fn post(app: &Router, who: &mut Browser, body: Value) -> Value {
    let a = who.send(app, "POST", "/api/challenges", Some(body)).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body
}

async fn lobby(app: &Router, who: &mut Browser) -> Vec<Value> {
    let a = who.send(app, "GET", "/api/lobby", None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["challenges"].as_array().unwrap().clone()
}

fn ids(list: &[Value]) -> Vec<&str> {
    list.iter().map(|c| c["id"].as_str().unwrap()).collect()
}

/// The side the cookie of `who` opens in `game` (`None`: a spectator).
async fn seat_of(app: &Router, who: &mut Browser, game: &str) -> Option<String> {
    let view = who
        .send(app, "GET", &format!("/api/games/{game}"), None)
        .await;
    assert_eq!(view.status, StatusCode::OK, "{}", view.body);
    view.body["you"].as_str().map(str::to_string)
}

async fn a_posted_challenge_is_listed_accepted_and_seats_both_players(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Lobby", "10.1.0.1").await;
    let mut bob = player(app, "Bob_Lobby", "10.1.0.2").await;
    let mut eve = player(app, "Eve_Lobby", "10.1.0.3").await;
    let posted = post(
        app,
        &mut ann,
        json!({"battle": "washita", "side": "indians", "control": "20+5", "rated": true}),
    )
    .await;
    assert_eq!(posted["control"], "20+5");
    assert_eq!(posted["rated"], true);
    assert_eq!(posted["mine"], true);
    let id = posted["id"].as_str().unwrap().to_string();

    let seen = lobby(app, &mut bob).await;
    assert_eq!(ids(&seen), [id.as_str()]);
    let c = &seen[0];
    assert_eq!(
        (&c["battle"], &c["side"], &c["from"], &c["live"], &c["mine"]),
        (
            &json!("washita"),
            &json!("indians"),
            &json!("Ann_Lobby"),
            &json!(true),
            &json!(false)
        )
    );

    let accepted = bob
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.body);
    assert_eq!(
        accepted.body["side"], "army",
        "the challenger asked for the Indians"
    );
    let game = accepted.body["id"].as_str().unwrap().to_string();
    let token = accepted.body["token"].as_str().unwrap();
    assert_eq!(
        accepted.body["url"],
        format!("/game/{game}#token={token}").as_str()
    );
    assert!(
        lobby(app, &mut eve).await.is_empty(),
        "an accepted challenge leaves the list"
    );

    // The challenger finds the game among their games, on the side asked for.
    let me = ann.me(app).await;
    assert_eq!(me.body["games"][0]["id"], game.as_str());
    assert_eq!(me.body["games"][0]["seat"], "indians");
    assert_eq!(me.body["games"][0]["mode"], "online");
    // Each cookie opens its player's seat; a third player's opens none.
    assert_eq!(
        seat_of(app, &mut ann, &game).await.as_deref(),
        Some("indians")
    );
    assert_eq!(seat_of(app, &mut bob, &game).await.as_deref(), Some("army"));
    assert_eq!(seat_of(app, &mut eve, &game).await, None);
    // A second acceptance of the same challenge is refused, saying why.
    let again = eve
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(
        (again.status, code(&again)),
        (StatusCode::CONFLICT, "challenge_taken")
    );
}

async fn only_the_challenger_cancels_and_nobody_accepts_their_own(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Cancel", "10.2.0.1").await;
    let mut bob = player(app, "Bob_Cancel", "10.2.0.2").await;
    let id = post(app, &mut ann, json!({"battle": "fetterman"})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let own = ann
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(
        (own.status, code(&own)),
        (StatusCode::CONFLICT, "own_challenge")
    );
    let theirs = bob
        .send(app, "DELETE", &format!("/api/challenges/{id}"), None)
        .await;
    assert_eq!(
        (theirs.status, code(&theirs)),
        (StatusCode::FORBIDDEN, "not_your_challenge")
    );
    let mine = ann
        .send(app, "DELETE", &format!("/api/challenges/{id}"), None)
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
    assert!(lobby(app, &mut bob).await.is_empty());
    let late = bob
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(
        (late.status, code(&late)),
        (StatusCode::CONFLICT, "challenge_closed")
    );
    let unknown = bob
        .send(app, "POST", "/api/challenges/0000000000000000/accept", None)
        .await;
    assert_eq!(
        (unknown.status, code(&unknown)),
        (StatusCode::NOT_FOUND, "challenge_not_found")
    );
}

async fn a_direct_challenge_is_seen_accepted_and_declined_only_by_the_two(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Direct", "10.3.0.1").await;
    let mut bob = player(app, "Bob_Direct", "10.3.0.2").await;
    let mut eve = player(app, "Eve_Direct", "10.3.0.3").await;
    let id = post(
        app,
        &mut ann,
        json!({"battle": "washita", "side": "army", "to": "bob_direct"}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        lobby(app, &mut eve).await.is_empty(),
        "a third player sees nothing"
    );
    let mut guest = Browser::at("10.3.0.9");
    assert!(lobby(app, &mut guest).await.is_empty());
    let to_bob = lobby(app, &mut bob).await;
    assert_eq!(ids(&to_bob), [id.as_str()]);
    assert_eq!(to_bob[0]["incoming"], true);
    assert_eq!(to_bob[0]["to"], "Bob_Direct");
    assert_eq!(lobby(app, &mut ann).await[0]["mine"], true);
    for action in ["accept", "decline"] {
        let a = eve
            .send(app, "POST", &format!("/api/challenges/{id}/{action}"), None)
            .await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::FORBIDDEN, "not_addressee"),
            "{action}"
        );
    }
    let declined = bob
        .send(app, "POST", &format!("/api/challenges/{id}/decline"), None)
        .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    assert!(lobby(app, &mut ann).await.is_empty());

    let nobody = ann
        .send(
            app,
            "POST",
            "/api/challenges",
            Some(json!({"battle": "washita", "to": "Nobody_Here"})),
        )
        .await;
    assert_eq!(
        (nobody.status, code(&nobody)),
        (StatusCode::NOT_FOUND, "player_not_found")
    );
    let me = ann
        .send(
            app,
            "POST",
            "/api/challenges",
            Some(json!({"battle": "washita", "to": "ANN_DIRECT"})),
        )
        .await;
    assert_eq!(
        (me.status, code(&me)),
        (StatusCode::UNPROCESSABLE_ENTITY, "challenge_yourself")
    );
}

async fn guests_watch_the_lobby_but_post_and_accept_only_with_an_account(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Guest", "10.4.0.1").await;
    let id = post(app, &mut ann, json!({"battle": "washita", "rated": true})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut guest = Browser::at("10.4.0.2");
    assert_eq!(ids(&lobby(app, &mut guest).await), [id.as_str()]);
    for (method, uri, body) in [
        (
            "POST",
            "/api/challenges".to_string(),
            Some(json!({"battle": "washita", "rated": true})),
        ),
        ("POST", format!("/api/challenges/{id}/accept"), None),
        (
            "POST",
            "/api/seeks".to_string(),
            Some(json!({"battle": "washita"})),
        ),
    ] {
        let a = guest.send(app, method, &uri, body).await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::UNAUTHORIZED, "not_signed_in"),
            "{uri}"
        );
    }
}

async fn changes_in_the_lobby_need_the_csrf_token_and_valid_terms(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Csrf", "10.5.0.1").await;
    let a = ann
        .send_with(
            app,
            "POST",
            "/api/challenges",
            Some(json!({"battle": "washita"})),
            false,
            &[],
        )
        .await;
    assert_eq!((a.status, code(&a)), (StatusCode::FORBIDDEN, "csrf_token"));
    for (body, expected) in [
        (json!({"battle": "washita", "control": "10"}), "bad_clock"),
        (
            json!({"battle": "washita", "control": "500+3"}),
            "bad_clock",
        ),
        (json!({"battle": "nowhere"}), "unknown_scenario"),
        (json!({"battle": "washita", "side": "cavalry"}), "bad_field"),
    ] {
        let a = ann
            .send(app, "POST", "/api/challenges", Some(body.clone()))
            .await;
        assert_eq!(code(&a), expected, "{body}");
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
}

async fn of_two_players_accepting_at_once_exactly_one_wins(s: Server) {
    let app = &s.app;
    let (_, second) = s.second_node().await;
    let mut ann = player(app, "Ann_Race", "10.6.0.1").await;
    let mut bob = player(app, "Bob_Race", "10.6.0.2").await;
    let mut cat = player(app, "Cat_Race", "10.6.0.3").await;
    for round in 0..3 {
        let id = post(app, &mut ann, json!({"battle": "washita"})).await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let uri = format!("/api/challenges/{id}/accept");
        // Two players, on two nodes over the one database.
        let (a, b) = tokio::join!(
            bob.send(app, "POST", &uri, None),
            cat.send(&second, "POST", &uri, None)
        );
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::CREATED, StatusCode::CONFLICT],
            "round {round}: {} / {}",
            a.body,
            b.body
        );
        let loser = if a.status == StatusCode::CONFLICT {
            &a
        } else {
            &b
        };
        assert_eq!(code(loser), "challenge_taken");
    }
    let games = ann.me(app).await.body["games"].as_array().unwrap().len();
    assert_eq!(games, 3, "one game per challenge");
}

async fn a_lapsed_challenge_is_neither_listed_nor_accepted(db: TestDb) {
    // The lobby reads the server's one clock: moving the fake clock lapses challenges.
    let clock = Arc::new(FakeClock::new(Timestamp(1_800_000_000_000)));
    let s = Server::timed(db, clock.clone()).await;
    let app = &s.app;
    let mut ann = player(app, "Ann_Lapse", "10.7.0.1").await;
    let mut bob = player(app, "Bob_Lapse", "10.7.0.2").await;
    let live = post(
        app,
        &mut ann,
        json!({"battle": "washita", "control": "5+2"}),
    )
    .await;
    let slow = post(
        app,
        &mut ann,
        json!({"battle": "washita", "control": "3d+2h"}),
    )
    .await;
    assert_eq!(
        live["expires_at"].as_i64().unwrap() - live["created_at"].as_i64().unwrap(),
        3_600_000
    );
    clock.advance(LIVE_CHALLENGE_LIFETIME);
    let listed = lobby(app, &mut bob).await;
    assert_eq!(
        ids(&listed),
        [slow["id"].as_str().unwrap()],
        "the live one lapsed after an hour"
    );
    let id = live["id"].as_str().unwrap();
    let a = bob
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::CONFLICT, "challenge_expired")
    );
}

async fn seek(app: &Router, who: &mut Browser, body: Value) -> Value {
    let a = who.send(app, "POST", "/api/seeks", Some(body)).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body
}

async fn play_anyone_pairs_matching_requests_and_no_others(s: Server) {
    let app = &s.app;
    let mut ann = player(app, "Ann_Seek", "10.8.0.1").await;
    let mut bob = player(app, "Bob_Seek", "10.8.0.2").await;
    let mut cat = player(app, "Cat_Seek", "10.8.0.3").await;
    let mut dan = player(app, "Dan_Seek", "10.8.0.4").await;
    let mut eve = player(app, "Eve_Seek", "10.8.0.5").await;
    let terms = json!({"battle": "washita", "control": "10+3", "side": "army"});
    assert_eq!(seek(app, &mut ann, terms.clone()).await["state"], "waiting");
    // Another battle, another clock, rated against casual, the same side: no pair.
    for (who, body) in [
        (&mut bob, json!({"battle": "fetterman", "control": "10+3"})),
        (&mut cat, json!({"battle": "washita", "control": "5+2"})),
        (
            &mut dan,
            json!({"battle": "washita", "control": "10+3", "rated": true}),
        ),
    ] {
        assert_eq!(seek(app, who, body).await["state"], "waiting");
    }
    let same_side = seek(app, &mut eve, terms.clone()).await;
    assert_eq!(
        same_side["state"], "waiting",
        "two who both want the Army do not meet"
    );
    let paired = seek(
        app,
        &mut eve,
        json!({"battle": "washita", "control": "10+3", "side": "random"}),
    )
    .await;
    assert_eq!(paired["state"], "paired", "{paired}");
    assert_eq!(paired["game"]["side"], "indians", "Ann asked for the Army");
    let game = paired["game"]["id"].as_str().unwrap().to_string();
    let ann_seek = ann.send(app, "GET", "/api/seeks", None).await.body;
    assert_eq!(ann_seek["state"], "paired");
    assert_eq!(ann_seek["game"]["id"], game.as_str());
    assert_eq!(ann_seek["game"]["side"], "army");
    assert_eq!(seat_of(app, &mut ann, &game).await.as_deref(), Some("army"));
    assert_eq!(
        seat_of(app, &mut eve, &game).await.as_deref(),
        Some("indians")
    );
    assert_eq!(seat_of(app, &mut bob, &game).await, None);
    // The others still wait, and may stop waiting.
    for who in [&mut bob, &mut cat, &mut dan] {
        let a = who.send(app, "DELETE", "/api/seeks", None).await;
        assert_eq!(a.body["withdrawn"], true, "{}", a.body);
    }
    assert_eq!(
        bob.send(app, "GET", "/api/seeks", None).await.body,
        Value::Null
    );
}

async fn the_lobby_counts_the_players_at_a_board_and_offers_their_game_to_watch(s: Server) {
    let app = &s.app;
    let addr = crate::support::listen(s.state.clone()).await;
    let mut guest = Browser::at("10.1.0.9");
    let quiet = guest.send(app, "GET", "/api/lobby", None).await;
    assert_eq!(
        quiet.body["life"],
        json!({"players": 0, "games": 0, "watch": []}),
        "{}",
        quiet.body
    );
    let (status, created) = crate::support::post(
        app,
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let path = |token: &str| format!("/api/games/{id}/ws?token={token}");
    let _army = socket(addr, &path(created["token"].as_str().unwrap()), None).await;
    let _indians = socket(addr, &path(created["other_token"].as_str().unwrap()), None).await;
    // A spectator watches: no player.
    let _watching = socket(addr, &format!("/api/games/{id}/ws"), None).await;
    let life = guest.send(app, "GET", "/api/lobby", None).await.body["life"].clone();
    assert_eq!(
        life,
        json!({"players": 2, "games": 1, "watch": [{"id": id, "battle": "washita", "url": format!("/game/{id}")}]}),
    );
}

on_both_stores!(
    the_lobby_counts_the_players_at_a_board_and_offers_their_game_to_watch,
    a_posted_challenge_is_listed_accepted_and_seats_both_players,
    only_the_challenger_cancels_and_nobody_accepts_their_own,
    a_direct_challenge_is_seen_accepted_and_declined_only_by_the_two,
    guests_watch_the_lobby_but_post_and_accept_only_with_an_account,
    changes_in_the_lobby_need_the_csrf_token_and_valid_terms,
    of_two_players_accepting_at_once_exactly_one_wins,
    a_lapsed_challenge_is_neither_listed_nor_accepted,
    play_anyone_pairs_matching_requests_and_no_others,
);

/// One node serving on loopback (for real WebSockets), over `db`, on `bus`.
struct Node {
    state: AppState,
    app: Router,
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Node {
    async fn start(db: &TestDb, bus: Option<&BusLocation>) -> Node {
        let state = battaglie_server::node(
            db.open().await,
            &db.db,
            MemoryLimits::default(),
            bus,
            Duration::from_secs(10),
        )
        .await
        .unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = state.clone();
        tokio::spawn(async move {
            let settings = HttpSettings::unlimited();
            serve_on(listener, serving, &settings, async move {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        Node {
            app: app(state.clone()),
            state,
            addr,
            stop: Some(stop),
        }
    }

    /// The lobby's socket with `who`'s cookie.
    async fn lobby(&self, who: &Browser) -> Socket {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{}/api/lobby/ws", self.addr)
            .into_client_request()
            .unwrap();
        if let Some(c) = &who.cookie {
            req.headers_mut()
                .insert("cookie", format!("battaglie_session={c}").parse().unwrap());
        }
        tokio_tungstenite::connect_async(req).await.unwrap().0
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.state.node.shut_down();
    }
}

/// Posted on `a`, seen live on `b`'s socket; accepted on `b`, told on `a`'s;
/// a direct challenge reaches only its two players' sockets.
async fn the_lobby_is_live_between(a: &Node, b: &Node) {
    let mut ann = player(&a.app, "Ann_Live", "10.9.0.1").await;
    let mut bob = player(&a.app, "Bob_Live", "10.9.0.2").await;
    let eve = player(&a.app, "Eve_Live", "10.9.0.3").await;
    let mut ann_ws = a.lobby(&ann).await;
    let mut bob_ws = b.lobby(&bob).await;
    let mut eve_ws = b.lobby(&eve).await;
    for ws in [&mut ann_ws, &mut bob_ws, &mut eve_ws] {
        let list = next_json(ws).await;
        assert_eq!(
            (&list["type"], &list["challenges"]),
            (&json!("list"), &json!([]))
        );
    }
    // A direct challenge first: Eve's socket must not hear of it.
    let direct = post(
        &a.app,
        &mut ann,
        json!({"battle": "washita", "to": "Bob_Live"}),
    )
    .await;
    let heard = next_json(&mut bob_ws).await;
    assert_eq!(heard["type"], "added");
    assert_eq!(heard["challenge"]["id"], direct["id"]);
    assert_eq!(heard["challenge"]["incoming"], true);
    let open = post(
        &a.app,
        &mut ann,
        json!({"battle": "fetterman", "side": "army", "control": "5+2"}),
    )
    .await;
    let heard = next_json(&mut eve_ws).await;
    assert_eq!(
        heard["challenge"]["id"], open["id"],
        "the open one, not the direct one"
    );
    let heard = next_json(&mut bob_ws).await;
    assert_eq!(heard["challenge"]["id"], open["id"]);
    for _ in 0..2 {
        assert_eq!(next_json(&mut ann_ws).await["type"], "added");
    }

    let id = open["id"].as_str().unwrap();
    let accepted = bob
        .send(
            &b.app,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.body);
    let told = next_json(&mut ann_ws).await;
    assert_eq!(told["type"], "accepted");
    assert_eq!(told["id"], id);
    assert_eq!(told["game"]["id"], accepted.body["id"]);
    assert_eq!(told["game"]["side"], "army");
    assert_ne!(told["game"]["token"], accepted.body["token"]);
    assert!(told["game"]["url"]
        .as_str()
        .unwrap()
        .ends_with(told["game"]["token"].as_str().unwrap()));
    let gone = next_json(&mut eve_ws).await;
    assert_eq!(
        (&gone["type"], &gone["id"]),
        (&json!("removed"), &json!(id))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_socket_lists_then_tells_changes_live() {
    let db = TestDb::new(Backend::Sqlite).await;
    let node = Node::start(&db, None).await;
    the_lobby_is_live_between(&node, &node).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
async fn a_challenge_posted_on_one_node_is_live_on_another_over_nats() {
    let nats = service(NATS_ENV, "a NATS server (nats://127.0.0.1:PORT)");
    let db = TestDb::new(Backend::Postgres).await;
    let bus = BusLocation::Nats(nats);
    let a = Node::start(&db, Some(&bus)).await;
    let b = Node::start(&db, Some(&bus)).await;
    the_lobby_is_live_between(&a, &b).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
async fn a_challenge_posted_on_one_node_is_live_on_another_over_postgres() {
    let db = TestDb::new(Backend::Postgres).await;
    let a = Node::start(&db, Some(&BusLocation::Postgres)).await;
    let b = Node::start(&db, Some(&BusLocation::Postgres)).await;
    the_lobby_is_live_between(&a, &b).await;
}
