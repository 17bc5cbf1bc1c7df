//! The server's state: a bag of services, one per feature, each a cheap handle.
//! A handler extracts only the service it uses (`State<Games>`, `State<Accounts>`
//! ...), through axum's `FromRef`.

use std::sync::Arc;

use axum::extract::FromRef;
use battaglie_community::{Clock, SystemClock};

use crate::accounts::Accounts;
use crate::analysis::Analyses;
use crate::chat::Chat;
use crate::game::{Cluster, Games, MemoryLimits};
use crate::lobby::Lobby;
use crate::node::Node;
use crate::notify::Notifications;
use crate::presence::Presence;
use crate::ratings::Ratings;
use crate::store::Store;

/// The services of one server node.
#[derive(Clone, FromRef)]
pub struct AppState {
    /// What the services share: the store, the time, the bus, the metrics.
    pub node: Node,
    /// The games: in memory, their actions, clocks, the computer's turns.
    pub games: Games,
    /// Accounts and sessions.
    pub accounts: Accounts,
    /// Challenges and pairings.
    pub lobby: Lobby,
    /// Mail and webhooks, and the addresses they go to.
    pub notifications: Notifications,
    /// The games' chat.
    pub chat: Chat,
    /// Who is at each game's table.
    pub presence: Presence,
    /// The engine's analyses of the games.
    pub analyses: Analyses,
    /// Rated games, the players' ratings and pages.
    pub ratings: Ratings,
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

    /// A server state whose clocks read the time from `time` (tests give a fake
    /// clock, the same to every node).
    pub fn with_time(
        store: Store,
        memory: MemoryLimits,
        cluster: Cluster,
        time: Arc<dyn Clock>,
    ) -> AppState {
        let node = Node::new(store, cluster.bus, time);
        let games = Games::new(node.clone(), memory, cluster.lease);
        let accounts = Accounts::new(node.clone());
        AppState {
            lobby: Lobby::new(games.clone()),
            analyses: Analyses::new(games.clone()),
            notifications: Notifications::new(node.clone(), accounts.clone()),
            chat: Chat::new(node.clone()),
            presence: Presence::new(node.clone()),
            ratings: games.ratings().clone(),
            accounts,
            games,
            node,
        }
    }
}
