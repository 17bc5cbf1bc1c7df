//! The database: its pools, transactions, migrations and checks. Every feature
//! keeps its own queries in its folder's `repo.rs` (such as `crate::chat`'s).
//!
//! Everything goes through [`Store`], over SQLite (one file, the default) or
//! PostgreSQL (shared by any number of server nodes). Each query is written once,
//! with `$N` parameters both databases read, and run on whichever pool is open.
//! Every change of a game names the revision it expects: when another node
//! changed the game first, the write is refused with [`StoreError::Conflict`].

mod location;

use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

use batch::Batcher;

pub use backup::{backup_sqlite, restore_sqlite, BackupError, Copied};
pub use check::{check_read_only, Checked};
pub use location::{Database, ParseDatabaseError};
pub use schema::{Migration, Schema};

/// A storage failure (the database is unreachable, a constraint failed, ...).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another change of the game was stored first (the same ply, or a newer revision).
    #[error("the game was changed by another request first")]
    Conflict,
    /// The database said no.
    #[error("database: {0}")]
    Database(sqlx::Error),
    /// Running the schema migrations failed (the cause in the message only, so that
    /// an error chain does not print it twice).
    #[error("database migration: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    /// The database did not answer in time.
    #[error("the database did not answer within {0:?}")]
    Unanswered(Duration),
    /// The schema is one this build cannot serve (a newer release migrated it).
    #[error("{0}")]
    Schema(String),
    /// The database could not be reached or opened at start.
    #[error("cannot open the database {location}: {cause}")]
    Open {
        /// Where (passwords hidden).
        location: String,
        /// Why (in the message, and so not also the error's source, which would
        /// print it twice in an error chain).
        cause: sqlx::Error,
    },
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Migrate(e)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(e),
        }
    }
}

/// The database behind the server. A cheap handle: every service and
/// repository holds one, and the server's state is cloned for each request.
#[derive(Debug, Clone)]
pub struct Store(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    pools: Pools,
    /// What the last check of the file's pages found wrong ([`Store::quick_check`]).
    damage: Mutex<Option<String>>,
}

#[derive(Debug, Clone)]
enum Pools {
    /// Writes go through one connection; reads use a small pool of their own.
    Sqlite {
        write: SqlitePool,
        read: SqlitePool,
        /// Moves, new games and sockets opened and closed, batched through the writer.
        batch: Batcher,
    },
    Postgres(PgPool),
}

/// One pool of the store, whichever the database: what a query runs on.
#[derive(Clone, Copy)]
pub(crate) enum Pool<'a> {
    /// A SQLite file's.
    Sqlite(&'a SqlitePool),
    /// A PostgreSQL server's.
    Postgres(&'a PgPool),
}

/// Runs `$body` with `$pool` bound to the pool for writes, whichever the database.
macro_rules! on_write {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store.write_pool() {
            $crate::store::Pool::Sqlite($pool) => $body,
            $crate::store::Pool::Postgres($pool) => $body,
        }
    };
}

/// Runs `$body` with `$pool` bound to the pool for reads, whichever the database.
macro_rules! on_read {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store.read_pool() {
            $crate::store::Pool::Sqlite($pool) => $body,
            $crate::store::Pool::Postgres($pool) => $body,
        }
    };
}

// For the features' repositories, each in its feature's folder.
pub(crate) use {on_read, on_write};

mod backup;
pub(crate) mod batch;
mod check;
mod log;
mod schema;
mod tx;
mod words;

pub(crate) use tx::{in_tx, ChangeFollowers, GameChange, Tx};
pub(crate) use words::{optional_word_in, parse_word, word_in};

/// SQLite's page size for a new database file (an existing file keeps its
/// own), in bytes. Each move rewrites one page of the moves' index and one of
/// the games' table, and SQLite logs and copies back whole pages: at SQLite's
/// default of 4 KiB that was 9 KB of log a move, 44 MB/s at 5,000 moves/s,
/// and the syncs of the log's upkeep slowed as much. At 1 KiB it is a third.
const PAGE_SIZE: u32 = 1024;

