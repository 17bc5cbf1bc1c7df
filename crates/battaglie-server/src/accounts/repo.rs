//! The accounts' storage: users, their sessions (by the token's hash), the
//! seats they hold, the throttle counts and the server's secret. The only SQL
//! of the accounts. The
//! rules (what a name or a password may be, when a session ends, how a
//! throttle counts) are the community crate's and the service applies them;
//! this only keeps.

use battaglie_community::Timestamp;
use battaglie_identity::{PlayerName, StoredHash, TokenHash};
use sqlx::Row;

use crate::game::{game_row, GameRow};
use crate::store::{on_read, on_write, Store, StoreError};

/// An account that is not deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRow {
    /// Its opaque id.
    pub id: String,
    /// The name as typed at registration.
    pub name: String,
    /// The password's hash.
    pub hash: StoredHash,
    /// When it was made.
    pub created_at: i64,
}

/// A session and its account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// Whose.
    pub user: UserRow,
    /// When it began (the login).
    pub created_at: Timestamp,
    /// When it was last used (updated at most every few minutes).
    pub last_seen: Timestamp,
}

/// A seat an account holds, with its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldSeat {
    /// The game.
    pub game: GameRow,
    /// `army`, `indians` or `both`.
    pub side: String,
    /// The account holding the other seat, by name (none: a guest, the
    /// computer, or a deleted account).
    pub opponent: Option<String>,
}

/// A throttle's count, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Count {
    /// Attempts counted.
    pub attempts: i64,
    /// When the last one was.
    pub last_at: Option<Timestamp>,
}

const USER_COLUMNS: &str = "users.id, users.name, users.hash, users.created_at";

fn user_row<'r, R>(row: &'r R) -> Result<UserRow, StoreError>
where
    R: Row,
    &'static str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(UserRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        hash: StoredHash(row.try_get("hash")?),
        created_at: row.try_get("created_at")?,
    })
}

/// The accounts' tables on the node's store.
#[derive(Debug, Clone)]
pub struct AccountsRepo {
    store: Store,
}

impl AccountsRepo {
    /// The accounts' tables in `store`.
    pub fn new(store: Store) -> AccountsRepo {
        AccountsRepo { store }
    }

