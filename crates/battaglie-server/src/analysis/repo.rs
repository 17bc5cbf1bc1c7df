//! Analyses of games (`analyses`): one row per game and move count, holding the
//! progress and the judged moves as JSON. The node that claims a row computes it and
//! renews `updated_at` (milliseconds since 1970) as it goes; a row whose writer
//! stopped renewing it before it was done may be claimed by any node. The only
//! SQL of the analyses.

use crate::store::{on_read, on_write, Store, StoreError};

/// Which analysis: game `id` at its move count `plies` (each length of a game
/// has its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisKey<'a> {
    /// The game.
    pub id: &'a str,
    /// Its move count.
    pub plies: usize,
}

/// A stored analysis, finished or in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisRow {
    /// The node search budget per position it was computed with.
    pub nodes: u64,
    /// Moves judged so far.
    pub done: usize,
    /// Moves to judge.
    pub total: usize,
    /// The analysis so far as JSON.
    pub body: String,
    /// When the computing node last wrote it.
    pub updated_at: i64,
}

/// The analyses' table on the node's store.
#[derive(Debug, Clone)]
pub struct AnalysisRepo {
    store: Store,
}

impl AnalysisRepo {
    /// The analyses' table in `store`.
    pub fn new(store: Store) -> AnalysisRepo {
        AnalysisRepo { store }
    }

    /// Claims analysis `key` for `node`, to judge every move at `nodes` per
    /// position: creates the row, holding `body`, or takes over one left
    /// unfinished and not renewed since `stale` (both times in milliseconds).
    /// Answers whether `node` is to compute it.
    ///
    /// # Errors
    /// On a database failure (a game that does not exist included).
    pub async fn claim(
        &self,
        key: AnalysisKey<'_>,
        nodes: u64,
        node: &str,
        body: &str,
        now: i64,
        stale: i64,
    ) -> Result<bool, StoreError> {
        let plies = count(key.plies);
        let claimed = on_write!(self.store, pool => sqlx::query(
            "INSERT INTO analyses (game_id, plies, nodes, done, total, body, node, updated_at) \
             VALUES ($1, $2, $3, 0, $4, $5, $6, $7) \
             ON CONFLICT (game_id, plies) DO UPDATE SET nodes = excluded.nodes, done = 0, \
             total = excluded.total, body = excluded.body, node = excluded.node, updated_at = excluded.updated_at \
             WHERE analyses.done < analyses.total AND analyses.updated_at < $8",
        )
        .bind(key.id)
        .bind(plies)
        .bind(i64::try_from(nodes).unwrap_or(i64::MAX))
        .bind(plies)
        .bind(body)
        .bind(node)
        .bind(now)
        .bind(stale)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(claimed == 1)
    }

    /// Writes `node`'s progress on analysis `key`, which it claimed: `done`
    /// moves judged, the analysis so far as `body`; answers `false` when another
    /// node took it over.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn progress(
        &self,
        key: AnalysisKey<'_>,
        node: &str,
        done: usize,
        body: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let written = on_write!(self.store, pool => sqlx::query(
            "UPDATE analyses SET done = $1, body = $2, updated_at = $3 \
             WHERE game_id = $4 AND plies = $5 AND node = $6",
        )
        .bind(count(done))
        .bind(body)
        .bind(now)
        .bind(key.id)
        .bind(count(key.plies))
        .bind(node)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(written == 1)
    }

    /// Renews `node`'s claim on analysis `key`; answers `false` when another
    /// node took it over.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn renew(
        &self,
        key: AnalysisKey<'_>,
        node: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let written = on_write!(self.store, pool => sqlx::query(
            "UPDATE analyses SET updated_at = $1 WHERE game_id = $2 AND plies = $3 AND node = $4",
        )
        .bind(now)
        .bind(key.id)
        .bind(count(key.plies))
        .bind(node)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(written == 1)
    }

    /// Analysis `key`, if one was started.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn get(&self, key: AnalysisKey<'_>) -> Result<Option<AnalysisRow>, StoreError> {
        let row: Option<(i64, i64, i64, String, i64)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT nodes, done, total, body, updated_at FROM analyses \
             WHERE game_id = $1 AND plies = $2",
        )
        .bind(key.id)
        .bind(count(key.plies))
        .fetch_optional(pool)
        .await?);
        Ok(
            row.map(|(nodes, done, total, body, updated_at)| AnalysisRow {
                nodes: u64::try_from(nodes).unwrap_or(0),
                done: usize::try_from(done).unwrap_or(0),
                total: usize::try_from(total).unwrap_or(0),
                body,
                updated_at,
            }),
        )
    }
}

/// A count as the database stores it.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
