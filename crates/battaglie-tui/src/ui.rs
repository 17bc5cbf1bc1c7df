//! Drawing the screens: the board in colour, the side panel, the footer, help.

use battaglie_rules::{Game, Position, Side, Square};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{eval_so_far, App, Mode, PromptKind, Screen};
use crate::session::{describe_outcome, title};
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

/// The narrowest side panel.
const PANEL_MIN: u16 = 22;

fn board_width(files: u8, cell_w: u16) -> u16 {
    4 + cell_w + 1 + files as u16 * cell_w + 1
}

/// Cell size for a board of `files` x `ranks` in `area`.
fn cell_size(files: u8, ranks: u8, area: Rect) -> (u16, u16) {
    let cell_w = [6, 5, 4, 3]
        .into_iter()
        .find(|&w| board_width(files, w) + PANEL_MIN <= area.width)
        .unwrap_or(3);
    let cell_h = if cell_w >= 5 && 3 + ranks as u16 * 2 + 3 <= area.height {
        2
    } else {
        1
    };
    (cell_w, cell_h)
}

/// Draws the current screen.
pub(crate) fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if app.screen == Screen::Help {
        draw_help(frame, app, area);
        return;
    }
    let [title_area, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(2),
    ])
    .areas(area);
    let replaying = app.screen == Screen::Replay && app.replay.is_some();
    let game: &Game = match (&app.replay, replaying) {
        (Some(r), true) => &r.game,
        _ => app.game(),
    };
    let pos = game.position();
    let s = pos.scenario();
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" battaglie ", Style::new().bold().reversed()),
            Span::raw(format!(
                " {} ({}) · {} vs {}{}",
                s.name(),
                s.date(),
                s.side_name(Side::Army),
                s.side_name(Side::Indians),
                if replaying { " · REPLAY" } else { "" }
            )),
        ])),
        title_area,
    );
    let (cell_w, cell_h) = cell_size(s.width(), s.height(), body);
    let bw = board_width(s.width(), cell_w).min(body.width);
    let [board_area, panel_area] =
        Layout::horizontal([Constraint::Length(bw), Constraint::Min(0)]).areas(body);
    draw_board(frame, app, pos, board_area, cell_w, cell_h, !replaying);
    draw_panel(frame, app, game, panel_area, replaying);
    draw_footer(frame, app, footer, replaying);
}

/// Glyph, glyph colour and background of a terrain kind, by name.
fn terrain_style(name: &str, symbol: char) -> (char, Color, Color) {
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
const ARMY_FG: Color = Color::Indexed(159);
const INDIANS_FG: Color = Color::Indexed(214);
const SOURCE_BG: Color = Color::Indexed(90);
const DEST_BG: Color = Color::Indexed(28);
const CAPTURE_BG: Color = Color::Indexed(160);
const SENT_BG: Color = Color::Indexed(30);

fn side_color(side: Side) -> Color {
    match side {
        Side::Army => ARMY_FG,
        Side::Indians => INDIANS_FG,
    }
}

fn center(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - n) / 2;
    format!("{}{text}{}", " ".repeat(left), " ".repeat(width - n - left))
}

