//! Presence: which seats of a game have a socket open on any node (online,
//! away, gone), and how many spectators watch. Every socket is a row in the
//! store, renewed by its node every [`BEAT_EVERY`]; a node that dies stops
//! renewing, and its sockets stop counting after [`BEAT_LAPSE`]. A live game's
//! player gone for the absence limit (60 s) may be claimed against (rules.md
//! section 7).

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{Presence, Status, Timestamp, ABSENCE_LIMIT};
use battaglie_rules::Side;
use serde::Serialize;

use super::live_game::{LiveGame, Told};
use super::{GameError, Games, Seat};
use crate::bus::Noted;
use crate::game::Mode;
use crate::ids;
use crate::store::{GameInPlay, SocketRow, SocketStamp};

/// How often a node renews its open sockets in the store.
pub const BEAT_EVERY: Duration = Duration::from_secs(5);

/// A socket not renewed for this long (wall-clock time) no longer counts: its
/// node stopped without closing it.
pub const BEAT_LAPSE: Duration = Duration::from_secs(15);

/// The sockets of one game are told the presence at most once in this long:
/// a burst of N sockets opening costs each a few messages, not N.
pub const PRESENCE_COALESCE: Duration = Duration::from_millis(250);

/// Rows not renewed for this long are forgotten (a closed socket's row only
/// matters for the minute after it closed).
const FORGET_AFTER: Duration = Duration::from_secs(24 * 3600);

/// The presence message of `docs/api.md`: each seat's status and the spectators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PresenceView {
    /// The Army's seat.
    pub army: SeatPresence,
    /// The Indians' seat.
    pub indians: SeatPresence,
    /// Sockets open without a seat.
    pub spectators: u32,
}

/// One seat's presence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatPresence {
    /// `online`, `away` (no socket, less than the absence limit) or `gone`.
    pub status: Status,
    /// Since when (game time, milliseconds since 1970) the seat has had no socket.
    pub since: Option<i64>,
    /// From when the opponent may claim the win or a draw (live games with a
    /// clock only, while the seat has no socket).
    pub claim_at: Option<i64>,
}

/// What the socket rows of a game say of its seats at `now` (game time) and
/// `wall` (wall-clock milliseconds). `start` counts as the last time a seat
/// nobody ever connected to was seen; `claims` whether the game is live with a
/// clock, where an absence may be claimed against.
pub fn presence_of(
    rows: &[SocketRow],
    start: Timestamp,
    now: Timestamp,
    wall: i64,
    claims: bool,
) -> PresenceView {
    let seat = |side: Side| {
        let presence = seat_presence(rows, side, start, wall);
        let since = presence
            .gone_for(now)
            .map(|_| gone_since(rows, side, start));
        SeatPresence {
            status: presence.status(now),
            since,
            claim_at: since
                .filter(|_| claims)
                .map(|t| Timestamp(t).plus(ABSENCE_LIMIT).millis()),
        }
    };
    let spectators = rows
        .iter()
        .filter(|&r| r.seat == "spectator" && counts(r, wall))
        .count();
    PresenceView {
        army: seat(Side::Army),
        indians: seat(Side::Indians),
        spectators: u32::try_from(spectators).unwrap_or(u32::MAX),
    }
}

/// The presence of `side`'s seat by the socket rows (a hotseat's `both` holds both).
pub fn seat_presence(rows: &[SocketRow], side: Side, start: Timestamp, wall: i64) -> Presence {
    let online = rows
        .iter()
        .filter(|r| holds(r, side))
        .any(|r| counts(r, wall));
    if online {
        Presence::online()
    } else {
        Presence::gone_since(Timestamp(gone_since(rows, side, start)))
    }
}

/// When `side`'s seat was last seen: its latest socket's close, or last renewal
/// (its node died), or `start` when no later.
fn gone_since(rows: &[SocketRow], side: Side, start: Timestamp) -> i64 {
    rows.iter()
        .filter(|r| holds(r, side))
        .map(|r| r.closed_at.unwrap_or(r.seen_at))
        .fold(start.millis(), i64::max)
}

