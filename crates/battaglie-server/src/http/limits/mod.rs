//! Rate limits per client address on what costs the server: creating games,
//! importing records, playing moves: a token bucket per address, in this node's
//! memory (`tower_governor`) or, for a site of several nodes, in the database
//! shared by all of them (one atomic statement per request, `repo.rs`); and on a
//! game's other actions per seat and per address (`actions.rs`).

mod actions;
mod repo;

pub(crate) use actions::{Actor, GameActions};

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use axum::routing::MethodRouter;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

use super::proxies::Proxies;
use super::Error;
use crate::AppState;
use repo::{Bucket, BucketsRepo};

/// A token bucket: `burst` requests at once, then one more every `every`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    /// How long one request's token takes to come back.
    pub every: Duration,
    /// How many requests may come at once.
    pub burst: u32,
}

/// The limits per client address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimits {
    /// Creating games and importing records (one bucket for both).
    pub creates: Quota,
    /// Moves over HTTP.
    pub moves: Quota,
    /// A game's actions other than moves (draw, take-back and rematch offers,
    /// answers and withdrawals, chat messages, mutes), per seat or account.
    pub actions: Quota,
    /// The same actions per client address, whatever the seat.
    pub actions_per_address: Quota,
    /// The balancers whose `X-Real-IP` / `X-Forwarded-For` name the client
    /// (empty: every client is its peer's address).
    pub proxies: Proxies,
    /// Games' WebSockets open at once (on one node).
    pub sockets: usize,
    /// Keep the buckets in the database, shared by every node of the site
    /// (otherwise in this node's memory).
    pub shared: bool,
}

impl Default for RateLimits {
    /// A person never meets these: 30 new games at once then one every 2 s; 60 moves
    /// at once then 20 a second; 10 offers, answers, messages or mutes at once
    /// then one every 2 s per seat or account, 30 then one a second per address;
    /// 32 games watched at once.
    fn default() -> RateLimits {
        RateLimits {
            creates: Quota {
                every: Duration::from_secs(2),
                burst: 30,
            },
            moves: Quota {
                every: Duration::from_millis(50),
                burst: 60,
            },
            actions: Quota {
                every: Duration::from_secs(2),
                burst: 10,
            },
            actions_per_address: Quota {
                every: Duration::from_secs(1),
                burst: 30,
            },
            proxies: Proxies::default(),
            sockets: 32,
            shared: false,
        }
    }
}

/// The client's address, the key of its buckets.
#[derive(Debug, Clone)]
struct ClientIp {
    proxies: Arc<Proxies>,
}

impl KeyExtractor for ClientIp {
    type Key = IpAddr;

    fn extract<T>(&self, req: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(client_ip(
            req.headers(),
            req.extensions().get::<ConnectInfo<SocketAddr>>(),
            &self.proxies,
        ))
    }
}

/// The client's address: the peer's, or the one its headers name when the peer
/// is one of the `proxies`; an IPv6 one as its /64 (one host holds all of it), so
/// that every limit per address counts the host's addresses as one.
pub(crate) fn client_ip(
    headers: &axum::http::HeaderMap,
    peer: Option<&ConnectInfo<SocketAddr>>,
    proxies: &Proxies,
) -> IpAddr {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let peer = peer
        .map(|c| c.0.ip())
        // Requests handed to the router in-process (tests) have no peer.
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    super::per_address::group(proxies.client(peer, header("x-real-ip"), header("x-forwarded-for")))
}

type Layer = GovernorLayer<
    ClientIp,
    governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>,
    axum::body::Body,
>;

/// The layers that apply [`RateLimits`] to routes (none when limits are off).
#[derive(Clone, Default)]
pub(crate) struct Limiters {
    creates: Option<Limiter>,
    moves: Option<Limiter>,
    actions: GameActions,
}

/// One limit: in this node's memory, or in the shared store.
#[derive(Clone)]
enum Limiter {
    Local(Layer),
    Shared(Shared),
}

/// A limit whose buckets are rows of the store.
#[derive(Clone)]
struct Shared {
    /// What is limited (the first part of a bucket's key).
    what: &'static str,
    quota: Quota,
    key: ClientIp,
    buckets: BucketsRepo,
}

