//! Passwords checked under a burst: at most `HASHES_AT_ONCE` are hashed at a
//! time (19 MiB each, counted in the memory budget); a login finding every turn
//! taken waits briefly for one, then is answered 503 `busy` with `Retry-After`.

use axum::http::StatusCode;
use battaglie_server::accounts::HASHES_AT_ONCE;

use crate::support::client::Browser;
use crate::support::{Backend, Server};

const NAME: &str = "Hasty_Scout";
const PASSWORD: &str = "seventh cavalry 1868";

#[tokio::test]
async fn a_login_finding_every_hashing_turn_taken_is_answered_503_busy() {
    let s = Server::new(Backend::Sqlite).await;
    Browser::at("10.2.0.1")
        .register(&s.app, NAME, PASSWORD)
        .await;
    let turns = s.state.accounts.hashing().turns();
    // Every turn held, as by logins hashing meanwhile.
    let held = turns
        .acquire_many(u32::try_from(HASHES_AT_ONCE).unwrap())
        .await
        .unwrap();
    let busy = Browser::at("10.2.0.2").login(&s.app, NAME, PASSWORD).await;
    assert_eq!(
        busy.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        busy.body
    );
    assert_eq!(busy.body["code"], "busy", "{}", busy.body);
    assert_eq!(busy.retry_after.as_deref(), Some("1"));

    // A login waiting for its turn gets it once one is free.
    let mut waiting = Browser::at("10.2.0.3");
    let login = waiting.login(&s.app, NAME, PASSWORD);
    let release = async move {
        tokio::task::yield_now().await;
        drop(held);
    };
    let (served, ()) = tokio::join!(login, release);
    assert_eq!(served.status, StatusCode::OK, "{}", served.body);
}
