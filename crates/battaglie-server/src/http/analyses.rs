//! The engine's analysis of a game: `POST /api/games/{id}/analysis` starts it (or
//! answers the stored one), `GET` answers its progress and what is judged so far
//! (nothing, `started: false`, before anybody asked); `POST /api/records/analysis`
//! imports a record as an ended game and starts its analysis.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::limits::Limiters;
use super::{detached, Error};
use crate::game::routes::record_text;
use crate::game::AnalysisReport;
use crate::AppState;

pub(super) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new()
        .route(
            "/games/{id}/analysis",
            get(progress).post(limiters.creates(post(start))),
        )
        .route("/records/analysis", limiters.creates(post(import)))
}

/// 200 once complete or not started (there is nothing to wait for), 202 while it
/// runs (or stopped and waits to be asked again).
fn answer(report: AnalysisReport) -> Response {
    let status = if report.analysis.complete || !report.started {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    (status, Json(report)).into_response()
}

async fn progress(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    Ok(answer(state.games.analysis(&id).await?))
}

async fn start(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, Error> {
    let report = detached(async move { Ok(state.games.analyse(&id).await?) }).await?;
    Ok(answer(report))
}

async fn import(
    State(state): State<AppState>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, Error> {
    let text = record_text(body)?;
    let (created, report) = detached(async move {
        let (created, live) = state.games.import(&text).await?;
        Ok((created, state.games.analyse(live.id()).await?))
    })
    .await?;
    let mut body = serde_json::to_value(&created).map_err(Error::internal)?;
    body["analysis"] = serde_json::to_value(&report).map_err(Error::internal)?;
    Ok((StatusCode::CREATED, Json(body)).into_response())
}
