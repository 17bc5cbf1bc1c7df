//! Learn to play: the lessons served as JSON in one language (the page hands the stage
//! it plays to the WebAssembly module, which carries no lesson). The lessons, their
//! checking and their play are `battaglie-learn`'s; the server only serves them.

mod lessons;
pub(crate) mod routes;
