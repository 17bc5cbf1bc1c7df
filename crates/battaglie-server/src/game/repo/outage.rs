//! The nodes' heartbeats, and the running clocks given back the time the whole
//! site was down (see `crate::game::outage`).

use std::time::Duration;

use battaglie_community::{GameClock, Timestamp};
use sqlx::Row;

use super::{clock_columns, GamesRepo};
use crate::store::{on_write, StoreError};

/// One node's beat: who, and when by the wall clock and by game time.
#[derive(Debug, Clone, Copy)]
pub struct Beat<'a> {
    /// The node beating.
    pub node: &'a str,
    /// Wall-clock time now (milliseconds).
    pub wall: i64,
    /// Game time now (milliseconds).
    pub game: i64,
    /// The site counts as up if some node beat since this wall-clock time:
    /// another node's row, or this node's own last beat (`own_wall`).
    pub alive_since: i64,
    /// This node's last beat that reached the store (wall clock), if any since it started.
    pub own_wall: Option<i64>,
}

/// The time no node served the site, given back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outage {
    /// How long (game time).
    pub length: Duration,
    /// The games whose running clock was given it.
    pub games: Vec<String>,
}

impl GamesRepo {
    /// Records `beat`; first, if no node beat since `beat.alive_since`, gives the
    /// game time since the site's last beat back to every running clock (each game
    /// one revision on). One transaction, serialised between nodes: of nodes
    /// starting together after an outage, one gives the time back.
    ///
    /// # Errors
    /// Database failures; nothing is changed then.
    pub async fn beat(&self, beat: Beat<'_>) -> Result<Option<Outage>, StoreError> {
        on_write!(self.store, pool => {
            let mut tx = pool.begin().await?;
            if self.store.backend() == "postgres" {
                sqlx::query("SELECT pg_advisory_xact_lock(4147790117)")
                    .execute(&mut *tx)
                    .await?;
            }
            let others: Option<i64> =
                sqlx::query_scalar("SELECT MAX(wall_at) FROM node_beats WHERE node <> $1")
                    .bind(beat.node)
                    .fetch_one(&mut *tx)
                    .await?;
            let last_game: Option<i64> = sqlx::query_scalar("SELECT MAX(game_at) FROM node_beats")
                .fetch_one(&mut *tx)
                .await?;
            let alive = others.max(beat.own_wall).is_some_and(|w| w >= beat.alive_since);
            let mut outage = None;
            if let Some(last) = last_game.filter(|&g| !alive && g < beat.game) {
                let length = Duration::from_millis(u64::try_from(beat.game - last).unwrap_or(0));
                let rows = sqlx::query(
                    "SELECT id, clock FROM games WHERE result IS NULL AND aborted_at IS NULL \
                     AND clock LIKE '%\"running\"%'",
                )
                .fetch_all(&mut *tx)
                .await?;
                let mut games = Vec::new();
                for row in rows {
                    let id: String = row.try_get("id")?;
                    let text: String = row.try_get("clock")?;
                    let Ok(mut clock) = serde_json::from_str::<GameClock>(&text) else {
                        continue;
                    };
                    if !clock.give_back(length, Timestamp(beat.game)) {
                        continue;
                    }
                    let (json, flag_at) = clock_columns(Some(&clock));
                    sqlx::query(
                        "UPDATE games SET clock = $1, flag_at = $2, revision = revision + 1 \
                         WHERE id = $3",
                    )
                    .bind(json)
                    .bind(flag_at)
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                    games.push(id);
                }
                outage = Some(Outage { length, games });
            }
            sqlx::query(
                "INSERT INTO node_beats (node, wall_at, game_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (node) DO UPDATE SET wall_at = excluded.wall_at, \
                 game_at = excluded.game_at",
            )
            .bind(beat.node)
            .bind(beat.wall)
            .bind(beat.game)
            .execute(&mut *tx)
            .await?;
            // The rows of nodes gone for a minute (each PostgreSQL node has a new
            // name at every start): this beat is the site's newest now.
            sqlx::query("DELETE FROM node_beats WHERE node <> $1 AND wall_at < $2")
                .bind(beat.node)
                .bind(beat.wall - 60_000)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(outage)
        })
    }

    /// Records that `node` stops serving (a clean shutdown): its beat no longer
    /// says the site is up, so that the next node to start gives the time until
    /// then back.
    ///
    /// # Errors
    /// Database failures.
    pub async fn leave(&self, node: &str, game: i64) -> Result<(), StoreError> {
        on_write!(self.store, pool => {
            sqlx::query("UPDATE node_beats SET wall_at = 0, game_at = $2 WHERE node = $1")
                .bind(node)
                .bind(game)
                .execute(pool)
                .await?;
        });
        Ok(())
    }
}
