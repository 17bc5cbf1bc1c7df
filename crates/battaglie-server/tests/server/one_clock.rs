//! One time source: session expiry, login throttles' stamps and rating
//! history dates follow the server's clock (a fake one here), not the
//! machine's, on SQLite and (with `BATTAGLIE_TEST_POSTGRES`) PostgreSQL.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use battaglie_community::{FakeClock, Timestamp};
use battaglie_identity::SESSION_IDLE;
use serde_json::json;

use crate::support::client::{rated_game, Browser};
use crate::support::{run, send, Backend, Server, TestDb};

/// Long before the machine's clock: a stamp from the wall clock would show.
const T0: Timestamp = Timestamp(1_600_000_000_000);
const DAY: Duration = Duration::from_secs(86_400);

async fn a_session_ends_when_the_server_clock_passes_its_idle_limit(db: TestDb) {
    let clock = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, clock.clone()).await;
    let app = &s.app;
    let mut ann = Browser::at("10.9.0.1");
    ann.register(app, "Ann_Clock", "little big horn 1876").await;
    clock.advance(SESSION_IDLE - DAY);
    assert_eq!(ann.me(app).await.status, StatusCode::OK, "still open");
    // Used a day before its idle limit: it lasts another idle period from then.
    clock.advance(SESSION_IDLE - DAY);
    assert_eq!(
        ann.me(app).await.status,
        StatusCode::OK,
        "touched, still open"
    );
    clock.advance(SESSION_IDLE);
    let me = ann.me(app).await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED, "{}", me.body);
}

async fn a_rating_stamp_is_the_server_clock_s_time(db: TestDb) {
    let clock = Arc::new(FakeClock::new(T0));
    let s = Server::timed(db, clock.clone()).await;
    let app = &s.app;
    let mut army = Browser::at("10.9.0.2");
    army.register(app, "Custer_Clock", "little big horn 1876")
        .await;
    let mut indians = Browser::at("10.9.0.3");
    indians
        .register(app, "Kettle_Clock", "little big horn 1876")
        .await;
    let (id, _, other) = rated_game(app, &mut army, &mut indians).await;
    clock.advance(3 * DAY);
    let (status, body) = send(
        app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(json!({ "token": other }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, page) = send(app, "GET", "/api/players/Custer_Clock", None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        page["history"][0]["at"],
        json!(T0.plus(3 * DAY).0),
        "{page}"
    );
}

on_both_stores!(
    a_session_ends_when_the_server_clock_passes_its_idle_limit,
    a_rating_stamp_is_the_server_clock_s_time,
);
