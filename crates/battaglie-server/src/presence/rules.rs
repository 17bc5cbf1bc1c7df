//! What the socket rows of a game say of its seats: a seat is waiting until its
//! player first opens a socket (an invitation not yet opened: nobody left),
//! online while one of its sockets is open and renewed, away once the last closed
//! (or its node stopped renewing it), and gone after the absence limit (60 s),
//! when a live game's opponent may claim against it once its clock runs
//! (RULES.md, "Clocks and leaving"). Pure.

use std::time::Duration;

use battaglie_community::{Presence, Timestamp, ABSENCE_LIMIT};
use battaglie_rules::Side;

use super::repo::SocketRow;
use super::wire::{PresenceView, SeatPresence};
use crate::game::Seat;

/// A socket not renewed for this long (wall-clock time) no longer counts: its
/// node stopped without closing it.
pub const BEAT_LAPSE: Duration = Duration::from_secs(15);

/// What the socket rows of a game say of its seats at `now` (game time) and
/// `wall` (wall-clock milliseconds). `claims` whether the game is live with its
/// clock running, where an absence may be claimed against (so that `claim_at`
/// is given only when the claim would be granted then).
pub fn presence_of(rows: &[SocketRow], now: Timestamp, wall: i64, claims: bool) -> PresenceView {
    let seat = |side: Side| {
        let presence = seat_presence(rows, side, wall);
        let since = presence.gone_for(now).map(|_| gone_since(rows, side));
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
        .filter(|&r| r.seat == Seat::Spectator && counts(r, wall))
        .count();
    PresenceView {
        army: seat(Side::Army),
        indians: seat(Side::Indians),
        spectators: u32::try_from(spectators).unwrap_or(u32::MAX),
    }
}

/// The presence of `side`'s seat by the socket rows (a hotseat's `both` holds
/// both): waiting while no socket ever held it.
pub fn seat_presence(rows: &[SocketRow], side: Side, wall: i64) -> Presence {
    let mut held = rows.iter().filter(|r| r.seat.plays(side)).peekable();
    if held.peek().is_none() {
        Presence::waiting()
    } else if held.any(|r| counts(r, wall)) {
        Presence::online()
    } else {
        Presence::gone_since(Timestamp(gone_since(rows, side)))
    }
}

/// When `side`'s seat was last seen: its latest socket's close, or last renewal
/// (its node died).
fn gone_since(rows: &[SocketRow], side: Side) -> i64 {
    rows.iter()
        .filter(|r| r.seat.plays(side))
        .map(|r| r.closed_at.unwrap_or(r.seen_at))
        .max()
        .unwrap_or(0)
}

/// Whether the socket of `row` is open and its node renewed it within
/// [`BEAT_LAPSE`] of wall-clock time `wall`.
fn counts(row: &SocketRow, wall: i64) -> bool {
    row.closed_at.is_none() && row.beat_at >= wall - lapse_ms()
}

/// [`BEAT_LAPSE`] in milliseconds.
pub(super) fn lapse_ms() -> i64 {
    i64::try_from(BEAT_LAPSE.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use battaglie_community::Status;

    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);
    const WALL: i64 = 2_000_000_000_000;

    fn row(seat: Seat, seen_at: i64, beat_at: i64, closed_at: Option<i64>) -> SocketRow {
        SocketRow {
            seat,
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
        let rows = [row(Seat::Army, T0.0, WALL, None)];
        let view = presence_of(&rows, T0.plus(Duration::from_secs(300)), WALL, true);
        assert_eq!(view.army.status, Status::Online);
        assert_eq!((view.army.since, view.army.claim_at), (None, None));
    }

    #[test]
    fn a_seat_whose_socket_closed_is_away_then_gone_a_minute_later() {
        let closed = T0.0 + secs(10);
        let rows = [row(Seat::Indians, closed, WALL, Some(closed))];
        let at = |s: u64| T0.plus(Duration::from_secs(s));
        let view = presence_of(&rows, at(69), WALL, true);
        assert_eq!(view.indians.status, Status::Away);
        assert_eq!(view.indians.since, Some(closed));
        assert_eq!(view.indians.claim_at, Some(closed + secs(60)));
        assert_eq!(
            presence_of(&rows, at(70), WALL, true).indians.status,
            Status::Gone
        );
    }

    #[test]
    fn a_socket_its_node_stopped_renewing_lapses_and_counts_as_gone_since_its_last_renewal() {
        let renewed = T0.0 + secs(30);
        let rows = [row(Seat::Army, renewed, WALL, None)];
        let lapse = lapse_ms();
        let now = T0.plus(Duration::from_secs(40));
        let fresh = presence_of(&rows, now, WALL + lapse, true);
        assert_eq!(fresh.army.status, Status::Online);
        let lapsed = presence_of(&rows, now, WALL + lapse + 1, true);
        assert_eq!(lapsed.army.status, Status::Away);
        assert_eq!(lapsed.army.since, Some(renewed));
    }

    #[test]
    fn a_seat_never_connected_is_waiting_and_never_claimed_against() {
        let view = presence_of(&[], T0.plus(Duration::from_secs(3600)), WALL, true);
        assert_eq!(view.army.status, Status::Waiting);
        assert_eq!((view.army.since, view.army.claim_at), (None, None));
    }

    #[test]
    fn one_open_socket_keeps_a_seat_online_though_another_tab_closed() {
        let rows = [
            row(Seat::Army, T0.0, WALL, Some(T0.0 + secs(5))),
            row(Seat::Army, T0.0, WALL, None),
        ];
        let view = presence_of(&rows, T0.plus(Duration::from_secs(100)), WALL, true);
        assert_eq!(view.army.status, Status::Online);
    }

    #[test]
    fn a_hotseat_socket_holds_both_seats_and_spectators_are_counted_while_open() {
        let rows = [
            row(Seat::Both, T0.0, WALL, None),
            row(Seat::Spectator, T0.0, WALL, None),
            row(Seat::Spectator, T0.0, WALL, None),
            row(Seat::Spectator, T0.0, WALL, Some(T0.0 + secs(1))),
        ];
        let view = presence_of(&rows, T0, WALL, false);
        assert_eq!(
            (view.army.status, view.indians.status, view.spectators),
            (Status::Online, Status::Online, 2)
        );
    }

    #[test]
    fn without_a_running_live_clock_an_absence_gives_no_claim_time() {
        let closed = T0.0 + secs(10);
        let rows = [row(Seat::Army, closed, WALL, Some(closed))];
        let view = presence_of(&rows, T0.plus(Duration::from_secs(100)), WALL, false);
        assert_eq!((view.army.status, view.army.claim_at), (Status::Gone, None));
    }
}
