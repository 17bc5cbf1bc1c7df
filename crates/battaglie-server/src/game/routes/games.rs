//! `/api/games`: create, read, move, undo, resign, draw, take-back, record, positions.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use battaglie_rules::Side;
use serde::Deserialize;

use crate::game::Mode;
use crate::game::{with_seat, DrawAction, GameError, LiveGame, SharedState, TakebackAction};
use crate::http::Limiters;
use crate::http::{created_response, detached, json_text, Error, JsonBody, QueryParams, Token};
use crate::http::{seat_token, Visitor};
use crate::AppState;
use battaglie_community::{ClaimKind, TimeControl};

pub(super) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new()
        .route("/games", limiters.creates(post(create)))
        .route("/games/{id}", get(show))
        .route("/games/{id}/moves", limiters.moves(post(play)))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/resign", post(resign))
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
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<NewGame>,
) -> Result<Response, Error> {
    let mode = Mode::from_word(&req.mode).ok_or_else(|| {
        Error::choice(
            StatusCode::UNPROCESSABLE_ENTITY,
            "mode",
            &req.mode,
            &["computer", "hotseat", "online"],
        )
    })?;
    let side = match req.side.as_deref() {
        None => Side::Army,
        Some(s @ ("army" | "indians")) => s.parse().unwrap_or(Side::Army),
        Some(other) => {
            return Err(Error::choice(
                StatusCode::UNPROCESSABLE_ENTITY,
                "side",
                other,
                &["army", "indians"],
            ))
        }
    };
    let level = match req.level {
        None => None,
        Some(l) => Some(
            u8::try_from(l)
                .ok()
                .filter(|l| (1..=battaglie_ai::MAX_LEVEL).contains(l))
                .ok_or(crate::game::GameError::LevelOutOfRange(l))?,
        ),
    };
    let rated_by = match req.rated {
        true => Some(rated_creator(&state, &visitor, mode).await?),
        false => None,
    };
    let clock = match req.clock.as_deref().map(str::trim) {
        None | Some("" | "none") => None,
        Some(text) => Some(text.parse::<TimeControl>().map_err(GameError::from)?),
    };
    let s = state.clone();
    let created = detached(async move {
        Ok(s.games
            .create(&req.scenario, mode, side, level, clock)
            .await?)
    })
    .await?;
    link_creator(&state, &visitor, &created.0).await?;
    if let Some(user) = rated_by {
        state
            .ratings
            .mark_rated(&created.1, &[(side, &user)])
            .await?;
    }
    created_response(created).await
}

/// The account creating a rated game: signed in, with the CSRF token, online.
async fn rated_creator(
    state: &AppState,
    visitor: &Visitor,
    mode: Mode,
) -> Result<crate::accounts::UserRow, Error> {
    if mode != Mode::Online {
        return Err(crate::ratings::RatingsError::NotOnline { mode: mode.word() }.into());
    }
    let Some(session) = visitor.session(&state.accounts).await? else {
        return Err(crate::ratings::RatingsError::NeedsAccount.into());
    };
    if !visitor.has_csrf(&state.accounts, &session).await {
        return Err(crate::accounts::AccountError::Csrf.into());
    }
    Ok(session.user)
}

/// A game created by a signed-in player (with the CSRF token) is theirs:
/// their seat is linked to the account. Without the token it is a guest's game.
async fn link_creator(
    state: &AppState,
    visitor: &Visitor,
    created: &crate::game::Created,
) -> Result<(), Error> {
    let Some(session) = visitor.session(&state.accounts).await? else {
        return Ok(());
    };
    if visitor.has_csrf(&state.accounts, &session).await {
        let claim = crate::accounts::Claim {
            id: created.id.clone(),
            token: created.token.clone(),
        };
        state.accounts.claim(&session.user, &[claim]).await?;
    }
    Ok(())
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(q): QueryParams<ShowQuery>,
) -> Result<Response, Error> {
    let live = state.games.game_to_read(&id).await?;
    let token = seat_token(&state.accounts, &visitor, &live, q.token, false).await?;
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

async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Response, Error> {
    let held = since.since;
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move {
            state
                .games
                .play(&live, token.as_deref(), &req.mv, held)
                .await
        },
    )
    .await
}

async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<Token>,
) -> Result<Response, Error> {
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move { state.games.undo(&live, token.as_deref()).await },
    )
    .await
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<Token>,
) -> Result<Response, Error> {
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move { state.games.resign(&live, token.as_deref()).await },
    )
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
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<DrawRequest>,
) -> Result<Response, Error> {
    let action = match req.action.as_deref() {
        None | Some("offer") => DrawAction::Offer,
        Some("accept") => DrawAction::Accept,
        Some("decline") => DrawAction::Decline,
        Some(other) => {
            return Err(Error::choice(
                StatusCode::UNPROCESSABLE_ENTITY,
                "action",
                other,
                &["offer", "accept", "decline"],
            ))
        }
    };
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move { state.games.draw(&live, token.as_deref(), action).await },
    )
    .await
}

