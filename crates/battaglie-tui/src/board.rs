//! The board: squares, stacks, the cursor, the move being built, the last move,
//! and the legend. In colour, or without (reverse video, underline and symbols).

use battaglie_rules::{Game, Pieces, Side, Square};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::app::{App, Mode, Screen};
use crate::text::{kinds_on_map, who_enters};

/// Where the board's squares are on the screen, for mouse clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// Column of the staging squares.
    staging_x: u16,
    /// Column of file `a`.
    map_x: u16,
    /// Row of the first line of the northernmost rank.
    top: u16,
    cell_w: u16,
    cell_h: u16,
    files: u8,
    ranks: u8,
}

impl Geometry {
    /// The square drawn at a screen cell, if any.
    pub(crate) fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        if row < self.top || row >= self.top + self.ranks as u16 * self.cell_h {
            return None;
        }
        let rank = self.ranks - 1 - ((row - self.top) / self.cell_h) as u8;
        if col >= self.staging_x && col < self.staging_x + self.cell_w {
            return Some(Square::staging(rank));
        }
        if col >= self.map_x && col < self.map_x + self.files as u16 * self.cell_w {
            let file = ((col - self.map_x) / self.cell_w) as u8;
            return Some(Square::new(file, rank));
        }
        None
    }
}

/// The width of the board drawn with cells `cell_w` wide: rank numbers, staging,
/// the frame and the files.
pub(crate) fn board_width(files: u8, cell_w: u16) -> u16 {
    4 + cell_w + 1 + files as u16 * cell_w + 1
}

/// The height of the board drawn with cells `cell_h` high: file letters, the frame
/// and the ranks.
pub(crate) fn board_height(ranks: u8, cell_h: u16) -> u16 {
    2 + ranks as u16 * cell_h + 1
}

/// Glyph, glyph colour and background of a terrain kind, by name.
pub(crate) fn terrain_style(name: &str, symbol: char) -> (char, Color, Color) {
    match name {
        "open" => ('·', Color::Indexed(245), Color::Indexed(235)),
        "house" => ('⌂', Color::Indexed(230), Color::Indexed(94)),
        "river" => ('≈', Color::Indexed(117), Color::Indexed(24)),
        "creek" => ('~', Color::Indexed(117), Color::Indexed(31)),
        "ford" => ('=', Color::Indexed(153), Color::Indexed(67)),
        "woods" => ('♣', Color::Indexed(76), Color::Indexed(22)),
        "rocks" => ('▲', Color::Indexed(252), Color::Indexed(242)),
        "ridge" => ('∩', Color::Indexed(186), Color::Indexed(58)),
        "trail" => ('░', Color::Indexed(223), Color::Indexed(95)),
        _ => (symbol, Color::Indexed(250), Color::Indexed(237)),
    }
}

const STAGING_BG: Color = Color::Indexed(238);
pub(crate) const ARMY_FG: Color = Color::Indexed(159);
pub(crate) const INDIANS_FG: Color = Color::Indexed(214);
const SOURCE_BG: Color = Color::Indexed(90);
pub(crate) const DEST_BG: Color = Color::Indexed(28);
pub(crate) const CAPTURE_BG: Color = Color::Indexed(160);
const SENT_BG: Color = Color::Indexed(30);
pub(crate) const LAST_BG: Color = Color::Indexed(136);

pub(crate) fn side_color(side: Side) -> Color {
    match side {
        Side::Army => ARMY_FG,
        Side::Indians => INDIANS_FG,
    }
}

/// A style with colours, or none of them without colour.
pub(crate) fn paint(app: &App, fg: Option<Color>, bg: Option<Color>) -> Style {
    let mut style = Style::new();
    if !app.monochrome {
        if let Some(fg) = fg {
            style = style.fg(fg);
        }
        if let Some(bg) = bg {
            style = style.bg(bg);
        }
    }
    style
}

fn center(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - n) / 2;
    format!("{}{text}{}", " ".repeat(left), " ".repeat(width - n - left))
}

/// The squares the last move of `game` touched: where it left and where it went.
fn last_move_squares(game: &Game) -> Vec<Square> {
    match game.moves().last() {
        Some(mv) => mv
            .from()
            .into_iter()
            .chain(mv.groups().map(|g| g.to))
            .collect(),
        None => Vec::new(),
    }
}

/// What one square shows: its text and style.
struct CellLook {
    text: String,
    style: Style,
}

