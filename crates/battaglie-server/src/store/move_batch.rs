//! Plain moves on SQLite, written in batches: one task holds the writer and
//! stores every move waiting, each in a savepoint of one shared transaction.
//!
//! SQLite has one writer. A move written alone held it across four round trips
//! to SQLite's thread (begin, update, insert, commit), so a node answered one
//! move at a time whatever its cores; the database's thread sat mostly idle
//! while the tasks passed it statements. Batched, a move costs one round trip
//! (its savepoint, update and insert are one multi-statement query), and every
//! move waiting shares one commit. Each is answered only once that commit is
//! done: a move acknowledged is still durable.
//!
//! Plain moves are those with nothing else in their transaction: the game goes
//! on, no computer's turn is claimed or released, no notice is queued (see
//! [`super::Store::append_move`]).

use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use super::StoreError;

/// The most moves one transaction holds.
const MAX_BATCH: usize = 256;

/// The moves that may wait for the writer at once (more wait to be queued).
const QUEUE: usize = 4096;

/// A move's savepoint, the game's row (if still at the revision the mover
/// saw), the move (only if the row was updated), the savepoint released.
/// The insert answers a row when the move was stored.
const PLAIN_MOVE: &str = "SAVEPOINT plain_move; \
     UPDATE games SET draw_offer = NULL, result = NULL, reason = NULL, updated_at = $1, \
     revision = revision + 1, clock = $2, flag_at = $3 WHERE id = $4 AND revision = $5; \
     INSERT INTO moves (game_id, ply, mv) SELECT $4, $6, $7 WHERE changes() = 1 RETURNING ply; \
     RELEASE plain_move";

/// A move to append to a game that goes on.
#[derive(Debug)]
pub(super) struct PlainMove {
    pub id: String,
    /// The revision the game must still be at.
    pub revision: i64,
    /// The move's number, from 1.
    pub ply: i64,
    pub mv: String,
    /// Unix seconds.
    pub now: i64,
    /// The clock's columns.
    pub clock: (Option<String>, Option<i64>),
}

struct Job {
    mv: PlainMove,
    done: oneshot::Sender<Result<i64, StoreError>>,
}

/// The queue to the task that writes plain moves.
#[derive(Debug, Clone)]
pub(super) struct MoveBatcher {
    queue: mpsc::Sender<Job>,
}

impl MoveBatcher {
    /// Starts the task writing through `pool` (the writer); it ends when the
    /// last batcher is dropped.
    pub fn start(pool: SqlitePool) -> MoveBatcher {
        let (queue, jobs) = mpsc::channel(QUEUE);
        tokio::spawn(write_batches(pool, jobs));
        MoveBatcher { queue }
    }

    /// Stores `mv` once its batch is committed; answers the game's new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game is no longer at `mv.revision` (or
    /// the ply is taken); database failures.
    pub async fn append(&self, mv: PlainMove) -> Result<i64, StoreError> {
        let (done, answer) = oneshot::channel();
        self.queue
            .send(Job { mv, done })
            .await
            .map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))?;
        answer
            .await
            .map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))?
    }
}

async fn write_batches(pool: SqlitePool, mut jobs: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while jobs.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let moves: Vec<&PlainMove> = batch.iter().map(|j| &j.mv).collect();
        match write_batch(&pool, &moves).await {
            Ok(answers) => {
                for (job, answer) in batch.drain(..).zip(answers) {
                    // A mover that went away needs no answer: its move stands.
                    let _ = job.done.send(answer);
                }
            }
            // The shared transaction failed (begin or commit): each move is
            // written alone, so that each gets its own answer.
            Err(_) => {
                for job in batch.drain(..) {
                    let answer = write_alone(&pool, &job.mv).await;
                    let _ = job.done.send(answer);
                }
            }
        }
    }
}

