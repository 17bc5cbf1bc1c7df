//! The help screen: the keys, the rules in brief, and the battle's notes.

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::App;
use crate::board::terrain_style;
use crate::text::{kinds_on_map, who_enters};

/// The help screen's text: keys, the rules in brief, and the battle's notes.
pub(crate) fn help_text(app: &App) -> Vec<Line<'static>> {
    let s = app.game().position().scenario().clone();
    let h = |t: &str| Line::styled(t.to_string(), Style::new().bold().fg(Color::Indexed(214)));
    let p = |t: &str| Line::raw(t.to_string());
    let mut lines = vec![
        h("Keys"),
        p("• Arrows (or h j k l) move the cursor; a mouse click on a square does the same as Enter there."),
        p("• The last move is underlined on the board and told in words in the status panel, with what it eliminated."),
        p("• Enter or space on one of your stacks picks it, with all its pieces chosen. a chooses all; f, m, v add one Foot, Mounted, Vehicle (the first key starts afresh); F, M, V or Backspace remove one."),
        p("• Arrow to a neighbour (+ can go, x eliminates the enemy there; green and red in colour) and press Enter to send the chosen pieces; they are drawn where they are going (underlined) until the move is played. Send others to other neighbours the same way; then Enter (or c) on the stack plays the move. Esc cancels."),
        p("• : or / types a move in notation: @8:MMM-a8, c3:FF-c4,Mxd3, pass, or resign."),
        p("• p passes (only when you have no move); u undoes, r redoes (against the computer, your move and its reply)."),
        p("• s saves (a name ending in .json writes JSON, any other the text record); o (or L) opens a saved game, asking first if this one has unsaved moves. In a prompt, Ctrl-U clears what is typed."),
        p("• v replays the game: Left/Right step, Home/End, t plays on from the position shown."),
        p("• m (or n) opens the menu: a new game (battle, side, opponent), a rematch with sides swapped, a draw (the computer accepts one when it gives its side less than an even chance), save, quit."),
        p("• ? shows this help; q or Ctrl-C quits, asking to save the game first if it has unsaved moves."),
        p("• After the computer moves, the status panel gives the winning chance of the side it favours (Indians 78%: that side's expected result, a draw counting half; the same at every level, and the one the computer gives when it declines a draw) and how many moves ahead it looked (each side's move counts one)."),
        p("• Without colour (NO_COLOR set, or a terminal without colours such as xterm-mono): the cursor is in reverse video, the picked stack, pieces on their way and the last move are underlined, + marks where the pieces can go (+M: a stack of yours they would join) and x an elimination (a stack too tall to show beside its mark is in reverse video)."),
        p(""),
        h("The rules in brief"),
    ];
    lines.extend(crate::brief::rules(&s).iter().map(|t| p(t)));
    let [heading, sides] = crate::brief::battle(&s);
    lines.extend([p(""), h(&heading), p(&sides)]);
    for t in kinds_on_map(&s) {
        let (g, _, _) = terrain_style(&t.name, t.symbol);
        lines.push(p(&format!("{g} {}{}", t.name, who_enters(t))));
    }
    for (head, paragraphs) in crate::brief::notes(&s) {
        lines.push(p(""));
        lines.push(h(head));
        for para in paragraphs {
            lines.push(p(&para));
            lines.push(p(""));
        }
    }
    lines
}

pub(crate) fn draw_help(frame: &mut Frame, app: &App, area: Rect) {
    let text = help_text(app);
    // The furthest scroll that still fills the box: the last page, never past it.
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let rows: usize = text
        .iter()
        .map(|line| {
            let words: Vec<String> = line
                .spans
                .iter()
                .flat_map(|s| s.content.split_whitespace().map(str::to_string))
                .collect();
            crate::plain_text::wrap(&words, width)
                .lines()
                .count()
                .max(1)
        })
        .sum();
    let end = rows.saturating_sub(usize::from(area.height.saturating_sub(2)));
    app.help_end.set(u16::try_from(end).unwrap_or(u16::MAX));
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .scroll((app.help_scroll.min(app.help_end.get()), 0))
            .block(
                Block::new()
                    .borders(Borders::ALL)
                    .title(" Help · arrows/PgUp/PgDn scroll · Esc closes "),
            ),
        area,
    );
}
