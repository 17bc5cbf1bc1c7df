//! `GET /api/games/{id}/ws?token=...`: the live game over a WebSocket.
//!
//! The server sends the state (as `GET /api/games/{id}` answers it, with
//! `"type": "state"`) on connection and after every change. Seat holders may send
//! `{"type": "move", "move": "..."}` (and `undo`, `resign`, `abort`, `draw`, `takeback`); a refused
//! request answers `{"type": "error", "status": 422, "error": "...", "code": "...",
//! "params": {...}}`. Chat messages, stored by any node, arrive as
//! `{"type": "chat", ...}` on every socket whose seat reads their room; any socket
//! may send `{"type": "chat", "text": "...", "room": "..."}` (see `crate::chat`).
//! A rematch offer's every change arrives as `{"type": "rematch", ...}` (and
//! the standing offer on opening). The seats' presence and the spectators'
//! count arrive as `{"type": "presence", ...}` on opening and at every change.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use super::per_address::{Held, PerAddress};
use super::ws_limits::{
    bounded, close, Allowance, Heartbeat, Pushes, Silence, CLOSE_TOO_MANY, GAME_TRANSPORT_LIMIT,
    TOO_MANY,
};
use super::RequestError;
use super::{
    detached, parse_json, Actor, Error, GameActions, QueryParams, Visitor, WS_MESSAGE_LIMIT,
};
use crate::accounts::{TrustForwarded, UserRow};
use crate::chat::{may_read, shows, ChatMessage, ChatRow};
use crate::game::{
    with_seat, with_seat_on_turn, DrawAction, LiveGame, RematchView, Seat, SharedState, StateParts,
    Told,
};
use crate::game::{GameSocketMessage, Mode, RematchRow};
use crate::AppState;

pub(super) fn router(
    proxies: std::sync::Arc<super::Proxies>,
    per_address: Option<usize>,
) -> Router<AppState> {
    Router::new()
        .route("/games/{id}/ws", get(upgrade))
        .layer(Extension(TrustForwarded(proxies)))
        .layer(Extension(PerAddress::new(per_address)))
}

/// The socket's query: the seat token, and the session's CSRF token for a
/// signed-in spectator who writes in the spectators' room (a browser's socket
/// carries the cookie but no header of the page's).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SocketQuery {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    legal: LegalMoves,
}

/// Which states list their legal moves on a socket (`?legal=`): `all` (every
/// state, the default) or `mine` (only those the socket's seat is to move in).
#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum LegalMoves {
    #[default]
    All,
    Mine,
}

/// Who holds a socket: the seat of its token, the signed-in viewer (whose mutes
/// hide messages) and, when the query carried the session's CSRF token, the
/// account that writes.
struct Holder {
    seat: Seat,
    legal: LegalMoves,
    token: Option<String>,
    viewer: Option<UserRow>,
    account: Option<UserRow>,
    /// The client's address and the allowance its offers and messages take from.
    address: String,
    actions: GameActions,
}

impl Holder {
    /// The message of the state `snapshot` for this socket.
    fn state_message(&self, snapshot: &StateParts) -> String {
        GameSocketMessage::State(match self.legal {
            LegalMoves::All => with_seat(snapshot, self.seat, true),
            LegalMoves::Mine => with_seat_on_turn(snapshot, self.seat),
        })
        .text()
    }

    /// The message of the rematch offer `row` for this socket.
    fn rematch_message(&self, row: Option<&RematchRow>) -> String {
        let view = RematchView::of(row, self.seat, self.token.as_deref());
        GameSocketMessage::Rematch { view: &view }.text()
    }
}

// An axum handler: each argument is one extractor.
#[allow(clippy::too_many_arguments)]
async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    visitor: Visitor,
    Extension(sockets): Extension<PerAddress>,
    Extension(silence): Extension<Silence>,
    Extension(actions): Extension<GameActions>,
    QueryParams(q): QueryParams<SocketQuery>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, Error> {
    let address = visitor
        .address
        .parse()
        .unwrap_or(std::net::Ipv4Addr::UNSPECIFIED.into());
    let Some(held) = sockets.take(address) else {
        let most = sockets.cap().unwrap_or_default();
        return Err(RequestError::TooManyGames(most).into());
    };
    let live = state.games.game_to_read(&id).await?;
    let token = q.token.or_else(|| protocol_token(&headers));
    let seat = live.seat(token.as_deref())?;
    let ws = ws.map_err(RequestError::WebSocket)?;
    let account = match q.csrf.as_deref() {
        Some(csrf) => visitor.user_with_csrf(&state.accounts, csrf).await?,
        None => None,
    };
    let viewer = match &account {
        Some(user) => Some(user.clone()),
        None => visitor.session(&state.accounts).await?.map(|s| s.user),
    };
    let holder = Holder {
        seat,
        legal: q.legal,
        token,
        viewer,
        account,
        address: visitor.address.clone(),
        actions,
    };
    // The protocol's limit is checked on each message, so that a client over it is
    // told why (1009); the transport's own limit, above it, only stops a flood.
    // Buffers start small (a client's messages are under 4 KiB; a state, at most
    // some tens, grows them when it must): the default 128 KiB each way made a
    // thousand open games (two sockets each) hold some 400 MiB.
    Ok(bounded(ws.protocols([PROTOCOL]), GAME_TRANSPORT_LIMIT)
        .on_upgrade(move |socket| run(socket, state, live, holder, held, silence)))
}

