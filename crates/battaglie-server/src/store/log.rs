//! The upkeep of SQLite's write-ahead log: copied back into the database file
//! in the background, and started over by the writer once it has grown.
//!
//! SQLite starts the log over only at a write that finds every page of it
//! copied back. While a writer never stops, a checkpoint from another
//! connection never catches up with it, and the log grew by a gigabyte a
//! minute at 5,000 moves/s. A `RESTART` checkpoint from that connection holds
//! the writer out meanwhile, and the writer waits in SQLite's busy handler,
//! whose sleeps (1, 2, 5, 10, 15, 20 ms...) overshoot the wait: every start-over
//! cost the moves behind it 10 to 35 ms. So the checkpointer only raises
//! [`LogFull`], and the writer copies back the pages written since the
//! checkpointer's last pass, between two of its batches: its next batch starts
//! the log over, without anyone sleeping.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::SqlitePool;

/// How often the checkpointer copies the log back into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The log's length, in bytes, past which it is started over. Starting over
/// holds the writer for two syncs (the log's, then the database file's), 20-60
/// ms under load. A longer log was worse: at 256 MiB each start-over held the
/// writer longer, and the 10-minute p99 at 5,000 moves/s rose from 30 to 42 ms.
const RESTART_BYTES: i64 = 64 << 20;

/// The log file's size once it starts over (SQLite truncates it to this).
pub(super) const LOG_KEEP_BYTES: &str = "67108864";

/// How many times [`RESTART_BYTES`] the log may reach, the writer having failed
/// to start it over (a reader held on to it each time), before the
/// checkpointer starts it over itself, holding the writer out.
const STUCK_FACTOR: i64 = 4;

/// Raised by the checkpointer when the log has grown past its bound; lowered
/// by the writer once it has copied the log's last pages back.
#[derive(Debug, Clone, Default)]
pub(super) struct LogFull(Arc<AtomicBool>);

impl LogFull {
    /// Run by the writer between two batches: when the log is full, copies
    /// back what the checkpointer has not, so that the writer's next
    /// transaction starts the log over.
    pub async fn copy_back_if_full(&self, writer: &SqlitePool) {
        if !self.0.swap(false, Ordering::Relaxed) {
            return;
        }
        if let Err(e) = copy_back(writer).await {
            tracing::warn!(error = %e, "WAL checkpoint by the writer failed");
        }
    }

    fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Starts the checkpointer on its own connection; it stops (closing it) once
/// `writer` is closed. Answers the flag it raises for the writer.
///
/// # Errors
/// When the page size cannot be read.
pub(super) async fn start_checkpointer(
    checkpointer: SqlitePool,
    writer: SqlitePool,
) -> Result<LogFull, sqlx::Error> {
    let page_size: i64 = sqlx::query_scalar("PRAGMA page_size")
        .fetch_one(&checkpointer)
        .await?;
    let restart_pages = RESTART_BYTES / page_size.max(1);
    let full = LogFull::default();
    let raised = full.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if writer.is_closed() {
                checkpointer.close().await;
                return;
            }
            if let Err(e) = checkpoint(&checkpointer, &raised, restart_pages).await {
                tracing::warn!(error = %e, "WAL checkpoint failed");
            }
        }
    });
    Ok(full)
}

/// Copies the log back into the database without waiting for anyone; raises
/// `full` when the log is longer than `restart_pages`, and starts it over
/// itself past [`STUCK_FACTOR`] times that.
pub(super) async fn checkpoint(
    pool: &SqlitePool,
    full: &LogFull,
    restart_pages: i64,
) -> Result<(), sqlx::Error> {
    let pages = copy_back(pool).await?;
    if pages > restart_pages {
        full.raise();
    }
    if pages > STUCK_FACTOR * restart_pages {
        sqlx::query("PRAGMA wal_checkpoint(RESTART)")
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// Copies the log back into the database as far as no one else is in the way
/// (a passive checkpoint); answers the log's length in pages.
pub(super) async fn copy_back(pool: &SqlitePool) -> Result<i64, sqlx::Error> {
    // (busy, pages in the log, pages copied back)
    let (_, pages, _): (i64, i64, i64) = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(pool)
        .await?;
    Ok(pages)
}
