//! The allowance of a game's actions other than moves (draw, take-back and
//! rematch offers, answers and withdrawals, chat messages, mutes): a token bucket
//! per seat (or account) and one per client address, in this node's memory or,
//! for a site of several nodes, in the shared store; so that toggling an offer
//! stores a change and pushes a state to every socket a few times, not a thousand.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, RateLimiter};

use super::repo::{Bucket, BucketsRepo};
use super::Quota;
use crate::http::Error;
use crate::http::RequestError;

/// Whose allowance an action takes from besides its address's.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Actor<'a> {
    /// A seat of a game (`id`, `army`/`indians`/`both`).
    Seat(&'a str, Option<&'static str>),
    /// A signed-in account (its id): mutes, a spectator's chat.
    Account(&'a str),
}

impl Actor<'_> {
    fn key(self) -> String {
        match self {
            Actor::Seat(game, seat) => format!("act:seat:{game}:{}", seat.unwrap_or("none")),
            Actor::Account(id) => format!("act:user:{id}"),
        }
    }
}

/// The game actions' limits, if any (none in load tests).
#[derive(Clone, Default)]
pub(crate) struct GameActions(Option<Limits>);

#[derive(Clone)]
struct Limits {
    per_actor: Quota,
    per_address: Quota,
    buckets: Buckets,
}

#[derive(Clone)]
enum Buckets {
    Local {
        actors: Arc<DefaultKeyedRateLimiter<String>>,
        addresses: Arc<DefaultKeyedRateLimiter<String>>,
    },
    Shared(BucketsRepo),
}

fn local(quota: Quota) -> Arc<DefaultKeyedRateLimiter<String>> {
    let burst = NonZeroU32::new(quota.burst.max(1)).unwrap_or(NonZeroU32::MIN);
    let quota = governor::Quota::with_period(quota.every.max(Duration::from_millis(1)))
        .unwrap_or_else(|| governor::Quota::per_second(NonZeroU32::MIN))
        .allow_burst(burst);
    Arc::new(RateLimiter::keyed(quota))
}

impl GameActions {
    /// Limits of `per_actor` and `per_address`, kept in `shared` buckets when
    /// given, else in memory (forgotten once full again, every minute).
    pub(super) fn new(per_actor: Quota, per_address: Quota, shared: Option<BucketsRepo>) -> Self {
        let buckets = match shared {
            Some(repo) => Buckets::Shared(repo),
            None => {
                let actors = local(per_actor);
                let addresses = local(per_address);
                spawn_forgetting(&actors, &addresses);
                Buckets::Local { actors, addresses }
            }
        };
        GameActions(Some(Limits {
            per_actor,
            per_address,
            buckets,
        }))
    }

    /// Takes one action from `actor`'s allowance and `address`'s.
    ///
    /// # Errors
    /// 429 `rate_limited` with the wait (and `Retry-After`) when either is spent.
    pub(crate) async fn take(&self, address: &str, actor: Actor<'_>) -> Result<(), Error> {
        let Some(limits) = &self.0 else {
            return Ok(());
        };
        let address = format!("act:addr:{address}");
        let actor = actor.key();
        let wait = match &limits.buckets {
            Buckets::Local { actors, addresses } => {
                local_wait(actors, &actor).or_else(|| local_wait(addresses, &address))
            }
            Buckets::Shared(repo) => match shared_wait(repo, &actor, limits.per_actor).await {
                Some(wait) => Some(wait),
                None => shared_wait(repo, &address, limits.per_address).await,
            },
        };
        match wait {
            None => Ok(()),
            Some(wait) => {
                let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
                Err(RequestError::TooManyActions(seconds).into())
            }
        }
    }
}

fn local_wait(limiter: &DefaultKeyedRateLimiter<String>, key: &String) -> Option<Duration> {
    limiter
        .check_key(key)
        .err()
        .map(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
}

/// The wait for a token of `key`'s bucket in the store; none when the store
/// fails (the action meets the same store next, and fails there).
async fn shared_wait(repo: &BucketsRepo, key: &str, quota: Quota) -> Option<Duration> {
    let bucket = Bucket {
        key,
        now: i64::try_from(crate::ids::wall_millis()).unwrap_or(i64::MAX / 2),
        every: i64::try_from(quota.every.as_millis()).unwrap_or(i64::MAX / 4),
        burst: i64::from(quota.burst.max(1)),
    };
    match repo.take_token(bucket).await {
        Ok(wait) => wait,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a rate bucket");
            None
        }
    }
}

/// Forgets full buckets once a minute while the limits live.
fn spawn_forgetting(
    actors: &Arc<DefaultKeyedRateLimiter<String>>,
    addresses: &Arc<DefaultKeyedRateLimiter<String>>,
) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let (actors, addresses) = (Arc::downgrade(actors), Arc::downgrade(addresses));
    runtime.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            match (actors.upgrade(), addresses.upgrade()) {
                (Some(a), Some(b)) => {
                    a.retain_recent();
                    b.retain_recent();
                }
                _ => return,
            }
        }
    });
}
