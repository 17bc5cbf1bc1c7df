//! Carrying out chat requests (see `crate::chat` for the rules): a message is
//! stored, then told to this node's sockets and, over the bus, to the others'
//! (which read it back from the store).

use std::sync::Arc;

use super::live_game::Told;
use super::{GameError, Games, LiveGame, Seat};
use crate::bus::Noted;
use crate::chat::{self, ChatError, MuteError};
use crate::store::{ChatRow, Mode, StoreError, UserRow};
use battaglie_community::{Mutes, PlayerId, Room};

/// Why a chat request failed.
#[derive(Debug, thiserror::Error)]
pub enum ChatFailure {
    /// The chat rules refused it.
    #[error(transparent)]
    Chat(#[from] ChatError),
    /// The game refused it (a wrong token, no such game).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Games {
    /// Writes `text` in `room` of the game for the holder of `token` (or, for a
    /// spectator, the signed-in `account`); answers the stored message.
    ///
    /// # Errors
    /// Not an online game, a wrong token, a writer the room does not take, a bad
    /// text, over the rate limit; store failures.
    pub async fn chat_write(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        account: Option<&UserRow>,
        room: Room,
        text: &str,
    ) -> Result<ChatRow, ChatFailure> {
        let seat = self.chat_seat(live, token)?;
        let (sender, author) = chat::writer(
            seat,
            room,
            account.map(|u| (u.id.as_str(), u.name.as_str())),
        )?;
        let now = self.now().millis();
        let store = self.store();
        let recent = store
            .chat_times(live.id(), &sender, now - chat::RATE_MEMORY_MS)
            .await?;
        let body = chat::check(text, seat, room, &recent, now)?;
        let row = store
            .add_chat(
                live.id(),
                chat::room_word(room),
                &sender,
                &author,
                body,
                now,
            )
            .await?;
        live.tell(Told::Chat(Arc::new(row.clone())));
        self.note(live, Noted::Chat(row.id));
        Ok(row)
    }

    /// Another node stored message `id`: pushed to this node's sockets of the
    /// game, read from the store when some socket listens.
    pub(super) async fn heard_chat(&self, live: &LiveGame, id: i64) {
        if !live.has_listeners() {
            return;
        }
        match self.store().chat_message(live.id(), id).await {
            Ok(Some(row)) => live.tell(Told::Chat(Arc::new(row))),
            Ok(None) => {
                tracing::warn!(game = %live.id(), id, "a chat message heard on the bus is not stored")
            }
            Err(e) => {
                tracing::warn!(game = %live.id(), error = %e, "cannot read a chat message another node stored")
            }
        }
    }

    /// The latest messages of `room` for the holder of `token`, oldest first,
    /// but those of the authors the `viewer` account muted.
    ///
    /// # Errors
    /// Not an online game, a wrong token, a player asking for the spectators' room
    /// during the game; store failures.
    pub async fn chat_read(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        viewer: Option<&UserRow>,
        room: Room,
    ) -> Result<Vec<ChatRow>, ChatFailure> {
        let seat = self.chat_seat(live, token)?;
        chat::may_read(seat, room, live.is_over().await)?;
        let mutes = self.chat_mutes(live, viewer).await?;
        let mut rows = self
            .store()
            .chat_history(live.id(), chat::room_word(room), chat::HISTORY)
            .await?;
        rows.retain(|row| chat::shows(&mutes, row));
        Ok(rows)
    }

    /// Mutes (`muted`) or unmutes `author` in the game's chat for `user`; answers
    /// the authors `user` mutes there now.
    ///
    /// # Errors
    /// Not an online game, a bad author; store failures.
    pub async fn chat_mute(
        &self,
        live: &LiveGame,
        user: &UserRow,
        author: &str,
        muted: bool,
    ) -> Result<Vec<String>, MuteFailure> {
        if live.row.mode != Mode::Online {
            return Err(ChatError::OnlyOnline.into());
        }
        let author = chat::mute_author(author)?;
        let store = self.store();
        store
            .set_chat_mute(&user.id, live.id(), author, muted)
            .await?;
        Ok(store.chat_mutes(&user.id, live.id()).await?)
    }

    /// The authors `viewer` muted in the game (none for a guest: its page keeps them).
    ///
    /// # Errors
    /// Store failures.
    pub async fn chat_mutes(
        &self,
        live: &LiveGame,
        viewer: Option<&UserRow>,
    ) -> Result<Mutes, StoreError> {
        let Some(user) = viewer else {
            return Ok(Mutes::default());
        };
        let authors = self.store().chat_mutes(&user.id, live.id()).await?;
        Ok(Mutes(authors.into_iter().map(PlayerId).collect()))
    }

    /// The seat of `token` in an online game.
    fn chat_seat(&self, live: &LiveGame, token: Option<&str>) -> Result<Seat, ChatFailure> {
        if live.row.mode != Mode::Online {
            return Err(ChatError::OnlyOnline.into());
        }
        Ok(live.seat(token)?)
    }
}

/// Why a mute failed.
#[derive(Debug, thiserror::Error)]
pub enum MuteFailure {
    /// Not an online game.
    #[error(transparent)]
    Chat(#[from] ChatError),
    /// The author is not one a message can have.
    #[error(transparent)]
    Mute(#[from] MuteError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl LiveGame {
    /// Whether the game has ended (as this copy knows it).
    pub(crate) async fn is_over(&self) -> bool {
        self.state.lock().await.game.is_over()
    }
}
