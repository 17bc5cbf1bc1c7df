//! `GET /api/account/turns`: the signed-in player's games where it is their
//! turn, for the badge the page shows beside the player's games.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use ts_rs::TS;

use super::Visitor;
use crate::accounts::AccountError;
use crate::http::Error;
use crate::AppState;

/// The games where it is the player's turn (`GET /api/account/turns`).
#[derive(Debug, Serialize, TS)]
pub struct Turns {
    /// How many.
    pub count: usize,
    /// Which.
    pub games: Vec<TurnGame>,
}

/// A game where it is the player's turn.
#[derive(Debug, Serialize, TS)]
pub struct TurnGame {
    /// The game's id.
    pub id: String,
    /// Its battle's id.
    pub scenario: String,
    /// The player's seat.
    #[ts(type = "\"army\" | \"indians\"")]
    pub seat: String,
    /// Its page.
    pub url: String,
}

/// The games (ids and links) where the player holds the one seat whose turn it
/// is, and how many. A hotseat game (both seats one player's) is not counted:
/// there is nobody else to wait for.
pub(super) async fn turns(
    State(state): State<AppState>,
    visitor: Visitor,
) -> Result<Json<Turns>, Error> {
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
            games.push(TurnGame {
                url: format!("/game/{}", seat.game.id),
                id: seat.game.id,
                scenario: seat.game.scenario,
                seat: seat.side,
            });
        }
    }
    Ok(Json(Turns {
        count: games.len(),
        games,
    }))
}
