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

use super::service::Analyses;
use super::wire::{AnalysisReport, ImportedAnalysis};
use crate::game::routes::record_text;
use crate::http::{detached, Error, Limiters, Visitor};
use crate::AppState;

/// The analyses' routes, starting one (a search of every move) limited as a
/// game's creation is.
pub(crate) fn router(limiters: &Limiters) -> Router<AppState> {
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
    State(analyses): State<Analyses>,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    Ok(answer(analyses.report(&id).await?))
}

async fn start(
    State(analyses): State<Analyses>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Error> {
    let address = visitor.address;
    let report = detached(async move { Ok(analyses.start(&id, &address).await?) }).await?;
    Ok(answer(report))
}

async fn import(
    State(analyses): State<Analyses>,
    visitor: Visitor,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, Error> {
    let text = record_text(body)?;
    let address = visitor.address;
    let imported = detached(async move {
        let (created, analysis) = analyses.import(&text, &address).await?;
        Ok(ImportedAnalysis { created, analysis })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(imported)).into_response())
}
