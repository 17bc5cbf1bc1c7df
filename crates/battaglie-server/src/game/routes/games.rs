//! `/api/games`: create, read, move, undo, resign, call off, draw, take-back, record, positions.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Router};
use battaglie_rules::Side;
use serde::Deserialize;
use strum::VariantNames;

use battaglie_community::{ClaimKind, TimeControl};

use super::action::Action;
use crate::accounts::{AccountError, Accounts, Claim, UserRow};
use crate::game::{Created, DrawAction, GameError, Games, Mode, TakebackAction};
use crate::http::RequestError;
use crate::http::{created_response, detached, json_text, Error, JsonBody, QueryParams, Token};
use crate::http::{seat_token, GameActions, Limiters, Visitor};
use crate::ratings::{Ratings, RatingsError};
use crate::AppState;

pub(super) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new()
        .route("/games", limiters.creates(post(create)))
        .route("/games/{id}", get(show))
        .route("/games/{id}/moves", limiters.moves(post(play)))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/abort", post(abort))
        .route("/games/{id}/draw", post(draw))
        .route("/games/{id}/takeback", post(takeback))
        .route("/games/{id}/claim", post(claim))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/positions", get(positions))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    scenario: String,
    mode: String,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    level: Option<i64>,
    /// Rated (online games of signed-in players): the end changes both ratings.
    #[serde(default)]
    rated: bool,
    /// A time control, `10+3` or `3d+2h` (online games).
    #[serde(default)]
    clock: Option<String>,
}

async fn create(
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    visitor: Visitor,
    JsonBody(req): JsonBody<NewGame>,
) -> Result<Response, Error> {
    let mode = Mode::from_word(&req.mode)
        .ok_or_else(|| RequestError::choice("mode", &req.mode, <Mode as VariantNames>::VARIANTS))?;
    let side = match req.side.as_deref() {
        None => Side::Army,
        Some(s @ ("army" | "indians")) => s.parse().unwrap_or(Side::Army),
        Some(other) => return Err(RequestError::choice("side", other, &["army", "indians"]).into()),
    };
    let level = match req.level {
        None => None,
        Some(l) => Some(
            u8::try_from(l)
                .ok()
                .filter(|l| (1..=battaglie_ai::MAX_LEVEL).contains(l))
                .ok_or(GameError::LevelOutOfRange(l))?,
        ),
    };
    let rated_by = match req.rated {
        true => Some(rated_creator(&accounts, &visitor, mode).await?),
        false => None,
    };
    let clock = match req.clock.as_deref().map(str::trim) {
        None | Some("" | "none") => None,
        Some(text) => Some(text.parse::<TimeControl>().map_err(GameError::from)?),
    };
    let created = detached(async move {
        Ok(games
            .create(&req.scenario, mode, side, level, clock)
            .await?)
    })
    .await?;
    link_creator(&accounts, &visitor, &created.0).await?;
    if let Some(user) = rated_by {
        ratings.mark_rated(&created.1, &[(side, &user)]).await?;
    }
    created_response(created).await
}

/// The account creating a rated game: signed in, with the CSRF token, online.
async fn rated_creator(
    accounts: &Accounts,
    visitor: &Visitor,
    mode: Mode,
) -> Result<UserRow, Error> {
    if mode != Mode::Online {
        return Err(RatingsError::NotOnline { mode: mode.word() }.into());
    }
    let Some(session) = visitor.session(accounts).await? else {
        return Err(RatingsError::NeedsAccount.into());
    };
    if !visitor.has_csrf(accounts, &session).await {
        return Err(AccountError::Csrf.into());
    }
    Ok(session.user)
}

/// A game created by a signed-in player (with the CSRF token) is theirs:
/// their seat is linked to the account. Without the token it is a guest's game.
async fn link_creator(
    accounts: &Accounts,
    visitor: &Visitor,
    created: &Created,
) -> Result<(), Error> {
    let Some(session) = visitor.session(accounts).await? else {
        return Ok(());
    };
    if visitor.has_csrf(accounts, &session).await {
        let claim = Claim {
            id: created.id.clone(),
            token: created.token.clone(),
        };
        accounts.claim(&session.user, &[claim]).await?;
    }
    Ok(())
}

async fn show(
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(q): QueryParams<ShowQuery>,
) -> Result<Response, Error> {
    let live = games.game_to_read(&id).await?;
    let token = seat_token(&accounts, &visitor, &live, q.token, false).await?;
    let seat = live.seat(token.as_deref())?;
    Ok(json_text(StatusCode::OK, live.view(seat, q.since).await))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(default)]
    token: Option<String>,
    #[serde(rename = "move")]
    mv: String,
}

