//! Changes made from another site's page (login CSRF and the like): a form can
//! post only form or plain-text bodies without asking first, and a browser
//! names the page's site in `Origin` / `Sec-Fetch-Site`; both are refused,
//! login and registration included, while this site's own pages and clients
//! that are not browsers pass.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use battaglie_server::{app_with, AppState, HttpSettings, Store};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn site(origins: &[&str]) -> Router {
    let settings = HttpSettings {
        origins: origins.iter().map(|o| o.to_string()).collect(),
        ..HttpSettings::unlimited()
    };
    app_with(AppState::new(Store::memory().await.unwrap()), &settings)
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
    let foreign: [&[(&str, &str)]; 4] = [
        &[JSON, ("origin", "https://evil.example")],
        &[JSON, ("origin", "null")],
        &[JSON, ("sec-fetch-site", "cross-site")],
        &[JSON, ("sec-fetch-site", "same-site")],
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
        &[JSON, ("origin", "http://battaglie.example:8080")],
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
