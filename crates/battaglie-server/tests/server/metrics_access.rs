//! `/metrics` is not for the public: on the main listener it answers only this
//! machine, not through a balancer; scrapers elsewhere read the listener of
//! `--metrics-addr`, which serves nothing else.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use battaglie_server::{app, metrics_router, AppState, Store};
use tower::ServiceExt;

async fn status(app: &Router, peer: [u8; 4], uri: &str, headers: &[(&str, &str)]) -> StatusCode {
    let mut req = Request::builder().uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut req = req.body(Body::empty()).unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(SocketAddr::from((peer, 40000))));
    app.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn metrics_answer_this_machine_only_and_never_through_a_balancer() {
    let state = AppState::new(Store::memory().await.unwrap());
    let site = app(state.clone());
    assert_eq!(
        status(&site, [127, 0, 0, 1], "/metrics", &[]).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&site, [203, 0, 113, 7], "/metrics", &[]).await,
        StatusCode::NOT_FOUND
    );
    for forwarded in ["x-real-ip", "x-forwarded-for", "forwarded"] {
        let through = [(forwarded, "203.0.113.7")];
        assert_eq!(
            status(&site, [127, 0, 0, 1], "/metrics", &through).await,
            StatusCode::NOT_FOUND,
            "{forwarded}"
        );
    }
    let scraper = metrics_router(state);
    assert_eq!(
        status(&scraper, [203, 0, 113, 7], "/metrics", &[]).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&scraper, [203, 0, 113, 7], "/api/scenarios", &[]).await,
        StatusCode::NOT_FOUND
    );
}
