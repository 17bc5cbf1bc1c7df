//! The web server of battaglie: the HTTP and WebSocket API (`docs/api.md`), games
//! stored in SQLite or PostgreSQL, the computer opponent, and the browser UI
//! embedded in the binary.
//!
//! [`app`] builds the whole router over an [`AppState`] (what the tests drive);
//! [`serve`] runs it on a listener until Ctrl-C; [`run`] does both on a runtime of
//! its own, for the `battaglie serve` command.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod accounts;
pub mod analysis;
mod app;
pub mod bus;
pub mod chat;
pub mod game;
pub mod http;
mod ids;
pub mod learn;
pub mod lobby;
pub mod metrics;
pub mod node;
pub mod notify;
pub mod presence;
pub mod ratings;
mod router;
pub mod site;
pub mod store;
mod view;

use std::net::SocketAddr;

pub use analysis::{AnalysisError, AnalysisReport, ADDRESS_POSITIONS, ANALYSIS_NODES};
pub use app::AppState;
pub use bus::{Bus, BusError, BusLocation, ParseBusError};
pub use game::{
    BudgetTooSmall, Cluster, ComputerTurn, Created, DrawAction, GameError, GameRow, Games,
    GamesRepo, LiveGame, MemoryLimits, Mode, Seat, Urls,
};
pub use http::{
    metrics_router, web_assets, Asset, BadProxy, Connections, Error, HttpSettings, Proxies, Quota,
    RateLimits, BODY_LIMIT, CLOSE_RESTART, CLOSE_SILENT, CLOSE_TOO_BIG, CLOSE_TOO_MANY,
    REQUEST_TIMEOUT, WS_MESSAGE_LIMIT,
};
pub use presence::{SocketRow, SocketStamp};
pub use router::{app, app_with};
pub use store::{Database, ParseDatabaseError, Store, StoreError};
/// The logging the server writes to, for the program that runs it (its start
/// and address lines among the server's).
pub use tracing;

/// What `battaglie serve` needs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Where to serve `/metrics` to scrapers on other machines (`None`: only
    /// to this machine, on `addr`).
    pub metrics_addr: Option<SocketAddr>,
    /// The database: a SQLite file (created if missing) or a PostgreSQL server.
    pub db: Database,
    /// A SQLite file syncs every commit to the disk (`--sync full`).
    pub full_sync: bool,
    /// Rate limits and the like.
    pub http: HttpSettings,
    /// How many games stay in memory, and how long.
    pub memory: MemoryLimits,
    /// The bus to the other nodes (`None`: a node alone).
    pub bus: Option<BusLocation>,
    /// How long a claim on a computer turn lasts unless renewed.
    pub lease: std::time::Duration,
    /// How notifications go out (mail server, the site's address).
    pub notify: notify::NotifySettings,
}

/// A failure to start or run the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The bus to the other nodes could not be reached.
    #[error(transparent)]
    Bus(#[from] BusError),
    /// The memory budget cannot hold a node.
    #[error(transparent)]
    Budget(#[from] BudgetTooSmall),
    /// The address could not be bound, or the server failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Resuming the computer games failed.
    #[error("resuming games: {0}")]
    Resume(String),
    /// SQLite found the database file damaged.
    #[error(
        "the database {db} is damaged ({problems}): restore it from a backup; \
         `battaglie db check` checks a file"
    )]
    Damaged {
        /// Which database.
        db: String,
        /// What SQLite found.
        problems: String,
    },
}

