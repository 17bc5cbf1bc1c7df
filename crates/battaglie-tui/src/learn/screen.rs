//! A lesson full-screen: the goal, the board with the marked squares, the moves and
//! budgets, what the last move brought, and a line to type moves on.

use std::time::Duration;

use anyhow::Context;
use battaglie_learn::{kind_name, terrain_legend, Say};
use battaglie_rules::Square;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::intent::{building, Intent, Step};
use crate::learn::board::board_lines;
use crate::learn::course::{Course, Said};
use crate::pick::{step_cursor, Selection, SendError};

/// The lesson screen's state.
pub(crate) struct LessonScreen {
    course: Course,
    input: String,
    said: Vec<String>,
    refused: bool,
    monochrome: bool,
    quit: bool,
    /// The board's cursor, moved with the arrow keys.
    cursor: Square,
    /// The move being built from the stack picked with Enter, as on the game's screen.
    sel: Option<Selection>,
}

impl LessonScreen {
    pub(crate) fn new(course: Course, monochrome: bool) -> LessonScreen {
        let intro = course.lesson.intro.get(course.lang).to_string();
        let mut screen = LessonScreen {
            course,
            input: String::new(),
            said: vec![intro],
            refused: false,
            monochrome,
            quit: false,
            cursor: Square::staging(0),
            sel: None,
        };
        screen.cursor = screen.home();
        screen
    }

    /// The first square (from the south-west) holding a stack of the side to move.
    fn home(&self) -> Square {
        let pos = self.course.run.game().position();
        let us = pos.side_to_move();
        pos.scenario()
            .squares()
            .find(|sq| matches!(pos.stack(*sq), Some((s, _)) if s == us))
            .unwrap_or(self.cursor)
    }

    /// Keys: the arrows move the cursor and Enter picks the stack under it, then sends
    /// its pieces to a neighbour and plays (the game screen's picking: f, m, v, a choose
    /// pieces meanwhile, Esc drops the move); characters type a move, Enter plays it; `?`
    /// asks a hint, Ctrl-R starts the stage again, Ctrl-N goes to the next one, Esc leaves.
    pub(crate) fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if !ctrl && self.sel.is_some() {
            if let Some(wish) = building(&key) {
                return self.building_key(wish);
            }
        }
        let arrow = match key.code {
            KeyCode::Left => Some(Step::Left),
            KeyCode::Right => Some(Step::Right),
            KeyCode::Up => Some(Step::Up),
            KeyCode::Down => Some(Step::Down),
            _ => None,
        };
        if let Some(step) = arrow {
            let s = self.course.run.game().position().scenario().clone();
            self.cursor = step_cursor(&s, self.cursor, step);
            return;
        }
        let said = match key.code {
            KeyCode::Enter if self.input.trim().is_empty() && !self.course.complete => {
                return self.pick();
            }
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
        self.show(said);
    }

    fn show(&mut self, said: Said) {
        if said.new_stage {
            self.sel = None;
            self.cursor = self.home();
        }
        self.refused = said.refused;
        self.said = said.lines;
    }

    /// A sentence of the picking, with its placeholders filled.
    fn tell(&mut self, what: Say, fill: &[(&str, String)], refused: bool) {
        let mut text = what.text(self.course.lang).to_string();
        for (key, value) in fill {
            text = text.replace(key, value);
        }
        self.said = vec![text];
        self.refused = refused;
    }

    /// Enter with nothing typed: pick the stack under the cursor.
    fn pick(&mut self) {
        let pos = self.course.run.game().position();
        match pos.stack(self.cursor) {
            Some((side, stack)) if side == pos.side_to_move() => {
                self.sel = Some(Selection::new(self.cursor, stack));
                let s = self.cursor.to_string();
                self.tell(
                    Say::Picking,
                    &[("{s}", s), ("{p}", stack.to_string())],
                    false,
                );
            }
            _ => self.tell(Say::PickOwn, &[], true),
        }
    }

    /// A key while a move is built from a picked stack.
    fn building_key(&mut self, wish: Intent) {
        let Some(mut sel) = self.sel.take() else {
            return;
        };
        let from = sel.from.to_string();
        match wish {
            Intent::Cancel => {
                self.cursor = sel.from;
                self.said.clear();
                return;
            }
            Intent::Cursor(step) => {
                let s = self.course.run.game().position().scenario().clone();
                self.cursor = step_cursor(&s, self.cursor, step);
            }
            Intent::ChooseAll | Intent::Add(_) | Intent::Remove(_) | Intent::RemoveLast => {
                match sel.choose(&wish) {
                    Ok(()) => {
                        let p = sel.chosen.to_string();
                        self.tell(Say::Picking, &[("{s}", from), ("{p}", p)], false);
                    }
                    Err(kind) => {
                        let k = kind_name(kind, self.course.lang).to_string();
                        self.tell(Say::NoneLeft, &[("{s}", from), ("{k}", k)], true);
                    }
                }
            }
            Intent::OpenHelp => {
                self.sel = Some(sel);
                self.show(Said {
                    lines: vec![self.course.hint()],
                    ..Said::default()
                });
                return;
            }
            Intent::Play | Intent::SendOrPlay
                if self.cursor == sel.from || wish == Intent::Play =>
            {
                if sel.groups.is_empty() {
                    self.tell(Say::NothingChosen, &[], true);
                } else {
                    let said = self.course.submit(&sel.text(None));
                    self.cursor = sel.from;
                    return self.show(said);
                }
            }
            Intent::SendOrPlay => return self.send(sel),
            _ => {}
        }
        self.sel = Some(sel);
    }

