//! The presence service: every socket is a row in the store, renewed by its
//! node every [`BEAT_EVERY`]; a node that dies stops renewing, and its sockets
//! stop counting after [`BEAT_LAPSE`](super::BEAT_LAPSE). Each change is told to this node's
//! sockets of the game and, over the bus, to the other nodes', which read the
//! rows again.

use std::sync::Arc;
use std::time::{Duration, Instant};

use battaglie_rules::Side;

use super::repo::{GameInPlay, PresenceRepo, SocketStamp};
use super::rules::{lapse_ms, presence_of, seat_presence};
use super::wire::{PresenceAt, PresenceView};
use crate::bus::Noted;
use crate::game::{Games, LiveGame, Mode, Seat, Told};
use crate::ids;
use crate::node::Node;
use crate::store::StoreError;

/// How often a node renews its open sockets in the store.
pub const BEAT_EVERY: Duration = Duration::from_secs(5);

/// The sockets of one game are told the presence at most once in this long:
/// a burst of N sockets opening costs each a few messages, not N.
pub const PRESENCE_COALESCE: Duration = Duration::from_millis(250);

/// Rows not renewed for this long are forgotten (a closed socket's row only
/// matters for the minute after it closed).
const FORGET_AFTER: Duration = Duration::from_secs(24 * 3600);

/// The presence of a node's games.
#[derive(Debug, Clone)]
pub struct Presence {
    node: Node,
    repo: PresenceRepo,
}

/// A socket this node holds open, by its row's id (`None`: it could not be
/// stored, and counts for nobody).
#[derive(Debug)]
pub struct OpenSocket(Option<String>);

/// The presence a node's sockets of one game were last told, and how many
/// tells there were (held by the game in memory, see [`LiveGame`]).
#[derive(Default)]
pub(crate) struct PresenceTold {
    /// What every socket of the game was last told (`None`: not all the same).
    view: Option<PresenceView>,
    count: u64,
    /// When the sockets were last told.
    last_at: Option<Instant>,
    /// Whether a tell is waiting for its turn (changes meanwhile join it).
    pending: bool,
}

impl Presence {
    /// The presence of `node`'s games.
    pub fn new(node: Node) -> Presence {
        Presence {
            repo: PresenceRepo::new(node.store().clone()),
            node,
        }
    }

    /// The games being played now (a player's socket open and renewed within
    /// [`BEAT_LAPSE`](super::BEAT_LAPSE)), the last changed first, at most `limit`.
    ///
    /// # Errors
    /// Store failures.
    pub async fn games_in_play(&self, limit: i64) -> Result<Vec<GameInPlay>, StoreError> {
        let since = wall_now().saturating_sub(lapse_ms());
        self.repo.games_in_play(since, limit).await
    }

    /// Records a socket of `seat` opened on `live`, and tells every socket of
    /// the game (this one included, once it listens) the new presence.
    pub async fn socket_opened(&self, live: &Arc<LiveGame>, seat: Seat) -> OpenSocket {
        let id = match ids::random_hex(8) {
            Ok(id) => id,
            Err(e) => {
                tracing::warn!(error = %e, "no id for a socket: it does not count for presence");
                return OpenSocket(None);
            }
        };
        let opened = self
            .repo
            .socket_opened(&id, live.id(), seat, self.stamp())
            .await;
        if let Err(e) = opened {
            tracing::warn!(game = %live.id(), error = %e, "cannot record a socket opened");
            return OpenSocket(None);
        }
        self.changed(live).await;
        OpenSocket(Some(id))
    }

    /// Records `socket` closed, and tells the game's other sockets.
    pub async fn socket_closed(&self, live: &Arc<LiveGame>, socket: OpenSocket) {
        let Some(id) = socket.0 else { return };
        if let Err(e) = self.repo.socket_closed(&id, self.node.now().millis()).await {
            tracing::warn!(game = %live.id(), error = %e, "cannot record a socket closed");
            return;
        }
        self.changed(live).await;
    }

    /// The presence of the game's seats and spectators now.
    ///
    /// # Errors
    /// The store failing.
    pub async fn of_game(&self, live: &LiveGame) -> Result<PresenceView, StoreError> {
        let rows = self.repo.sockets_of(live.id()).await?;
        let claims = live.mode() == Mode::Online && live.live_clock_runs().await;
        Ok(presence_of(&rows, self.node.now(), wall_now(), claims))
    }

    /// The presence of `side`'s seat now, for a claim against it.
    ///
    /// # Errors
    /// The store failing.
    pub async fn of_seat(
        &self,
        live: &LiveGame,
        side: Side,
    ) -> Result<battaglie_community::Presence, StoreError> {
        let rows = self.repo.sockets_of(live.id()).await?;
        Ok(seat_presence(&rows, side, wall_now()))
    }

    /// Another node opened or closed a socket of `live`: this node's sockets told.
    pub async fn heard(&self, live: &Arc<LiveGame>) {
        if live.has_listeners() {
            self.tell_soon(live).await;
        }
    }

