//! Rate limits as a site applies them: the client's address is read from
//! `X-Real-IP` only when the request comes from a trusted balancer (a client
//! sending the header itself cannot rotate its address), and with shared buckets
//! the limits hold for the whole site, requests split across its nodes, on
//! SQLite and (with `BATTAGLIE_TEST_POSTGRES`) PostgreSQL.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use battaglie_server::{app_with, AppState, HttpSettings, Quota, RateLimits};
use serde_json::json;
use tower::ServiceExt;

use crate::support::{run, Backend, TestDb};

/// Three creations, then one an hour.
const STRICT: Quota = Quota {
    every: Duration::from_secs(3600),
    burst: 3,
};

fn settings(proxies: &str, shared: bool) -> HttpSettings {
    HttpSettings {
        rate_limits: Some(RateLimits {
            creates: STRICT,
            proxies: proxies.parse().unwrap(),
            shared,
            ..RateLimits::default()
        }),
        ..HttpSettings::default()
    }
}

/// A new game asked for by `peer`, naming `real_ip` if given: the status.
async fn create(app: &Router, peer: [u8; 4], real_ip: Option<String>) -> StatusCode {
    let mut req = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(ip) = real_ip {
        req = req.header("x-real-ip", ip);
    }
    let mut req = req
        .body(Body::from(
            json!({"scenario": "washita", "mode": "hotseat"}).to_string(),
        ))
        .unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(SocketAddr::from((peer, 40000))));
    app.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn a_client_outside_the_trusted_balancers_cannot_rotate_its_address_with_headers() {
    let db = TestDb::new(Backend::Sqlite).await;
    let app = app_with(
        AppState::new(db.open().await),
        &settings("10.0.0.0/8", false),
    );
    let mut answers = Vec::new();
    for n in 0..6 {
        answers.push(create(&app, [203, 0, 113, 9], Some(format!("198.51.100.{n}"))).await);
    }
    assert_eq!(
        answers
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count(),
        3,
        "the peer's own bucket, whatever X-Real-IP says: {answers:?}"
    );
    assert_eq!(answers[3], StatusCode::TOO_MANY_REQUESTS);
    // Through the balancer, each client has its own bucket.
    for n in 0..6 {
        assert_eq!(
            create(&app, [10, 0, 0, 1], Some(format!("198.51.100.{n}"))).await,
            StatusCode::CREATED,
            "client {n} behind the balancer"
        );
    }
}

async fn the_rate_limits_hold_for_the_site_with_requests_split_across_nodes(db: TestDb) {
    let proxied = settings("0.0.0.0", true);
    let nodes = [
        app_with(AppState::new(db.open().await), &proxied),
        app_with(AppState::new(db.open().await), &proxied),
    ];
    // Twenty creations at once from one client, split across the two nodes.
    let asks = (0..20).map(|n| {
        let node = nodes[n % 2].clone();
        tokio::spawn(async move { create(&node, [0, 0, 0, 0], Some("198.51.100.7".into())).await })
    });
    let mut answers = Vec::new();
    for ask in asks {
        answers.push(ask.await.unwrap());
    }
    let created = answers
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    assert_eq!(created, 3, "the site's limit, not each node's: {answers:?}");
    assert!(answers
        .iter()
        .all(|s| *s == StatusCode::CREATED || *s == StatusCode::TOO_MANY_REQUESTS));
    // Another client has a bucket of its own, on either node.
    assert_eq!(
        create(&nodes[1], [0, 0, 0, 0], Some("198.51.100.8".into())).await,
        StatusCode::CREATED
    );
}

on_both_stores!(the_rate_limits_hold_for_the_site_with_requests_split_across_nodes);