/// Resumes the computer's games and serves `state` on `listener` until `shutdown`
/// completes, evicting idle games meanwhile; closes the store at the end.
///
/// # Errors
/// When the store cannot be opened or the server fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    settings: &HttpSettings,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let store = state.node.store().clone();
    state.games.start_beating().await;
    state.games.spawn_evictor();
    state.games.spawn_memory_watch();
    state.games.spawn_takeover();
    state.games.spawn_flag_timer();
    state.presence.spawn_beat(state.games.clone());
    store.spawn_checks();
    let resumed = state
        .games
        .resume_computer_games()
        .await
        .map_err(|e| ServeError::Resume(e.to_string()))?;
    if resumed > 0 {
        tracing::info!(games = resumed, "the computer resumes its turn");
    }
    let app = app_with(state.clone(), settings);
    let stopping = state.clone();
    let drain = settings.drain;
    http::serve_connections(listener, app, settings.connections, async move {
        shutdown.await;
        if !drain.is_zero() {
            stopping.node.drain();
            tracing::info!(
                seconds = drain.as_secs_f64(),
                "stopping: /readyz answers 503 while the node serves on, then it closes"
            );
            tokio::time::sleep(drain).await;
        }
        tracing::info!("shutting down: no new connections; sockets told to reconnect");
        stopping.node.shut_down();
    })
    .await;
    state.node.shut_down();
    sockets_closed(&state).await;
    state.games.leave_site().await;
    match state.games.repo().expire_turns_of(state.node.name()).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(games = n, "the computer's turns left to the other nodes"),
        Err(e) => tracing::warn!(error = %e, "cannot give the computer's turns up"),
    }
    store.close().await;
    Ok(())
}

/// How long a node stopping waits for its sockets to record their close.
const SOCKETS_CLOSING: std::time::Duration = std::time::Duration::from_secs(3);

/// Waits, at most [`SOCKETS_CLOSING`], until every socket told to reconnect
/// elsewhere has recorded its close (the others' presence changes with it):
/// the store closes after them, not under them.
async fn sockets_closed(state: &AppState) {
    let deadline = tokio::time::Instant::now() + SOCKETS_CLOSING;
    while state.node.metrics().sockets_open() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// Binds `config.addr`, opens `config.db`, calls `ready` with the bound address, and
/// serves until Ctrl-C or SIGTERM.
///
/// # Errors
/// When the address cannot be bound or the database opened.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    if let Database::Sqlite(path) = &config.db {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| ServeError::Io {
                context: format!("creating {}", dir.display()),
                source,
            })?;
        }
    }
    config.memory.check()?;
    if let Some(games) = config.memory.games_held() {
        let fewer = usize::try_from(games).is_ok_and(|g| g < config.memory.max_games);
        tracing::info!(
            "the memory budget holds about {games} games in play{}, the database's cache \
             taking {} MiB of it",
            if fewer {
                " (fewer than --max-games)"
            } else {
                ""
            },
            config.memory.writer_cache_kib() / 1024
        );
    }
    let tuning = store::SqliteTuning {
        full_sync: config.full_sync,
        writer_cache_kib: config.memory.writer_cache_kib(),
    };
    let store = Store::connect_tuned(&config.db, tuning).await?;
    if let Some(problems) = store.quick_check().await? {
        store.close().await;
        return Err(ServeError::Damaged {
            db: config.db.to_string(),
            problems,
        });
    }
    let schema = store.schema().await?;
    let migration = schema.applied.last().map_or(0, |m| m.version);
    tracing::info!(db = %config.db, migration, "database ready, at migration {migration}");
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServeError::Io {
            context: format!("cannot listen on {}", config.addr),
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Io {
        context: "reading the bound address".into(),
        source,
    })?;
    let state = node(
        store,
        &config.db,
        config.memory,
        config.bus.as_ref(),
        config.lease,
    )
    .await?;
    if let Some(bus) = &config.bus {
        tracing::info!(bus = %bus, node = state.node.name(), "listening to the other nodes");
    }
    state.notifications.spawn_notifier(config.notify.clone());
    match config.metrics_addr {
        Some(at) => tracing::info!(metrics = %at, "/metrics served on {at}"),
        None => tracing::info!(
            metrics = %addr,
            "/metrics served to this machine only, on {addr}"
        ),
    }
    if let Some(at) = config.metrics_addr {
        let metrics = tokio::net::TcpListener::bind(at)
            .await
            .map_err(|source| ServeError::Io {
                context: format!("cannot listen on {at} for /metrics"),
                source,
            })?;
        let app = http::metrics_router(state.clone());
        tokio::spawn(async move {
            if let Err(e) = axum::serve(metrics, app).await {
                tracing::error!(error = %e, "the metrics listener stopped");
            }
        });
    }
    ready(addr);
    let mut http = config.http.clone();
    http.site
        .get_or_insert_with(|| config.notify.public_url.clone());
    serve_on(listener, state, &http, stop_signal()).await
}

