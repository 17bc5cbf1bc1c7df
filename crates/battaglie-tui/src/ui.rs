//! Laying out the screens: the title, the board, the side panel, the footer, the
//! menu, and a notice when the terminal is too small for the board.

use battaglie_rules::{Game, Side};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Mode, PromptKind, Screen, Selection, StatusKind};
use crate::board::{board_height, board_width, draw_board, paint, side_color};
use crate::describe::{last_move, numbered_moves};
use crate::session::{describe_outcome, title};

/// The narrowest side panel.
const PANEL_MIN: u16 = 22;
/// The footer: up to two lines of message and one of keys.
const FOOTER: u16 = 3;

/// Cell size for a board of `files` x `ranks` in `area`: the widest cells that
/// leave room for the side panel, and tall cells when the height allows.
fn cell_size(files: u8, ranks: u8, area: Rect) -> (u16, u16) {
    let cell_w = [8, 7, 6, 5, 4]
        .into_iter()
        .find(|&w| board_width(files, w) + PANEL_MIN.max(w * 5) <= area.width)
        .unwrap_or(4);
    // One legend line at least under the board.
    let cell_h = [3, 2, 1]
        .into_iter()
        .find(|&h| (h == 1 || cell_w >= 5) && board_height(ranks, h) + 2 <= area.height)
        .unwrap_or(1);
    (cell_w, cell_h)
}

/// The smallest terminal the game screen fits in: squares four columns wide (a full
/// stack's letters fit) and one line tall, and the legend whole under the board
/// (`legend_h` lines at that width, its longest form, while a move is built).
pub(crate) fn minimum_size(files: u8, ranks: u8, legend_h: u16) -> (u16, u16) {
    (
        board_width(files, 4) + PANEL_MIN,
        1 + board_height(ranks, 1) + legend_h + FOOTER,
    )
}

/// Draws the current screen.
pub(crate) fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if app.screen == Screen::Help {
        crate::help::draw_help(frame, app, area);
        return;
    }
    let replaying = app.screen == Screen::Replay && app.replay.is_some();
    let game: &Game = match (&app.replay, replaying) {
        (Some(r), true) => &r.game,
        _ => app.game(),
    };
    let s = game.position().scenario();
    let legend_h = crate::board::legend_lines(app, game, true, board_width(s.width(), 4)).len();
    let (min_w, min_h) = minimum_size(s.width(), s.height(), legend_h as u16);
    let too_small = area.width < min_w || area.height < min_h;
    app.too_small.set(too_small);
    if too_small {
        app.geometry.set(None);
        draw_too_small(frame, app, area, (min_w, min_h));
        return;
    }
    let [title_area, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(FOOTER),
    ])
    .areas(area);
    draw_title(frame, s, replaying, title_area);
    let (cell_w, cell_h) = cell_size(s.width(), s.height(), body);
    let bw = board_width(s.width(), cell_w).min(body.width);
    let [left, panel_area] =
        Layout::horizontal([Constraint::Length(bw), Constraint::Min(0)]).areas(body);
    // Under the board and its legend, the battle's notes when there is room.
    let choosing = matches!(app.mode, Mode::Select(_)) && !replaying;
    let legend_h = crate::board::legend_lines(app, game, choosing, bw).len() as u16;
    let board_h = board_height(s.height(), cell_h) + legend_h;
    let [board_area, notes_area] =
        Layout::vertical([Constraint::Length(board_h), Constraint::Min(0)]).areas(left);
    draw_board(frame, app, game, board_area, cell_w, cell_h, !replaying);
    if notes_area.height >= 4 {
        draw_notes(frame, game, notes_area);
    }
    draw_panel(frame, app, game, panel_area, replaying);
    draw_footer(frame, app, footer, body, replaying);
    if let Mode::Menu(menu) = &app.mode {
        draw_menu(frame, app, menu, body);
    }
}

/// In place of the board: how large the terminal must be, and a pending question.
fn draw_too_small(frame: &mut Frame, app: &App, area: Rect, (min_w, min_h): (u16, u16)) {
    let mut text = format!(
        "battaglie: the board needs a larger terminal. Enlarge the terminal to at least {min_w}x{min_h} (it is {}x{}), or play in the line mode, which fits any terminal: battaglie play --plain. ? help, q quits.",
        area.width, area.height
    );
    if let Mode::Confirm(c) = &app.mode {
        text.push_str("\n\n");
        text.push_str(&crate::menu::question(c, app.offered_back()));
        text.push_str(" (saving needs the larger terminal)");
    }
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

fn draw_title(frame: &mut Frame, s: &battaglie_rules::Scenario, replaying: bool, area: Rect) {
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" battaglie ", Style::new().bold().reversed()),
            Span::raw(title_text(s, replaying, area.width)),
        ])),
        area,
    );
}