/// The writer's page cache without a memory budget, in KiB: the pages that a
/// thousand games being played write to (each its own place in the moves' and
/// the games' indexes) outgrow SQLite's default of 2 MiB, and each page missed
/// is read again from the file. The readers keep the default (2 MiB each).
pub const WRITER_CACHE_KIB: u32 = 64 * 1024;

/// How a SQLite file is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SqliteTuning {
    /// Every commit is synced to the disk before it is answered (`--sync full`).
    pub full_sync: bool,
    /// The writer's page cache, in KiB: it fills as the database grows, up to this.
    pub writer_cache_kib: u32,
}

impl Default for SqliteTuning {
    /// Normal syncs, a [`WRITER_CACHE_KIB`] cache.
    fn default() -> SqliteTuning {
        SqliteTuning {
            full_sync: false,
            writer_cache_kib: WRITER_CACHE_KIB,
        }
    }
}

/// How long a node waits for a PostgreSQL connection (at start, and from the pool).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

impl Store {
    /// SQLite's batcher of frequent writes (`None` on PostgreSQL).
    pub(crate) fn batcher(&self) -> Option<&Batcher> {
        match &self.0.pools {
            Pools::Sqlite { batch, .. } => Some(batch),
            Pools::Postgres(_) => None,
        }
    }

    /// The pool writes go to.
    pub(crate) fn write_pool(&self) -> Pool<'_> {
        match &self.0.pools {
            Pools::Sqlite { write, .. } => Pool::Sqlite(write),
            Pools::Postgres(pool) => Pool::Postgres(pool),
        }
    }

    /// The pool reads go to.
    pub(crate) fn read_pool(&self) -> Pool<'_> {
        match &self.0.pools {
            Pools::Sqlite { read, .. } => Pool::Sqlite(read),
            Pools::Postgres(pool) => Pool::Postgres(pool),
        }
    }
}

impl Store {
    /// Opens `db` and runs the migrations (creating a SQLite file if missing).
    ///
    /// # Errors
    /// When the database cannot be reached or opened, or the migrations fail.
    pub async fn connect(db: &Database) -> Result<Store, StoreError> {
        Store::connect_synced(db, false).await
    }

    /// [`Store::connect`]; a SQLite file with `full_sync` syncs every commit to
    /// the disk before answering (`synchronous = FULL`): a commit survives the
    /// machine losing power, not only the process being killed, at some cost
    /// per move.
    ///
    /// # Errors
    /// As [`Store::connect`].
    pub async fn connect_synced(db: &Database, full_sync: bool) -> Result<Store, StoreError> {
        let tuning = SqliteTuning {
            full_sync,
            ..SqliteTuning::default()
        };
        Store::connect_tuned(db, tuning).await
    }

    /// [`Store::connect`], a SQLite file opened as `tuning` says.
    ///
    /// # Errors
    /// As [`Store::connect`].
    pub async fn connect_tuned(db: &Database, tuning: SqliteTuning) -> Result<Store, StoreError> {
        match db {
            Database::Sqlite(path) => Store::open_tuned(path, tuning).await,
            Database::Postgres(url) => Store::postgres(url).await,
        }
    }

    /// Connects to the PostgreSQL database at `url` and runs the migrations
    /// (concurrent nodes starting at once are serialised by sqlx's migration lock).
    ///
    /// # Errors
    /// When the server cannot be reached, refuses the login, or the migrations fail.
    pub async fn postgres(url: &str) -> Result<Store, StoreError> {
        let open_error = |cause| StoreError::Open {
            location: Database::Postgres(url.to_string()).to_string(),
            cause,
        };
        let options = sqlx::postgres::PgConnectOptions::from_str(url).map_err(open_error)?;
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(open_error)?;
        schema::migrate(Pool::Postgres(&pool), &POSTGRES_MIGRATOR).await?;
        Ok(Store(Arc::new(Inner {
            damage: Mutex::default(),
            pools: Pools::Postgres(pool),
        })))
    }

