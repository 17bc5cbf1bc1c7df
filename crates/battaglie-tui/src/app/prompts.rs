//! The prompts of the full-screen interface (save, load, quit, resign) and the keys
//! of its replay and help screens.

use super::*;

impl App {
    pub(super) fn prompt_key(&mut self, wish: Intent, mut prompt: Prompt) {
        match wish {
            Intent::Cancel => {
                self.status = None;
                self.quit_after_save = false;
                self.start_after_save = None;
                return;
            }
            Intent::Clear => prompt.text.clear(),
            Intent::Erase => {
                prompt.text.pop();
            }
            Intent::Type(c) => prompt.text.push(c),
            Intent::Accept => {
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
                                self.farewell = self.status.as_ref().map(|s| s.text.clone());
                                self.quit = true;
                            } else if let Some(ng) = self.start_after_save.take() {
                                let saved = self.status.take();
                                self.start(ng);
                                if let (Some(said), Some(new)) = (saved, &self.status) {
                                    self.status =
                                        Some(Status::info(format!("{} {}", said.text, new.text)));
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

    pub(super) fn replay_key(&mut self, wish: Intent) {
        let Some(replay) = &mut self.replay else {
            self.screen = Screen::Game;
            return;
        };
        match wish {
            Intent::StepBack => {
                let i = replay.index.saturating_sub(1);
                replay.go(i);
            }
            Intent::StepOn => {
                let i = replay.index + 1;
                replay.go(i);
            }
            Intent::First => replay.go(0),
            Intent::Last => {
                let n = replay.moves.len();
                replay.go(n);
            }
            Intent::PlayOnFromHere => {
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
            Intent::OpenHelp => self.open_help(),
            Intent::Cancel => {
                self.replay = None;
                self.screen = Screen::Game;
                self.info("Back to the game.");
                self.maybe_start_computer();
            }
            _ => {}
        }
    }

    pub(super) fn help_key(&mut self, wish: Intent) {
        self.help_scroll_key(wish);
        // Never past the end: the last page stays in view.
        self.help_scroll = self.help_scroll.min(self.help_end.get());
    }

    fn help_scroll_key(&mut self, wish: Intent) {
        match wish {
            Intent::Scroll(by) => {
                let by_lines = u16::try_from(by.unsigned_abs()).unwrap_or(u16::MAX);
                self.help_scroll = if by < 0 {
                    self.help_scroll.saturating_sub(by_lines)
                } else {
                    self.help_scroll.saturating_add(by_lines)
                };
            }
            Intent::Top => self.help_scroll = 0,
            Intent::Bottom => self.help_scroll = u16::MAX,
            Intent::Cancel => {
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
