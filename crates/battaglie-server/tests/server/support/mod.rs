//! What the server tests share: a fresh database of either kind, so that one suite
//! runs against SQLite and PostgreSQL alike.
//!
//! PostgreSQL tests need `BATTAGLIE_TEST_POSTGRES`, the URL of a throw-away
//! database (`.ci/run` starts a cluster and sets it); each test gets a schema of its
//! own there. The NATS tests need `BATTAGLIE_TEST_NATS`. Such tests are marked
//! `#[ignore = "needs ..."]`, so that a plain `cargo test` reports them ignored;
//! `.ci/run` starts the services and runs them with `-- --include-ignored`. Run
//! without its service, such a test fails and says which variable to set.
#![allow(dead_code, unused_imports, unused_macros)]

pub mod client;
#[macro_use]
pub mod cluster;
#[macro_use]
pub mod server;
pub mod sinks;
pub mod wait;

use battaglie_server::{Database, Store};
use sqlx::Connection;

pub use server::{online_game, post, run, send, send_raw, Fixture, Server};

/// The environment variable naming the throw-away PostgreSQL database.
pub const POSTGRES_ENV: &str = "BATTAGLIE_TEST_POSTGRES";

/// The environment variable naming a NATS server for the two-node tests.
pub const NATS_ENV: &str = "BATTAGLIE_TEST_NATS";

/// The value of `var`, naming the service `what` a test needs.
///
/// # Panics
/// When `var` is not set: the test was asked for without its service.
pub fn service(var: &str, what: &str) -> String {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => v,
        _ => panic!(
            "{var} is not set: this test needs {what}. .ci/run starts it and sets {var}; \
             a plain `cargo test` leaves such tests ignored"
        ),
    }
}

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file in a temporary directory.
    Sqlite,
    /// A fresh schema in the database of `BATTAGLIE_TEST_POSTGRES`.
    Postgres,
}

/// A fresh, empty database; the directory of a SQLite file lives as long as this.
pub struct TestDb {
    /// Where it is.
    pub db: Database,
    _dir: tempfile::TempDir,
}

impl TestDb {
    /// A fresh database of `backend`.
    pub async fn new(backend: Backend) -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        let db = match backend {
            Backend::Sqlite => Database::Sqlite(dir.path().join("test.sqlite")),
            Backend::Postgres => Database::Postgres(postgres_schema().await),
        };
        TestDb { db, _dir: dir }
    }

    /// Opens it (again: a restart, or a second node on the same database).
    pub async fn open(&self) -> Store {
        Store::connect(&self.db).await.unwrap()
    }
}

/// The URL of a new schema in the test database.
async fn postgres_schema() -> String {
    let base = service(
        POSTGRES_ENV,
        "a throw-away PostgreSQL database (postgres://user@127.0.0.1:PORT/db)",
    );
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).unwrap();
    let schema: String = std::iter::once("t_".to_string())
        .chain(bytes.iter().map(|b| format!("{b:02x}")))
        .collect();
    let mut conn = sqlx::PgConnection::connect(&base)
        .await
        .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={base}: {e}"));
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-c%20search_path%3D{schema}")
}

/// The legal moves of a state, in the server's order: the notation of each move of
/// its `legal` groups.
/// The address of the bundled file whose name starts with `prefix` and ends with
/// `ext` (`bundled("app-", ".js")` is `/app-XXXXXXXX.js`).
pub fn bundled(prefix: &str, ext: &str) -> String {
    battaglie_server::web_assets()
        .iter()
        .find(|a| a.path.starts_with(prefix) && a.path.ends_with(ext))
        .map(|a| format!("/{}", a.path))
        .unwrap_or_else(|| panic!("the bundle has no {prefix}*{ext}"))
}

pub fn legal_moves(state: &serde_json::Value) -> Vec<String> {
    let groups = state["legal"].as_array().expect("legal moves by source");
    groups
        .iter()
        .flat_map(|g| g["moves"].as_array().expect("moves").iter())
        .map(|m| m["notation"].as_str().expect("a notation").to_string())
        .collect()
}

/// The first legal move of a state.
pub fn first_legal(state: &serde_json::Value) -> String {
    legal_moves(state).into_iter().next().expect("a legal move")
}

/// A WebSocket client's end.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON text message on `ws` (within ten seconds), presence messages
/// skipped (they come whenever a socket of the game opens or closes; see
/// [`next_presence`]).
pub async fn next_json(ws: &mut Socket) -> serde_json::Value {
    loop {
        let msg = next_message(ws).await;
        if msg["type"] != "presence" {
            return msg;
        }
    }
}

/// The next presence message on `ws` (within ten seconds), others skipped.
pub async fn next_presence(ws: &mut Socket) -> serde_json::Value {
    loop {
        let msg = next_message(ws).await;
        if msg["type"] == "presence" {
            return msg;
        }
    }
}

/// The next JSON text message on `ws` (within ten seconds), whatever it is.
pub async fn next_message(ws: &mut Socket) -> serde_json::Value {
    use futures_util::StreamExt;
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Serves `state` on loopback (for real WebSockets): its address.
pub async fn listen(state: battaglie_server::AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = battaglie_server::app(state);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// A WebSocket to `path` at `addr`, with the session `cookie` if given, once its
/// first message (the game's state) has come.
pub async fn socket(addr: std::net::SocketAddr, path: &str, cookie: Option<&str>) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", format!("battaglie_session={c}").parse().unwrap());
    }
    let mut ws = tokio_tungstenite::connect_async(req).await.unwrap().0;
    // The server subscribes the socket before it sends the game's state: once the
    // state is here, nothing sent later can be missed.
    let first = next_json(&mut ws).await;
    assert_ne!(first["type"], "error", "{first}");
    ws
}

/// The next chat message or error on `ws` (within ten seconds), states skipped.
pub async fn next_chat(ws: &mut Socket) -> serde_json::Value {
    loop {
        let msg = next_json(ws).await;
        if msg["type"] == "chat" || msg["type"] == "error" {
            return msg;
        }
    }
}

/// Sends `msg` as a text message on `ws`.
pub async fn say(ws: &mut Socket, msg: serde_json::Value) {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        msg.to_string().into(),
    ))
    .await
    .unwrap();
}
