//! The registry: the games in memory by id, loaded from the store on demand, and
//! the server-wide state (store, search permits, shutdown) every request shares.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use battaglie_community::{Clock, SystemClock, Timestamp};
use battaglie_rules::Scenario;
use tokio::sync::Semaphore;

use super::live_game::LiveGame;
use super::rebuild::rebuild;
use super::GameError;
use crate::bus::Bus;
use crate::ids;
use crate::metrics::Metrics;
use crate::store::Store;

/// The shared state of the server: the store and the games in memory.
#[derive(Clone)]
pub struct AppState {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub store: Store,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// Bounds the computer searches running at once (they are CPU-bound).
    pub searches: Semaphore,
    /// Set when the server shuts down: WebSockets close, searches stop.
    shutdown: tokio::sync::watch::Sender<bool>,
    pub metrics: Metrics,
    memory: MemoryLimits,
    /// This node's name on the bus and in claims on the computer's turn.
    pub node: String,
    /// Where changes go to the other nodes, if there are any.
    pub bus: Option<Bus>,
    /// How long a claim on the computer's turn lasts unless renewed.
    pub lease: Duration,
    /// Accounts and sessions.
    pub accounts: crate::accounts::Accounts,
    /// Where "now" comes from for everything clock-related (a fake one in tests,
    /// shared by every node of a test).
    pub time: Arc<dyn Clock>,
    /// The lobby's clock and its sockets' events.
    pub lobby: crate::lobby::Lobby,
    /// This node's beats in the store (see `outage.rs`), one at a time.
    pub beats: tokio::sync::Mutex<super::outage::Beats>,
}

/// How a node works with the others: the bus, and the claims on computer turns.
#[derive(Debug, Clone)]
pub struct Cluster {
    /// The bus to the other nodes (`None`: a node alone, or nodes that do not push
    /// each other's changes to their sockets).
    pub bus: Option<Bus>,
    /// How long a node's claim on a computer turn lasts unless renewed: when a
    /// node dies while thinking, another takes the turn over after this long.
    pub lease: Duration,
}

impl Default for Cluster {
    /// No bus; ten-second claims.
    fn default() -> Cluster {
        Cluster {
            bus: None,
            lease: Duration::from_secs(10),
        }
    }
}

/// How many games a node keeps in memory, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryLimits {
    /// A game nobody watches or asks for leaves memory after this long.
    pub idle: Duration,
    /// At most this many games stay in memory: past it, idle ones leave at once,
    /// finished games first, then the least recently used.
    pub max_games: usize,
    /// A budget for the process's resident memory (MiB): past nine tenths of it
    /// games leave memory the same way, as many as bring it back under (checked
    /// every second; Linux only). See `budget.rs` for what it must hold.
    pub memory_mib: Option<u64>,
}

impl Default for MemoryLimits {
    /// Ten minutes; 100,000 games (a few hundred MB at most); no memory budget.
    fn default() -> MemoryLimits {
        MemoryLimits {
            idle: Duration::from_secs(600),
            max_games: 100_000,
            memory_mib: None,
        }
    }
}

impl AppState {
    /// A server state over `store`, with the default [`MemoryLimits`].
    pub fn new(store: Store) -> AppState {
        AppState::with_memory(store, MemoryLimits::default())
    }

    /// A server state over `store` keeping games in memory within `memory`.
    pub fn with_memory(store: Store, memory: MemoryLimits) -> AppState {
        AppState::with_cluster(store, memory, Cluster::default())
    }

    /// A server state over `store` that is one node of a cluster.
    pub fn with_cluster(store: Store, memory: MemoryLimits, cluster: Cluster) -> AppState {
        AppState::with_time(store, memory, cluster, Arc::new(SystemClock))
    }

