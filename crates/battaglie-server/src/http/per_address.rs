//! Things one client address holds at once (connections, WebSockets), counted
//! against a cap.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// What each address holds, and the most it may (`None`: no cap).
#[derive(Clone, Default)]
pub(super) struct PerAddress {
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
    cap: Option<usize>,
}

impl PerAddress {
    pub(super) fn new(cap: Option<usize>) -> PerAddress {
        PerAddress {
            held: Arc::default(),
            cap,
        }
    }

    /// One more for `ip`, unless it holds the cap already.
    pub(super) fn take(&self, ip: IpAddr) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let n = held.entry(ip).or_default();
        if self.cap.is_some_and(|cap| *n >= cap) {
            return None;
        }
        *n += 1;
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
        let mut held = self
            .counts
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.ip);
            }
        }
    }
}
