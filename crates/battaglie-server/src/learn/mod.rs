//! Learn to play: the lessons served as JSON in one language (the page hands the stage
//! it plays to the WebAssembly module, which carries no lesson), and the stars each
//! account won (`repo.rs`), checked against the lessons (`progress.rs`). The lessons,
//! their checking and their play are `battaglie-learn`'s; the server serves them and
//! keeps the stars.

mod lessons;
mod progress;
mod refusal;
mod repo;
pub(crate) mod routes;
mod wire;

pub use repo::{LearnRepo, StageStars};
pub use wire::Progress;
