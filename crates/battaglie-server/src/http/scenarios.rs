//! `GET /api/scenarios` and `GET /api/scenarios/{id}`: the built-in battles, with
//! everything a front end needs to draw and describe them.

use axum::extract::Path;
use axum::routing::get;

use axum::{Json, Router};
use battaglie_rules::Scenario;

use super::{Error, ErrorCode};
use crate::view::{scenario_view, ScenarioView};
use crate::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/scenarios", get(list))
        .route("/scenarios/{id}", get(one))
}

async fn list() -> Json<Vec<ScenarioView>> {
    Json(Scenario::builtins().iter().map(scenario_view).collect())
}

async fn one(Path(id): Path<String>) -> Result<Json<ScenarioView>, Error> {
    Scenario::builtin(&id)
        .map(|s| Json(scenario_view(&s)))
        .ok_or_else(|| {
            Error::not_found(format!("no scenario {id:?}")).code(ErrorCode::UnknownScenario {
                id: id.to_owned(),
                known: None,
            })
        })
}
