//! The keys and the mouse of the full-screen interface: the board's cursor, picking
//! and splitting a stack, prompts, replay and help.

use super::*;
use crate::pick::SendError;

impl App {
    /// Handles one key press: what it asks for on the screen shown
    /// ([`intent`]), then that applied.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if intent::interrupt(&key) {
            // A second Ctrl-C while the question is asked leaves without saving.
            if matches!(self.mode, Mode::Confirm(Confirm::Quit)) {
                self.quit = true;
            } else {
                self.ask_quit();
            }
            return;
        }
        if self.too_small.get() && self.screen != Screen::Help {
            let asking = matches!(self.mode, Mode::Confirm(_));
            if let Some(wish) = intent::too_small(&key, asking) {
                self.small_key(wish);
            }
            return;
        }
        // Outside a prompt a key with Ctrl held means nothing (Ctrl-U is the
        // prompt's "clear"): it must not act as the plain letter (u: undo).
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && !matches!(self.mode, Mode::Prompt(_)) {
            return;
        }
        match self.screen {
            Screen::Help => {
                if let Some(wish) = intent::in_help(&key) {
                    self.help_key(wish);
                }
            }
            Screen::Replay => {
                if let Some(wish) = intent::in_replay(&key) {
                    self.replay_key(wish);
                }
            }
            Screen::Game => {
                let wish = match &self.mode {
                    Mode::Normal => intent::on_board(&key),
                    Mode::Select(_) => intent::building(&key),
                    Mode::Prompt(p) => intent::in_prompt(&key, p.text.chars().count()),
                    // The coach's question wants a y: an Enter meant for the move is no answer.
                    Mode::Confirm(Confirm::Coach { .. }) if key.code == KeyCode::Enter => None,
                    Mode::Confirm(_) => intent::answering(&key),
                    Mode::Menu(_) => intent::in_menu(&key),
                };
                if let Some(wish) = wish {
                    match std::mem::replace(&mut self.mode, Mode::Normal) {
                        Mode::Normal => self.normal_key(wish),
                        Mode::Select(sel) => self.select_key(wish, sel),
                        Mode::Prompt(prompt) => self.prompt_key(wish, prompt),
                        Mode::Confirm(c) => self.confirm_key(wish, c),
                        Mode::Menu(menu) => self.menu_key(wish, menu),
                    }
                }
            }
        }
        self.keep();
    }

    /// What a key asks for while the terminal is too small to show the board:
    /// only the help, quitting and answering a pending question (which the
    /// notice shows) act; nothing may change the unseen board or open a prompt
    /// that could not be seen.
    pub(super) fn small_key(&mut self, wish: Intent) {
        if wish == Intent::OpenHelp {
            // The help is text: it wraps to any size, and a pending question waits.
            self.open_help();
            return;
        }
        match std::mem::replace(&mut self.mode, Mode::Normal) {
            Mode::Confirm(c) => self.confirm_key(wish, c),
            mode => {
                self.mode = mode;
                if wish == Intent::Quit {
                    self.ask_quit();
                }
            }
        }
    }

    pub(super) fn open_help(&mut self) {
        self.screen = Screen::Help;
        self.help_scroll = 0;
    }

    /// Handles a mouse event: a left click on a square moves the cursor there and
    /// acts as Enter.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if self.screen != Screen::Game
            || !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left))
        {
            return;
        }
        if !matches!(self.mode, Mode::Normal | Mode::Select(_)) {
            return;
        }
        let Some(geometry) = self.geometry.get() else {
            return;
        };
        if let Some(sq) = geometry.square_at(mouse.column, mouse.row) {
            self.cursor = sq;
            self.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        }
    }

    pub(super) fn move_cursor(&mut self, step: Step) {
        let s = self.session.game.position().scenario();
        self.cursor = crate::pick::step_cursor(s, self.cursor, step);
    }

    pub(super) fn normal_key(&mut self, wish: Intent) {
        match wish {
            Intent::Cursor(step) => self.move_cursor(step),
            Intent::Pick => self.pick_stack(),
            Intent::TypeMove => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Move,
                    text: String::new(),
                });
            }
            Intent::Save => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Save,
                    text: self.save_path.clone(),
                });
            }
            Intent::Open => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Load,
                    text: self.save_path.clone(),
                });
            }
            Intent::Menu => self.open_menu(),
            Intent::Undo => self.undo(),
            Intent::Redo => self.redo(),
            Intent::Pass => self.pass(),
            Intent::Replay => self.open_replay(),
            Intent::OpenHelp => self.open_help(),
            Intent::Quit => self.ask_quit(),
            Intent::Dismiss => self.status = None,
            _ => {}
        }
    }

    /// Enter on a square in normal mode: start building a move from it.
    pub(super) fn pick_stack(&mut self) {
        let game = &self.session.game;
        if let Some(end) = describe_outcome(game) {
            self.error(&format!(
                "The game is over. {end} m opens the menu (new game, rematch), u undoes, q quits."
            ));
            return;
        }
        if !self.session.human_to_move() {
            self.error("Wait: it is the computer's turn.");
            return;
        }
        let pos = game.position();
        let us = pos.side_to_move();
        match pos.stack(self.cursor) {
            None => self.error(&format!(
                "{} is empty: pick one of your stacks.",
                self.cursor
            )),
            Some((side, _)) if side != us => self.error(&format!(
                "{} holds {} pieces: it is {} turn.",
                self.cursor,
                crate::describe::possessive(side),
                crate::describe::possessive(us)
            )),
            Some((_, stack)) => {
                let sel = Selection::new(self.cursor, stack);
                self.info(&format!(
                    "{}: sending all ({stack}). a all, f/m/v one of a kind, F/M/V remove; arrow to a neighbour and Enter; Enter here to confirm; Esc cancels.",
                    self.cursor
                ));
                self.mode = Mode::Select(sel);
            }
        }
    }

    pub(super) fn select_key(&mut self, wish: Intent, mut sel: Selection) {
        let said = self.status.clone();
        // A choice of pieces changed: say the new one, not the first "sending all".
        let chose = matches!(
            wish,
            Intent::ChooseAll | Intent::Add(_) | Intent::Remove(_) | Intent::RemoveLast
        );
        match wish {
            Intent::Cancel => {
                self.cursor = sel.from;
                self.info("Move cancelled.");
                return;
            }
            Intent::Cursor(step) => self.move_cursor(step),
            Intent::ChooseAll | Intent::Add(_) | Intent::Remove(_) | Intent::RemoveLast => {
                if let Err(kind) = sel.choose(&wish) {
                    self.error(&format!("No more {kind} left on {} to choose.", sel.from));
                }
            }
            Intent::Play => return self.confirm(sel),
            Intent::OpenHelp => self.open_help(),
            Intent::SendOrPlay => {
                if self.cursor == sel.from {
                    return self.confirm(sel);
                }
                self.send(&mut sel);
            }
            _ => {}
        }
        // An error this key made stays; an older one (an illegal move) is stale.
        let new_error = self.status != said && self.status.as_ref().is_some_and(Status::is_error);
        if chose && !new_error {
            let chosen = if sel.chosen.is_empty() {
                "nothing".to_string()
            } else {
                sel.chosen.to_string()
            };
            self.info(&format!(
                "{}: sending {chosen}. Arrow to a neighbour and Enter; Esc cancels.",
                sel.from
            ));
        }
        self.mode = Mode::Select(sel);
    }

    /// Sends the chosen pieces to the square under the cursor.
    pub(super) fn send(&mut self, sel: &mut Selection) {
        let to = self.cursor;
        match sel.send(self.session.game.position(), to) {
            Ok(sent) => {
                self.cursor = sel.from;
                self.info(&format!(
                    "{sent} to {to}. Enter (or c) on {} plays {}; or send more.",
                    sel.from,
                    sel.text(None)
                ));
            }
            Err(SendError::NotANeighbour) => self.error(&format!(
                "{to} is not a step from {}: choose a highlighted neighbour.",
                sel.from
            )),
            Err(SendError::NothingChosen) => {
                self.error("Choose pieces first: a all, f/m/v one of a kind.")
            }
            Err(SendError::Refused(e)) => self.error(&e.to_string()),
        }
    }

    pub(super) fn confirm(&mut self, sel: Selection) {
        if sel.groups.is_empty() {
            self.error("Send pieces to a neighbour first: arrow to it and press Enter.");
            self.mode = Mode::Select(sel);
            return;
        }
        let text = sel.text(None);
        self.play_text(&text);
    }

    /// Plays a move typed or built, or asks first when the coach warns; returns whether
    /// it was played or asked about.
    pub(super) fn play_text(&mut self, text: &str) -> bool {
        if !self.session.human_to_move() && !self.session.game.is_over() {
            self.error("Wait: it is the computer's turn.");
            return false;
        }
        if self.coach_on() {
            if let Some(words) = crate::coach::warning(&self.session, text) {
                self.mode = Mode::Confirm(Confirm::Coach {
                    text: text.to_string(),
                    words,
                });
                return true;
            }
        }
        self.play_anyway(text)
    }

    /// Plays a move typed or built, without the coach; returns whether it was played.
    pub(crate) fn play_anyway(&mut self, text: &str) -> bool {
        match self.session.play_text(text) {
            Ok(mv) => {
                self.after_move(mv);
                true
            }
            Err(e) => {
                self.error(&e);
                false
            }
        }
    }

    pub(super) fn after_move(&mut self, mv: Move) {
        self.mode = Mode::Normal;
        // The cursor follows the pieces moved (not the nearest stack, which may be
        // in staging).
        if let Some(group) = mv.groups().next() {
            self.cursor = group.to;
        }
        let mut text = format!(
            "Played {mv}{}.",
            crate::describe::eliminated(&self.session.game)
        );
        if let Some(end) = describe_outcome(&self.session.game) {
            text = format!("{text} {end}");
        } else if self.session.computer_to_move() {
            text.push_str(" The computer is thinking...");
        } else if self.only_pass() {
            text.push_str(" No legal move: press p to pass.");
        }
        self.info(&text);
        self.follow();
        self.maybe_start_computer();
    }

    pub(super) fn pass(&mut self) {
        if self.only_pass() {
            self.play_text("pass");
        } else {
            self.error("You may pass only when you have no other move.");
        }
    }

    pub(super) fn undo(&mut self) {
        self.stop_thinking();
        let was_settled = self.session.game.settled().is_some();
        let undone = self.session.undo();
        if !undone.is_empty() || was_settled {
            // The evaluation was of a position no longer on the board.
            self.last_eval = None;
        }
        if undone.is_empty() {
            if was_settled {
                self.info("The game is open again.");
            } else if self.session.game.moves().len() > 0 {
                self.error("Nothing to undo: you have not moved yet.");
            } else {
                self.error("Nothing to undo.");
            }
        } else {
            let list: Vec<String> = undone.iter().map(|m| m.to_string()).collect();
            self.info(&format!("Took back {}. r redoes.", list.join(", ")));
        }
        self.maybe_start_computer();
    }

    pub(super) fn redo(&mut self) {
        if self.session.redo.is_empty() {
            // Nothing changes: the computer thinks on and its evaluation stays.
            self.error("Nothing to redo.");
            return;
        }
        self.stop_thinking();
        self.last_eval = None;
        let done = self.session.redo();
        if done.is_empty() {
            self.error("Nothing to redo.");
        } else {
            let list: Vec<String> = done.iter().map(|m| m.to_string()).collect();
            self.info(&format!("Played again {}.", list.join(", ")));
        }
        self.maybe_start_computer();
    }
}