fn draw_notes(frame: &mut Frame, game: &Game, area: Rect) {
    let s = game.position().scenario();
    let (width, height) = (
        usize::from(area.width.saturating_sub(2)),
        usize::from(area.height.saturating_sub(2)),
    );
    let mut lines: Vec<String> = s
        .notes()
        .summary
        .split("\n\n")
        .flat_map(|para| {
            let words: Vec<String> = para.split_whitespace().map(str::to_string).collect();
            crate::plain_text::wrap(&words, width)
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    // Cut where the box ends, and say so: the whole text is in the help.
    if lines.len() > height {
        lines.truncate(height);
        if let Some(last) = lines.last_mut() {
            while last.chars().count() + 1 > width {
                match last.rsplit_once(' ') {
                    Some((head, _)) => *last = head.to_string(),
                    None => last.clear(),
                }
            }
            last.push('…');
        }
    }
    let lines: Vec<Line> = lines.into_iter().map(Line::raw).collect();
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::new()
                .borders(Borders::ALL)
                .title(format!(" {} · ? for the history ", s.name())),
        ),
        area,
    );
}

const SPINNER: [char; 8] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧'];

/// The status panel's lines: whose turn, the players, the computer, the pieces,
/// the last move, the move being built.
fn status_lines(app: &App, game: &Game, replaying: bool) -> Vec<Line<'static>> {
    let mut status: Vec<Line> = Vec::new();
    if replaying {
        status.extend(replay_lines(app));
    }
    status.extend(turn_lines(app, game, replaying));
    if !replaying {
        status.push(Line::raw(app.players()));
        status.extend(computer_lines(app, game));
    }
    status.extend(piece_lines(app, game));
    if let (Mode::Select(sel), false) = (&app.mode, replaying) {
        status.extend(selection_lines(app, sel));
    }
    status
}

/// Where the replay stands. Short lines: the panel is 20 columns wide at 80.
/// The turn follows below, and the move list marks the move shown.
fn replay_lines(app: &App) -> Vec<Line<'static>> {
    let Some((i, n)) = app.replay_position() else {
        return Vec::new();
    };
    vec![
        Line::styled("Replay", Style::new().bold()),
        Line::raw(format!("move {i} of {n}")),
    ]
}

/// The end of the game, or whose turn it is.
fn turn_lines(app: &App, game: &Game, replaying: bool) -> Vec<Line<'static>> {
    let pos = game.position();
    let s = pos.scenario();
    let mut status = Vec::new();
    match describe_outcome(game) {
        Some(end) => {
            status.push(Line::styled(
                "GAME OVER",
                paint(app, Some(Color::Indexed(226)), None).bold(),
            ));
            status.push(Line::styled(
                end,
                paint(app, Some(Color::Indexed(226)), None),
            ));
            if !replaying {
                status.push(Line::raw("m menu: new game, rematch"));
            }
        }
        None => {
            let side = pos.side_to_move();
            let whose = match app.human() {
                Some(h) if !replaying && h == side => " (you)",
                Some(_) if !replaying => " (computer)",
                _ => "",
            };
            status.push(Line::raw(format!("Turn {}", pos.turn())));
            status.push(Line::styled(
                format!("{} to move{whose}", title(side)),
                paint(app, Some(side_color(side)), None).bold(),
            ));
            status.push(Line::raw(format!(" {}", s.side_name(side))));
        }
    }
    status
}

/// The computer thinking (for how long, its evaluation so far), or its last
/// evaluation.
fn computer_lines(app: &App, game: &Game) -> Vec<Line<'static>> {
    let mut status = Vec::new();
    if let Some((elapsed, eval)) = app.thinking_status() {
        let tick = (elapsed.as_millis() / 120) as usize % SPINNER.len();
        status.push(Line::styled(
            format!(
                "{} Computer thinking {:.1}s",
                SPINNER[tick],
                elapsed.as_secs_f64()
            ),
            paint(app, Some(Color::Indexed(214)), None).bold(),
        ));
        if let Some(line) = eval {
            status.push(Line::raw(format!(" {line}")));
        }
    } else if let Some(eval) = app.last_eval.as_ref().filter(|_| !game.is_over()) {
        status.push(Line::raw("Winning chance"));
        for line in eval.lines() {
            status.push(Line::raw(format!(" {line}")));
        }
    }
    status
}

