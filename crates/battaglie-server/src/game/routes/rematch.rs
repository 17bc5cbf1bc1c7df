//! `POST /api/games/{id}/rematch {"action": "offer"|"accept"|"decline"|"cancel",
//! "token": "..."}`: a rematch after an online game (see `game/rematch.rs`).
//! The answer, and the `{"type": "rematch", ...}` pushed to every socket of the
//! game, say the offer as it stands for whoever reads it (`RematchView`).

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Json, Router};
use serde::Deserialize;

use crate::accounts::Accounts;
use crate::game::{Games, RematchAction, RematchView};
use crate::http::RequestError;
use crate::http::{seat_token, Actor, GameActions, Visitor};
use crate::http::{Error, JsonBody};
use crate::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/games/{id}/rematch", post(rematch))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    action: String,
    #[serde(default)]
    token: Option<String>,
}

async fn rematch(
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    Path(id): Path<String>,
    visitor: Visitor,
    Extension(actions): Extension<GameActions>,
    JsonBody(req): JsonBody<RematchRequest>,
) -> Result<Response, Error> {
    let action = RematchAction::from_word(&req.action)
        .ok_or_else(|| RequestError::choice("action", &req.action, RematchAction::WORDS))?;
    let live = games.game(&id).await?;
    let token = seat_token(&accounts, &visitor, &live, req.token, true).await?;
    let seat = live.seat(token.as_deref())?;
    actions
        .take(&visitor.address, Actor::Seat(&id, seat.word()))
        .await?;
    let now = games.rematch(&live, token.as_deref(), action).await?;
    Ok(Json(RematchView::of(now.as_ref(), seat, token.as_deref())).into_response())
}
