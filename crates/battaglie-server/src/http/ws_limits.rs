//! How many messages a WebSocket may send.

use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};

/// Close code 1008 (policy violation): a socket sending too many messages.
pub const CLOSE_TOO_MANY: u16 = 1008;

/// The reason sent with [`CLOSE_TOO_MANY`].
pub(crate) const TOO_MANY: &str = "too many messages: at most 10 a second";

/// The read and write buffers a socket starts with, in bytes (see `ws.rs`'s
/// upgrade: the library's default of 128 KiB each way held hundreds of MiB).
pub(crate) const SOCKET_BUFFER: usize = 8 * 1024;

/// The messages a socket may send at once, then [`REFILL`] more a second.
const BURST: f64 = 30.0;
const REFILL: f64 = 10.0;

/// A socket's allowance of messages (a token bucket).
pub(crate) struct Allowance {
    tokens: f64,
    at: Instant,
}

impl Allowance {
    pub(crate) fn new() -> Allowance {
        Allowance {
            tokens: BURST,
            at: Instant::now(),
        }
    }

    /// Whether one more message may be sent now.
    pub(crate) fn take(&mut self) -> bool {
        let now = Instant::now();
        let refilled = now.duration_since(self.at).as_secs_f64() * REFILL;
        self.tokens = (self.tokens + refilled).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Closes `socket` with `code` and `reason` (a socket that broke a limit).
pub(crate) async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    };
    // The socket may be gone already: nothing more to tell it.
    let _ = socket.send(Message::Close(Some(frame))).await;
}