/// Writes `moves` in one transaction; answers each move's outcome.
async fn write_batch(
    pool: &SqlitePool,
    moves: &[&PlainMove],
) -> Result<Vec<Result<i64, StoreError>>, StoreError> {
    let mut tx = pool.begin().await?;
    let mut answers = Vec::with_capacity(moves.len());
    for mv in moves {
        match plain_move(mv).fetch_all(&mut *tx).await {
            Ok(rows) if rows.is_empty() => answers.push(Err(StoreError::Conflict)),
            Ok(_) => answers.push(Ok(mv.revision + 1)),
            Err(e) => {
                // Stopped part-way: undo this move's statements, keep the others'.
                sqlx::query("ROLLBACK TO plain_move; RELEASE plain_move")
                    .execute(&mut *tx)
                    .await?;
                answers.push(Err(e.into()));
            }
        }
    }
    tx.commit().await?;
    Ok(answers)
}

/// Writes `mv` in a transaction of its own.
async fn write_alone(pool: &SqlitePool, mv: &PlainMove) -> Result<i64, StoreError> {
    let mut answers = write_batch(pool, &[mv]).await?;
    answers.pop().unwrap_or(Err(StoreError::Conflict))
}

fn plain_move(
    mv: &PlainMove,
) -> sqlx::query::Query<'_, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'_>> {
    sqlx::query(PLAIN_MOVE)
        .bind(mv.now)
        .bind(&mv.clock.0)
        .bind(mv.clock.1)
        .bind(&mv.id)
        .bind(mv.revision)
        .bind(mv.ply)
        .bind(&mv.mv)
}

#[cfg(test)]
mod tests {
    use super::super::{ComputerTurn, GameRow, Mode, Store, StoreError};

    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            scenario: "washita".into(),
            mode: Mode::Online,
            computer_side: None,
            computer_level: None,
            army_token: Some(format!("{id}-a")),
            indians_token: Some(format!("{id}-i")),
            start: None,
            draw_offer: None,
            takeback_offer: None,
            result: None,
            reason: None,
            created_at: 0,
            updated_at: 0,
            revision: 0,
            clock: None,
        }
    }

    async fn append(store: &Store, id: &str, revision: i64, ply: usize) -> Result<i64, StoreError> {
        let mv = format!("move {ply}");
        store
            .append_move(
                id,
                revision,
                (ply, &mv),
                None,
                (1, 1, None),
                ComputerTurn::Untouched,
            )
            .await
    }

    #[tokio::test]
    async fn moves_of_many_games_sent_at_once_are_all_stored_in_order() {
        let store = Store::memory().await.unwrap();
        let ids: Vec<String> = (0..40).map(|i| format!("g{i}")).collect();
        for id in &ids {
            store.insert_game(&row(id), &[]).await.unwrap();
        }
        for ply in 1..=5 {
            let sent = ids.iter().map(|id| append(&store, id, ply as i64 - 1, ply));
            for answer in futures_util::future::join_all(sent).await {
                assert_eq!(answer.unwrap(), ply as i64, "the new revision");
            }
        }
        for id in &ids {
            let (game, moves) = store.load(id).await.unwrap().unwrap();
            assert_eq!(game.revision, 5);
            assert_eq!(
                moves,
                (1..=5).map(|p| format!("move {p}")).collect::<Vec<_>>()
            );
        }
    }

    #[tokio::test]
    async fn a_stale_move_in_a_batch_is_a_conflict_and_the_others_stand() {
        let store = Store::memory().await.unwrap();
        for id in ["a", "b", "c"] {
            store.insert_game(&row(id), &[]).await.unwrap();
        }
        let (a, stale, ply_taken) = tokio::join!(
            append(&store, "a", 0, 1),
            append(&store, "b", 7, 1),
            async {
                append(&store, "c", 0, 1).await.unwrap();
                // The same ply again at the new revision: the ply is taken.
                append(&store, "c", 1, 1).await
            },
        );
        assert_eq!(a.unwrap(), 1);
        assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
        assert!(
            matches!(ply_taken, Err(StoreError::Conflict)),
            "{ply_taken:?}"
        );
        let (b, moves) = store.load("b").await.unwrap().unwrap();
        assert_eq!(
            (b.revision, moves.len()),
            (0, 0),
            "nothing of the stale move"
        );
        let (c, moves) = store.load("c").await.unwrap().unwrap();
        assert_eq!(
            (c.revision, moves.len()),
            (1, 1),
            "the refused move undone whole"
        );
    }
}
