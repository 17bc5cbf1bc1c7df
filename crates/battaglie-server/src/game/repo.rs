//! The games' storage: games and their moves created, played, taken back,
//! ended, loaded; the computer's turns claimed (`claims.rs`), take-backs and
//! rematches. The only SQL of the games: `batch.rs` holds the statements
//! SQLite's batch writer (`store/batch/`) runs for many games at once.

pub(crate) mod batch;
mod claims;
mod outage;
mod rematch;
mod takeback;

use std::sync::Arc;

use battaglie_community::GameClock;
use battaglie_rules::{Outcome, Side};
use sqlx::Row;

pub use claims::ComputerTurn;
pub use outage::Beat;
pub use rematch::RematchRow;

use super::Mode;
use crate::store::{
    on_read, on_write, optional_word_in, ChangeFollowers, GameChange, Store, StoreError, Tx,
};
use batch::{Ending, NewGame, NewMove};

/// The columns of `games` that [`game_row`] reads, named rather than `*`: a node
/// keeps its statements prepared, and PostgreSQL refuses to run one whose `*` has
/// grown a column since (a newer release's migration, in a rolling upgrade).
macro_rules! game_columns {
    () => {
        "games.id, games.scenario, games.mode, games.computer_side, games.computer_level, \
         games.army_token, games.indians_token, games.start, games.draw_offer, \
         games.takeback_offer, games.takeback_revision, games.result, games.reason, \
         games.created_at, games.updated_at, games.revision, games.clock, games.aborted_at"
    };
}
pub(crate) use game_columns;

/// The key of the position `game` stands at, as stored with its last move:
/// none before the first move (the start every game of the scenario shares).
pub(crate) fn position_key(game: &battaglie_rules::Game) -> Option<i64> {
    // The hash's bits as the database's signed 64-bit integer.
    (game.moves().len() > 0).then(|| game.position().hash() as i64)
}

/// A stored game: everything but its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The public id (also the spectator link).
    pub id: String,
    /// The scenario id.
    pub scenario: String,
    /// How the game is played.
    pub mode: Mode,
    /// The side the computer plays, computer games only.
    pub computer_side: Option<Side>,
    /// The computer's level 1..=8, computer games only.
    pub computer_level: Option<u8>,
    /// The secret of the Army's seat (the same as the Indians' in hotseat games).
    pub army_token: Option<String>,
    /// The secret of the Indians' seat.
    pub indians_token: Option<String>,
    /// The start position in BFEN when it is not the scenario's (imported records).
    pub start: Option<String>,
    /// The side that offered a draw, if an offer stands.
    pub draw_offer: Option<Side>,
    /// The side that asked to take back its last move, if that request stands.
    pub takeback_offer: Option<Side>,
    /// How it ended, once it is over (stored as the record's result and reason
    /// words, `army` and `elimination`...).
    pub outcome: Option<Outcome>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// Grows by one with every stored change of the game.
    pub revision: i64,
    /// The game's clock, if it is played with one.
    pub clock: Option<GameClock>,
    /// When the game was called off before its first move (Unix seconds): it
    /// then has no outcome, and nothing more happens in it.
    pub aborted_at: Option<i64>,
}

/// The stored columns of an outcome: its result and reason words.
pub(crate) fn outcome_columns(
    outcome: Option<Outcome>,
) -> (Option<&'static str>, Option<&'static str>) {
    outcome.map_or((None, None), |o| {
        (Some(o.result_word()), Some(o.reason_word()))
    })
}

/// The stored columns of a clock: its JSON, and the deadline of a live clock
/// that runs (what the flag timers look for).
pub(crate) fn clock_columns(clock: Option<&GameClock>) -> (Option<String>, Option<i64>) {
    let Some(clock) = clock else {
        return (None, None);
    };
    let json = serde_json::to_string(clock).ok();
    let flag_at = clock
        .deadline()
        .filter(|_| clock.control().is_live())
        .map(|d| d.millis());
    (json, flag_at)
}

/// The games' tables on the node's store.
#[derive(Debug, Clone)]
pub struct GamesRepo {
    store: Store,
}

impl GamesRepo {
    /// The games' tables in `store`.
    pub fn new(store: Store) -> GamesRepo {
        GamesRepo { store }
    }

