//! The prompts of the full-screen interface (save, load, quit, resign) and the keys
//! of its replay and help screens.

use super::*;

impl App {
    pub(super) fn prompt_key(&mut self, key: KeyEvent, mut prompt: Prompt) {
        match key.code {
            KeyCode::Esc => {
                self.message = None;
                self.quit_after_save = false;
                self.start_after_save = None;
                return;
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                prompt.text.clear();
            }
            KeyCode::Backspace => {
                prompt.text.pop();
            }
            KeyCode::Char(c)
                if !key.modifiers.contains(KeyModifiers::CONTROL)
                    && prompt.text.chars().count() < 200 =>
            {
                prompt.text.push(c);
            }
            KeyCode::Enter => {
                let text = prompt.text.trim().to_string();
                if text.is_empty() {
                    // Keep the prompt, and replace whatever was said before it.
                    self.error(match prompt.kind {
                        PromptKind::Move => "Type a move first (Esc cancels).",
                        PromptKind::Save | PromptKind::Load => {
                            "Type a file name first (Esc cancels)."
                        }
                    });
                    self.mode = Mode::Prompt(prompt);
                    return;
                }
                match prompt.kind {
                    PromptKind::Move => {
                        if text.eq_ignore_ascii_case("resign") {
                            self.resign();
                            return;
                        }
                        if self.play_text(&text) {
                            return;
                        }
                    }
                    PromptKind::Save => match self.session.save(Path::new(&text)) {
                        Ok(written) => {
                            self.info(&Session::saved_message(Path::new(&text), &written));
                            self.save_path = written.display().to_string();
                            if self.quit_after_save {
                                self.farewell = self.message.as_ref().map(|(m, _)| m.clone());
                                self.quit = true;
                            } else if let Some(ng) = self.start_after_save.take() {
                                let saved = self.message.take();
                                self.start(ng);
                                if let (Some((said, _)), Some((new, _))) = (saved, &self.message) {
                                    self.message = Some((format!("{said} {new}"), false));
                                }
                            }
                            return;
                        }
                        Err(e) => self.error(&format!("{e:#}")),
                    },
                    PromptKind::Load => {
                        if self.session.is_dirty() {
                            self.mode = Mode::Confirm(Confirm::Load(text));
                            return;
                        }
                        self.load(&text);
                        return;
                    }
                }
            }
            _ => {}
        }
        self.mode = Mode::Prompt(prompt);
    }

    /// Loads a saved game over the current one.
    pub(crate) fn load(&mut self, text: &str) {
        self.stop_thinking();
        match self.session.load(Path::new(text)) {
            Ok(()) => {
                self.info(&format!(
                    "Loaded {text}: {} moves, {}. v replays it.",
                    self.session.game.moves().len(),
                    self.session.describe_players()
                ));
                self.save_path = text.to_string();
                self.cursor = self.home_square();
                self.last_eval = None;
            }
            Err(e) => self.error(&format!("{e:#}")),
        }
        self.maybe_start_computer();
    }

    /// `q`: leave at once when nothing would be lost, otherwise ask.
    pub(super) fn ask_quit(&mut self) {
        if self.session.is_dirty() {
            self.screen = Screen::Game;
            self.mode = Mode::Confirm(Confirm::Quit);
        } else {
            self.quit = true;
        }
    }

    /// Opens the save prompt, and leaves once the game is saved.
    pub(crate) fn save_then_quit(&mut self) {
        self.quit_after_save = true;
        self.mode = Mode::Prompt(Prompt {
            kind: PromptKind::Save,
            text: self.save_path.clone(),
        });
    }

    pub(crate) fn set_quit(&mut self) {
        self.quit = true;
    }

    pub(super) fn resign(&mut self) {
        let side = if self.session.human_to_move() {
            self.session.game.position().side_to_move()
        } else {
            self.session.human
        };
        self.stop_thinking();
        match self.session.game.resign(side) {
            Ok(()) => {
                let end = describe_outcome(&self.session.game).unwrap_or_default();
                self.info(&format!("{end} u takes the resignation back."));
            }
            Err(o) => self.error(&format!("The game is already over ({o}).")),
        }
    }

    pub(super) fn open_replay(&mut self) {
        self.stop_thinking();
        let replay = Replay::new(&self.session.game);
        let n = replay.moves.len();
        self.replay = Some(replay);
        self.screen = Screen::Replay;
        self.mode = Mode::Normal;
        self.info(&format!(
            "Replay of {n} moves: Left/Right step, Home/End, t plays on from here, Esc back."
        ));
    }

    pub(super) fn replay_key(&mut self, key: KeyEvent) {
        let Some(replay) = &mut self.replay else {
            self.screen = Screen::Game;
            return;
        };
        match key.code {
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => {
                let i = replay.index.saturating_sub(1);
                replay.go(i);
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Enter => {
                let i = replay.index + 1;
                replay.go(i);
            }
            KeyCode::Home | KeyCode::Up => replay.go(0),
            KeyCode::End | KeyCode::Down => {
                let n = replay.moves.len();
                replay.go(n);
            }
            KeyCode::Char('t') => {
                let mut redo: Vec<Move> = replay.moves[replay.index..].to_vec();
                redo.reverse();
                self.session.game = replay.game.clone();
                self.session.redo = redo;
                self.replay = None;
                self.screen = Screen::Game;
                self.cursor = self.home_square();
                self.info("Playing on from here; r replays the next moves of the record.");
                self.maybe_start_computer();
            }
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.screen = Screen::Help;
                self.help_scroll = 0;
            }
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('v') => {
                self.replay = None;
                self.screen = Screen::Game;
                self.info("Back to the game.");
                self.maybe_start_computer();
            }
            _ => {}
        }
    }

    pub(super) fn help_key(&mut self, key: KeyEvent) {
        self.help_scroll_key(key);
        // Never past the end: the last page stays in view.
        self.help_scroll = self.help_scroll.min(self.help_end.get());
    }

    fn help_scroll_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Down | KeyCode::Char('j') => {
                self.help_scroll = self.help_scroll.saturating_add(1)
            }
            KeyCode::Up | KeyCode::Char('k') => {
                self.help_scroll = self.help_scroll.saturating_sub(1)
            }
            KeyCode::PageDown | KeyCode::Char(' ') => {
                self.help_scroll = self.help_scroll.saturating_add(10)
            }
            KeyCode::PageUp => self.help_scroll = self.help_scroll.saturating_sub(10),
            KeyCode::Home => self.help_scroll = 0,
            KeyCode::End => self.help_scroll = u16::MAX,
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('?') | KeyCode::F(1) => {
                self.screen = if self.replay.is_some() {
                    Screen::Replay
                } else {
                    Screen::Game
                };
            }
            _ => {}
        }
    }
}
