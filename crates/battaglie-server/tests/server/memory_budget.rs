//! A node over its memory budget lets games go, finished games first, and still
//! serves every one of them (they come back from the store).

use axum::http::StatusCode;
use battaglie_server::{app_with, AppState, HttpSettings, MemoryLimits};
use serde_json::{json, Value};

use crate::support::{send, Backend, TestDb};

async fn new_game(app: &axum::Router) -> (String, String) {
    let body = json!({"scenario": "washita", "mode": "hotseat"}).to_string();
    let (status, created) = send(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let s = |k: &str| created[k].as_str().unwrap().to_string();
    (s("id"), s("token"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_over_its_game_budget_lets_finished_games_go_first_and_still_serves_them() {
    let db = TestDb::new(Backend::Sqlite).await;
    let memory = MemoryLimits {
        max_games: 10,
        ..MemoryLimits::default()
    };
    let state = AppState::with_memory(db.open().await, memory);
    let app = app_with(state.clone(), &HttpSettings::unlimited());
    let mut finished = Vec::new();
    let mut ongoing = Vec::new();
    for n in 0..10 {
        let (id, token) = new_game(&app).await;
        if n % 2 == 0 {
            let body = json!({"token": token}).to_string();
            let (status, ended) =
                send(&app, "POST", &format!("/api/games/{id}/resign"), Some(body)).await;
            assert_eq!(status, StatusCode::OK, "{ended}");
            finished.push(id);
        } else {
            ongoing.push(id);
        }
    }
    // The finished games were used last: recency alone would keep them.
    for id in &finished {
        let (status, _) = send(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(state.games.games_in_memory(), 10);
    // The eleventh game puts the node over: two games go (down to 9, a tenth
    // under the budget), both finished ones.
    let (newest, _) = new_game(&app).await;
    assert_eq!(state.games.games_in_memory(), 9);
    let gone: Vec<&String> = finished
        .iter()
        .filter(|id| !state.games.holds(id))
        .collect();
    assert_eq!(gone.len(), 2, "two finished games left memory");
    assert!(
        ongoing.iter().all(|id| state.games.holds(id)),
        "every game in play stays"
    );
    assert!(state.games.holds(&newest));
    // Every game is still served, the ones gone read back from the store.
    for id in finished.iter().chain(&ongoing) {
        let (status, st): (StatusCode, Value) =
            send(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{st}");
        let over = finished.contains(id);
        assert_eq!(st["status"] == "over", over, "{id}: {st}");
    }
}

#[tokio::test]
async fn a_budget_too_small_for_a_node_is_refused_at_start_naming_the_least_that_holds_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battaglie.sqlite");
    let config = battaglie_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        metrics_addr: None,
        db: battaglie_server::Database::Sqlite(path.clone()),
        full_sync: false,
        http: HttpSettings::default(),
        memory: MemoryLimits {
            memory_mib: Some(50),
            ..MemoryLimits::default()
        },
        bus: None,
        lease: std::time::Duration::from_secs(10),
        notify: battaglie_server::notify::NotifySettings::default(),
    };
    let refused = battaglie_server::serve(config, |_| panic!("it started")).await;
    let message = refused.expect_err("a refusal").to_string();
    assert!(message.contains("50 MiB is too small"), "{message}");
    let least: u64 = message
        .split_once("needs ")
        .and_then(|(_, rest)| rest.split_once(" MiB or more"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no least budget named: {message}"));
    assert!(least > 50, "{message}");
    assert!(!path.exists(), "no database was opened");
}
