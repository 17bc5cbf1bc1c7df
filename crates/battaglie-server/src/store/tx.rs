//! Transactions a service opens and its repositories write in, whichever the
//! database, and the seam through which the features that follow a game's
//! change (its rating, its notices) write in the transaction that stores it.

use battaglie_community::GameClock;
use battaglie_rules::Outcome;
use futures_util::future::BoxFuture;
use sqlx::{PgConnection, Postgres, Sqlite, SqliteConnection};

use super::{Store, StoreError};

/// A transaction on the store's writer, opened by a service ([`Store::begin`]):
/// what its repositories write in it is stored together on [`Transaction::commit`],
/// or not at all if it is dropped.
pub(crate) enum Transaction {
    /// On a SQLite file.
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    /// On a PostgreSQL server.
    Postgres(sqlx::Transaction<'static, Postgres>),
}

/// The connection of an open transaction: what a repository's function takes.
pub(crate) enum Tx<'c> {
    /// A SQLite file's.
    Sqlite(&'c mut SqliteConnection),
    /// A PostgreSQL server's.
    Postgres(&'c mut PgConnection),
}

impl<'c> From<&'c mut SqliteConnection> for Tx<'c> {
    fn from(conn: &'c mut SqliteConnection) -> Tx<'c> {
        Tx::Sqlite(conn)
    }
}

impl<'c> From<&'c mut PgConnection> for Tx<'c> {
    fn from(conn: &'c mut PgConnection) -> Tx<'c> {
        Tx::Postgres(conn)
    }
}

/// Runs `$body` with `$conn` bound to the connection of the transaction `$tx`
/// (a `&mut Tx`), whichever the database.
macro_rules! in_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite(c) => {
                let $conn: &mut sqlx::SqliteConnection = &mut **c;
                $body
            }
            $crate::store::Tx::Postgres(c) => {
                let $conn: &mut sqlx::PgConnection = &mut **c;
                $body
            }
        }
    };
}

pub(crate) use in_tx;

impl Store {
    /// Opens a transaction on the writer.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn begin(&self) -> Result<Transaction, StoreError> {
        Ok(match self.write_pool() {
            super::Pool::Sqlite(pool) => Transaction::Sqlite(pool.begin().await?),
            super::Pool::Postgres(pool) => Transaction::Postgres(pool.begin().await?),
        })
    }
}

impl Transaction {
    /// Its connection, for the repositories.
    pub(crate) fn tx(&mut self) -> Tx<'_> {
        match self {
            Transaction::Sqlite(t) => Tx::Sqlite(t),
            Transaction::Postgres(t) => Tx::Postgres(t),
        }
    }

    /// Stores what was written in it.
    ///
    /// # Errors
    /// On a database failure (then nothing is stored).
    pub(crate) async fn commit(self) -> Result<(), StoreError> {
        match self {
            Transaction::Sqlite(t) => t.commit().await?,
            Transaction::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }
}

/// A game's change as the features that follow it see it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GameChange<'a> {
    /// The game.
    pub id: &'a str,
    /// How it ended, if this change ended it.
    pub ended: Option<Outcome>,
    /// Whether this change called the game off before its first move (it
    /// then ends without an outcome).
    pub called_off: bool,
    /// Its clock after the change.
    pub clock: Option<&'a GameClock>,
    /// When, by the server's clock (milliseconds).
    pub at: i64,
}

/// What other features store in the very transaction of a game's change (a
/// rated game's end rated exactly once, the notices it causes), so that a
/// change is never stored without them. The games' service provides it; the
/// store, which writes the change (in a batch on SQLite), calls it.
pub(crate) trait ChangeFollowers: Send + Sync {
    /// Writes, in `tx`, what `change` brings.
    fn follow<'a>(
        &'a self,
        tx: &'a mut Tx<'_>,
        change: GameChange<'a>,
    ) -> BoxFuture<'a, Result<(), StoreError>>;
}