    /// A server state whose game clocks read the time from `time` (tests give a
    /// fake clock, the same to every node).
    pub fn with_time(
        store: Store,
        memory: MemoryLimits,
        cluster: Cluster,
        time: Arc<dyn Clock>,
    ) -> AppState {
        let (shutdown, _) = tokio::sync::watch::channel(false);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        AppState {
            inner: Arc::new(Inner {
                node: node_name(&store),
                store,
                games: Mutex::new(HashMap::new()),
                searches: Semaphore::new(cores),
                shutdown,
                metrics: Metrics::new(),
                memory,
                bus: cluster.bus,
                lease: cluster.lease.max(Duration::from_millis(100)),
                accounts: crate::accounts::Accounts::on(time.clone()),
                lobby: crate::lobby::Lobby::default(),
                beats: tokio::sync::Mutex::default(),
                time,
            }),
        }
    }

    /// Now, by the state's time source (see [`AppState::with_time`]).
    pub fn now(&self) -> Timestamp {
        self.inner.time.now()
    }

    /// Now in whole seconds since 1970 (the games' stamps), by the same source.
    pub fn now_secs(&self) -> i64 {
        self.now().0.div_euclid(1000)
    }

    /// Accounts and sessions.
    pub fn accounts(&self) -> &crate::accounts::Accounts {
        &self.inner.accounts
    }

    /// The lobby.
    pub fn lobby(&self) -> &crate::lobby::Lobby {
        &self.inner.lobby
    }

