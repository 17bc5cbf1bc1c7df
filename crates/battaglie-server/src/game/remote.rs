//! The other nodes' changes: each change this node stores is announced on the bus,
//! and each change heard brings this node's copy of the game (if it holds one) to
//! the stored revision and pushes it to the game's sockets. What is heard is only a
//! notice: the game is read from the store, so that a message forged on the bus
//! never shows or answers a move that was not stored.

use std::sync::Arc;
use std::time::Duration;

use super::live_game::{LiveGame, LiveState};
use super::{GameError, Games};
use crate::bus::{Change, Heard, Noted, Subscription};
use crate::chat::Chat;
use crate::lobby::Lobby;
use crate::presence::Presence;

/// How often a node with a bus checks its games against the store.
pub const WATCH_EVERY: Duration = Duration::from_secs(2);

impl Games {
    /// Tells the other nodes that `st` was just stored.
    pub(super) fn announce(&self, live: &LiveGame, st: &LiveState) {
        if let Some(bus) = self.bus() {
            bus.publish(Change {
                node: self.node().to_string(),
                game: live.id().to_string(),
                revision: st.revision,
            });
        }
    }

    /// Tells the other nodes `what` of `live` was just stored.
    pub(crate) fn note(&self, live: &LiveGame, what: Noted) {
        self.shared().note(live.id(), what);
    }

    /// Hears the other nodes' changes until the bus or the server stops.
    pub fn spawn_listener(&self, mut subscription: Subscription, lobby: Lobby) {
        let state = self.clone();
        let mut shutdown = self.shutdown_signal();
        tokio::spawn(async move {
            loop {
                let heard = tokio::select! {
                    heard = subscription.next() => heard,
                    _ = shutdown.wait_for(|&s| s) => return,
                };
                match heard {
                    Some(Heard::Change(change)) => {
                        if change.node == state.node() {
                            continue;
                        }
                        if let Some(live) = state.in_memory(&change.game) {
                            // One task per change, so that a game waiting on its lock
                            // (or on a reload) holds up no other game.
                            let state = state.clone();
                            tokio::spawn(async move { state.apply(&live, &change).await });
                        }
                    }
                    Some(Heard::Note(note)) => {
                        if note.node == state.node() {
                            continue;
                        }
                        if let Some(live) = state.in_memory(&note.game) {
                            let state = state.clone();
                            tokio::spawn(async move {
                                match note.what {
                                    Noted::Chat(id) => {
                                        Chat::new(state.shared().clone()).heard(&live, id).await
                                    }
                                    Noted::Rematch => state.heard_rematch(&live).await,
                                    Noted::Presence => {
                                        Presence::new(state.shared().clone()).heard(&live).await
                                    }
                                }
                            });
                        }
                    }
                    Some(Heard::Lobby(text)) => {
                        let lobby = lobby.clone();
                        tokio::spawn(async move { lobby.heard(&text).await });
                    }
                    Some(Heard::Gap) => {
                        let state = state.clone();
                        tokio::spawn(async move { state.resync().await });
                    }
                    None => {
                        tracing::error!(
                            "the bus stopped: changes from other nodes are no longer heard"
                        );
                        return;
                    }
                }
            }
        });
    }

    /// Brings `live` to its stored revision when `change` says it is behind (a
    /// notice older than the copy costs no query).
    async fn apply(&self, live: &Arc<LiveGame>, change: &Change) {
        if live.state.lock().await.revision >= change.revision {
            return;
        }
        if let Err(e) = self.catch_up(live).await {
            tracing::warn!(game = %live.id(), error = %e, "cannot reload a game another node changed");
        }
    }

    /// Checks, every [`WATCH_EVERY`] until shutdown, that each game in memory is at its
    /// stored revision, and reloads those behind. The bus tells of a change only after
    /// it is stored, so a node killed between the two leaves the others' copies stale
    /// with nothing to tell them; this check bounds how long.
    pub fn spawn_watch(&self) {
        self.spawn_every(
            WATCH_EVERY,
            |state| async move { state.reload_stale().await },
        );
    }

    /// Reloads every game in memory whose stored revision is newer than its copy's.
    async fn reload_stale(&self) {
        for live in self.all_in_memory() {
            if let Err(e) = self.catch_up(&live).await {
                tracing::warn!(game = %live.id(), error = %e, "cannot reload a stale game");
                if matches!(e, GameError::Store(_)) {
                    return;
                }
            }
        }
    }

    /// Brings `live` to its stored revision if it is behind (one small query when it
    /// is not).
    ///
    /// # Errors
    /// The store failing; a game gone or no longer replaying.
    pub(super) async fn catch_up(&self, live: &LiveGame) -> Result<(), GameError> {
        let Some(stored) = self.repo().revision(live.id()).await? else {
            return Ok(());
        };
        let mut st = live.state.lock().await;
        if st.revision >= stored {
            return Ok(());
        }
        self.metrics().bus_change_applied();
        self.refresh(live, &mut st).await
    }

    /// After the bus was lost for a while: every game in memory brought up to date.
    async fn resync(&self) {
        for live in self.all_in_memory() {
            let mut st = live.state.lock().await;
            if let Err(e) = self.refresh(&live, &mut st).await {
                tracing::warn!(game = %live.id(), error = %e, "cannot reload a game after a bus gap");
            }
        }
    }
}
