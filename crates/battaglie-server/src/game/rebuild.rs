//! A game back from the store: its row and moves replayed through the rules.

use std::sync::Arc;

use battaglie_community::Clock;
use battaglie_rules::{ClockReason, Game, Position, Scenario, Side};

use super::live_game::LiveGame;
use super::GameError;
use crate::store::GameRow;

/// Rebuilds a game from its row and moves, replaying every move through the rules.
///
/// # Errors
/// When the stored scenario, start or a move does not replay (a corrupt database).
pub(super) fn rebuild(
    row: GameRow,
    moves: &[String],
    time: Arc<dyn Clock>,
) -> Result<LiveGame, GameError> {
    let (game, draw_offer) = replay(&row, moves)?;
    let computer = match (&row.computer_side, row.computer_level) {
        (Some(side), Some(level)) => side.parse::<Side>().ok().map(|s| (s, level)),
        _ => None,
    };
    Ok(LiveGame::new(row, computer, game, draw_offer, time))
}

/// The game and the standing draw offer that a stored row and its moves describe.
///
/// # Errors
/// As [`rebuild`].
pub(super) fn replay(row: &GameRow, moves: &[String]) -> Result<(Game, Option<Side>), GameError> {
    let scenario = Scenario::builtin(&row.scenario).ok_or_else(|| GameError::StoredScenario {
        id: row.id.clone(),
        scenario: row.scenario.clone(),
    })?;
    let start = match &row.start {
        None => Position::start(&scenario),
        Some(bfen) => {
            Position::from_bfen(&scenario, bfen).map_err(|source| GameError::StoredStart {
                id: row.id.clone(),
                source: Box::new(source),
            })?
        }
    };
    let mut game = Game::new(start);
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv).map_err(|source| GameError::StoredMove {
            id: row.id.clone(),
            ply: i + 1,
            mv: mv.clone(),
            source: Box::new(source),
        })?;
    }
    match (row.result.as_deref(), row.reason.as_deref()) {
        (Some(winner @ ("army" | "indians")), Some("resignation")) => {
            let winner: Side = winner.parse().unwrap_or(Side::Army);
            let _ = game.resign(!winner);
        }
        (Some("draw"), Some("agreement")) => {
            let _ = game.agree_draw();
        }
        (Some(result), Some(reason @ ("time" | "abandoned"))) => {
            let reason = if reason == "time" {
                ClockReason::Time
            } else {
                ClockReason::Abandoned
            };
            let _ = game.end_by_clock(result.parse::<Side>().ok(), reason);
        }
        _ => {}
    }
    let draw_offer = row.draw_offer.as_deref().and_then(|s| s.parse().ok());
    Ok((game, draw_offer))
}
