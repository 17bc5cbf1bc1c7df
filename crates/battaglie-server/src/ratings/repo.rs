//! The ratings' storage: which games are rated and by whom, each account's
//! rating and its history. The only SQL of the ratings. The rating change
//! itself is decided by [`Ratings`](super::Ratings), in the transaction that
//! stores a rated game's end.

use battaglie_community::{Rating, Score, Timestamp};
use battaglie_rules::Side;
use sqlx::Row;

use crate::store::{in_tx, on_read, on_write, Store, StoreError, Tx};

const INSERT_NEW: &str =
    "INSERT INTO ratings (user_id, rating, deviation, volatility, games, updated_at) \
     VALUES ($1, $2, $3, $4, 0, NULL) ON CONFLICT (user_id) DO NOTHING";

const SELECT_RATING: &str =
    "SELECT rating, deviation, volatility, games, updated_at FROM ratings WHERE user_id = $1";

/// An account's stored rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRow {
    /// Rating, deviation and volatility, and when last rated.
    pub rating: Rating,
    /// How many rated games it counts.
    pub games: i64,
}

pub(crate) fn rating_row<'r, R>(row: &'r R) -> Result<RatingRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    f64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let updated: Option<i64> = row.try_get("updated_at")?;
    Ok(RatingRow {
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            rated_at: updated.map(Timestamp),
        },
        games: row.try_get("games")?,
    })
}

fn score_word(score: Score) -> &'static str {
    match score {
        Score::Win => "win",
        Score::Draw => "draw",
        Score::Loss => "loss",
    }
}

/// A rated game a player has finished: the rating after it.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    /// The game.
    pub game: String,
    /// When it was rated (milliseconds).
    pub at: i64,
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub rating: f64,
    /// The deviation after.
    pub deviation: f64,
}

/// A rated game's players: who holds each seat, and whether it is rated yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedGame {
    /// The account holding the Army's seat.
    pub army: Option<String>,
    /// The account holding the Indians' seat.
    pub indians: Option<String>,
    /// When its end was rated (milliseconds).
    pub rated_at: Option<i64>,
}

/// The ratings' tables on the node's store.
#[derive(Debug, Clone)]
pub struct RatingsRepo {
    store: Store,
}

/// A rated game's end as stored for one of its players.
pub(crate) struct RatedResult<'a> {
    /// The game.
    pub game: &'a str,
    /// The player.
    pub user: &'a str,
    /// Their side.
    pub side: Side,
    /// Their score.
    pub score: Score,
    /// Their opponent.
    pub opponent: &'a str,
    /// Their rating before (its `games` is the count before).
    pub before: &'a RatingRow,
    /// Their rating after.
    pub after: Rating,
    /// When (milliseconds).
    pub at: i64,
}

impl RatingsRepo {
    /// The ratings' tables in `store`.
    pub fn new(store: Store) -> RatingsRepo {
        RatingsRepo { store }
    }

    /// Marks the end of the rated game `game` rated at `at`, in `tx`; answers
    /// whether it was a rated game not rated yet (so that an end is rated once,
    /// whichever node and however many see it).
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn claim_end(
        &self,
        tx: &mut Tx<'_>,
        game: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let marked = in_tx!(tx, conn => sqlx::query(
            "UPDATE rated_games SET rated_at = $1 WHERE game_id = $2 AND rated_at IS NULL",
        )
        .bind(at)
        .bind(game)
        .execute(conn)
        .await?
        .rows_affected());
        Ok(marked == 1)
    }

    /// The accounts holding the Army's and the Indians' seats of `game`, read in `tx`.
    ///
    /// # Errors
    /// On a database failure, or a seat of a side that does not read.
    pub(crate) async fn seat_holders(
        &self,
        tx: &mut Tx<'_>,
        game: &str,
    ) -> Result<[Option<String>; 2], StoreError> {
        let rows: Vec<(String, String)> = in_tx!(tx, conn => sqlx::query_as(
            "SELECT side, user_id FROM seats WHERE game_id = $1 AND side IN ('army', 'indians')",
        )
        .bind(game)
        .fetch_all(conn)
        .await?);
        let mut holders = [None, None];
        for (side, user) in rows {
            holders[usize::from(side != Side::Army.word())] = Some(user);
        }
        Ok(holders)
    }

