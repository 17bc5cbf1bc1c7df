//! `/api/account`: register, log in and out, change the password, delete the
//! account, and who am I with my games. The session travels in a cookie; every
//! change made with it carries the CSRF token that `GET /api/account` gives.

mod cookie;
mod notifications;
mod refusal;
mod turns;

#[cfg(test)]
pub(crate) use turns::Turns;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;

pub(crate) use cookie::{signed_in_hint, TrustForwarded, Visitor};

use super::{Error, JsonBody};
use crate::accounts::{AccountGame, AccountView, Accounts, Claim, Opened, Session};
use crate::game::LiveGame;
use crate::ratings::RatingView;
use crate::AppState;

pub(super) fn router(proxies: std::sync::Arc<super::Proxies>) -> Router<AppState> {
    Router::new()
        .route("/account", get(show).delete(delete))
        .route("/account/register", post(register))
        .route("/account/login", post(login))
        .route("/account/logout", post(logout))
        .route("/account/password", post(password))
        .route("/account/games", post(claim))
        .route("/account/turns", get(turns::turns))
        .route(
            "/account/notifications",
            get(notifications::show).put(notifications::put),
        )
        .route(
            "/account/notifications/confirm",
            get(notifications::confirm).post(notifications::resend),
        )
        .route("/unsubscribe", get(notifications::unsubscribe))
        .layer(Extension(TrustForwarded(proxies)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
    /// The guest games this browser holds, to link to the account.
    #[serde(default)]
    games: Vec<Claim>,
}

/// The account as `GET /api/account` and the sign-in answers show it.
async fn account(
    state: &AppState,
    session: &Session,
    claimed: Option<Vec<String>>,
) -> Result<AccountView, Error> {
    let accounts = &state.accounts;
    let games = accounts
        .seats(&session.user)
        .await?
        .into_iter()
        .map(|s| {
            let token = match s.side.as_str() {
                "indians" => s.game.indians_token,
                _ => s.game.army_token,
            };
            AccountGame {
                url: format!("/game/{}", s.game.id),
                id: s.game.id,
                scenario: s.game.scenario,
                mode: s.game.mode.word(),
                seat: s.side,
                opponent: s.opponent,
                level: s.game.computer_level,
                token,
                result: s.game.outcome.map(|o| o.result_word()),
                reason: s.game.outcome.map(|o| o.reason_word()),
                updated_at: s.game.updated_at,
            }
        })
        .collect();
    let (rating, rated_games) = state.ratings.rating_of(&session.user).await?;
    Ok(AccountView {
        name: session.user.name.clone(),
        created_at: session.user.created_at,
        csrf: accounts.csrf(session).await?,
        games,
        claimed,
        rating: RatingView::of(&rating, rated_games),
        url: format!("/players/{}", session.user.name),
    })
}

/// The answer that opens a session: the account, and the cookie.
async fn signed_in(
    state: &AppState,
    visitor: &Visitor,
    opened: Opened,
    claims: &[Claim],
    status: StatusCode,
) -> Result<Response, Error> {
    let claimed = state.accounts.claim(&opened.user, claims).await?;
    let session = Session {
        hash: opened.token.hash(),
        user: opened.user.clone(),
    };
    let body = account(state, &session, Some(claimed)).await?;
    Ok((status, visitor.set(&opened), Json(body)).into_response())
}

async fn register(
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, Error> {
    let opened = state
        .accounts
        .register(&req.name, &req.password, &visitor.address)
        .await?;
    signed_in(&state, &visitor, opened, &req.games, StatusCode::CREATED).await
}

async fn login(
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, Error> {
    let opened = state
        .accounts
        .login(&req.name, &req.password, &visitor.address)
        .await?;
    signed_in(&state, &visitor, opened, &req.games, StatusCode::OK).await
}

async fn show(State(state): State<AppState>, visitor: Visitor) -> Result<Response, Error> {
    let session = visitor
        .session(&state.accounts)
        .await?
        .ok_or(crate::accounts::AccountError::NotSignedIn)?;
    Ok(Json(account(&state, &session, None).await?).into_response())
}

async fn logout(State(state): State<AppState>, visitor: Visitor) -> Result<Response, Error> {
    let session = visitor.change(&state.accounts).await?;
    state.accounts.logout(&session).await?;
    Ok((visitor.clear(), Json(super::Done {})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    current: String,
    password: String,
}

async fn password(
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<PasswordChange>,
) -> Result<Response, Error> {
    let session = visitor.change(&state.accounts).await?;
    let opened = state
        .accounts
        .change_password(&session, &req.current, &req.password)
        .await?;
    signed_in(&state, &visitor, opened, &[], StatusCode::OK).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Deletion {
    password: String,
}

async fn delete(
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Deletion>,
) -> Result<Response, Error> {
    let session = visitor.change(&state.accounts).await?;
    state.accounts.delete(&session, &req.password).await?;
    Ok((visitor.clear(), Json(super::Done {})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claims {
    games: Vec<Claim>,
}

async fn claim(
    State(state): State<AppState>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Claims>,
) -> Result<Response, Error> {
    let session = visitor.change(&state.accounts).await?;
    let claimed = state.accounts.claim(&session.user, &req.games).await?;
    Ok(Json(account(&state, &session, Some(claimed)).await?).into_response())
}

/// The seat token a game request acts with: the one it names (in its body or
/// query, else in the seat header), else the token
/// of the seat its session's account holds in `live` (a change made so must
/// carry the CSRF token); none for a spectator. Another account's cookie opens
/// nothing.
///
/// # Errors
/// `csrf_token` (403) for a change by cookie without the token; store failures.
pub(crate) async fn seat_token(
    accounts: &Accounts,
    visitor: &Visitor,
    live: &LiveGame,
    token: Option<String>,
    changes: bool,
) -> Result<Option<String>, Error> {
    let token = token
        .filter(|t| !t.is_empty())
        .or_else(|| visitor.seat.clone().filter(|t| !t.is_empty()));
    if token.is_some() {
        return Ok(token);
    }
    let Some(session) = visitor.session(accounts).await? else {
        return Ok(None);
    };
    let Some(side) = accounts.held_side(live.id(), &session.user).await? else {
        return Ok(None);
    };
    if changes && !visitor.has_csrf(accounts, &session).await {
        return Err(crate::accounts::AccountError::Csrf.into());
    }
    Ok(live.token_of(&side).map(str::to_string))
}
