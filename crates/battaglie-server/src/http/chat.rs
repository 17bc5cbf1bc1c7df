//! `/api/games/{id}/chat`: the chat of an online game (see `crate::chat`).
//! `POST {"text": "...", "room": "players"|"spectators", "token": "..."}` writes;
//! `GET ?room=...&token=...` answers the room's latest messages, oldest first, but
//! those of the authors the signed-in visitor muted; `POST .../chat/mute
//! {"author": "...", "muted": true}` mutes one for the signed-in visitor.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::account::{seat_token, Visitor};
use super::{Error, ErrorCode, JsonBody, QueryParams};
use crate::chat::{room_from_word, room_word, ChatError, MuteError, Room, ROOM_WORDS};
use crate::game::{ChatFailure, MuteFailure};
use crate::AppState;
use battaglie_community::ChatError as MessageError;

pub(super) fn router() -> Router<AppState> {
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
/// `status` (422 in a body, 400 in a query) naming the choices.
pub(super) fn room(word: Option<&str>, status: StatusCode) -> Result<Room, Error> {
    room_from_word(word)
        .ok_or_else(|| Error::choice(status, "room", word.unwrap_or_default(), &ROOM_WORDS))
}

async fn write(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(req): JsonBody<ChatRequest>,
) -> Result<Response, Error> {
    let room = room(req.room.as_deref(), StatusCode::UNPROCESSABLE_ENTITY)?;
    let live = state.games.game(&id).await?;
    let token = seat_token(&state, &visitor, &live, req.token, true).await?;
    // A spectator writes in the spectators' room under their account's name.
    let account = match token {
        None if room == Room::Spectators => Some(visitor.change(&state).await?.user),
        _ => None,
    };
    let row = state
        .games
        .chat_write(&live, token.as_deref(), account.as_ref(), room, &req.text)
        .await?;
    Ok((StatusCode::CREATED, Json(row)).into_response())
}

async fn history(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    QueryParams(q): QueryParams<HistoryQuery>,
) -> Result<Response, Error> {
    let room = room(q.room.as_deref(), StatusCode::BAD_REQUEST)?;
    let live = state.games.game_to_read(&id).await?;
    let token = seat_token(&state, &visitor, &live, q.token, false).await?;
    let viewer = visitor.session(&state).await?.map(|s| s.user);
    let messages = state
        .games
        .chat_read(&live, token.as_deref(), viewer.as_ref(), room)
        .await?;
    let muted = match &viewer {
        Some(user) => state
            .node
            .store()
            .chat_mutes(&user.id, live.id())
            .await
            .map_err(Error::internal)?,
        None => Vec::new(),
    };
    Ok(
        Json(json!({ "room": room_word(room), "messages": messages, "muted": muted }))
            .into_response(),
    )
}

async fn mute(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(req): JsonBody<MuteRequest>,
) -> Result<Response, Error> {
    let live = state.games.game(&id).await?;
    let user = visitor.change(&state).await?.user;
    let muted = state
        .games
        .chat_mute(&live, &user, &req.author, req.muted)
        .await?;
    Ok(Json(json!({ "muted": muted })).into_response())
}

impl From<MuteFailure> for Error {
    fn from(e: MuteFailure) -> Error {
        match e {
            MuteFailure::Chat(c) => c.into(),
            MuteFailure::Mute(m @ MuteError::Author(_)) => Error::unprocessable(m.to_string())
                .code(ErrorCode::BadField {
                    field: "author".into(),
                    detail: m.to_string(),
                }),
            MuteFailure::Store(s) => Error::internal(s),
        }
    }
}

impl From<ChatFailure> for Error {
    fn from(e: ChatFailure) -> Error {
        match e {
            ChatFailure::Chat(c) => c.into(),
            ChatFailure::Game(g) => g.into(),
            ChatFailure::Store(s) => Error::internal(s),
        }
    }
}

impl From<ChatError> for Error {
    fn from(e: ChatError) -> Error {
        use ChatError as E;
        use ErrorCode as C;
        let (status, code) = match &e {
            E::OnlyOnline => (StatusCode::FORBIDDEN, C::ChatOnlyOnline {}),
            E::PlayersOnly => (StatusCode::FORBIDDEN, C::ChatPlayersOnly {}),
            E::SpectatorsOnly => (StatusCode::FORBIDDEN, C::ChatSpectatorsOnly {}),
            E::NeedsAccount => (StatusCode::UNAUTHORIZED, C::ChatNeedsAccount {}),
            E::Message(m) => match m {
                MessageError::Empty => (StatusCode::UNPROCESSABLE_ENTITY, C::ChatEmpty {}),
                MessageError::TooLong(chars) => (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    C::ChatTooLong {
                        chars: *chars,
                        limit: crate::chat::MAX_MESSAGE,
                    },
                ),
                MessageError::Control => (StatusCode::UNPROCESSABLE_ENTITY, C::ChatControlChar {}),
                MessageError::Room => (StatusCode::FORBIDDEN, C::ChatPlayersOnly {}),
                MessageError::Rate(wait) => (
                    StatusCode::TOO_MANY_REQUESTS,
                    C::RateLimited {
                        seconds: wait.as_secs().max(1) + u64::from(wait.subsec_millis() > 0),
                    },
                ),
            },
        };
        Error::new(status, e.to_string()).code(code)
    }
}
