//! A lesson full-screen: the goal, the board with the marked squares, the moves and
//! budgets, what the last move brought, and a line to type moves on.

use std::time::Duration;

use anyhow::Context;
use battaglie_learn::{terrain_legend, Say};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

use crate::learn::board::board_lines;
use crate::learn::course::Course;

/// The lesson screen's state.
pub(crate) struct LessonScreen {
    course: Course,
    input: String,
    said: Vec<String>,
    refused: bool,
    monochrome: bool,
    quit: bool,
}

impl LessonScreen {
    pub(crate) fn new(course: Course, monochrome: bool) -> LessonScreen {
        let intro = course.lesson.intro.get(course.lang).to_string();
        LessonScreen {
            course,
            input: String::new(),
            said: vec![intro],
            refused: false,
            monochrome,
            quit: false,
        }
    }

    /// Keys: characters type a move, Enter plays it, `?` asks a hint, Ctrl-R starts the
    /// stage again, Ctrl-N goes to the next one, Esc leaves.
    pub(crate) fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let said = match key.code {
            KeyCode::Esc => {
                self.quit = true;
                return;
            }
            KeyCode::Char('c') if ctrl => {
                self.quit = true;
                return;
            }
            KeyCode::Char('r') if ctrl => self.course.again(),
            KeyCode::Char('n') if ctrl => self.course.next(),
            KeyCode::Char('?') => {
                self.said = vec![self.course.hint()];
                self.refused = false;
                return;
            }
            KeyCode::Char(c) if !ctrl => {
                self.input.push(c);
                return;
            }
            KeyCode::Backspace => {
                self.input.pop();
                return;
            }
            KeyCode::Enter if self.course.complete => {
                self.quit = true;
                return;
            }
            KeyCode::Enter if !self.input.trim().is_empty() => {
                let text = std::mem::take(&mut self.input);
                self.course.submit(text.trim())
            }
            _ => return,
        };
        self.refused = said.refused;
        self.said = said.lines;
    }

    pub(crate) fn should_quit(&self) -> bool {
        self.quit
    }

    pub(crate) fn draw(&self, frame: &mut Frame) {
        let c = &self.course;
        let lang = c.lang;
        let title = format!(
            " {} · {}: {} ",
            Say::Learn.text(lang),
            c.lesson.title.get(lang),
            c.lesson.subtitle.get(lang)
        );
        let block = Block::bordered().title(title);
        let area = block.inner(frame.area());
        frame.render_widget(block, frame.area());
        let board = board_lines(c.run.game().position(), &c.marked, self.monochrome);
        let [goal, board_area, legend, moves, said, input, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(board.len() as u16 + 1),
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(
                    format!("{}. ", c.stage_heading()),
                    Style::default().add_modifier(Modifier::BOLD),
                ),
                Span::raw(c.goal().to_string()),
            ]))
            .wrap(Wrap { trim: true }),
            goal,
        );
        frame.render_widget(Paragraph::new(board), board_area);
        let terrain = terrain_legend(c.run.game().position().scenario(), lang);
        frame.render_widget(
            Paragraph::new(format!("{} {terrain}", Say::Legend.text(lang)))
                .wrap(Wrap { trim: true }),
            legend,
        );
        frame.render_widget(Paragraph::new(c.moves_line()), moves);
        let style = if self.refused {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        frame.render_widget(
            Paragraph::new(self.said.join("\n"))
                .style(style)
                .wrap(Wrap { trim: true }),
            said,
        );
        frame.render_widget(Paragraph::new(format!("> {}█", self.input)), input);
        frame.render_widget(
            Paragraph::new(Say::Keys.text(lang))
                .style(Style::default().add_modifier(Modifier::DIM)),
            keys,
        );
    }
}

/// Runs a lesson full-screen until the player leaves.
pub(crate) fn run(course: Course) -> anyhow::Result<()> {
    let mut screen = LessonScreen::new(course, crate::colour::monochrome_from_env());
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let result = (|| -> anyhow::Result<()> {
        while !screen.should_quit() {
            terminal.draw(|frame| screen.draw(frame))?;
            if event::poll(Duration::from_millis(250))? {
                if let Event::Key(key) = event::read()? {
                    screen.handle_key(key);
                }
            }
        }
        Ok(())
    })();
    ratatui::restore();
    result
}

#[cfg(test)]
mod tests {
    use battaglie_learn::{lessons, Lang};
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::Terminal;

    use super::LessonScreen;
    use crate::learn::course::Course;
    use crate::learn::progress::Progress;

    fn screen(lesson: usize) -> LessonScreen {
        let course = Course::new(&lessons()[lesson - 1], Lang::En, Progress::default());
        LessonScreen::new(course, true)
    }

    fn type_line(screen: &mut LessonScreen, text: &str) {
        for c in text.chars() {
            screen.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        }
        screen.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }

    fn shown(screen: &LessonScreen) -> String {
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        terminal.draw(|f| screen.draw(f)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_full_screen_shows_the_goal_and_answers_a_refused_move_with_its_rule() {
        let mut s = screen(6);
        s.handle_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::CONTROL));
        let text = shown(&s);
        assert!(text.contains("Stage 2 of 4."), "{text}");
        type_line(&mut s, "a1:Fxb1");
        let text = shown(&s);
        assert!(
            text.contains("Not like that: Foot cannot eliminate Mounted on b1"),
            "{text}"
        );
        assert!(text.contains("Look at"), "{text}");
        s.handle_key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE));
        assert!(shown(&s).contains("Hint: b2:Mxb1"));
        type_line(&mut s, "b2:Mxb1");
        let text = shown(&s);
        assert!(text.contains("Done in 1 move: 3 of 3 stars."), "{text}");
        assert!(text.contains("Stage 3 of 4."), "{text}");
        s.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
        assert!(s.should_quit());
    }
}