    /// The bus to the other nodes, if any.
    pub(crate) fn bus(&self) -> Option<&Bus> {
        self.inner.bus.as_ref()
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// This node's metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// How many games this node holds in memory.
    pub fn games_in_memory(&self) -> usize {
        self.games_lock().len()
    }

    /// Whether this node holds game `id` in memory now.
    pub fn holds(&self, id: &str) -> bool {
        self.games_lock().contains_key(id)
    }

    /// Whether the server is shutting down.
    pub fn is_shutting_down(&self) -> bool {
        *self.inner.shutdown.borrow()
    }

    /// Tells WebSockets and searches to end.
    pub fn shut_down(&self) {
        self.inner.shutdown.send_replace(true);
    }

    /// A receiver that changes to `true` at shutdown.
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// The game `id`, loaded from the store (and its moves replayed) if not in memory.
    ///
    /// # Errors
    /// No such game; stored moves that do not replay; the store failing.
    pub async fn game(&self, id: &str) -> Result<Arc<LiveGame>, GameError> {
        if !ids::is_game_id(id) {
            return Err(GameError::BadId(id.to_string()));
        }
        let held = self.games_lock().get(id).cloned();
        if let Some(live) = held {
            live.touch();
            return Ok(live);
        }
        let (row, moves) = self
            .inner
            .store
            .load(id)
            .await?
            .ok_or_else(|| GameError::NotFound(id.to_string()))?;
        let live = Arc::new(rebuild(row, &moves, self.inner.time.clone())?);
        let live = self
            .games_lock()
            .entry(id.to_string())
            .or_insert(live)
            .clone();
        self.bound_memory();
        Ok(live)
    }

    /// The game `id` as [`AppState::game`] gives it, but for reading: on a shared
    /// database, first brought to its stored revision (another node may have
    /// changed it a moment ago, its news still on the bus), so that whoever was
    /// answered never reads an older game. (Writes need not: a change is stored only
    /// on the revision it was judged on, and a lost race answers 409 with the fresh
    /// state.)
    ///
    /// # Errors
    /// As [`AppState::game`].
    pub async fn game_to_read(&self, id: &str) -> Result<Arc<LiveGame>, GameError> {
        let live = self.game(id).await?;
        if self.inner.store.backend() != "sqlite" {
            self.catch_up(&live).await?;
        }
        Ok(live)
    }

    /// This node's name (in bus messages and claims).
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// The game `id` if this node holds it in memory (no query).
    pub(super) fn in_memory(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games_lock().get(id).cloned()
    }

    /// Every game this node holds in memory.
    pub(super) fn all_in_memory(&self) -> Vec<Arc<LiveGame>> {
        self.games_lock().values().cloned().collect()
    }

    /// Keeps `live` in memory under its id.
    pub(super) fn remember(&self, live: Arc<LiveGame>) {
        self.games_lock().insert(live.id().to_string(), live);
        self.bound_memory();
    }

    /// Drops the games idle for longer than [`MemoryLimits::idle`] (they come back
    /// from the store when asked for); returns how many left.
    pub fn evict_idle(&self) -> usize {
        let cutoff = ids::wall_millis()
            .saturating_sub(u64::try_from(self.inner.memory.idle.as_millis()).unwrap_or(u64::MAX));
        let mut games = self.games_lock();
        let before = games.len();
        games.retain(|_, g| !(g.is_idle() && g.last_used() <= cutoff));
        before - games.len()
    }

    /// Past [`MemoryLimits::max_games`], drops idle games (a tenth more than
    /// needed, so that this does not run on every load).
    fn bound_memory(&self) {
        let max = self.inner.memory.max_games;
        if self.games_lock().len() > max {
            self.shrink_to(max - max / 10);
        }
    }

    /// Drops idle games until at most `target` stay, if it can: finished games
    /// first (nobody plays on in them), then the least recently used. A game
    /// that leaves comes back from the store when asked for. Returns how many left.
    pub fn shrink_to(&self, target: usize) -> usize {
        let mut games = self.games_lock();
        if games.len() <= target {
            return 0;
        }
        let mut idle: Vec<(bool, u64, String)> = games
            .iter()
            .filter(|(_, g)| g.is_idle())
            .map(|(id, g)| (!g.finished(), g.last_used(), id.clone()))
            .collect();
        let excess = (games.len() - target).min(idle.len());
        idle.sort_unstable();
        for (_, _, id) in idle.iter().take(excess) {
            games.remove(id);
        }
        excess
    }

    /// With a [`MemoryLimits::memory_mib`] budget, looks at the resident memory
    /// every second until shutdown: past nine tenths of the budget, as many
    /// games leave as it is over by (judged from the memory per game now), and
    /// a tenth more. Not at the budget itself: the memory of games that leave
    /// is kept by the allocator for the next ones rather than given back, so
    /// the resident memory settles where the games start to leave, plus what
    /// grows in a second.
    pub fn spawn_memory_watch(&self) {
        let Some(budget) = self.inner.memory.memory_mib else {
            return;
        };
        let line = budget.saturating_mul(1 << 20) / 10 * 9;
        self.spawn_every(Duration::from_secs(1), move |state| async move {
            let Some(resident) = resident_bytes() else {
                return;
            };
            if resident <= line {
                return;
            }
            let held = state.games_in_memory();
            // u128: bytes times games does not overflow.
            let keep = u128::from(line) * held as u128 * 9 / (u128::from(resident) * 10);
            let gone = state.shrink_to(usize::try_from(keep).unwrap_or(held));
            tracing::debug!(
                games = gone,
                resident,
                line,
                "games left memory for its budget"
            );
        });
    }

    /// Evicts idle games every quarter of the idle time, until shutdown.
    pub fn spawn_evictor(&self) {
        let every = (self.inner.memory.idle / 4).max(Duration::from_millis(100));
        self.spawn_every(every, |state| async move {
            let gone = state.evict_idle();
            if gone > 0 {
                tracing::debug!(games = gone, "idle games left memory");
            }
        });
    }

    /// Runs `task` every `every` (the first time at once) until shutdown; a run that
    /// overruns delays the next rather than bunching them.
    pub(super) fn spawn_every<F, Fut>(&self, every: Duration, task: F)
    where
        F: Fn(AppState) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()> + Send,
    {
        let state = self.clone();
        let mut shutdown = self.shutdown_signal();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = shutdown.wait_for(|&s| s) => return,
                }
                task(state.clone()).await;
            }
        });
    }

    fn games_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets the games in memory (they are reloaded from the store on demand).
    pub fn forget_all(&self) {
        self.games_lock().clear();
    }
}

/// The process's resident memory in bytes (`VmRSS`), where the system tells it.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
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

/// The built-in scenario `id`.
///
/// # Errors
/// [`GameError::UnknownScenario`] naming the known ones.
pub(crate) fn builtin_scenario(id: &str) -> Result<Arc<Scenario>, GameError> {
    Scenario::builtin(id).ok_or_else(|| GameError::UnknownScenario {
        id: id.to_string(),
        known: Scenario::builtins()
            .iter()
            .map(|s| s.id())
            .collect::<Vec<_>>()
            .join(", "),
    })
}
