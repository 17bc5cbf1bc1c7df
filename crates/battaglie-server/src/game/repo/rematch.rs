//! Rematch offers after online games (see `crate::game::rematch`): one row per
//! game, its new game set by one compare-and-set, so one acceptance wins.

use battaglie_rules::Side;

use super::GamesRepo;
use crate::store::{on_write, parse_word, StoreError};

/// A rematch offer of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchRow {
    /// The side that offered.
    pub offered_by: Side,
    /// The new game, once accepted.
    pub next_game: Option<String>,
}

impl GamesRepo {
    /// The rematch offer of game `id`, if one stands or was accepted.
    ///
    /// # Errors
    /// Database failures.
    pub async fn rematch(&self, id: &str) -> Result<Option<RematchRow>, StoreError> {
        let row: Option<(String, Option<String>)> = on_write!(self.store, pool => sqlx::query_as(
            "SELECT offered_by, next_game FROM rematches WHERE game_id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?);
        row.map(|(offered_by, next_game)| {
            let offered_by = parse_word("offered_by", &offered_by)?;
            Ok(RematchRow {
                offered_by,
                next_game,
            })
        })
        .transpose()
    }

    /// Records `side`'s offer unless an offer stands; answers whether it did.
    ///
    /// # Errors
    /// Database failures.
    pub async fn offer_rematch(&self, id: &str, side: Side) -> Result<bool, StoreError> {
        let done = on_write!(self.store, pool => sqlx::query(
            "INSERT INTO rematches (game_id, offered_by, next_game) VALUES ($1, $2, NULL) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(side.word())
        .execute(pool)
        .await?
        .rows_affected());
        Ok(done == 1)
    }

    /// Removes `side`'s offer while it is not accepted; answers whether it did.
    ///
    /// # Errors
    /// Database failures.
    pub async fn drop_rematch(&self, id: &str, side: Side) -> Result<bool, StoreError> {
        let done = on_write!(self.store, pool => sqlx::query(
            "DELETE FROM rematches WHERE game_id = $1 AND offered_by = $2 AND next_game IS NULL",
        )
        .bind(id)
        .bind(side.word())
        .execute(pool)
        .await?
        .rows_affected());
        Ok(done == 1)
    }

    /// Sets the new game `next` of `side`'s standing offer, unless another
    /// acceptance came first; answers whether this one won.
    ///
    /// # Errors
    /// Database failures.
    pub async fn accept_rematch(
        &self,
        id: &str,
        side: Side,
        next: &str,
    ) -> Result<bool, StoreError> {
        let done = on_write!(self.store, pool => sqlx::query(
            "UPDATE rematches SET next_game = $3 \
             WHERE game_id = $1 AND offered_by = $2 AND next_game IS NULL",
        )
        .bind(id)
        .bind(side.word())
        .bind(next)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(done == 1)
    }
}
