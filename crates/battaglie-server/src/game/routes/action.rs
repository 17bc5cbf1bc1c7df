//! The common path of every action on a game (move, undo, resign, draw,
//! take-back, claim): the game, the seat the request's token (or the visitor's
//! cookie) opens, the action run to its end even if the client goes away
//! meanwhile, and the answer.

use std::future::Future;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use crate::accounts::Accounts;
use crate::game::{with_seat, GameError, Games, LiveGame, SharedState};
use crate::http::RequestError;
use crate::http::{
    detached, json_text, seat_token, Actor, Error, GameActions, QueryParams, Visitor,
};

/// A request to act on the game of its path: what every action handler
/// extracts besides its body.
pub(super) struct Action {
    games: Games,
    accounts: Accounts,
    id: String,
    visitor: Visitor,
    since: Since,
    /// The allowance the action takes from, when it is not a move.
    limited: Option<GameActions>,
}

/// `?since=VERSION`: the version of the state the client holds, so that an
/// answer may list only the plies after those it has (`docs/api.md`).
#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: Option<u64>,
}

impl<S> FromRequestParts<S> for Action
where
    S: Send + Sync,
    Games: FromRef<S>,
    Accounts: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Action, Error> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(RequestError::Path)?;
        let QueryParams(since) = QueryParams::<Since>::from_request_parts(parts, state).await?;
        Ok(Action {
            games: Games::from_ref(state),
            accounts: Accounts::from_ref(state),
            id,
            visitor: Visitor::from_request_parts(parts, state).await?,
            since,
            limited: None,
        })
    }
}

impl Action {
    /// The action taken from the seat's and the address's allowance of actions
    /// other than moves (see `http/limits/actions.rs`).
    pub(super) fn limited(mut self, actions: GameActions) -> Action {
        self.limited = Some(actions);
        self
    }

    /// The version of the state the client holds, if it said.
    pub(super) fn held(&self) -> Option<u64> {
        self.since.since
    }

    /// Runs `action` on the game with the seat `token` (or the visitor's
    /// cookie) opens, and answers the new state.
    ///
    /// # Errors
    /// A game that does not exist, a token that opens no seat, the action's
    /// refusal (a conflict carries the game's state as it is now).
    pub(super) async fn run<F, Fut, T>(
        self,
        token: Option<String>,
        action: F,
    ) -> Result<Response, Error>
    where
        F: FnOnce(Games, Arc<LiveGame>, Option<String>) -> Fut,
        Fut: Future<Output = Result<T, GameError>> + Send + 'static,
        T: Answer + Send + 'static,
    {
        let live = self.games.game(&self.id).await?;
        let token = seat_token(&self.accounts, &self.visitor, &live, token, true).await?;
        if let Some(actions) = &self.limited {
            let seat = live.seat(token.as_deref())?;
            let actor = Actor::Seat(&self.id, seat.word());
            actions.take(&self.visitor.address, actor).await?;
        }
        let run = action(self.games, live.clone(), token.clone());
        let done = detached(async move { Ok(run.await?.state()) }).await;
        respond(&live, token.as_deref(), self.since.since, done).await
    }
}

/// What an action leaves for its answer.
pub(super) trait Answer {
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
    since: Option<u64>,
    done: Result<Option<SharedState>, Error>,
) -> Result<Response, Error> {
    let seat = live.seat(token)?;
    match done {
        Ok(Some(state)) => Ok(json_text(StatusCode::OK, with_seat(&state, seat, false))),
        Ok(None) => Ok(json_text(StatusCode::OK, live.view(seat, since).await)),
        Err(e) if e.is_conflict() => Err(e.with_state(&live.view(seat, since).await)),
        Err(e) => Err(e),
    }
}
