//! The games' statements of SQLite's batch writer (`store/batch/`): new games
//! without moves, stored by one statement, and a batch's moves appended and
//! their games updated in one query, the ends followed (rated, told) as
//! [`GamesRepo::append_move`](super::GamesRepo::append_move) does alone.

use std::collections::HashSet;
use std::sync::Arc;

use battaglie_community::GameClock;
use battaglie_rules::Side;
use sqlx::SqliteConnection;

use super::{clock_columns, outcome_columns, GameRow};
use crate::store::batch::json_array;
use crate::store::{ChangeFollowers, GameChange, StoreError, Tx};

/// The columns of a new game without moves.
#[derive(Debug, serde::Serialize)]
pub(crate) struct NewGame {
    id: String,
    scenario: String,
    mode: &'static str,
    computer_side: Option<&'static str>,
    computer_level: Option<u8>,
    army_token: Option<String>,
    indians_token: Option<String>,
    start: Option<String>,
    draw_offer: Option<&'static str>,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    created_at: i64,
    updated_at: i64,
    revision: i64,
    clock: Option<String>,
    flag_at: Option<i64>,
}

impl From<&GameRow> for NewGame {
    fn from(game: &GameRow) -> NewGame {
        let (clock, flag_at) = clock_columns(game.clock.as_ref());
        NewGame {
            id: game.id.clone(),
            scenario: game.scenario.clone(),
            mode: game.mode.word(),
            computer_side: game.computer_side.map(Side::word),
            computer_level: game.computer_level,
            army_token: game.army_token.clone(),
            indians_token: game.indians_token.clone(),
            start: game.start.clone(),
            draw_offer: game.draw_offer.map(Side::word),
            result: outcome_columns(game.outcome).0,
            reason: outcome_columns(game.outcome).1,
            created_at: game.created_at,
            updated_at: game.updated_at,
            revision: game.revision,
            clock,
            flag_at,
        }
    }
}

/// Stores `games`, in one statement (the batch writer's).
///
/// # Errors
/// Database failures (an id already taken included): none is stored.
pub(crate) async fn insert_new(
    tx: &mut SqliteConnection,
    games: &[&NewGame],
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (id, scenario, mode, computer_side, computer_level, army_token, \
         indians_token, start, draw_offer, result, reason, created_at, updated_at, revision, \
         clock, flag_at) \
         SELECT value ->> 'id', value ->> 'scenario', value ->> 'mode', \
         value ->> 'computer_side', value ->> 'computer_level', value ->> 'army_token', \
         value ->> 'indians_token', value ->> 'start', value ->> 'draw_offer', \
         value ->> 'result', value ->> 'reason', value ->> 'created_at', \
         value ->> 'updated_at', value ->> 'revision', value ->> 'clock', value ->> 'flag_at' \
         FROM json_each($1)",
    )
    .bind(json_array(games)?)
    .execute(tx)
    .await?;
    Ok(())
}

/// A round of moves (`$1`, an array of [`NewMove`]s, each game once) in one
/// query, one trip to SQLite's thread: each move is inserted and its game
/// updated if the game is still at the revision its mover saw; answers the ids
/// of the games updated. The insert comes first: it checks the revision that
/// the updates then move on. The games that end with their move get their
/// result too; the others' result needs no clearing (a game at its mover's
/// revision is still being played, and the index on the result is left alone).
const WRITE_ROUND: &str = "INSERT INTO moves (game_id, ply, mv) \
     SELECT m.value ->> 'id', m.value ->> 'ply', m.value ->> 'mv' FROM json_each($1) AS m \
     JOIN games ON games.id = m.value ->> 'id' AND games.revision = m.value ->> 'revision'; \
     UPDATE games SET draw_offer = NULL, updated_at = m.now, \
     revision = games.revision + 1, clock = m.clock, flag_at = m.flag_at, \
     position_key = m.position_key \
     FROM (SELECT value ->> 'id' AS id, value ->> 'revision' AS revision, \
     value ->> 'now' AS now, value ->> 'clock' AS clock, value ->> 'flag_at' AS flag_at, \
     value ->> 'position_key' AS position_key \
     FROM json_each($1) WHERE value ->> 'result' IS NULL) AS m \
     WHERE games.id = m.id AND games.revision = m.revision \
     RETURNING games.id; \
     UPDATE games SET draw_offer = NULL, result = m.result, \
     reason = m.reason, updated_at = m.now, revision = games.revision + 1, \
     clock = m.clock, flag_at = m.flag_at \
     FROM (SELECT value ->> 'id' AS id, value ->> 'revision' AS revision, \
     value ->> 'now' AS now, value ->> 'clock' AS clock, value ->> 'flag_at' AS flag_at, \
     value ->> 'result' AS result, value ->> 'reason' AS reason \
     FROM json_each($1) WHERE value ->> 'result' IS NOT NULL) AS m \
     WHERE games.id = m.id AND games.revision = m.revision \
     RETURNING games.id";