/// Each side's pieces, and the last move.
fn piece_lines(app: &App, game: &Game) -> Vec<Line<'static>> {
    let pos = game.position();
    let mut status = Vec::new();
    for side in Side::ALL {
        let n = pos.piece_count(side);
        status.push(Line::raw(format!(
            "{}: {n} piece{}",
            title(side),
            if n == 1 { "" } else { "s" }
        )));
    }
    if let Some(last) = last_move(game) {
        status.push(Line::styled(
            format!("Last: {last}"),
            paint(app, Some(Color::Indexed(186)), None),
        ));
    }
    status
}

/// The move being built: the stack it leaves, what is sent, the move so far.
fn selection_lines(app: &App, sel: &Selection) -> Vec<Line<'static>> {
    let left = match sel.remaining() {
        left if left.is_empty() => format!("From {}: all sent", sel.from),
        left => format!("From {}: {left} left", sel.from),
    };
    let sending = if sel.chosen.is_empty() {
        "nothing".to_string()
    } else {
        sel.chosen.to_string()
    };
    let mut status = vec![
        Line::styled(left, Style::new().bold()),
        Line::from(vec![
            Span::raw("Sending: "),
            Span::styled(sending, paint(app, Some(Color::Indexed(82)), None).bold()),
        ]),
    ];
    if !sel.groups.is_empty() {
        status.push(Line::raw(format!("Move: {}", sel.text(None))));
    }
    status
}

/// The rows `line` takes when wrapped at word boundaries to `width` columns, as the
/// panel's `Wrap` lays it out (a word longer than a row is broken): counting columns
/// alone undercounts, and the panel's last line was cut.
fn wrapped_rows(line: &Line, width: usize) -> usize {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let (mut rows, mut col) = (1, 0);
    for word in text.split_whitespace() {
        let w = Span::raw(word).width();
        if col == 0 {
            col = w;
        } else if col + 1 + w <= width {
            col += 1 + w;
        } else {
            rows += 1;
            col = w;
        }
        while col > width {
            rows += 1;
            col -= width;
        }
    }
    rows
}

