//! The lobby's storage: challenges and "play anyone" requests. The only SQL
//! of the lobby. Every settlement (an acceptance, a pairing) is one
//! conditional write, so that when two requests race on two nodes the
//! database lets exactly one through. Times are milliseconds since 1970; what
//! may be offered or accepted is the community crate's rule, checked before
//! these run.

use battaglie_community::{Rating, SideChoice};
use battaglie_rules::Side;
use sqlx::Row;

use super::kinds::{side_choice_of, side_choice_word, ChallengeState, SeekState};
use crate::store::{in_tx, on_read, on_write, optional_word_in, word_in, Store, StoreError, Tx};

/// A challenge as stored, with the names of the accounts concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The challenger's account id.
    pub challenger: String,
    /// The challenger's name (`None` once the account is deleted).
    pub challenger_name: Option<String>,
    /// The challenger's rating as shown (`1500?` for a newcomer).
    pub challenger_rating: String,
    /// The battle's id.
    pub battle: String,
    /// The side the challenger asks for.
    pub side: SideChoice,
    /// The time control, written (`10+3`, `3d+2h`).
    pub control: String,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The only account that may accept, for a direct challenge.
    pub addressee: Option<String>,
    /// Its name.
    pub addressee_name: Option<String>,
    /// When it was posted.
    pub created_at: i64,
    /// When it lapses.
    pub expires_at: i64,
    /// Where it stands.
    pub state: ChallengeState,
    /// Who accepted it.
    pub acceptor: Option<String>,
    /// The side the challenger plays, once accepted.
    pub challenger_side: Option<Side>,
    /// The game it started.
    pub game_id: Option<String>,
}

/// A "play anyone" request as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekRow {
    /// Whose (one request per account).
    pub user: String,
    /// The battle's id.
    pub battle: String,
    /// The side asked for.
    pub side: SideChoice,
    /// The time control, written.
    pub control: String,
    /// Rated or casual.
    pub rated: bool,
    /// When it was made.
    pub since: i64,
    /// Where it stands.
    pub state: SeekState,
    /// The game it was paired into.
    pub game_id: Option<String>,
    /// The side this player plays there.
    pub played_side: Option<Side>,
}

const CHALLENGE_COLUMNS: &str = "c.id, c.challenger, f.name AS challenger_name, c.battle, c.side, \
     c.control, c.rated, c.addressee, t.name AS addressee_name, c.created_at, c.expires_at, \
     c.state, c.acceptor, c.challenger_side, c.game_id, \
     r.rating AS challenger_rating, r.deviation AS challenger_deviation, \
     r.volatility AS challenger_volatility \
     FROM challenges c JOIN users f ON f.id = c.challenger LEFT JOIN users t ON t.id = c.addressee \
     LEFT JOIN ratings r ON r.user_id = c.challenger";

/// The side asked for, stored in `side`.
fn side_choice<'r, R>(row: &'r R) -> Result<SideChoice, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let word: String = row.try_get("side")?;
    side_choice_of(&word).ok_or_else(|| {
        sqlx::Error::Decode(format!("side: {word:?} is not a word the server knows").into()).into()
    })
}

fn challenge_row<'r, R>(row: &'r R) -> Result<ChallengeRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    f64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    let rating: Option<f64> = row.try_get("challenger_rating")?;
    let deviation: Option<f64> = row.try_get("challenger_deviation")?;
    let volatility: Option<f64> = row.try_get("challenger_volatility")?;
    // A challenger yet unrated plays at the new player's rating.
    let challenger_rating = match (rating, deviation, volatility) {
        (Some(rating), Some(deviation), Some(volatility)) => Rating {
            rating,
            deviation,
            volatility,
            rated_at: None,
        },
        _ => Rating::NEW,
    };
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        challenger: row.try_get("challenger")?,
        challenger_name: row.try_get("challenger_name")?,
        challenger_rating: challenger_rating.label(),
        battle: row.try_get("battle")?,
        side: side_choice(row)?,
        control: row.try_get("control")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        addressee: row.try_get("addressee")?,
        addressee_name: row.try_get("addressee_name")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
        state: word_in(row, "state")?,
        acceptor: row.try_get("acceptor")?,
        challenger_side: optional_word_in(row, "challenger_side")?,
        game_id: row.try_get("game_id")?,
    })
}