/// The subprotocol a page's socket asks for, offering its seat token beside it as
/// `seat.TOKEN` (a browser's socket can carry no other header, and a token in its
/// URL would be in every proxy's log).
const PROTOCOL: &str = "battaglie";

/// The seat token offered as a `seat.TOKEN` subprotocol, if any.
fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix("seat."))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Move {
        #[serde(rename = "move")]
        mv: String,
        /// The version the sender holds: a move refused because the game
        /// changed since is a conflict, not a fault (`docs/api.md`).
        #[serde(default)]
        since: Option<u64>,
    },
    Undo,
    Resign,
    Abort,
    Draw {
        #[serde(default)]
        action: Option<String>,
    },
    Takeback {
        #[serde(default)]
        action: Option<String>,
    },
    Chat {
        text: String,
        #[serde(default)]
        room: Option<String>,
    },
    Ping,
}

/// (`_held` counts the socket against its address until it closes.)
async fn run(
    socket: WebSocket,
    state: AppState,
    live: Arc<LiveGame>,
    holder: Holder,
    _held: Held,
    silence: Silence,
) {
    let _open = state.node.metrics().socket_opened();
    let (snapshot, updates) = live.subscribe().await;
    let told = live.subscribe_told();
    // Counted once it listens, so that it hears the presence it changes.
    let counted = state.presence.socket_opened(&live, holder.seat).await;
    let first = Subscribed {
        snapshot,
        updates,
        told,
    };
    serve(socket, &state, &live, &holder, first, silence).await;
    state.presence.socket_closed(&live, counted).await;
}

/// What a socket listens to, from its first state on.
struct Subscribed {
    snapshot: SharedState,
    updates: tokio::sync::broadcast::Receiver<SharedState>,
    told: tokio::sync::broadcast::Receiver<Told>,
}

/// What a socket is sent on opening, after the state: the presence, and the
/// rematch offer of a game over; and the number of the presence tells it
/// already holds the outcome of.
async fn greeting(state: &AppState, live: &LiveGame, holder: &Holder) -> (Vec<String>, u64) {
    let mut first = Vec::new();
    let mut presence_seen = 0;
    if let Some((count, presence)) = state.presence.greeting(live).await {
        first.push(GameSocketMessage::presence(&presence).text());
        presence_seen = count;
    }
    if live.mode() == Mode::Online && live.is_over().await {
        match state.games.repo().rematch(live.id()).await {
            Ok(Some(row)) => first.push(holder.rematch_message(Some(&row))),
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = %live.id(), error = %e, "cannot read the rematch offer")
            }
        }
    }
    (first, presence_seen)
}

async fn serve(
    mut socket: WebSocket,
    state: &AppState,
    live: &Arc<LiveGame>,
    holder: &Holder,
    first: Subscribed,
    silence: Silence,
) {
    let seat = holder.seat;
    let Subscribed {
        snapshot,
        mut updates,
        mut told,
    } = first;
    if send(&mut socket, holder.state_message(&snapshot))
        .await
        .is_err()
    {
        return;
    }
    let (greeted, presence_seen) = greeting(state, live, holder).await;
    for message in greeted {
        if send(&mut socket, message).await.is_err() {
            return;
        }
    }
    let mut shutdown = state.node.shutdown_signal();
    let mut allowance = Allowance::new();
    let mut heartbeat = Heartbeat::new(silence);
    let mut pushes = Pushes::new(seat == Seat::Spectator);
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                heartbeat.heard();
                if !allowance.take() {
                    close(&mut socket, CLOSE_TOO_MANY, TOO_MANY).await;
                    break;
                }
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let reply = error_message(&RequestError::NotText.into());
                        if send(&mut socket, reply).await.is_err() { break; }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Err(e)) => {
                        tracing::debug!(game = %live.id(), error = %e, "WebSocket closed on error");
                        close(&mut socket, CLOSE_TOO_BIG, TOO_BIG).await;
                        break;
                    }
                };
                if text.len() > WS_MESSAGE_LIMIT {
                    close(&mut socket, CLOSE_TOO_BIG, TOO_BIG).await;
                    break;
                }
                if let Some(reply) = handle(state, live, holder, text.as_str()).await {
                    if send(&mut socket, reply).await.is_err() { break; }
                }
            }
            update = updates.recv() => {
                let snapshot = match update {
                    Ok(s) => s,
                    Err(RecvError::Lagged(_)) => live.whole().await,
                    Err(RecvError::Closed) => break,
                };
                if !pushes.arrived() { continue; }
                if send(&mut socket, holder.state_message(&snapshot)).await.is_err() { break; }
            }
            () = pushes.due() => {
                // Changes were skipped: the whole state, which needs none of them.
                let snapshot = live.whole().await;
                if send(&mut socket, holder.state_message(&snapshot)).await.is_err() { break; }
            }
            message = told.recv() => {
                let text = match message {
                    Ok(Told::Chat(row)) => chat_message(state, live, holder, &row).await,
                    Ok(Told::Rematch(row)) => Some(holder.rematch_message(row.as_deref())),
                    // Told before the greeting's presence: older than it.
                    Ok(Told::Presence(count, _)) if count <= presence_seen => None,
                    Ok(Told::Presence(_, presence)) => Some(GameSocketMessage::presence(&presence).text()),
                    // A client that fell behind reads the history again.
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => break,
                };
                if let Some(text) = text {
                    if send(&mut socket, text).await.is_err() { break; }
                }
            }
            beat = heartbeat.beat() => {
                if !Heartbeat::keep(&mut socket, beat).await { break; }
            }
            _ = async { shutdown.wait_for(|&s| s).await.is_ok() } => {
                close(&mut socket, CLOSE_RESTART, "this server is stopping: reconnect").await;
                break;
            }
        }
    }
}

