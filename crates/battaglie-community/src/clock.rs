//! The game clock: whose time runs, until when, and what a move does to it.
//!
//! The running side's time is kept as an absolute **deadline**, so that the
//! clock, written to the store after every change, reads back the same on any
//! node, after any restart: a node that dies loses no time and gives none
//! away. The clock never looks at the time itself; every call is given "now".
//!
//! RULES.md, "Clocks and leaving": a move is timed from the moment the server sends
//! the position (the previous move's acceptance, or [`GameClock::start`]) to the
//! moment it accepts the move.

use std::time::Duration;

use battaglie_rules::Side;
use serde::{Deserialize, Serialize};

use crate::control::TimeControl;
use crate::time::{spoken, Timestamp};

/// A game's clock; serialisable as it is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    control: TimeControl,
    /// Milliseconds each side had when its turn last began (the side not to move:
    /// what it has now), indexed by [`Side::index`].
    left_ms: [u64; 2],
    state: ClockState,
}

/// Where a clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ClockState {
    /// Set up, nobody's time running yet.
    Ready {
        /// The side that moves first.
        to_move: Side,
    },
    /// The side to move's time is running out at `deadline`.
    Running {
        /// Whose time runs.
        to_move: Side,
        /// When its turn began.
        since: Timestamp,
        /// When its time is up.
        deadline: Timestamp,
    },
    /// Stopped for a while (an adjournment both players agreed, a server
    /// maintenance window); the times left are kept.
    Paused {
        /// Whose time runs on resuming.
        to_move: Side,
    },
    /// The game is over; the times are frozen as they were at `at`.
    Stopped {
        /// Who was to move.
        to_move: Side,
        /// When the clock stopped.
        at: Timestamp,
    },
}

