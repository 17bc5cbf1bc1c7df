//! `GET /api/scenarios` and `GET /api/scenarios/{id}`: the built-in battles, with
//! everything a front end needs to draw and describe them.

use std::sync::LazyLock;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use axum::{Json, Router};
use battaglie_rules::Scenario;

use super::Error;
use super::RequestError;
use crate::view::{scenario_view, ScenarioView};
use crate::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/scenarios", get(list))
        .route("/scenarios/{id}", get(one))
}

/// The battles' list, the same bytes for the life of a build, and its tag (weak:
/// the answer may be compressed). Browsers keep it and ask again with the tag: a
/// second visit gets a 304 without the list instead of its 8 KB, which on a slow
/// network held the board back (docs/notebook/web-speed.md).
static LIST: LazyLock<(Bytes, String)> = LazyLock::new(|| {
    let list: Vec<ScenarioView> = Scenario::builtins().iter().map(scenario_view).collect();
    // Plain structs of strings and numbers: serializing them cannot fail.
    let body = Bytes::from(serde_json::to_vec(&list).expect("the battles serialize"));
    let tag = format!("W/{}", super::web::etag(&body));
    (body, tag)
});

async fn list(headers: HeaderMap) -> Response {
    let (body, tag) = &*LIST;
    let validators = [
        (header::CACHE_CONTROL, "no-cache"),
        (header::ETAG, tag.as_str()),
    ];
    if super::web::not_modified(&headers, tag) {
        return (StatusCode::NOT_MODIFIED, validators).into_response();
    }
    (
        validators,
        [(header::CONTENT_TYPE, "application/json")],
        body.clone(),
    )
        .into_response()
}

async fn one(Path(id): Path<String>) -> Result<Json<ScenarioView>, Error> {
    Scenario::builtin(&id)
        .map(|s| Json(scenario_view(&s)))
        .ok_or_else(|| RequestError::NoScenario(id).into())
}
