//! Rate limits per client address on what costs the server: creating games,
//! importing records, playing moves (`tower_governor`, a token bucket per address).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use axum::routing::MethodRouter;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

use super::Error;
use crate::game::AppState;

/// A token bucket: `burst` requests at once, then one more every `every`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    /// How long one request's token takes to come back.
    pub every: Duration,
    /// How many requests may come at once.
    pub burst: u32,
}

/// The limits per client address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Creating games and importing records (one bucket for both).
    pub creates: Quota,
    /// Moves over HTTP.
    pub moves: Quota,
    /// Take the client's address from `X-Real-IP` / `X-Forwarded-For` (set this
    /// only behind a balancer that writes them); otherwise the peer's address.
    pub trust_forwarded: bool,
    /// Games' WebSockets open at once (on one node).
    pub sockets: usize,
}

impl Default for RateLimits {
    /// A person never meets these: 30 new games at once then one every 2 s; 60 moves
    /// at once then 20 a second; 32 games watched at once.
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
            trust_forwarded: false,
            sockets: 32,
        }
    }
}

/// The client's address, the key of its buckets.
#[derive(Debug, Clone, Copy)]
struct ClientIp {
    trust_forwarded: bool,
}

impl KeyExtractor for ClientIp {
    type Key = IpAddr;

    fn extract<T>(&self, req: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(client_ip(
            req.headers(),
            req.extensions().get::<ConnectInfo<SocketAddr>>(),
            self.trust_forwarded,
        ))
    }
}

/// The client's address: from `X-Real-IP` / `X-Forwarded-For` when
/// `trust_forwarded`, else the peer's.
pub(super) fn client_ip(
    headers: &axum::http::HeaderMap,
    peer: Option<&ConnectInfo<SocketAddr>>,
    trust_forwarded: bool,
) -> IpAddr {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            // The last address is the one the nearest balancer saw.
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok())
    };
    if trust_forwarded {
        if let Some(ip) = header("x-real-ip").or_else(|| header("x-forwarded-for")) {
            return ip;
        }
    }
    peer.map(|c| c.0.ip())
        // Requests handed to the router in-process (tests) have no peer.
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

type Layer = GovernorLayer<
    ClientIp,
    governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>,
    axum::body::Body,
>;

/// The layers that apply [`RateLimits`] to routes (none when limits are off).
#[derive(Clone, Default)]
pub(super) struct Limiters {
    creates: Option<Layer>,
    moves: Option<Layer>,
}

impl Limiters {
    pub(super) fn new(limits: Option<&RateLimits>) -> Limiters {
        let Some(limits) = limits else {
            return Limiters::default();
        };
        let key = ClientIp {
            trust_forwarded: limits.trust_forwarded,
        };
        Limiters {
            creates: layer(key, limits.creates),
            moves: layer(key, limits.moves),
        }
    }

    /// `route` limited as a creation (new game, import).
    pub(super) fn creates(&self, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
        match &self.creates {
            Some(l) => route.layer(l.clone()),
            None => route,
        }
    }

    /// `route` limited as a move.
    pub(super) fn moves(&self, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
        match &self.moves {
            Some(l) => route.layer(l.clone()),
            None => route,
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
            let mut res = Error::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                format!("too many requests from your address: wait {wait_time} s"),
            )
            .code(
                super::ErrorCode::RateLimited,
                serde_json::json!({ "seconds": wait_time.max(1) }),
            )
            .into_response();
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, wait_time.max(1).into());
            res
        }
        other => Error::internal(format!("rate limiter: {other}")).into_response(),
    }
}
