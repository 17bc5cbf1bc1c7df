//! The board drawn as text: the grid that the command line and the terminal's line
//! mode print, with the staging column, file letters and rank numbers.

use std::fmt::Write;

use crate::position::Position;
use crate::square::Square;
use crate::terrain::TerrainKind;

/// The characters a text board is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// ASCII only, terrain as the scenario file's characters: for screen readers and pipes.
    Ascii,
    /// Box-drawing frame and terrain glyphs ([`TerrainKind::glyph`]).
    Unicode,
}

/// Width of one square in characters.
const CELL: usize = 5;

/// The position's board as text lines: file letters above and below, rank numbers
/// either side, the staging column `@` west of the map, a stack as its letters
/// (upper case Army, lower case Indians, a count beyond four pieces).
///
/// With [`Charset::Unicode`], a stack on terrain other than open ground shows the
/// terrain's glyph beside it.
pub fn board_text(pos: &Position, charset: Charset) -> String {
    let s = pos.scenario();
    let (horizontal, top, bottom, side) = match charset {
        Charset::Ascii => ("-", ['+', '+'], ['+', '+'], '|'),
        Charset::Unicode => ("─", ['┌', '┐'], ['└', '┘'], '│'),
    };
    let mut out = String::new();
    let header: String = (0..s.width())
        .map(|f| format!("{:^CELL$}", (b'a' + f) as char))
        .collect();
    let rule = horizontal.repeat(CELL * s.width() as usize);
    let _ = writeln!(out, "    {:^CELL$}  {header}", "@");
    let _ = writeln!(out, "    {:CELL$} {}{rule}{}", "", top[0], top[1]);
    for r in (0..s.height()).rev() {
        let staging = match pos.stack(Square::staging(r)) {
            Some((owner, p)) => p.label(owner, 4),
            None => String::new(),
        };
        let _ = write!(out, "{:>3} {staging:>CELL$} {side}", r + 1);
        for f in 0..s.width() {
            let sq = Square::new(f, r);
            let terrain = s.terrain(sq).expect("a map square");
            let glyph = match charset {
                Charset::Ascii => terrain.symbol,
                Charset::Unicode => terrain.glyph(),
            };
            let cell = match pos.stack(sq) {
                None => format!("{glyph:^CELL$}"),
                Some((owner, p)) if charset == Charset::Ascii || terrain.name == "open" => {
                    format!("{:^CELL$}", p.label(owner, 4))
                }
                Some((owner, p)) => format!("{:>4}{glyph}", p.label(owner, 4)),
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, "{side} {}", r + 1);
    }
    let _ = writeln!(out, "    {:CELL$} {}{rule}{}", "", bottom[0], bottom[1]);
    let _ = writeln!(out, "    {:^CELL$}  {header}", "@");
    out
}

impl TerrainKind {
    /// The Unicode glyph a text board draws for this terrain, by its name
    /// (the scenario's own character for names it does not know).
    pub fn glyph(&self) -> char {
        match self.name.as_str() {
            "open" => '·',
            "house" => '⌂',
            "river" => '≈',
            "creek" => '~',
            "ford" => '=',
            "woods" => '♣',
            "rocks" => '▲',
            "ridge" => '∩',
            "trail" => '░',
            _ => self.symbol,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn text_board_shows_every_rank_file_and_the_staging_column() {
        let s = Scenario::builtin("washita").unwrap();
        let pos = Position::start(&s);
        for charset in [Charset::Ascii, Charset::Unicode] {
            let text = board_text(&pos, charset);
            let lines: Vec<&str> = text.lines().collect();
            // Header, frame, one line per rank, frame, header.
            assert_eq!(lines.len(), s.height() as usize + 4, "{text}");
            assert!(lines[0].contains('@') && lines[0].contains('a'), "{text}");
            assert!(lines[2].trim_start().starts_with(&s.height().to_string()));
            let army = pos.squares_of(crate::Side::Army).next().unwrap();
            let (owner, stack) = pos.stack(army).unwrap();
            assert!(text.contains(&stack.label(owner, 4)), "{text}");
        }
        assert!(board_text(&pos, Charset::Ascii).is_ascii());
    }
}
