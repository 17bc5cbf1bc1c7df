//! Claims against a player who left: in a live game, gone (no connection) for
//! [`ABSENCE_LIMIT`]; in a correspondence game, past their time. The opponent
//! may claim the win or a draw, reason `abandoned`; a claimed win by a side
//! that could never win is a draw (RULES.md, "Clocks and leaving").

use std::time::Duration;

use battaglie_rules::{Position, Side};
use serde::{Deserialize, Serialize};

use crate::clock::{ClockState, GameClock};
use crate::ending::{EndReason, Ending};
use crate::presence::{Presence, ABSENCE_LIMIT};
use crate::time::{spoken, Timestamp};

/// What the claimant asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The win (a draw if the claimant could never win).
    Win,
    /// A draw.
    Draw,
}

/// Why a claim is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// The clock is not running: the game has not started, is paused or is over.
    #[error("the game's clock is not running")]
    NotRunning,
    /// A live game whose flag has fallen is over on time already ([`crate::flag_fall`]).
    #[error("time has run out for the {0}: the game is over on time")]
    FlagFell(Side),
    /// Live: the opponent is connected.
    #[error("your opponent is connected")]
    OpponentPresent,
    /// Live: the opponent has never taken their seat (an invitation not yet
    /// opened): they did not leave, and the game may be called off instead.
    #[error("your opponent has not taken their seat yet: nobody has left")]
    NotArrived,
    /// Live: the opponent has been gone less than the limit.
    #[error("your opponent has been gone for less than {}: wait {} more", spoken(ABSENCE_LIMIT), spoken(*.wait))]
    TooSoon {
        /// How much longer before the claim is allowed.
        wait: Duration,
    },
    /// Correspondence: it is the claimant's own turn.
    #[error("it is your turn: only the player to move can run out of time")]
    YourTurn,
    /// Correspondence: the opponent still has time.
    #[error("your opponent still has {} to move", spoken(*.left))]
    InTime {
        /// The opponent's time left.
        left: Duration,
    },
}

