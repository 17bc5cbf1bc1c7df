//! The lobby's routes: `GET /api/lobby`, `POST /api/challenges`,
//! `POST /api/challenges/{id}/accept` and `/decline`, `DELETE
//! /api/challenges/{id}`, `POST`/`GET`/`DELETE /api/seeks`, and the live list
//! `GET /api/lobby/ws`. Changes need a signed-in account and its CSRF token.

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use battaglie_community::{SideChoice, TimeControl};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use super::repo::{ChallengeRow, SeekRow};
use super::wire::{
    ChallengeView, GameToWatch, LobbyLife, LobbyMessage, LobbyView, SeatedView, SeekView,
    SeekWithdrawn, SoughtView,
};
use super::{ChallengeState, Event, Lobby, Offer, Seated, SeekState, Sought};
use crate::accounts::UserRow;
use crate::accounts::{Accounts, SignedIn, SignedInChange};
use crate::game::{Games, Mode};
use crate::http::ws_limits::{
    bounded, close, Allowance, Heartbeat, Silence, CLOSE_TOO_MANY, TOO_MANY,
};
use crate::http::RequestError;
use crate::http::{detached, Done, Error, JsonBody, Visitor, CLOSE_RESTART};
use crate::node::Node;
use crate::presence::Presence;
use crate::AppState;

/// The lobby's routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/lobby", get(list))
        .route("/lobby/ws", get(upgrade))
        .route("/challenges", post(post_challenge))
        .route("/challenges/{id}", delete(cancel))
        .route("/challenges/{id}/accept", post(accept))
        .route("/challenges/{id}/decline", post(decline))
        .route("/seeks", post(seek).get(my_seek).delete(unseek))
}

/// A challenge as `viewer` sees it in the list.
fn challenge_view(row: &ChallengeRow, viewer: Option<&str>) -> ChallengeView {
    let live = row
        .control
        .parse::<TimeControl>()
        .is_ok_and(TimeControl::is_live);
    ChallengeView {
        id: row.id.clone(),
        battle: row.battle.clone(),
        side: row.side,
        control: row.control.clone(),
        live,
        rated: row.rated,
        from: row.challenger_name.clone(),
        from_rating: row.challenger_rating.clone(),
        to: row.addressee_name.clone(),
        mine: viewer == Some(row.challenger.as_str()),
        incoming: viewer.is_some() && viewer == row.addressee.as_deref(),
        created_at: row.created_at,
        expires_at: row.expires_at,
    }
}

fn seated_view(s: &Seated) -> SeatedView {
    SeatedView {
        id: s.game.clone(),
        side: s.side.into(),
        token: s.token.clone(),
        url: s.url(),
    }
}

async fn seek_view(lobby: &Lobby, row: &SeekRow) -> Result<SeekView, Error> {
    let game = match (&row.game_id, &row.played_side) {
        (Some(game), Some(side)) => lobby.seated(game, *side).await?.map(|s| seated_view(&s)),
        _ => None,
    };
    Ok(SeekView {
        battle: row.battle.clone(),
        side: row.side,
        control: row.control.clone(),
        rated: row.rated,
        since: row.since,
        state: row.state,
        game,
    })
}

/// The list as `viewer` sees it: what `GET /api/lobby` answers and a socket's first message.
async fn lobby_view(
    lobby: &Lobby,
    games: &Games,
    viewer: Option<&UserRow>,
) -> Result<LobbyView, Error> {
    let rows = lobby.visible(viewer).await?;
    let id = viewer.map(|u| u.id.as_str());
    let seek = match viewer {
        Some(u) => match lobby.my_seek(u).await? {
            Some(row) => Some(seek_view(lobby, &row).await?),
            None => None,
        },
        None => None,
    };
    Ok(LobbyView {
        now: games.now().0,
        life: life(games).await?,
        me: viewer.map(|u| u.name.clone()),
        challenges: rows.iter().map(|r| challenge_view(r, id)).collect(),
        seek,
        presets: TimeControl::PRESETS
            .iter()
            .map(ToString::to_string)
            .collect(),
    })
}

/// Games to count in the lobby's life: more than a page shows, fewer than a
/// busy server holds.
const IN_PLAY_COUNTED: i64 = 500;
/// Games offered to watch.
const TO_WATCH: usize = 3;

