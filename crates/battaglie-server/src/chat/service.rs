//! The chat service: a message is checked by the chat's rules, stored, then told
//! to this node's sockets of the game and, over the bus, to the other nodes'
//! (which read it back from the store).

use std::sync::Arc;

use super::repo::{ChatRepo, ChatRow};
use super::rules::{self as chat, ChatError, MuteError};
use crate::accounts::UserRow;
use crate::bus::Noted;
use crate::game::Mode;
use crate::game::{GameError, LiveGame, Seat, Told};
use crate::node::Node;
use crate::store::StoreError;
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

/// The chat of a node's games.
#[derive(Debug, Clone)]
pub struct Chat {
    node: Node,
    repo: ChatRepo,
}

impl Chat {
    /// The chat of `node`'s games.
    pub fn new(node: Node) -> Chat {
        Chat {
            repo: ChatRepo::new(node.store().clone()),
            node,
        }
    }

    /// Writes `text` in `room` of the game for the holder of `token` (or, for a
    /// spectator, the signed-in `account`); answers the stored message.
    ///
    /// # Errors
    /// Not an online game, a wrong token, a writer the room does not take, a bad
    /// text, over the rate limit; store failures.
    pub async fn write(
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
        let now = self.node.now().millis();
        let row = self
            .repo
            .add_checked(
                live.id(),
                room,
                (&sender, &author),
                now - chat::RATE_MEMORY_MS,
                now,
                |recent| chat::check(text, seat, room, recent, now),
            )
            .await??;
        live.tell(Told::Chat(Arc::new(row.clone())));
        self.node.note(live.id(), Noted::Chat(row.id));
        Ok(row)
    }

    /// Another node stored message `id`: pushed to this node's sockets of the
    /// game, read from the store when some socket listens.
    pub async fn heard(&self, live: &LiveGame, id: i64) {
        if !live.has_listeners() {
            return;
        }
        match self.repo.message(live.id(), id).await {
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
    pub async fn read(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        viewer: Option<&UserRow>,
        room: Room,
    ) -> Result<Vec<ChatRow>, ChatFailure> {
        let seat = self.chat_seat(live, token)?;
        chat::may_read(seat, room, live.is_over().await)?;
        let mutes = self.mutes(live, viewer).await?;
        let mut rows = self.repo.history(live.id(), room, chat::HISTORY).await?;
        rows.retain(|row| chat::shows(&mutes, row));
        Ok(rows)
    }

    /// Mutes (`muted`) or unmutes `author` in the game's chat for `user`; answers
    /// the authors `user` mutes there now.
    ///
    /// # Errors
    /// Not an online game, a bad author; store failures.
    pub async fn mute(
        &self,
        live: &LiveGame,
        user: &UserRow,
        author: &str,
        muted: bool,
    ) -> Result<Vec<String>, MuteFailure> {
        if live.mode() != Mode::Online {
            return Err(ChatError::OnlyOnline.into());
        }
        let author = chat::mute_author(author)?;
        self.repo
            .set_mute(&user.id, live.id(), author, muted)
            .await?;
        Ok(self.repo.mutes(&user.id, live.id()).await?)
    }

    /// The authors `viewer` muted in the game (none for a guest: its page keeps them).
    ///
    /// # Errors
    /// Store failures.
    pub async fn mutes(
        &self,
        live: &LiveGame,
        viewer: Option<&UserRow>,
    ) -> Result<Mutes, StoreError> {
        let Some(user) = viewer else {
            return Ok(Mutes::default());
        };
        let authors = self.repo.mutes(&user.id, live.id()).await?;
        Ok(Mutes(authors.into_iter().map(PlayerId).collect()))
    }

    /// The authors `user` muted in the game, in name order.
    ///
    /// # Errors
    /// Store failures.
    pub async fn muted_by(
        &self,
        live: &LiveGame,
        user: &UserRow,
    ) -> Result<Vec<String>, StoreError> {
        self.repo.mutes(&user.id, live.id()).await
    }

    /// The seat of `token` in an online game.
    fn chat_seat(&self, live: &LiveGame, token: Option<&str>) -> Result<Seat, ChatFailure> {
        if live.mode() != Mode::Online {
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
