//! Throttles for logins and registrations: a few attempts free, then an
//! exponential back-off, forgotten after a quiet while.
//!
//! Logins are throttled twice, per name key ([`PlayerName::key_of`], known
//! names or not, so that the throttle itself tells nothing about which names
//! exist) and client address together, and per client address. Never per name
//! alone: an attacker's guesses would then lock the owner out (OWASP ASVS 2.2.1),
//! while each address's own throttle still bounds its guesses over every name.
//! An attempt is counted before the work it guards ([`Attempts::attempt`]: one
//! step, so that parallel attempts cannot all pass one check); a successful
//! login clears the pair's count and gives the address its attempt back (an
//! address may hold several players).
//!
//! [`PlayerName::key_of`]: crate::PlayerName::key_of

use std::time::Duration;

use serde::{Deserialize, Serialize};

use battaglie_community::{spoken, Timestamp};

/// How a throttle counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Attempts allowed before any wait.
    pub free: u32,
    /// The wait after the first attempt past the free ones; each further one doubles it.
    pub base: Duration,
    /// The longest wait.
    pub max: Duration,
    /// After this long without an attempt the count starts again.
    pub forget: Duration,
}

impl Policy {
    /// Failed logins for one name from one address: 5 free, then 2 s doubling to
    /// 15 minutes. Guessing a password at that pace takes about 100 tries a day.
    pub const NAME: Policy = Policy {
        free: 5,
        base: Duration::from_secs(2),
        max: Duration::from_secs(15 * 60),
        forget: Duration::from_secs(86_400),
    };
    /// Failed logins from one address: 20 free (a household, a school), then
    /// 1 s doubling to an hour.
    pub const ADDRESS: Policy = Policy {
        free: 20,
        base: Duration::from_secs(1),
        max: Duration::from_secs(3_600),
        forget: Duration::from_secs(86_400),
    };
    /// Challenges posted by one account (direct ones too): 10 free, then 10 s
    /// doubling to 10 minutes; forgotten after 10 quiet minutes.
    pub const CHALLENGES: Policy = Policy {
        free: 10,
        base: Duration::from_secs(10),
        max: Duration::from_secs(600),
        forget: Duration::from_secs(600),
    };
    /// Registrations from one address: 3 free a day, then 10 minutes doubling to a day.
    pub const REGISTRATION: Policy = Policy {
        free: 3,
        base: Duration::from_secs(600),
        max: Duration::from_secs(86_400),
        forget: Duration::from_secs(86_400),
    };
}

/// One key's count, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Attempts {
    /// Attempts counted since the count last started.
    pub count: u32,
    /// When the last one was.
    pub last: Option<Timestamp>,
}

/// Error of [`Attempts::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Throttled {
    /// Too many attempts: try again after the wait.
    #[error("too many attempts: try again in {}", spoken((*.retry_after).max(Duration::from_secs(1))))]
    Wait {
        /// How long until the next attempt is allowed.
        retry_after: Duration,
    },
}

impl Attempts {
    fn current(&self, policy: &Policy, now: Timestamp) -> u32 {
        match self.last {
            Some(last) if now.since(last) < policy.forget => self.count,
            _ => 0,
        }
    }

    /// Whether an attempt may be made at `now`.
    ///
    /// # Errors
    /// [`Throttled::Wait`] with the time left to wait.
    pub fn check(&self, policy: &Policy, now: Timestamp) -> Result<(), Throttled> {
        let count = self.current(policy, now);
        let (Some(last), true) = (self.last, count >= policy.free) else {
            return Ok(());
        };
        let doublings = (count - policy.free).min(30);
        let wait = policy.base.saturating_mul(1 << doublings).min(policy.max);
        let ready = last.plus(wait);
        if now >= ready {
            Ok(())
        } else {
            Err(Throttled::Wait {
                retry_after: ready.since(now),
            })
        }
    }

    /// Counts an attempt (a failed login, a registration) at `now`.
    pub fn record(&mut self, policy: &Policy, now: Timestamp) {
        self.count = self.current(policy, now).saturating_add(1);
        self.last = Some(now);
    }

    /// The count with one more attempt at `now`, if one may be made: the check
    /// and the count in one step, for the caller to store only if the count it
    /// read is still the stored one.
    ///
    /// # Errors
    /// [`Throttled::Wait`] (nothing counted) as [`Attempts::check`].
    pub fn attempt(&self, policy: &Policy, now: Timestamp) -> Result<Attempts, Throttled> {
        self.check(policy, now)?;
        let mut next = *self;
        next.record(policy, now);
        Ok(next)
    }

    /// Starts the count again (a successful login, for the name's count).
    pub fn clear(&mut self) {
        *self = Attempts::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn five_free_failures_then_waits_that_double() {
        let p = Policy::NAME;
        let mut a = Attempts::default();
        for _ in 0..5 {
            assert_eq!(a.check(&p, T0), Ok(()));
            a.record(&p, T0);
        }
        assert_eq!(
            a.check(&p, T0),
            Err(Throttled::Wait {
                retry_after: secs(2)
            })
        );
        assert_eq!(a.check(&p, T0.plus(secs(2))), Ok(()));
        a.record(&p, T0.plus(secs(2)));
        assert_eq!(
            a.check(&p, T0.plus(secs(2))),
            Err(Throttled::Wait {
                retry_after: secs(4)
            })
        );
        for _ in 0..40 {
            a.record(&p, T0.plus(secs(10)));
        }
        assert_eq!(
            a.check(&p, T0.plus(secs(10))),
            Err(Throttled::Wait {
                retry_after: secs(900)
            })
        );
    }

    #[test]
    fn the_count_is_forgotten_after_a_quiet_day_or_a_success() {
        let p = Policy::NAME;
        let mut a = Attempts::default();
        for _ in 0..10 {
            a.record(&p, T0);
        }
        assert!(a.check(&p, T0.plus(secs(10))).is_err());
        assert_eq!(a.check(&p, T0.plus(secs(86_400))), Ok(()));
        a.clear();
        assert_eq!(a.check(&p, T0), Ok(()));
    }

    #[test]
    fn an_attempt_counts_only_when_it_may_be_made() {
        let p = Policy::NAME;
        let mut a = Attempts::default();
        for n in 1..=5 {
            a = a.attempt(&p, T0).unwrap();
            assert_eq!(a.count, n);
        }
        assert_eq!(
            a.attempt(&p, T0),
            Err(Throttled::Wait {
                retry_after: secs(2)
            })
        );
        assert_eq!(a.count, 5, "a refused attempt is not counted");
        assert_eq!(a.attempt(&p, T0.plus(secs(2))).unwrap().count, 6);
    }

    #[test]
    fn registrations_from_one_address_are_limited() {
        let p = Policy::REGISTRATION;
        let mut a = Attempts::default();
        for _ in 0..3 {
            a.record(&p, T0);
        }
        assert_eq!(
            a.check(&p, T0),
            Err(Throttled::Wait {
                retry_after: secs(600)
            })
        );
    }
}
