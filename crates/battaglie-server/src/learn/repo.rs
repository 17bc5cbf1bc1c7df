//! The lessons' storage: the stars each account won, the best of each stage. The only
//! SQL of the lessons.

use crate::store::{on_read, on_write, Store, StoreError};

/// One stage's stars: the lesson's id, the stage (from 1), the stars (1 to 3).
pub type StageStars = (String, u32, u8);

/// The lessons' table on the node's store.
#[derive(Debug, Clone)]
pub struct LearnRepo {
    store: Store,
}

impl LearnRepo {
    /// The lessons' table in `store`.
    pub fn new(store: Store) -> LearnRepo {
        LearnRepo { store }
    }

    /// Every stage `user` won, with its stars.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn stars(&self, user: &str) -> Result<Vec<StageStars>, StoreError> {
        on_read!(self.store, pool => {
            let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                "SELECT lesson, stage, stars FROM learn_stars WHERE user_id = $1 ORDER BY lesson, stage",
            )
            .bind(user)
            .fetch_all(pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(l, s, n)| (l, s.clamp(0, i64::from(u32::MAX)) as u32, n.clamp(0, 3) as u8))
                .collect())
        })
    }

    /// Keeps each of `won` for `user` where it beats the stars kept, at `at` (Unix
    /// seconds), in one transaction: a stage's stars never go down.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn keep_best(
        &self,
        user: &str,
        won: &[StageStars],
        at: i64,
    ) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            for (lesson, stage, stars) in won {
                sqlx::query(
                    "INSERT INTO learn_stars (user_id, lesson, stage, stars, updated_at) \
                     VALUES ($1, $2, $3, $4, $5) \
                     ON CONFLICT (user_id, lesson, stage) DO UPDATE \
                     SET stars = excluded.stars, updated_at = excluded.updated_at \
                     WHERE learn_stars.stars < excluded.stars",
                )
                .bind(user)
                .bind(lesson)
                .bind(i64::from(*stage))
                .bind(i64::from(*stars))
                .bind(at)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }
}
