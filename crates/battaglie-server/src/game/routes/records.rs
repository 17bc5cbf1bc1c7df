//! `POST /api/records`: import a game record (JSON or text form) as a new hotseat game.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use axum::routing::post;
use axum::Router;

use crate::game::Games;
use crate::http::Limiters;
use crate::http::RequestError;
use crate::http::{created_response, detached, Error};
use crate::AppState;

pub(super) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new().route("/records", limiters.creates(post(import)))
}

async fn import(
    State(games): State<Games>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, Error> {
    let text = record_text(body)?;
    let created = detached(async move { Ok(games.import(&text).await?) }).await?;
    created_response(created).await
}

/// A request body holding a game record: UTF-8 and not empty.
pub(crate) fn record_text(
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<String, Error> {
    let body = body?;
    let text = std::str::from_utf8(&body)
        .map_err(RequestError::RecordNotText)?
        .to_string();
    if text.trim().is_empty() {
        return Err(RequestError::EmptyRecord.into());
    }
    Ok(text)
}