    /// Enter on a neighbour: the chosen pieces go there; once the whole stack is sent, the
    /// move is played.
    fn send(&mut self, mut sel: Selection) {
        let pos = self.course.run.game().position().clone();
        let to = self.cursor;
        let from = sel.from.to_string();
        match sel.send(&pos, to) {
            Ok(_) if sel.remaining().is_empty() => {
                let said = self.course.submit(&sel.text(None));
                self.cursor = to;
                return self.show(said);
            }
            Ok(sent) => {
                let fill = [
                    ("{p}", sent.to_string()),
                    ("{t}", to.to_string()),
                    ("{s}", from),
                    ("{move}", sel.text(None)),
                ];
                self.tell(Say::Sent, &fill, false);
                self.cursor = sel.from;
            }
            Err(SendError::NotANeighbour) => self.tell(
                Say::NotANeighbour,
                &[("{t}", to.to_string()), ("{s}", from)],
                true,
            ),
            Err(SendError::NothingChosen) => self.tell(Say::NothingChosen, &[], true),
            // The rules' refusal in the lesson's words, its squares marked: the move so
            // far with these pieces, tried, changes nothing.
            Err(SendError::Refused(_)) => {
                let said = self.course.submit(&sel.text(Some((to, sel.chosen))));
                self.show(said);
            }
        }
        self.sel = Some(sel);
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
        let picked = self.sel.as_ref().map(|s| s.from);
        let board = board_lines(
            c.run.game().position(),
            &c.marked,
            (self.cursor, picked),
            self.monochrome,
        );
        let [goal, board_area, legend, moves, said, input, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(board.len() as u16 + 1),
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(2),
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
                .style(Style::default().add_modifier(Modifier::DIM))
                .wrap(Wrap { trim: true }),
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

    fn press(screen: &mut LessonScreen, code: KeyCode) {
        screen.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// Arrow keys from the cursor to `target`, as a player walks there.
    fn walk_to(screen: &mut LessonScreen, target: &str) {
        let target: battaglie_rules::Square = target.parse().unwrap();
        let file = |sq: battaglie_rules::Square| sq.file().map_or(-1, i16::from);
        while file(screen.cursor) != file(target) {
            let step = if file(screen.cursor) < file(target) {
                KeyCode::Right
            } else {
                KeyCode::Left
            };
            press(screen, step);
        }
        while screen.cursor.rank() != target.rank() {
            let step = if screen.cursor.rank() < target.rank() {
                KeyCode::Up
            } else {
                KeyCode::Down
            };
            press(screen, step);
        }
        assert_eq!(screen.cursor, target);
    }

    #[test]
    fn a_move_is_picked_on_the_board_with_the_arrows_and_enter_as_in_a_game() {
        let mut s = screen(6);
        s.handle_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::CONTROL));
        // The Foot on a1 cannot take the Mounted on b1: refused in the lesson's words.
        walk_to(&mut s, "a1");
        press(&mut s, KeyCode::Enter);
        assert!(shown(&s).contains("a1: sending F."), "{}", shown(&s));
        walk_to(&mut s, "b1");
        press(&mut s, KeyCode::Enter);
        let text = shown(&s);
        assert!(
            text.contains("Not like that: Foot cannot eliminate Mounted on b1"),
            "{text}"
        );
        // Esc drops the move being built, not the lesson.
        press(&mut s, KeyCode::Esc);
        assert!(!s.should_quit());
        assert!(s.sel.is_none());
        walk_to(&mut s, "b2");
        press(&mut s, KeyCode::Enter);
        walk_to(&mut s, "b1");
        press(&mut s, KeyCode::Enter);
        let text = shown(&s);
        assert!(text.contains("Done in 1 move: 3 of 3 stars."), "{text}");
        assert!(text.contains("Stage 3 of 4."), "{text}");
    }

    #[test]
    fn enter_on_a_square_without_your_stack_says_to_pick_one() {
        let mut s = screen(6);
        walk_to(&mut s, "c1");
        press(&mut s, KeyCode::Enter);
        assert!(
            shown(&s).contains("Pick one of your stacks"),
            "{}",
            shown(&s)
        );
        // Typed notation still works beside the cursor.
        type_line(&mut s, "a1:Fxb1");
        assert!(shown(&s).contains("Done in 1 move"), "{}", shown(&s));
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
