//! SQLite's own check of the database file's pages (`PRAGMA quick_check`): at
//! start a damaged file stops the server with the problem named, and while it
//! serves a check every [`CHECK_EVERY`] makes the node not ready once damage is
//! found (writes into a damaged file would only spread it). PostgreSQL checks
//! its own pages: nothing to do there.

use std::sync::PoisonError;
use std::time::Duration;

use super::{Pools, Store, StoreError};

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
        let answer: Result<Vec<String>, sqlx::Error> =
            sqlx::query_scalar(&format!("PRAGMA quick_check({MOST_PROBLEMS})"))
                .fetch_all(read)
                .await;
        let problems = match answer {
            Ok(rows) if rows == ["ok"] => None,
            Ok(rows) => Some(rows.join("; ")),
            // SQLite refusing to read a page is the damage itself.
            Err(sqlx::Error::Database(e)) => Some(e.message().to_string()),
            Err(e) => return Err(e.into()),
        };
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
