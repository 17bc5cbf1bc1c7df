//! Time as the community layer sees it: absolute instants passed in by a
//! [`Clock`], so that every decision is a pure function of its inputs and tests
//! run on fake time.

use std::fmt;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// An instant: milliseconds since 1970-01-01 00:00 UTC.
///
/// Stores keep instants, never "time left since I started", so that any node
/// reading a clock back after a restart computes the same remaining time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The instant `millis` milliseconds after the epoch.
    pub const fn from_millis(millis: i64) -> Timestamp {
        Timestamp(millis)
    }

    /// Milliseconds since the epoch.
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// This instant plus `d` (saturating at the end of time).
    pub fn plus(self, d: Duration) -> Timestamp {
        Timestamp(
            self.0
                .saturating_add(i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
        )
    }

    /// How long after `earlier` this instant is; zero when it is not after it.
    pub fn since(self, earlier: Timestamp) -> Duration {
        Duration::from_millis(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}

impl fmt::Display for Timestamp {
    /// Milliseconds since the epoch, e.g. `1767225600000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A duration as messages show it: its two largest units, rounded down
/// (`2 d 3 h`, `5 min 3 s`, `12 s`; under a second, `0 s`).
pub fn spoken(d: Duration) -> String {
    let s = d.as_secs();
    let parts = [
        (s / 86_400, "d"),
        (s / 3_600 % 24, "h"),
        (s / 60 % 60, "min"),
        (s % 60, "s"),
    ];
    let first = parts.iter().position(|(n, _)| *n > 0).unwrap_or(3);
    parts[first..]
        .iter()
        .take(2)
        .filter(|(n, _)| *n > 0 || first == 3)
        .map(|(n, unit)| format!("{n} {unit}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where "now" comes from. The server passes a [`SystemClock`]; tests pass a
/// [`FakeClock`] and move it by hand.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> Timestamp;
}

/// The machine's wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO);
        Timestamp(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that moves only when told to; shareable between threads.
#[derive(Debug, Default)]
pub struct FakeClock(AtomicI64);

impl FakeClock {
    /// A clock standing at `start`.
    pub fn new(start: Timestamp) -> FakeClock {
        FakeClock(AtomicI64::new(start.0))
    }

    /// Moves the clock forward by `d`.
    pub fn advance(&self, d: Duration) {
        let ms = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Sets the clock to `t` (backwards too, as a wall clock may jump).
    pub fn set(&self, t: Timestamp) {
        self.0.store(t.0, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Timestamp {
        Timestamp(self.0.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fake_clock_moves_only_when_told() {
        let c = FakeClock::new(Timestamp(1_000));
        assert_eq!(c.now(), Timestamp(1_000));
        c.advance(Duration::from_secs(2));
        assert_eq!(c.now(), Timestamp(3_000));
        c.set(Timestamp(500));
        assert_eq!(c.now(), Timestamp(500));
    }

    #[test]
    fn since_is_zero_for_an_earlier_instant() {
        assert_eq!(Timestamp(5).since(Timestamp(9)), Duration::ZERO);
        assert_eq!(Timestamp(9).since(Timestamp(5)), Duration::from_millis(4));
        assert_eq!(
            Timestamp(i64::MAX - 1).plus(Duration::from_secs(9)),
            Timestamp(i64::MAX)
        );
    }

    #[test]
    fn durations_are_spoken_in_their_two_largest_units() {
        assert_eq!(
            spoken(Duration::from_secs(2 * 86_400 + 3 * 3_600 + 59)),
            "2 d 3 h"
        );
        assert_eq!(spoken(Duration::from_secs(86_400 + 30)), "1 d");
        assert_eq!(spoken(Duration::from_secs(303)), "5 min 3 s");
        assert_eq!(spoken(Duration::from_millis(12_900)), "12 s");
        assert_eq!(spoken(Duration::ZERO), "0 s");
    }

    #[test]
    fn system_clock_is_after_2020() {
        assert!(SystemClock.now() > Timestamp(1_577_836_800_000));
    }
}