    /// Stores a new game with its moves (an imported record has some), in one transaction.
    ///
    /// # Errors
    /// On a database failure (a duplicate id included).
    pub async fn insert_game(&self, game: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        if let (Some(batch), true) = (self.store.batcher(), moves.is_empty()) {
            return batch.insert_game(NewGame::from(game)).await;
        }
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO games (id, scenario, mode, computer_side, computer_level, army_token, \
                 indians_token, start, draw_offer, result, reason, created_at, updated_at, revision, \
                 clock, flag_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
            )
            .bind(&game.id)
            .bind(&game.scenario)
            .bind(game.mode.word())
            .bind(game.computer_side.map(Side::word))
            .bind(game.computer_level.map(i64::from))
            .bind(&game.army_token)
            .bind(&game.indians_token)
            .bind(&game.start)
            .bind(game.draw_offer.map(Side::word))
            .bind(outcome_columns(game.outcome).0)
            .bind(outcome_columns(game.outcome).1)
            .bind(game.created_at)
            .bind(game.updated_at)
            .bind(game.revision)
            .bind(clock_columns(game.clock.as_ref()).0)
            .bind(clock_columns(game.clock.as_ref()).1)
            .execute(&mut *tx)
            .await?;
            for (ply, mv) in moves.iter().enumerate() {
                sqlx::query("INSERT INTO moves (game_id, ply, mv) VALUES ($1, $2, $3)")
                    .bind(&game.id)
                    .bind(ply as i64 + 1)
                    .bind(mv)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Appends move number `ply` (1-based) and updates the game's result and draw
    /// offer, its clock (timing this move: no node dying loses time or gives it
    /// away), and the claim on the computer's turn (`turn`), in one transaction, if
    /// the game is still at `revision`: when this returns, the move is durable.
    /// The notices it causes (the turn in a correspondence game, the end) are
    /// queued in the same transaction, timed `at` (milliseconds, the server's
    /// clock). Answers the new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another change was stored first (a move at that
    /// ply, or any change of the game's revision); other database failures.
    pub(crate) async fn append_move(
        &self,
        (id, revision): (&str, i64),
        (ply, mv, position_key): (usize, &str, Option<i64>),
        ended: Option<Outcome>,
        (now, at, game_clock): (i64, i64, Option<&GameClock>),
        turn: ComputerTurn<'_>,
        followers: &Arc<dyn ChangeFollowers>,
    ) -> Result<i64, StoreError> {
        let (clock, flag_at) = clock_columns(game_clock);
        let correspondence = game_clock.is_some_and(|c| !c.control().is_live());
        // A move of a game without a computer is batched on SQLite, its end
        // included; a correspondence game's moves each queue a notice, and go alone.
        if let (Some(batch), ComputerTurn::Untouched, false) =
            (self.store.batcher(), &turn, correspondence)
        {
            let mv = NewMove {
                id: id.to_string(),
                revision,
                ply: ply as i64,
                mv: mv.to_string(),
                now,
                clock,
                flag_at,
                position_key,
                result: outcome_columns(ended).0,
                reason: outcome_columns(ended).1,
            };
            let ending = ended.map(|outcome| Ending {
                outcome,
                at,
                clock: game_clock.cloned(),
                followers: Arc::clone(followers),
            });
            return batch.append(mv, ending).await;
        }
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE games SET draw_offer = NULL, result = $1, reason = $2, updated_at = $3, \
                 revision = revision + 1, clock = $6, flag_at = $7, position_key = $8 \
                 WHERE id = $4 AND revision = $5",
            )
            .bind(outcome_columns(ended).0)
            .bind(outcome_columns(ended).1)
            .bind(now)
            .bind(id)
            .bind(revision)
            .bind(&clock)
            .bind(flag_at)
            .bind(position_key)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Err(StoreError::Conflict);
            }
            sqlx::query("INSERT INTO moves (game_id, ply, mv) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(ply as i64)
                .bind(mv)
                .execute(&mut *tx)
                .await?;
            // In the same transaction: a node dying after the commit leaves a claim
            // that expires, never a computer turn that nobody claims.
            match turn {
                ComputerTurn::Untouched => {}
                ComputerTurn::Claim { node, until } => {
                    sqlx::query(claims::CLAIM)
                        .bind(id)
                        .bind(node)
                        .bind(until)
                        .execute(&mut *tx)
                        .await?;
                }
                ComputerTurn::Over => {
                    sqlx::query(claims::RELEASE).bind(id).execute(&mut *tx).await?;
                }
            }
            // A rated game's end is rated, and its notices queued, in the
            // transaction that stores it.
            let change = GameChange { id, ended, called_off: false, clock: game_clock, at };
            followers.follow(&mut Tx::from(&mut *tx), change).await?;
            tx.commit().await?;
        });
        Ok(revision + 1)
    }

    /// Deletes every move after ply `keep` and clears the result and draw offer, if
    /// the game is still at `revision`, the game then standing at `position_key`.
    /// Answers the new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another change was stored first; other database failures.
    pub async fn truncate_moves(
        &self,
        (id, revision): (&str, i64),
        (keep, position_key): (usize, Option<i64>),
        now: i64,
    ) -> Result<i64, StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE games SET draw_offer = NULL, result = NULL, reason = NULL, updated_at = $1, \
                 revision = revision + 1, position_key = $4 WHERE id = $2 AND revision = $3",
            )
            .bind(now)
            .bind(id)
            .bind(revision)
            .bind(position_key)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Err(StoreError::Conflict);
            }
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                .bind(id)
                .bind(keep as i64)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(revision + 1)
    }

    /// Whether a game in play against a person or the computer (not hotseat)
    /// stands at one of the positions `keys` (see [`position_key`]).
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_at(&self, keys: &[i64]) -> Result<bool, StoreError> {
        for chunk in keys.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT 1 FROM games WHERE result IS NULL AND position_key IS NOT NULL \
                 AND position_key IN ({}) AND mode <> 'hotseat' LIMIT 1",
                marks.join(", ")
            );
            let found: Option<i32> = on_read!(self.store, pool => {
                let mut query = sqlx::query_scalar(&sql);
                for key in chunk {
                    query = query.bind(*key);
                }
                query.fetch_optional(pool).await?
            });
            if found.is_some() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Sets the outcome, the draw offer and
    /// the clock, if the game is still at `revision` and unfinished (a game ends
    /// once: of two nodes seeing a flag fall, one stores it). An end's notices are
    /// queued in the same transaction, timed `at` (milliseconds, the server's
    /// clock). Answers the new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another change was stored first; other database failures.
    pub(crate) async fn set_status(
        &self,
        (id, revision): (&str, i64),
        ended: Option<Outcome>,
        draw_offer: Option<Side>,
        (now, at): (i64, i64),
        game_clock: Option<&GameClock>,
        followers: &dyn ChangeFollowers,
    ) -> Result<i64, StoreError> {
        let (clock, flag_at) = clock_columns(game_clock);
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE games SET result = $1, reason = $2, draw_offer = $3, updated_at = $4, \
                 revision = revision + 1, clock = $7, flag_at = $8 \
                 WHERE id = $5 AND revision = $6 AND result IS NULL AND aborted_at IS NULL",
            )
            .bind(outcome_columns(ended).0)
            .bind(outcome_columns(ended).1)
            .bind(draw_offer.map(Side::word))
            .bind(now)
            .bind(id)
            .bind(revision)
            .bind(&clock)
            .bind(flag_at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(StoreError::Conflict);
            }
            // The one other place a result is stored (with `append_move`): a rated
            // game's end is rated in the same transaction.
            if ended.is_some() {
                let change = GameChange { id, ended, called_off: false, clock: game_clock, at };
                followers.follow(&mut Tx::from(&mut *tx), change).await?;
            }
            tx.commit().await?;
        });
        Ok(revision + 1)
    }

    /// Calls the game off (see [`GameRow::aborted_at`]) if it is still at
    /// `revision` (so still without a move: the caller judged it so at that
    /// revision) and unfinished, its clock stopped and any claim on the
    /// computer's turn given up; the end's notices are queued in the same
    /// transaction, timed `at` (milliseconds, the server's clock). Answers the
    /// new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another change (a first move) was stored
    /// first; other database failures.
    pub(crate) async fn abort(
        &self,
        (id, revision): (&str, i64),
        (now, at): (i64, i64),
        game_clock: Option<&GameClock>,
        followers: &dyn ChangeFollowers,
    ) -> Result<i64, StoreError> {
        let (clock, flag_at) = clock_columns(game_clock);
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE games SET aborted_at = $1, draw_offer = NULL, updated_at = $1, \
                 revision = revision + 1, clock = $4, flag_at = $5 \
                 WHERE id = $2 AND revision = $3 AND result IS NULL AND aborted_at IS NULL",
            )
            .bind(now)
            .bind(id)
            .bind(revision)
            .bind(&clock)
            .bind(flag_at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(StoreError::Conflict);
            }
            sqlx::query(claims::RELEASE).bind(id).execute(&mut *tx).await?;
            let change = GameChange { id, ended: None, called_off: true, clock: game_clock, at };
            followers.follow(&mut Tx::from(&mut *tx), change).await?;
            tx.commit().await?;
        });
        Ok(revision + 1)
    }

    /// A game and its moves in order, if it exists (read in one transaction, so
    /// that the moves are those of the row's revision).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, StoreError> {
        on_read!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let Some(row) = sqlx::query(concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1"))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
            else {
                return Ok(None);
            };
            let game = game_row(&row)?;
            let moves = sqlx::query("SELECT mv FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|r| r.try_get::<String, _>("mv"))
                .collect::<Result<Vec<_>, _>>()?;
            tx.commit().await?;
            Ok(Some((game, moves)))
        })
    }

    /// The stored revision of a game, if it exists (one small read, for checking that
    /// a copy in memory is current).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn revision(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let revision: Option<i64> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT revision FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?);
        Ok(revision)
    }

    /// The unfinished games whose live clock ran out by `now` (milliseconds since
    /// 1970), at most `limit`, and the nearest deadline still to come, if any:
    /// what a node's flag timer works from.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn flags(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<(Vec<String>, Option<i64>), StoreError> {
        on_read!(self.store, pool => {
            let due: Vec<String> = sqlx::query_scalar(
                "SELECT id FROM games WHERE flag_at IS NOT NULL AND flag_at <= $1 \
                 AND result IS NULL AND aborted_at IS NULL ORDER BY flag_at LIMIT $2",
            )
            .bind(now)
            .bind(limit)
            .fetch_all(pool)
            .await?;
            let next: Option<i64> = sqlx::query_scalar(
                "SELECT MIN(flag_at) FROM games WHERE flag_at > $1 AND result IS NULL \
                 AND aborted_at IS NULL",
            )
            .bind(now)
            .fetch_one(pool)
            .await?;
            Ok((due, next))
        })
    }

    /// The ids of the unfinished computer games (to give the computer its turn at start).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_computer_games(&self) -> Result<Vec<String>, StoreError> {
        let ids: Vec<String> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT id FROM games WHERE mode = 'computer' AND result IS NULL AND aborted_at IS NULL \
             ORDER BY updated_at",
        )
        .fetch_all(pool)
        .await?);
        Ok(ids)
    }
}