/// The state of one node over `store` (opened on `db`): connected to `bus`, if
/// any, and hearing the other nodes' changes on it.
///
/// # Errors
/// When the bus cannot be reached (or `postgres` is asked for on SQLite).
pub async fn node(
    store: Store,
    db: &Database,
    memory: MemoryLimits,
    bus: Option<&BusLocation>,
    lease: std::time::Duration,
) -> Result<AppState, BusError> {
    timed_node(
        store,
        db,
        memory,
        bus,
        lease,
        std::sync::Arc::new(battaglie_community::SystemClock),
    )
    .await
}

/// [`node`] reading "now" from `time` (the tests give every node of a cluster
/// one fake clock).
///
/// # Errors
/// As [`node`].
pub async fn timed_node(
    store: Store,
    db: &Database,
    memory: MemoryLimits,
    bus: Option<&BusLocation>,
    lease: std::time::Duration,
    time: std::sync::Arc<dyn battaglie_community::Clock>,
) -> Result<AppState, BusError> {
    let (bus, subscription) = match bus {
        Some(location) => {
            let (bus, subscription) = Bus::connect(location, db).await?;
            (Some(bus), Some(subscription))
        }
        None => (None, None),
    };
    let state = AppState::with_time(store, memory, Cluster { bus, lease }, time);
    if let Some(subscription) = subscription {
        state
            .games
            .spawn_listener(subscription, state.lobby.clone());
        state.games.spawn_watch();
    }
    Ok(state)
}

/// Completes at Ctrl-C or (on Unix) SIGTERM, what a service manager or a
/// container runtime sends to stop a node.
async fn stop_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// A runtime of its own, for the synchronous `battaglie db` commands.
fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

fn no_runtime(source: std::io::Error) -> store::BackupError {
    store::BackupError::Io {
        context: "starting the runtime".into(),
        source,
    }
}

/// `battaglie db check`: SQLite's check of every page of `db` and its schema
/// against this build's, on a connection that cannot write.
///
/// # Errors
/// When the database cannot be opened or asked.
pub fn check_database(db: &Database) -> Result<store::Checked, ServeError> {
    let runtime = runtime().map_err(|source| ServeError::Io {
        context: "starting the runtime".into(),
        source,
    })?;
    Ok(runtime.block_on(store::check_read_only(db))?)
}

/// `battaglie db backup`: a consistent copy of the SQLite database `db`, live or
/// not, in `dest` (replaced only with `force`).
///
/// # Errors
/// As [`store::backup_sqlite`]; a PostgreSQL database is refused, naming `pg_dump`.
pub fn backup_database(
    db: &Database,
    dest: &std::path::Path,
    force: bool,
) -> Result<store::Copied, store::BackupError> {
    let Database::Sqlite(source) = db else {
        return Err(store::BackupError::Postgres);
    };
    runtime()
        .map_err(no_runtime)?
        .block_on(store::backup_sqlite(source, dest, force))
}

/// `battaglie db restore`: the backup `backup` in place of the SQLite database
/// `db`, which no server may have open (replaced only with `force`).
///
/// # Errors
/// As [`store::restore_sqlite`]; a PostgreSQL database is refused, naming `pg_restore`.
pub fn restore_database(
    backup: &std::path::Path,
    db: &Database,
    force: bool,
) -> Result<store::Copied, store::BackupError> {
    let Database::Sqlite(target) = db else {
        return Err(store::BackupError::Postgres);
    };
    runtime()
        .map_err(no_runtime)?
        .block_on(store::restore_sqlite(backup, target, force))
}

/// [`serve`] on a multi-threaded runtime of its own (for a synchronous `main`).
///
/// # Errors
/// As [`serve`], or when the runtime cannot start.
pub fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| ServeError::Io {
            context: "starting the runtime".into(),
            source,
        })?
        .block_on(serve(config, ready))
}
