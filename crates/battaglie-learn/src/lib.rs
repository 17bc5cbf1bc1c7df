//! Learn to play battaglie by doing: lessons of small stages, one for every rule of
//! RULES.md, as data (one TOML file per lesson in `lessons/`, every text in English,
//! Italian, French and German).
//!
//! * [`lessons`]: the built-in lessons, read and checked once;
//! * [`Run`]: a stage in play: [`Run::try_move`] answers the new state (with the
//!   opponent's reply and whether the stage is won), or the rule the move breaks in the
//!   player's words with the squares to mark ([`Refusal`]);
//! * [`hint`] and [`shortest`]: the next move of a shortest solution, by breadth-first
//!   search over the rules' legal moves; the tests prove with it that every stage can be
//!   completed and that its three-star budget is the length of a shortest solution;
//! * [`force`]: where the computer replies ([`Opponent::Computer`]), the fewest moves that
//!   complete the stage against every legal reply, so its budget holds whatever it plays;
//! * [`lessons_json`]: every lesson with its stages, as `battaglie learn --json` prints them;
//!   [`read_stage_json`] reads one stage back (the page hands the WebAssembly module
//!   the stage it plays, so the module carries no lesson).
//! * [`warn`] and [`threats`]: the coach of the first battles, before a move and after
//!   the other side's, with its sentences ([`warning_words`], [`threat_words`]);
//!
//! Pure: no input or output, no unsafe code. The page (through the WebAssembly module)
//! and the terminal only present what this crate decides.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod coach;
mod coach_words;
mod json;
mod lang;
mod lesson;
mod lessons;
mod refusal;
mod run;
mod say;
mod solve;
mod source;
mod stage_json;

pub use coach::{coach_by_default, marked, threats, warn, Exposed, Warning, COACH_LEVELS};
pub use coach_words::{anyway_words, threat_words, warning_words};
pub use json::{lessons_json, lessons_json_in, LessonJson, OpponentJson, StageJson, TargetsJson};
pub use lang::{Lang, ParseLangError, Text};
pub use lesson::{Lesson, MapSource, Opponent, Stage, Targets};
pub use lessons::{lessons, read_builtin};
pub use refusal::{explain, kind_name, terrain_name, Refusal};
pub use run::{Finish, Played, Run};
pub use say::{finish_words, stars_text, terrain_legend, Say};
pub use solve::{force, hint, shortest, Forced, Solved, MAX_VISITED};
pub use source::{read_lesson, LessonError};
pub use stage_json::read_stage_json;