    /// Stores a new account.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the name's key is taken; other database failures.
    pub async fn insert_user(
        &self,
        id: &str,
        name: &PlayerName,
        hash: &StoredHash,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO users (id, name, name_key, hash, created_at, deleted) \
             VALUES ($1, $2, $3, $4, $5, 0)",
        )
        .bind(id)
        .bind(name.as_str())
        .bind(name.key())
        .bind(&hash.0)
        .bind(now.0)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The account whose name has `key`, if any.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn user_by_key(&self, key: &str) -> Result<Option<UserRow>, StoreError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE name_key = $1 AND deleted = 0");
        on_read!(self.store, pool => {
            let row = sqlx::query(&sql).bind(key).fetch_optional(pool).await?;
            row.as_ref().map(user_row).transpose()
        })
    }

    /// Replaces an account's password hash.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_hash(&self, user: &str, hash: &StoredHash) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query("UPDATE users SET hash = $1 WHERE id = $2 AND deleted = 0")
            .bind(&hash.0)
            .bind(user)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(())
    }

    /// Replaces an account's password hash, ends all its sessions and opens
    /// `session` instead, in one transaction.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn change_password(
        &self,
        user: &str,
        hash: &StoredHash,
        session: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE users SET hash = $1 WHERE id = $2 AND deleted = 0")
                .bind(&hash.0)
                .bind(user)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                .bind(user)
                .execute(&mut *tx)
                .await?;
            sqlx::query(INSERT_SESSION)
                .bind(&session.0)
                .bind(user)
                .bind(now.0)
                .bind(expires_at.0)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Deletes an account at `now`: its sessions, seat links and request to
    /// play anyone go, its open challenges (and those to it) are withdrawn, its
    /// row keeps only its id and the deleted flag (the name is free again); its
    /// games stay, playable by their tokens.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn delete_user(&self, user: &str, now: Timestamp) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            for sql in [
                "DELETE FROM sessions WHERE user_id = $1",
                "DELETE FROM seats WHERE user_id = $1",
                "DELETE FROM seeks WHERE user_id = $1",
                "UPDATE users SET name = NULL, name_key = NULL, hash = NULL, deleted = 1 WHERE id = $1",
            ] {
                sqlx::query(sql).bind(user).execute(&mut *tx).await?;
            }
            sqlx::query(
                "UPDATE challenges SET state = 'cancelled', settled_at = $2 \
                 WHERE (challenger = $1 OR addressee = $1) AND state = 'open'",
            )
            .bind(user)
            .bind(now.0)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Opens a session for `user` under the token hash `session`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn insert_session(
        &self,
        session: &TokenHash,
        user: &str,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(INSERT_SESSION)
            .bind(&session.0)
            .bind(user)
            .bind(now.0)
            .bind(expires_at.0)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(())
    }

    /// The session with token hash `session` and its account, if both exist
    /// (whether it is still open is the caller's rule).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn session(&self, session: &TokenHash) -> Result<Option<SessionRow>, StoreError> {
        let sql = format!(
            "SELECT {USER_COLUMNS}, sessions.created_at AS s_created, sessions.last_seen \
             FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token_hash = $1 AND users.deleted = 0"
        );
        on_read!(self.store, pool => {
            let Some(row) = sqlx::query(&sql).bind(&session.0).fetch_optional(pool).await? else {
                return Ok(None);
            };
            Ok(Some(SessionRow {
                user: user_row(&row)?,
                created_at: Timestamp(row.try_get("s_created")?),
                last_seen: Timestamp(row.try_get("last_seen")?),
            }))
        })
    }

    /// Records that a session was used at `now`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn touch_session(
        &self,
        session: &TokenHash,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query("UPDATE sessions SET last_seen = $1 WHERE token_hash = $2")
            .bind(now.0)
            .bind(&session.0)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(())
    }

    /// Ends one session.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn delete_session(&self, session: &TokenHash) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(&session.0)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(())
    }

    /// Links seat `side` of game `game` to `user` unless someone holds it
    /// already; answers whether `user` holds it now.
    ///
    /// # Errors
    /// On a database failure (an unknown game included).
    pub async fn link_seat(
        &self,
        game: &str,
        side: &str,
        user: &str,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO seats (game_id, side, user_id, linked_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, side) DO NOTHING",
        )
        .bind(game)
        .bind(side)
        .bind(user)
        .bind(now.0)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(self
            .seat_holders(game)
            .await?
            .iter()
            .any(|(s, u)| s == side && u == user))
    }

    /// Who holds the seats of `game`: `(side, user id)` pairs.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn seat_holders(&self, game: &str) -> Result<Vec<(String, String)>, StoreError> {
        on_read!(self.store, pool => {
            let rows = sqlx::query("SELECT side, user_id FROM seats WHERE game_id = $1")
                .bind(game)
                .fetch_all(pool)
                .await?;
            rows.iter()
                .map(|r| Ok((r.try_get("side")?, r.try_get("user_id")?)))
                .collect()
        })
    }

    /// The seats `user` holds, with their games, the game changed last first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn held_seats(&self, user: &str) -> Result<Vec<HeldSeat>, StoreError> {
        on_read!(self.store, pool => {
            let rows = sqlx::query(concat!(
                "SELECT ",
                crate::game::repo::game_columns!(),
                ", seats.side AS held_side, \
                 (SELECT users.name FROM seats AS other JOIN users ON users.id = other.user_id \
                  WHERE other.game_id = seats.game_id AND other.side <> seats.side \
                  AND other.side <> 'both') AS opponent \
                 FROM seats JOIN games ON games.id = seats.game_id \
                 WHERE seats.user_id = $1 ORDER BY games.updated_at DESC, games.id",
            ))
            .bind(user)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|r| {
                    Ok(HeldSeat {
                        game: game_row(r)?,
                        side: r.try_get("held_side")?,
                        opponent: r.try_get("opponent")?,
                    })
                })
                .collect()
        })
    }

    /// The throttle count under `key`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn count(&self, key: &str) -> Result<Count, StoreError> {
        on_read!(self.store, pool => {
            let row = sqlx::query("SELECT attempts, last_at FROM throttles WHERE key = $1")
                .bind(key)
                .fetch_optional(pool)
                .await?;
            match row {
                Some(r) => Ok(Count {
                    attempts: r.try_get("attempts")?,
                    last_at: r.try_get::<Option<i64>, _>("last_at")?.map(Timestamp),
                }),
                None => Ok(Count::default()),
            }
        })
    }

    /// Replaces the throttle count under `key` with `new` if it still is `old`
    /// (what [`AccountsRepo::count`] read): `false` when another request changed it
    /// meanwhile, on this node or another, and nothing was written.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn swap_count(&self, key: &str, old: Count, new: Count) -> Result<bool, StoreError> {
        let changed = if old == Count::default() {
            on_write!(self.store, pool => sqlx::query(
                "INSERT INTO throttles (key, attempts, last_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (key) DO NOTHING",
            )
            .bind(key)
            .bind(new.attempts)
            .bind(new.last_at.map(|t| t.0))
            .execute(pool)
            .await?
            .rows_affected())
        } else {
            on_write!(self.store, pool => sqlx::query(
                "UPDATE throttles SET attempts = $2, last_at = $3 \
                 WHERE key = $1 AND attempts = $4 AND last_at = $5",
            )
            .bind(key)
            .bind(new.attempts)
            .bind(new.last_at.map(|t| t.0))
            .bind(old.attempts)
            .bind(old.last_at.map(|t| t.0))
            .execute(pool)
            .await?
            .rows_affected())
        };
        Ok(changed == 1)
    }

    /// Takes one attempt back from the count under `key` (a login that succeeded
    /// gives its address the attempt it was counted).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn refund_count(&self, key: &str) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "UPDATE throttles SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0",
        )
        .bind(key)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Stores the throttle count under `key` (a zero count deletes it).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_count(&self, key: &str, count: Count) -> Result<(), StoreError> {
        if count == Count::default() {
            on_write!(self.store, pool => sqlx::query("DELETE FROM throttles WHERE key = $1")
                .bind(key)
                .execute(pool)
                .await?
                .rows_affected());
            return Ok(());
        }
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO throttles (key, attempts, last_at) VALUES ($1, $2, $3) \
             ON CONFLICT (key) DO UPDATE SET attempts = excluded.attempts, last_at = excluded.last_at",
        )
        .bind(key)
        .bind(count.attempts)
        .bind(count.last_at.map(|t| t.0))
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The secret named `name`, stored as `fresh` if there is none yet (so that
    /// every node reads the one the first node made).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn secret(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .execute(pool)
        .await?
        .rows_affected());
        let value: String = on_write!(self.store, pool => sqlx::query_scalar(
            "SELECT value FROM secrets WHERE name = $1",
        )
        .bind(name)
        .fetch_one(pool)
        .await?);
        Ok(value)
    }
}

const INSERT_SESSION: &str =
    "INSERT INTO sessions (token_hash, user_id, created_at, last_seen, expires_at) \
     VALUES ($1, $2, $3, $3, $4)";
