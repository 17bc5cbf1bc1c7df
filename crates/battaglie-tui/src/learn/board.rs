//! A stage's board for the full screen: terrain, stacks, the squares a refusal marks
//! (reverse video, so that they show without colour too), the cursor (in brackets) and
//! the stack picked (underlined).

use battaglie_rules::{Position, Side, Square};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::board::{side_color, terrain_style};

const CELL: usize = 5;

/// The board as styled lines: file letters, then one line per rank from the north with
/// its number, its staging square and its squares.
pub(crate) fn board_lines(
    pos: &Position,
    marked: &[Square],
    (cursor, picked): (Square, Option<Square>),
    monochrome: bool,
) -> Vec<Line<'static>> {
    let s = pos.scenario();
    let style = |fg: Option<Color>, bg: Option<Color>| {
        if monochrome {
            Style::default()
        } else {
            let mut st = Style::default();
            if let Some(c) = fg {
                st = st.fg(c);
            }
            if let Some(c) = bg {
                st = st.bg(c);
            }
            st
        }
    };
    let mark = |sq: Square, st: Style| {
        let st = if picked == Some(sq) {
            st.add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
        } else {
            st
        };
        if marked.contains(&sq) {
            st.add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            st
        }
    };
    // The cursor's square in brackets, which need no colour (a stack too wide for them
    // gets an arrow).
    let cell = |sq: Square, text: &str| {
        if sq != cursor {
            format!("{text:^CELL$}")
        } else if text.chars().count() + 2 <= CELL {
            format!("{:^CELL$}", format!("[{text}]"))
        } else {
            format!("{:<CELL$}", format!(">{text}"))
        }
    };
    let stack_text = |sq: Square| -> Option<(String, Side)> {
        let (side, pieces) = pos.stack(sq)?;
        let mut t = String::new();
        let _ = pieces.write_letters(&mut t, side == Side::Army);
        Some((t, side))
    };
    let mut lines = Vec::new();
    let mut header = format!("    {:^CELL$} ", "@");
    for f in 0..s.width() {
        header.push_str(&format!("{:^CELL$}", (b'a' + f) as char));
    }
    lines.push(Line::from(header));
    for rank in (0..s.height()).rev() {
        let mut spans = vec![Span::raw(format!("{:>3} ", rank + 1))];
        let staging = Square::staging(rank);
        let (text, fg) = match stack_text(staging) {
            Some((t, side)) => (t, Some(side_color(side))),
            None => (String::new(), None),
        };
        spans.push(Span::styled(
            cell(staging, &text),
            mark(staging, style(fg, Some(Color::Indexed(238)))),
        ));
        spans.push(Span::raw("│"));
        for file in 0..s.width() {
            let sq = Square::new(file, rank);
            let terrain = s.terrain(sq);
            let (glyph, tfg, tbg) = terrain
                .map(|t| terrain_style(&t.name, t.symbol))
                .unwrap_or(('·', Color::Reset, Color::Reset));
            let (text, fg) = match stack_text(sq) {
                Some((t, side)) => (t, side_color(side)),
                None => {
                    let g = if monochrome {
                        terrain.map_or('.', |t| t.symbol)
                    } else {
                        glyph
                    };
                    (g.to_string(), tfg)
                }
            };
            spans.push(Span::styled(
                cell(sq, &text),
                mark(sq, style(Some(fg), Some(tbg))),
            ));
        }
        spans.push(Span::raw(format!("│ {}", rank + 1)));
        lines.push(Line::from(spans));
    }
    lines
}