/// The columns of `seeks` that [`seek_row`] reads (named rather than `*`, as
/// `crate::game::repo::game_columns`).
macro_rules! seek_columns {
    () => {
        "user_id, battle, side, control, rated, since, state, game_id, played_side"
    };
}

fn seek_row<'r, R>(row: &'r R) -> Result<SeekRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(SeekRow {
        user: row.try_get("user_id")?,
        battle: row.try_get("battle")?,
        side: side_choice(row)?,
        control: row.try_get("control")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        since: row.try_get("since")?,
        state: word_in(row, "state")?,
        game_id: row.try_get("game_id")?,
        played_side: optional_word_in(row, "played_side")?,
    })
}

/// The lobby's tables on the node's store.
#[derive(Debug, Clone)]
pub struct LobbyRepo {
    store: Store,
}

impl LobbyRepo {
    /// The lobby's tables in `store`.
    pub fn new(store: Store) -> LobbyRepo {
        LobbyRepo { store }
    }

    /// Stores a new open challenge in `tx` (`state`, `acceptor`... are ignored);
    /// answers the challenger's name.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn insert_challenge(
        &self,
        tx: &mut Tx<'_>,
        c: &ChallengeRow,
    ) -> Result<String, StoreError> {
        in_tx!(tx, conn => {
            sqlx::query(
                "INSERT INTO challenges (id, challenger, battle, side, control, rated, addressee, \
                 created_at, expires_at, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open')",
            )
            .bind(&c.id)
            .bind(&c.challenger)
            .bind(&c.battle)
            .bind(side_choice_word(c.side))
            .bind(&c.control)
            .bind(i64::from(c.rated))
            .bind(&c.addressee)
            .bind(c.created_at)
            .bind(c.expires_at)
            .execute(&mut *conn)
            .await?;
            let name: Option<String> = sqlx::query_scalar("SELECT name FROM users WHERE id = $1")
                .bind(&c.challenger)
                .fetch_optional(conn)
                .await?
                .flatten();
            Ok(name.unwrap_or_default())
        })
    }

    /// The challenge `id`, whatever its state.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} WHERE c.id = $1");
        on_write!(self.store, pool => {
            let row = sqlx::query(&sql).bind(id).fetch_optional(pool).await?;
            row.as_ref().map(challenge_row).transpose()
        })
    }

    /// The open challenges not lapsed at `now` that `viewer` may see (open
    /// ones, and direct ones from or to `viewer`; a guest, `None`, sees the
    /// open ones), oldest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_challenges(
        &self,
        viewer: Option<&str>,
        now: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} WHERE c.state = 'open' AND c.expires_at > $1 \
             AND (c.addressee IS NULL OR c.addressee = $2 OR c.challenger = $2) \
             ORDER BY c.created_at, c.id"
        );
        on_read!(self.store, pool => {
            let rows = sqlx::query(&sql)
                .bind(now)
                .bind(viewer.unwrap_or(""))
                .fetch_all(pool)
                .await?;
            rows.iter().map(challenge_row).collect()
        })
    }

    /// How many challenges `challenger` has open, not lapsed at `now`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_challenges_by(
        &self,
        challenger: &str,
        now: i64,
    ) -> Result<usize, StoreError> {
        let n: i64 = on_write!(self.store, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM challenges WHERE challenger = $1 AND state = 'open' \
             AND expires_at > $2",
        )
        .bind(challenger)
        .bind(now)
        .fetch_one(pool)
        .await?);
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Accepts challenge `id` for `acceptor`, the challenger playing
    /// `challenger_side`, if it is still open and not lapsed at `now`:
    /// answers whether this call won (a second acceptance never does).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn accept_challenge(
        &self,
        id: &str,
        acceptor: &str,
        challenger_side: Side,
        now: i64,
    ) -> Result<bool, StoreError> {
        let n = on_write!(self.store, pool => sqlx::query(
            "UPDATE challenges SET state = 'accepted', acceptor = $1, challenger_side = $2, \
             settled_at = $3 WHERE id = $4 AND state = 'open' AND expires_at > $3",
        )
        .bind(acceptor)
        .bind(challenger_side.word())
        .bind(now)
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(n == 1)
    }

    /// Records the game an accepted challenge started.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_challenge_game(&self, id: &str, game: &str) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query("UPDATE challenges SET game_id = $1 WHERE id = $2")
            .bind(game)
            .bind(id)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(())
    }

    /// Gives an accepted challenge whose game could not be made back to the lobby.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn reopen_challenge(&self, id: &str) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "UPDATE challenges SET state = 'open', acceptor = NULL, challenger_side = NULL, \
             settled_at = NULL WHERE id = $1 AND state = 'accepted' AND game_id IS NULL",
        )
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Ends open challenge `id` as `state` (cancelled or declined):
    /// answers whether it was still open.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn withdraw_challenge(
        &self,
        id: &str,
        state: ChallengeState,
        now: i64,
    ) -> Result<bool, StoreError> {
        let n = on_write!(self.store, pool => sqlx::query(
            "UPDATE challenges SET state = $1, settled_at = $2 WHERE id = $3 AND state = 'open'",
        )
        .bind(<&str>::from(state))
        .bind(now)
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(n == 1)
    }

    /// Stores `seek` as its player's one waiting request (replacing any other).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn put_seek(&self, seek: &SeekRow) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO seeks (user_id, battle, side, control, rated, since, state) \
             VALUES ($1, $2, $3, $4, $5, $6, 'waiting') ON CONFLICT (user_id) DO UPDATE SET \
             battle = excluded.battle, side = excluded.side, control = excluded.control, \
             rated = excluded.rated, since = excluded.since, state = 'waiting', \
             game_id = NULL, played_side = NULL",
        )
        .bind(&seek.user)
        .bind(&seek.battle)
        .bind(side_choice_word(seek.side))
        .bind(&seek.control)
        .bind(i64::from(seek.rated))
        .bind(seek.since)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// `user`'s request, waiting or paired.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn seek(&self, user: &str) -> Result<Option<SeekRow>, StoreError> {
        on_write!(self.store, pool => {
            let row = sqlx::query(concat!("SELECT ", seek_columns!(), " FROM seeks WHERE user_id = $1"))
                .bind(user)
                .fetch_optional(pool)
                .await?;
            row.as_ref().map(seek_row).transpose()
        })
    }

    /// The waiting requests for `battle` from others than `user`, oldest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn waiting_seeks(
        &self,
        battle: &str,
        user: &str,
    ) -> Result<Vec<SeekRow>, StoreError> {
        on_write!(self.store, pool => {
            let rows = sqlx::query(concat!(
                "SELECT ",
                seek_columns!(),
                " FROM seeks WHERE state = 'waiting' AND battle = $1 AND user_id <> $2 \
                 ORDER BY since, user_id",
            ))
            .bind(battle)
            .bind(user)
            .fetch_all(pool)
            .await?;
            rows.iter().map(seek_row).collect()
        })
    }

    /// Pairs the waiting requests of `a` and `b` (each with the side it plays),
    /// both or neither: answers whether both were still waiting.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn pair_seeks(
        &self,
        (a, a_side): (&str, Side),
        (b, b_side): (&str, Side),
    ) -> Result<bool, StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            let mut paired = 0;
            for (user, side) in [(a, a_side), (b, b_side)] {
                paired += sqlx::query(
                    "UPDATE seeks SET state = 'paired', played_side = $1 \
                     WHERE user_id = $2 AND state = 'waiting'",
                )
                .bind(side.word())
                .bind(user)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            }
            if paired != 2 {
                tx.rollback().await?;
                return Ok(false);
            }
            tx.commit().await?;
        });
        Ok(true)
    }

    /// Records the game two paired requests start (or, with `None`, puts them
    /// back to waiting when the game could not be made).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_seek_game(
        &self,
        users: [&str; 2],
        game: Option<&str>,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            for user in users {
                let sql = if game.is_some() {
                    "UPDATE seeks SET game_id = $1 WHERE user_id = $2 AND state = 'paired'"
                } else {
                    "UPDATE seeks SET state = 'waiting', played_side = NULL, game_id = $1 \
                     WHERE user_id = $2 AND state = 'paired'"
                };
                sqlx::query(sql).bind(game).bind(user).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Withdraws `user`'s request: answers whether one was waiting.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn delete_seek(&self, user: &str) -> Result<bool, StoreError> {
        let n = on_write!(self.store, pool => sqlx::query("DELETE FROM seeks WHERE user_id = $1 AND state = 'waiting'")
            .bind(user)
            .execute(pool)
            .await?
            .rows_affected());
        // A paired request is done with: it goes too, but it was not waiting.
        on_write!(self.store, pool => sqlx::query("DELETE FROM seeks WHERE user_id = $1")
            .bind(user)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(n == 1)
    }
}
