//! Analyses of games (`analyses`): one row per game and move count, holding the
//! progress and the judged moves as JSON. The node that claims a row computes it and
//! renews `updated_at` (milliseconds since 1970) as it goes; a row whose writer
//! stopped renewing it before it was done may be claimed by any node.

use sqlx::Row;

use super::{Store, StoreError};

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

impl Store {
    /// Claims the analysis of game `id` at `plies` moves for `node`: creates the row,
    /// holding `body`, or takes over one left unfinished and not renewed since `stale`. Answers
    /// whether `node` is to compute it.
    ///
    /// # Errors
    /// On a database failure (a game that does not exist included).
    pub async fn claim_analysis(
        &self,
        (id, plies): (&str, usize),
        (nodes, total): (u64, usize),
        (node, body): (&str, &str),
        (now, stale): (i64, i64),
    ) -> Result<bool, StoreError> {
        let claimed = on_write!(self, pool => sqlx::query(
            "INSERT INTO analyses (game_id, plies, nodes, done, total, body, node, updated_at) \
             VALUES ($1, $2, $3, 0, $4, $5, $6, $7) \
             ON CONFLICT (game_id, plies) DO UPDATE SET nodes = excluded.nodes, done = 0, \
             total = excluded.total, body = excluded.body, node = excluded.node, updated_at = excluded.updated_at \
             WHERE analyses.done < analyses.total AND analyses.updated_at < $8",
        )
        .bind(id)
        .bind(plies as i64)
        .bind(nodes as i64)
        .bind(total as i64)
        .bind(body)
        .bind(node)
        .bind(now)
        .bind(stale)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(claimed == 1)
    }

    /// Writes `node`'s progress on an analysis it claimed (`body` `None`: only
    /// renews the claim); answers `false` when another node took it over.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn write_analysis(
        &self,
        (id, plies): (&str, usize),
        node: &str,
        progress: Option<(usize, &str)>,
        now: i64,
    ) -> Result<bool, StoreError> {
        let written = on_write!(self, pool => match progress {
            Some((done, body)) => sqlx::query(
                "UPDATE analyses SET done = $1, body = $2, updated_at = $3 \
                 WHERE game_id = $4 AND plies = $5 AND node = $6",
            )
            .bind(done as i64)
            .bind(body)
            .bind(now)
            .bind(id)
            .bind(plies as i64)
            .bind(node)
            .execute(pool)
            .await?,
            None => sqlx::query(
                "UPDATE analyses SET updated_at = $1 WHERE game_id = $2 AND plies = $3 AND node = $4",
            )
            .bind(now)
            .bind(id)
            .bind(plies as i64)
            .bind(node)
            .execute(pool)
            .await?,
        }
        .rows_affected());
        Ok(written == 1)
    }

    /// The analysis of game `id` at `plies` moves, if one was started.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn analysis(
        &self,
        id: &str,
        plies: usize,
    ) -> Result<Option<AnalysisRow>, StoreError> {
        on_read!(self, pool => {
            let Some(row) = sqlx::query(
                "SELECT nodes, done, total, body, updated_at FROM analyses \
                 WHERE game_id = $1 AND plies = $2",
            )
            .bind(id)
            .bind(plies as i64)
            .fetch_optional(pool)
            .await?
            else {
                return Ok(None);
            };
            let count = |name: &str| -> Result<i64, sqlx::Error> { row.try_get::<i64, _>(name) };
            Ok(Some(AnalysisRow {
                nodes: u64::try_from(count("nodes")?).unwrap_or(0),
                done: usize::try_from(count("done")?).unwrap_or(0),
                total: usize::try_from(count("total")?).unwrap_or(0),
                body: row.try_get("body")?,
                updated_at: count("updated_at")?,
            }))
        })
    }
}
