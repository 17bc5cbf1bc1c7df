//! The PNG of a position is small enough to share (under 200 KB) and is the
//! position's picture, pixel for pixel.

use battaglie_image::{game_picture, game_png};
use battaglie_rules::{Game, Position, Scenario};

const LIMIT: usize = 200 * 1024;

/// The picture's pixels as a PNG decoder reads them back (palette indices).
fn decoded(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn every_battles_opening_and_a_mid_game_position_export_as_a_png_under_200_kb() {
    for scenario in Scenario::builtins() {
        let mut game = Game::new(Position::start(scenario));
        for plies in [0, 30] {
            while game.moves().len() < plies && game.outcome().is_none() {
                let mv = game.legal_moves().into_iter().next().unwrap();
                game.play(&mv);
            }
            let png = game_png(&game).unwrap();
            let id = scenario.id();
            assert!(
                png.len() < LIMIT,
                "{id} after {plies} plies: {} bytes",
                png.len()
            );
            let picture = game_picture(&game);
            let (w, h, pixels) = decoded(&png);
            assert_eq!(
                (w, h),
                (u32::from(picture.width()), u32::from(picture.height())),
                "{id}"
            );
            assert_eq!(
                pixels,
                picture.pixels(),
                "{id}: the PNG is the position's picture"
            );
        }
    }
}
