//! Writes on SQLite, in batches: one task holds the writer and stores every
//! write waiting, of the frequent kinds, in one transaction of a few statements.
//!
//! SQLite has one writer. A move written alone held it across four round trips
//! to SQLite's thread (begin, update, insert, commit), so a node answered one
//! move at a time whatever its cores; the database's thread sat mostly idle
//! while the tasks passed it statements. Batched, the writes waiting are sent
//! as JSON arrays, one statement for each kind, and all share one commit. The
//! statements are the features' own: the games' (`game/repo/batch.rs`) and the
//! sockets' (`presence/repo.rs`); this module only gathers and answers the writes. Each write is answered only once that commit is done: a move
//! acknowledged is still durable.
//!
//! The kinds are those a busy site writes all the time: moves (the last one of
//! a game included), new games, and sockets opened and closed. Written alone,
//! each with its own turn at the writer (about a millisecond under load), the
//! games ending together, their players' sockets closing and the next games
//! opening held every other game's moves behind them for seconds.

#[cfg(test)]
mod tests;

use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use super::log::LogFull;
use super::StoreError;
use crate::game::repo::batch::{self as games, Ending, NewGame, NewMove};
use crate::presence::repo::{self as sockets, ClosedSocket, OpenedSocket};

/// The most writes one transaction holds.
const MAX_BATCH: usize = 256;

/// The writes that may wait for the writer at once (more wait to be queued).
const QUEUE: usize = 4096;

/// A write waiting for the writer, and where its answer goes.
enum Job {
    Game(NewGame, oneshot::Sender<Result<(), StoreError>>),
    Opened(OpenedSocket, oneshot::Sender<Result<(), StoreError>>),
    Move(
        NewMove,
        Option<Ending>,
        oneshot::Sender<Result<i64, StoreError>>,
    ),
    Closed(ClosedSocket, oneshot::Sender<Result<(), StoreError>>),
}

impl Job {
    /// Answers a job whose batch was committed; `stored`: whether a move's game
    /// was still at the revision its mover saw (and so the move stored).
    fn written(self, stored: bool) {
        // A writer that went away needs no answer: its write stands.
        match self {
            Job::Move(mv, _, done) => {
                let _ = done.send(match stored {
                    true => Ok(mv.revision + 1),
                    false => Err(StoreError::Conflict),
                });
            }
            Job::Game(_, done) | Job::Opened(_, done) | Job::Closed(_, done) => {
                let _ = done.send(Ok(()));
            }
        }
    }

    /// Answers a job that could not be written.
    fn failed(self, e: StoreError) {
        match self {
            Job::Move(_, _, done) => {
                let _ = done.send(Err(e));
            }
            Job::Game(_, done) | Job::Opened(_, done) | Job::Closed(_, done) => {
                let _ = done.send(Err(e));
            }
        }
    }
}

/// The queue to the task that writes batches.
#[derive(Debug, Clone)]
pub(crate) struct Batcher {
    queue: mpsc::Sender<Job>,
}

impl Batcher {
    /// Starts the task writing through `pool` (the writer); it ends when the
    /// last batcher is dropped. Between two batches, it copies the write-ahead
    /// log back when `log_full` says so (see [`LogFull`]).
    pub(super) fn start(pool: SqlitePool, log_full: LogFull) -> Batcher {
        let (queue, jobs) = mpsc::channel(QUEUE);
        tokio::spawn(write_batches(pool, jobs, log_full));
        Batcher { queue }
    }

    /// Sends `job` made with a new answer channel; waits for the answer.
    async fn ask<T>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Job,
    ) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        let closed = || StoreError::Database(sqlx::Error::PoolClosed);
        self.queue.send(job(done)).await.map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?
    }

    /// Stores a new game without moves.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when its id is taken; database failures.
    pub async fn insert_game(&self, game: NewGame) -> Result<(), StoreError> {
        self.ask(|done| Job::Game(game, done)).await
    }

    /// Stores `mv` (the game's last when `ending` is given) once its batch is
    /// committed; answers the game's new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game is no longer at `mv.revision` (or
    /// the ply is taken); database failures.
    pub async fn append(&self, mv: NewMove, ending: Option<Ending>) -> Result<i64, StoreError> {
        self.ask(|done| Job::Move(mv, ending, done)).await
    }

    /// Stores the row of a socket opened.
    ///
    /// # Errors
    /// Database failures (a game that does not exist included).
    pub async fn socket_opened(&self, socket: OpenedSocket) -> Result<(), StoreError> {
        self.ask(|done| Job::Opened(socket, done)).await
    }

    /// Marks a socket closed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn socket_closed(&self, socket: ClosedSocket) -> Result<(), StoreError> {
        self.ask(|done| Job::Closed(socket, done)).await
    }
}

async fn write_batches(pool: SqlitePool, mut jobs: mpsc::Receiver<Job>, log_full: LogFull) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while jobs.recv_many(&mut batch, MAX_BATCH).await > 0 {
        match write_batch(&pool, &batch).await {
            Ok(stored) => {
                for (job, stored) in batch.drain(..).zip(stored) {
                    job.written(stored);
                }
            }
            // The shared transaction failed: each job is written alone, so
            // that each gets its own answer.
            Err(_) => {
                for job in batch.drain(..) {
                    match write_batch(&pool, std::slice::from_ref(&job)).await {
                        Ok(stored) => job.written(stored.first() == Some(&true)),
                        Err(e) => job.failed(e),
                    }
                }
            }
        }
        log_full.copy_back_if_full(&pool).await;
    }
}

/// Writes `jobs` in one transaction: the new games, the sockets opened, the
/// moves, then the sockets closed (a game gets sockets, a socket is closed and
/// a game moves only once their first write was answered, so no job waits on
/// a later kind). Answers, for each job in order, whether it was stored: a move
/// is not when its game had moved on; the others always are.
///
/// # Errors
/// Any statement failing (a ply or a game id already taken, a socket of a game
/// that does not exist): nothing is written.
async fn write_batch(pool: &SqlitePool, jobs: &[Job]) -> Result<Vec<bool>, StoreError> {
    let mut games = Vec::new();
    let mut opened = Vec::new();
    let mut moves = Vec::new();
    let mut closed = Vec::new();
    for job in jobs {
        match job {
            Job::Game(game, _) => games.push(game),
            Job::Opened(socket, _) => opened.push(socket),
            Job::Move(mv, ending, _) => moves.push((mv, ending.as_ref())),
            Job::Closed(socket, _) => closed.push(socket),
        }
    }
    let mut tx = pool.begin().await?;
    if !games.is_empty() {
        games::insert_new(&mut tx, &games).await?;
    }
    if !opened.is_empty() {
        sockets::insert_opened(&mut tx, &opened).await?;
    }
    let mut moves_stored = games::write_moves(&mut tx, &moves).await?.into_iter();
    if !closed.is_empty() {
        sockets::mark_closed(&mut tx, &closed).await?;
    }
    tx.commit().await?;
    Ok(jobs
        .iter()
        .map(|job| match job {
            Job::Move(..) => moves_stored.next().unwrap_or(false),
            Job::Game(..) | Job::Opened(..) | Job::Closed(..) => true,
        })
        .collect())
}

/// The JSON array of `items`, bound as one parameter.
pub(crate) fn json_array<T: serde::Serialize>(items: &[T]) -> Result<String, StoreError> {
    serde_json::to_string(items).map_err(|e| StoreError::Database(sqlx::Error::Encode(e.into())))
}
