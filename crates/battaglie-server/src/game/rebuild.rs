//! A game back from the store: its row and moves replayed through the rules.

use std::sync::Arc;

use battaglie_community::Clock;
use battaglie_rules::{
    ClockReason, DrawReason, Game, Outcome, Position, Scenario, Side, WinReason,
};

use super::live_game::LiveGame;
use super::GameError;
use crate::game::GameRow;

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
    let computer = row.computer_side.zip(row.computer_level);
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
    // The ends the moves do not make themselves: the interfaces' and the clocks'.
    // (Those the rules decide, an elimination or a quiet draw, the replay made.)
    match row.outcome {
        Some(Outcome::Win(winner, WinReason::Resignation)) => {
            let _ = game.resign(!winner);
        }
        Some(Outcome::Draw(DrawReason::Agreement)) => {
            let _ = game.agree_draw();
        }
        Some(Outcome::Win(winner, WinReason::Time)) => {
            let _ = game.end_by_clock(Some(winner), ClockReason::Time);
        }
        Some(Outcome::Draw(DrawReason::Time)) => {
            let _ = game.end_by_clock(None, ClockReason::Time);
        }
        Some(Outcome::Win(winner, WinReason::Abandoned)) => {
            let _ = game.end_by_clock(Some(winner), ClockReason::Abandoned);
        }
        Some(Outcome::Draw(DrawReason::Abandoned)) => {
            let _ = game.end_by_clock(None, ClockReason::Abandoned);
        }
        Some(Outcome::Win(_, WinReason::Elimination))
        | Some(Outcome::Draw(DrawReason::Deadlock | DrawReason::Repetition | DrawReason::Quiet))
        | None => {}
    }
    Ok((game, row.draw_offer))
}