fn draw_panel(frame: &mut Frame, app: &App, game: &Game, area: Rect, replaying: bool) {
    let status = status_lines(app, game, replaying);
    let inner = area.width.saturating_sub(2).max(1) as usize;
    let rows: usize = status.iter().map(|l| wrapped_rows(l, inner)).sum();
    let status_h = (rows as u16 + 2).min(area.height.saturating_sub(3).max(3));
    let [status_area, moves_area] =
        Layout::vertical([Constraint::Length(status_h), Constraint::Min(0)]).areas(area);
    frame.render_widget(
        Paragraph::new(status)
            .wrap(Wrap { trim: true })
            .block(Block::new().borders(Borders::ALL).title(" Status ")),
        status_area,
    );
    // The move list, one ply a line.
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
    // Each move takes as many rows as it needs (long moves break after a comma), and
    // the rows shown follow the last (or the replay's current) move.
    let visible = moves_area.height.saturating_sub(2) as usize;
    let width = (moves_area.width.saturating_sub(2) as usize).saturating_sub(MARK.len());
    let highlighted = match current {
        Some(c) => c.checked_sub(1),
        None => moves.len().checked_sub(1),
    };
    let mut rows: Vec<(usize, String)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        rows.extend(move_rows(m, width).into_iter().map(|r| (i, r)));
    }
    let first = if rows.len() <= visible {
        0
    } else if current.is_none() {
        rows.len() - visible
    } else {
        let focus = highlighted.map_or(0, |h| rows.iter().position(|(i, _)| *i == h).unwrap_or(0));
        focus.saturating_sub(visible / 2).min(rows.len() - visible)
    };
    let lines: Vec<Line> = if moves.is_empty() {
        vec![Line::styled(
            " no moves yet",
            paint(app, Some(Color::Indexed(245)), None),
        )]
    } else {
        let last_row_of = |i: usize| rows.iter().rposition(|(m, _)| *m == i);
        let mark_row = highlighted.and_then(last_row_of);
        rows.iter()
            .enumerate()
            .skip(first)
            .take(visible.max(1))
            .map(|(r, (i, text))| {
                if Some(*i) == highlighted {
                    let mark = if Some(r) == mark_row { MARK } else { "" };
                    Line::styled(format!("{text}{mark}"), Style::new().reversed())
                } else {
                    Line::raw(text.clone())
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

/// The title row after the program's name: the battle, its date and both forces,
/// or, when that does not fit in `width`, the battle and its date alone.
fn title_text(s: &battaglie_rules::Scenario, replaying: bool, width: u16) -> String {
    let replay = if replaying { " · REPLAY" } else { "" };
    let full = format!(
        " {} ({}) · {} vs {}{replay}",
        s.name(),
        s.date(),
        s.side_name(Side::Army),
        s.side_name(Side::Indians),
    );
    // The program's name takes 11 columns (" battaglie ").
    if full.chars().count() + 11 <= width as usize {
        full
    } else {
        format!(" {} ({}){replay}", s.name(), s.date())
    }
}

/// The mark after the highlighted move in the move list.
const MARK: &str = " ◂";

/// The rows a numbered move (`63... g5:M-f5,F-g4`) takes in `width` columns: broken
/// after its commas (inside a part only when one part alone is too long), each
/// continuation indented under the move, so that no move is ever cut.
fn move_rows(numbered: &str, width: usize) -> Vec<String> {
    let indent = numbered.rfind(". ").map_or(0, |i| i + 2);
    let width = width.max(indent + 4);
    let mut rows = vec![String::new()];
    let mut pieces: Vec<String> = vec![numbered[..indent].to_string()];
    let body = &numbered[indent..];
    let parts: Vec<&str> = body.split_inclusive(',').collect();
    pieces[0].push_str(parts.first().copied().unwrap_or(""));
    pieces.extend(parts.iter().skip(1).map(|p| p.to_string()));
    for piece in pieces {
        let row = rows.last_mut().expect("one row at least");
        if row.chars().count() + piece.chars().count() <= width {
            row.push_str(&piece);
            continue;
        }
        let mut rest: Vec<char> = piece.chars().collect();
        if !row.trim().is_empty() {
            rows.push(" ".repeat(indent));
        }
        loop {
            let row = rows.last_mut().expect("one row at least");
            let room = width.saturating_sub(row.chars().count()).max(1);
            let take = room.min(rest.len());
            row.extend(rest.drain(..take));
            if rest.is_empty() {
                break;
            }
            rows.push(" ".repeat(indent));
        }
    }
    rows
}

/// Keys of the footer, each in a full and a short form; the last ones are kept
/// whatever the width.
fn footer_keys(app: &App, replaying: bool) -> Vec<(&'static str, &'static str)> {
    if replaying {
        return vec![
            ("←/→ step", "←/→"),
            ("Home/End", "Home/End"),
            ("t play on from here", "t play on"),
            ("? help", "? help"),
            ("Esc back", "Esc back"),
        ];
    }
    match app.mode {
        Mode::Select(_) => vec![
            ("a all", "a all"),
            ("f/m/v +1", "f/m/v +1"),
            ("F/M/V/⌫ −1", "F/M/V −1"),
            ("arrows+Enter send", "Enter send"),
            ("Enter/c on source: play", "c play"),
            ("? help", "? help"),
            ("Esc cancel", "Esc cancel"),
        ],
        Mode::Prompt(ref p) => match p.kind {
            PromptKind::Move => vec![
                (
                    "moves like @8:MMM-a8, c3:FF-c4,Mxd3, pass",
                    "e.g. @8:MMM-a8",
                ),
                ("Ctrl-U clear", "^U clear"),
                ("Enter play", "Enter play"),
                ("Esc cancel", "Esc cancel"),
            ],
            PromptKind::Save | PromptKind::Load => vec![
                (
                    "a name ending in .json is JSON, any other the text record",
                    ".json = JSON",
                ),
                ("Ctrl-U clear", "^U clear"),
                ("Enter accept", "Enter ok"),
                ("Esc cancel", "Esc cancel"),
            ],
        },
        Mode::Confirm(_) => vec![("answer the question above", "answer above")],
        Mode::Menu(_) => vec![
            ("↑/↓ choose", "↑/↓"),
            ("←/→ change", "←/→"),
            ("Enter do", "Enter"),
            ("Esc close", "Esc close"),
        ],
        Mode::Normal => vec![
            ("arrows/hjkl move", "hjkl"),
            ("Enter pick", "Enter pick"),
            (": type move", ": move"),
            ("u/r undo/redo", "u/r"),
            ("s save", "s save"),
            ("o open", "o open"),
            ("v replay", "v replay"),
            ("m menu", "m menu"),
            ("? help", "? help"),
            ("q quit", "q quit"),
        ],
    }
}

/// The keys that fit in `width`: the full forms if they all fit, else the short
/// ones, else as many short ones as fit before the last two (help and quit or
/// cancel), which always stay.
pub(crate) fn fit_keys(keys: &[(&str, &str)], width: usize) -> String {
    let join = |parts: Vec<&str>| parts.join("  ");
    let full = join(keys.iter().map(|k| k.0).collect());
    if full.chars().count() <= width {
        return full;
    }
    let short = join(keys.iter().map(|k| k.1).collect());
    if short.chars().count() <= width || keys.len() <= 2 {
        return short;
    }
    let (head, tail) = keys.split_at(keys.len() - 2);
    let tail = join(tail.iter().map(|k| k.1).collect());
    let mut out = String::new();
    for k in head {
        if out.chars().count() + k.1.chars().count() + 2 + tail.chars().count() + 2 > width {
            break;
        }
        out.push_str(k.1);
        out.push_str("  ");
    }
    out + &tail
}

/// How many lines `text` takes when wrapped at word boundaries into `width` columns.
fn wrapped_height(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let mut lines = 1u16;
    let mut used = 0usize;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        let needed = if used == 0 { w } else { used + 1 + w };
        if needed <= width {
            used = needed;
        } else {
            lines = lines.saturating_add(1 + (w.saturating_sub(1) / width) as u16);
            used = w % width;
        }
    }
    lines
}

/// Draws `line` whole: in the footer's message lines when it fits there, else in a
/// box over the bottom of the board (until the next key), so that nothing is cut.
fn draw_message(frame: &mut Frame, line: Line, first: Rect, body: Rect) {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if wrapped_height(&text, first.width) <= first.height || body.height < 3 {
        frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), first);
        return;
    }
    let inner = body.width.saturating_sub(2);
    let height = (wrapped_height(&text, inner) + 2).min(body.height);
    let area = Rect {
        x: body.x,
        y: body.bottom() - height,
        width: body.width,
        height,
    };
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(line)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL)),
        area,
    );
}

