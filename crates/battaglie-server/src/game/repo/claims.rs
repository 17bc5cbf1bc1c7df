//! Claims on the computer's turn (`computer_turns`): the node that holds a game's
//! claim computes its computer move; a claim past its expiry may be taken by any
//! node. Times are milliseconds since 1970.

use super::GamesRepo;
use crate::store::{on_read, on_write, StoreError};

/// What a stored move does to the game's claim on the computer's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComputerTurn<'a> {
    /// Nothing: the game has no computer.
    Untouched,
    /// It is now the computer's turn, and `node` computes it (claimed until `until`).
    Claim {
        /// The node that stored the move.
        node: &'a str,
        /// When the claim expires unless renewed.
        until: i64,
    },
    /// It is no longer the computer's turn (or the game is over): no claim.
    Over,
}

/// Claims unconditionally (the move handing the turn over was just stored).
pub(super) const CLAIM: &str = "INSERT INTO computer_turns (game_id, node, expires_at) \
     VALUES ($1, $2, $3) ON CONFLICT (game_id) DO UPDATE \
     SET node = excluded.node, expires_at = excluded.expires_at";

/// Ends a game's claim.
pub(super) const RELEASE: &str = "DELETE FROM computer_turns WHERE game_id = $1";

impl GamesRepo {
    /// Claims the computer's turn in game `id` for `node` until `until`, unless
    /// another node holds an unexpired claim; answers whether `node` holds it now.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn claim_turn(
        &self,
        id: &str,
        node: &str,
        until: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let claimed = on_write!(self.store, pool => sqlx::query(
            "INSERT INTO computer_turns (game_id, node, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at \
             WHERE computer_turns.expires_at < $4 OR computer_turns.node = excluded.node",
        )
        .bind(id)
        .bind(node)
        .bind(until)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(claimed == 1)
    }

    /// Extends `node`'s claim on game `id` to `until`; answers `false` when `node`
    /// no longer holds it (another node took it over, or the turn ended).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn renew_turn(&self, id: &str, node: &str, until: i64) -> Result<bool, StoreError> {
        let renewed = on_write!(self.store, pool => sqlx::query(
            "UPDATE computer_turns SET expires_at = $1 WHERE game_id = $2 AND node = $3",
        )
        .bind(until)
        .bind(id)
        .bind(node)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(renewed == 1)
    }

    /// Ends game `id`'s claim, whoever holds it (the computer's turn is over).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn release_turn(&self, id: &str) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(RELEASE).bind(id).execute(pool).await?.rows_affected());
        Ok(())
    }

    /// Lets every claim `node` holds expire now, so that the other nodes take those
    /// turns over at their next look rather than after the lease (a node stopping).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn expire_turns_of(&self, node: &str) -> Result<u64, StoreError> {
        let expired = on_write!(self.store, pool => sqlx::query(
            "UPDATE computer_turns SET expires_at = 0 WHERE node = $1",
        )
        .bind(node)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(expired)
    }

    /// The games whose claim expired before `now` (their node died or stalled).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn expired_turns(&self, now: i64) -> Result<Vec<String>, StoreError> {
        let ids: Vec<String> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT game_id FROM computer_turns WHERE expires_at < $1 ORDER BY expires_at LIMIT 1000",
        )
        .bind(now)
        .fetch_all(pool)
        .await?);
        Ok(ids)
    }

    /// Who holds the claim on game `id`, if anyone (for tests and operators).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn turn_holder(&self, id: &str) -> Result<Option<String>, StoreError> {
        let node: Option<String> = on_read!(self.store, pool => sqlx::query_scalar(
            "SELECT node FROM computer_turns WHERE game_id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?);
        Ok(node)
    }
}
