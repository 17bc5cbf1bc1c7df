//! Ratings in the store: which games are rated, each account's rating and its
//! history, and the rating of a rated game's end, in the very transaction that
//! stores the result (so that a game is rated exactly once whichever node, and
//! however many, see it end). The rules are the community crate's Glicko-2.

use battaglie_community::{rate_game, Rating, Score, Timestamp};
use sqlx::Row;

use super::{Store, StoreError};

/// Rates the game `$id` inside the transaction `$tx` that stores its end, won by
/// `$winner` (an `Option<Side>`: `None` a draw) at `$now` (milliseconds), if it was
/// created rated and is not rated yet. Written as a macro because its body runs
/// on either database's transaction (see `on_write!`).
macro_rules! rate_ended {
    ($tx:ident, $id:expr, $winner:expr, $now:expr) => {{
        let marked = sqlx::query(
            "UPDATE rated_games SET rated_at = $1 WHERE game_id = $2 AND rated_at IS NULL",
        )
        .bind($now)
        .bind($id)
        .execute(&mut *$tx)
        .await?
        .rows_affected();
        if marked == 1 {
            let seats = sqlx::query(
                "SELECT side, user_id FROM seats WHERE game_id = $1 AND side IN ('army', 'indians')",
            )
            .bind($id)
            .fetch_all(&mut *$tx)
            .await?;
            let mut army = None;
            let mut indians = None;
            for row in &seats {
                let side: String = row.try_get("side")?;
                let user: String = row.try_get("user_id")?;
                match side.as_str() {
                    "army" => army = Some(user),
                    _ => indians = Some(user),
                }
            }
            // Two distinct accounts, or nothing to rate (an account deleted meanwhile).
            if let (Some(army), Some(indians)) = (army, indians) {
                if army != indians {
                    let players = [army, indians];
                    let mut order = players.clone();
                    // Locked in one order, so that two games ending at once never deadlock.
                    order.sort();
                    for user in &order {
                        sqlx::query($crate::store::ratings::INSERT_NEW)
                            .bind(user)
                            .bind(battaglie_community::Rating::NEW.rating)
                            .bind(battaglie_community::Rating::NEW.deviation)
                            .bind(battaglie_community::Rating::NEW.volatility)
                            .execute(&mut *$tx)
                            .await?;
                        // Takes the row's lock on PostgreSQL (SQLite has one writer).
                        sqlx::query("UPDATE ratings SET games = games WHERE user_id = $1")
                            .bind(user)
                            .execute(&mut *$tx)
                            .await?;
                    }
                    let mut before = Vec::with_capacity(2);
                    for user in &players {
                        let row = sqlx::query($crate::store::ratings::SELECT_RATING)
                            .bind(user)
                            .fetch_one(&mut *$tx)
                            .await?;
                        before.push($crate::store::ratings::rating_row(&row)?);
                    }
                    let change =
                        $crate::store::ratings::RatedEnd::of(&before[0], &before[1], $winner, $now);
                    for (i, side) in ["army", "indians"].into_iter().enumerate() {
                        let (after, score) = change.of_side(i);
                        sqlx::query(
                            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                             games = games + 1, updated_at = $4 WHERE user_id = $5",
                        )
                        .bind(after.rating)
                        .bind(after.deviation)
                        .bind(after.volatility)
                        .bind($now)
                        .bind(&players[i])
                        .execute(&mut *$tx)
                        .await?;
                        sqlx::query(
                            "INSERT INTO rating_history (game_id, user_id, number, side, score, \
                             opponent_id, rated_at, rating_before, rating, deviation) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                        )
                        .bind($id)
                        .bind(&players[i])
                        .bind(before[i].games + 1)
                        .bind(side)
                        .bind($crate::store::ratings::score_word(score))
                        .bind(&players[1 - i])
                        .bind($now)
                        .bind(before[i].rating.rating)
                        .bind(after.rating)
                        .bind(after.deviation)
                        .execute(&mut *$tx)
                        .await?;
                    }
                }
            }
        }
    }};
}

pub(crate) use rate_ended;

pub(crate) const INSERT_NEW: &str =
    "INSERT INTO ratings (user_id, rating, deviation, volatility, games, updated_at) \
     VALUES ($1, $2, $3, $4, 0, NULL) ON CONFLICT (user_id) DO NOTHING";

pub(crate) const SELECT_RATING: &str =
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

/// The ratings after a rated game's end, the Army's first.
pub(crate) struct RatedEnd {
    after: [Rating; 2],
    army: Score,
}

impl RatedEnd {
    /// The ratings of the Army's and the Indians' players after a game `winner`
    /// won (`None`: a draw).
    pub(crate) fn of(
        army: &RatingRow,
        indians: &RatingRow,
        winner: Option<battaglie_rules::Side>,
        now: i64,
    ) -> RatedEnd {
        let score = match winner {
            Some(battaglie_rules::Side::Army) => Score::Win,
            Some(battaglie_rules::Side::Indians) => Score::Loss,
            None => Score::Draw,
        };
        let (a, b) = rate_game(&army.rating, &indians.rating, score, Timestamp(now));
        RatedEnd {
            after: [a, b],
            army: score,
        }
    }

    /// The rating after the game and the score of side `i` (0 the Army, 1 the Indians).
    pub(crate) fn of_side(&self, i: usize) -> (Rating, Score) {
        let score = if i == 0 {
            self.army
        } else {
            self.army.reversed()
        };
        (self.after[i], score)
    }
}

pub(crate) fn score_word(score: Score) -> &'static str {
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

impl Store {
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
        on_write!(self, pool => {
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
        on_read!(self, pool => {
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
        on_read!(self, pool => {
            let row = sqlx::query(SELECT_RATING).bind(user).fetch_optional(pool).await?;
            row.as_ref().map(rating_row).transpose()
        })
    }

    /// The rated games of `user`, the oldest first, with the rating after each.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn rating_history(&self, user: &str) -> Result<Vec<HistoryRow>, StoreError> {
        on_read!(self, pool => {
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
