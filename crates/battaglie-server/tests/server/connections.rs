//! Connections held open by a hostile client (slowloris): headers that never
//! end, bodies that stop, and more sockets from one address than the node lets
//! it hold, while everyone else is still answered.

use std::net::SocketAddr;
use std::time::Duration;

use battaglie_server::{serve_on, AppState, Connections, HttpSettings, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The longest any step below may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// A node on a loopback port with `connections`, serving until the test ends.
async fn node(connections: Connections) -> SocketAddr {
    let state = AppState::new(Store::memory().await.unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let settings = HttpSettings {
        connections,
        ..HttpSettings::default()
    };
    tokio::spawn(async move {
        serve_on(listener, state, &settings, std::future::pending())
            .await
            .unwrap();
    });
    addr
}

/// A socket to `server` from `from` (any 127.x.y.z is this machine).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

/// Sends the start of a request and never its end.
async fn half_open(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let mut tcp = connect_from(from, server).await;
    tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    tcp
}

/// Everything the server sends until it closes the connection.
async fn until_closed(tcp: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, async {
        // A reset is a close too.
        let _ = tcp.read_to_end(&mut answer).await;
    })
    .await
    .expect("the server closes the connection");
    String::from_utf8_lossy(&answer).into_owned()
}

/// `GET /healthz` on a fresh connection from 127.0.0.1: the status line.
async fn healthz(server: SocketAddr) -> String {
    tokio::time::timeout(PATIENCE, async {
        let mut tcp = TcpStream::connect(server).await.unwrap();
        tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let answer = until_closed(&mut tcp).await;
        answer.lines().next().unwrap_or_default().to_string()
    })
    .await
    .expect("/healthz answers while the sockets are held")
}

#[tokio::test]
async fn half_open_sockets_past_the_cap_per_address_leave_healthz_answering() {
    let cap = 16;
    let server = node(Connections {
        // Long: what saves the node here is the cap, not the timeout.
        header_timeout: Duration::from_secs(600),
        idle_timeout: Duration::from_secs(600),
        per_address: Some(cap),
        ..Connections::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..300 {
        held.push(half_open([127, 0, 0, 2], server).await);
    }
    assert_eq!(healthz(server).await, "HTTP/1.1 200 OK");
    // Every socket past the cap was closed at once.
    for tcp in held.iter_mut().skip(cap) {
        until_closed(tcp).await;
    }
    // One more from that address is told why.
    let mut another = connect_from([127, 0, 0, 2], server).await;
    let answer = until_closed(&mut another).await;
    assert!(
        answer.starts_with("HTTP/1.1 429") && answer.contains("too many connections"),
        "{answer:?}"
    );
}

#[tokio::test]
async fn headers_that_never_end_are_cut_off_after_the_header_timeout() {
    let server = node(Connections {
        header_timeout: Duration::from_millis(300),
        idle_timeout: Duration::from_secs(600),
        per_address: None,
        ..Connections::default()
    })
    .await;
    let mut slow = half_open([127, 0, 0, 3], server).await;
    until_closed(&mut slow).await;
    // A kept-alive connection that says nothing after its answer is closed too.
    let mut quiet = connect_from([127, 0, 0, 3], server).await;
    quiet
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut quiet).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer:?}");
    assert_eq!(healthz(server).await, "HTTP/1.1 200 OK");
}

#[tokio::test]
async fn a_body_that_stops_coming_is_cut_off_after_the_idle_timeout() {
    let server = node(Connections {
        header_timeout: Duration::from_secs(600),
        idle_timeout: Duration::from_millis(400),
        per_address: None,
        ..Connections::default()
    })
    .await;
    let mut tcp = connect_from([127, 0, 0, 4], server).await;
    tcp.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 1000\r\n\r\n{\"scenario\":",
    )
    .await
    .unwrap();
    until_closed(&mut tcp).await;
}

#[tokio::test]
async fn when_descriptors_run_short_a_new_visitor_still_gets_in() {
    // Room for 100 connections: past 75 an address holding two waits.
    let descriptors = 100;
    let server = node(Connections {
        // Long enough that no half-open socket is closed while the attack runs.
        header_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(600),
        per_address: Some(64),
        descriptors: Some(descriptors),
    })
    .await;
    // Twenty addresses each hold eight half-open sockets, under the cap per address.
    let mut held = Vec::new();
    for a in 1..=20u8 {
        for _ in 0..8 {
            held.push(half_open([127, 0, 60, a], server).await);
        }
    }
    // A visitor from an address that holds nothing is answered...
    let mut visitor = connect_from([127, 0, 61, 1], server).await;
    visitor
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = until_closed(&mut visitor).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer:?}");
    // ...because the heavy addresses were refused once descriptors ran short.
    let mut refused = 0;
    for tcp in &mut held {
        if until_closed(tcp).await.contains("too many connections") {
            refused += 1;
        }
    }
    assert!(
        held.len() - refused < descriptors,
        "{} sockets held where the node has room for {descriptors}",
        held.len() - refused
    );
}
