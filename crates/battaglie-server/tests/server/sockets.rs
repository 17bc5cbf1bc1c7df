//! WebSockets under a hostile client: a flood of messages on one socket, more
//! sockets from one address than it may hold, and a crowd of spectators whose
//! presence must not cost the square of their number in messages.

use std::net::SocketAddr;
use std::time::Duration;

use battaglie_server::{serve_on, AppState, HttpSettings, RateLimits, Store, CLOSE_TOO_MANY};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use crate::support::wait::until;
use crate::support::{next_message, online_game, socket};

/// The longest any step below may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// A node on a loopback port with `settings`, and an online game on it.
async fn node(settings: HttpSettings) -> (SocketAddr, String) {
    let state = AppState::new(Store::memory().await.unwrap());
    let app = battaglie_server::app_with(state.clone(), &settings);
    let (id, _, _) = online_game(&app).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        serve_on(listener, state, &settings, std::future::pending())
            .await
            .unwrap();
    });
    (addr, id)
}

/// Sends 100 pings on the socket at `path` at once; how many were answered
/// before the server closed it, and the close frame.
async fn flood_pings(addr: SocketAddr, path: &str) -> (usize, Option<CloseFrame>) {
    let mut ws = socket(addr, path, None).await;
    // All at once: they fit the socket's buffers, so the server reads them all.
    for _ in 0..FLOOD {
        if ws
            .send(Message::Text(r#"{"type":"ping"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    tokio::time::timeout(PATIENCE, async {
        let mut pongs = 0;
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) if t.as_str().contains("pong") => pongs += 1,
                Some(Ok(Message::Close(frame))) => return (pongs, frame),
                Some(Ok(_)) => {}
                other => panic!("the socket ended without a close frame: {other:?}"),
            }
        }
    })
    .await
    .expect("the socket is closed")
}

/// How many pings [`flood_pings`] sends.
const FLOOD: usize = 100;

fn assert_closed_for_too_many(pongs: usize, close: Option<CloseFrame>) {
    let frame = close.expect("a close frame with a code");
    assert_eq!(u16::from(frame.code), CLOSE_TOO_MANY);
    assert!(
        frame.reason.contains("too many messages"),
        "{}",
        frame.reason
    );
    assert!(pongs < FLOOD / 2, "{pongs} pongs answered");
}

#[tokio::test]
async fn a_socket_flooding_pings_is_closed_with_1008_and_a_reason() {
    let (addr, id) = node(HttpSettings::default()).await;
    let (pongs, close) = flood_pings(addr, &format!("/api/games/{id}/ws")).await;
    assert_closed_for_too_many(pongs, close);
}

#[tokio::test]
async fn a_lobby_socket_flooding_pings_is_closed_with_1008_and_a_reason() {
    let (addr, _) = node(HttpSettings::default()).await;
    let (pongs, close) = flood_pings(addr, "/api/lobby/ws").await;
    assert_closed_for_too_many(pongs, close);
}

#[tokio::test]
async fn an_address_past_its_socket_cap_is_refused_429() {
    let settings = HttpSettings {
        rate_limits: Some(RateLimits {
            sockets: 3,
            ..RateLimits::default()
        }),
        ..HttpSettings::default()
    };
    let (addr, id) = node(settings).await;
    let path = format!("/api/games/{id}/ws");
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(socket(addr, &path, None).await);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status(), 429);
        }
        other => panic!("a fourth socket was not refused: {:?}", other.map(|_| ())),
    }
    // One closed, one more may open.
    let mut first = open.remove(0);
    first.close(None).await.unwrap();
    while first.next().await.is_some() {}
    until(PATIENCE, async || {
        tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await
    })
    .await
    .expect("a socket opens again once one closed");
}

#[tokio::test]
async fn presence_to_a_crowd_of_spectators_costs_messages_in_proportion_to_it() {
    let crowd: u64 = 200;
    let (addr, id) = node(HttpSettings::unlimited()).await;
    let path = format!("/api/games/{id}/ws");
    let tasks: Vec<_> = (0..crowd)
        .map(|_| {
            let path = path.clone();
            tokio::spawn(async move {
                let mut ws = socket(addr, &path, None).await;
                // Presence messages until the whole crowd is counted.
                let mut told = 0u64;
                loop {
                    let msg: Value = next_message(&mut ws).await;
                    if msg["type"] == "presence" {
                        told += 1;
                        if msg["spectators"] == crowd {
                            return (told, ws);
                        }
                    }
                }
            })
        })
        .collect();
    let mut total = 0;
    let mut sockets = Vec::new();
    for t in tasks {
        let (told, ws) = tokio::time::timeout(PATIENCE, t)
            .await
            .expect("every spectator sees the whole crowd")
            .unwrap();
        total += told;
        sockets.push(ws);
    }
    // One message per opening to every socket open would be about crowd² / 2.
    assert!(
        total <= crowd * crowd / 8,
        "{total} presence messages for {crowd} spectators"
    );
}
