//! What a game's change brings to the other features, written in the
//! transaction that stores it: a rated end rated, the notices it causes.

use std::sync::Arc;

use futures_util::future::BoxFuture;

use crate::notify::{NoticesRepo, Outbox};
use crate::ratings::Ratings;
use crate::store::{ChangeFollowers, GameChange, StoreError, Tx};

/// The ratings and the outbox, following the games' changes.
pub(crate) struct Followers {
    ratings: Ratings,
    outbox: Outbox,
}

impl Followers {
    /// `ratings` and the outbox of `notices`, as the store's hook.
    pub(crate) fn hook(ratings: Ratings, notices: NoticesRepo) -> Arc<dyn ChangeFollowers> {
        Arc::new(Followers {
            ratings,
            outbox: Outbox::new(notices),
        })
    }
}

impl ChangeFollowers for Followers {
    fn follow<'a>(
        &'a self,
        tx: &'a mut Tx<'_>,
        change: GameChange<'a>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            if let Some(outcome) = change.ended {
                self.ratings
                    .rate_end(tx, change.id, outcome.winner(), change.at)
                    .await?;
            }
            self.outbox.game_changed(tx, change).await
        })
    }
}
