//! The rate limits' buckets shared by every node of a site: one row per client
//! address and limit. The only SQL of the limits.

use std::time::Duration;

use crate::store::{on_read, on_write, Pool, Store, StoreError};

/// One request against a bucket: a token bucket of `burst` tokens, one coming
/// back every `every` milliseconds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bucket<'a> {
    /// What is limited, and for whom (`creates:203.0.113.7`).
    pub(crate) key: &'a str,
    /// Wall-clock time now (milliseconds).
    pub(crate) now: i64,
    /// Milliseconds for one token to come back.
    pub(crate) every: i64,
    /// How many tokens the bucket holds.
    pub(crate) burst: i64,
}

/// Takes a token: a bucket's theoretical arrival time (`tat`) moves on by `$3`
/// (`every`) from now or from where it was, if it stays within `$4` (the slack
/// of a full bucket) of `$2` (now); answers the new `tat`, or nothing when the
/// bucket is empty. SQLite's and PostgreSQL's texts differ only in `MAX` and
/// `GREATEST`.
const TAKE_SQLITE: &str = "INSERT INTO rate_buckets (key, tat) VALUES ($1, $2 + $3) \
     ON CONFLICT (key) DO UPDATE SET tat = MAX(rate_buckets.tat, $2) + $3 \
     WHERE rate_buckets.tat <= $2 + $4 RETURNING tat";
const TAKE_POSTGRES: &str = "INSERT INTO rate_buckets (key, tat) VALUES ($1, $2 + $3) \
     ON CONFLICT (key) DO UPDATE SET tat = GREATEST(rate_buckets.tat, $2) + $3 \
     WHERE rate_buckets.tat <= $2 + $4 RETURNING tat";

/// The buckets' table on the node's store.
#[derive(Debug, Clone)]
pub(crate) struct BucketsRepo {
    store: Store,
}

impl BucketsRepo {
    /// The buckets' table in `store`.
    pub(crate) fn new(store: Store) -> BucketsRepo {
        BucketsRepo { store }
    }

    /// Takes a token from `bucket` in one atomic statement, which every node's
    /// requests serialise on: `None` when there was one, else how long until
    /// there is.
    ///
    /// # Errors
    /// Database failures.
    pub(crate) async fn take_token(
        &self,
        bucket: Bucket<'_>,
    ) -> Result<Option<Duration>, StoreError> {
        // `tat` stays within `(burst - 1) * every` of now while tokens are left.
        let slack = (bucket.burst - 1).saturating_mul(bucket.every);
        let take = match self.store.write_pool() {
            Pool::Sqlite(_) => TAKE_SQLITE,
            Pool::Postgres(_) => TAKE_POSTGRES,
        };
        let taken: Option<i64> = on_write!(self.store, pool => sqlx::query_scalar(take)
            .bind(bucket.key)
            .bind(bucket.now)
            .bind(bucket.every)
            .bind(slack)
            .fetch_optional(pool)
            .await?);
        if taken.is_some() {
            return Ok(None);
        }
        let tat: Option<i64> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT tat FROM rate_buckets WHERE key = $1",
        )
        .bind(bucket.key)
        .fetch_optional(pool)
        .await?);
        let wait = tat.map_or(0, |t| t - slack - bucket.now).max(1);
        Ok(Some(Duration::from_millis(
            u64::try_from(wait).unwrap_or(1),
        )))
    }

    /// Forgets the buckets full again by `now` (a full bucket is no row).
    ///
    /// # Errors
    /// Database failures.
    pub(crate) async fn sweep(&self, now: i64) -> Result<u64, StoreError> {
        let gone = on_write!(self.store, pool => sqlx::query("DELETE FROM rate_buckets WHERE tat < $1")
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(gone)
    }
}