/// Whether the socket of `row` is open and its node renewed it within
/// [`BEAT_LAPSE`] of wall-clock time `wall`.
fn counts(row: &SocketRow, wall: i64) -> bool {
    let lapse = i64::try_from(BEAT_LAPSE.as_millis()).unwrap_or(i64::MAX);
    row.closed_at.is_none() && row.beat_at >= wall - lapse
}

fn holds(row: &SocketRow, side: Side) -> bool {
    row.seat == side.word() || row.seat == "both"
}

/// A socket this node holds open, by its row's id (`None`: it could not be
/// stored, and counts for nobody).
#[derive(Debug)]
pub struct OpenSocket(Option<String>);

impl Games {
    /// The games being played now (a player's socket open and renewed within
    /// [`BEAT_LAPSE`]), the last changed first, at most `limit`.
    ///
    /// # Errors
    /// Store failures.
    pub async fn games_in_play(&self, limit: i64) -> Result<Vec<GameInPlay>, GameError> {
        let lapse = i64::try_from(BEAT_LAPSE.as_millis()).unwrap_or(i64::MAX);
        Ok(self
            .store()
            .games_in_play(wall_now().saturating_sub(lapse), limit)
            .await?)
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
        let word = seat.word().unwrap_or("spectator");
        let stamp = self.socket_stamp();
        if let Err(e) = self
            .store()
            .socket_opened(&id, live.id(), word, stamp)
            .await
        {
            tracing::warn!(game = %live.id(), error = %e, "cannot record a socket opened");
            return OpenSocket(None);
        }
        self.presence_changed(live).await;
        OpenSocket(Some(id))
    }

    /// Records `socket` closed, and tells the game's other sockets.
    pub async fn socket_closed(&self, live: &Arc<LiveGame>, socket: OpenSocket) {
        let Some(id) = socket.0 else { return };
        if let Err(e) = self.store().socket_closed(&id, self.now().millis()).await {
            tracing::warn!(game = %live.id(), error = %e, "cannot record a socket closed");
            return;
        }
        self.presence_changed(live).await;
    }

    /// The presence of the game's seats and spectators now.
    ///
    /// # Errors
    /// The store failing.
    pub async fn presence(&self, live: &LiveGame) -> Result<PresenceView, GameError> {
        let rows = self.store().sockets_of(live.id()).await?;
        let claims = live.mode() == Mode::Online
            && live
                .state
                .lock()
                .await
                .clock
                .as_ref()
                .is_some_and(|c| c.control().is_live());
        Ok(presence_of(
            &rows,
            self.started(live),
            self.now(),
            wall_now(),
            claims,
        ))
    }

    /// The presence of `side`'s seat now, for a claim against it.
    ///
    /// # Errors
    /// The store failing.
    pub(super) async fn presence_of_seat(
        &self,
        live: &LiveGame,
        side: Side,
    ) -> Result<Presence, GameError> {
        let rows = self.store().sockets_of(live.id()).await?;
        Ok(seat_presence(&rows, side, self.started(live), wall_now()))
    }

    /// Another node opened or closed a socket of `live`: this node's sockets told.
    pub(super) async fn heard_presence(&self, live: &Arc<LiveGame>) {
        if live.has_listeners() {
            self.tell_presence_soon(live).await;
        }
    }

    /// Tells this node's sockets of `live` the presence soon, and the other
    /// nodes that it changed.
    async fn presence_changed(&self, live: &Arc<LiveGame>) {
        self.tell_presence_soon(live).await;
        self.note(live, Noted::Presence);
    }

