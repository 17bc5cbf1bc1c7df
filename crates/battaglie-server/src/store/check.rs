//! SQLite's own check of the database file's pages (`PRAGMA quick_check`): at
//! start a damaged file stops the server with the problem named, and while it
//! serves a check every [`CHECK_EVERY`] makes the node not ready once damage is
//! found (writes into a damaged file would only spread it). PostgreSQL checks
//! its own pages: nothing to do there. `battaglie db check` runs the same check
//! and reads the schema on a connection that cannot write ([`check_read_only`]).

use std::str::FromStr;
use std::sync::PoisonError;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::SqlitePool;

use super::schema::{self, Schema};
use super::{Database, Pool, Pools, Store, StoreError, POSTGRES_MIGRATOR, SQLITE_MIGRATOR};

/// How often a serving node checks its SQLite file again.
pub const CHECK_EVERY: Duration = Duration::from_secs(600);

/// The most problems one check names.
const MOST_PROBLEMS: u32 = 10;

impl Store {
    /// What SQLite finds wrong with the database's pages, if anything (`None`
    /// on PostgreSQL); remembered for [`Store::damage`].
    ///
    /// # Errors
    /// When the database cannot be asked at all.
    pub async fn quick_check(&self) -> Result<Option<String>, StoreError> {
        let Pools::Sqlite { read, .. } = &self.0.pools else {
            return Ok(None);
        };
        let problems = quick_check(read).await?;
        if problems.is_some() {
            *self.0.damage.lock().unwrap_or_else(PoisonError::into_inner) = problems.clone();
        }
        Ok(problems)
    }

    /// The damage a check found in this database, if any.
    pub fn damage(&self) -> Option<String> {
        self.0
            .damage
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Checks the database every [`CHECK_EVERY`] until it is closed.
    pub fn spawn_checks(&self) {
        let store = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(CHECK_EVERY);
            tick.tick().await;
            loop {
                tick.tick().await;
                if store.is_closed() {
                    return;
                }
                match store.quick_check().await {
                    Ok(None) => {}
                    Ok(Some(p)) => tracing::error!(problems = %p, "the database is damaged"),
                    Err(e) => tracing::warn!(error = %e, "cannot check the database"),
                }
            }
        });
    }

    fn is_closed(&self) -> bool {
        match &self.0.pools {
            Pools::Sqlite { read, .. } => read.is_closed(),
            Pools::Postgres(pool) => pool.is_closed(),
        }
    }
}

/// What SQLite finds wrong with the pages of the database behind `pool`, if anything.
pub(super) async fn quick_check(pool: &SqlitePool) -> Result<Option<String>, StoreError> {
    let answer: Result<Vec<String>, sqlx::Error> =
        sqlx::query_scalar(&format!("PRAGMA quick_check({MOST_PROBLEMS})"))
            .fetch_all(pool)
            .await;
    match answer {
        Ok(rows) if rows == ["ok"] => Ok(None),
        Ok(rows) => Ok(Some(rows.join("; "))),
        // SQLite refusing to read a page is the damage itself.
        Err(sqlx::Error::Database(e)) => Ok(Some(e.message().to_string())),
        Err(e) => Err(e.into()),
    }
}

/// What a check of a database found.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The damage SQLite found in the file's pages, if any (none on PostgreSQL,
    /// which checks its own).
    pub damage: Option<String>,
    /// The schema against this build's migrations.
    pub schema: Schema,
}

/// Checks `db` on a connection that cannot write: a SQLite file opened read-only
/// (never created, never migrated), a PostgreSQL session in read-only
/// transactions. Safe on a live database.
///
/// # Errors
/// When the database cannot be opened or asked.
pub async fn check_read_only(db: &Database) -> Result<Checked, StoreError> {
    let open_error = |cause| StoreError::Open {
        location: db.to_string(),
        cause,
    };
    match db {
        Database::Sqlite(path) => {
            let options = SqliteConnectOptions::new()
                .filename(path)
                .read_only(true)
                .busy_timeout(Duration::from_secs(5));
            let pool = SqlitePoolOptions::new()
                .max_connections(1)
                .connect_with(options)
                .await
                .map_err(open_error)?;
            let checked: Result<Checked, StoreError> = async {
                Ok(Checked {
                    damage: quick_check(&pool).await?,
                    schema: schema::read(Pool::Sqlite(&pool), &SQLITE_MIGRATOR).await?,
                })
            }
            .await;
            pool.close().await;
            checked
        }
        Database::Postgres(url) => {
            let options = sqlx::postgres::PgConnectOptions::from_str(url)
                .map_err(open_error)?
                .options([("default_transaction_read_only", "on")]);
            let pool = sqlx::postgres::PgPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(Duration::from_secs(5))
                .connect_with(options)
                .await
                .map_err(open_error)?;
            let schema = schema::read(Pool::Postgres(&pool), &POSTGRES_MIGRATOR).await;
            pool.close().await;
            Ok(Checked {
                damage: None,
                schema: schema?,
            })
        }
    }
}