    /// Opens (creating if needed) the SQLite database file at `path` and runs the migrations.
    ///
    /// The database runs in WAL mode: a committed move survives the process being killed.
    ///
    /// # Errors
    /// When the file cannot be opened or the migrations fail.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_tuned(path, SqliteTuning::default()).await
    }

    async fn open_tuned(path: &Path, tuning: SqliteTuning) -> Result<Store, StoreError> {
        let sync = if tuning.full_sync {
            SqliteSynchronous::Full
        } else {
            SqliteSynchronous::Normal
        };
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .page_size(PAGE_SIZE)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(sync)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        Store::sqlite(options, tuning.writer_cache_kib)
            .await
            .map_err(|e| match e {
                StoreError::Database(cause) => StoreError::Open {
                    location: Database::Sqlite(path.to_path_buf()).to_string(),
                    cause,
                },
                e => e,
            })
    }

    /// Opens a private in-memory database (for tests and throw-away servers).
    ///
    /// # Errors
    /// When the migrations fail.
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        schema::migrate(Pool::Sqlite(&pool), &SQLITE_MIGRATOR).await?;
        Ok(Store(Arc::new(Inner {
            damage: Mutex::default(),
            pools: Pools::Sqlite {
                read: pool.clone(),
                batch: Batcher::start(pool.clone(), log::LogFull::default()),
                write: pool,
            },
        })))
    }

    async fn sqlite(options: SqliteConnectOptions, cache_kib: u32) -> Result<Store, StoreError> {
        // Statement journals (a statement's undo within a transaction) in
        // memory: on disk, many a batch created and deleted a file of its own.
        let options = options
            .pragma("journal_size_limit", log::LOG_KEEP_BYTES)
            .pragma("temp_store", "memory");
        // A connection in this process cannot drop away as a server's can: no
        // round trip to SQLite's thread to test it before each use.
        let pool = || SqlitePoolOptions::new().test_before_acquire(false);
        // One writer: writes queue in the process instead of sleeping in SQLite's
        // busy handler. It does not checkpoint after its commits (a move would
        // wait for a sync of the database file): a connection of its own does, in
        // the background, and the writer only finishes its work (see `log`).
        let write = pool()
            .max_connections(1)
            .connect_with(
                options
                    .clone()
                    .pragma("wal_autocheckpoint", "0")
                    // Negative: in KiB rather than pages.
                    .pragma("cache_size", format!("-{}", cache_kib.max(1))),
            )
            .await?;
        schema::migrate(Pool::Sqlite(&write), &SQLITE_MIGRATOR).await?;
        let read = pool()
            .max_connections(3)
            .connect_with(options.clone())
            .await?;
        let checkpointer = pool().max_connections(1).connect_with(options).await?;
        let log_full = log::start_checkpointer(checkpointer, write.clone()).await?;
        Ok(Store(Arc::new(Inner {
            damage: Mutex::default(),
            pools: Pools::Sqlite {
                batch: Batcher::start(write.clone(), log_full),
                write,
                read,
            },
        })))
    }

    /// Which database this is: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self.0.pools {
            Pools::Sqlite { .. } => "sqlite",
            Pools::Postgres(_) => "postgres",
        }
    }

    /// The database's schema against this build's migrations.
    ///
    /// # Errors
    /// When the database cannot be asked.
    pub async fn schema(&self) -> Result<Schema, StoreError> {
        let migrator = match self.0.pools {
            Pools::Sqlite { .. } => &SQLITE_MIGRATOR,
            Pools::Postgres(_) => &POSTGRES_MIGRATOR,
        };
        schema::read(self.read_pool(), migrator).await
    }

    /// Whether the database answers (for `/readyz`).
    ///
    /// # Errors
    /// When it does not.
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_read!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(drop))?;
        Ok(())
    }

    /// Closes every connection (waits for running queries).
    pub async fn close(&self) {
        match &self.0.pools {
            Pools::Sqlite { write, read, .. } => {
                write.close().await;
                read.close().await;
            }
            Pools::Postgres(pool) => pool.close().await,
        }
    }
}