/// Draws the board of `game` (the replay's position or the game's) and its legend.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_board(
    frame: &mut Frame,
    app: &App,
    game: &Game,
    area: Rect,
    cell_w: u16,
    cell_h: u16,
    interactive: bool,
) {
    let pos = game.position();
    let s = pos.scenario();
    let cw = cell_w as usize;
    let (files, ranks) = (s.width(), s.height());
    let selection = match &app.mode {
        Mode::Select(sel) if interactive => Some(sel),
        _ => None,
    };
    let destinations = if interactive {
        app.destinations()
    } else {
        Vec::new()
    };
    let last = if selection.is_none() {
        last_move_squares(game)
    } else {
        Vec::new()
    };
    let label = paint(app, Some(Color::Indexed(250)), None).bold();
    let mut lines: Vec<Line> = Vec::new();
    let mut header = vec![
        Span::raw("    "),
        Span::styled(center("@", cw), label),
        Span::raw(" "),
    ];
    for f in 0..files {
        header.push(Span::styled(
            center(&((b'a' + f) as char).to_string(), cw),
            label,
        ));
    }
    lines.push(Line::from(header));
    let rule = "─".repeat(files as usize * cw);
    lines.push(Line::from(format!("    {}┌{rule}┐", " ".repeat(cw))));
    // The line of a tall cell that carries the stack's letters.
    let label_line = cell_h / 2;
    for r in (0..ranks).rev() {
        for line in 0..cell_h {
            let mut spans = Vec::new();
            spans.push(Span::styled(
                if line == label_line {
                    format!("{:>3} ", r + 1)
                } else {
                    "    ".to_string()
                },
                label,
            ));
            let squares =
                std::iter::once(Square::staging(r)).chain((0..files).map(|f| Square::new(f, r)));
            for (i, sq) in squares.enumerate() {
                if i == 1 {
                    spans.push(Span::raw("│"));
                }
                let look = cell(
                    app,
                    game,
                    sq,
                    cw,
                    line == label_line,
                    selection,
                    &destinations,
                    &last,
                );
                let mut style = look.style;
                if interactive && sq == app.cursor && app.screen == Screen::Game {
                    style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                }
                spans.push(Span::styled(look.text, style));
            }
            spans.push(Span::raw("│"));
            lines.push(Line::from(spans));
        }
    }
    lines.push(Line::from(format!("    {}└{rule}┘", " ".repeat(cw))));
    app.geometry.set(Some(Geometry {
        staging_x: area.x + 4,
        map_x: area.x + 4 + cell_w + 1,
        top: area.y + 2,
        cell_w,
        cell_h,
        files,
        ranks,
    }));
    let height = lines.len() as u16;
    let [board_rect, legend_rect] =
        Layout::vertical([Constraint::Length(height), Constraint::Min(0)]).areas(area);
    frame.render_widget(Paragraph::new(lines), board_rect);
    frame.render_widget(
        Paragraph::new(legend_lines(
            app,
            game,
            !destinations.is_empty(),
            legend_rect.width,
        )),
        legend_rect,
    );
}