    /// Tells this node's sockets of `live` the presence soon, and the other
    /// nodes that it changed.
    async fn changed(&self, live: &Arc<LiveGame>) {
        self.tell_soon(live).await;
        self.node.note(live.id(), Noted::Presence);
    }

    /// Tells the sockets of `live` the presence now, or, when they were told
    /// less than [`PRESENCE_COALESCE`] ago, once that time is up: one tell then
    /// for every change meanwhile.
    async fn tell_soon(&self, live: &Arc<LiveGame>) {
        let wait = {
            let mut told = live.presence.lock().await;
            if told.pending {
                return;
            }
            match told.last_at.map(|t| t.elapsed()) {
                Some(since) if since < PRESENCE_COALESCE => {
                    told.pending = true;
                    PRESENCE_COALESCE - since
                }
                _ => Duration::ZERO,
            }
        };
        if wait.is_zero() {
            self.tell(live).await;
            return;
        }
        let (presence, live) = (self.clone(), live.clone());
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            live.presence.lock().await.pending = false;
            presence.tell(&live).await;
        });
    }

    /// The presence message now and the number of the last tell, for a socket
    /// that just opened (the others hear of it by [`Presence::tell`]).
    ///
    /// When the greeting is not what the other sockets were last told (a change
    /// whose tell waits its turn, or another node's not yet heard), the next tell
    /// goes to every socket whatever it finds: the rows may by then be back to
    /// what the others hold (a page opened and closed at once), and this socket
    /// would otherwise keep the presence of between (an opponent online who left).
    pub async fn greeting(&self, live: &LiveGame) -> Option<(u64, Arc<PresenceAt>)> {
        let mut told = live.presence.lock().await;
        let view = self.read(live).await?;
        if told.view.as_ref() != Some(&view) {
            told.view = None;
        }
        Some((told.count, self.message_of(&view)))
    }

    /// Tells this node's sockets of `live` the presence now, when it is not what
    /// they were last told; answers the presence message now and the number of
    /// the last tell, so that a socket that just opened is sent it and drops
    /// the tells it still holds up to that one, which are older. `None` (said
    /// in the log) when the store fails.
    pub async fn tell(&self, live: &LiveGame) -> Option<(u64, Arc<PresenceAt>)> {
        let mut told = live.presence.lock().await;
        let view = self.read(live).await?;
        let message = self.message_of(&view);
        if told.view.as_ref() != Some(&view) {
            told.count += 1;
            live.tell(Told::Presence(told.count, message.clone()));
            told.view = Some(view);
            told.last_at = Some(Instant::now());
        }
        Some((told.count, message))
    }

    async fn read(&self, live: &LiveGame) -> Option<PresenceView> {
        self.of_game(live)
            .await
            .inspect_err(
                |e| tracing::warn!(game = %live.id(), error = %e, "cannot read the presence"),
            )
            .ok()
    }

    /// `view` at the server's time now.
    fn message_of(&self, view: &PresenceView) -> Arc<PresenceAt> {
        Arc::new(PresenceAt {
            view: view.clone(),
            at: self.node.now().millis(),
        })
    }

    /// Every [`BEAT_EVERY`] until shutdown: renews this node's sockets, and tells
    /// the sockets of `games` in memory what changed with time alone (a seat
    /// away long enough to be gone, another node's sockets lapsed) or was told
    /// out of order. First, a node that owns its database (SQLite: one name,
    /// restarted) closes the sockets it held before.
    pub fn spawn_beat(&self, games: Games) {
        let presence = self.clone();
        tokio::spawn(async move {
            let node = &presence.node;
            if node.store().backend() == "sqlite" {
                let closed = presence.repo.close_node(node.name(), node.now().millis());
                if let Err(e) = closed.await {
                    tracing::warn!(error = %e, "cannot close the sockets of before the start");
                }
            }
            presence.node.clone().spawn_every(BEAT_EVERY, move || {
                let (presence, games) = (presence.clone(), games.clone());
                async move { presence.beat(&games).await }
            });
        });
    }

    async fn beat(&self, games: &Games) {
        let forget = wall_now() - i64::try_from(FORGET_AFTER.as_millis()).unwrap_or(0);
        if let Err(e) = self.repo.beat(self.stamp(), forget).await {
            tracing::warn!(error = %e, "cannot renew this node's sockets");
            return;
        }
        for live in games.all_in_memory() {
            if live.has_listeners() {
                self.tell(&live).await;
            }
        }
    }

    fn stamp(&self) -> SocketStamp<'_> {
        SocketStamp {
            node: self.node.name(),
            now: self.node.now().millis(),
            wall: wall_now(),
        }
    }
}

/// Wall-clock milliseconds: sockets are renewed by real-time timers, so their
/// lapse is measured in real time (as the computer's leases are).
fn wall_now() -> i64 {
    i64::try_from(ids::wall_millis()).unwrap_or(i64::MAX / 2)
}
