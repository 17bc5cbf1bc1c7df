//! `GET /api/account/turns`: the signed-in player's games where it is their
//! turn, for the badge the page shows beside the player's games.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::Visitor;
use crate::accounts::AccountError;
use crate::http::Error;
use crate::AppState;

/// The games (ids and links) where the player holds the one seat whose turn it
/// is, and how many. A hotseat game (both seats one player's) is not counted:
/// there is nobody else to wait for.
pub(super) async fn turns(
    State(state): State<AppState>,
    visitor: Visitor,
) -> Result<Response, Error> {
    let session = visitor
        .session(&state.accounts)
        .await?
        .ok_or(AccountError::NotSignedIn)?;
    let seats = state.accounts.seats(&session.user).await?;
    let mut games = Vec::new();
    for seat in seats {
        if seat.game.outcome.is_some() || !matches!(seat.side.as_str(), "army" | "indians") {
            continue;
        }
        let live = state.games.game(&seat.game.id).await?;
        if live
            .to_move()
            .await
            .is_some_and(|side| side.word() == seat.side)
        {
            games.push(json!({
                "id": seat.game.id,
                "scenario": seat.game.scenario,
                "seat": seat.side,
                "url": format!("/game/{}", seat.game.id),
            }));
        }
    }
    Ok(Json(json!({ "count": games.len(), "games": games })).into_response())
}
