//! Changes made from another site's page (login CSRF and the like): a form can
//! post only form or plain-text bodies without asking first, and a browser
//! names the page's site in `Origin` / `Sec-Fetch-Site`; both are refused,
//! login and registration included, while this site's own pages and clients
//! that are not browsers pass. A browser's change must also name a `Host` the
//! node serves (DNS rebinding), with the scheme and port of its `Origin`.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use battaglie_server::{app_with, serve_on, AppState, HttpSettings, Store};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// The site `https://battaglie.example`, which also takes changes from `origins`' pages.
fn settings(origins: &[&str]) -> HttpSettings {
    HttpSettings {
        origins: origins.iter().map(|o| o.to_string()).collect(),
        site: Some("https://battaglie.example".into()),
        ..HttpSettings::unlimited()
    }
}

async fn site(origins: &[&str]) -> Router {
    app_with(
        AppState::new(Store::memory().await.unwrap()),
        &settings(origins),
    )
}

/// `POST`s `body` to the site `battaglie.example` with `headers`: status, code.
async fn post(
    app: &Router,
    uri: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, String) {
    let mut req = Request::builder()
        .method("POST")
        .uri(uri)
        .header("host", "battaglie.example");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value["code"].as_str().unwrap_or("").to_string())
}

const JSON: (&str, &str) = ("content-type", "application/json");

fn credentials() -> String {
    json!({"name": "Sitting_Bull", "password": "powder river 1866"}).to_string()
}

#[tokio::test]
async fn a_form_posting_json_as_plain_text_cannot_register_or_log_in() {
    let app = site(&[]).await;
    for uri in ["/api/account/register", "/api/account/login"] {
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            let answer = post(&app, uri, &credentials(), &[("content-type", kind)]).await;
            assert_eq!(
                answer,
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "json_required".into()),
                "{uri} {kind}"
            );
        }
        let answer = post(&app, uri, &credentials(), &[]).await;
        assert_eq!(answer.1, "json_required", "{uri} without a type");
    }
    // Nothing was registered: the JSON way finds the name free.
    let made = post(&app, "/api/account/register", &credentials(), &[JSON]).await;
    assert_eq!(made.0, StatusCode::CREATED, "{made:?}");
}

#[tokio::test]
async fn a_change_from_another_sites_page_is_refused_and_this_sites_passes() {
    let app = site(&["https://friends.example"]).await;
    let foreign: [&[(&str, &str)]; 7] = [
        &[JSON, ("origin", "https://evil.example")],
        &[JSON, ("origin", "null")],
        &[JSON, ("sec-fetch-site", "cross-site")],
        &[JSON, ("sec-fetch-site", "same-site")],
        // This site's name, but another scheme or port.
        &[JSON, ("origin", "http://battaglie.example")],
        &[JSON, ("origin", "http://battaglie.example:8080")],
        &[JSON, ("origin", "https://battaglie.example:8443")],
    ];
    for headers in foreign {
        for uri in ["/api/account/register", "/api/account/login", "/api/games"] {
            let answer = post(&app, uri, &credentials(), headers).await;
            assert_eq!(
                answer,
                (StatusCode::FORBIDDEN, "cross_origin".into()),
                "{uri} {headers:?}"
            );
        }
    }
    let game = json!({"scenario": "washita", "mode": "hotseat"}).to_string();
    let own: [&[(&str, &str)]; 5] = [
        &[JSON, ("origin", "https://battaglie.example")],
        &[JSON, ("origin", "https://battaglie.example:443")],
        &[JSON, ("origin", "https://friends.example")],
        &[JSON, ("sec-fetch-site", "same-origin")],
        &[JSON],
    ];
    for headers in own {
        let answer = post(&app, "/api/games", &game, headers).await;
        assert_eq!(answer.0, StatusCode::CREATED, "{headers:?}: {answer:?}");
    }
}

#[tokio::test]
async fn a_record_may_still_be_imported_as_text_from_this_sites_page() {
    let app = site(&[]).await;
    let record = "[Scenario \"washita\"]\n";
    let answer = post(
        &app,
        "/api/records",
        record,
        &[
            ("content-type", "text/plain"),
            ("origin", "https://battaglie.example"),
        ],
    )
    .await;
    assert_ne!(answer.1, "json_required", "{answer:?}");
    assert_ne!(answer.1, "cross_origin", "{answer:?}");
    let answer = post(
        &app,
        "/api/records",
        record,
        &[
            ("content-type", "text/plain"),
            ("origin", "https://evil.example"),
        ],
    )
    .await;
    assert_eq!(answer, (StatusCode::FORBIDDEN, "cross_origin".into()));
}

/// `POST /api/games` to the node at `node` over TCP, naming `host` with `origin`:
/// the answer's status line.
async fn post_over_tcp(node: std::net::SocketAddr, host: &str, origin: &str) -> String {
    let body = json!({"scenario": "washita", "mode": "hotseat"}).to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(node).await.unwrap();
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tcp.read_to_end(&mut answer),
    )
    .await
    .expect("an answer")
    .unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.lines().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn a_page_whose_name_was_pointed_at_the_node_cannot_change_anything() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let node = listener.local_addr().unwrap();
    let state = AppState::new(Store::memory().await.unwrap());
    tokio::spawn(async move {
        serve_on(listener, state, &settings(&[]), std::future::pending())
            .await
            .unwrap();
    });
    let port = node.port();
    // DNS rebinding: evil.example now resolves to the node; its page is
    // same-origin to itself, and only the Host tells it apart.
    let evil = format!("evil.example:{port}");
    let status = post_over_tcp(node, &evil, &format!("http://{evil}")).await;
    assert!(status.contains(" 403 "), "{status}");
    // The address the node listens on, by number or as localhost, is its own...
    for host in [node.to_string(), format!("localhost:{port}")] {
        let status = post_over_tcp(node, &host, &format!("http://{host}")).await;
        assert!(status.contains(" 201 "), "{host}: {status}");
    }
    // ...over the scheme it speaks, and on its port only.
    let own = node.to_string();
    let status = post_over_tcp(node, &own, &format!("https://{own}")).await;
    assert!(status.contains(" 403 "), "{status}");
    let status = post_over_tcp(node, "127.0.0.1", "http://127.0.0.1").await;
    assert!(status.contains(" 403 "), "{status}");
}

#[tokio::test]
async fn through_a_trusted_proxy_the_host_the_page_names_is_served() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let node = listener.local_addr().unwrap();
    let state = AppState::new(Store::memory().await.unwrap());
    // A packaged node behind nginx on its machine, its public address left unset.
    let behind_nginx = HttpSettings {
        rate_limits: Some(battaglie_server::RateLimits {
            proxies: battaglie_server::Proxies::loopback(),
            ..battaglie_server::RateLimits::default()
        }),
        site: Some("http://localhost:8080".into()),
        ..HttpSettings::unlimited()
    };
    tokio::spawn(async move {
        serve_on(listener, state, &behind_nginx, std::future::pending())
            .await
            .unwrap();
    });
    // The proxy routed play.example here by its name: the site's own page may play.
    let status = post_over_tcp(node, "play.example", "https://play.example").await;
    assert!(status.contains(" 201 "), "{status}");
    // Another site's page is refused all the same.
    let status = post_over_tcp(node, "play.example", "https://evil.example").await;
    assert!(status.contains(" 403 "), "{status}");
}