/// The push of chat message `row` to `holder`'s socket, if its seat reads the
/// room and its viewer did not mute the author (read at each message, so that a
/// mute through any node counts at once).
async fn chat_message(
    state: &AppState,
    live: &LiveGame,
    holder: &Holder,
    row: &ChatRow,
) -> Option<String> {
    may_read(holder.seat, row.room, live.is_over().await).ok()?;
    match state.chat.mutes(live, holder.viewer.as_ref()).await {
        Ok(mutes) if !shows(&mutes, row) => return None,
        Ok(_) => {}
        Err(e) => tracing::warn!(game = %live.id(), error = %e, "cannot read chat mutes"),
    }
    let message = ChatMessage::from(row);
    Some(GameSocketMessage::Chat { message: &message }.text())
}

/// Carries out a client message; returns a reply to send (errors, pong), if any.
/// The new state itself arrives through the game's updates (a chat message
/// through the chat's).
async fn handle(
    state: &AppState,
    live: &Arc<LiveGame>,
    holder: &Holder,
    text: &str,
) -> Option<String> {
    let msg: ClientMessage = match parse_json(text.as_bytes()) {
        Ok(m) => m,
        Err(e) => return Some(error_message(&e)),
    };
    if matches!(msg, ClientMessage::Ping) {
        return Some(GameSocketMessage::Pong.text());
    }
    if matches!(
        msg,
        ClientMessage::Draw { .. } | ClientMessage::Takeback { .. } | ClientMessage::Chat { .. }
    ) {
        let actor = match &holder.account {
            Some(user) if holder.seat == Seat::Spectator => Actor::Account(&user.id),
            _ => Actor::Seat(live.id(), holder.seat.word()),
        };
        if let Err(e) = holder.actions.take(&holder.address, actor).await {
            return Some(error_message(&e));
        }
    }
    let (state, live) = (state.clone(), live.clone());
    let (token, account) = (holder.token.clone(), holder.account.clone());
    let result = detached(async move {
        let token = token.as_deref();
        match msg {
            // The socket is sent the new state as every other socket is.
            ClientMessage::Move { mv, since } => {
                Ok(state.games.play(&live, token, &mv, since).await.map(drop)?)
            }
            ClientMessage::Undo => Ok(state.games.undo(&live, token).await?),
            ClientMessage::Resign => Ok(state.games.resign(&live, token).await?),
            ClientMessage::Abort => Ok(state.games.abort(&live, token).await?),
            ClientMessage::Draw { action } => {
                let action = match action.as_deref() {
                    None | Some("offer") => DrawAction::Offer,
                    Some("accept") => DrawAction::Accept,
                    Some("decline") => DrawAction::Decline,
                    Some(other) => {
                        return Err(RequestError::choice(
                            "action",
                            other,
                            &["offer", "accept", "decline"],
                        )
                        .into())
                    }
                };
                Ok(state.games.draw(&live, token, action).await?)
            }
            ClientMessage::Takeback { action } => {
                let action = crate::game::routes::takeback_action(action.as_deref())?;
                Ok(state.games.takeback(&live, token, action).await?)
            }
            ClientMessage::Chat { text, room } => {
                let room =
                    crate::chat::routes::room(room.as_deref()).map_err(RequestError::Choice)?;
                state
                    .chat
                    .write(&live, token, account.as_ref(), room, &text)
                    .await?;
                Ok(())
            }
            ClientMessage::Ping => Ok(()),
        }
    })
    .await;
    match result {
        Ok(()) => None,
        Err(e) => Some(error_message(&e)),
    }
}

fn error_message(e: &Error) -> String {
    GameSocketMessage::error(e).text()
}

/// Close code 1009: a message over [`WS_MESSAGE_LIMIT`].
pub const CLOSE_TOO_BIG: u16 = 1009;

/// Close code 1012 (service restart): this node stops, another one serves the game.
pub const CLOSE_RESTART: u16 = 1012;

const TOO_BIG: &str = "message too big: the limit is 4096 bytes";

async fn send(socket: &mut WebSocket, text: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(text.into())).await
}