/// The lobby's signs of life: players at a board now, games being played, and a
/// few online games to watch, the last changed first.
async fn life(games: &Games) -> Result<LobbyLife, Error> {
    let presence = Presence::new(games.shared().clone());
    let in_play = presence
        .games_in_play(IN_PLAY_COUNTED)
        .await
        .map_err(Error::internal)?;
    let watch = in_play
        .iter()
        .filter(|g| g.mode == Mode::Online)
        .take(TO_WATCH)
        .map(|g| GameToWatch {
            id: g.id.clone(),
            battle: g.scenario.clone(),
            url: format!("/game/{}", g.id),
        })
        .collect();
    Ok(LobbyLife {
        players: in_play.iter().map(|g| g.players).sum::<i64>(),
        games: in_play.len(),
        watch,
    })
}

async fn list(
    State(lobby): State<Lobby>,
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    visitor: Visitor,
) -> Result<Json<LobbyView>, Error> {
    let session = visitor.session(&accounts).await?;
    Ok(Json(
        lobby_view(&lobby, &games, session.as_ref().map(|s| &s.user)).await?,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferBody {
    battle: String,
    #[serde(default)]
    side: SideChoice,
    #[serde(default = "default_control")]
    control: String,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    to: Option<String>,
}

fn default_control() -> String {
    TimeControl::LIVE_DEFAULT.to_string()
}

async fn post_challenge(
    State(lobby): State<Lobby>,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<OfferBody>,
) -> Result<Response, Error> {
    let to = req.to.filter(|t| !t.trim().is_empty());
    let offer = Offer {
        battle: req.battle,
        side: req.side,
        control: req.control,
        rated: req.rated,
        to: to.map(|t| t.trim().to_string()),
    };
    let row = lobby.post(&session.user, offer).await?;
    let body = challenge_view(&row, Some(&session.user.id));
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn accept(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    SignedInChange(session): SignedInChange,
) -> Result<Response, Error> {
    let seated = detached(async move { Ok(lobby.accept(&id, &session.user).await?) }).await?;
    Ok((StatusCode::CREATED, Json(seated_view(&seated))).into_response())
}

async fn cancel(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    SignedInChange(session): SignedInChange,
) -> Result<Json<Done>, Error> {
    lobby.cancel(&id, &session.user).await?;
    Ok(Json(Done {}))
}

async fn decline(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    SignedInChange(session): SignedInChange,
) -> Result<Json<Done>, Error> {
    lobby.decline(&id, &session.user).await?;
    Ok(Json(Done {}))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    battle: String,
    #[serde(default)]
    side: SideChoice,
    #[serde(default = "default_control")]
    control: String,
    #[serde(default)]
    rated: bool,
}

async fn seek(
    State(lobby): State<Lobby>,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<SeekBody>,
) -> Result<Response, Error> {
    let sought = detached(async move {
        let terms = (
            req.battle.as_str(),
            req.side,
            req.control.as_str(),
            req.rated,
        );
        match lobby.seek(&session.user, terms).await? {
            Sought::Paired(s) => Ok(SoughtView::Paired {
                state: "paired",
                game: seated_view(&s),
            }),
            Sought::Waiting(row) => Ok(SoughtView::Waiting(seek_view(&lobby, &row).await?)),
        }
    })
    .await?;
    Ok((StatusCode::CREATED, Json(sought)).into_response())
}

async fn my_seek(
    State(lobby): State<Lobby>,
    SignedIn(session): SignedIn,
) -> Result<Json<Option<SeekView>>, Error> {
    Ok(Json(match lobby.my_seek(&session.user).await? {
        Some(row) => Some(seek_view(&lobby, &row).await?),
        None => None,
    }))
}

async fn unseek(
    State(lobby): State<Lobby>,
    SignedInChange(session): SignedInChange,
) -> Result<Json<SeekWithdrawn>, Error> {
    let withdrawn = lobby.unseek(&session.user).await?;
    Ok(Json(SeekWithdrawn { withdrawn }))
}

/// A cookie-authenticated socket must come from this site's own pages.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, h)| h);
    host.is_some() && origin_host == host
}

async fn upgrade(
    State(lobby): State<Lobby>,
    State(games): State<Games>,
    State(accounts): State<Accounts>,
    visitor: Visitor,
    axum::Extension(silence): axum::Extension<Silence>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, Error> {
    if !same_origin(&headers) {
        return Err(RequestError::LobbySocketCrossOrigin.into());
    }
    let viewer = visitor.session(&accounts).await?.map(|s| s.user);
    let ws = ws.map_err(RequestError::WebSocket)?;
    // A client only ever sends pings: a frame over the protocol's limit ends it.
    Ok(bounded(ws, crate::http::WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| run(socket, lobby, games, viewer, silence)))
}

/// Sends the list, then what changes in it for `viewer`, until either side stops.
async fn run(
    mut socket: WebSocket,
    lobby: Lobby,
    games: Games,
    viewer: Option<UserRow>,
    silence: Silence,
) {
    let node: &Node = games.shared();
    let _open = node.metrics().socket_opened();
    // Subscribed before the list is read: nothing falls between the two.
    let mut events = lobby.subscribe();
    let mut shutdown = node.shutdown_signal();
    let mut first = true;
    let mut allowance = Allowance::new();
    let mut heartbeat = Heartbeat::new(silence);
    loop {
        if first {
            first = false;
            let list = match lobby_view(&lobby, &games, viewer.as_ref()).await {
                Ok(l) => LobbyMessage::List(l),
                Err(_) => return,
            };
            if send(&mut socket, &list).await.is_err() {
                return;
            }
        }
        tokio::select! {
            beat = heartbeat.beat() => {
                if !Heartbeat::keep(&mut socket, beat).await { return; }
            }
            incoming = socket.recv() => {
                heartbeat.heard();
                match incoming {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) if !allowance.take() => {
                        close(&mut socket, CLOSE_TOO_MANY, TOO_MANY).await;
                        return;
                    }
                    Some(Ok(Message::Text(t))) if t.as_str().contains("\"ping\"") => {
                        if send(&mut socket, &LobbyMessage::Pong).await.is_err() { return; }
                    }
                    Some(Ok(_)) => {}
                }
            }
            event = events.recv() => match event {
                Ok(event) => {
                    let message = match event_message(&lobby, &event, viewer.as_ref()).await {
                        Ok(Some(m)) => m,
                        Ok(None) => continue,
                        Err(e) => {
                            tracing::warn!(error = %e, "cannot tell a lobby change");
                            continue;
                        }
                    };
                    if send(&mut socket, &message).await.is_err() { return; }
                }
                // Fell behind: the whole list again.
                Err(RecvError::Lagged(_)) => first = true,
                Err(RecvError::Closed) => return,
            },
            _ = async { shutdown.wait_for(|&s| s).await.is_ok() } => {
                let frame = axum::extract::ws::CloseFrame {
                    code: CLOSE_RESTART,
                    reason: "this server is stopping: reconnect".into(),
                };
                let _ = socket.send(Message::Close(Some(frame))).await;
                return;
            }
        }
    }
}

/// What `viewer`'s socket is told of `event`, if anything: direct challenges
/// only to the two players concerned, a game's seat only to its player.
async fn event_message(
    lobby: &Lobby,
    event: &Event,
    viewer: Option<&UserRow>,
) -> Result<Option<LobbyMessage>, Error> {
    let id = viewer.map(|u| u.id.as_str());
    match event {
        Event::Challenge(row) => {
            let visible = row.addressee.is_none()
                || id == Some(row.challenger.as_str())
                || id == row.addressee.as_deref();
            let concerned = id.is_some()
                && (id == Some(row.challenger.as_str()) || id == row.acceptor.as_deref());
            Ok(match row.state {
                ChallengeState::Open if visible => Some(LobbyMessage::Added {
                    challenge: challenge_view(row, id),
                }),
                ChallengeState::Accepted if concerned => {
                    let mine = id == Some(row.challenger.as_str());
                    let side = match (row.challenger_side, mine) {
                        (Some(s), true) => s,
                        (Some(s), false) => !s,
                        (None, _) => return Ok(None),
                    };
                    let game = match &row.game_id {
                        Some(g) => lobby.seated(g, side).await?,
                        None => None,
                    };
                    Some(LobbyMessage::Accepted {
                        id: row.id.clone(),
                        game: game.as_ref().map(seated_view),
                    })
                }
                ChallengeState::Accepted | ChallengeState::Cancelled | ChallengeState::Declined
                    if visible =>
                {
                    Some(LobbyMessage::Removed {
                        id: row.id.clone(),
                        reason: row.state,
                    })
                }
                ChallengeState::Open
                | ChallengeState::Accepted
                | ChallengeState::Cancelled
                | ChallengeState::Declined => None,
            })
        }
        Event::Seek(row) if id == Some(row.user.as_str()) && row.state == SeekState::Paired => {
            let seek = seek_view(lobby, row).await?;
            let game = seek.game.clone();
            Ok(Some(LobbyMessage::Paired { seek, game }))
        }
        Event::Seek(_) => Ok(None),
    }
}

async fn send(socket: &mut WebSocket, message: &LobbyMessage) -> Result<(), axum::Error> {
    let text = serde_json::to_string(message).map_err(axum::Error::new)?;
    socket.send(Message::Text(text.into())).await
}
