//! Storage of games and moves: the only module that speaks SQL.
//!
//! Everything else goes through [`Store`]. Today it holds a SQLite pool; a
//! PostgreSQL variant can follow behind the same methods (the schema uses only
//! plain types: text and integers).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};

/// A storage failure (the database is unreachable, a constraint failed, ...).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another change of the game was stored first (the same ply, or a newer revision).
    #[error("the game was changed by another request first")]
    Conflict,
    /// The database said no.
    #[error("database: {0}")]
    Database(sqlx::Error),
    /// Running the schema migrations failed.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(e),
        }
    }
}

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A human against the computer.
    Computer,
    /// Two humans at the same screen, one seat token for both.
    Hotseat,
    /// Two humans in two browsers, one seat token each.
    Online,
}

impl Mode {
    /// The word used by the API and the database.
    pub fn word(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Hotseat => "hotseat",
            Mode::Online => "online",
        }
    }

    /// Reads [`Mode::word`].
    pub fn from_word(word: &str) -> Option<Mode> {
        match word {
            "computer" => Some(Mode::Computer),
            "hotseat" => Some(Mode::Hotseat),
            "online" => Some(Mode::Online),
            _ => None,
        }
    }
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
    /// The side the computer plays (`army` or `indians`), computer games only.
    pub computer_side: Option<String>,
    /// The computer's level 1..=8, computer games only.
    pub computer_level: Option<u8>,
    /// The secret of the Army's seat (the same as the Indians' in hotseat games).
    pub army_token: Option<String>,
    /// The secret of the Indians' seat.
    pub indians_token: Option<String>,
    /// The start position in BFEN when it is not the scenario's (imported records).
    pub start: Option<String>,
    /// The side that offered a draw, if an offer stands.
    pub draw_offer: Option<String>,
    /// `army`, `indians` or `draw` once the game is over.
    pub result: Option<String>,
    /// Why it ended (`elimination`, `resignation`, `agreement`, ...).
    pub reason: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
}

/// The database behind the server.
///
/// Writes go through one connection; reads use a small pool of their own.
#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
    reads: SqlitePool,
}

/// How often the write-ahead log is copied back into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// Opens (creating if needed) the SQLite database file at `path` and runs the migrations.
    ///
    /// The database runs in WAL mode: a committed move survives the process being killed.
    ///
    /// # Errors
    /// When the file cannot be opened or the migrations fail.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        Store::connect(options).await
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
        MIGRATOR.run(&pool).await?;
        Ok(Store {
            reads: pool.clone(),
            pool,
        })
    }

    async fn connect(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        // One writer: writes queue in the process instead of sleeping in SQLite's
        // busy handler. It never checkpoints (a move would wait for a sync of the
        // database file): a connection of its own does, in the background.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone().pragma("wal_autocheckpoint", "0"))
            .await?;
        MIGRATOR.run(&pool).await?;
        let reads = SqlitePoolOptions::new()
            .max_connections(3)
            .connect_with(options.clone())
            .await?;
        let checkpointer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        let writer = pool.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if writer.is_closed() {
                    checkpointer.close().await;
                    return;
                }
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&checkpointer)
                    .await
                {
                    tracing::warn!(error = %e, "WAL checkpoint failed");
                }
            }
        });
        Ok(Store { pool, reads })
    }

    /// Closes every connection (waits for running queries).
    pub async fn close(&self) {
        self.pool.close().await;
        self.reads.close().await;
    }

    /// Stores a new game with its moves (an imported record has some), in one transaction.
    ///
    /// # Errors
    /// On a database failure (a duplicate id included).
    pub async fn insert_game(&self, game: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, scenario, mode, computer_side, computer_level, army_token, \
             indians_token, start, draw_offer, result, reason, created_at, updated_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&game.id)
        .bind(&game.scenario)
        .bind(game.mode.word())
        .bind(&game.computer_side)
        .bind(game.computer_level.map(i64::from))
        .bind(&game.army_token)
        .bind(&game.indians_token)
        .bind(&game.start)
        .bind(&game.draw_offer)
        .bind(&game.result)
        .bind(&game.reason)
        .bind(game.created_at)
        .bind(game.updated_at)
        .execute(&mut *tx)
        .await?;
        for (ply, mv) in moves.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, mv) VALUES (?, ?, ?)")
                .bind(&game.id)
                .bind(ply as i64 + 1)
                .bind(mv)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Appends move number `ply` (1-based) and updates the game's result and draw
    /// offer, in one transaction: when this returns, the move is durable.
    ///
    /// # Errors
    /// On a database failure, a move already stored at that ply included.
    pub async fn append_move(
        &self,
        id: &str,
        ply: usize,
        mv: &str,
        ended: Option<(&str, &str)>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO moves (game_id, ply, mv) VALUES (?, ?, ?)")
            .bind(id)
            .bind(ply as i64)
            .bind(mv)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE games SET draw_offer = NULL, result = ?, reason = ?, updated_at = ? WHERE id = ?",
        )
        .bind(ended.map(|e| e.0))
        .bind(ended.map(|e| e.1))
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes every move after ply `keep` and clears the result and draw offer.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn truncate_moves(&self, id: &str, keep: usize, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM moves WHERE game_id = ? AND ply > ?")
            .bind(id)
            .bind(keep as i64)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE games SET draw_offer = NULL, result = NULL, reason = NULL, updated_at = ? \
             WHERE id = ?",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets the result (`army`/`indians`/`draw` and a reason) and the draw offer.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_status(
        &self,
        id: &str,
        ended: Option<(&str, &str)>,
        draw_offer: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET result = ?, reason = ?, draw_offer = ?, updated_at = ? WHERE id = ?",
        )
        .bind(ended.map(|e| e.0))
        .bind(ended.map(|e| e.1))
        .bind(draw_offer)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A game and its moves in order, if it exists.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, StoreError> {
        let Some(row) = sqlx::query("SELECT * FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.reads)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = sqlx::query("SELECT mv FROM moves WHERE game_id = ? ORDER BY ply")
            .bind(id)
            .fetch_all(&self.reads)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>("mv"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, moves)))
    }

    /// The ids of the unfinished computer games (to give the computer its turn at start).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_computer_games(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE mode = 'computer' AND result IS NULL ORDER BY updated_at",
        )
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }
}

fn game_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameRow, StoreError> {
    let mode: String = row.try_get("mode")?;
    let mode = Mode::from_word(&mode).ok_or_else(|| {
        sqlx::Error::Decode(format!("unknown game mode {mode:?} in the database").into())
    })?;
    Ok(GameRow {
        id: row.try_get("id")?,
        scenario: row.try_get("scenario")?,
        mode,
        computer_side: row.try_get("computer_side")?,
        computer_level: row
            .try_get::<Option<i64>, _>("computer_level")?
            .and_then(|l| u8::try_from(l).ok()),
        army_token: row.try_get("army_token")?,
        indians_token: row.try_get("indians_token")?,
        start: row.try_get("start")?,
        draw_offer: row.try_get("draw_offer")?,
        result: row.try_get("result")?,
        reason: row.try_get("reason")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}
