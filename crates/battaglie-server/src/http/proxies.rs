//! The balancers trusted to say who the client is (`--trust-forwarded`): a
//! request from one of their addresses is the client's of its `X-Real-IP` /
//! `X-Forwarded-For`; a request from anyone else is its peer's, whatever
//! headers it sends.

use std::net::IpAddr;
use std::str::FromStr;

use ipnet::IpNet;

/// The addresses (CIDRs) of the balancers in front of the server.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proxies(Vec<IpNet>);

/// A list of proxies that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an address or a CIDR block (e.g. 10.0.0.0/8, 127.0.0.1, ::1)")]
pub struct BadProxy(String);

impl FromStr for Proxies {
    type Err = BadProxy;

    /// Comma-separated addresses and CIDR blocks (`10.0.0.0/8, ::1`).
    fn from_str(s: &str) -> Result<Proxies, BadProxy> {
        s.split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                p.parse::<IpNet>()
                    .or_else(|_| p.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| BadProxy(p.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Proxies)
    }
}

impl Proxies {
    /// The loopback addresses: a balancer on the same machine.
    pub fn loopback() -> Proxies {
        "127.0.0.0/8, ::1".parse().unwrap_or_default()
    }

    /// Whether `ip` is one of the proxies.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client behind `peer`: `peer` itself unless it is a proxy; else the
    /// address its `X-Real-IP` names, else the nearest address of its
    /// `X-Forwarded-For` that is not a proxy (the ones before it were written by
    /// the client, which may lie).
    pub fn client(
        &self,
        peer: IpAddr,
        real_ip: Option<&str>,
        forwarded_for: Option<&str>,
    ) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        if let Some(ip) = real_ip.and_then(|v| v.trim().parse::<IpAddr>().ok()) {
            return ip;
        }
        let mut client = peer;
        for hop in forwarded_for.unwrap_or_default().rsplit(',') {
            let Ok(ip) = hop.trim().parse::<IpAddr>() else {
                break;
            };
            client = ip;
            if !self.contains(ip) {
                break;
            }
        }
        client
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_peer_outside_the_list_is_itself_whatever_its_headers_say() {
        let proxies: Proxies = "10.0.0.0/8, 127.0.0.1".parse().unwrap();
        assert_eq!(
            proxies.client(
                ip("203.0.113.9"),
                Some("198.51.100.1"),
                Some("198.51.100.2")
            ),
            ip("203.0.113.9")
        );
        assert_eq!(
            Proxies::default().client(ip("127.0.0.1"), Some("198.51.100.1"), None),
            ip("127.0.0.1"),
            "no list, no trust"
        );
    }

    #[test]
    fn a_proxy_s_headers_name_the_client() {
        let proxies: Proxies = "10.0.0.0/8, 127.0.0.1".parse().unwrap();
        assert_eq!(
            proxies.client(ip("10.1.2.3"), Some("198.51.100.1"), None),
            ip("198.51.100.1")
        );
        // The client wrote the first address; the proxies the last two.
        assert_eq!(
            proxies.client(
                ip("127.0.0.1"),
                None,
                Some("1.2.3.4, 198.51.100.7, 10.0.0.2")
            ),
            ip("198.51.100.7")
        );
        assert_eq!(
            proxies.client(ip("::ffff:10.0.0.1"), Some("2001:db8::1"), None),
            ip("2001:db8::1"),
            "an IPv4 peer written as IPv6 is the same peer"
        );
    }

    #[test]
    fn a_list_that_does_not_read_is_refused_naming_the_entry() {
        let e = "10.0.0.0/8, nginx".parse::<Proxies>().unwrap_err();
        assert!(e.to_string().contains("\"nginx\""), "{e}");
        assert!("10.0.0.0/33".parse::<Proxies>().is_err());
    }
}
