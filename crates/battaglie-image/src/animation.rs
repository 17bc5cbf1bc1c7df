//! A game, or a range of its moves, as an animated GIF: one frame per position, the
//! move that led to it marked, the last frame held.

use std::ops::RangeInclusive;

use battaglie_rules::{Game, Outcome, Ply, Position, Side};

use crate::board;
use crate::canvas::Canvas;
use crate::palette;

/// How long each frame shows, in hundredths of a second.
pub const FRAME_DELAY: u16 = 80;
/// How long the last frame shows before the loop starts again.
pub const LAST_DELAY: u16 = 300;

/// Error of [`game_gif`].
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    /// The range ends before it starts.
    #[error(
        "the range of moves {from} to {until} ends before it starts: give the earlier move first"
    )]
    Backwards {
        /// The first position asked for.
        from: usize,
        /// The last position asked for.
        until: usize,
    },
    /// The range asks for moves the game does not have.
    #[error("moves {from} to {until}: the game has {plies} moves, each side's move counting one (ask for moves from 0, the start, to {plies})")]
    Range {
        /// The first position asked for (0 = the start).
        from: usize,
        /// The last position asked for.
        until: usize,
        /// The game's moves.
        plies: usize,
    },
    /// The encoder failed (writing into memory, this is a fault of the encoder).
    #[error("GIF encoder: {0}")]
    Encode(#[from] gif::EncodingError),
}

/// The positions after plies `from..=until` (0 = the start) of `game` as an animated
/// GIF that loops; `None` shows them all.
///
/// # Errors
/// [`GifError::Backwards`] when the range ends before it starts, [`GifError::Range`]
/// when it runs past the game's end.
pub fn game_gif(game: &Game, range: Option<RangeInclusive<usize>>) -> Result<Vec<u8>, GifError> {
    let plies = game.moves().len();
    let range = range.unwrap_or(0..=plies);
    let (from, until) = (*range.start(), *range.end());
    // Past the end first: `--from 200` alone on a game of 101 moves is too far, not backwards.
    if from > plies || until > plies {
        return Err(GifError::Range { from, until, plies });
    }
    if from > until {
        return Err(GifError::Backwards { from, until });
    }
    let scenario = game.start().scenario().clone();
    let (w, h) = board::size(scenario.width(), scenario.height());
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &palette::table())?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut position = game.start().clone();
        let moves: Vec<_> = game.moves().cloned().collect();
        for ply in 0..=until {
            let last = ply.checked_sub(1).map(|i| &moves[i]);
            if let Some(mv) = last {
                position.play(mv);
            }
            if ply < from {
                continue;
            }
            let canvas = board::draw(
                &position,
                last,
                &caption(game, &position, ply, last.map(ToString::to_string)),
            );
            let mut frame = gif::Frame::from_indexed_pixels(w, h, canvas.pixels().to_vec(), None);
            frame.delay = if ply == until {
                LAST_DELAY
            } else {
                FRAME_DELAY
            };
            encoder.write_frame(&frame)?;
        }
    }
    Ok(out)
}

/// The game's current position as its GIF's last frame draws it: the last move
/// marked, the caption naming it and, once over, the result.
pub fn game_picture(game: &Game) -> Canvas {
    let position = game.position();
    let plies = game.moves().len();
    let last = game.moves().last();
    board::draw(
        position,
        last,
        &caption(game, position, plies, last.map(ToString::to_string)),
    )
}

