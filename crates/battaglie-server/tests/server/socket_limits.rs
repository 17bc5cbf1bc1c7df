//! What an upgraded socket may hold of the node: a frame never finished is cut
//! off at the socket's small limit (the lobby's 4 KiB, the game's 64 KiB), and a
//! client that stays silent, not even answering the server's pings, is closed
//! after the connections' idle time; one that answers them stays.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use battaglie_server::{serve_on, AppState, Connections, HttpSettings, Store, CLOSE_SILENT};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::support::{online_game, socket};

/// The longest any step below may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// A node on a loopback port whose connections may stay silent `idle`, and an
/// online game on it.
async fn node(idle: Duration) -> (SocketAddr, String) {
    let state = AppState::new(Store::memory().await.unwrap());
    let settings = HttpSettings {
        connections: Connections {
            idle_timeout: idle,
            ..Connections::default()
        },
        ..HttpSettings::default()
    };
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

/// A WebSocket to `path` upgraded by hand, on which the test then writes only
/// what it means to (no answer to pings): the stream after the `101`.
async fn raw_socket(addr: SocketAddr, path: &str) -> TcpStream {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8];
        tcp.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    tcp
}

/// Everything the server sends until it closes the connection.
async fn until_closed(tcp: &mut TcpStream) -> Vec<u8> {
    let mut sent = Vec::new();
    tokio::time::timeout(PATIENCE, async {
        // A reset is a close too.
        let _ = tcp.read_to_end(&mut sent).await;
    })
    .await
    .expect("the server closes the socket");
    sent
}

/// Starts a masked text frame announcing 15 MiB and sends 64 KiB of it.
async fn start_huge_frame(tcp: &mut TcpStream) {
    let mut frame = vec![0x81, 0x80 | 127];
    frame.extend_from_slice(&(15u64 << 20).to_be_bytes());
    frame.extend_from_slice(&[1, 2, 3, 4]);
    frame.extend(std::iter::repeat_n(b'a', 64 * 1024));
    // The server may close before it has read it all.
    let _ = tcp.write_all(&frame).await;
}

/// Whether `sent` holds a close frame with `code` (server frames are unmasked).
fn has_close(sent: &[u8], code: u16) -> bool {
    let [high, low] = code.to_be_bytes();
    sent.windows(4)
        .any(|w| w[0] == 0x88 && w[1] >= 2 && w[1] < 126 && w[2] == high && w[3] == low)
}

#[tokio::test]
async fn a_lobby_socket_sending_a_huge_unfinished_frame_is_closed_at_once() {
    // Silence alone would close it only after ten minutes.
    let (addr, _) = node(Duration::from_secs(600)).await;
    let mut tcp = raw_socket(addr, "/api/lobby/ws").await;
    start_huge_frame(&mut tcp).await;
    until_closed(&mut tcp).await;
}

#[tokio::test]
async fn a_game_socket_sending_a_huge_unfinished_frame_is_closed_at_once() {
    let (addr, id) = node(Duration::from_secs(600)).await;
    let mut tcp = raw_socket(addr, &format!("/api/games/{id}/ws")).await;
    start_huge_frame(&mut tcp).await;
    until_closed(&mut tcp).await;
}

/// Opens a socket to `path` that never says anything, and waits for the node to
/// close it: how long that took.
async fn silent_socket_lasts(addr: SocketAddr, path: &str) -> Duration {
    let opened = Instant::now();
    let mut tcp = raw_socket(addr, path).await;
    let sent = until_closed(&mut tcp).await;
    assert!(
        has_close(&sent, CLOSE_SILENT),
        "no close frame {CLOSE_SILENT} among {} bytes",
        sent.len()
    );
    opened.elapsed()
}

#[tokio::test]
async fn a_silent_lobby_socket_is_closed_after_the_idle_time() {
    let idle = Duration::from_millis(800);
    let (addr, _) = node(idle).await;
    let lasted = silent_socket_lasts(addr, "/api/lobby/ws").await;
    assert!(lasted >= idle, "closed after {lasted:?}");
}

#[tokio::test]
async fn a_silent_game_socket_is_closed_after_the_idle_time() {
    let idle = Duration::from_millis(800);
    let (addr, id) = node(idle).await;
    let lasted = silent_socket_lasts(addr, &format!("/api/games/{id}/ws")).await;
    assert!(lasted >= idle, "closed after {lasted:?}");
}

#[tokio::test]
async fn a_socket_answering_the_servers_pings_outlives_the_idle_time() {
    let idle = Duration::from_millis(800);
    let (addr, id) = node(idle).await;
    for path in ["/api/lobby/ws".to_string(), format!("/api/games/{id}/ws")] {
        let mut ws = socket(addr, &path, None).await;
        // The client answers each ping as it reads on: eight pings are twice
        // the idle time.
        let mut pings = 0;
        while pings < 8 {
            let msg = tokio::time::timeout(PATIENCE, ws.next())
                .await
                .expect("the server pings")
                .expect("the socket is open")
                .unwrap();
            assert!(!matches!(msg, Message::Close(_)), "{path} closed: {msg:?}");
            if matches!(msg, Message::Ping(_)) {
                pings += 1;
            }
        }
        ws.send(Message::Text(r#"{"type":"ping"}"#.into()))
            .await
            .unwrap();
        loop {
            let msg = tokio::time::timeout(PATIENCE, ws.next())
                .await
                .expect("an answer")
                .expect("the socket is open")
                .unwrap();
            if matches!(&msg, Message::Text(t) if t.as_str().contains("pong")) {
                break;
            }
            assert!(!matches!(msg, Message::Close(_)), "{path} closed: {msg:?}");
        }
    }
}
