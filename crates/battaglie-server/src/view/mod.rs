//! The rules' data as the page reads it: the pure part is the `battaglie-view`
//! crate (shared with the browser's offline edition); the players of a game,
//! which the server's store knows, are here.
//!
//! Every type the page reads derives `TS`: its TypeScript declaration is committed
//! in `web/types/`, and a test fails when the two differ (see [`typescript`]).

mod last_eliminated;
mod seats;
#[cfg(test)]
mod typescript;

pub use battaglie_view::{
    eliminated, plies_after, replay, scenario_view, stacks, write_legal, Eliminated, KindCounts,
    PlyView, Replay, ScenarioView, SideWord, Stack,
};
// The legal moves' declared shape: the measure of `write_legal` in the tests.
#[cfg(test)]
pub use battaglie_view::{legal, MovesFrom};
pub use last_eliminated::last_eliminated;
pub use seats::{seats_view, SeatsView};
