//! A picture as an indexed-colour PNG: the canvas already holds palette indices, so
//! the file is one byte a pixel before compression, and the flat colours of the
//! board compress to a few kilobytes (a screenshot-like true-colour PNG of the same
//! board weighs megabytes).

use battaglie_rules::Game;

use crate::{game_picture, palette, Canvas};

/// Why a PNG could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The encoder failed (writing into memory, this is a fault of the encoder).
    #[error("PNG encoder: {0}")]
    Encoder(#[from] png::EncodingError),
}

/// `canvas` as a PNG file in the palette's colours.
///
/// # Errors
/// [`PngError::Encoder`], which writing into memory does not cause in practice.
pub fn canvas_png(canvas: &Canvas) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(
        &mut out,
        u32::from(canvas.width()),
        u32::from(canvas.height()),
    );
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette::table());
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(canvas.pixels())?;
    writer.finish()?;
    Ok(out)
}

/// The game's current position as a PNG, drawn as [`game_picture`] draws it.
///
/// # Errors
/// As [`canvas_png`].
pub fn game_png(game: &Game) -> Result<Vec<u8>, PngError> {
    canvas_png(&game_picture(game))
}
