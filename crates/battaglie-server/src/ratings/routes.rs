//! `/api/players`: a player's page (rating, history, results by battle and
//! side) and their games, filtered and paged; `/api/games/{id}/seat`, where a
//! signed-in player takes the seat of a rated game's invite;
//! `/api/games/{id}/players`, who plays each side of a game; `/api/levels`, the
//! computer's levels with their fixed ratings.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::wire::{
    GameUrls, HistoryPoint, LevelView, Levels, Opponent, PlayerGameView, PlayerGames, PlayerView,
    RatingChange, RatingView, ResultView, SeatTaken,
};
use super::{levels, GamesFilter, PlayerGameRow, Ratings, RatingsError, GAMES_PAGE};
use crate::accounts::Accounts;
use crate::game::Games;
use crate::http::RequestError;
use crate::http::{Error, JsonBody, QueryParams, Visitor};
use crate::view::SeatsView;
use crate::AppState;

/// The ratings' routes: players' pages and games, seats, levels.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/players/{name}", get(show))
        .route("/players/{name}/games", get(games))
        .route("/games/{id}/seat", post(take_seat))
        .route("/games/{id}/players", get(seat_players))
        .route("/levels", get(level_list))
}

async fn show(
    State(ratings): State<Ratings>,
    Path(name): Path<String>,
) -> Result<Json<PlayerView>, Error> {
    let player = ratings.player(&name).await?;
    let history = player
        .history
        .iter()
        .map(|h| HistoryPoint {
            game: h.game.clone(),
            at: h.at,
            rating: h.rating.round(),
            deviation: h.deviation.round(),
            change: (h.rating - h.before).round(),
        })
        .collect();
    let results = player
        .results
        .iter()
        .map(|r| ResultView {
            battle: r.battle.clone(),
            side: r.side.clone(),
            win: r.win,
            draw: r.draw,
            loss: r.loss,
        })
        .collect();
    Ok(Json(PlayerView {
        rating: RatingView::of(&player.rating, player.games),
        history,
        results,
        url: format!("/players/{}", player.name),
        name: player.name,
    }))
}

/// `GET /api/games/{id}/players`: who plays each side, for the game page's strips.
async fn seat_players(
    State(ratings): State<Ratings>,
    State(games): State<Games>,
    Path(id): Path<String>,
) -> Result<Json<SeatsView>, Error> {
    let live = games.game_to_read(&id).await?;
    Ok(Json(ratings.seat_players(&live).await?))
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
        Some(v) => Err(RequestError::query_choice(field, &v, allowed).into()),
    }
}

async fn games(
    State(ratings): State<Ratings>,
    Path(name): Path<String>,
    QueryParams(q): QueryParams<GamesQuery>,
) -> Result<Json<PlayerGames>, Error> {
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
    let rows = ratings
        .player_games(&name, filter, q.before.as_deref().filter(|b| !b.is_empty()))
        .await?;
    let next = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.game.id.clone()))
        .flatten();
    Ok(Json(PlayerGames {
        games: rows.iter().map(game_view).collect(),
        next,
    }))
}

fn game_view(r: &PlayerGameRow) -> PlayerGameView {
    let g = &r.game;
    let result = g.outcome.map(|o| match o.winner() {
        None => "draw",
        Some(winner) if winner.word() == r.side => "win",
        Some(_) => "loss",
    });
    let opponent = match (g.computer_level, &r.opponent) {
        (Some(level), _) => Opponent::Computer { level },
        (None, Some(name)) => Opponent::Player {
            name: name.clone(),
            url: format!("/players/{name}"),
        },
        (None, None) => Opponent::Anonymous,
    };
    let id = &g.id;
    PlayerGameView {
        id: id.clone(),
        battle: g.scenario.clone(),
        mode: g.mode.word(),
        side: r.side.clone(),
        opponent,
        result,
        outcome: g.outcome.map(|o| o.result_word()),
        reason: g.outcome.map(|o| o.reason_word()),
        rated: r.rated,
        rating_change: r.change.map(|(before, after)| RatingChange {
            before: before.round(),
            after: after.round(),
            change: (after - before).round(),
        }),
        created_at: g.created_at,
        updated_at: g.updated_at,
        urls: GameUrls {
            game: format!("/game/{id}"),
            replay: format!("/game/{id}?replay=0"),
            analysis: format!("/game/{id}?analysis"),
        },
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    token: String,
}

async fn take_seat(
    State(ratings): State<Ratings>,
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(req): JsonBody<SeatRequest>,
) -> Result<Json<SeatTaken>, Error> {
    let live = games.game(&id).await?;
    let Some(session) = visitor.session(&accounts).await? else {
        // A guest on a casual game needs no account; on a rated one, they are told to sign in.
        return Err(match ratings.is_rated(&live).await? {
            true => RatingsError::NeedsAccount.into(),
            false => crate::accounts::AccountError::NotSignedIn.into(),
        });
    };
    if !visitor.has_csrf(&accounts, &session).await {
        return Err(crate::accounts::AccountError::Csrf.into());
    }
    let side = ratings.take_seat(&live, &req.token, &session.user).await?;
    Ok(Json(SeatTaken {
        id,
        seat: side.into(),
        name: session.user.name,
    }))
}

/// The levels' ratings are fixed for the life of a build: a browser keeps them for a
/// day instead of asking again on every visit to the home page.
async fn level_list() -> impl IntoResponse {
    let levels = Json(Levels {
        levels: levels()
            .iter()
            .map(|l| LevelView {
                level: l.level,
                rating: l.rating.rating,
                deviation: l.rating.deviation,
            })
            .collect(),
    });
    ([(header::CACHE_CONTROL, "public, max-age=86400")], levels)
}
