//! Chat in online games, on SQLite and PostgreSQL: the players' room that the two
//! seats write and everyone reads, the spectators' room the players do not see
//! during the game, limits on length and rate, history kept in the database, and
//! messages live on the game's WebSockets.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{Clock, FakeClock, Timestamp, BURST};
use battaglie_server::Database;
use serde_json::json;

use crate::support::client::Browser;
use crate::support::{
    listen, next_chat, online_game, post, run, say, send, socket, Backend, Server, TestDb,
};

/// The texts of a room's history as `who: text`.
async fn history(app: &Router, id: &str, query: &str) -> Vec<String> {
    let (status, body) = send(app, "GET", &format!("/api/games/{id}/chat?{query}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{}: {}",
                m["author"].as_str().unwrap(),
                m["body"].as_str().unwrap()
            )
        })
        .collect()
}

async fn the_players_talk_and_everyone_reads_them_after_a_reload(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    let chat = format!("/api/games/{id}/chat");
    let (status, sent) = post(
        &s.app,
        &chat,
        json!({"token": army, "text": "  good luck  "}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["body"], "good luck", "trimmed");
    assert_eq!(sent["author"], "army");
    let markup = "<b>you too</b> & <script>x</script>";
    let (status, _) = post(&s.app, &chat, json!({"token": indians, "text": markup})).await;
    assert_eq!(status, StatusCode::CREATED);
    let expected = vec!["army: good luck".to_string(), format!("indians: {markup}")];
    // Both players and a spectator read the players' room, in order, the text as written.
    assert_eq!(
        history(&s.app, &id, &format!("token={army}")).await,
        expected
    );
    assert_eq!(history(&s.app, &id, "").await, expected);
    // After a restart, and on another node of a shared database, the history is there.
    let reopened = s.second_node().await.1;
    assert_eq!(
        history(&reopened, &id, &format!("token={indians}")).await,
        expected
    );
    if matches!(s.db.db, Database::Postgres(_)) {
        let (status, _) = post(
            &reopened,
            &chat,
            json!({"token": army, "text": "from node 2"}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(history(&s.app, &id, "").await.len(), 3);
    }
}

async fn spectators_never_write_in_the_players_room_nor_players_read_the_spectators(s: Server) {
    let (id, army, _indians) = online_game(&s.app).await;
    let chat = format!("/api/games/{id}/chat");
    // A spectator (no token) and a third party's token cannot write as a seat.
    let (status, err) = post(&s.app, &chat, json!({"text": "hello"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "chat_players_only");
    let (status, err) = post(
        &s.app,
        &chat,
        json!({"token": "0".repeat(32), "text": "hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "wrong_token");
    let (_, other_army, _) = online_game(&s.app).await;
    let (status, err) = post(&s.app, &chat, json!({"token": other_army, "text": "hi"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "wrong_token");
    // An anonymous spectator reads but does not write in the spectators' room.
    let (status, err) = post(&s.app, &chat, json!({"room": "spectators", "text": "hi"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{err}");
    // A signed-in spectator does, under their name.
    let mut watcher = Browser::at("10.0.0.9");
    watcher
        .register(&s.app, "Sitting_Bull", "little bighorn 1876")
        .await;
    let a = watcher
        .send(
            &s.app,
            "POST",
            &chat,
            Some(json!({"room": "spectators", "text": "army blundered"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(
        history(&s.app, &id, "room=spectators").await,
        ["Sitting_Bull: army blundered"]
    );
    // ...but not in the players' room.
    let a = watcher
        .send(&s.app, "POST", &chat, Some(json!({"text": "psst"})))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    assert_eq!(a.body["code"], "chat_players_only");
    // A player neither reads nor writes the spectators' room during the game.
    let (status, err) = send(
        &s.app,
        "GET",
        &format!("{chat}?room=spectators&token={army}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "chat_spectators_only");
    let (status, err) = post(
        &s.app,
        &chat,
        json!({"token": army, "room": "spectators", "text": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "chat_spectators_only");
    // Once the game is over, the players read what was said about them.
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/resign"),
        json!({"token": army}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        history(&s.app, &id, &format!("room=spectators&token={army}")).await,
        ["Sitting_Bull: army blundered"]
    );
    // A bad room is named.
    let (status, err) = post(
        &s.app,
        &chat,
        json!({"token": army, "room": "lobby", "text": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert_eq!(err["code"], "bad_choice");
}

async fn messages_are_limited_in_length_and_rate(s: Server) {
    let (id, army, indians) = online_game(&s.app).await;
    let chat = format!("/api/games/{id}/chat");
    // (Refused messages count against a seat's actions too: the opponent sends half.)
    for (token, text, code) in [
        (&army, "   ", "chat_empty"),
        (&army, &*"a".repeat(501), "chat_too_long"),
        (&army, "a bell \u{7}", "chat_control_char"),
        // Bidirectional controls reverse how the rest reads; zero-width text shows nothing.
        (&indians, "gg \u{202e}llew", "chat_control_char"),
        (&indians, "isolate \u{2066}x\u{2069}", "chat_control_char"),
        (&indians, "\u{200b}\u{200c}\u{200d}\u{feff}", "chat_empty"),
    ] {
        let (status, err) = post(&s.app, &chat, json!({"token": token, "text": text})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
        assert_eq!(err["code"], code, "{err}");
    }
    let (status, _) = post(
        &s.app,
        &chat,
        json!({"token": army, "text": "é".repeat(300)}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "300 characters are allowed");
    for n in 2..=5 {
        let (status, _) = post(
            &s.app,
            &chat,
            json!({"token": army, "text": format!("{n}")}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let mut b = Browser::at("10.0.0.8");
    let a = b
        .send(
            &s.app,
            "POST",
            &chat,
            Some(json!({"token": army, "text": "sixth"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.body);
    assert_eq!(a.body["code"], "rate_limited");
    let wait: u64 = a.retry_after.unwrap().parse().unwrap();
    assert!((1..=3).contains(&wait), "one more every 3 s: {wait}");
    // The limit is the sender's: the opponent still talks.
    let (status, _) = post(
        &s.app,
        &chat,
        json!({"token": indians, "text": "calm down"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        history(&s.app, &id, "").await.len(),
        6,
        "the refused one was not stored"
    );
}

async fn only_online_games_have_a_chat(s: Server) {
    let (_, hotseat) = post(
        &s.app,
        "/api/games",
        json!({"scenario": "washita", "mode": "hotseat"}),
    )
    .await;
    let hid = hotseat["id"].as_str().unwrap();
    let (status, err) = post(
        &s.app,
        &format!("/api/games/{hid}/chat"),
        json!({"token": hotseat["token"], "text": "hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{err}");
    assert_eq!(err["code"], "chat_only_online");
}

async fn a_message_reaches_live_every_socket_that_reads_its_room(s: Server) {
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = online_game(&s.app).await;
    let ws = |q: String| format!("/api/games/{id}/ws{q}");
    let mut army_ws = socket(addr, &ws(format!("?token={army}")), None).await;
    let mut indians_ws = socket(addr, &ws(format!("?token={indians}")), None).await;
    let mut guest_ws = socket(addr, &ws(String::new()), None).await;
    let mut watcher = Browser::at("10.0.0.7");
    watcher
        .register(&s.app, "Black_Kettle", "washita river 1868")
        .await;
    let csrf = watcher.csrf.clone().unwrap();
    let mut watcher_ws = socket(
        addr,
        &ws(format!("?csrf={csrf}")),
        watcher.cookie.as_deref(),
    )
    .await;
    // Sent over the socket, a message reaches the sender, the opponent and the spectators.
    say(&mut army_ws, json!({"type": "chat", "text": " good luck "})).await;
    for ws in [
        &mut army_ws,
        &mut indians_ws,
        &mut guest_ws,
        &mut watcher_ws,
    ] {
        let msg = next_chat(ws).await;
        assert_eq!(msg["type"], "chat", "{msg}");
        assert_eq!(
            (&msg["room"], &msg["author"], &msg["body"]),
            (&json!("players"), &json!("army"), &json!("good luck"))
        );
    }
    // A spectator's message reaches the spectators, not the players (their next
    // message is the Indians' one that follows, posted over HTTP).
    say(
        &mut watcher_ws,
        json!({"type": "chat", "room": "spectators", "text": "army is lost"}),
    )
    .await;
    for ws in [&mut guest_ws, &mut watcher_ws] {
        let msg = next_chat(ws).await;
        assert_eq!(
            (&msg["author"], &msg["body"]),
            (&json!("Black_Kettle"), &json!("army is lost")),
            "{msg}"
        );
    }
    let (status, _) = post(
        &s.app,
        &format!("/api/games/{id}/chat"),
        json!({"token": indians, "text": "thanks"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    for ws in [
        &mut army_ws,
        &mut indians_ws,
        &mut guest_ws,
        &mut watcher_ws,
    ] {
        let msg = next_chat(ws).await;
        assert_eq!(
            (&msg["author"], &msg["body"]),
            (&json!("indians"), &json!("thanks")),
            "{msg}"
        );
    }
    // Over the socket the rules and their codes are HTTP's.
    for (guest, msg, code) in [
        (true, json!({"text": "hi"}), "chat_players_only"),
        (
            true,
            json!({"room": "spectators", "text": "hi"}),
            "chat_needs_account",
        ),
        (
            false,
            json!({"room": "spectators", "text": "hi"}),
            "chat_spectators_only",
        ),
        (false, json!({"text": "a".repeat(501)}), "chat_too_long"),
        (false, json!({"text": "  "}), "chat_empty"),
        (false, json!({"room": "lobby", "text": "x"}), "bad_choice"),
    ] {
        let ws = if guest { &mut guest_ws } else { &mut army_ws };
        let mut msg = msg;
        msg["type"] = "chat".into();
        say(ws, msg).await;
        let err = next_chat(ws).await;
        assert_eq!(err["type"], "error", "{err}");
        assert_eq!(err["code"], code, "{err}");
    }
    for n in 2..=5 {
        say(
            &mut army_ws,
            json!({"type": "chat", "text": format!("{n}")}),
        )
        .await;
        assert_eq!(next_chat(&mut army_ws).await["body"], format!("{n}"));
    }
    say(&mut army_ws, json!({"type": "chat", "text": "sixth"})).await;
    let err = next_chat(&mut army_ws).await;
    assert_eq!(
        (&err["code"], &err["status"]),
        (&json!("rate_limited"), &json!(429)),
        "{err}"
    );
    // A session's socket naming a wrong CSRF token is refused at the door.
    use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Error as WsError};
    let mut req = format!("ws://{addr}{}", ws("?csrf=wrong".into()))
        .into_client_request()
        .unwrap();
    let cookie = format!("battaglie_session={}", watcher.cookie.unwrap());
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(WsError::Http(res)) => assert_eq!(res.status(), StatusCode::FORBIDDEN),
        other => panic!("a wrong CSRF token opened a socket: {other:?}"),
    }
}

async fn a_muted_author_is_neither_listed_nor_pushed_to_whoever_muted_them(s: Server) {
    let addr = listen(s.state.clone()).await;
    let (id, army, indians) = online_game(&s.app).await;
    let chat = format!("/api/games/{id}/chat");
    let mute = format!("{chat}/mute");
    let mut watcher = Browser::at("10.0.0.6");
    watcher
        .register(&s.app, "Custer_Fan", "seventh cavalry 1868")
        .await;
    let ws = format!("/api/games/{id}/ws");
    let mut watcher_ws = socket(addr, &ws, watcher.cookie.as_deref()).await;
    let mut guest_ws = socket(addr, &ws, None).await;
    let a = watcher
        .send(
            &s.app,
            "POST",
            &mute,
            Some(json!({"author": "army", "muted": true})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["muted"], json!(["army"]));
    for (token, text) in [(&army, "spam"), (&indians, "hello")] {
        let (status, _) = post(&s.app, &chat, json!({"token": token, "text": text})).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    // The muter's socket skips the Army's message; a guest's does not.
    assert_eq!(next_chat(&mut watcher_ws).await["body"], "hello");
    assert_eq!(next_chat(&mut guest_ws).await["body"], "spam");
    assert_eq!(next_chat(&mut guest_ws).await["body"], "hello");
    let listed = watcher.send(&s.app, "GET", &chat, None).await;
    assert_eq!(listed.body["muted"], json!(["army"]));
    assert_eq!(
        listed.body["messages"].as_array().unwrap().len(),
        1,
        "{}",
        listed.body
    );
    assert_eq!(
        history(&s.app, &id, "").await,
        ["army: spam", "indians: hello"]
    );
    // Unmuted, the Army is listed again.
    let a = watcher
        .send(
            &s.app,
            "POST",
            &mute,
            Some(json!({"author": "army", "muted": false})),
        )
        .await;
    assert_eq!(a.body["muted"], json!([]));
    let listed = watcher.send(&s.app, "GET", &chat, None).await;
    assert_eq!(listed.body["messages"].as_array().unwrap().len(), 2);
    // A guest's mutes stay in its page; a bad author and a missing CSRF token are named.
    let (status, err) = post(&s.app, &mute, json!({"author": "army", "muted": true})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{err}");
    assert_eq!(err["code"], "not_signed_in");
    let a = watcher
        .send(
            &s.app,
            "POST",
            &mute,
            Some(json!({"author": " ", "muted": true})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(
        (&a.body["code"], &a.body["params"]["field"]),
        (&json!("bad_field"), &json!("author"))
    );
    let a = watcher
        .send_with(
            &s.app,
            "POST",
            &mute,
            Some(json!({"author": "army", "muted": true})),
            false,
            &[],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    assert_eq!(a.body["code"], "csrf_token");
}

async fn messages_sent_at_once_through_two_nodes_store_no_more_than_the_burst(db: TestDb) {
    // A clock standing still: no message of the burst is refilled meanwhile.
    let time: Arc<dyn Clock> = Arc::new(FakeClock::new(Timestamp(1_767_225_600_000)));
    let s = Server::timed(db, time.clone()).await;
    let (_, other) = s.timed_node(time).await;
    let apps = [s.app.clone(), other];
    let (id, army, _) = online_game(&s.app).await;
    let chat = format!("/api/games/{id}/chat");
    // Each from an address of its own, so that only the chat's burst limits them.
    let posts = (0..30).map(|i| {
        let app = apps[i % 2].clone();
        let body = json!({"token": army, "text": format!("message {i}")});
        let chat = chat.clone();
        async move {
            Browser::at(&format!("10.0.44.{}", i + 1))
                .send(&app, "POST", &chat, Some(body))
                .await
        }
    });
    let answers = futures_util::future::join_all(posts).await;
    let created = answers
        .iter()
        .filter(|a| a.status == StatusCode::CREATED)
        .count();
    for a in &answers {
        assert!(
            a.status == StatusCode::CREATED || a.body["code"] == "rate_limited",
            "{}: {}",
            a.status,
            a.body
        );
    }
    let stored = history(&s.app, &id, "").await.len();
    assert_eq!(stored, created, "every message answered 201 is stored");
    assert!(
        (1..=BURST as usize).contains(&stored),
        "{stored} messages stored where a burst is {BURST}"
    );
}

on_both_stores!(
    messages_sent_at_once_through_two_nodes_store_no_more_than_the_burst,
    a_muted_author_is_neither_listed_nor_pushed_to_whoever_muted_them,
    a_message_reaches_live_every_socket_that_reads_its_room,
    the_players_talk_and_everyone_reads_them_after_a_reload,
    spectators_never_write_in_the_players_room_nor_players_read_the_spectators,
    messages_are_limited_in_length_and_rate,
    only_online_games_have_a_chat,
);
