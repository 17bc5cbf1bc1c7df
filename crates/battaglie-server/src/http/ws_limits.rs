//! What an upgraded WebSocket may cost: how large its frames, how many its
//! messages, how long its silence.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};

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

/// The largest frame or message a game's socket takes in, in bytes: above
/// [`WS_MESSAGE_LIMIT`](super::WS_MESSAGE_LIMIT), so that a client just over the
/// protocol's limit is told why (1009), but small enough that a frame never
/// finished holds little memory (the library's own default is 16 MiB).
pub(crate) const GAME_TRANSPORT_LIMIT: usize = 16 * super::WS_MESSAGE_LIMIT;

/// `ws` with its frames and messages bounded to `limit` bytes and small buffers.
pub(crate) fn bounded(ws: WebSocketUpgrade, limit: usize) -> WebSocketUpgrade {
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(SOCKET_BUFFER)
}

/// How long an upgraded socket may stay silent (nothing from its client, not even
/// the answer to a ping) before it is closed: the connections' idle time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Silence(pub(crate) Duration);

/// Close code 1001 (going away): a socket silent for longer than [`Silence`].
pub const CLOSE_SILENT: u16 = 1001;

/// The reason sent with [`CLOSE_SILENT`].
const SILENT: &str = "nothing heard for too long: reconnect";

/// A socket's heartbeat: a ping four times per silence allowed (a browser answers
/// them by itself), and the socket closed once its client stays silent longer.
pub(crate) struct Heartbeat {
    silence: Duration,
    heard: tokio::time::Instant,
    tick: tokio::time::Interval,
}

/// What the heartbeat asks of its socket at a beat.
pub(crate) enum Beat {
    /// Send a ping.
    Ping,
    /// Close it: its client is silent.
    Silent,
}

impl Heartbeat {
    pub(crate) fn new(Silence(silence): Silence) -> Heartbeat {
        let every = (silence / 4).max(Duration::from_millis(10));
        let start = tokio::time::Instant::now() + every;
        let mut tick = tokio::time::interval_at(start, every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Heartbeat {
            silence,
            heard: tokio::time::Instant::now(),
            tick,
        }
    }

    /// Notes that the client sent something (any message, a pong included).
    pub(crate) fn heard(&mut self) {
        self.heard = tokio::time::Instant::now();
    }

    /// Waits for the next beat.
    pub(crate) async fn beat(&mut self) -> Beat {
        self.tick.tick().await;
        if self.heard.elapsed() >= self.silence {
            Beat::Silent
        } else {
            Beat::Ping
        }
    }

    /// Does what `beat` asks of `socket`; `false` once the socket is to end.
    pub(crate) async fn keep(socket: &mut WebSocket, beat: Beat) -> bool {
        match beat {
            Beat::Ping => socket.send(Message::Ping(Default::default())).await.is_ok(),
            Beat::Silent => {
                close(socket, CLOSE_SILENT, SILENT).await;
                false
            }
        }
    }
}

/// How often a spectator's socket is sent a state at most: changes meanwhile
/// are told at once after, as the whole state then.
pub(crate) const SPECTATOR_EVERY: Duration = Duration::from_millis(250);

/// The states pushed to a socket: a player's as they come, a spectator's at most
/// once per [`SPECTATOR_EVERY`], the latest always told.
pub(crate) struct Pushes {
    every: Option<Duration>,
    next: tokio::time::Instant,
    held: bool,
}

impl Pushes {
    /// The pushes of a spectator's socket (coalesced) or a player's (not).
    pub(crate) fn new(spectator: bool) -> Pushes {
        Pushes {
            every: spectator.then_some(SPECTATOR_EVERY),
            next: tokio::time::Instant::now(),
            held: false,
        }
    }

    /// A change arrived: whether to send it now; otherwise the whole state is
    /// sent once [`Pushes::due`] completes.
    pub(crate) fn arrived(&mut self) -> bool {
        let Some(every) = self.every else {
            return true;
        };
        let now = tokio::time::Instant::now();
        if self.held || now < self.next {
            self.held = true;
            return false;
        }
        self.next = now + every;
        true
    }

    /// Waits until a held change is due (forever while none is held).
    pub(crate) async fn due(&mut self) {
        if !self.held {
            return std::future::pending().await;
        }
        tokio::time::sleep_until(self.next).await;
        self.held = false;
        self.next = tokio::time::Instant::now() + self.every.unwrap_or_default();
    }
}
