//! A throttle's attempt counted in the store before the work it guards: the
//! count is read, judged by the policy, and written back only if no other
//! request (on any node) changed it meanwhile, so that parallel attempts are
//! counted one by one and never all pass one check.

use std::time::Duration;

use battaglie_community::Timestamp;
use battaglie_identity::{Attempts, Policy, Throttled};

use super::{AccountsRepo, Count};
use crate::store::StoreError;

/// How often an attempt is tried again when other requests keep changing the
/// count under it; past that it is refused as a wait.
const TRIES: usize = 32;

/// Counts one attempt under `key` at `at`, if `policy` allows one now: the
/// inner error says how long to wait (nothing was counted).
///
/// # Errors
/// Store failures.
pub(crate) async fn attempt(
    counts: &AccountsRepo,
    key: &str,
    policy: &Policy,
    at: Timestamp,
) -> Result<Result<(), Throttled>, StoreError> {
    for _ in 0..TRIES {
        let stored = counts.count(key).await?;
        let next = match attempts(stored).attempt(policy, at) {
            Ok(next) => next,
            Err(wait) => return Ok(Err(wait)),
        };
        if counts.swap_count(key, stored, count(next)).await? {
            return Ok(Ok(()));
        }
    }
    Ok(Err(Throttled::Wait {
        retry_after: Duration::from_secs(1),
    }))
}

fn attempts(c: Count) -> Attempts {
    Attempts {
        count: u32::try_from(c.attempts).unwrap_or(u32::MAX),
        last: c.last_at,
    }
}

fn count(a: Attempts) -> Count {
    Count {
        attempts: i64::from(a.count),
        last_at: a.last,
    }
}
