//! New games of a batch, stored by one statement.

use battaglie_rules::Side;
use sqlx::SqliteConnection;

use super::json_array;
use crate::game::{clock_columns, outcome_columns, GameRow};
use crate::store::StoreError;

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

/// Stores `games`, in one statement.
///
/// # Errors
/// Database failures (an id already taken included): none is stored.
pub(super) async fn insert(
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
