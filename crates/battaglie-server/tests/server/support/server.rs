//! One node over a fresh database of either kind, and the macro that runs a test
//! once on each store.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use std::sync::Arc;

use battaglie_community::Clock;
use battaglie_server::{app_with, AppState, Cluster, HttpSettings, MemoryLimits, RateLimits};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use super::{Backend, TestDb};

/// One node over a fresh database. It reads client addresses from `X-Real-IP`,
/// as behind a balancer, so that each test's players come from addresses of
/// their own; a request without the header counts as the same one client.
pub struct Server {
    /// The database, alive as long as the server.
    pub db: TestDb,
    /// The node's state.
    pub state: AppState,
    /// Its router.
    pub app: Router,
}

/// The settings of a test node: its requests, handed over in-process, come from
/// no peer (0.0.0.0), trusted as a balancer so that a test names each client's
/// address with `X-Real-IP`.
fn settings() -> HttpSettings {
    HttpSettings {
        rate_limits: Some(RateLimits {
            proxies: "0.0.0.0".parse().unwrap(),
            ..RateLimits::default()
        }),
        ..HttpSettings::default()
    }
}

impl Server {
    /// A node over a fresh `backend` database.
    pub async fn new(backend: Backend) -> Server {
        let db = TestDb::new(backend).await;
        let state = AppState::new(db.open().await);
        Server {
            app: app_with(state.clone(), &settings()),
            state,
            db,
        }
    }

    /// A node over `db` whose game clocks read `time` (a fake clock), its flag
    /// timer running as in `battaglie serve`.
    pub async fn timed(db: TestDb, time: Arc<dyn Clock>) -> Server {
        let (state, app) = Server::timed_node_on(&db, time).await;
        Server { db, state, app }
    }

    /// Another node on the same database and the same `time` (what a second
    /// machine, or the same one restarted, sees).
    pub async fn timed_node(&self, time: Arc<dyn Clock>) -> (AppState, Router) {
        Server::timed_node_on(&self.db, time).await
    }

    async fn timed_node_on(db: &TestDb, time: Arc<dyn Clock>) -> (AppState, Router) {
        let state = AppState::with_time(
            db.open().await,
            MemoryLimits::default(),
            Cluster::default(),
            time,
        );
        state.games.start_beating().await;
        state.games.spawn_flag_timer();
        (state.clone(), app_with(state, &settings()))
    }

    /// Another node on the same database (what a second machine sees).
    pub async fn second_node(&self) -> (AppState, Router) {
        let state = AppState::new(self.db.open().await);
        (state.clone(), app_with(state, &settings()))
    }
}

/// What a test is given: a server, or only a fresh database.
pub trait Fixture: Sized {
    /// Makes one over `backend`.
    async fn make(backend: Backend) -> Self;
}

impl Fixture for Server {
    async fn make(backend: Backend) -> Server {
        Server::new(backend).await
    }
}

impl Fixture for TestDb {
    async fn make(backend: Backend) -> TestDb {
        TestDb::new(backend).await
    }
}

/// Runs `test` on a fixture over `backend`.
pub async fn run<F: Fixture, Fut: std::future::Future<Output = ()>>(
    backend: Backend,
    test: impl FnOnce(F) -> Fut,
) {
    test(F::make(backend).await).await;
}

/// Sends a request without cookies (a JSON body when given): the status and the
/// body as JSON (a JSON string when it is not JSON).
pub async fn send(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, Value) {
    let (status, text) = send_raw(app, method, uri, body).await;
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// `POST`s a JSON body as [`send`] does.
pub async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    send(app, "POST", uri, Some(body.to_string())).await
}

/// Creates an online Washita game: its id, the Army's token and the Indians'.
pub async fn online_game(app: &Router) -> (String, String, String) {
    let body = serde_json::json!({"scenario": "washita", "mode": "online", "side": "army"});
    let (status, created) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let token = |k: &str| created[k].as_str().unwrap().to_string();
    (token("id"), token("token"), token("other_token"))
}

/// Sends a request as [`send`] does: the status and the body's text.
pub async fn send_raw(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, String) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req.body(body.map(Body::from).unwrap_or_default()).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Runs each named test once on SQLite and once on PostgreSQL (`sqlite::NAME`,
/// `postgres::NAME`); each takes a [`Fixture`]. The PostgreSQL half is marked
/// ignored (it needs `BATTAGLIE_TEST_POSTGRES`; `.ci/run` runs it). The test
/// file imports `run` and `Backend` from the support module.
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::run(super::Backend::Sqlite, super::$name).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                #[ignore = "needs PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
                async fn $name() {
                    super::run(super::Backend::Postgres, super::$name).await;
                }
            )*
        }
    };
}
