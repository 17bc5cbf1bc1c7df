//! A player's games as their page lists them: the seats an account holds (one
//! side each), with the opponent, whether the game was rated and the rating
//! change, filtered and paged; the results counted by battle and side; and the
//! holders of a game's seats, as its page names them. The only SQL of the
//! player pages.

use sqlx::Row;

use super::{rating_row, RatingRow};
use crate::game::{game_row, GameRow};
use crate::store::{on_read, Store, StoreError};

/// Which of a player's games to list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GamesFilter {
    /// Only this battle (a scenario id).
    pub battle: Option<String>,
    /// Only games played on this side (`army` or `indians`).
    pub side: Option<String>,
    /// Only games the player won (`win`), drew (`draw`), lost (`loss`) or that go on (`ongoing`).
    pub result: Option<String>,
    /// Only rated (`true`) or casual (`false`) games.
    pub rated: Option<bool>,
    /// Only games listed after this one (its `updated_at` and id): the next page.
    pub before: Option<(i64, String)>,
    /// At most this many.
    pub limit: i64,
}

/// One game of a player's list.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerGameRow {
    /// The game.
    pub game: GameRow,
    /// The side the player held.
    pub side: String,
    /// The opponent's account name (none: a guest, the computer, or a deleted account).
    pub opponent: Option<String>,
    /// Whether the game was created rated.
    pub rated: bool,
    /// The player's rating before and after the game, once rated.
    pub change: Option<(f64, f64)>,
}

/// A player's finished games on one battle and side, counted by score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResultCount {
    /// The battle (scenario id).
    pub battle: String,
    /// `army` or `indians`.
    pub side: String,
    /// Won.
    pub win: i64,
    /// Drawn.
    pub draw: i64,
    /// Lost.
    pub loss: i64,
}

/// The account holding a seat of a game, as the game's page names it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatPlayer {
    /// `army`, `indians` or `both`.
    pub side: String,
    /// The account's name (none once the account is deleted).
    pub name: Option<String>,
    /// The account's rating now, once it has played a rated game.
    pub rating: Option<RatingRow>,
    /// The rating before and after this game, once the game was rated.
    pub change: Option<(f64, f64)>,
}

/// The player's score in a row of `seats JOIN games`.
const SCORE: &str = "CASE WHEN games.result = 'draw' THEN 'draw' \
     WHEN games.result = seats.side THEN 'win' ELSE 'loss' END";

enum Param {
    Text(String),
    Int(i64),
}

/// The player pages' queries on the node's store.
#[derive(Debug, Clone)]
pub struct PlayersRepo {
    store: Store,
}

impl PlayersRepo {
    /// The player pages' queries over `store`.
    pub fn new(store: Store) -> PlayersRepo {
        PlayersRepo { store }
    }