    /// Tells the sockets of `live` the presence now, or, when they were told
    /// less than [`PRESENCE_COALESCE`] ago, once that time is up: one tell then
    /// for every change meanwhile.
    async fn tell_presence_soon(&self, live: &Arc<LiveGame>) {
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
            self.tell_presence(live).await;
            return;
        }
        let (state, live) = (self.clone(), live.clone());
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            live.presence.lock().await.pending = false;
            state.tell_presence(&live).await;
        });
    }

    /// The presence message now and the number of the last tell, for a socket
    /// that just opened (the others hear of it by [`Games::tell_presence`]).
    pub async fn presence_now(&self, live: &LiveGame) -> Option<(u64, Arc<str>)> {
        let told = live.presence.lock().await;
        let view = self.read_presence(live).await?;
        Some((told.count, self.message_of(&view)))
    }

    /// Tells this node's sockets of `live` the presence now, when it is not what
    /// they were last told; answers the presence message now (`{"type":
    /// "presence", ...}`) and the number of the last tell, so that a socket that
    /// just opened is sent it and drops the tells it still holds up to that one,
    /// which are older. `None` (said in the log) when the store fails.
    pub async fn tell_presence(&self, live: &LiveGame) -> Option<(u64, Arc<str>)> {
        let mut told = live.presence.lock().await;
        let view = self.read_presence(live).await?;
        let message = self.message_of(&view);
        if told.view.as_ref() != Some(&view) {
            told.count += 1;
            live.tell(Told::Presence(told.count, message.clone()));
            told.view = Some(view);
            told.last_at = Some(std::time::Instant::now());
        }
        Some((told.count, message))
    }

    async fn read_presence(&self, live: &LiveGame) -> Option<PresenceView> {
        self.presence(live)
            .await
            .inspect_err(
                |e| tracing::warn!(game = %live.id(), error = %e, "cannot read the presence"),
            )
            .ok()
    }

    /// `view` as a socket message, with the server's time (game time, so that
    /// the page counts down to `claim_at` on the server's clock, not its own).
    fn message_of(&self, view: &PresenceView) -> Arc<str> {
        let mut message = serde_json::to_value(view).unwrap_or_default();
        message["type"] = "presence".into();
        message["at"] = self.now().millis().into();
        message.to_string().into()
    }

    /// Every [`BEAT_EVERY`] until shutdown: renews this node's sockets, and tells
    /// the sockets of its games what changed with time alone (a seat away long
    /// enough to be gone, another node's sockets lapsed) or was told out of
    /// order. First, a node that
    /// owns its database (SQLite: one name, restarted) closes the sockets it held
    /// before.
    pub fn spawn_presence_beat(&self) {
        let state = self.clone();
        tokio::spawn(async move {
            if state.store().backend() == "sqlite" {
                let closed = state
                    .store()
                    .sockets_of_node_closed(state.node(), state.now().millis())
                    .await;
                if let Err(e) = closed {
                    tracing::warn!(error = %e, "cannot close the sockets of before the start");
                }
            }
            state.spawn_every(BEAT_EVERY, |state| async move { state.beat().await });
        });
    }

    async fn beat(&self) {
        let forget = wall_now() - i64::try_from(FORGET_AFTER.as_millis()).unwrap_or(0);
        if let Err(e) = self.store().sockets_beat(self.socket_stamp(), forget).await {
            tracing::warn!(error = %e, "cannot renew this node's sockets");
            return;
        }
        for live in self.all_in_memory() {
            if live.has_listeners() {
                self.tell_presence(&live).await;
            }
        }
    }

    fn socket_stamp(&self) -> SocketStamp<'_> {
        SocketStamp {
            node: self.node(),
            now: self.now().millis(),
            wall: wall_now(),
        }
    }

    /// When the game was created, in game time: a seat nobody ever connected
    /// to counts as gone since then.
    fn started(&self, live: &LiveGame) -> Timestamp {
        Timestamp(live.row.created_at.saturating_mul(1000))
    }
}

