//! The rating of a rated game's end: decided here, in the transaction that
//! stores the end (see [`ChangeFollowers`](crate::store::ChangeFollowers)), so
//! that an end is stored rated or not at all. The rules are the community
//! crate's Glicko-2.

use battaglie_community::{rate_game, Score, Timestamp};
use battaglie_rules::Side;

use super::repo::RatedResult;
use super::Ratings;
use crate::store::{StoreError, Tx};

impl Ratings {
    /// Rates the end of game `id`, won by `winner` (`None`: a draw) at `at`
    /// (milliseconds), in `tx`, if it was created rated and is not rated yet.
    /// Nothing is rated when a seat's account is gone or both seats are one
    /// account's.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn rate_end(
        &self,
        tx: &mut Tx<'_>,
        id: &str,
        winner: Option<Side>,
        at: i64,
    ) -> Result<(), StoreError> {
        if !self.repo.claim_end(tx, id, at).await? {
            return Ok(());
        }
        let [Some(army), Some(indians)] = self.repo.seat_holders(tx, id).await? else {
            return Ok(());
        };
        if army == indians {
            return Ok(());
        }
        let before = self.repo.lock_ratings(tx, [&army, &indians]).await?;
        let army_score = match winner {
            Some(Side::Army) => Score::Win,
            Some(Side::Indians) => Score::Loss,
            None => Score::Draw,
        };
        let after = rate_game(
            &before[0].rating,
            &before[1].rating,
            army_score,
            Timestamp(at),
        );
        let players = [
            (Side::Army, &army, army_score, after.0),
            (Side::Indians, &indians, army_score.reversed(), after.1),
        ];
        for (i, (side, user, score, after)) in players.into_iter().enumerate() {
            let result = RatedResult {
                game: id,
                user,
                side,
                score,
                opponent: if i == 0 { &indians } else { &army },
                before: &before[i],
                after,
                at,
            };
            self.repo.store_result(tx, &result).await?;
        }
        Ok(())
    }
}