/// Of the games of `$1` (an array of ids), those whose end has more to write:
/// seats held by accounts (the end's notices), or a rating not yet made.
const ENDS_TO_FOLLOW: &str = "SELECT game_id FROM seats \
     WHERE game_id IN (SELECT value FROM json_each($1)) \
     UNION SELECT game_id FROM rated_games \
     WHERE game_id IN (SELECT value FROM json_each($1)) AND rated_at IS NULL";

/// A move to append, and the game's columns it changes.
#[derive(Debug, serde::Serialize)]
pub(crate) struct NewMove {
    pub id: String,
    /// The revision the game must still be at.
    pub revision: i64,
    /// The move's number, from 1.
    pub ply: i64,
    pub mv: String,
    /// Unix seconds.
    pub now: i64,
    /// The clock's JSON column.
    pub clock: Option<String>,
    /// The deadline of a live clock that runs.
    pub flag_at: Option<i64>,
    /// The position the move leads to (`GamesRepo::live_at`).
    pub position_key: Option<i64>,
    /// The outcome's result word (`army`, `indians` or `draw`) when the move ends
    /// the game.
    pub result: Option<&'static str>,
    /// Its reason word.
    pub reason: Option<&'static str>,
}

/// What the end of a game needs besides its columns: what follows it (its
/// rating and notices).
pub(crate) struct Ending {
    /// How the game ended.
    pub outcome: battaglie_rules::Outcome,
    /// The server's clock (milliseconds).
    pub at: i64,
    /// The game's clock.
    pub clock: Option<GameClock>,
    /// Who writes what the end brings.
    pub followers: Arc<dyn ChangeFollowers>,
}

/// Writes `moves` in `tx` (the batch writer's); answers whether each was stored
/// (else its game had moved on).
///
/// # Errors
/// Any statement failing (a ply already taken included).
pub(crate) async fn write_moves(
    tx: &mut SqliteConnection,
    moves: &[(&NewMove, Option<&Ending>)],
) -> Result<Vec<bool>, StoreError> {
    let mut stored = vec![false; moves.len()];
    for round in rounds(moves) {
        let rows: Vec<&NewMove> = round.iter().map(|&i| moves[i].0).collect();
        let updated: Vec<String> = sqlx::query_scalar(WRITE_ROUND)
            .bind(json_array(&rows)?)
            .fetch_all(&mut *tx)
            .await?;
        let updated: HashSet<&str> = updated.iter().map(String::as_str).collect();
        for i in round {
            stored[i] = updated.contains(moves[i].0.id.as_str());
        }
    }
    let ended: Vec<(&NewMove, &Ending)> = moves
        .iter()
        .zip(&stored)
        .filter(|(_, &stored)| stored)
        .filter_map(|((mv, ending), _)| Some((*mv, (*ending)?)))
        .collect();
    if !ended.is_empty() {
        follow_ends(tx, &ended).await?;
    }
    Ok(stored)
}

/// Rates the games of `ended` and queues their notices, in `tx`; most have
/// neither (no accounts), and one query tells which do.
async fn follow_ends(
    tx: &mut SqliteConnection,
    ended: &[(&NewMove, &Ending)],
) -> Result<(), StoreError> {
    let ids: Vec<&str> = ended.iter().map(|(mv, _)| mv.id.as_str()).collect();
    let to_follow: Vec<String> = sqlx::query_scalar(ENDS_TO_FOLLOW)
        .bind(json_array(&ids)?)
        .fetch_all(&mut *tx)
        .await?;
    for (mv, ending) in ended {
        if !to_follow.contains(&mv.id) {
            continue;
        }
        let change = GameChange {
            id: &mv.id,
            ended: Some(ending.outcome),
            called_off: false,
            clock: ending.clock.as_ref(),
            at: ending.at,
        };
        ending
            .followers
            .follow(&mut Tx::from(&mut *tx), change)
            .await?;
    }
    Ok(())
}

/// The indices of `moves` in rounds where each game comes once, in order: two
/// moves of one game in one statement would both be checked against the
/// revision before either.
fn rounds(moves: &[(&NewMove, Option<&Ending>)]) -> Vec<Vec<usize>> {
    let mut rounds: Vec<(HashSet<&str>, Vec<usize>)> = Vec::new();
    for (i, (mv, _)) in moves.iter().enumerate() {
        // The first round after the last one holding this game.
        let after = rounds
            .iter()
            .rposition(|(games, _)| games.contains(mv.id.as_str()))
            .map_or(0, |r| r + 1);
        if after == rounds.len() {
            rounds.push((HashSet::new(), Vec::new()));
        }
        rounds[after].0.insert(&mv.id);
        rounds[after].1.push(i);
    }
    rounds.into_iter().map(|(_, round)| round).collect()
}
