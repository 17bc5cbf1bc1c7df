//! Pictures of battaglie games, for the command line and the server alike: a position
//! drawn as pixels (terrain, stacks, the last move; [`draw`]) and an animated GIF of a
//! game or a range of its moves ([`game_gif`]), and a position as a small
//! indexed-colour PNG ([`game_png`]).

#![deny(missing_docs)]

mod animation;
mod board;
mod canvas;
mod palette;
mod png;

pub use animation::{game_gif, game_picture, GifError, FRAME_DELAY, LAST_DELAY};
pub use board::{draw, size, CELL};
pub use canvas::Canvas;
pub use palette::Colour;
pub use png::{canvas_png, game_png, PngError};
