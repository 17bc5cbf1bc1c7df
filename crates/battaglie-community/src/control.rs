//! Time controls: how much time each side has, and how much a move adds.
//!
//! Battles last 300 to 900 plies (docs/strength.md: 400 to 700 for the
//! computer's games), so each side makes 150 to 450 moves: far more than a
//! game of chess. The defaults are chosen for that.
//!
//! * **Live, `10+3`**: ten minutes plus three seconds a move. Most moves are a
//!   single step of one stack, played in a few seconds, so the increment pays
//!   for them and the ten minutes are for the contact phases, where a turn can
//!   deserve a minute. A 600-ply battle played at the increment's pace takes
//!   about 30 minutes for both; one in which both use everything, about 50.
//! * **Correspondence, `3d+2h`**: three days per side plus two hours a move,
//!   the time banked never exceeding the three days. A player who answers
//!   within two hours never loses time, a night away costs about six hours,
//!   won back by the next day's quick moves, and a weekend away fits. Without
//!   the cap, 300 quick moves would bank 25 days, and a player could then stall
//!   the game for weeks. Even so a long battle is a matter of weeks by
//!   correspondence: the clock's job is to keep it moving.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How much time a game gives each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// A live game: written `MINUTES+SECONDS` (`10+3`).
    Live {
        /// Minutes each side has at the start (1..=180).
        minutes: u32,
        /// Seconds added after each of the side's moves (0..=60).
        increment_seconds: u32,
    },
    /// A correspondence game: written `DAYSd+HOURSh` (`3d+2h`).
    Correspondence {
        /// Days each side has at the start, and the most it can bank (1..=30).
        days: u32,
        /// Hours added after each of the side's moves (0..=72).
        hours_per_move: u32,
    },
}

/// The ranges the fields may take, checked by [`TimeControl::live`],
/// [`TimeControl::correspondence`] and parsing.
const LIVE_MINUTES: (u32, u32) = (1, 180);
const LIVE_INCREMENT: (u32, u32) = (0, 60);
const DAYS: (u32, u32) = (1, 30);
const HOURS: (u32, u32) = (0, 72);

/// Error of [`TimeControl::from_str`] and the checked constructors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// The text has no `+` between its two numbers.
    #[error("time control {0:?}: expected MINUTES+SECONDS (`10+3`) or DAYSd+HOURSh (`3d+2h`)")]
    Shape(String),
    /// One of the two numbers is not a number.
    #[error("time control {text:?}: the {field} {number:?} is not a whole number")]
    Number {
        /// The whole text.
        text: String,
        /// Which number (`minutes`, `increment`, `days`, `hours`).
        field: &'static str,
        /// The part that did not parse.
        number: String,
    },
    /// A number lies outside its range.
    #[error("time control: {field} must be {min} to {max}, not {value}")]
    Range {
        /// Which number.
        field: &'static str,
        /// The value given.
        value: u32,
        /// Lowest allowed.
        min: u32,
        /// Highest allowed.
        max: u32,
    },
}

fn check(field: &'static str, value: u32, (min, max): (u32, u32)) -> Result<u32, TimeControlError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(TimeControlError::Range {
            field,
            value,
            min,
            max,
        })
    }
}

impl TimeControl {
    /// The default live control, `10+3` (see the module documentation).
    pub const LIVE_DEFAULT: TimeControl = TimeControl::Live {
        minutes: 10,
        increment_seconds: 3,
    };
    /// The default correspondence control, `3d+2h`.
    pub const CORRESPONDENCE_DEFAULT: TimeControl = TimeControl::Correspondence {
        days: 3,
        hours_per_move: 2,
    };
    /// The controls offered first in the lobby: blitz, rapid (default), classical, and
    /// correspondence at one, three (default) and seven days.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::Live {
            minutes: 5,
            increment_seconds: 2,
        },
        TimeControl::LIVE_DEFAULT,
        TimeControl::Live {
            minutes: 20,
            increment_seconds: 5,
        },
        TimeControl::Correspondence {
            days: 1,
            hours_per_move: 1,
        },
        TimeControl::CORRESPONDENCE_DEFAULT,
        TimeControl::Correspondence {
            days: 7,
            hours_per_move: 4,
        },
    ];

    /// A live control, checked.
    ///
    /// # Errors
    /// [`TimeControlError::Range`] when a field is out of its range.
    pub fn live(minutes: u32, increment_seconds: u32) -> Result<TimeControl, TimeControlError> {
        Ok(TimeControl::Live {
            minutes: check("minutes", minutes, LIVE_MINUTES)?,
            increment_seconds: check("increment seconds", increment_seconds, LIVE_INCREMENT)?,
        })
    }

    /// A correspondence control, checked.
    ///
    /// # Errors
    /// [`TimeControlError::Range`] when a field is out of its range.
    pub fn correspondence(days: u32, hours_per_move: u32) -> Result<TimeControl, TimeControlError> {
        Ok(TimeControl::Correspondence {
            days: check("days", days, DAYS)?,
            hours_per_move: check("hours per move", hours_per_move, HOURS)?,
        })
    }

    /// Checks the fields of a control read from a store or a request body.
    ///
    /// # Errors
    /// [`TimeControlError::Range`] when a field is out of its range.
    pub fn validate(self) -> Result<TimeControl, TimeControlError> {
        match self {
            TimeControl::Live {
                minutes,
                increment_seconds,
            } => TimeControl::live(minutes, increment_seconds),
            TimeControl::Correspondence {
                days,
                hours_per_move,
            } => TimeControl::correspondence(days, hours_per_move),
        }
    }

    /// Whether this is a live control (flag fall ends the game) rather than a
    /// correspondence one (the opponent may claim).
    pub fn is_live(self) -> bool {
        matches!(self, TimeControl::Live { .. })
    }

    /// The time each side starts with.
    pub fn initial(self) -> Duration {
        match self {
            TimeControl::Live { minutes, .. } => Duration::from_secs(u64::from(minutes) * 60),
            TimeControl::Correspondence { days, .. } => {
                Duration::from_secs(u64::from(days) * 86_400)
            }
        }
    }

    /// The time added after each move.
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Live {
                increment_seconds, ..
            } => Duration::from_secs(u64::from(increment_seconds)),
            TimeControl::Correspondence { hours_per_move, .. } => {
                Duration::from_secs(u64::from(hours_per_move) * 3_600)
            }
        }
    }

    /// The most time a side may hold after its increment: none for live games,
    /// the initial days for correspondence.
    pub fn cap(self) -> Option<Duration> {
        (!self.is_live()).then(|| self.initial())
    }
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl::LIVE_DEFAULT
    }
}

