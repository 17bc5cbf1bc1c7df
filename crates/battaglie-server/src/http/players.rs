//! `/api/players`: a player's page (rating, history, results by battle and
//! side) and their games, filtered and paged; `/api/games/{id}/seat`, where a
//! signed-in player takes the seat of a rated game's invite;
//! `/api/games/{id}/players`, who plays each side of a game; `/api/levels`, the
//! computer's levels with their fixed ratings.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use battaglie_community::Rating;
use serde::Deserialize;
use serde_json::{json, Value};

use super::account::Visitor;
use super::{Error, ErrorCode, JsonBody, QueryParams};
use crate::ratings::{levels, RatingsError, GAMES_PAGE};
use crate::store::{GamesFilter, PlayerGameRow};
use crate::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/players/{name}", get(show))
        .route("/players/{name}/games", get(games))
        .route("/games/{id}/seat", post(take_seat))
        .route("/games/{id}/players", get(seat_players))
        .route("/levels", get(level_list))
}

/// A rating as the API shows it.
pub(crate) fn rating_json(rating: &Rating, games: i64) -> Value {
    json!({
        "rating": rating.rating.round(),
        "deviation": rating.deviation.round(),
        "provisional": rating.is_provisional(),
        "label": rating.label(),
        "games": games,
    })
}

async fn show(State(state): State<AppState>, Path(name): Path<String>) -> Result<Response, Error> {
    let player = state.games.player(&name).await?;
    let history: Vec<Value> = player
        .history
        .iter()
        .map(|h| {
            json!({
                "game": h.game,
                "at": h.at,
                "rating": h.rating.round(),
                "deviation": h.deviation.round(),
                "change": (h.rating - h.before).round(),
            })
        })
        .collect();
    let results: Vec<Value> = player
        .results
        .iter()
        .map(|r| json!({ "battle": r.battle, "side": r.side, "win": r.win, "draw": r.draw, "loss": r.loss }))
        .collect();
    Ok(Json(json!({
        "name": player.name,
        "rating": rating_json(&player.rating, player.games),
        "history": history,
        "results": results,
        "url": format!("/players/{}", player.name),
    }))
    .into_response())
}

/// `GET /api/games/{id}/players`: who plays each side, for the game page's strips.
async fn seat_players(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    let live = state.games.game_to_read(&id).await?;
    Ok(Json(state.games.seat_players(&live).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    #[serde(default)]
    battle: Option<String>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    rated: Option<String>,
    #[serde(default)]
    before: Option<String>,
    #[serde(default)]
    limit: Option<i64>,
}

fn choice(field: &str, value: Option<String>, allowed: &[&str]) -> Result<Option<String>, Error> {
    match value.filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) if allowed.contains(&v.as_str()) => Ok(Some(v)),
        Some(v) => Err(Error::choice(StatusCode::BAD_REQUEST, field, &v, allowed)),
    }
}

async fn games(
    State(state): State<AppState>,
    Path(name): Path<String>,
    QueryParams(q): QueryParams<GamesQuery>,
) -> Result<Response, Error> {
    let battles: Vec<&str> = battaglie_rules::Scenario::builtins()
        .iter()
        .map(|s| s.id())
        .collect();
    let filter = GamesFilter {
        battle: choice("battle", q.battle, &battles)?,
        side: choice("side", q.side, &["army", "indians"])?,
        result: choice("result", q.result, &["win", "draw", "loss", "ongoing"])?,
        rated: choice("rated", q.rated, &["true", "false"])?.map(|r| r == "true"),
        before: None,
        limit: q.limit.unwrap_or(GAMES_PAGE),
    };
    let limit = filter.limit.clamp(1, GAMES_PAGE);
    let rows = state
        .games
        .player_games(&name, filter, q.before.as_deref().filter(|b| !b.is_empty()))
        .await?;
    let next = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.game.id.clone()))
        .flatten();
    let games: Vec<Value> = rows.iter().map(game_json).collect();
    Ok(Json(json!({ "games": games, "next": next })).into_response())
}

fn game_json(r: &PlayerGameRow) -> Value {
    let g = &r.game;
    let score = g.outcome.map(|o| match o.winner() {
        None => "draw",
        Some(winner) if winner.word() == r.side => "win",
        Some(_) => "loss",
    });
    let opponent = match (&g.computer_level, &r.opponent) {
        (Some(level), _) => json!({ "kind": "computer", "level": level }),
        (None, Some(name)) => {
            json!({ "kind": "player", "name": name, "url": format!("/players/{name}") })
        }
        (None, None) => json!({ "kind": "anonymous" }),
    };
    let id = &g.id;
    json!({
        "id": id,
        "battle": g.scenario,
        "mode": g.mode.word(),
        "side": r.side,
        "opponent": opponent,
        "result": score,
        "outcome": g.outcome.map(|o| o.result_word()),
        "reason": g.outcome.map(|o| o.reason_word()),
        "rated": r.rated,
        "rating_change": r.change.map(|(before, after)| json!({
            "before": before.round(),
            "after": after.round(),
            "change": (after - before).round(),
        })),
        "created_at": g.created_at,
        "updated_at": g.updated_at,
        "urls": {
            "game": format!("/game/{id}"),
            "replay": format!("/game/{id}?replay=0"),
            "analysis": format!("/game/{id}?analysis"),
        },
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    token: String,
}

async fn take_seat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(req): JsonBody<SeatRequest>,
) -> Result<Response, Error> {
    let live = state.games.game(&id).await?;
    let Some(session) = visitor.session(&state.accounts).await? else {
        // A guest on a casual game needs no account; on a rated one, they are told to sign in.
        return Err(match state.games.is_rated(&live).await? {
            true => RatingsError::NeedsAccount.into(),
            false => crate::accounts::AccountError::NotSignedIn.into(),
        });
    };
    if !visitor.has_csrf(&state.accounts, &session).await {
        return Err(crate::accounts::AccountError::Csrf.into());
    }
    let side = state
        .games
        .take_seat(&live, &req.token, &session.user)
        .await?;
    Ok(Json(json!({ "id": id, "seat": side.word(), "name": session.user.name })).into_response())
}

async fn level_list() -> Json<Value> {
    let levels: Vec<Value> = levels()
        .iter()
        .map(|l| json!({ "level": l.level, "rating": l.rating.rating, "deviation": l.rating.deviation }))
        .collect();
    Json(json!({ "levels": levels }))
}

impl From<RatingsError> for Error {
    fn from(e: RatingsError) -> Error {
        use ErrorCode as C;
        use RatingsError as R;
        let (status, code) = match &e {
            R::NeedsAccount => (StatusCode::UNAUTHORIZED, C::RatedNeedsAccount {}),
            R::NotOnline { mode } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                C::RatedNotOnline {
                    mode: (*mode).into(),
                },
            ),
            R::SameAccount => (StatusCode::CONFLICT, C::RatedSameAccount {}),
            R::SeatTaken => (StatusCode::CONFLICT, C::RatedSeatTaken {}),
            R::PlayerNotFound(name) => (
                StatusCode::NOT_FOUND,
                C::PlayerNotFound { name: name.clone() },
            ),
            R::Game(_) | R::Store(_) => {
                return match e {
                    R::Game(g) => g.into(),
                    e => Error::internal(e),
                }
            }
        };
        Error::new(status, e.to_string()).code(code)
    }
}
