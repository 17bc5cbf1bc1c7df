//! Requests that change something come from the site's own pages: a body must
//! say it is JSON (a form on another site can send only form or plain text
//! bodies without asking first), and a browser's `Origin` / `Sec-Fetch-Site`
//! must name this site or one the operator allows. Login and registration
//! included: a foreign page must not sign a visitor into someone's account.
//! A browser's request must also be addressed to a `Host` this node serves (its
//! public address, or the address it listens on): a page whose own name was
//! pointed at the node's address (DNS rebinding) is same-origin to itself, and
//! only the `Host` tells it apart. Behind a trusted proxy (`--trust-forwarded`)
//! the proxy chose the site by its name, so a `Host` the page's `Origin` names is
//! served too: a host who has not given the node its public address keeps a working
//! site. Clients that are not browsers send neither header and pass.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::accept::LocalAddr;
use super::proxies::Proxies;
use super::Error;
use super::RequestError;

/// Whose pages may change things here: the site's own (its public address, and
/// the address a connection came in on) and the other origins allowed
/// (`https://play.example.org`).
#[derive(Debug, Clone, Default)]
pub(super) struct Origins {
    allowed: Arc<Vec<String>>,
    site: Option<Authority>,
    proxies: Proxies,
}

impl Origins {
    /// `allowed` other origins; `site`, the site's public address (`--public-url`);
    /// `proxies`, the balancers trusted to have chosen the site by its name.
    pub(super) fn new(allowed: &[String], site: Option<&str>, proxies: Proxies) -> Origins {
        Origins {
            allowed: Arc::new(
                allowed
                    .iter()
                    .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
                    .collect(),
            ),
            site: site.and_then(Authority::of_url),
            proxies,
        }
    }
}

/// Where a page is: a scheme, a host and a port (written out when the default),
/// in lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Authority {
    scheme: String,
    host: String,
    port: u16,
}

impl Authority {
    /// An origin or URL, `scheme://host[:port][/...]`.
    fn of_url(text: &str) -> Option<Authority> {
        let (scheme, rest) = text.trim().split_once("://")?;
        let authority = rest.split(['/', '?', '#']).next()?;
        Authority::of_host(&scheme.to_ascii_lowercase(), authority)
    }

    /// A `Host` header's `host[:port]` reached over `scheme`: without a port,
    /// the scheme's default one (80 or 443), never any.
    fn of_host(scheme: &str, host: &str) -> Option<Authority> {
        let default = match scheme {
            "http" => 80,
            "https" => 443,
            _ => return None,
        };
        let host = host.trim().to_ascii_lowercase();
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse().ok()?),
            _ => (host.as_str(), default),
        };
        if name.is_empty() || name.contains(['@', '/']) {
            return None;
        }
        Some(Authority {
            scheme: scheme.to_string(),
            host: name.to_string(),
            port,
        })
    }

    /// The `Host` as this node serves it: the site's public address, or the
    /// address the connection came in on (`local`, plain HTTP; `localhost` too
    /// when that is a loopback address). `None` for any other name.
    fn served(
        host: &str,
        site: Option<&Authority>,
        local: Option<SocketAddr>,
    ) -> Option<Authority> {
        if let Some(site) = site {
            if Authority::of_host(&site.scheme, host).as_ref() == Some(site) {
                return Some(site.clone());
            }
        }
        let local = local?;
        let reached = Authority::of_host("http", host)?;
        let named = match reached.host.trim_matches(['[', ']']).parse::<IpAddr>() {
            Ok(ip) => ip.to_canonical() == local.ip().to_canonical(),
            Err(_) => reached.host == "localhost" && local.ip().to_canonical().is_loopback(),
        };
        (named && reached.port == local.port()).then_some(reached)
    }
}

/// Paths whose body may be a game record's text form as well as JSON.
const TEXT_BODIES: [&str; 2] = ["/api/records", "/api/records/analysis"];

/// The guard, as a middleware over the whole router.
pub(super) async fn guard(State(origins): State<Origins>, req: Request, next: Next) -> Response {
    if matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    ) {
        return next.run(req).await;
    }
    let headers = req.headers();
    let has_body = axum::body::HttpBody::size_hint(req.body()).upper() != Some(0);
    let text = TEXT_BODIES.contains(&req.uri().path());
    if let Err(e) = json_body(headers, has_body, text) {
        return e.into_response();
    }
    let local = req.extensions().get::<LocalAddr>().map(|l| l.0);
    let proxied = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .is_some_and(|peer| origins.proxies.contains(peer.0.ip()));
    if let Err(e) = same_origin(headers, &origins, local, proxied) {
        return e.into_response();
    }
    next.run(req).await
}

