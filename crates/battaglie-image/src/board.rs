//! One position as a picture: the terrain, the stacks, the last move and a caption.

use battaglie_rules::{Kind, Move, Pieces, Position, Side, Square};

use crate::canvas::Canvas;
use crate::palette::{self, Colour};

/// The side of a square, in pixels.
pub const CELL: i32 = 36;
const LEFT: i32 = 20;
const TOP: i32 = 22;
const BOTTOM: i32 = 14;
const RIGHT: i32 = 6;

/// The picture's size for a `width` x `height` map (the staging column included).
pub fn size(width: u8, height: u8) -> (u16, u16) {
    let w = LEFT + (i32::from(width) + 1) * CELL + RIGHT;
    let h = TOP + i32::from(height) * CELL + BOTTOM;
    (to_u16(w), to_u16(h))
}

fn to_u16(v: i32) -> u16 {
    u16::try_from(v).unwrap_or(u16::MAX)
}

/// The top left corner of a square, north up, staging on the west.
fn corner(sq: Square, height: u8) -> (i32, i32) {
    let col = sq.file().map_or(0, |f| i32::from(f) + 1);
    let row = i32::from(height) - 1 - i32::from(sq.rank());
    (LEFT + col * CELL, TOP + row * CELL)
}

fn centre(sq: Square, height: u8) -> (i32, i32) {
    let (x, y) = corner(sq, height);
    (x + CELL / 2, y + CELL / 2)
}

/// Draws `position` with `last` (the move that led to it) marked and `caption` above.
pub fn draw(position: &Position, last: Option<&Move>, caption: &str) -> Canvas {
    let scenario = position.scenario();
    let (width, height) = (scenario.width(), scenario.height());
    let (w, h) = size(width, height);
    let mut c = Canvas::new(w, h, Colour::Paper);
    c.text(
        LEFT,
        6,
        &ascii(caption, usize::from(w) / 8 - 3),
        1,
        Colour::Ink,
    );

    for sq in scenario.squares() {
        let (x, y) = corner(sq, height);
        match scenario.terrain(sq) {
            None => c.rect(x, y, CELL, CELL, Colour::Staging),
            Some(t) => paint_terrain(&mut c, x, y, &t.name),
        }
        c.frame(x, y, CELL + 1, CELL + 1, 1, Colour::Ink);
    }
    for r in 0..height {
        let (_, y) = corner(Square::staging(r), height);
        let label = (r + 1).to_string();
        c.text(
            LEFT - 2 - Canvas::text_width(&label, 1),
            y + CELL / 2 - 4,
            &label,
            1,
            Colour::Ink,
        );
    }
    let (sx, _) = corner(Square::staging(0), height);
    let base = TOP + i32::from(height) * CELL + 3;
    c.text(sx + CELL / 2 - 4, base, "@", 1, Colour::Ink);
    for f in 0..width {
        let (x, _) = corner(Square::new(f, 0), height);
        let letter = char::from(b'a' + f).to_string();
        c.text(x + CELL / 2 - 4, base, &letter, 1, Colour::Ink);
    }

    if let Some(mv) = last {
        mark_move(&mut c, mv, height);
    }
    for sq in scenario.squares() {
        if let Some((side, pieces)) = position.stack(sq) {
            draw_stack(&mut c, sq, height, side, pieces);
        }
    }
    c
}

fn paint_terrain(c: &mut Canvas, x: i32, y: i32, name: &str) {
    let colour = palette::terrain(name);
    c.rect(x, y, CELL, CELL, colour);
    match colour {
        Colour::Woods => {
            for (dx, dy) in [(8, 9), (24, 7), (15, 20), (28, 26), (7, 28)] {
                c.disc(x + dx, y + dy, 4, Colour::Trees);
            }
        }
        Colour::House => {
            c.rect(x + 9, y + 10, CELL - 18, CELL - 18, Colour::Roof);
            c.rect(x + 9, y + 10, CELL - 18, 3, Colour::Ink);
        }
        Colour::Rock => {
            for (dx, dy) in [(9, 10), (25, 14), (14, 26), (27, 28)] {
                c.disc(x + dx, y + dy, 3, Colour::Ink);
            }
        }
        Colour::Ridge => {
            c.line(
                (x + 4, y + CELL - 8),
                (x + CELL / 2, y + 10),
                2,
                Colour::Ink,
            );
            c.line(
                (x + CELL / 2, y + 10),
                (x + CELL - 4, y + CELL - 8),
                2,
                Colour::Ink,
            );
        }
        _ => {}
    }
}

fn mark_move(c: &mut Canvas, mv: &Move, height: u8) {
    let Some(from) = mv.from() else { return };
    let start = centre(from, height);
    for g in mv.groups() {
        c.line(start, centre(g.to, height), 4, Colour::LastMove);
    }
    let (x, y) = corner(from, height);
    c.frame(x, y, CELL + 1, CELL + 1, 3, Colour::LastMove);
    for g in mv.groups() {
        let (x, y) = corner(g.to, height);
        let colour = if g.capture {
            Colour::Capture
        } else {
            Colour::LastMove
        };
        c.frame(x, y, CELL + 1, CELL + 1, 3, colour);
    }
}

