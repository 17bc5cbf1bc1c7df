//! `/readyz` for a balancer: a stopping node first answers 503 while it still
//! serves, for the drain time, so that the balancer's health check sends it no
//! new visitor before it closes its connections; a node whose database is gone
//! says so at the next check, not after the pool's wait for a connection.

use std::time::{Duration, Instant};

use battaglie_server::{AppState, Database, HttpSettings, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{Backend, TestDb};

/// The status line's code of a GET of `path` on a new connection.
async fn get(addr: std::net::SocketAddr, path: &str) -> Option<u16> {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.ok()?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await.ok()?;
    answer.get(9..12)?.parse().ok()
}

#[tokio::test]
async fn a_stopping_node_answers_not_ready_while_it_still_serves_for_the_drain_time() {
    let state = AppState::new(Store::memory().await.unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let settings = HttpSettings {
        // Longer than the test: the node is still draining when it ends.
        drain: Duration::from_secs(600),
        ..HttpSettings::default()
    };
    let server = tokio::spawn(async move {
        battaglie_server::serve_on(listener, state, &settings, async {
            let _ = stopped.await;
        })
        .await
    });
    assert_eq!(get(addr, "/readyz").await, Some(200));
    stop.send(()).unwrap();
    let mut answered = None;
    for _ in 0..1_000 {
        answered = get(addr, "/readyz").await;
        if answered != Some(200) {
            break;
        }
        tokio::task::yield_now().await;
    }
    assert_eq!(answered, Some(503), "not ready once stopping");
    // Still serving: a balancer that has not looked yet loses no request.
    assert_eq!(get(addr, "/api/scenarios").await, Some(200));
    assert_eq!(get(addr, "/healthz").await, Some(200));
    server.abort();
}

/// A TCP relay to `to` that `cut` turns into a wall: its connections dropped, new
/// ones closed at once (a database server gone).
async fn relay(to: String) -> (std::net::SocketAddr, tokio::sync::watch::Sender<bool>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (cut, cut_seen) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            if *cut_seen.borrow() {
                continue;
            }
            let to = to.clone();
            let mut cut_seen = cut_seen.clone();
            tokio::spawn(async move {
                let Ok(mut server) = tokio::net::TcpStream::connect(to).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                    _ = cut_seen.wait_for(|cut| *cut) => {}
                }
            });
        }
    });
    (addr, cut)
}

#[tokio::test]
#[ignore = "needs PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
async fn a_node_whose_database_is_gone_is_not_ready_within_a_second() {
    let test_db = TestDb::new(Backend::Postgres).await;
    let Database::Postgres(url) = &test_db.db else {
        unreachable!("a PostgreSQL database")
    };
    // postgres://user@HOST:PORT/db?...: the same through the relay.
    let (head, rest) = url.split_once('@').unwrap();
    let (server, tail) = rest.split_once('/').unwrap();
    let (relayed, cut) = relay(server.to_string()).await;
    let store = Store::connect(&Database::Postgres(format!("{head}@{relayed}/{tail}")))
        .await
        .unwrap();
    let addr = crate::support::listen(AppState::new(store)).await;
    assert_eq!(get(addr, "/readyz").await, Some(200));
    cut.send_replace(true);
    let asked = Instant::now();
    assert_eq!(get(addr, "/readyz").await, Some(503));
    let took = asked.elapsed();
    // The pool alone waits 5 s for a connection that cannot come.
    assert!(took < Duration::from_secs(3), "503 after {took:?}");
}
