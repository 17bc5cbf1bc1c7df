//! Retrograde endgame tablebases of battaglie.
//!
//! For one scenario, every position with at most 3 (or 4) pieces on the board (map and
//! staging, both sides) is solved: win, draw or loss for the side to move, with the
//! distance in plies to the next elimination of the winning line. The quiet limit
//! counts as the fifty-move rule does in chess tablebases: a win whose next
//! elimination comes in `d` plies is a win while the quiet counter leaves at least `d`
//! plies, and a draw after ([`Value::at_counter`]); every elimination starts the
//! count again, so the distance is to the next one, not to the end.
//!
//! The modules: `material` (what a table holds), `map` (the scenario as the tables
//! see it), `layout` (the entry of a placement), `moves` (turns forwards and quiet
//! turns backwards), `generate` (the retrograde analysis), `tablebase` (building,
//! probing, best moves), `format` (the file), `registry` (where programs find it).
//!
//! Repetition is not part of a table: the winner never needs to repeat (its
//! distance falls with every move), so a repetition draw only matters where the
//! game's history already holds the line's positions twice, which is the search's
//! business.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod format;
mod generate;
mod layout;
mod map;
mod material;
mod moves;
pub mod registry;
mod tablebase;
mod value;

pub use format::{FileError, VERSION};
pub use material::{Material, MAX_PIECES};
pub use tablebase::{BuildError, BuildProgress, Counts, Tablebase};
pub use value::{Value, MAX_DISTANCE};