/// A stack, told apart from the other side's without colour, as the board in the
/// browser does: the Army's a square with its pieces' letters in capitals (`FFM`),
/// the Indians' a disc in small letters (`ffm`), or counts (`3F2M`, `3f2m`) when
/// there are more than four.
fn draw_stack(c: &mut Canvas, sq: Square, height: u8, side: Side, pieces: Pieces) {
    let (cx, cy) = centre(sq, height);
    match side {
        Side::Army => {
            let r = CELL / 2 - 4;
            c.rect(cx - r, cy - r, 2 * r, 2 * r, Colour::ArmyDark);
            c.rect(cx - r + 2, cy - r + 2, 2 * r - 4, 2 * r - 4, Colour::Army);
        }
        Side::Indians => {
            c.disc(cx, cy, CELL / 2 - 3, Colour::IndiansDark);
            c.disc(cx, cy, CELL / 2 - 5, Colour::Indians);
        }
    }
    let label = stack_label(side, pieces);
    let w = Canvas::text_width(&label, 1).min(CELL - 4);
    c.text(cx - w / 2, cy - 4, &label, 1, Colour::White);
}

/// A stack's letters: the Army's in capitals, the Indians' in small letters.
fn stack_label(side: Side, pieces: Pieces) -> String {
    let label: String = if pieces.total() <= 4 {
        pieces.to_string()
    } else {
        Kind::ALL
            .iter()
            .filter(|k| pieces.count(**k) > 0)
            .map(|k| format!("{}{}", pieces.count(*k), k.char()))
            .collect()
    };
    match side {
        Side::Army => label.to_ascii_uppercase(),
        Side::Indians => label.to_ascii_lowercase(),
    }
}

/// `text` in the font's characters (ASCII), cut to `max` characters.
fn ascii(text: &str, max: usize) -> String {
    text.chars()
        .map(|ch| {
            if ch.is_ascii() && !ch.is_ascii_control() {
                ch
            } else {
                '?'
            }
        })
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Game, Scenario};

    fn colour_at(c: &Canvas, (x, y): (i32, i32)) -> u8 {
        c.get(x, y).unwrap()
    }

    #[test]
    fn stacks_are_drawn_in_their_sides_colours_on_their_squares() {
        let s = Scenario::builtin("washita").unwrap();
        let p = Position::start(&s);
        let c = draw(&p, None, "start");
        for sq in s.squares() {
            let expected = match p.stack(sq) {
                Some((Side::Army, _)) => Some(Colour::Army as u8),
                Some((Side::Indians, _)) => Some(Colour::Indians as u8),
                None => None,
            };
            let (x, y) = centre(sq, s.height());
            // Above the label, inside the disc.
            let at = colour_at(&c, (x, y - 9));
            match expected {
                Some(e) => assert_eq!(at, e, "{sq}"),
                None => assert_ne!(at, Colour::Army as u8, "{sq} is empty"),
            }
        }
    }

    #[test]
    fn the_last_move_is_marked_from_its_source_to_its_destinations() {
        let s = Scenario::builtin("washita").unwrap();
        let mut g = Game::new(Position::start(&s));
        let mv = g.legal_moves().into_iter().find(|m| !m.is_pass()).unwrap();
        g.play(&mv);
        let c = draw(g.position(), Some(&mv), "");
        let plain = draw(g.position(), None, "");
        let from = mv.from().unwrap();
        let (x, y) = corner(from, s.height());
        assert_eq!(
            colour_at(&c, (x + 1, y + 1)),
            Colour::LastMove as u8,
            "the source is framed"
        );
        assert_ne!(colour_at(&plain, (x + 1, y + 1)), Colour::LastMove as u8);
        for grp in mv.groups() {
            let (x, y) = corner(grp.to, s.height());
            assert_eq!(
                colour_at(&c, (x + 1, y + CELL / 2)),
                Colour::LastMove as u8,
                "{} is framed",
                grp.to
            );
        }
    }

    #[test]
    fn the_sides_differ_by_letter_case_and_shape_not_colour_alone() {
        let s = Scenario::builtin("washita").unwrap();
        let p = Position::start(&s);
        let (army, indians) = (
            p.squares_of(Side::Army).next().unwrap(),
            p.squares_of(Side::Indians).next().unwrap(),
        );
        let label = |sq| {
            let (side, pieces) = p.stack(sq).unwrap();
            stack_label(side, pieces)
        };
        assert!(
            label(army).chars().all(|c| !c.is_ascii_lowercase()),
            "{}",
            label(army)
        );
        assert!(
            label(indians).chars().all(|c| !c.is_ascii_uppercase()),
            "{}",
            label(indians)
        );
        // A square's corner is the Army's colour; a disc leaves the corner bare.
        let c = draw(&p, None, "");
        let corner_of = |sq| {
            let (x, y) = centre(sq, s.height());
            colour_at(&c, (x - CELL / 2 + 6, y - CELL / 2 + 6))
        };
        assert_eq!(corner_of(army), Colour::Army as u8);
        assert_ne!(corner_of(indians), Colour::Indians as u8);
        assert_ne!(corner_of(indians), Colour::IndiansDark as u8);
    }

    #[test]
    fn terrain_gets_its_colour() {
        let s = Scenario::builtin("washita").unwrap();
        let p = Position::start(&s);
        let c = draw(&p, None, "");
        let river = s
            .squares()
            .find(|sq| s.terrain(*sq).is_some_and(|t| t.name == "river") && p.stack(*sq).is_none())
            .unwrap();
        let (x, y) = corner(river, s.height());
        assert_eq!(colour_at(&c, (x + 3, y + 3)), Colour::Water as u8);
    }
}
