//! What protects a public server: rate limits, health and readiness, metrics,
//! cacheable compressed files, WebSocket limits and a graceful stop.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use battaglie_server::{app_with, AppState, HttpSettings, Quota, RateLimits, Store};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

async fn state() -> AppState {
    AppState::new(Store::memory().await.unwrap())
}

async fn call(app: &Router, req: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let res = app.clone().oneshot(req).await.unwrap();
    let (parts, body) = res.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status, parts.headers, bytes)
}

fn from(ip: [u8; 4], method: &str, uri: &str, body: Option<Value>) -> Request<Body> {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or(Body::empty(), |b| Body::from(b.to_string())))
        .unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(SocketAddr::from((ip, 40000))));
    req
}

#[tokio::test]
async fn an_address_over_its_rate_limit_is_answered_429_and_others_are_not() {
    let strict = Quota {
        every: Duration::from_secs(3600),
        burst: 3,
    };
    let settings = HttpSettings {
        rate_limits: Some(RateLimits {
            creates: strict,
            moves: strict,
            ..RateLimits::default()
        }),
        ..HttpSettings::default()
    };
    let app = app_with(state().await, &settings);
    let new = json!({"scenario": "washita", "mode": "hotseat"});
    let mut created = Vec::new();
    for _ in 0..3 {
        let (status, _, body) = call(
            &app,
            from([10, 0, 0, 1], "POST", "/api/games", Some(new.clone())),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        created.push(serde_json::from_slice::<Value>(&body).unwrap());
    }
    let (status, headers, body) = call(
        &app,
        from([10, 0, 0, 1], "POST", "/api/games", Some(new.clone())),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(headers.contains_key(header::RETRY_AFTER));
    let err: Value = serde_json::from_slice(&body).unwrap();
    assert!(
        err["error"].as_str().unwrap().contains("too many requests"),
        "{err}"
    );
    // Imports share the creations' bucket.
    let (status, _, _) = call(
        &app,
        from([10, 0, 0, 1], "POST", "/api/records", Some(json!({}))),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // Another address has buckets of its own; reading is never limited.
    let (status, _, _) = call(&app, from([10, 0, 0, 2], "POST", "/api/games", Some(new))).await;
    assert_eq!(status, StatusCode::CREATED);
    let id = created[0]["id"].as_str().unwrap();
    for _ in 0..10 {
        let (status, _, _) = call(
            &app,
            from([10, 0, 0, 1], "GET", &format!("/api/games/{id}"), None),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    // Moves: three, then 429.
    let token = created[0]["token"].as_str().unwrap();
    let uri = format!("/api/games/{id}/moves");
    let mut state = created[0]["state"].clone();
    for _ in 0..3 {
        let mv = crate::support::first_legal(&state);
        let (status, _, body) = call(
            &app,
            from(
                [10, 0, 0, 1],
                "POST",
                &uri,
                Some(json!({"token": token, "move": mv})),
            ),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        state = serde_json::from_slice(&body).unwrap();
    }
    let mv = crate::support::first_legal(&state);
    let (status, _, _) = call(
        &app,
        from(
            [10, 0, 0, 1],
            "POST",
            &uri,
            Some(json!({"token": token, "move": mv})),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn health_readiness_and_metrics_answer() {
    let state = state().await;
    let app = app_with(state.clone(), &HttpSettings::default());
    let (status, _, body) = call(&app, from([127, 0, 0, 1], "GET", "/healthz", None)).await;
    assert_eq!(
        (status, body.as_slice()),
        (StatusCode::OK, b"ok\n".as_slice())
    );
    let (status, _, _) = call(&app, from([127, 0, 0, 1], "GET", "/readyz", None)).await;
    assert_eq!(status, StatusCode::OK);

    let (_, _, body) = call(
        &app,
        from(
            [127, 0, 0, 1],
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "hotseat"})),
        ),
    )
    .await;
    let created: Value = serde_json::from_slice(&body).unwrap();
    let (id, token) = (
        created["id"].as_str().unwrap(),
        created["token"].as_str().unwrap(),
    );
    let mv = &crate::support::first_legal(&created["state"]);
    let (status, _, _) = call(
        &app,
        from(
            [127, 0, 0, 1],
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": token, "move": mv})),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, headers, body) = call(&app, from([127, 0, 0, 1], "GET", "/metrics", None)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .contains("openmetrics"));
    let text = String::from_utf8(body).unwrap();
    for line in [
        "battaglie_moves_total 1",
        "battaglie_games_live 1",
        "battaglie_websockets 0",
        "battaglie_move_seconds_count 1",
        "battaglie_computer_think_seconds_count 0",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "{line:?} missing from\n{text}"
        );
    }

    // Shutting down: not ready any more (the balancer stops sending), still alive.
    state.node.shut_down();
    let (status, _, _) = call(&app, from([127, 0, 0, 1], "GET", "/readyz", None)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, _, _) = call(&app, from([127, 0, 0, 1], "GET", "/healthz", None)).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn static_files_are_compressed_and_revalidated_by_etag() {
    let app = app_with(state().await, &HttpSettings::default());
    let script = crate::support::bundled("app-", ".js");
    let style = crate::support::bundled("style-", ".css");
    for uri in ["/", script.as_str(), style.as_str()] {
        let mut req = from([127, 0, 0, 1], "GET", uri, None);
        req.headers_mut()
            .insert(header::ACCEPT_ENCODING, "gzip".parse().unwrap());
        let (status, headers, gzipped) = call(&app, req).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip", "{uri}");
        let (_, plain_headers, plain) = call(&app, from([127, 0, 0, 1], "GET", uri, None)).await;
        assert!(plain_headers.get(header::CONTENT_ENCODING).is_none());
        assert!(
            gzipped.len() < plain.len(),
            "{uri}: {} >= {}",
            gzipped.len(),
            plain.len()
        );
        let etag = headers[header::ETAG].clone();
        assert_eq!(plain_headers[header::ETAG], etag);
        let mut again = from([127, 0, 0, 1], "GET", uri, None);
        again.headers_mut().insert(header::IF_NONE_MATCH, etag);
        let (status, _, body) = call(&app, again).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(body.is_empty());
    }
}

#[tokio::test]
async fn api_answers_are_compressed_for_a_browser_that_accepts_it() {
    let app = app_with(state().await, &HttpSettings::default());
    let mut req = from([127, 0, 0, 1], "GET", "/api/scenarios", None);
    req.headers_mut()
        .insert(header::ACCEPT_ENCODING, "gzip".parse().unwrap());
    let (status, headers, gzipped) = call(&app, req).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
    let (_, plain_headers, plain) =
        call(&app, from([127, 0, 0, 1], "GET", "/api/scenarios", None)).await;
    assert!(plain_headers.get(header::CONTENT_ENCODING).is_none());
    assert!(
        gzipped.len() * 2 < plain.len(),
        "{} gzipped of {}",
        gzipped.len(),
        plain.len()
    );
}

/// A server on a loopback port, stopped when `stop` fires.
async fn listen(
    state: AppState,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        battaglie_server::serve_on(listener, state, &HttpSettings::default(), async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (addr, stop, server)
}

/// An online game made through another node on the same store.
async fn new_online_game(state: &AppState) -> Value {
    let app = app_with(state.clone(), &HttpSettings::default());
    let new = json!({"scenario": "washita", "mode": "online"});
    let (status, _, body) = call(&app, from([127, 0, 0, 1], "POST", "/api/games", Some(new))).await;
    assert_eq!(status, StatusCode::CREATED);
    serde_json::from_slice(&body).unwrap()
}

async fn close_frame(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> (u16, String) {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Close(Some(frame)))) => {
                    return (u16::from(frame.code), frame.reason.to_string())
                }
                Some(Ok(Message::Close(None))) | None => panic!("closed without a close code"),
                Some(Err(e)) => panic!("the socket broke without a close frame: {e}"),
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("a close frame in time")
}

#[tokio::test]
async fn a_websocket_message_over_the_limit_is_closed_with_1009_and_a_reason() {
    let state = state().await;
    let (addr, _stop, _server) = listen(state.clone()).await;
    let created = new_online_game(&state).await;
    let id = created["id"].as_str().unwrap();
    for size in [
        battaglie_server::WS_MESSAGE_LIMIT + 1,
        battaglie_server::WS_MESSAGE_LIMIT * 64,
    ] {
        let (mut ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
                .await
                .unwrap();
        let _ = ws.send(Message::Text("x".repeat(size).into())).await;
        let (code, reason) = close_frame(&mut ws).await;
        assert_eq!(code, battaglie_server::CLOSE_TOO_BIG, "{size} bytes");
        assert!(reason.contains("4096"), "{reason}");
    }
}

#[tokio::test]
async fn a_stopping_server_tells_its_sockets_to_reconnect_and_exits() {
    let state = state().await;
    let (addr, stop, server) = listen(state.clone()).await;
    let created = new_online_game(&state).await;
    let id = created["id"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    assert!(matches!(ws.next().await, Some(Ok(Message::Text(_)))));
    stop.send(()).unwrap();
    let (code, reason) = close_frame(&mut ws).await;
    assert_eq!(code, battaglie_server::CLOSE_RESTART);
    assert!(reason.contains("reconnect"), "{reason}");
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server exits")
        .unwrap();
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "still accepting"
    );
}
