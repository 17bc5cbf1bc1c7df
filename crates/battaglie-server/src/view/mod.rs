//! The rules' data as the page reads it: stacks, legal moves grouped by source,
//! numbered plies, so that the front end parses neither BFEN nor move notation.
//!
//! Every type here derives `TS`: its TypeScript declaration is committed in
//! `web/types/`, and a test fails when the two differ (see [`typescript`]).

mod counts;
// The legal moves' declared shape: the page's TypeScript, and the measure of
// `legal_json`'s writer in the tests.
#[cfg(test)]
mod legal;
mod legal_json;
mod plies;
#[cfg(test)]
mod positions;
mod replay;
mod seats;
mod side;
mod stacks;
#[cfg(test)]
mod typescript;

pub use counts::KindCounts;
#[cfg(test)]
pub use legal::{legal, MovesFrom};
pub use legal_json::write_legal;
pub use plies::{plies_after, PlyView};
pub use replay::{replay, Replay};
pub use seats::{seats_view, SeatsView};
pub use side::SideWord;
pub use stacks::{stacks, Stack};