async fn play(action: Action, JsonBody(req): JsonBody<MoveRequest>) -> Result<Response, Error> {
    let held = action.held();
    action
        .run(req.token, move |games, live, token| async move {
            games.play(&live, token.as_deref(), &req.mv, held).await
        })
        .await
}

async fn undo(action: Action, JsonBody(req): JsonBody<Token>) -> Result<Response, Error> {
    action
        .run(req.token, |games, live, token| async move {
            games.undo(&live, token.as_deref()).await
        })
        .await
}

async fn resign(action: Action, JsonBody(req): JsonBody<Token>) -> Result<Response, Error> {
    action
        .run(req.token, |games, live, token| async move {
            games.resign(&live, token.as_deref()).await
        })
        .await
}

async fn abort(action: Action, JsonBody(req): JsonBody<Token>) -> Result<Response, Error> {
    action
        .run(req.token, |games, live, token| async move {
            games.abort(&live, token.as_deref()).await
        })
        .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    action: Option<String>,
}

async fn draw(
    action: Action,
    Extension(actions): Extension<GameActions>,
    JsonBody(req): JsonBody<DrawRequest>,
) -> Result<Response, Error> {
    let word = req.action.as_deref().unwrap_or("offer");
    let choice: DrawAction = word.parse().map_err(|_| {
        RequestError::choice("action", word, <DrawAction as VariantNames>::VARIANTS)
    })?;
    action
        .limited(actions)
        .run(req.token, move |games, live, token| async move {
            games.draw(&live, token.as_deref(), choice).await
        })
        .await
}

async fn takeback(
    action: Action,
    Extension(actions): Extension<GameActions>,
    JsonBody(req): JsonBody<DrawRequest>,
) -> Result<Response, Error> {
    let choice = takeback_action(req.action.as_deref())?;
    action
        .limited(actions)
        .run(req.token, move |games, live, token| async move {
            games.takeback(&live, token.as_deref(), choice).await
        })
        .await
}

/// The take-back action a request names (`None`: an offer).
///
/// # Errors
/// 422 naming the choices when the word is none of them.
pub(crate) fn takeback_action(word: Option<&str>) -> Result<TakebackAction, RequestError> {
    TakebackAction::from_word(word).ok_or_else(|| {
        RequestError::choice("action", word.unwrap_or_default(), TakebackAction::WORDS)
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRequest {
    #[serde(default)]
    token: Option<String>,
    kind: String,
}

async fn claim(action: Action, JsonBody(req): JsonBody<ClaimRequest>) -> Result<Response, Error> {
    let kind = match req.kind.as_str() {
        "win" => ClaimKind::Win,
        "draw" => ClaimKind::Draw,
        other => return Err(RequestError::choice("kind", other, &["win", "draw"]).into()),
    };
    action
        .run(req.token, move |games, live, token| async move {
            games.claim_against(&live, token.as_deref(), kind).await
        })
        .await
}

/// The query of `GET /api/games/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShowQuery {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    since: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

async fn record(
    State(games): State<Games>,
    State(ratings): State<Ratings>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<RecordQuery>,
) -> Result<Response, Error> {
    let json = match q.format.as_deref() {
        None | Some("json") => true,
        Some("text") => false,
        Some(other) => {
            return Err(RequestError::query_choice("format", other, &["json", "text"]).into())
        }
    };
    let live = games.game_to_read(&id).await?;
    let mut record = live.record().await;
    // Players with accounts by their names, as their pages name them.
    let seats = ratings.seat_players(&live).await?;
    for (side, name) in [
        (Side::Army, &mut record.army),
        (Side::Indians, &mut record.indians),
    ] {
        if let Some(player) = seats.player_name(side) {
            *name = player.to_string();
        }
    }
    let disposition = format!(
        "attachment; filename=\"{}-{}.{}\"",
        record.scenario,
        live.id(),
        if json { "json" } else { "txt" }
    );
    let (body, content_type) = if json {
        (record.to_json(), "application/json")
    } else {
        (record.to_string(), "text/plain; charset=utf-8")
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}

async fn positions(State(games): State<Games>, Path(id): Path<String>) -> Result<Response, Error> {
    let live = games.game_to_read(&id).await?;
    Ok(axum::Json(live.positions().await).into_response())
}