    /// The ratings of `users` read in `tx`, each row locked until the
    /// transaction ends (a new player's rating made first). The rows are locked
    /// in one order, so that two games ending at once never deadlock.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn lock_ratings(
        &self,
        tx: &mut Tx<'_>,
        users: [&str; 2],
    ) -> Result<[RatingRow; 2], StoreError> {
        let mut order = users;
        order.sort_unstable();
        for user in order {
            in_tx!(tx, conn => {
                sqlx::query(INSERT_NEW)
                    .bind(user)
                    .bind(Rating::NEW.rating)
                    .bind(Rating::NEW.deviation)
                    .bind(Rating::NEW.volatility)
                    .execute(&mut *conn)
                    .await?;
                // Takes the row's lock on PostgreSQL (SQLite has one writer).
                sqlx::query("UPDATE ratings SET games = games WHERE user_id = $1")
                    .bind(user)
                    .execute(conn)
                    .await?;
            });
        }
        Ok([
            self.rating_in(tx, users[0]).await?,
            self.rating_in(tx, users[1]).await?,
        ])
    }

    async fn rating_in(&self, tx: &mut Tx<'_>, user: &str) -> Result<RatingRow, StoreError> {
        in_tx!(tx, conn => {
            let row = sqlx::query(SELECT_RATING).bind(user).fetch_one(conn).await?;
            rating_row(&row)
        })
    }

    /// Stores `result`'s new rating and its line of the player's history, in `tx`.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn store_result(
        &self,
        tx: &mut Tx<'_>,
        result: &RatedResult<'_>,
    ) -> Result<(), StoreError> {
        in_tx!(tx, conn => {
            sqlx::query(
                "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                 games = games + 1, updated_at = $4 WHERE user_id = $5",
            )
            .bind(result.after.rating)
            .bind(result.after.deviation)
            .bind(result.after.volatility)
            .bind(result.at)
            .bind(result.user)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (game_id, user_id, number, side, score, \
                 opponent_id, rated_at, rating_before, rating, deviation) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(result.game)
            .bind(result.user)
            .bind(result.before.games + 1)
            .bind(result.side.word())
            .bind(score_word(result.score))
            .bind(result.opponent)
            .bind(result.at)
            .bind(result.before.rating.rating)
            .bind(result.after.rating)
            .bind(result.after.deviation)
            .execute(conn)
            .await?;
        });
        Ok(())
    }

    /// Marks `game` rated and links the seats `holders` (`(side, user id)`) to
    /// their accounts, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game is rated already or a seat is held
    /// by another account; other database failures.
    pub async fn mark_rated(
        &self,
        game: &str,
        holders: &[(&str, &str)],
        now: i64,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("INSERT INTO rated_games (game_id, created_at, rated_at) VALUES ($1, $2, NULL)")
                .bind(game)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            for (side, user) in holders {
                sqlx::query(
                    "INSERT INTO seats (game_id, side, user_id, linked_at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (game_id, side) DO NOTHING",
                )
                .bind(game)
                .bind(side)
                .bind(user)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                let holder: String = sqlx::query_scalar(
                    "SELECT user_id FROM seats WHERE game_id = $1 AND side = $2",
                )
                .bind(game)
                .bind(side)
                .fetch_one(&mut *tx)
                .await?;
                if holder != *user {
                    return Err(StoreError::Conflict);
                }
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Whether `game` is rated, and who holds its seats.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn rated_game(&self, game: &str) -> Result<Option<RatedGame>, StoreError> {
        on_read!(self.store, pool => {
            let Some(rated_at) = sqlx::query_scalar::<_, Option<i64>>(
                "SELECT rated_at FROM rated_games WHERE game_id = $1",
            )
            .bind(game)
            .fetch_optional(pool)
            .await?
            else {
                return Ok(None);
            };
            let mut rated = RatedGame { army: None, indians: None, rated_at };
            let rows = sqlx::query("SELECT side, user_id FROM seats WHERE game_id = $1")
                .bind(game)
                .fetch_all(pool)
                .await?;
            for row in &rows {
                let side: String = row.try_get("side")?;
                let user: String = row.try_get("user_id")?;
                match side.as_str() {
                    "army" => rated.army = Some(user),
                    "indians" => rated.indians = Some(user),
                    _ => {}
                }
            }
            Ok(Some(rated))
        })
    }

    /// The rating of `user`, if a rated game of theirs has ended.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn rating(&self, user: &str) -> Result<Option<RatingRow>, StoreError> {
        on_read!(self.store, pool => {
            let row = sqlx::query(SELECT_RATING).bind(user).fetch_optional(pool).await?;
            row.as_ref().map(rating_row).transpose()
        })
    }

    /// The rated games of `user`, the oldest first, with the rating after each.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn rating_history(&self, user: &str) -> Result<Vec<HistoryRow>, StoreError> {
        on_read!(self.store, pool => {
            let rows = sqlx::query(
                "SELECT game_id, rated_at, rating_before, rating, deviation FROM rating_history \
                 WHERE user_id = $1 ORDER BY number",
            )
            .bind(user)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(HistoryRow {
                        game: r.try_get("game_id")?,
                        at: r.try_get("rated_at")?,
                        before: r.try_get("rating_before")?,
                        rating: r.try_get("rating")?,
                        deviation: r.try_get("deviation")?,
                    })
                })
                .collect()
        })
    }
}
