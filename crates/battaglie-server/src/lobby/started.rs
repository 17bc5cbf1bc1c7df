//! The one place that hears of every game the lobby starts, with the terms it
//! was started on: an accepted challenge or two paired requests to play anyone.
//! By then the game has its clock and, when rated, is marked rated.

use battaglie_community::TimeControl;

/// A game the lobby just started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedGame {
    /// The game's id.
    pub game: String,
    /// The battle.
    pub battle: String,
    /// The clock agreed on.
    pub control: TimeControl,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// The account playing the Army.
    pub army: String,
    /// The account playing the Indians.
    pub indians: String,
}

/// Called once per started game, after its seats are linked, its clock set and
/// its rating arranged, and before either player is told: the log says so.
pub async fn game_started(started: &StartedGame) {
    tracing::info!(
        game = %started.game,
        battle = %started.battle,
        control = %started.control,
        rated = started.rated,
        "the lobby started a game"
    );
}
