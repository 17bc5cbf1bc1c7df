//! `/api/games/{id}/chat`: the chat of an online game (see `crate::chat`).
//! `POST {"text": "...", "room": "players"|"spectators", "token": "..."}` writes;
//! `GET ?room=...&token=...` answers the room's latest messages, oldest first, but
//! those of the authors the signed-in visitor muted; `POST .../chat/mute
//! {"author": "...", "muted": true}` mutes one for the signed-in visitor.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;

use super::rules::{room_from_word, Room, ROOM_WORDS};
use super::service::Chat;
use super::wire::{ChatHistory, ChatMessage, ChatMuted};
use crate::accounts::{Accounts, SignedInChange};
use crate::game::Games;
use crate::http::{seat_token, Actor, Error, GameActions, JsonBody, QueryParams, Visitor};
use crate::http::{Choice, RequestError};
use crate::AppState;

/// The chat's routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/chat", get(history).post(write))
        .route("/games/{id}/chat/mute", post(mute))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    text: String,
    #[serde(default)]
    room: Option<String>,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MuteRequest {
    author: String,
    muted: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HistoryQuery {
    #[serde(default)]
    room: Option<String>,
    #[serde(default)]
    token: Option<String>,
}

/// The room a request names (`None`: the players').
///
/// # Errors
/// The word naming the choices (answered 422 in a body, 400 in a query).
pub(crate) fn room(word: Option<&str>) -> Result<Room, Choice> {
    room_from_word(word).ok_or_else(|| Choice::new("room", word.unwrap_or_default(), &ROOM_WORDS))
}

async fn write(
    State(chat): State<Chat>,
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    Path(id): Path<String>,
    visitor: Visitor,
    Extension(actions): Extension<GameActions>,
    JsonBody(req): JsonBody<ChatRequest>,
) -> Result<Response, Error> {
    let room = room(req.room.as_deref()).map_err(RequestError::Choice)?;
    let live = games.game(&id).await?;
    let token = seat_token(&accounts, &visitor, &live, req.token, true).await?;
    // A spectator writes in the spectators' room under their account's name.
    let account = match token {
        None if room == Room::Spectators => Some(visitor.change(&accounts).await?.user),
        _ => None,
    };
    let seat = live.seat(token.as_deref())?;
    let actor = match &account {
        Some(user) => Actor::Account(&user.id),
        None => Actor::Seat(&id, seat.word()),
    };
    actions.take(&visitor.address, actor).await?;
    let row = chat
        .write(&live, token.as_deref(), account.as_ref(), room, &req.text)
        .await?;
    Ok((StatusCode::CREATED, Json(ChatMessage::from(&row))).into_response())
}

async fn history(
    State(chat): State<Chat>,
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(q): QueryParams<HistoryQuery>,
) -> Result<Json<ChatHistory>, Error> {
    let room = room(q.room.as_deref()).map_err(RequestError::QueryChoice)?;
    let live = games.game_to_read(&id).await?;
    let token = seat_token(&accounts, &visitor, &live, q.token, false).await?;
    let viewer = visitor.session(&accounts).await?.map(|s| s.user);
    let rows = chat
        .read(&live, token.as_deref(), viewer.as_ref(), room)
        .await?;
    let muted = match &viewer {
        Some(user) => chat.muted_by(&live, user).await.map_err(Error::internal)?,
        None => Vec::new(),
    };
    Ok(Json(ChatHistory {
        room,
        messages: rows.iter().map(ChatMessage::from).collect(),
        muted,
    }))
}

async fn mute(
    State(chat): State<Chat>,
    State(games): State<Games>,
    Path(id): Path<String>,
    visitor: Visitor,
    Extension(actions): Extension<GameActions>,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<MuteRequest>,
) -> Result<Json<ChatMuted>, Error> {
    let live = games.game(&id).await?;
    actions
        .take(&visitor.address, Actor::Account(&session.user.id))
        .await?;
    let muted = chat
        .mute(&live, &session.user, &req.author, req.muted)
        .await?;
    Ok(Json(ChatMuted { muted }))
}
