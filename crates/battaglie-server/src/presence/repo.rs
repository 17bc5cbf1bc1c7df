//! The WebSockets open on each game, one row each, shared by every node: what
//! presence (online / away / gone), the live absence claim, the spectator count
//! and the lobby's games in play are read from. The only SQL of presence. On
//! SQLite, sockets opened and closed are written by the store's batch writer,
//! with the moves (see `store/batch`), through the two statements at the end.

use sqlx::SqliteConnection;

use crate::game::{Mode, Seat};
use crate::store::batch::json_array;
use crate::store::{on_read, on_write, Store, StoreError};

/// One socket of a game, open or recently closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocketRow {
    /// The seat it holds (`Both` in a hotseat game, `Spectator` without one).
    pub seat: Seat,
    /// Game time (milliseconds) when it opened, was last renewed, or closed.
    pub seen_at: i64,
    /// Wall-clock time (milliseconds) of its node's last renewal.
    pub beat_at: i64,
    /// Game time when it closed, if it did.
    pub closed_at: Option<i64>,
}

/// A game being played now, for the lobby: a player's socket open on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameInPlay {
    /// The game.
    pub id: String,
    /// Its scenario id.
    pub scenario: String,
    /// How it is played.
    pub mode: Mode,
    /// How many of its seats have a socket open (`both` counts one).
    pub players: i64,
}

/// When and by whom a socket row is written.
#[derive(Debug, Clone, Copy)]
pub struct SocketStamp<'a> {
    /// The node holding the socket.
    pub node: &'a str,
    /// Game time now (milliseconds).
    pub now: i64,
    /// Wall-clock time now (milliseconds).
    pub wall: i64,
}

/// The sockets' table on the node's store.
#[derive(Debug, Clone)]
pub struct PresenceRepo {
    store: Store,
}

impl PresenceRepo {
    /// The sockets' table in `store`.
    pub fn new(store: Store) -> PresenceRepo {
        PresenceRepo { store }
    }