/// Decides a claim by `claimant` at `now` against an opponent whose seat has
/// `opponent` presence, in `position` with `clock`.
///
/// # Errors
/// A [`ClaimError`] naming why the claim is not (yet) allowed.
pub fn claim(
    clock: &GameClock,
    position: &Position,
    claimant: Side,
    opponent: &Presence,
    kind: ClaimKind,
    now: Timestamp,
) -> Result<Ending, ClaimError> {
    let ClockState::Running { to_move, .. } = clock.state() else {
        return Err(ClaimError::NotRunning);
    };
    if clock.control().is_live() {
        if let Some(late) = clock.expired(now) {
            return Err(ClaimError::FlagFell(late));
        }
        if !opponent.arrived() {
            return Err(ClaimError::NotArrived);
        }
        let gone = opponent.gone_for(now).ok_or(ClaimError::OpponentPresent)?;
        if gone < ABSENCE_LIMIT {
            return Err(ClaimError::TooSoon {
                wait: ABSENCE_LIMIT - gone,
            });
        }
    } else {
        if to_move == claimant {
            return Err(ClaimError::YourTurn);
        }
        if clock.expired(now).is_none() {
            return Err(ClaimError::InTime {
                left: clock.remaining(to_move, now),
            });
        }
    }
    Ok(match kind {
        ClaimKind::Win => Ending::win_unless_hopeless(position, claimant, EndReason::Abandoned),
        ClaimKind::Draw => Ending::Draw {
            reason: EndReason::Abandoned,
        },
    })
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Scenario;

    use super::*;
    use crate::control::TimeControl;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn position(bfen: &str) -> Position {
        Position::from_bfen(&Scenario::builtin("washita").unwrap(), bfen).unwrap()
    }

    fn running(control: TimeControl) -> GameClock {
        let mut c = GameClock::new(control, Side::Army);
        c.start(T0).unwrap();
        c
    }

    const MOUNTED_V_FOOT: &str = "|12/|12/|12/|12/|2M9/|12/|6f5/|12 A 0 1";

    #[test]
    fn live_opponent_gone_sixty_seconds_may_be_claimed_against() {
        let c = running(TimeControl::LIVE_DEFAULT);
        let p = position(MOUNTED_V_FOOT);
        let mut gone = Presence::absent(T0);
        gone.connected();
        gone.disconnected(T0.plus(secs(10)));
        assert_eq!(
            claim(&c, &p, Side::Army, &gone, ClaimKind::Win, T0.plus(secs(40))),
            Err(ClaimError::TooSoon { wait: secs(30) })
        );
        assert_eq!(
            ClaimError::TooSoon { wait: secs(30) }.to_string(),
            "your opponent has been gone for less than 1 min: wait 30 s more"
        );
        assert_eq!(
            claim(&c, &p, Side::Army, &gone, ClaimKind::Win, T0.plus(secs(70))),
            Ok(Ending::Win {
                winner: Side::Army,
                reason: EndReason::Abandoned
            })
        );
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Army,
                &gone,
                ClaimKind::Draw,
                T0.plus(secs(70))
            ),
            Ok(Ending::Draw {
                reason: EndReason::Abandoned
            })
        );
    }

    #[test]
    fn live_opponent_connected_cannot_be_claimed_against() {
        let c = running(TimeControl::LIVE_DEFAULT);
        let mut here = Presence::absent(T0);
        here.connected();
        let p = position(MOUNTED_V_FOOT);
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Indians,
                &here,
                ClaimKind::Win,
                T0.plus(secs(100))
            ),
            Err(ClaimError::OpponentPresent)
        );
    }

    #[test]
    fn live_opponent_who_never_took_their_seat_cannot_be_claimed_against() {
        let c = running(TimeControl::LIVE_DEFAULT);
        let p = position(MOUNTED_V_FOOT);
        let never = Presence::waiting();
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Indians,
                &never,
                ClaimKind::Win,
                T0.plus(secs(100))
            ),
            Err(ClaimError::NotArrived)
        );
    }

    #[test]
    fn claimed_win_by_a_side_that_could_never_win_is_a_draw() {
        let c = running(TimeControl::LIVE_DEFAULT);
        // The Indians' lone Foot can never take the Army's horseman.
        let p = position(MOUNTED_V_FOOT);
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Indians,
                &Presence::absent(T0),
                ClaimKind::Win,
                T0.plus(secs(61))
            ),
            Ok(Ending::Draw {
                reason: EndReason::Abandoned
            })
        );
    }

    #[test]
    fn live_flag_fall_is_not_a_claim() {
        let c = running(TimeControl::live(1, 0).unwrap());
        let p = position(MOUNTED_V_FOOT);
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Indians,
                &Presence::absent(T0),
                ClaimKind::Win,
                T0.plus(secs(61))
            ),
            Err(ClaimError::FlagFell(Side::Army))
        );
    }

    #[test]
    fn correspondence_past_its_time_may_be_claimed_against_by_the_waiting_side() {
        let c = running(TimeControl::correspondence(1, 1).unwrap());
        let p = position(MOUNTED_V_FOOT);
        let away = Presence::absent(T0);
        let day = secs(86_400);
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Indians,
                &away,
                ClaimKind::Win,
                T0.plus(secs(3_600))
            ),
            Err(ClaimError::InTime {
                left: day - secs(3_600)
            })
        );
        assert_eq!(
            claim(&c, &p, Side::Army, &away, ClaimKind::Win, T0.plus(day)),
            Err(ClaimError::YourTurn)
        );
        // The Indians' Foot could never take the horseman: their win is a draw.
        assert_eq!(
            claim(&c, &p, Side::Indians, &away, ClaimKind::Win, T0.plus(day)),
            Ok(Ending::Draw {
                reason: EndReason::Abandoned
            })
        );
    }

    #[test]
    fn no_claim_on_a_stopped_clock() {
        let mut c = running(TimeControl::LIVE_DEFAULT);
        c.stop(T0);
        let p = position(MOUNTED_V_FOOT);
        assert_eq!(
            claim(
                &c,
                &p,
                Side::Army,
                &Presence::absent(T0),
                ClaimKind::Win,
                T0.plus(secs(999))
            ),
            Err(ClaimError::NotRunning)
        );
    }
}
