//! The registry: the games in memory by id, loaded from the store on demand, and
//! the search permits of the computer's turns.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use battaglie_community::{Clock, Timestamp};
use battaglie_rules::Scenario;
use tokio::sync::Semaphore;

use super::followers::Followers;
use super::live_game::LiveGame;
use super::rebuild::rebuild;
use super::repo::GamesRepo;
use super::GameError;
use crate::bus::Bus;
use crate::ids;
use crate::metrics::Metrics;
use crate::node::Node;
use crate::notify::NoticesRepo;
use crate::ratings::Ratings;
use crate::store::{ChangeFollowers, Store};

/// The games of this node: those in memory by id, loaded from the store on
/// demand, and the search permits of the computer's turns.
#[derive(Clone)]
pub struct Games {
    node: Node,
    repo: GamesRepo,
    ratings: Ratings,
    /// What each change of a game brings to the ratings and the notices.
    pub(super) followers: Arc<dyn ChangeFollowers>,
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// Bounds the computer searches running at once (they are CPU-bound).
    pub searches: Semaphore,
    memory: MemoryLimits,
    /// How long a claim on the computer's turn lasts unless renewed.
    pub lease: Duration,
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

impl Games {
    /// The games of `node`, kept in memory within `memory`, claims on the
    /// computer's turns lasting `lease`.
    pub fn new(node: Node, memory: MemoryLimits, lease: Duration) -> Games {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let ratings = Ratings::new(node.clone());
        Games {
            repo: GamesRepo::new(node.store().clone()),
            followers: Followers::hook(ratings.clone(), NoticesRepo::new(node.store().clone())),
            ratings,
            node,
            inner: Arc::new(Inner {
                games: Mutex::new(HashMap::new()),
                searches: Semaphore::new(cores),
                memory,
                lease: lease.max(Duration::from_millis(100)),
                beats: tokio::sync::Mutex::default(),
            }),
        }
    }

    /// What this node's services share.
    pub fn shared(&self) -> &Node {
        &self.node
    }

    /// The ratings the games are played for (a rated seat needs its account).
    pub fn ratings(&self) -> &Ratings {
        &self.ratings
    }

    /// Now, by the node's time source.
    pub fn now(&self) -> Timestamp {
        self.node.now()
    }

    /// Now in whole seconds since 1970 (the games' stamps), by the same source.
    pub fn now_secs(&self) -> i64 {
        self.node.now_secs()
    }

    /// The time source, for the games' own clocks.
    pub(crate) fn clock(&self) -> &Arc<dyn Clock> {
        self.node.clock()
    }

    /// The bus to the other nodes, if any.
    pub(crate) fn bus(&self) -> Option<&Bus> {
        self.node.bus()
    }

    /// The games' tables.
    pub fn repo(&self) -> &GamesRepo {
        &self.repo
    }

    /// The permits of the searches running at once (the computer's turns and
    /// the analyses take one each; one per core). A turn waiting for a permit
    /// keeps its claim on the turn, renewed, until it searches or the node stops.
    pub fn searches(&self) -> &Semaphore {
        &self.inner.searches
    }

    /// The store.
    pub fn store(&self) -> &Store {
        self.node.store()
    }

    /// This node's metrics.
    pub fn metrics(&self) -> &Metrics {
        self.node.metrics()
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
        self.node.is_shutting_down()
    }

    /// A receiver that changes to `true` at shutdown.
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.node.shutdown_signal()
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
            .repo()
            .load(id)
            .await?
            .ok_or_else(|| GameError::NotFound(id.to_string()))?;
        let live = Arc::new(rebuild(row, &moves, self.clock().clone())?);
        let live = self
            .games_lock()
            .entry(id.to_string())
            .or_insert(live)
            .clone();
        self.bound_memory();
        Ok(live)
    }

    /// The game `id` as [`Games::game`] gives it, but for reading: on a shared
    /// database, first brought to its stored revision (another node may have
    /// changed it a moment ago, its news still on the bus), so that whoever was
    /// answered never reads an older game. (Writes need not: a change is stored only
    /// on the revision it was judged on, and a lost race answers 409 with the fresh
    /// state.)
    ///
    /// # Errors
    /// As [`Games::game`].
    pub async fn game_to_read(&self, id: &str) -> Result<Arc<LiveGame>, GameError> {
        let live = self.game(id).await?;
        if self.store().backend() != "sqlite" {
            self.catch_up(&live).await?;
        }
        Ok(live)
    }

    /// This node's name (in bus messages and claims).
    pub fn node(&self) -> &str {
        self.node.name()
    }

    /// The game `id` if this node holds it in memory (no query).
    pub(super) fn in_memory(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games_lock().get(id).cloned()
    }

    /// Every game this node holds in memory.
    pub(crate) fn all_in_memory(&self) -> Vec<Arc<LiveGame>> {
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
        F: Fn(Games) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ()> + Send,
    {
        let games = self.clone();
        self.node.spawn_every(every, move || task(games.clone()));
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