impl Limiters {
    pub(crate) fn new(limits: Option<&RateLimits>, state: &AppState) -> Limiters {
        let Some(limits) = limits else {
            return Limiters::default();
        };
        let key = ClientIp {
            proxies: Arc::new(limits.proxies.clone()),
        };
        if limits.shared {
            let shared = |what, quota| {
                Some(Limiter::Shared(Shared {
                    what,
                    quota,
                    key: key.clone(),
                    buckets: BucketsRepo::new(state.node.store().clone()),
                }))
            };
            spawn_sweeper(state);
            return Limiters {
                creates: shared("creates", limits.creates),
                moves: shared("moves", limits.moves),
                actions: GameActions::new(
                    limits.actions,
                    limits.actions_per_address,
                    Some(BucketsRepo::new(state.node.store().clone())),
                ),
            };
        }
        Limiters {
            creates: layer(key.clone(), limits.creates).map(Limiter::Local),
            moves: layer(key, limits.moves).map(Limiter::Local),
            actions: GameActions::new(limits.actions, limits.actions_per_address, None),
        }
    }

    /// The limits of a game's actions other than moves.
    pub(crate) fn actions(&self) -> GameActions {
        self.actions.clone()
    }

    /// `route` limited as a creation (new game, import).
    pub(crate) fn creates(&self, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
        limit(self.creates.as_ref(), route)
    }

    /// `route` limited as a move.
    pub(crate) fn moves(&self, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
        limit(self.moves.as_ref(), route)
    }
}

/// Forgets the full buckets once a minute, until shutdown.
fn spawn_sweeper(state: &AppState) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let buckets = BucketsRepo::new(state.node.store().clone());
    let mut shutdown = state.node.shutdown_signal();
    runtime.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.wait_for(|&s| s) => return,
            }
            let now = i64::try_from(crate::ids::wall_millis()).unwrap_or(i64::MAX / 2);
            if let Err(e) = buckets.sweep(now).await {
                tracing::warn!(error = %e, "cannot forget the full rate buckets");
            }
        }
    });
}

fn limit(limiter: Option<&Limiter>, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
    match limiter {
        Some(Limiter::Local(l)) => route.layer(l.clone()),
        Some(Limiter::Shared(s)) => route.layer(axum::middleware::from_fn_with_state(
            s.clone(),
            shared_bucket,
        )),
        None => route,
    }
}

/// Takes a token from the client's bucket in the store, or refuses the request.
/// A store that does not answer lets it through (the request meets the same store
/// next, and fails there with its own error).
async fn shared_bucket(
    axum::extract::State(limit): axum::extract::State<Shared>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let ip = limit
        .key
        .extract(&req)
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let bucket = Bucket {
        key: &format!("{}:{ip}", limit.what),
        now: i64::try_from(crate::ids::wall_millis()).unwrap_or(i64::MAX / 2),
        every: i64::try_from(limit.quota.every.as_millis()).unwrap_or(i64::MAX / 4),
        burst: i64::from(limit.quota.burst.max(1)),
    };
    match limit.buckets.take_token(bucket).await {
        Ok(None) => next.run(req).await,
        Ok(Some(wait)) => refusal(GovernorError::TooManyRequests {
            wait_time: wait.as_secs_f64().ceil() as u64,
            headers: None,
        }),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a rate bucket");
            next.run(req).await
        }
    }
}

fn layer(key: ClientIp, quota: Quota) -> Option<Layer> {
    let config: GovernorConfig<ClientIp, _> = GovernorConfigBuilder::default()
        .period(quota.every)
        .burst_size(quota.burst.max(1))
        .key_extractor(key)
        .finish()?;
    let config = Arc::new(config);
    // Forget the buckets of addresses gone quiet, so that memory stays bounded.
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        let limiter = Arc::downgrade(&config);
        runtime.spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                match limiter.upgrade() {
                    Some(c) => c.limiter().retain_recent(),
                    None => return,
                }
            }
        });
    }
    Some(GovernorLayer::new(config).error_handler(refusal))
}

fn refusal(e: GovernorError) -> axum::response::Response {
    match e {
        GovernorError::TooManyRequests { wait_time, .. } => {
            // The limiter rounds down: a wait under a second is said as one.
            let seconds = wait_time.max(1);
            // (`Retry-After` is said by the error's answer.)
            Error::from(super::RequestError::TooManyRequests(seconds)).into_response()
        }
        other => Error::internal(format!("rate limiter: {other}")).into_response(),
    }
}