async fn takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<DrawRequest>,
) -> Result<Response, Error> {
    let action = takeback_action(req.action.as_deref())?;
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move {
            state.games.takeback(&live, token.as_deref(), action).await
        },
    )
    .await
}

/// The take-back action a request names (`None`: an offer).
///
/// # Errors
/// 422 naming the choices when the word is none of them.
pub(crate) fn takeback_action(word: Option<&str>) -> Result<TakebackAction, Error> {
    TakebackAction::from_word(word).ok_or_else(|| {
        Error::choice(
            StatusCode::UNPROCESSABLE_ENTITY,
            "action",
            word.unwrap_or_default(),
            TakebackAction::WORDS,
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRequest {
    #[serde(default)]
    token: Option<String>,
    kind: String,
}

async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(since): QueryParams<Since>,
    JsonBody(req): JsonBody<ClaimRequest>,
) -> Result<Response, Error> {
    let kind = match req.kind.as_str() {
        "win" => ClaimKind::Win,
        "draw" => ClaimKind::Draw,
        other => {
            return Err(Error::choice(
                StatusCode::UNPROCESSABLE_ENTITY,
                "kind",
                other,
                &["win", "draw"],
            ))
        }
    };
    act(
        state,
        &id,
        &visitor,
        req.token,
        since,
        move |state, live, token| async move {
            state
                .games
                .claim_against(&live, token.as_deref(), kind)
                .await
        },
    )
    .await
}

/// The common path of every game action: the game, the seat the request's token
/// (or the visitor's cookie) opens, the action run to its end even if the client
/// goes away meanwhile, and the answer.
async fn act<F, Fut, T>(
    state: AppState,
    id: &str,
    visitor: &Visitor,
    token: Option<String>,
    since: Since,
    action: F,
) -> Result<Response, Error>
where
    F: FnOnce(AppState, Arc<LiveGame>, Option<String>) -> Fut,
    Fut: std::future::Future<Output = Result<T, GameError>> + Send + 'static,
    T: Answer + Send + 'static,
{
    let live = state.games.game(id).await?;
    let token = seat_token(&state.accounts, visitor, &live, token, true).await?;
    let run = action(state, live.clone(), token.clone());
    let done = detached(async move { Ok(run.await?.state()) }).await;
    respond(&live, token.as_deref(), since, done).await
}

/// What an action leaves for its answer.
trait Answer {
    /// The state to answer with; `None`: the game's state read after the action.
    fn state(self) -> Option<SharedState>;
}

impl Answer for () {
    fn state(self) -> Option<SharedState> {
        None
    }
}

/// The state right after the action (a move: the computer's reply may follow
/// before the answer is written).
impl Answer for SharedState {
    fn state(self) -> Option<SharedState> {
        Some(self)
    }
}

/// The answer to a game action: the new state, or the refusal; a conflict (409)
/// carries the game's state as it is now (perhaps changed by another node).
async fn respond(
    live: &LiveGame,
    token: Option<&str>,
    since: Since,
    done: Result<Option<SharedState>, Error>,
) -> Result<Response, Error> {
    let seat = live.seat(token)?;
    match done {
        Ok(Some(state)) => Ok(json_text(StatusCode::OK, with_seat(&state, seat, false))),
        Ok(None) => Ok(json_text(
            StatusCode::OK,
            live.view(seat, since.since).await,
        )),
        Err(e) if e.status() == StatusCode::CONFLICT => {
            Err(e.with_state(&live.view(seat, since.since).await))
        }
        Err(e) => Err(e),
    }
}

/// `?since=VERSION`: the version of the state the client holds, so that an
/// answer may list only the plies after those it has (`docs/api.md`).
#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: Option<u64>,
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
    State(state): State<AppState>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<RecordQuery>,
) -> Result<Response, Error> {
    let json = match q.format.as_deref() {
        None | Some("json") => true,
        Some("text") => false,
        Some(other) => {
            return Err(Error::choice(
                StatusCode::BAD_REQUEST,
                "format",
                other,
                &["json", "text"],
            ))
        }
    };
    let live = state.games.game_to_read(&id).await?;
    let record = live.record().await;
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

async fn positions(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    let live = state.games.game_to_read(&id).await?;
    Ok(axum::Json(live.positions().await).into_response())
}
