//! Two nodes on one PostgreSQL database and one bus (NATS or PostgreSQL
//! `LISTEN/NOTIFY`), each served on loopback as `battaglie serve` does, and the
//! macro that runs a test once per bus.
//!
//! Needs `BATTAGLIE_TEST_POSTGRES` (and `BATTAGLIE_TEST_NATS` for NATS):
//! skipped loudly without them, failed under CI.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use battaglie_community::{Clock, SystemClock};
use battaglie_server::{app, serve_on, AppState, BusLocation, HttpSettings, MemoryLimits};

use super::{service, Backend, Socket, TestDb, NATS_ENV};

/// Which bus a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A NATS server (`BATTAGLIE_TEST_NATS`).
    Nats,
    /// PostgreSQL's `LISTEN/NOTIFY`, on the test database.
    Postgres,
}

impl Kind {
    /// NATS when `BATTAGLIE_TEST_NATS` is set, else the PostgreSQL bus (for a
    /// test that runs once, on the best bus there is).
    pub fn available() -> Kind {
        match std::env::var(NATS_ENV) {
            Ok(v) if !v.trim().is_empty() => Kind::Nats,
            _ => Kind::Postgres,
        }
    }

    /// Where the bus is.
    fn location(self) -> BusLocation {
        match self {
            Kind::Nats => {
                BusLocation::Nats(service(NATS_ENV, "a NATS server (nats://127.0.0.1:PORT)"))
            }
            Kind::Postgres => BusLocation::Postgres,
        }
    }
}

/// One node: its state, its router (HTTP in process) and its address (a real
/// listener, for WebSockets and browsers).
pub struct Node {
    /// The node's state.
    pub state: AppState,
    /// Its router, for requests in process.
    pub app: Router,
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Node {
    /// A node on `db` and `bus` whose clocks read `time`, serving on loopback
    /// with its timers (flags, evictions, computer turns), without rate limits.
    pub async fn start(
        db: &TestDb,
        bus: &BusLocation,
        lease: Duration,
        time: Arc<dyn Clock>,
    ) -> Node {
        let store = db.open().await;
        let state = battaglie_server::timed_node(
            store,
            &db.db,
            MemoryLimits::default(),
            Some(bus),
            lease,
            time,
        )
        .await
        .unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = state.clone();
        tokio::spawn(async move {
            let settings = HttpSettings::unlimited();
            let stopped = async move {
                let _ = stopped.await;
            };
            serve_on(listener, serving, &settings, stopped)
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

    /// Its address as a browser opens it (`http://127.0.0.1:PORT`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops the node: its searches end, its claims stay (as when it dies).
    pub fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.state.node.shut_down();
    }

    /// A WebSocket on game `id`, with a seat's `token` if given.
    pub async fn socket(&self, id: &str, token: Option<&str>) -> Socket {
        let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
        let url = format!("ws://{}/api/games/{id}/ws{q}", self.addr);
        tokio_tungstenite::connect_async(url).await.unwrap().0
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Two nodes on a fresh PostgreSQL schema and the `kind` bus, on the system's clock.
pub async fn two_nodes(kind: Kind, lease: Duration) -> (TestDb, Node, Node) {
    two_nodes_on(kind, lease, Arc::new(SystemClock)).await
}

/// Two nodes as [`two_nodes`] whose clocks both read `time` (a fake clock).
pub async fn two_timed_nodes(kind: Kind, time: Arc<dyn Clock>) -> (TestDb, Node, Node) {
    two_nodes_on(kind, Duration::from_secs(10), time).await
}

async fn two_nodes_on(kind: Kind, lease: Duration, time: Arc<dyn Clock>) -> (TestDb, Node, Node) {
    let bus = kind.location();
    let db = TestDb::new(Backend::Postgres).await;
    let a = Node::start(&db, &bus, lease, time.clone()).await;
    let b = Node::start(&db, &bus, lease, time).await;
    (db, a, b)
}

/// Runs each named test once per bus (`nats::NAME`, `postgres::NAME`); each
/// takes a [`Kind`].
#[macro_export]
macro_rules! on_both_buses {
    ($($name:ident),* $(,)?) => {
        mod nats {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
                async fn $name() {
                    super::$name($crate::support::cluster::Kind::Nats).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[ignore = "needs PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
                async fn $name() {
                    super::$name($crate::support::cluster::Kind::Postgres).await;
                }
            )*
        }
    };
}