/// The standing take-back request of a `games` row: only while the game is still at
/// the revision the request made.
fn takeback_offer<'r, R>(row: &'r R) -> Result<Option<Side>, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let at: Option<i64> = row.try_get("takeback_revision")?;
    let revision: i64 = row.try_get("revision")?;
    if at != Some(revision) {
        return Ok(None);
    }
    optional_word_in(row, "takeback_offer")
}

/// A [`GameRow`] from a row of either database with the `game_columns!()`.
pub(crate) fn game_row<'r, R>(row: &'r R) -> Result<GameRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let mode: String = row.try_get("mode")?;
    let mode = Mode::from_word(&mode).ok_or_else(|| {
        sqlx::Error::Decode(format!("unknown game mode {mode:?} in the database").into())
    })?;
    let result: Option<String> = row.try_get("result")?;
    let reason: Option<String> = row.try_get("reason")?;
    let outcome = match (result, reason) {
        (None, None) => None,
        (Some(result), Some(reason)) => {
            Some(Outcome::from_words(&result, &reason).ok_or_else(|| {
                sqlx::Error::Decode(
                    format!("the result {result:?} ({reason:?}) is not an outcome").into(),
                )
            })?)
        }
        (result, reason) => {
            return Err(sqlx::Error::Decode(
                format!("a result {result:?} without its reason {reason:?}, or the reverse").into(),
            )
            .into())
        }
    };
    Ok(GameRow {
        id: row.try_get("id")?,
        scenario: row.try_get("scenario")?,
        mode,
        computer_side: optional_word_in(row, "computer_side")?,
        computer_level: row
            .try_get::<Option<i64>, _>("computer_level")?
            .and_then(|l| u8::try_from(l).ok()),
        army_token: row.try_get("army_token")?,
        indians_token: row.try_get("indians_token")?,
        start: row.try_get("start")?,
        draw_offer: optional_word_in(row, "draw_offer")?,
        takeback_offer: takeback_offer(row)?,
        outcome,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        revision: row.try_get("revision")?,
        clock: row
            .try_get::<Option<String>, _>("clock")?
            .map(|json| {
                serde_json::from_str(&json).map_err(|e| {
                    sqlx::Error::Decode(format!("a stored clock does not read: {e}").into())
                })
            })
            .transpose()?,
        aborted_at: row.try_get("aborted_at")?,
    })
}