impl fmt::Display for TimeControl {
    /// `10+3` or `3d+2h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Live {
                minutes,
                increment_seconds,
            } => write!(f, "{minutes}+{increment_seconds}"),
            TimeControl::Correspondence {
                days,
                hours_per_move,
            } => write!(f, "{days}d+{hours_per_move}h"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `10+3` (live) or `3d+2h` (correspondence); spaces around the parts are allowed.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let text = s.trim();
        let (a, b) = text
            .split_once('+')
            .ok_or_else(|| TimeControlError::Shape(s.to_string()))?;
        let (a, b) = (a.trim(), b.trim());
        let number = |field: &'static str, part: &str| {
            part.parse::<u32>().map_err(|_| TimeControlError::Number {
                text: s.to_string(),
                field,
                number: part.to_string(),
            })
        };
        match (a.strip_suffix(['d', 'D']), b.strip_suffix(['h', 'H'])) {
            (Some(days), Some(hours)) => {
                TimeControl::correspondence(number("days", days)?, number("hours", hours)?)
            }
            (None, None) => TimeControl::live(number("minutes", a)?, number("increment", b)?),
            _ => Err(TimeControlError::Shape(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn notation_reads_live_and_correspondence() {
        assert_eq!("10+3".parse(), Ok(TimeControl::LIVE_DEFAULT));
        assert_eq!(" 3d + 2h ".parse(), Ok(TimeControl::CORRESPONDENCE_DEFAULT));
        assert_eq!(TimeControl::CORRESPONDENCE_DEFAULT.to_string(), "3d+2h");
    }

    #[test]
    fn notation_errors_say_what_is_wrong() {
        assert!(matches!(
            "10".parse::<TimeControl>(),
            Err(TimeControlError::Shape(_))
        ));
        assert!(matches!(
            "3d+2".parse::<TimeControl>(),
            Err(TimeControlError::Shape(_))
        ));
        assert_eq!(
            "ten+3".parse::<TimeControl>().unwrap_err().to_string(),
            "time control \"ten+3\": the minutes \"ten\" is not a whole number"
        );
        assert_eq!(
            "0+3".parse::<TimeControl>(),
            Err(TimeControlError::Range {
                field: "minutes",
                value: 0,
                min: 1,
                max: 180
            })
        );
        assert!(matches!(
            "31d+0h".parse::<TimeControl>(),
            Err(TimeControlError::Range { field: "days", .. })
        ));
    }

    #[test]
    fn durations_follow_the_control() {
        let c = TimeControl::CORRESPONDENCE_DEFAULT;
        assert_eq!(c.initial(), Duration::from_secs(3 * 86_400));
        assert_eq!(c.increment(), Duration::from_secs(7_200));
        assert_eq!(c.cap(), Some(c.initial()));
        assert_eq!(TimeControl::LIVE_DEFAULT.cap(), None);
        assert!(TimeControl::PRESETS.iter().all(|p| p.validate() == Ok(*p)));
    }

    #[test]
    fn stored_form_is_tagged_json() {
        let json = serde_json::to_string(&TimeControl::LIVE_DEFAULT).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"live","minutes":10,"increment_seconds":3}"#
        );
        let back: TimeControl = serde_json::from_str(&json).unwrap();
        assert_eq!(back, TimeControl::LIVE_DEFAULT);
    }

    proptest! {
        #[test]
        fn notation_round_trips(live in any::<bool>(), a in 0u32..200, b in 0u32..100) {
            let made = if live { TimeControl::live(a, b) } else { TimeControl::correspondence(a, b) };
            if let Ok(c) = made {
                prop_assert_eq!(c.to_string().parse::<TimeControl>(), Ok(c));
            }
        }
    }
}