fn draw_footer(frame: &mut Frame, app: &App, area: Rect, body: Rect, replaying: bool) {
    let [first, second] =
        Layout::vertical([Constraint::Length(FOOTER - 1), Constraint::Length(1)]).areas(area);
    draw_message(frame, footer_line(app, replaying), first, body);
    let keys = fit_keys(&footer_keys(app, replaying), second.width as usize);
    frame.render_widget(
        Paragraph::new(Line::styled(
            keys,
            paint(app, Some(Color::Indexed(245)), None),
        )),
        second,
    );
}

/// The colour of a status line of this kind.
fn status_style(app: &App, kind: StatusKind) -> Style {
    match kind {
        StatusKind::Error => paint(app, Some(Color::Indexed(203)), None).bold(),
        StatusKind::Info => paint(app, Some(Color::Indexed(114)), None),
    }
}

/// The footer's message line: the prompt being typed (and its error), the
/// question asked, or the status.
fn footer_line(app: &App, replaying: bool) -> Line<'static> {
    match (&app.mode, replaying) {
        (Mode::Prompt(p), false) => {
            let label = match p.kind {
                PromptKind::Move => "Move: ",
                PromptKind::Save => "Save to: ",
                PromptKind::Load => "Open: ",
            };
            let mut spans = vec![
                Span::styled(label, Style::new().bold()),
                Span::raw(p.text.clone()),
                Span::styled("█", paint(app, Some(Color::Indexed(250)), None)),
            ];
            if let Some(error) = app.status.as_ref().filter(|s| s.is_error()) {
                spans.push(Span::styled(
                    format!("  {}", error.text),
                    status_style(app, error.kind),
                ));
            }
            Line::from(spans)
        }
        (Mode::Confirm(_), false) => Line::styled(
            app.question().unwrap_or_default(),
            Style::new().bold().reversed(),
        ),
        _ => match &app.status {
            Some(status) => Line::styled(status.text.clone(), status_style(app, status.kind)),
            None => Line::raw(""),
        },
    }
}

fn draw_menu(frame: &mut Frame, app: &App, menu: &crate::menu::Menu, body: Rect) {
    let lines = menu.lines(app);
    let width = lines
        .iter()
        .map(|(t, _)| t.chars().count() as u16 + 6)
        .max()
        .unwrap_or(30)
        .min(body.width);
    let height = (lines.len() as u16 + 2).min(body.height);
    let area = Rect {
        x: body.x + (body.width - width) / 2,
        y: body.y + (body.height - height) / 2,
        width,
        height,
    };
    let text: Vec<Line> = lines
        .into_iter()
        .map(|(t, on)| {
            if on {
                Line::styled(format!("▸ {t}"), Style::new().bold().reversed())
            } else {
                Line::raw(format!("  {t}"))
            }
        })
        .collect();
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(text).block(Block::new().borders(Borders::ALL).title(" Menu ")),
        area,
    );
}
