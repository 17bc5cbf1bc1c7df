//! Things one client address holds at once (connections, WebSockets), counted
//! against a cap, and the group an address counts in: an IPv6 client holds a
//! whole /64 (one host picks any address in it), so its addresses count as one.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// The address every per-address limit counts `ip` under: an IPv4 address (an
/// IPv4-mapped IPv6 one too) as it is, an IPv6 address as its /64 network.
pub(crate) fn group(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// The connections a node keeps room for: past `scarce` connections open at once
/// (three quarters of what its file descriptors allow), an address that holds
/// [`SHARE`] or more is refused, so that the last quarter stays for new visitors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reserve {
    scarce: usize,
}

/// What an address may hold once descriptors are scarce: a page and its socket.
pub(super) const SHARE: usize = 2;

impl Reserve {
    /// The reserve of a node that may hold `connections` at once.
    pub(super) fn of(connections: usize) -> Reserve {
        Reserve {
            scarce: connections - connections / 4,
        }
    }
}

/// What each address holds, and the most it may (`None`: no cap).
#[derive(Clone, Default)]
pub(super) struct PerAddress {
    held: Arc<Mutex<Counts>>,
    cap: Option<usize>,
    reserve: Option<Reserve>,
}

#[derive(Default)]
struct Counts {
    each: HashMap<IpAddr, usize>,
    total: usize,
}

impl PerAddress {
    pub(super) fn new(cap: Option<usize>) -> PerAddress {
        PerAddress {
            held: Arc::default(),
            cap,
            reserve: None,
        }
    }

    /// As [`PerAddress::new`], keeping `reserve`.
    pub(super) fn with_reserve(cap: Option<usize>, reserve: Option<Reserve>) -> PerAddress {
        PerAddress {
            reserve,
            ..PerAddress::new(cap)
        }
    }

    /// One more for `ip`'s group, unless it holds the cap already, or its share
    /// while the reserve is being used.
    pub(super) fn take(&self, ip: IpAddr) -> Option<Held> {
        let ip = group(ip);
        let mut counts = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let total = counts.total;
        let n = counts.each.entry(ip).or_default();
        let scarce = self.reserve.is_some_and(|r| total >= r.scarce);
        if self.cap.is_some_and(|cap| *n >= cap) || (scarce && *n >= SHARE) {
            if *n == 0 {
                counts.each.remove(&ip);
            }
            return None;
        }
        *n += 1;
        counts.total += 1;
        Some(Held {
            counts: self.clone(),
            ip,
        })
    }

    /// The cap, if any.
    pub(super) fn cap(&self) -> Option<usize> {
        self.cap
    }
}

/// One thing counted against its address until dropped.
pub(super) struct Held {
    counts: PerAddress,
    ip: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut counts = self
            .counts
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        counts.total -= 1;
        if let Some(n) = counts.each.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.each.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_counts_as_its_slash_64() {
        assert_eq!(group(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            group(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(group(ip("2001:db8:1:3::1")), group(ip("2001:db8:1:2::1")));
        assert_eq!(group(ip("::ffff:10.0.0.7")), ip("10.0.0.7"));
        assert_eq!(group(ip("10.0.0.7")), ip("10.0.0.7"));
        let counts = PerAddress::new(Some(2));
        let _a = counts.take(ip("2001:db8::1")).unwrap();
        let _b = counts.take(ip("2001:db8::2")).unwrap();
        assert!(
            counts.take(ip("2001:db8::3")).is_none(),
            "the /64 holds its cap"
        );
        assert!(counts.take(ip("2001:db8:0:1::1")).is_some());
    }

    #[test]
    fn once_descriptors_are_scarce_only_addresses_holding_little_get_in() {
        let counts = PerAddress::with_reserve(Some(64), Some(Reserve::of(8)));
        let held: Vec<Held> = (0..6)
            .map(|_| counts.take(ip("10.0.0.1")).unwrap())
            .collect();
        assert!(
            counts.take(ip("10.0.0.1")).is_none(),
            "past three quarters, a heavy address waits"
        );
        let new = counts.take(ip("10.0.0.2")).unwrap();
        let _second = counts.take(ip("10.0.0.2")).unwrap();
        assert!(
            counts.take(ip("10.0.0.2")).is_none(),
            "a new one gets its share"
        );
        drop(held);
        drop(new);
        assert!(counts.take(ip("10.0.0.1")).is_some(), "room again");
    }
}