/// A body that is there must be declared JSON (or text, where `text` allows it).
fn json_body(headers: &HeaderMap, has_body: bool, text: bool) -> Result<(), Error> {
    let given = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    match given.as_deref() {
        None if !has_body => Ok(()),
        Some("application/json") => Ok(()),
        Some("text/plain") if text => Ok(()),
        other => Err(RequestError::JsonRequired(other.map(str::to_owned)).into()),
    }
}

/// A browser's request must come from this site's pages (or an allowed origin),
/// addressed to a `Host` this node serves (`local`: the address the connection
/// came in on; `proxied`, whether it came from a trusted proxy, which chose this
/// site by the name the page's `Origin` gives).
fn same_origin(
    headers: &HeaderMap,
    origins: &Origins,
    local: Option<SocketAddr>,
    proxied: bool,
) -> Result<(), Error> {
    let value = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let served = || {
        let host = value(header::HOST.as_str())?;
        Authority::served(host, origins.site.as_ref(), local).or_else(|| {
            let origin = value(header::ORIGIN.as_str()).and_then(Authority::of_url)?;
            proxied
                .then(|| Authority::of_host(&origin.scheme, host))
                .flatten()
        })
    };
    let browser = value(header::ORIGIN.as_str()).is_some() || value("sec-fetch-site").is_some();
    if browser && served().is_none() {
        tell_operator_once(value(header::HOST.as_str()), origins.site.as_ref());
    }
    let allowed = match (value(header::ORIGIN.as_str()), value("sec-fetch-site")) {
        (Some(origin), _) => served().is_some_and(|served| {
            let origin = origin.trim_end_matches('/').to_ascii_lowercase();
            origins.allowed.contains(&origin) || Authority::of_url(&origin) == Some(served)
        }),
        (None, Some(site)) => matches!(site, "same-origin" | "none") && served().is_some(),
        (None, None) => true,
    };
    if allowed {
        Ok(())
    } else {
        Err(RequestError::CrossOrigin.into())
    }
}

/// Logs, the first time only, a browser's change refused for its `Host`: behind a
/// proxy, the site's address not given to the node refuses every change.
fn tell_operator_once(host: Option<&str>, site: Option<&Authority>) {
    static TOLD: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !TOLD.swap(true, std::sync::atomic::Ordering::Relaxed) {
        let site = site.map_or(String::from("none"), |s| {
            format!("{}://{}:{}", s.scheme, s.host, s.port)
        });
        tracing::warn!(
            host = host.unwrap_or(""),
            public = %site,
            "a browser's change was refused: its Host is neither the site's public \
             address (--public-url) nor the address the node listens on; behind a \
             proxy, give the node the site's address and pass the browser's Host"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(host: &str, site: &str, local: &str) -> bool {
        Authority::served(host, Authority::of_url(site).as_ref(), local.parse().ok()).is_some()
    }

    #[test]
    fn only_a_host_the_node_serves_is_served() {
        let site = "https://play.example";
        assert!(served("play.example", site, ""));
        assert!(served("PLAY.example:443", site, ""));
        assert!(
            !served("play.example:8443", site, ""),
            "a Host without a port is the default one"
        );
        assert!(served("127.0.0.1:8080", site, "127.0.0.1:8080"));
        assert!(served("localhost:8080", site, "127.0.0.1:8080"));
        assert!(served("[::1]:8080", site, "[::1]:8080"));
        assert!(!served("127.0.0.1", site, "127.0.0.1:8080"));
        assert!(
            !served("evil.example:8080", site, "127.0.0.1:8080"),
            "DNS rebinding"
        );
        assert!(!served("localhost:8080", site, "10.0.0.5:8080"));
    }

    #[test]
    fn an_origin_matches_only_with_its_scheme_and_port() {
        let https = Authority::of_host("https", "play.example");
        assert_eq!(Authority::of_url("https://play.example:443"), https);
        assert_ne!(Authority::of_url("http://play.example"), https);
        assert_ne!(Authority::of_url("https://play.example:8443"), https);
    }
}
