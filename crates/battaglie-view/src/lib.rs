//! The rules' data as the page reads it: stacks, legal moves grouped by source,
//! numbered plies, the battles, so that the front end parses neither BFEN nor move
//! notation. Pure functions from the rules' types to the wire types, shared by the
//! server and the browser's WebAssembly module, so that both write the same JSON.
//!
//! Every type here derives `TS`: its TypeScript declaration is committed in the
//! server's `web/types/`, and a test there fails when the two differ.

mod counts;
mod game;
mod legal;
mod legal_json;
mod plies;
#[cfg(test)]
mod positions;
mod replay;
mod scenario;
mod side;
mod stacks;

pub use counts::KindCounts;
pub use game::{eliminated, game_view, Eliminated, GameView};
pub use legal::{legal, Arrival, LegalMove, MovesFrom};
pub use legal_json::write_legal;
pub use plies::{plies_after, PlyView};
pub use replay::{replay, Replay};
pub use scenario::{scenario_view, ScenarioView};
pub use side::SideWord;
pub use stacks::{stacks, Stack};