    /// The games going on with a player's socket open and renewed since wall
    /// time `since`, the last changed first, at most `limit`.
    ///
    /// # Errors
    /// Database failures, a mode the games do not have.
    pub async fn games_in_play(
        &self,
        since: i64,
        limit: i64,
    ) -> Result<Vec<GameInPlay>, StoreError> {
        let rows: Vec<(String, String, String, i64)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT games.id, games.scenario, games.mode, COUNT(DISTINCT sockets.seat) AS players \
             FROM sockets JOIN games ON games.id = sockets.game_id \
             WHERE sockets.closed_at IS NULL AND sockets.beat_at >= $1 \
             AND sockets.seat <> 'spectator' AND games.result IS NULL AND games.aborted_at IS NULL \
             GROUP BY games.id, games.scenario, games.mode, games.updated_at \
             ORDER BY games.updated_at DESC, games.id LIMIT $2",
        )
        .bind(since)
        .bind(limit)
        .fetch_all(pool)
        .await?);
        rows.into_iter()
            .map(|(id, scenario, mode, players)| {
                let mode = Mode::from_word(&mode)
                    .ok_or_else(|| decode(format!("a game in no mode the games have: {mode:?}")))?;
                Ok(GameInPlay {
                    id,
                    scenario,
                    mode,
                    players,
                })
            })
            .collect()
    }

    /// Records socket `id` opened on game `game` for `seat`.
    ///
    /// # Errors
    /// Database failures (a game that does not exist included).
    pub async fn socket_opened(
        &self,
        id: &str,
        game: &str,
        seat: Seat,
        at: SocketStamp<'_>,
    ) -> Result<(), StoreError> {
        let opened = OpenedSocket {
            id: id.to_string(),
            game: game.to_string(),
            seat: seat.into(),
            node: at.node.to_string(),
            now: at.now,
            wall: at.wall,
        };
        if let Some(batch) = self.store.batcher() {
            return batch.socket_opened(opened).await;
        }
        on_write!(self.store, pool => sqlx::query(
            "INSERT INTO sockets (id, game_id, seat, node, seen_at, beat_at, closed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, NULL)",
        )
        .bind(&opened.id)
        .bind(&opened.game)
        .bind(opened.seat)
        .bind(&opened.node)
        .bind(opened.now)
        .bind(opened.wall)
        .execute(pool)
        .await
        .map(drop)?);
        Ok(())
    }

    /// Records socket `id` closed at game time `now`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn socket_closed(&self, id: &str, now: i64) -> Result<(), StoreError> {
        let closed = ClosedSocket {
            id: id.to_string(),
            now,
        };
        if let Some(batch) = self.store.batcher() {
            return batch.socket_closed(closed).await;
        }
        on_write!(self.store, pool => sqlx::query(
            "UPDATE sockets SET closed_at = $2, seen_at = $2 WHERE id = $1 AND closed_at IS NULL",
        )
        .bind(&closed.id)
        .bind(closed.now)
        .execute(pool)
        .await
        .map(drop)?);
        Ok(())
    }

    /// Renews every open socket of `at.node`, and forgets the rows of every node
    /// not renewed since wall time `forget_before` (closed long ago, or their node
    /// gone): answers how many open sockets the node renewed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn beat(&self, at: SocketStamp<'_>, forget_before: i64) -> Result<u64, StoreError> {
        on_write!(self.store, pool => {
            let renewed = sqlx::query(
                "UPDATE sockets SET seen_at = $2, beat_at = $3 \
                 WHERE node = $1 AND closed_at IS NULL",
            )
            .bind(at.node)
            .bind(at.now)
            .bind(at.wall)
            .execute(pool)
            .await?
            .rows_affected();
            sqlx::query("DELETE FROM sockets WHERE beat_at < $1")
                .bind(forget_before)
                .execute(pool)
                .await?;
            Ok(renewed)
        })
    }

    /// Marks every socket `node` holds as closed at game time `now` (a node
    /// starting again on a database it owns: its sockets of before are gone).
    ///
    /// # Errors
    /// Database failures.
    pub async fn close_node(&self, node: &str, now: i64) -> Result<(), StoreError> {
        on_write!(self.store, pool => sqlx::query(
            "UPDATE sockets SET closed_at = $2, seen_at = $2 WHERE node = $1 AND closed_at IS NULL",
        )
        .bind(node)
        .bind(now)
        .execute(pool)
        .await
        .map(drop)?);
        Ok(())
    }

    /// The socket rows of game `game`.
    ///
    /// Read off the writer (SQLite's readers see every write committed before
    /// they start): each socket opened or closed reads them, and a wave of games
    /// ending would otherwise queue the moves behind these reads.
    ///
    /// # Errors
    /// Database failures, a seat the games do not have.
    pub async fn sockets_of(&self, game: &str) -> Result<Vec<SocketRow>, StoreError> {
        let rows: Vec<(String, i64, i64, Option<i64>)> = on_read!(self.store, pool => sqlx::query_as(
            "SELECT seat, seen_at, beat_at, closed_at FROM sockets WHERE game_id = $1",
        )
        .bind(game)
        .fetch_all(pool)
        .await?);
        rows.into_iter()
            .map(|(seat, seen_at, beat_at, closed_at)| {
                let seat = seat
                    .parse()
                    .map_err(|_| decode(format!("a socket of no seat a game has: {seat:?}")))?;
                Ok(SocketRow {
                    seat,
                    seen_at,
                    beat_at,
                    closed_at,
                })
            })
            .collect()
    }
}

/// A row the database holds that the server cannot read.
fn decode(what: String) -> StoreError {
    StoreError::Database(sqlx::Error::Decode(what.into()))
}

/// A socket opened, to be stored by the batch writer (SQLite).
#[derive(Debug, serde::Serialize)]
pub(crate) struct OpenedSocket {
    id: String,
    game: String,
    seat: &'static str,
    node: String,
    /// Game time (milliseconds).
    now: i64,
    /// Wall-clock time (milliseconds).
    wall: i64,
}

/// A socket closed at game time `now`, to be marked by the batch writer (SQLite).
#[derive(Debug, serde::Serialize)]
pub(crate) struct ClosedSocket {
    id: String,
    now: i64,
}

/// Stores the rows of `opened`, in one statement (the batch writer's).
///
/// # Errors
/// Database failures (a game that does not exist included): none is stored.
pub(crate) async fn insert_opened(
    tx: &mut SqliteConnection,
    opened: &[&OpenedSocket],
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sockets (id, game_id, seat, node, seen_at, beat_at, closed_at) \
         SELECT value ->> 'id', value ->> 'game', value ->> 'seat', value ->> 'node', \
         value ->> 'now', value ->> 'wall', NULL FROM json_each($1)",
    )
    .bind(json_array(opened)?)
    .execute(tx)
    .await?;
    Ok(())
}

/// Marks the sockets of `closed` closed, in one statement (the batch writer's).
///
/// # Errors
/// Database failures.
pub(crate) async fn mark_closed(
    tx: &mut SqliteConnection,
    closed: &[&ClosedSocket],
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE sockets SET closed_at = c.now, seen_at = c.now \
         FROM (SELECT value ->> 'id' AS id, value ->> 'now' AS now FROM json_each($1)) AS c \
         WHERE sockets.id = c.id AND sockets.closed_at IS NULL",
    )
    .bind(json_array(closed)?)
    .execute(tx)
    .await?;
    Ok(())
}
