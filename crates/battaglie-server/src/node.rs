//! What every service of a server node shares: the store, the time, the node's
//! name, the bus to the other nodes, the shutdown signal and the metrics. Each
//! service holds a [`Node`] (a cheap handle) beside what is its own.

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{Clock, Timestamp};

use crate::bus::{Bus, Note, Noted};
use crate::ids;
use crate::metrics::Metrics;
use crate::store::Store;

/// A handle on what the services of this node share.
#[derive(Clone)]
pub struct Node(Arc<Inner>);

struct Inner {
    store: Store,
    time: Arc<dyn Clock>,
    name: String,
    bus: Option<Bus>,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// Stopping, but still serving while balancers notice (`/readyz` says 503).
    draining: std::sync::atomic::AtomicBool,
    metrics: Metrics,
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node")
            .field("name", &self.0.name)
            .finish_non_exhaustive()
    }
}

impl Node {
    /// A node over `store`, telling the others through `bus`, reading "now" from `time`.
    pub fn new(store: Store, bus: Option<Bus>, time: Arc<dyn Clock>) -> Node {
        let (shutdown, _) = tokio::sync::watch::channel(false);
        Node(Arc::new(Inner {
            name: node_name(&store),
            store,
            time,
            bus,
            shutdown,
            draining: std::sync::atomic::AtomicBool::new(false),
            metrics: Metrics::new(),
        }))
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.0.store
    }

    /// Now, by the node's time source (a fake clock in tests).
    pub fn now(&self) -> Timestamp {
        self.0.time.now()
    }

    /// Now in whole seconds since 1970 (the games' stamps), by the same source.
    pub fn now_secs(&self) -> i64 {
        self.now().0.div_euclid(1000)
    }

    /// The time source itself, for what keeps its own clock (a game's).
    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.0.time
    }

    /// This node's name (in bus messages and claims).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The bus to the other nodes, if any.
    pub fn bus(&self) -> Option<&Bus> {
        self.0.bus.as_ref()
    }

    /// This node's metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.0.metrics
    }

    /// Tells the other nodes `what` of game `game` was just stored.
    pub fn note(&self, game: &str, what: Noted) {
        if let Some(bus) = self.bus() {
            bus.publish_note(Note {
                node: self.0.name.clone(),
                game: game.to_string(),
                what,
            });
        }
    }

    /// Marks the node as stopping while it still serves: `/readyz` answers 503.
    pub fn drain(&self) {
        self.0
            .draining
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the node is stopping (draining, or shutting down).
    pub fn is_stopping(&self) -> bool {
        self.0.draining.load(std::sync::atomic::Ordering::SeqCst) || self.is_shutting_down()
    }

    /// Whether the server is shutting down.
    pub fn is_shutting_down(&self) -> bool {
        *self.0.shutdown.borrow()
    }

    /// Tells WebSockets, searches and the periodic tasks to end.
    pub fn shut_down(&self) {
        self.0.shutdown.send_replace(true);
    }

    /// A receiver that changes to `true` at shutdown.
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.0.shutdown.subscribe()
    }

    /// Runs `task` every `every` (the first time at once) until shutdown; a run that
    /// overruns delays the next rather than bunching them.
    pub fn spawn_every<F, Fut>(&self, every: Duration, task: F)
    where
        F: Fn() -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()> + Send,
    {
        let mut shutdown = self.shutdown_signal();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = shutdown.wait_for(|&s| s) => return,
                }
                task().await;
            }
        });
    }
}

/// The name under which this node claims computer turns. An SQLite file belongs to
/// one server, so its name is fixed: restarted, it takes its unfinished turns back at
/// once. On a shared database each node (restarted or not) is new, and a dead node's
/// turns wait for their claim to expire.
fn node_name(store: &Store) -> String {
    if store.backend() == "sqlite" {
        return "local".to_string();
    }
    ids::random_hex(6).unwrap_or_else(|_| format!("{:x}", ids::wall_millis()))
}
