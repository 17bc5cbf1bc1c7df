//! The server's Prometheus metrics, served at `/metrics` in the text format.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// Counters, gauges and histograms of one node.
pub struct Metrics {
    registry: Registry,
    moves: Counter,
    games_live: Gauge,
    sockets: Gauge,
    move_latency: Histogram,
    think_time: Histogram,
    searches: Counter,
    bus_changes: Counter,
}

impl Metrics {
    /// Every metric at zero.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("battaglie");
        let moves = Counter::default();
        let games_live = Gauge::default();
        let sockets = Gauge::default();
        // 0.1 ms .. ~0.8 s: a stored move takes about a millisecond.
        let move_latency = Histogram::new(exponential_buckets(0.0001, 2.0, 14));
        // 1 ms .. ~33 s: the levels' budgets.
        let think_time = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        let searches = Counter::default();
        let bus_changes = Counter::default();
        registry.register(
            "computer_searches",
            "Computer searches this node started (one per computer turn across the nodes)",
            searches.clone(),
        );
        registry.register(
            "bus_changes",
            "Other nodes' changes applied to this node's games from the bus",
            bus_changes.clone(),
        );
        registry.register(
            "moves",
            "Moves stored (humans' and the computer's)",
            moves.clone(),
        );
        registry.register(
            "games_live",
            "Games held in this node's memory",
            games_live.clone(),
        );
        registry.register(
            "websockets",
            "WebSockets open on this node",
            sockets.clone(),
        );
        registry.register(
            "move_seconds",
            "Time from a move request to its durable storage",
            move_latency.clone(),
        );
        registry.register(
            "computer_think_seconds",
            "Time the computer searched for one move",
            think_time.clone(),
        );
        Metrics {
            registry,
            moves,
            games_live,
            sockets,
            move_latency,
            think_time,
            searches,
            bus_changes,
        }
    }

    /// A computer search started on this node.
    pub fn search_started(&self) {
        self.searches.inc();
    }

    /// How many computer searches this node started.
    pub fn searches(&self) -> u64 {
        self.searches.get()
    }

    /// Another node's change was applied to a game in this node's memory.
    pub fn bus_change_applied(&self) {
        self.bus_changes.inc();
    }

    /// A human's move was stored `took` after it was asked.
    pub fn move_stored(&self, took: Duration) {
        self.moves.inc();
        self.move_latency.observe(took.as_secs_f64());
    }

    /// The computer's move was stored after a search of `took`.
    pub fn computer_moved(&self, took: Duration) {
        self.moves.inc();
        self.think_time.observe(took.as_secs_f64());
    }

    /// How many games are in memory now.
    pub fn set_games_live(&self, n: usize) {
        self.games_live.set(i64::try_from(n).unwrap_or(i64::MAX));
    }

    /// A WebSocket opened; it counts until the guard is dropped.
    pub fn socket_opened(&self) -> SocketGuard {
        self.sockets.inc();
        SocketGuard(self.sockets.clone())
    }

    /// How many WebSockets are open on this node (each is counted until its
    /// close is recorded).
    pub fn sockets_open(&self) -> i64 {
        self.sockets.get()
    }

    /// Every metric in the Prometheus text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if let Err(e) = encode(&mut out, &self.registry) {
            tracing::error!(error = %e, "cannot encode the metrics");
        }
        out
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// Counts one open WebSocket while it lives.
pub struct SocketGuard(Gauge);

impl Drop for SocketGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}