/// Error of [`GameClock`]'s state changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// `start` on a clock that is not ready.
    #[error("the clock has already started")]
    AlreadyStarted,
    /// A move, pause or flag check on a clock that is not running.
    #[error("the clock is not running")]
    NotRunning,
    /// `resume` on a clock that is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// A move timed for the side whose turn it is not.
    #[error("the clock runs for the {to_move}, not the {side}")]
    NotYourTurn {
        /// The side that tried to move.
        side: Side,
        /// The side whose time runs.
        to_move: Side,
    },
    /// A live move that arrived after the side's flag fell: the game is lost
    /// on time (or drawn), see [`crate::flag_fall`].
    #[error("time ran out for the {side} {} before the move", spoken(*.late))]
    OutOfTime {
        /// The side whose time is up.
        side: Side,
        /// How late the move came.
        late: Duration,
    },
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl GameClock {
    /// A ready clock: both sides have the control's initial time, `first` moves first.
    pub fn new(control: TimeControl, first: Side) -> GameClock {
        let initial = ms(control.initial());
        GameClock {
            control,
            left_ms: [initial; 2],
            state: ClockState::Ready { to_move: first },
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The clock's state.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The side whose time runs or will run next.
    pub fn to_move(&self) -> Side {
        match self.state {
            ClockState::Ready { to_move }
            | ClockState::Running { to_move, .. }
            | ClockState::Paused { to_move }
            | ClockState::Stopped { to_move, .. } => to_move,
        }
    }

    /// When the running side's time is up (for the server's timer), if a side's time runs.
    pub fn deadline(&self) -> Option<Timestamp> {
        match self.state {
            ClockState::Running { deadline, .. } => Some(deadline),
            _ => None,
        }
    }

    /// The time `side` has left at `now` (zero once it has run out).
    pub fn remaining(&self, side: Side, now: Timestamp) -> Duration {
        match self.state {
            ClockState::Running {
                to_move, deadline, ..
            } if to_move == side => deadline.since(now),
            _ => Duration::from_millis(self.left_ms[side.index()]),
        }
    }

    /// The side whose time has run out at `now`, if any. In a live game that
    /// ends it ([`crate::flag_fall`]); in a correspondence game it lets the
    /// opponent claim ([`crate::claim`]).
    pub fn expired(&self, now: Timestamp) -> Option<Side> {
        match self.state {
            ClockState::Running {
                to_move, deadline, ..
            } if now >= deadline => Some(to_move),
            _ => None,
        }
    }

    /// Starts the first side's time.
    ///
    /// # Errors
    /// [`ClockError::AlreadyStarted`] unless the clock is ready.
    pub fn start(&mut self, now: Timestamp) -> Result<(), ClockError> {
        let ClockState::Ready { to_move } = self.state else {
            return Err(ClockError::AlreadyStarted);
        };
        self.run(to_move, now);
        Ok(())
    }

    fn run(&mut self, side: Side, now: Timestamp) {
        let left = Duration::from_millis(self.left_ms[side.index()]);
        self.state = ClockState::Running {
            to_move: side,
            since: now,
            deadline: now.plus(left),
        };
    }

    /// Times a move by `side` accepted at `now`: its time stops, the increment
    /// is added (correspondence: up to the cap), and the other side's time runs.
    /// Returns how long the move took.
    ///
    /// A correspondence move past the deadline is accepted (the opponent could
    /// have claimed and did not); the late side then starts again from the
    /// increment alone.
    ///
    /// # Errors
    /// [`ClockError::NotRunning`], [`ClockError::NotYourTurn`], and in a live
    /// game [`ClockError::OutOfTime`] when the deadline has passed; the clock
    /// is unchanged then.
    pub fn moved(&mut self, side: Side, now: Timestamp) -> Result<Duration, ClockError> {
        let ClockState::Running {
            to_move,
            since,
            deadline,
        } = self.state
        else {
            return Err(ClockError::NotRunning);
        };
        if side != to_move {
            return Err(ClockError::NotYourTurn { side, to_move });
        }
        if now >= deadline && self.control.is_live() {
            return Err(ClockError::OutOfTime {
                side,
                late: now.since(deadline),
            });
        }
        let mut left = deadline.since(now) + self.control.increment();
        if let Some(cap) = self.control.cap() {
            left = left.min(cap);
        }
        self.left_ms[side.index()] = ms(left);
        self.run(!side, now);
        Ok(now.since(since))
    }

    /// Pauses the running side's time.
    ///
    /// # Errors
    /// [`ClockError::NotRunning`] unless a side's time runs.
    pub fn pause(&mut self, now: Timestamp) -> Result<(), ClockError> {
        let ClockState::Running {
            to_move, deadline, ..
        } = self.state
        else {
            return Err(ClockError::NotRunning);
        };
        self.left_ms[to_move.index()] = ms(deadline.since(now));
        self.state = ClockState::Paused { to_move };
        Ok(())
    }

    /// Resumes a paused clock.
    ///
    /// # Errors
    /// [`ClockError::NotPaused`] unless the clock is paused.
    pub fn resume(&mut self, now: Timestamp) -> Result<(), ClockError> {
        let ClockState::Paused { to_move } = self.state else {
            return Err(ClockError::NotPaused);
        };
        self.run(to_move, now);
        Ok(())
    }

    /// Gives back to the running side an `outage` that ended at `now`: a time
    /// when no server served the game (a crash, a whole-site restart) is nobody's
    /// thinking time. At most the time since the side's turn began is given (an
    /// outage that began before the last move did not cost this turn more).
    /// Answers whether a side's time ran (a clock that is not running keeps its
    /// times anyway).
    pub fn give_back(&mut self, outage: Duration, now: Timestamp) -> bool {
        let ClockState::Running {
            to_move,
            since,
            deadline,
        } = self.state
        else {
            return false;
        };
        let back = outage.min(now.since(since));
        self.state = ClockState::Running {
            to_move,
            since: since.plus(back),
            deadline: deadline.plus(back),
        };
        true
    }

    /// Stops the clock for good (the game ended); the times left stay readable.
    /// Stopping a stopped clock changes nothing.
    pub fn stop(&mut self, now: Timestamp) {
        let to_move = match self.state {
            ClockState::Stopped { .. } => return,
            ClockState::Running {
                to_move, deadline, ..
            } => {
                self.left_ms[to_move.index()] = ms(deadline.since(now));
                to_move
            }
            ClockState::Ready { to_move } | ClockState::Paused { to_move } => to_move,
        };
        self.state = ClockState::Stopped { to_move, at: now };
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn live(minutes: u32, inc: u32) -> GameClock {
        GameClock::new(TimeControl::live(minutes, inc).unwrap(), Side::Army)
    }

    #[test]
    fn nobody_s_time_runs_before_the_start() {
        let c = live(5, 2);
        assert_eq!(c.remaining(Side::Army, T0.plus(secs(999))), secs(300));
        assert_eq!(c.expired(T0.plus(secs(999))), None);
        assert_eq!(c.deadline(), None);
    }

    #[test]
    fn a_move_stops_the_time_adds_the_increment_and_starts_the_opponent() {
        let mut c = live(5, 2);
        c.start(T0).unwrap();
        assert_eq!(c.deadline(), Some(T0.plus(secs(300))));
        let took = c.moved(Side::Army, T0.plus(secs(10))).unwrap();
        assert_eq!(took, secs(10));
        assert_eq!(c.remaining(Side::Army, T0.plus(secs(60))), secs(292));
        assert_eq!(c.remaining(Side::Indians, T0.plus(secs(60))), secs(250));
        assert_eq!(c.to_move(), Side::Indians);
    }

    #[test]
    fn live_flag_falls_at_the_deadline_and_a_late_move_is_refused() {
        let mut c = live(1, 0);
        c.start(T0).unwrap();
        assert_eq!(c.expired(T0.plus(secs(59))), None);
        assert_eq!(c.expired(T0.plus(secs(60))), Some(Side::Army));
        let before = c.clone();
        assert_eq!(
            c.moved(Side::Army, T0.plus(secs(61))),
            Err(ClockError::OutOfTime {
                side: Side::Army,
                late: secs(1)
            })
        );
        assert_eq!(c, before);
    }

    #[test]
    fn an_outage_given_back_leaves_the_running_side_its_time() {
        let mut c = live(1, 0);
        assert!(
            !c.give_back(secs(30), T0.plus(secs(30))),
            "nobody's time runs before the start"
        );
        c.start(T0).unwrap();
        c.moved(Side::Army, T0.plus(secs(5))).unwrap();
        // The Indians had 60 s at T0+5; the site is down from T0+15 to T0+75.
        assert!(c.give_back(secs(60), T0.plus(secs(75))));
        assert_eq!(c.remaining(Side::Indians, T0.plus(secs(75))), secs(50));
        assert_eq!(c.expired(T0.plus(secs(75))), None);
        assert_eq!(c.remaining(Side::Army, T0.plus(secs(75))), secs(55));
        // The move after the outage is timed without it.
        assert_eq!(c.moved(Side::Indians, T0.plus(secs(80))), Ok(secs(15)));
        c.stop(T0.plus(secs(90)));
        assert!(
            !c.give_back(secs(60), T0.plus(secs(150))),
            "a stopped clock keeps its times"
        );
    }

    #[test]
    fn an_outage_gives_back_no_more_than_the_turn_took() {
        let mut c = live(1, 0);
        c.start(T0).unwrap();
        c.moved(Side::Army, T0.plus(secs(50))).unwrap();
        // Down since T0+40, before the Army's move: the Indians' turn lost 10 s.
        assert!(c.give_back(secs(20), T0.plus(secs(60))));
        assert_eq!(c.remaining(Side::Indians, T0.plus(secs(60))), secs(60));
    }

    #[test]
    fn moving_out_of_turn_is_refused() {
        let mut c = live(1, 0);
        assert_eq!(c.moved(Side::Army, T0), Err(ClockError::NotRunning));
        c.start(T0).unwrap();
        assert_eq!(c.start(T0), Err(ClockError::AlreadyStarted));
        assert_eq!(
            c.moved(Side::Indians, T0),
            Err(ClockError::NotYourTurn {
                side: Side::Indians,
                to_move: Side::Army
            })
        );
    }

    #[test]
    fn correspondence_banks_no_more_than_the_days_per_side() {
        let mut c = GameClock::new(TimeControl::CORRESPONDENCE_DEFAULT, Side::Army);
        c.start(T0).unwrap();
        c.moved(Side::Army, T0.plus(secs(60))).unwrap();
        assert_eq!(c.remaining(Side::Army, T0), secs(3 * 86_400));
    }

    #[test]
    fn correspondence_expiry_lets_a_late_move_through_from_the_increment() {
        let mut c = GameClock::new(TimeControl::correspondence(1, 2).unwrap(), Side::Army);
        c.start(T0).unwrap();
        let late = T0.plus(secs(86_400 + 5_000));
        assert_eq!(c.expired(late), Some(Side::Army));
        c.moved(Side::Army, late).unwrap();
        assert_eq!(c.remaining(Side::Army, late), secs(7_200));
    }

    #[test]
    fn pause_keeps_the_time_left_and_resume_restarts_it() {
        let mut c = live(5, 0);
        c.start(T0).unwrap();
        c.pause(T0.plus(secs(100))).unwrap();
        assert_eq!(c.remaining(Side::Army, T0.plus(secs(10_000))), secs(200));
        assert_eq!(c.expired(T0.plus(secs(10_000))), None);
        assert_eq!(c.pause(T0), Err(ClockError::NotRunning));
        c.resume(T0.plus(secs(10_000))).unwrap();
        assert_eq!(c.deadline(), Some(T0.plus(secs(10_200))));
        assert_eq!(c.resume(T0), Err(ClockError::NotPaused));
    }

    #[test]
    fn stop_freezes_the_times() {
        let mut c = live(5, 0);
        c.start(T0).unwrap();
        c.stop(T0.plus(secs(30)));
        c.stop(T0.plus(secs(90)));
        assert_eq!(c.remaining(Side::Army, T0.plus(secs(1_000))), secs(270));
        assert_eq!(c.expired(T0.plus(secs(1_000))), None);
        assert_eq!(c.moved(Side::Army, T0), Err(ClockError::NotRunning));
    }

    #[test]
    fn a_clock_read_back_from_the_store_on_another_node_keeps_its_deadline() {
        let mut c = live(5, 2);
        c.start(T0).unwrap();
        c.moved(Side::Army, T0.plus(secs(7))).unwrap();
        let stored = serde_json::to_string(&c).unwrap();
        // The node dies; another reads the clock ten minutes later.
        let back: GameClock = serde_json::from_str(&stored).unwrap();
        assert_eq!(back, c);
        assert_eq!(back.expired(T0.plus(secs(7 + 300))), Some(Side::Indians));
        assert_eq!(back.remaining(Side::Army, T0.plus(secs(600))), secs(295));
    }

    proptest! {
        /// Whatever the moves' timing, a side's time left after its move is what it had,
        /// less what it spent, plus the increment, and the two sides' times never grow otherwise.
        #[test]
        fn time_is_conserved(thinks in proptest::collection::vec(0u64..40_000, 1..60)) {
            let mut c = live(10, 3);
            let mut now = T0;
            c.start(now).unwrap();
            let mut expected = [600_000u64; 2];
            let mut side = Side::Army;
            for t in thinks {
                now = now.plus(Duration::from_millis(t));
                let left = expected[side.index()];
                match c.moved(side, now) {
                    Ok(took) => {
                        prop_assert!(t < left);
                        prop_assert_eq!(took, Duration::from_millis(t));
                        expected[side.index()] = left - t + 3_000;
                        side = !side;
                    }
                    Err(ClockError::OutOfTime { .. }) => {
                        prop_assert!(t >= left);
                        break;
                    }
                    Err(e) => return Err(TestCaseError::fail(e.to_string())),
                }
                for s in Side::ALL {
                    if s != side {
                        prop_assert_eq!(c.remaining(s, now), Duration::from_millis(expected[s.index()]));
                    }
                }
            }
        }
    }
}
