//! Throttles under parallel attack, on SQLite and PostgreSQL: each attempt is
//! counted in the database before its password is checked, so that requests
//! sent at once, through one node or two, pass no more checks than the policy
//! allows one after the other. The clock is a fake one, standing still: no
//! wait runs out while a test runs.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{Clock, FakeClock, Timestamp};
use battaglie_identity::Policy;
use serde_json::{json, Value};

use crate::support::client::{code, Answer, Browser};
use crate::support::{run, Backend, Server, TestDb};

/// A node over `db` whose clock stands still, and that clock.
async fn still(db: TestDb) -> (Server, Arc<dyn Clock>) {
    let time: Arc<dyn Clock> = Arc::new(FakeClock::new(Timestamp(1_767_225_600_000)));
    (Server::timed(db, time.clone()).await, time)
}

/// Sends `n` requests at once, alternating between `apps`, each from a copy of
/// `browser`: their answers.
async fn at_once(
    apps: &[Router],
    browser: &Browser,
    n: usize,
    method: &'static str,
    uri: &'static str,
    body: impl Fn(usize) -> Value,
) -> Vec<Answer> {
    let requests = (0..n).map(|i| {
        let app = apps[i % apps.len()].clone();
        let mut b = browser.clone();
        let body = body(i);
        async move { b.send(&app, method, uri, Some(body)).await }
    });
    futures_util::future::join_all(requests).await
}

/// How many answers are `status` with `code`; every other one must be a 429.
fn tally(answers: &[Answer], status: StatusCode, expected: &str) -> usize {
    let mut n = 0;
    for a in answers {
        match (a.status, code(a)) {
            (s, c) if s == status && c == expected => n += 1,
            (StatusCode::TOO_MANY_REQUESTS, "rate_limited") => {}
            other => panic!("unexpected answer {other:?}: {}", a.body),
        }
    }
    n
}

async fn forty_parallel_wrong_passwords_through_two_nodes_check_at_most_the_policys_number(
    db: TestDb,
) {
    let (s, time) = still(db).await;
    let mut owner = Browser::at("10.0.40.1");
    owner
        .register(&s.app, "Crazy_Horse", "powder river 1866")
        .await;
    let (_, other) = s.timed_node(time).await;
    let apps = [s.app.clone(), other];
    let answers = at_once(
        &apps,
        &Browser::at("10.0.40.2"),
        40,
        "POST",
        "/api/account/login",
        |i| json!({"name": "Crazy_Horse", "password": format!("guess number {i}")}),
    )
    .await;
    let checked = tally(&answers, StatusCode::UNAUTHORIZED, "login_invalid");
    assert!(
        (1..=Policy::NAME.free as usize).contains(&checked),
        "{checked} passwords checked"
    );
}

async fn twenty_parallel_registrations_from_one_address_make_at_most_the_policys_number(
    db: TestDb,
) {
    let (s, time) = still(db).await;
    let (_, other) = s.timed_node(time).await;
    let apps = [s.app.clone(), other];
    let answers = at_once(
        &apps,
        &Browser::at("10.0.41.1"),
        20,
        "POST",
        "/api/account/register",
        |i| json!({"name": format!("Farm_{i}"), "password": "powder river 1866"}),
    )
    .await;
    let made = tally(&answers, StatusCode::CREATED, "");
    assert!(
        (1..=Policy::REGISTRATION.free as usize).contains(&made),
        "{made} accounts made"
    );
}

async fn password_confirmation_is_throttled_for_changes_and_deletion_alike(db: TestDb) {
    let (s, _) = still(db).await;
    let mut owner = Browser::at("10.0.42.1");
    owner
        .register(&s.app, "Red_Cloud", "powder river 1866")
        .await;
    let apps = [s.app.clone()];
    let answers = at_once(
        &apps,
        &owner,
        20,
        "POST",
        "/api/account/password",
        |i| json!({"current": format!("guess number {i}"), "password": "a new password 1868"}),
    )
    .await;
    let checked = tally(&answers, StatusCode::FORBIDDEN, "wrong_password");
    assert!(
        (1..=Policy::NAME.free as usize).contains(&checked),
        "{checked} passwords checked"
    );
    // Deletion shares the count: wrong guesses there until the policy says wait...
    let wrong = json!({"password": "guess again"});
    let mut refused = None;
    for _ in checked..=Policy::NAME.free as usize {
        let a = owner
            .send(&s.app, "DELETE", "/api/account", Some(wrong.clone()))
            .await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(a);
            break;
        }
        assert_eq!(code(&a), "wrong_password", "{}", a.body);
    }
    assert_eq!(code(&refused.expect("a wait")), "rate_limited");
    // ...and then even the right password waits.
    let right = json!({"password": "powder river 1866"});
    let a = owner
        .send(&s.app, "DELETE", "/api/account", Some(right))
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
        "{}",
        a.body
    );
    assert!(owner.me(&s.app).await.status.is_success(), "not deleted");
}

async fn an_attackers_guessing_never_locks_the_owner_out_from_another_address(db: TestDb) {
    let (s, _) = still(db).await;
    Browser::at("10.0.43.1")
        .register(&s.app, "Gall", "powder river 1866")
        .await;
    // An attacker guesses until told to wait (the clock stands still: the wait holds).
    let mut attacker = Browser::at("10.0.43.2");
    let mut refused = false;
    for i in 0..=Policy::NAME.free {
        let a = attacker
            .login(&s.app, "Gall", &format!("guess number {i}"))
            .await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            refused = true;
            break;
        }
        assert_eq!(code(&a), "login_invalid", "{}", a.body);
    }
    assert!(refused, "the attacker was told to wait");
    // The owner, from an address that has not been guessing, logs in at once...
    let a = Browser::at("10.0.43.3")
        .login(&s.app, "Gall", "powder river 1866")
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // ...while the attacker, even with the right password, still waits.
    let a = attacker.login(&s.app, "Gall", "powder river 1866").await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
        "{}",
        a.body
    );
}

async fn an_ipv6_host_guessing_from_every_address_of_its_slash_64_counts_as_one(db: TestDb) {
    let (s, _) = still(db).await;
    // One host owns a whole /64: a new address for each guess, a new name each time.
    let mut answers = Vec::new();
    for i in 0..=Policy::ADDRESS.free {
        let mut b = Browser::at(&format!("2001:db8:7:7:{:x}::1", i + 1));
        answers.push(b.login(&s.app, &format!("Nobody_{i}"), "a guess").await);
    }
    let (last, first) = answers.split_last().unwrap();
    for a in first {
        assert_eq!(code(a), "login_invalid", "{}", a.body);
    }
    assert_eq!(
        (last.status, code(last)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
        "{}",
        last.body
    );
    // Another /64 is another address.
    let a = Browser::at("2001:db8:7:8::1")
        .login(&s.app, "Nobody_else", "a guess")
        .await;
    assert_eq!(code(&a), "login_invalid", "{}", a.body);
}

on_both_stores!(
    an_ipv6_host_guessing_from_every_address_of_its_slash_64_counts_as_one,
    an_attackers_guessing_never_locks_the_owner_out_from_another_address,
    forty_parallel_wrong_passwords_through_two_nodes_check_at_most_the_policys_number,
    twenty_parallel_registrations_from_one_address_make_at_most_the_policys_number,
    password_confirmation_is_throttled_for_changes_and_deletion_alike,
);
