//! A damaged SQLite file: the server refuses to start on it, naming the
//! problem, and a node that found damage while serving is not ready.

use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use battaglie_server::{
    app, app_with, AppState, Config, Database, HttpSettings, MemoryLimits, Store,
};
use serde_json::json;
use sqlx::Connection;

use crate::support::wait::until;
use crate::support::{post, send_raw};

/// A SQLite file holding some games, then garbage written over its last pages
/// (a table's or an index's, not the schema's): its directory and path.
async fn damaged_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battaglie.sqlite");
    let store = Store::open(&path).await.unwrap();
    let app = app_with(AppState::new(store.clone()), &HttpSettings::unlimited());
    for _ in 0..40 {
        let (status, body) = post(
            &app,
            "/api/games",
            json!({"scenario": "washita", "mode": "hotseat"}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    store.close().await;
    checkpoint(&path).await;
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    assert!(len > 64 * 1024, "{len} bytes");
    for b in &mut bytes[len - 4096..] {
        *b = 0x5a;
    }
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

/// Everything in the write-ahead log moved into the file itself.
async fn checkpoint(path: &Path) {
    let url = format!("sqlite://{}", path.display());
    let mut c = sqlx::SqliteConnection::connect(&url).await.unwrap();
    // A checkpoint is refused as busy while a closing pool still reads: retried.
    let done = until(std::time::Duration::from_secs(10), async || {
        let (busy,): (i64,) = sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&mut c)
            .await
            .unwrap();
        if busy == 0 {
            Ok(())
        } else {
            Err(())
        }
    })
    .await;
    assert_eq!(done, Ok(()), "the write-ahead log was never checkpointed");
    c.close().await.unwrap();
}

#[tokio::test]
async fn the_server_refuses_to_start_on_a_damaged_file_and_names_the_problem() {
    let (_dir, path) = damaged_file().await;
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        metrics_addr: None,
        db: Database::Sqlite(path.clone()),
        full_sync: false,
        http: HttpSettings::default(),
        memory: MemoryLimits::default(),
        bus: None,
        lease: std::time::Duration::from_secs(10),
        notify: battaglie_server::notify::NotifySettings::default(),
    };
    let refused = battaglie_server::serve(config, |_| panic!("it started")).await;
    let message = refused.expect_err("a refusal").to_string();
    assert!(message.contains("is damaged"), "{message}");
    assert!(message.contains("battaglie.sqlite"), "{message}");
    assert!(message.contains("db check"), "{message}");
}

#[tokio::test]
async fn a_node_that_found_damage_is_not_ready_and_still_alive() {
    let (_dir, path) = damaged_file().await;
    let store = Store::open(&path).await.unwrap();
    let found = store.quick_check().await.unwrap();
    assert!(found.is_some(), "the damage is found");
    let app = app(AppState::new(store));
    let (status, text) = send_raw(&app, "GET", "/readyz", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{text}");
    assert!(text.contains("damaged"), "{text}");
    let (status, _) = send_raw(&app, "GET", "/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_sound_file_passes_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("sound.sqlite")).await.unwrap();
    assert_eq!(store.quick_check().await.unwrap(), None);
    assert_eq!(store.damage(), None);
}
