//! An online game's take-back request, kept on the game's row with the revision
//! that made it: it lapses by itself as soon as the game changes again.

use battaglie_rules::Side;

use super::GamesRepo;
use crate::store::{on_write, StoreError};

impl GamesRepo {
    /// Makes `offer` (a side, or `None`) the game's take-back request, if the
    /// game is still at `revision`; answers the new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another change was stored first; other database failures.
    pub async fn set_takeback(
        &self,
        id: &str,
        revision: i64,
        offer: Option<Side>,
        now: i64,
    ) -> Result<i64, StoreError> {
        let updated = on_write!(self.store, pool => sqlx::query(
            "UPDATE games SET takeback_offer = $1, takeback_revision = $2, updated_at = $3, \
             revision = revision + 1 WHERE id = $4 AND revision = $5",
        )
        .bind(offer.map(Side::word))
        .bind(revision + 1)
        .bind(now)
        .bind(id)
        .bind(revision)
        .execute(pool)
        .await?
        .rows_affected());
        if updated == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(revision + 1)
    }
}