    /// Who holds the seats of `game`, with their ratings and this game's change.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn seat_players(&self, game: &str) -> Result<Vec<SeatPlayer>, StoreError> {
        on_read!(self.store, pool => {
            let rows = sqlx::query(
                "SELECT seats.side, users.name, ratings.rating, ratings.deviation, ratings.volatility, \
                 ratings.games, ratings.updated_at, rating_history.rating_before, \
                 rating_history.rating AS rating_after \
                 FROM seats JOIN users ON users.id = seats.user_id \
                 LEFT JOIN ratings ON ratings.user_id = seats.user_id \
                 LEFT JOIN rating_history ON rating_history.game_id = seats.game_id \
                 AND rating_history.user_id = seats.user_id \
                 WHERE seats.game_id = $1 ORDER BY seats.side",
            )
            .bind(game)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| {
                    let rated = r.try_get::<Option<f64>, _>("rating")?.is_some();
                    let before: Option<f64> = r.try_get("rating_before")?;
                    let after: Option<f64> = r.try_get("rating_after")?;
                    Ok(SeatPlayer {
                        side: r.try_get("side")?,
                        name: r.try_get("name")?,
                        rating: if rated { Some(rating_row(r)?) } else { None },
                        change: before.zip(after),
                    })
                })
                .collect()
        })
    }

    /// The games of `user` (seats held on one side), newest change first, as `filter` says.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn player_games(
        &self,
        user: &str,
        filter: &GamesFilter,
    ) -> Result<Vec<PlayerGameRow>, StoreError> {
        let mut params = vec![Param::Text(user.to_string())];
        let mut sql = String::from(concat!(
            "SELECT ",
            crate::game::repo::game_columns!(),
            ", seats.side AS held_side, opponents.name AS opponent_name, \
             rated_games.game_id AS rated_id, rating_history.rating_before AS r_before, \
             rating_history.rating AS r_after \
             FROM seats JOIN games ON games.id = seats.game_id \
             LEFT JOIN seats others ON others.game_id = games.id AND others.side <> seats.side \
             LEFT JOIN users opponents ON opponents.id = others.user_id AND opponents.deleted = 0 \
             LEFT JOIN rated_games ON rated_games.game_id = games.id \
             LEFT JOIN rating_history ON rating_history.game_id = games.id \
             AND rating_history.user_id = seats.user_id \
             WHERE seats.user_id = $1 AND seats.side IN ('army', 'indians') \
             AND games.aborted_at IS NULL",
        ));
        let mut add = |clause: &str, p: Option<Param>| {
            if let Some(p) = p {
                params.push(p);
            }
            sql.push_str(&clause.replace('?', &format!("${}", params.len())));
        };
        if let Some(battle) = &filter.battle {
            add(" AND games.scenario = ?", Some(Param::Text(battle.clone())));
        }
        if let Some(side) = &filter.side {
            add(" AND seats.side = ?", Some(Param::Text(side.clone())));
        }
        match filter.result.as_deref() {
            Some("ongoing") => add(" AND games.result IS NULL", None),
            Some(score) => add(
                &format!(" AND games.result IS NOT NULL AND {SCORE} = ?"),
                Some(Param::Text(score.to_string())),
            ),
            None => {}
        }
        match filter.rated {
            Some(true) => add(" AND rated_games.game_id IS NOT NULL", None),
            Some(false) => add(" AND rated_games.game_id IS NULL", None),
            None => {}
        }
        if let Some((at, id)) = &filter.before {
            add(" AND (games.updated_at < ?", Some(Param::Int(*at)));
            add(" OR (games.updated_at = ?", Some(Param::Int(*at)));
            add(" AND games.id < ?))", Some(Param::Text(id.clone())));
        }
        add(
            " ORDER BY games.updated_at DESC, games.id DESC LIMIT ?",
            Some(Param::Int(filter.limit)),
        );
        on_read!(self.store, pool => {
            let mut query = sqlx::query(&sql);
            for p in params {
                query = match p {
                    Param::Text(t) => query.bind(t),
                    Param::Int(i) => query.bind(i),
                };
            }
            let rows = query.fetch_all(pool).await?;
            rows.iter()
                .map(|r| {
                    let before: Option<f64> = r.try_get("r_before")?;
                    let after: Option<f64> = r.try_get("r_after")?;
                    Ok(PlayerGameRow {
                        game: game_row(r)?,
                        side: r.try_get("held_side")?,
                        opponent: r.try_get("opponent_name")?,
                        rated: r.try_get::<Option<String>, _>("rated_id")?.is_some(),
                        change: before.zip(after),
                    })
                })
                .collect()
        })
    }

    /// The finished games of `user` counted by battle, side and score.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn player_results(&self, user: &str) -> Result<Vec<ResultCount>, StoreError> {
        let sql = format!(
            "SELECT games.scenario AS battle, seats.side AS side, {SCORE} AS score, COUNT(*) AS n \
             FROM seats JOIN games ON games.id = seats.game_id \
             WHERE seats.user_id = $1 AND seats.side IN ('army', 'indians') \
             AND games.result IS NOT NULL \
             GROUP BY games.scenario, seats.side, {SCORE} ORDER BY battle, side"
        );
        on_read!(self.store, pool => {
            let rows = sqlx::query(&sql).bind(user).fetch_all(pool).await?;
            let mut counts: Vec<ResultCount> = Vec::new();
            for r in &rows {
                let battle: String = r.try_get("battle")?;
                let side: String = r.try_get("side")?;
                let score: String = r.try_get("score")?;
                let n: i64 = r.try_get("n")?;
                let at = match counts.iter().position(|c| c.battle == battle && c.side == side) {
                    Some(i) => i,
                    None => {
                        counts.push(ResultCount { battle, side, ..ResultCount::default() });
                        counts.len() - 1
                    }
                };
                let c = &mut counts[at];
                match score.as_str() {
                    "win" => c.win += n,
                    "draw" => c.draw += n,
                    _ => c.loss += n,
                }
            }
            Ok(counts)
        })
    }

    /// The `updated_at` of game `id`, to page after it.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn updated_at(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let at: Option<i64> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT updated_at FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?);
        Ok(at)
    }
}
