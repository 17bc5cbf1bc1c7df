//! The registry: the games in memory by id, loaded from the store on demand, and
//! the server-wide state (store, search permits, shutdown) every request shares.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use battaglie_rules::Scenario;
use tokio::sync::Semaphore;

use super::live_game::LiveGame;
use super::rebuild::rebuild;
use super::GameError;
use crate::ids;
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
}

impl AppState {
    /// A server state over `store`.
    pub fn new(store: Store) -> AppState {
        let (shutdown, _) = tokio::sync::watch::channel(false);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        AppState {
            inner: Arc::new(Inner {
                store,
                games: Mutex::new(HashMap::new()),
                searches: Semaphore::new(cores),
                shutdown,
            }),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
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
        if let Some(live) = self.games_lock().get(id).cloned() {
            return Ok(live);
        }
        let (row, moves) = self
            .inner
            .store
            .load(id)
            .await?
            .ok_or_else(|| GameError::NotFound(id.to_string()))?;
        let live = Arc::new(rebuild(row, &moves)?);
        let mut games = self.games_lock();
        Ok(games.entry(id.to_string()).or_insert(live).clone())
    }

    /// Keeps `live` in memory under its id.
    pub(super) fn remember(&self, live: Arc<LiveGame>) {
        self.games_lock().insert(live.id().to_string(), live);
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

/// The built-in scenario `id`.
///
/// # Errors
/// [`GameError::UnknownScenario`] naming the known ones.
pub(super) fn builtin_scenario(id: &str) -> Result<Arc<Scenario>, GameError> {
    Scenario::builtin(id).ok_or_else(|| GameError::UnknownScenario {
        id: id.to_string(),
        known: Scenario::builtins()
            .iter()
            .map(|s| s.id())
            .collect::<Vec<_>>()
            .join(", "),
    })
}