/// "Washita River  12. a1:F-b1" (the move that led here), or "... start".
fn caption(game: &Game, position: &Position, ply: usize, mv: Option<String>) -> String {
    let name = game.start().scenario().name();
    match mv {
        None => format!("{name}  start"),
        Some(mv) => {
            // The ply that was just played: the one before the position's own.
            let numbered = game.numbered_moves().nth(ply - 1).map(|(p, _)| p);
            let number = numbered.unwrap_or_else(|| Ply::of(position));
            let result = if ply == game.moves().len() {
                game.outcome()
                    .map(|o| format!("  {}", result_words(o)))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            format!("{name}  {number} {mv}{result}")
        }
    }
}

/// "The Indians win", "The Army wins", "Draw": the result as a player reads it
/// (in English, as the caption's other words; the font has no accents).
fn result_words(outcome: Outcome) -> &'static str {
    match outcome.winner() {
        Some(Side::Army) => "The Army wins",
        Some(Side::Indians) => "The Indians win",
        None => "Draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Scenario;

    fn game(plies: usize) -> Game {
        let s = Scenario::builtin("fetterman").unwrap();
        let mut g = Game::new(Position::start(&s));
        for _ in 0..plies {
            let mv = g.legal_moves().into_iter().next().unwrap();
            g.play(&mv);
        }
        g
    }

    fn frames(gif: &[u8]) -> Vec<(u16, Vec<u8>)> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut d = options.read_info(gif).unwrap();
        let mut out = Vec::new();
        while let Some(f) = d.read_next_frame().unwrap() {
            out.push((f.delay, f.buffer.to_vec()));
        }
        out
    }

    #[test]
    fn a_finished_games_last_caption_says_who_won_in_words() {
        let mut g = game(3);
        let _ = g.resign(Side::Army);
        let last = g.moves().last().map(ToString::to_string);
        let said = caption(&g, g.position(), 3, last);
        assert!(said.ends_with("  The Indians win"), "{said}");
        let mut g = game(2);
        let _ = g.resign(Side::Indians);
        let last = g.moves().last().map(ToString::to_string);
        assert!(caption(&g, g.position(), 2, last).ends_with("  The Army wins"));
        let mut g = game(2);
        let _ = g.agree_draw();
        let last = g.moves().last().map(ToString::to_string);
        assert!(caption(&g, g.position(), 2, last).ends_with("  Draw"));
    }

    #[test]
    fn the_picture_of_a_game_is_its_gifs_last_frame() {
        let g = game(3);
        let picture = game_picture(&g);
        let last = frames(&game_gif(&g, None).unwrap()).pop().unwrap().1;
        assert_eq!(picture.pixels(), &last[..]);
    }

    #[test]
    fn a_whole_game_has_a_frame_per_position_and_holds_the_last() {
        let g = game(6);
        let gif = game_gif(&g, None).unwrap();
        assert!(gif.starts_with(b"GIF89a"));
        let f = frames(&gif);
        assert_eq!(f.len(), 7, "the start and six moves");
        assert_eq!(f[0].0, FRAME_DELAY);
        assert_eq!(f[6].0, LAST_DELAY);
        assert_ne!(f[0].1, f[1].1, "a move changes the picture");
    }

    #[test]
    fn a_range_shows_only_its_positions() {
        let g = game(6);
        let all = frames(&game_gif(&g, None).unwrap());
        let part = frames(&game_gif(&g, Some(2..=4)).unwrap());
        assert_eq!(part.len(), 3);
        assert_eq!(part[0].1, all[2].1, "the range starts after ply 2");
        assert_eq!(part[2].1, all[4].1);
    }

    #[test]
    fn a_range_past_the_end_is_refused_saying_how_long_the_game_is() {
        let g = game(3);
        let e = game_gif(&g, Some(2..=9)).unwrap_err();
        assert!(e.to_string().contains("the game has 3 moves"), "{e}");
        let (from, until) = (3, 2);
        let e = game_gif(&g, Some(from..=until)).unwrap_err();
        assert!(e.to_string().contains("ends before it starts"), "{e}");
        assert!(!e.to_string().contains("the game has"), "{e}");
        // A start past the end, with the end left to the game's, is past the end.
        let (from, until) = (9, 3);
        let e = game_gif(&g, Some(from..=until)).unwrap_err();
        assert!(e.to_string().contains("the game has 3 moves"), "{e}");
        assert!(!e.to_string().contains("ends before it starts"), "{e}");
    }
}
