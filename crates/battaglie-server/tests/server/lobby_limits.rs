//! Challenge spam held, on SQLite and PostgreSQL: an account holds a few
//! challenges open at once and posts them no faster than the policy, direct
//! ones included; a deleted account's challenges leave the lobby.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{Clock, FakeClock, Timestamp};
use battaglie_identity::Policy;
use battaglie_server::lobby::MAX_OPEN_CHALLENGES;
use serde_json::{json, Value};

use crate::support::client::{code, Answer, Browser};
use crate::support::{run, Backend, Server, TestDb};

const PASSWORD: &str = "powder river 1866";

async fn player(app: &Router, name: &str, address: &str) -> Browser {
    let mut b = Browser::at(address);
    b.register(app, name, PASSWORD).await;
    b
}

async fn challenge(app: &Router, who: &mut Browser, to: Option<&str>) -> Answer {
    let mut body = json!({"battle": "washita", "side": "random", "control": "10+5"});
    if let Some(name) = to {
        body["to"] = json!(name);
    }
    who.send(app, "POST", "/api/challenges", Some(body)).await
}

async fn lobby(app: &Router, who: &mut Browser) -> Vec<Value> {
    let a = who.send(app, "GET", "/api/lobby", None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["challenges"].as_array().unwrap().clone()
}

async fn open_challenges_are_capped_and_posted_no_faster_than_the_policy(db: TestDb) {
    let clock = Arc::new(FakeClock::new(Timestamp(1_767_225_600_000)));
    let s = Server::timed(db, clock.clone() as Arc<dyn Clock>).await;
    let app = &s.app;
    let mut spammer = player(app, "Spam_Rider", "10.0.60.1").await;
    let _target = player(app, "Quiet_One", "10.0.60.2").await;
    let mut ids = Vec::new();
    for i in 0..MAX_OPEN_CHALLENGES {
        // Direct challenges count with the open ones.
        let to = (i % 2 == 0).then_some("Quiet_One");
        let a = challenge(app, &mut spammer, to).await;
        assert_eq!(a.status, StatusCode::CREATED, "{i}: {}", a.body);
        ids.push(a.body["id"].as_str().unwrap().to_string());
    }
    for to in [None, Some("Quiet_One")] {
        let a = challenge(app, &mut spammer, to).await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::CONFLICT, "too_many_challenges"),
            "{}",
            a.body
        );
    }
    // Room again, but posted too fast: the policy's wait.
    let a = spammer
        .send(app, "DELETE", &format!("/api/challenges/{}", ids[0]), None)
        .await;
    assert!(a.status.is_success(), "{}", a.body);
    let a = challenge(app, &mut spammer, None).await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
        "{}",
        a.body
    );
    clock.advance(Policy::CHALLENGES.base);
    let a = challenge(app, &mut spammer, None).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let mut watcher = Browser::at("10.0.60.3");
    let listed = lobby(app, &mut watcher).await;
    // The open ones (the direct ones are not for a guest to see), the last included.
    assert_eq!(listed.len(), MAX_OPEN_CHALLENGES / 2 + 1, "{listed:?}");
}

async fn a_deleted_accounts_challenges_are_withdrawn(s: Server) {
    let app = &s.app;
    let mut leaver = player(app, "Soon_Gone", "10.0.61.1").await;
    let mut other = player(app, "Stays_On", "10.0.61.2").await;
    let open = challenge(app, &mut leaver, None).await;
    assert_eq!(open.status, StatusCode::CREATED, "{}", open.body);
    assert_eq!(
        challenge(app, &mut leaver, Some("Stays_On")).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        challenge(app, &mut other, Some("Soon_Gone")).await.status,
        StatusCode::CREATED
    );
    let a = leaver
        .send(
            app,
            "DELETE",
            "/api/account",
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert!(a.status.is_success(), "{}", a.body);
    let listed = lobby(app, &mut other).await;
    assert!(listed.is_empty(), "left in the lobby: {listed:?}");
    let mut guest = Browser::at("10.0.61.3");
    assert!(lobby(app, &mut guest).await.is_empty());
    let mut taker = player(app, "Would_Take", "10.0.61.4").await;
    let id = open.body["id"].as_str().unwrap();
    let a = taker
        .send(app, "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::CONFLICT, "challenge_closed"),
        "{}",
        a.body
    );
}

on_both_stores!(
    open_challenges_are_capped_and_posted_no_faster_than_the_policy,
    a_deleted_accounts_challenges_are_withdrawn,
);
