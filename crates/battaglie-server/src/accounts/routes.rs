//! `/api/account`: register, log in and out, change the password, delete the
//! account, who am I with my games, and the games where it is my turn. The
//! session travels in a cookie; every change made with it carries the CSRF
//! token that `GET /api/account` gives.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;

use super::cookie::{SignedIn, SignedInChange, TrustForwarded, Visitor};
use super::wire::{AccountGame, AccountView, TurnGame, Turns};
use super::{AccountError, Accounts, Claim, Opened, Session};
use crate::game::{Games, LiveGame};
use crate::http::{Done, Error, JsonBody, Proxies};
use crate::ratings::{RatingView, Ratings};
use crate::AppState;

/// The account's routes; `proxies` name the client's address for the throttles.
pub(crate) fn router(proxies: Arc<Proxies>) -> Router<AppState> {
    Router::new()
        .route("/account", get(show).delete(delete))
        .route("/account/register", post(register))
        .route("/account/login", post(login))
        .route("/account/logout", post(logout))
        .route("/account/password", post(password))
        .route("/account/games", post(claim))
        .route("/account/turns", get(turns))
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
    accounts: &Accounts,
    ratings: &Ratings,
    session: &Session,
    claimed: Option<Vec<String>>,
) -> Result<AccountView, Error> {
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
                status: match (&s.game.outcome, s.game.aborted_at) {
                    (_, Some(_)) => "aborted",
                    (Some(_), None) => "over",
                    (None, None) => "ongoing",
                },
                result: s.game.outcome.map(|o| o.result_word()),
                reason: s.game.outcome.map(|o| o.reason_word()),
                updated_at: s.game.updated_at,
            }
        })
        .collect();
    let (rating, rated_games) = ratings.rating_of(&session.user).await?;
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
    accounts: &Accounts,
    ratings: &Ratings,
    visitor: &Visitor,
    opened: Opened,
    claims: &[Claim],
    status: StatusCode,
) -> Result<Response, Error> {
    let claimed = accounts.claim(&opened.user, claims).await?;
    let session = Session {
        hash: opened.token.hash(),
        user: opened.user.clone(),
    };
    let body = account(accounts, ratings, &session, Some(claimed)).await?;
    Ok((status, visitor.set(&opened), Json(body)).into_response())
}

async fn register(
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, Error> {
    let opened = accounts
        .register(&req.name, &req.password, &visitor.address)
        .await?;
    signed_in(
        &accounts,
        &ratings,
        &visitor,
        opened,
        &req.games,
        StatusCode::CREATED,
    )
    .await
}

async fn login(
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    visitor: Visitor,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, Error> {
    let opened = accounts
        .login(&req.name, &req.password, &visitor.address)
        .await?;
    signed_in(
        &accounts,
        &ratings,
        &visitor,
        opened,
        &req.games,
        StatusCode::OK,
    )
    .await
}

async fn show(
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    SignedIn(session): SignedIn,
) -> Result<Response, Error> {
    Ok(Json(account(&accounts, &ratings, &session, None).await?).into_response())
}

async fn logout(
    State(accounts): State<Accounts>,
    visitor: Visitor,
    SignedInChange(session): SignedInChange,
) -> Result<Response, Error> {
    accounts.logout(&session).await?;
    Ok((visitor.clear(), Json(Done {})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    current: String,
    password: String,
}

async fn password(
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    visitor: Visitor,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<PasswordChange>,
) -> Result<Response, Error> {
    let opened = accounts
        .change_password(&session, &req.current, &req.password)
        .await?;
    signed_in(&accounts, &ratings, &visitor, opened, &[], StatusCode::OK).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Deletion {
    password: String,
}

async fn delete(
    State(accounts): State<Accounts>,
    visitor: Visitor,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<Deletion>,
) -> Result<Response, Error> {
    accounts.delete(&session, &req.password).await?;
    Ok((visitor.clear(), Json(Done {})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claims {
    games: Vec<Claim>,
}

async fn claim(
    State(accounts): State<Accounts>,
    State(ratings): State<Ratings>,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<Claims>,
) -> Result<Response, Error> {
    let claimed = accounts.claim(&session.user, &req.games).await?;
    Ok(Json(account(&accounts, &ratings, &session, Some(claimed)).await?).into_response())
}

/// `GET /api/account/turns`: the games (ids and links) where the player holds
/// the one seat whose turn it is, and how many, for the badge the page shows
/// beside the player's games. A hotseat game (both seats one player's) is not
/// counted: there is nobody else to wait for.
async fn turns(
    State(accounts): State<Accounts>,
    State(games): State<Games>,
    SignedIn(session): SignedIn,
) -> Result<Json<Turns>, Error> {
    let seats = accounts.seats(&session.user).await?;
    let mut turns = Vec::new();
    for seat in seats {
        let finished = seat.game.outcome.is_some() || seat.game.aborted_at.is_some();
        if finished || !matches!(seat.side.as_str(), "army" | "indians") {
            continue;
        }
        let live = games.game(&seat.game.id).await?;
        if live
            .to_move()
            .await
            .is_some_and(|side| side.word() == seat.side)
        {
            turns.push(TurnGame {
                url: format!("/game/{}", seat.game.id),
                id: seat.game.id,
                scenario: seat.game.scenario,
                seat: seat.side,
            });
        }
    }
    Ok(Json(Turns {
        count: turns.len(),
        games: turns,
    }))
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
        return Err(AccountError::Csrf.into());
    }
    Ok(live.token_of(&side).map(str::to_string))
}