#[allow(clippy::too_many_arguments)]
fn draw_board(
    frame: &mut Frame,
    app: &App,
    pos: &Position,
    area: Rect,
    cell_w: u16,
    cell_h: u16,
    interactive: bool,
) {
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
    let label = Style::new().fg(Color::Indexed(250)).bold();
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
    for r in (0..ranks).rev() {
        for line in 0..cell_h {
            let mut spans = Vec::new();
            let mid = if cell_h == 2 { 0 } else { line };
            spans.push(Span::styled(
                if line == mid {
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
                let (glyph, glyph_fg, mut bg) = match s.terrain(sq) {
                    Some(t) => terrain_style(&t.name, t.symbol),
                    None => (' ', Color::Indexed(245), STAGING_BG),
                };
                let stack = pos.stack(sq);
                let glyph_text = (center(&glyph.to_string(), cw), Style::new().fg(glyph_fg));
                let (text, mut style) = match (stack, cell_h, line) {
                    (Some((side, p)), _, 0) => (
                        center(&p.label(side, cw), cw),
                        Style::new()
                            .fg(side_color(side))
                            .add_modifier(Modifier::BOLD),
                    ),
                    (None, 2, 0) => (" ".repeat(cw), Style::new()),
                    _ => glyph_text,
                };
                if let Some(sel) = selection {
                    if sq == sel.from {
                        bg = SOURCE_BG;
                    } else if sel.groups.iter().any(|(to, _)| *to == sq) {
                        bg = SENT_BG;
                    }
                }
                if let Some((_, capture)) = destinations.iter().find(|(d, _)| *d == sq) {
                    bg = if *capture { CAPTURE_BG } else { DEST_BG };
                }
                style = style.bg(bg);
                if interactive && sq == app.cursor && app.screen == Screen::Game {
                    style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                }
                spans.push(Span::styled(text, style));
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
    // The legend under the board.
    let mut legend = vec![
        Span::styled("F", Style::new().bold()),
        Span::raw(" Foot "),
        Span::styled("M", Style::new().bold()),
        Span::raw(" Mounted "),
        Span::styled("V", Style::new().bold()),
        Span::raw(" Vehicle  "),
        Span::styled("ABC", Style::new().fg(ARMY_FG).bold()),
        Span::raw(" Army "),
        Span::styled("abc", Style::new().fg(INDIANS_FG).bold()),
        Span::raw(" Indians  "),
        Span::styled(" @ ", Style::new().bg(STAGING_BG)),
        Span::raw(" staging  "),
    ];
    for t in kinds_on_map(s) {
        let (g, fg, bg) = terrain_style(&t.name, t.symbol);
        legend.push(Span::styled(format!("{g}"), Style::new().fg(fg).bg(bg)));
        legend.push(Span::raw(format!(" {}{}  ", t.name, who_enters(t))));
    }
    if !destinations.is_empty() {
        legend.push(Span::styled("  ", Style::new().bg(DEST_BG)));
        legend.push(Span::raw(" can go  "));
        legend.push(Span::styled("  ", Style::new().bg(CAPTURE_BG)));
        legend.push(Span::raw(" eliminates "));
    }
    let board_height = lines.len() as u16;
    let [board_rect, legend_rect] =
        Layout::vertical([Constraint::Length(board_height), Constraint::Min(0)]).areas(area);
    frame.render_widget(Paragraph::new(lines), board_rect);
    frame.render_widget(
        Paragraph::new(Line::from(legend)).wrap(Wrap { trim: true }),
        legend_rect,
    );
}

/// The moves of `game` as numbered plies: `3. c7:MMM-d7`, `3... i7:FF-h7`.
fn numbered_moves(game: &Game) -> Vec<String> {
    let start = game.start();
    let (mut turn, mut side) = (start.turn(), start.side_to_move());
    game.moves()
        .map(|mv| {
            let text = match side {
                Side::Army => format!("{turn:>3}. {mv}"),
                Side::Indians => format!("{turn:>3}… {mv}"),
            };
            if side == Side::Indians {
                turn += 1;
            }
            side = !side;
            text
        })
        .collect()
}

const SPINNER: [char; 8] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧'];

fn draw_panel(frame: &mut Frame, app: &App, game: &Game, area: Rect, replaying: bool) {
    let pos = game.position();
    let s = pos.scenario();
    let mut status: Vec<Line> = Vec::new();
    match describe_outcome(game) {
        Some(end) => {
            status.push(Line::styled(
                "GAME OVER",
                Style::new().fg(Color::Indexed(226)).bold(),
            ));
            status.push(Line::styled(end, Style::new().fg(Color::Indexed(226))));
        }
        None => {
            let side = pos.side_to_move();
            let whose = match app.human() {
                Some(h) if !replaying && h == side => " (you)",
                Some(_) if !replaying => " (computer)",
                _ => "",
            };
            status.push(Line::from(vec![
                Span::raw(format!("Turn {} · ", pos.turn())),
                Span::styled(
                    format!("{} to move{whose}", title(side)),
                    Style::new().fg(side_color(side)).bold(),
                ),
            ]));
            status.push(Line::raw(format!(" {}", s.side_name(side))));
        }
    }
    if replaying {
        if let Some((i, n)) = app.replay_position() {
            status.insert(
                0,
                Line::styled(format!("Replay: move {i} of {n}"), Style::new().bold()),
            );
        }
    } else {
        status.push(Line::raw(app.players()));
        if let Some((elapsed, info)) = app.thinking_status() {
            let tick = (elapsed.as_millis() / 120) as usize % SPINNER.len();
            status.push(Line::styled(
                format!(
                    "{} Computer thinking {:.1}s",
                    SPINNER[tick],
                    elapsed.as_secs_f64()
                ),
                Style::new().fg(Color::Indexed(214)).bold(),
            ));
            if let Some(info) = info {
                status.push(Line::raw(format!(" {}", eval_so_far(info))));
            }
        } else if let Some(eval) = &app.last_eval {
            status.push(Line::raw(format!("Computer: {eval}")));
        }
        status.push(Line::raw(format!(
            "Pieces: Army {}, Indians {}",
            pos.piece_count(Side::Army),
            pos.piece_count(Side::Indians)
        )));
        if let Mode::Select(sel) = &app.mode {
            status.push(Line::styled(
                format!("From {}: {} left", sel.from, sel.remaining()),
                Style::new().bold(),
            ));
            status.push(Line::from(vec![
                Span::raw("Sending: "),
                Span::styled(
                    if sel.chosen.is_empty() {
                        "nothing".to_string()
                    } else {
                        sel.chosen.to_string()
                    },
                    Style::new().fg(Color::Indexed(82)).bold(),
                ),
            ]));
            if !sel.groups.is_empty() {
                status.push(Line::raw(format!("Move: {}", sel.text(None))));
            }
        }
    }
    let inner = area.width.saturating_sub(2).max(1) as usize;
    let rows: usize = status
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner))
        .sum();
    let status_h = (rows as u16 + 2).min(area.height.saturating_sub(3).max(3));
    let [status_area, moves_area] =
        Layout::vertical([Constraint::Length(status_h), Constraint::Min(0)]).areas(area);
    frame.render_widget(
        Paragraph::new(status)
            .wrap(Wrap { trim: true })
            .block(Block::new().borders(Borders::ALL).title(" Status ")),
        status_area,
    );
    // The move list, scrolled so that the last (or the replay's current) move shows.
    let moves = match (&app.replay, replaying) {
        (Some(r), true) => {
            let mut full = Game::new(r.game.start().clone());
            for mv in &r.moves {
                if full.try_play(mv).is_err() {
                    break;
                }
            }
            numbered_moves(&full)
        }
        _ => numbered_moves(game),
    };
    let current = if replaying {
        app.replay_position().map(|(i, _)| i)
    } else {
        None
    };
    let visible = moves_area.height.saturating_sub(2) as usize;
    let focus = current.unwrap_or(moves.len());
    let first = if moves.len() <= visible {
        0
    } else {
        focus
            .saturating_sub(visible / 2)
            .min(moves.len() - visible)
            .max(if current.is_none() {
                moves.len() - visible
            } else {
                0
            })
    };
    let lines: Vec<Line> = if moves.is_empty() {
        vec![Line::styled(
            " no moves yet",
            Style::new().fg(Color::Indexed(245)),
        )]
    } else {
        moves
            .iter()
            .enumerate()
            .skip(first)
            .take(visible.max(1))
            .map(|(i, m)| {
                if current == Some(i + 1) {
                    Line::styled(m.clone(), Style::new().reversed())
                } else {
                    Line::raw(m.clone())
                }
            })
            .collect()
    };
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::new()
                .borders(Borders::ALL)
                .title(format!(" Moves ({}) ", moves.len())),
        ),
        moves_area,
    );
}

fn draw_footer(frame: &mut Frame, app: &App, area: Rect, replaying: bool) {
    let [first, second] =
        Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(area);
    let top = match (&app.mode, replaying) {
        (Mode::Prompt(p), false) => {
            let label = match p.kind {
                PromptKind::Move => "Move: ",
                PromptKind::Save => "Save to: ",
                PromptKind::Load => "Load from: ",
            };
            let mut spans = vec![
                Span::styled(label, Style::new().bold()),
                Span::raw(p.text.clone()),
                Span::styled("█", Style::new().fg(Color::Indexed(250))),
            ];
            if let Some((m, true)) = &app.message {
                spans.push(Span::styled(
                    format!("  {m}"),
                    Style::new().fg(Color::Indexed(203)),
                ));
            }
            Line::from(spans)
        }
        _ => match &app.message {
            Some((m, true)) => Line::styled(m.clone(), Style::new().fg(Color::Indexed(203)).bold()),
            Some((m, false)) => Line::styled(m.clone(), Style::new().fg(Color::Indexed(114))),
            None => Line::raw(""),
        },
    };
    frame.render_widget(Paragraph::new(top), first);
    let keys = if replaying {
        "←/→ step  Home/End  t play on from here  ? help  Esc back"
    } else {
        match app.mode {
            Mode::Select(_) => {
                "a all  f/m/v +1  F/M/V/⌫ −1  arrows+Enter send  Enter/c on source: play  Esc cancel"
            }
            Mode::Prompt(_) => "Enter accept  Esc cancel  (moves like @8:MMM-a8, c3:FF-c4,Mxd3, pass)",
            Mode::Normal => {
                "arrows move  Enter pick  : type move  u/r undo/redo  s save  l load  v replay  ? help  q quit"
            }
        }
    };
    frame.render_widget(
        Paragraph::new(Line::styled(keys, Style::new().fg(Color::Indexed(245)))),
        second,
    );
}

/// The help screen's text: keys, the rules in brief, and the battle's notes.
pub(crate) fn help_text(app: &App) -> Vec<Line<'static>> {
    let s = app.game().position().scenario().clone();
    let h = |t: &str| Line::styled(t.to_string(), Style::new().bold().fg(Color::Indexed(214)));
    let p = |t: &str| Line::raw(t.to_string());
    let mut lines = vec![
        h("Keys"),
        p("• Arrows (or h j k l) move the cursor; a mouse click on a square does the same as Enter there."),
        p("• Enter or space on one of your stacks picks it, with all its pieces chosen. a chooses all; f, m, v add one Foot, Mounted, Vehicle (the first key starts afresh); F, M, V or Backspace remove one."),
        p("• Arrow to a neighbour (green: can go, red: eliminates the enemy there) and press Enter to send the chosen pieces; send others to other neighbours the same way; then Enter (or c) on the stack plays the move. Esc cancels."),
        p("• : or / types a move in notation: @8:MMM-a8, c3:FF-c4,Mxd3, pass, or resign."),
        p("• p passes (only when you have no move); u undoes, r redoes (against the computer, your move and its reply)."),
        p("• s saves (a name ending in .json writes JSON, any other the text record); l loads a saved game."),
        p("• v replays the game: Left/Right step, Home/End, t plays on from the position shown."),
        p("• ? shows this help; q or Ctrl-C quits."),
        p(""),
        h("The rules in brief"),
        p("The Army (upper-case letters) moves first, riding in from the staging squares (@) west of file a; the Indians (lower case) start on the east edge. F is Foot, M Mounted, V Vehicle."),
        p("A move takes one or more pieces from ONE square, each one step north, east, south or west, never diagonally; the pieces may split up between neighbours. Pieces in staging only step east onto file a."),
        p(&format!(
            "No square may hold more than {} pieces. Only Foot may enter houses; other terrain as the legend says.",
            s.rules().stack_limit()
        )),
        p("Moving onto an enemy stack eliminates the whole stack, if every enemy piece there can be eliminated by one of the arriving pieces: Foot eliminate only Foot; Mounted and Vehicles eliminate anything."),
        p(&format!(
            "A side with no pieces left loses. A side with no legal move passes. Draws: neither side can move, the same position a third time, or {} plies without an elimination. A player may resign.",
            s.rules().quiet_limit()
        )),
        p(""),
        h(&format!("The battle: {} ({})", s.name(), s.date())),
        p(&format!(
            "Army: {}. Indians: {}.",
            s.side_name(Side::Army),
            s.side_name(Side::Indians)
        )),
    ];
    for t in kinds_on_map(&s) {
        let (g, _, _) = terrain_style(&t.name, t.symbol);
        lines.push(p(&format!("{g} {}{}", t.name, who_enters(t))));
    }
    for (head, body) in [
        ("Summary", &s.notes().summary),
        ("History", &s.notes().history),
    ] {
        if body.trim().is_empty() {
            continue;
        }
        lines.push(p(""));
        lines.push(h(head));
        for para in body.split("\n\n") {
            lines.push(p(&para.replace('\n', " ")));
            lines.push(p(""));
        }
    }
    lines
}

fn draw_help(frame: &mut Frame, app: &App, area: Rect) {
    frame.render_widget(
        Paragraph::new(help_text(app))
            .wrap(Wrap { trim: false })
            .scroll((app.help_scroll, 0))
            .block(
                Block::new()
                    .borders(Borders::ALL)
                    .title(" Help · arrows/PgUp/PgDn scroll · Esc closes "),
            ),
        area,
    );
}