/// The look of one square: terrain, stack, and what the move being built or the
/// last move does there.
#[allow(clippy::too_many_arguments)]
fn cell(
    app: &App,
    game: &Game,
    sq: Square,
    cw: usize,
    label_line: bool,
    selection: Option<&crate::app::Selection>,
    destinations: &[(Square, bool)],
    last: &[Square],
) -> CellLook {
    let pos = game.position();
    let s = pos.scenario();
    let (glyph, glyph_fg, mut bg) = match s.terrain(sq) {
        Some(t) => terrain_style(&t.name, t.symbol),
        None => (' ', Color::Indexed(245), STAGING_BG),
    };
    // The stack as it will stand once the move being built is played.
    let mut stack = pos.stack(sq);
    let mut pending = false;
    let mut modifiers = Modifier::empty();
    if let Some(sel) = selection {
        let us = pos.side_to_move();
        if sq == sel.from {
            let left = sel.remaining();
            stack = (!left.is_empty()).then_some((us, left));
            bg = SOURCE_BG;
            modifiers |= Modifier::UNDERLINED | Modifier::BOLD;
        } else if let Some((_, sent)) = sel.groups.iter().find(|(to, _)| *to == sq) {
            let arriving: Pieces = match stack {
                Some((side, p)) if side == us => p.plus(*sent),
                _ => *sent,
            };
            stack = Some((us, arriving));
            pending = true;
            bg = SENT_BG;
            modifiers |= Modifier::UNDERLINED;
        }
    }
    let destination = destinations.iter().find(|(d, _)| *d == sq);
    if let Some((_, capture)) = destination {
        bg = if *capture { CAPTURE_BG } else { DEST_BG };
    }
    if last.contains(&sq) {
        bg = LAST_BG;
        modifiers |= Modifier::UNDERLINED;
    }
    let (text, fg) = match (stack, label_line) {
        (Some((side, p)), true) => {
            let mut text = p.label(side, cw);
            // A stack the pieces may reach is marked in text, not by colour alone:
            // x eliminates it, + joins it. When the mark and the stack do not both
            // fit, the stack stays whole and the mark is reverse video.
            let mark = match destination {
                Some((_, true)) if !pending => Some('x'),
                Some((_, false)) if !pending => Some('+'),
                _ => None,
            };
            if let Some(mark) = mark {
                let marked = format!("{mark}{}", p.label(side, cw.saturating_sub(1)));
                if marked.chars().count() <= cw {
                    text = marked;
                } else {
                    modifiers |= Modifier::REVERSED;
                }
            }
            modifiers |= Modifier::BOLD;
            (center(&text, cw), side_color(side))
        }
        (None, true) if destination.is_some() => (center("+", cw), Color::Indexed(231)),
        (Some(_), false) => (" ".repeat(cw), glyph_fg),
        _ => (center(&glyph.to_string(), cw), glyph_fg),
    };
    let text = if label_line || stack.is_none() || cw < 3 {
        text
    } else {
        // The lines of a tall square above and below the stack show its terrain.
        center(&glyph.to_string(), cw)
    };
    CellLook {
        text,
        style: paint(app, Some(fg), Some(bg)).add_modifier(modifiers),
    }
}

/// The legend under the board, packed into lines of `width` columns: pieces,
/// sides, terrain, and the marks in use. A line breaks only between items, so that
/// a symbol always stays beside its name.
pub(crate) fn legend_lines(
    app: &App,
    game: &Game,
    choosing: bool,
    width: u16,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut used = 0;
    for item in legend(app, game, choosing) {
        let w: usize = item.iter().map(|span| span.width()).sum();
        if used > 0 && used + 2 + w > width as usize {
            used = 0;
        }
        if used == 0 {
            lines.push(Line::from(item));
        } else {
            let line = lines.last_mut().expect("a line to extend");
            line.spans.push(Span::raw("  "));
            line.spans.extend(item);
        }
        used += if used == 0 { w } else { 2 + w };
    }
    lines
}

/// The legend's items, each a swatch and its meaning.
fn legend(app: &App, game: &Game, choosing: bool) -> Vec<Vec<Span<'static>>> {
    let s = game.position().scenario();
    let item = |swatch: Span<'static>, meaning: String| vec![swatch, Span::raw(meaning)];
    let mut legend = vec![
        item(Span::styled("F", Style::new().bold()), " Foot".into()),
        item(Span::styled("M", Style::new().bold()), " Mounted".into()),
        item(Span::styled("V", Style::new().bold()), " Vehicle".into()),
        item(
            Span::styled("ABC", paint(app, Some(ARMY_FG), None).bold()),
            " Army".into(),
        ),
        item(
            Span::styled("abc", paint(app, Some(INDIANS_FG), None).bold()),
            " Indians".into(),
        ),
        item(
            Span::styled(" @ ", paint(app, None, Some(STAGING_BG)).bold()),
            " staging".into(),
        ),
    ];
    for t in kinds_on_map(s) {
        let (g, fg, bg) = terrain_style(&t.name, t.symbol);
        legend.push(item(
            Span::styled(format!("{g}"), paint(app, Some(fg), Some(bg))),
            format!(" {}{}", t.name, who_enters(t)),
        ));
    }
    if choosing {
        legend.push(item(
            Span::styled(" + ", paint(app, None, Some(DEST_BG)).bold()),
            " can go".into(),
        ));
        legend.push(item(
            Span::styled(" x ", paint(app, None, Some(CAPTURE_BG)).bold()),
            " eliminates".into(),
        ));
        legend.push(item(
            Span::styled("abc", Style::new().underlined()),
            " picked / on the way".into(),
        ));
    } else if game.moves().len() > 0 {
        legend.push(item(
            Span::styled("abc", paint(app, None, Some(LAST_BG)).underlined()),
            " last move".into(),
        ));
    }
    legend
}