/// Wall-clock milliseconds: sockets are renewed by real-time timers, so their
/// lapse is measured in real time (as the computer's leases are).
fn wall_now() -> i64 {
    i64::try_from(ids::wall_millis()).unwrap_or(i64::MAX / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);
    const WALL: i64 = 2_000_000_000_000;

    fn row(seat: &str, seen_at: i64, beat_at: i64, closed_at: Option<i64>) -> SocketRow {
        SocketRow {
            seat: seat.into(),
            seen_at,
            beat_at,
            closed_at,
        }
    }

    fn secs(s: i64) -> i64 {
        s * 1000
    }

    #[test]
    fn a_seat_with_an_open_socket_is_online_and_cannot_be_claimed_against() {
        let rows = [row("army", T0.0, WALL, None)];
        let view = presence_of(&rows, T0, T0.plus(Duration::from_secs(300)), WALL, true);
        assert_eq!(view.army.status, Status::Online);
        assert_eq!((view.army.since, view.army.claim_at), (None, None));
    }

    #[test]
    fn a_seat_whose_socket_closed_is_away_then_gone_a_minute_later() {
        let closed = T0.0 + secs(10);
        let rows = [row("indians", closed, WALL, Some(closed))];
        let at = |s: u64| T0.plus(Duration::from_secs(s));
        let view = presence_of(&rows, T0, at(69), WALL, true);
        assert_eq!(view.indians.status, Status::Away);
        assert_eq!(view.indians.since, Some(closed));
        assert_eq!(view.indians.claim_at, Some(closed + secs(60)));
        assert_eq!(
            presence_of(&rows, T0, at(70), WALL, true).indians.status,
            Status::Gone
        );
    }

    #[test]
    fn a_socket_its_node_stopped_renewing_lapses_and_counts_as_gone_since_its_last_renewal() {
        let renewed = T0.0 + secs(30);
        let rows = [row("army", renewed, WALL, None)];
        let lapse = i64::try_from(BEAT_LAPSE.as_millis()).unwrap();
        let now = T0.plus(Duration::from_secs(40));
        let fresh = presence_of(&rows, T0, now, WALL + lapse, true);
        assert_eq!(fresh.army.status, Status::Online);
        let lapsed = presence_of(&rows, T0, now, WALL + lapse + 1, true);
        assert_eq!(lapsed.army.status, Status::Away);
        assert_eq!(lapsed.army.since, Some(renewed));
    }

    #[test]
    fn a_seat_never_connected_counts_as_gone_since_the_game_began() {
        let view = presence_of(&[], T0, T0.plus(Duration::from_secs(61)), WALL, true);
        assert_eq!(view.army.status, Status::Gone);
        assert_eq!(view.army.since, Some(T0.0));
    }

    #[test]
    fn one_open_socket_keeps_a_seat_online_though_another_tab_closed() {
        let rows = [
            row("army", T0.0, WALL, Some(T0.0 + secs(5))),
            row("army", T0.0, WALL, None),
        ];
        let view = presence_of(&rows, T0, T0.plus(Duration::from_secs(100)), WALL, true);
        assert_eq!(view.army.status, Status::Online);
    }

    #[test]
    fn a_hotseat_socket_holds_both_seats_and_spectators_are_counted_while_open() {
        let rows = [
            row("both", T0.0, WALL, None),
            row("spectator", T0.0, WALL, None),
            row("spectator", T0.0, WALL, None),
            row("spectator", T0.0, WALL, Some(T0.0 + secs(1))),
        ];
        let view = presence_of(&rows, T0, T0, WALL, false);
        assert_eq!(
            (view.army.status, view.indians.status, view.spectators),
            (Status::Online, Status::Online, 2)
        );
    }

    #[test]
    fn without_a_live_clock_an_absence_gives_no_claim_time() {
        let view = presence_of(&[], T0, T0.plus(Duration::from_secs(100)), WALL, false);
        assert_eq!((view.army.status, view.army.claim_at), (Status::Gone, None));
    }
}
