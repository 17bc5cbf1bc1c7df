//! `POST /api/games/{id}/rematch {"action": "offer"|"accept"|"decline"|"cancel",
//! "token": "..."}`: a rematch after an online game (see `game/rematch.rs`).
//! The answer, and the `{"type": "rematch", ...}` pushed to every socket of the
//! game, say the offer as it stands for whoever reads it (`rematch_view`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::account::{seat_token, Visitor};
use super::{Error, ErrorCode, JsonBody};
use crate::game::{RematchAction, RematchError, Seat};
use crate::store::RematchRow;
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
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(req): JsonBody<RematchRequest>,
) -> Result<Response, Error> {
    let action = RematchAction::from_word(&req.action).ok_or_else(|| {
        Error::choice(
            StatusCode::UNPROCESSABLE_ENTITY,
            "action",
            &req.action,
            RematchAction::WORDS,
        )
    })?;
    let live = state.games.game(&id).await?;
    let token = seat_token(&state.accounts, &visitor, &live, req.token, true).await?;
    let now = state.games.rematch(&live, token.as_deref(), action).await?;
    let seat = live.seat(token.as_deref())?;
    Ok(Json(rematch_view(now.as_ref(), seat, token.as_deref())).into_response())
}

/// The offer `row` as the holder of `seat` (and `token`) sees it:
/// `{"state": "none"}`, `{"state": "offered", "by": "army"}`, or
/// `{"state": "accepted", "game": ID}` with, for a player, their new `seat` and
/// its `token` (the one they hold: each player's token opens their new seat).
pub(super) fn rematch_view(row: Option<&RematchRow>, seat: Seat, token: Option<&str>) -> Value {
    match row {
        None => json!({ "state": "none" }),
        Some(RematchRow {
            offered_by,
            next_game: None,
        }) => json!({ "state": "offered", "by": offered_by }),
        Some(RematchRow {
            next_game: Some(game),
            ..
        }) => {
            let mut view = json!({ "state": "accepted", "game": game });
            let new_seat = match seat {
                Seat::Army => Some("indians"),
                Seat::Indians => Some("army"),
                Seat::Both | Seat::Spectator => None,
            };
            if let (Some(new_seat), Some(token)) = (new_seat, token) {
                view["seat"] = new_seat.into();
                view["token"] = token.into();
            }
            view
        }
    }
}

impl From<RematchError> for Error {
    fn from(e: RematchError) -> Error {
        use ErrorCode as C;
        use RematchError as E;
        let (status, code) = match e {
            E::Game(g) => return g.into(),
            E::Store(s) => return Error::internal(s),
            E::OnlyOnline => (StatusCode::FORBIDDEN, C::RematchOnlyOnline {}),
            E::NotOver => (StatusCode::CONFLICT, C::RematchNotOver {}),
            E::NoOffer => (StatusCode::CONFLICT, C::RematchNoOffer {}),
            E::Agreed(ref game) => (
                StatusCode::CONFLICT,
                C::RematchAgreed { game: game.clone() },
            ),
        };
        Error::new(status, e.to_string()).code(code)
    }
}
