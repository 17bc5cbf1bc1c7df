//! The full-screen interface's state: what is on screen, the cursor, the move
//! being built, the prompt, and the computer thinking on its own thread.

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use battaglie_ai::{Info, Limits, SearchResult};
use battaglie_rules::{Game, Kind, Move, Pieces, Side, Square};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Frame;

use crate::board::Geometry;
use crate::session::{describe_outcome, title, Session};
use crate::ui;
use crate::PlayOptions;

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The board, the move list and the status: where the game is played.
    Game,
    /// The keys, a summary of the rules and the battle's notes.
    Help,
    /// A saved or finished game shown move by move.
    Replay,
}

/// The move being built on the board: a stack, the pieces chosen, the groups sent.
#[derive(Debug, Clone)]
pub(crate) struct Selection {
    /// The square the pieces leave.
    pub(crate) from: Square,
    /// Everything on it.
    pub(crate) stack: Pieces,
    /// The groups sent so far, by destination.
    pub(crate) groups: Vec<(Square, Pieces)>,
    /// The pieces chosen to send next.
    pub(crate) chosen: Pieces,
    /// The kinds added one at a time, for backspace.
    picked: Vec<Kind>,
    /// Whether `chosen` is the automatic "all that is left" (a kind key starts afresh).
    auto: bool,
}

impl Selection {
    fn new(from: Square, stack: Pieces) -> Selection {
        Selection {
            from,
            stack,
            groups: Vec::new(),
            chosen: stack,
            picked: Vec::new(),
            auto: true,
        }
    }

    /// The pieces not yet sent anywhere.
    pub(crate) fn remaining(&self) -> Pieces {
        self.groups
            .iter()
            .fold(self.stack, |left, (_, p)| left.minus(*p))
    }

    /// The move text of the groups sent, with `extra` sent too.
    pub(crate) fn text(&self, extra: Option<(Square, Pieces)>) -> String {
        let mut groups = self.groups.clone();
        if let Some((to, p)) = extra {
            match groups.iter_mut().find(|(t, _)| *t == to) {
                Some((_, q)) => *q = q.plus(p),
                None => groups.push((to, p)),
            }
        }
        let parts: Vec<String> = groups.iter().map(|(to, p)| format!("{p}-{to}")).collect();
        format!("{}:{}", self.from, parts.join(","))
    }
}

/// What the one-line prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PromptKind {
    /// A move in notation.
    Move,
    /// A file to save the game to.
    Save,
    /// A file to load a game from.
    Load,
}

/// The one-line prompt and what has been typed.
#[derive(Debug, Clone)]
pub(crate) struct Prompt {
    pub(crate) kind: PromptKind,
    pub(crate) text: String,
}

/// What the keys act on.
#[derive(Debug, Clone)]
pub(crate) enum Mode {
    /// Moving the cursor.
    Normal,
    /// Building a move from a stack.
    Select(Selection),
    /// Typing into the prompt.
    Prompt(Prompt),
    /// A question that needs an answer before anything else.
    Confirm(Confirm),
    /// The game menu: new game, rematch, draw, save, quit.
    Menu(crate::menu::Menu),
}

/// What a yes/no question is about.
#[derive(Debug, Clone)]
pub(crate) enum Confirm {
    /// Leaving with unsaved moves: save, discard or stay.
    Quit,
    /// Loading this file over a game with unsaved moves.
    Load(String),
    /// Starting this new game over a game with unsaved moves.
    NewGame(crate::menu::NewGame),
    /// Both players at the keyboard agreeing to a draw.
    Draw,
    /// At the start: go on with the unfinished game found in the autosave.
    Resume(Box<crate::autosave::Found>),
}

/// The replay viewer: a game's moves and how many of them are shown played.
#[derive(Debug, Clone)]
pub(crate) struct Replay {
    pub(crate) moves: Vec<Move>,
    pub(crate) index: usize,
    pub(crate) game: Game,
    start: Game,
}

impl Replay {
    fn new(game: &Game) -> Replay {
        let start = Game::new(game.start().clone());
        let moves: Vec<Move> = game.moves().copied().collect();
        let mut replay = Replay {
            index: 0,
            game: start.clone(),
            start,
            moves,
        };
        replay.go(0);
        replay
    }

    fn go(&mut self, index: usize) {
        let index = index.min(self.moves.len());
        let mut game = self.start.clone();
        for mv in &self.moves[..index] {
            if game.try_play(mv).is_err() {
                break;
            }
        }
        self.index = game.moves().len();
        self.game = game;
    }
}

enum AiEvent {
    Info(Info),
    Done(Option<SearchResult>),
}

/// The computer thinking on its own thread.
struct Thinking {
    stop: Arc<AtomicBool>,
    rx: Receiver<AiEvent>,
    started: Instant,
    /// How many moves the game had when the search began: a stale answer is dropped.
    plies: usize,
    info: Option<Info>,
}

/// The full-screen interface: the game, what is on screen, and the input state.
///
/// Feed it key and mouse events ([`App::handle_key`], [`App::handle_mouse`]),
/// call [`App::tick`] regularly so that the computer's move is picked up, and
/// draw it with [`App::draw`] on any ratatui backend.
pub struct App {
    pub(crate) session: Session,
    pub(crate) screen: Screen,
    pub(crate) mode: Mode,
    pub(crate) cursor: Square,
    /// The last message, and whether it is an error.
    pub(crate) message: Option<(String, bool)>,
    thinking: Option<Thinking>,
    /// The computer's last evaluation, in words.
    pub(crate) last_eval: Option<[String; 3]>,
    pub(crate) replay: Option<Replay>,
    pub(crate) help_scroll: u16,
    /// Where the board was last drawn, for mouse clicks.
    pub(crate) geometry: Cell<Option<Geometry>>,
    /// Whether the last drawing found the terminal too small for the board: keys
    /// that would act on the unseen board are then ignored.
    pub(crate) too_small: Cell<bool>,
    quit: bool,
    /// Quit once the save prompt has saved.
    quit_after_save: bool,
    /// The new game (or rematch) to start once the save prompt has saved ("s save first").
    pub(crate) start_after_save: Option<crate::menu::NewGame>,
    pub(crate) save_path: String,
    /// Whether to draw without colour (NO_COLOR, a monochrome terminal): reverse video, bold and symbols.
    pub(crate) monochrome: bool,
    /// Where the game is kept after every change, if anywhere.
    pub(crate) autosave: Option<crate::autosave::Autosave>,
}

impl App {
    /// The interface for a game as `options` say (loading the record if one is
    /// named; opening the replay viewer if `options.replay`).
    ///
    /// # Errors
    /// When the record cannot be loaded, or the autosaved game (with
    /// `options.resume`) cannot be resumed.
    pub fn new(options: &PlayOptions) -> anyhow::Result<App> {
        let (session, autosave) = crate::autosave::open(options)?;
        let save_path = match &options.load {
            Some(p) => p.display().to_string(),
            None => format!("{}-game.txt", options.scenario.id()),
        };
        let mut app = App {
            cursor: Square::new(0, 0),
            session,
            screen: Screen::Game,
            mode: Mode::Normal,
            message: None,
            thinking: None,
            last_eval: None,
            replay: None,
            help_scroll: 0,
            geometry: Cell::new(None),
            too_small: Cell::new(false),
            quit: false,
            quit_after_save: false,
            start_after_save: None,
            save_path,
            monochrome: options.monochrome,
            autosave: None,
        };
        app.cursor = app.home_square();
        let offer = crate::autosave::offer(options, autosave.as_ref());
        app.autosave = autosave;
        if options.replay {
            app.open_replay();
        } else {
            let keys =
                "Arrows or h j k l move, Enter picks a stack, : types a move, m menu, ? help.";
            app.info(&if options.resume {
                format!("Resumed the autosaved game. {keys}")
            } else if let Some(path) = &options.load {
                format!(
                    "Loaded {}: {}. {keys}",
                    path.display(),
                    app.session.describe_players()
                )
            } else {
                keys.to_string()
            });
            match offer {
                Ok(Some(found)) => app.mode = Mode::Confirm(Confirm::Resume(Box::new(found))),
                Ok(None) => {}
                Err(e) => app.error(&format!("{e:#}")),
            }
            app.maybe_start_computer();
        }
        Ok(app)
    }

    /// Where the game in progress is autosaved, if anywhere.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(|a| a.path())
    }

    /// Writes the game to the autosave when it changed; says so when that fails.
    fn keep(&mut self) {
        let Some(autosave) = &mut self.autosave else {
            return;
        };
        if let Err(e) = autosave.keep(&self.session) {
            self.message = Some((format!("Autosave failed: {e:#}"), true));
        }
    }

    /// Takes up the autosaved game offered at the start.
    pub(crate) fn resume(&mut self, found: crate::autosave::Found) {
        let what = found.describe();
        self.session = found.session();
        self.cursor = self.home_square();
        self.info(&format!("Resumed: {what}."));
        self.keep();
        self.maybe_start_computer();
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.session.game
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The last message shown at the bottom (an answer, an error, a hint).
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// The stack picked to move and the pieces chosen to send next, while a move
    /// is being built.
    pub fn selection(&self) -> Option<(Square, Pieces)> {
        match &self.mode {
            Mode::Select(sel) => Some((sel.from, sel.chosen)),
            _ => None,
        }
    }

    /// In the replay viewer: how many moves are shown played, out of how many.
    pub fn replay_position(&self) -> Option<(usize, usize)> {
        self.replay.as_ref().map(|r| (r.index, r.moves.len()))
    }

    /// The side the person plays against the computer (`None` with two players).
    pub fn human_side(&self) -> Option<Side> {
        self.human()
    }

    /// The computer's level (`None` with two players).
    pub fn level(&self) -> Option<u8> {
        self.session.level()
    }

    /// Whether the computer is thinking.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the player asked to leave (and answered any question about saving).
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The question waiting for an answer, in words, if any (the quit, load, new
    /// game or draw confirmation).
    pub fn question(&self) -> Option<String> {
        match &self.mode {
            Mode::Confirm(c) => Some(crate::menu::question(c, self.autosave.is_some())),
            _ => None,
        }
    }

    /// Whether the game menu is open.
    pub fn menu_open(&self) -> bool {
        matches!(self.mode, Mode::Menu(_))
    }

    /// Whether moves were played since the game was last saved or loaded.
    pub fn unsaved(&self) -> bool {
        self.session.is_dirty()
    }

    /// Draws the current screen.
    pub fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, self);
    }

    /// Picks up what the computer found; starts it when it is its turn.
    pub fn tick(&mut self) {
        let mut finished = None;
        let mut gone = false;
        if let Some(t) = &mut self.thinking {
            loop {
                match t.rx.try_recv() {
                    Ok(AiEvent::Info(info)) => t.info = Some(info),
                    Ok(AiEvent::Done(result)) => {
                        finished = Some((result, t.plies));
                        break;
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        gone = true;
                        break;
                    }
                }
            }
        }
        if let Some((result, plies)) = finished {
            self.thinking = None;
            self.computer_answered(result, plies);
        } else if gone {
            self.thinking = None;
            self.error("The computer stopped without a move.");
        }
        self.maybe_start_computer();
        self.keep();
    }

    /// Waits up to `timeout` for the computer to play (for tests and scripts);
    /// returns whether it is no longer thinking.
    pub fn wait_for_computer(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        self.tick();
        while self.thinking.is_some() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
            self.tick();
        }
        self.thinking.is_none()
    }

    /// How long the computer has been thinking, and its evaluation so far in words.
    pub(crate) fn thinking_status(&self) -> Option<(Duration, Option<[String; 3]>)> {
        self.thinking.as_ref().map(|t| {
            let root = self.session.game.position();
            (
                t.started.elapsed(),
                t.info
                    .as_ref()
                    .map(|i| crate::describe::evaluation(root, i)),
            )
        })
    }

    fn computer_answered(&mut self, result: Option<SearchResult>, plies: usize) {
        if plies != self.session.game.moves().len() || !self.session.computer_to_move() {
            return;
        }
        let Some(result) = result else {
            return;
        };
        let root = self.session.game.position().clone();
        // What the person's move eliminated, said before the reply replaces it.
        let yours = match crate::describe::eliminated(&self.session.game) {
            gone if gone.is_empty() => String::new(),
            gone => format!("Your move{gone}. "),
        };
        if let Some(why) = self.session.computer_resigns(&result) {
            let end = describe_outcome(&self.session.game).unwrap_or_default();
            self.info(&format!("The computer resigns ({why}). {end}"));
            return;
        }
        match self.session.play(&result.best) {
            Ok(()) => {
                self.last_eval = Some(crate::describe::evaluation(&root, &result.info));
                self.mode = match std::mem::replace(&mut self.mode, Mode::Normal) {
                    Mode::Prompt(p) => Mode::Prompt(p),
                    _ => Mode::Normal,
                };
                let mut text = format!(
                    "{yours}Computer plays {}{}.",
                    result.best,
                    crate::describe::eliminated(&self.session.game)
                );
                if let Some(end) = describe_outcome(&self.session.game) {
                    text = format!("{text} {end}");
                } else if self.only_pass() {
                    text.push_str(" You have no legal move: press p to pass.");
                }
                self.info(&text);
                self.follow();
            }
            Err(e) => self.error(&format!("The computer's move was refused: {e}")),
        }
    }

    pub(crate) fn maybe_start_computer(&mut self) {
        if self.thinking.is_some()
            || self.screen == Screen::Replay
            || matches!(self.mode, Mode::Confirm(Confirm::Resume(_)))
        {
            return;
        }
        if !self.session.computer_to_move() {
            return;
        }
        let Some(level) = self.session.level() else {
            return;
        };
        let game = self.session.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                let limits = Limits {
                    level: Some(level),
                    ..Default::default()
                };
                let result = battaglie_ai::search(&game, &limits, &flag, |info| {
                    let _ = tx.send(AiEvent::Info(info.clone()));
                });
                let _ = tx.send(AiEvent::Done(result));
            });
        match spawned {
            Ok(_) => {
                self.thinking = Some(Thinking {
                    stop,
                    rx,
                    started: Instant::now(),
                    plies: self.session.game.moves().len(),
                    info: None,
                });
            }
            Err(e) => self.error(&format!("cannot start the computer: {e}")),
        }
    }

    pub(crate) fn stop_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
    }

    pub(crate) fn info(&mut self, text: &str) {
        self.message = Some((text.to_string(), false));
    }

    pub(crate) fn error(&mut self, text: &str) {
        self.message = Some((text.to_string(), true));
    }

    /// Whether the side to move can only pass.
    fn only_pass(&self) -> bool {
        let legal = self.session.game.legal_moves();
        legal.len() == 1 && legal[0].is_pass()
    }

    /// The stack of the side to move (or of the human) nearest the cursor.
    pub(crate) fn home_square(&self) -> Square {
        let pos = self.session.game.position();
        let side = if self.session.human_to_move() {
            pos.side_to_move()
        } else {
            self.session.human
        };
        let at = |sq: Square| (sq.file().map_or(-1, i32::from), i32::from(sq.rank()));
        let (cf, cr) = at(self.cursor);
        pos.scenario()
            .squares()
            .filter(|sq| matches!(pos.stack(*sq), Some((s, _)) if s == side))
            .min_by_key(|sq| {
                let (f, r) = at(*sq);
                (f - cf).abs() + (r - cr).abs()
            })
            .unwrap_or(self.cursor)
    }

    /// Puts the cursor on a stack of the side to move, unless it is on one.
    fn follow(&mut self) {
        let pos = self.session.game.position();
        let on_own = matches!(pos.stack(self.cursor), Some((s, _)) if s == pos.side_to_move());
        if !on_own && self.session.human_to_move() {
            self.cursor = self.home_square();
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q'))
        {
            // A second Ctrl-C while the question is asked leaves without saving.
            if matches!(self.mode, Mode::Confirm(Confirm::Quit)) {
                self.quit = true;
            } else {
                self.ask_quit();
            }
            return;
        }
        if self.too_small.get() && self.screen != Screen::Help {
            self.small_key(key);
            return;
        }
        // Outside a prompt a key with Ctrl held means nothing (Ctrl-U is the
        // prompt's "clear"): it must not act as the plain letter (u: undo).
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && !matches!(self.mode, Mode::Prompt(_)) {
            return;
        }
        match self.screen {
            Screen::Help => self.help_key(key),
            Screen::Replay => self.replay_key(key),
            Screen::Game => match std::mem::replace(&mut self.mode, Mode::Normal) {
                Mode::Normal => self.normal_key(key),
                Mode::Select(sel) => self.select_key(key, sel),
                Mode::Prompt(prompt) => self.prompt_key(key, prompt),
                Mode::Confirm(c) => self.confirm_key(key, c),
                Mode::Menu(menu) => self.menu_key(key, menu),
            },
        }
        self.keep();
    }

    /// A key while the terminal is too small to show the board: only quitting and
    /// answering a pending question (which the notice shows) act; nothing may
    /// change the unseen board or open a prompt that could not be seen.
    fn small_key(&mut self, key: KeyEvent) {
        match std::mem::replace(&mut self.mode, Mode::Normal) {
            Mode::Confirm(c) if !matches!(key.code, KeyCode::Char('s' | 'S')) => {
                self.confirm_key(key, c)
            }
            mode => {
                self.mode = mode;
                match key.code {
                    KeyCode::Char('q' | 'Q') => self.ask_quit(),
                    // The help is text: it wraps to any size.
                    KeyCode::Char('?') | KeyCode::F(1) => {
                        self.screen = Screen::Help;
                        self.help_scroll = 0;
                    }
                    _ => {}
                }
            }
        }
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

    fn move_cursor(&mut self, code: KeyCode) {
        let s = self.session.game.position().scenario();
        let rank = self.cursor.rank();
        let file: i16 = self.cursor.file().map_or(-1, i16::from);
        let (file, rank) = match code {
            KeyCode::Left | KeyCode::Char('h') => ((file - 1).max(-1), rank),
            KeyCode::Right | KeyCode::Char('l') => ((file + 1).min(s.width() as i16 - 1), rank),
            KeyCode::Up | KeyCode::Char('k') => (file, (rank + 1).min(s.height() - 1)),
            KeyCode::Down | KeyCode::Char('j') => (file, rank.saturating_sub(1)),
            _ => (file, rank),
        };
        self.cursor = if file < 0 {
            Square::staging(rank)
        } else {
            Square::new(file as u8, rank)
        };
    }

    fn normal_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Left
            | KeyCode::Right
            | KeyCode::Up
            | KeyCode::Down
            | KeyCode::Char('h' | 'j' | 'k' | 'l') => self.move_cursor(key.code),
            KeyCode::Enter | KeyCode::Char(' ') => self.pick_stack(),
            KeyCode::Char(':') | KeyCode::Char('/') => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Move,
                    text: String::new(),
                });
            }
            KeyCode::Char('s') => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Save,
                    text: self.save_path.clone(),
                });
            }
            KeyCode::Char('o' | 'L') => {
                self.mode = Mode::Prompt(Prompt {
                    kind: PromptKind::Load,
                    text: self.save_path.clone(),
                });
            }
            KeyCode::Char('m') | KeyCode::Char('n') => self.open_menu(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('p') => self.pass(),
            KeyCode::Char('v') => self.open_replay(),
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.screen = Screen::Help;
                self.help_scroll = 0;
            }
            KeyCode::Char('q') => self.ask_quit(),
            KeyCode::Esc => self.message = None,
            _ => {}
        }
    }

    /// Enter on a square in normal mode: start building a move from it.
    fn pick_stack(&mut self) {
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

    fn select_key(&mut self, key: KeyEvent, mut sel: Selection) {
        match key.code {
            KeyCode::Esc => {
                self.cursor = sel.from;
                self.info("Move cancelled.");
                return;
            }
            KeyCode::Left
            | KeyCode::Right
            | KeyCode::Up
            | KeyCode::Down
            | KeyCode::Char('h' | 'j' | 'k' | 'l') => self.move_cursor(key.code),
            KeyCode::Char('a') => {
                sel.chosen = sel.remaining();
                sel.picked.clear();
                sel.auto = false;
            }
            KeyCode::Char(c @ ('f' | 'm' | 'v')) => {
                let kind = Kind::from_char(c).unwrap_or(Kind::Foot);
                if sel.auto {
                    sel.chosen = Pieces::EMPTY;
                    sel.picked.clear();
                    sel.auto = false;
                }
                if sel.remaining().count(kind) > sel.chosen.count(kind) {
                    sel.chosen = sel.chosen.plus(Pieces::one(kind));
                    sel.picked.push(kind);
                } else {
                    self.error(&format!("No more {kind} left on {} to choose.", sel.from));
                }
            }
            KeyCode::Char(c @ ('F' | 'M' | 'V')) => {
                let kind = Kind::from_char(c).unwrap_or(Kind::Foot);
                sel.auto = false;
                if sel.chosen.count(kind) > 0 {
                    sel.chosen = sel.chosen.minus(Pieces::one(kind));
                    if let Some(i) = sel.picked.iter().rposition(|k| *k == kind) {
                        sel.picked.remove(i);
                    }
                }
            }
            KeyCode::Backspace => {
                sel.auto = false;
                let kind = sel.picked.pop().or_else(|| {
                    Kind::ALL
                        .into_iter()
                        .rev()
                        .find(|k| sel.chosen.count(*k) > 0)
                });
                if let Some(kind) = kind {
                    if sel.chosen.count(kind) > 0 {
                        sel.chosen = sel.chosen.minus(Pieces::one(kind));
                    }
                }
            }
            KeyCode::Char('c') => return self.confirm(sel),
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.screen = Screen::Help;
                self.help_scroll = 0;
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if self.cursor == sel.from {
                    return self.confirm(sel);
                }
                self.send(&mut sel);
            }
            _ => {}
        }
        // A choice of pieces changed: say the new one, not the first "sending all".
        let chose = matches!(
            key.code,
            KeyCode::Char('a' | 'f' | 'm' | 'v' | 'F' | 'M' | 'V') | KeyCode::Backspace
        );
        if chose && !self.message.as_ref().is_some_and(|(_, error)| *error) {
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
    fn send(&mut self, sel: &mut Selection) {
        let to = self.cursor;
        let s = self.session.game.position().scenario().clone();
        if !s.neighbours(sel.from).any(|n| n == to) {
            self.error(&format!(
                "{to} is not a step from {}: choose a highlighted neighbour.",
                sel.from
            ));
            return;
        }
        if sel.chosen.is_empty() {
            self.error("Choose pieces first: a all, f/m/v one of a kind.");
            return;
        }
        let text = sel.text(Some((to, sel.chosen)));
        match self.session.game.position().parse_move(&text) {
            Ok(_) => {
                let sent = sel.chosen;
                match sel.groups.iter_mut().find(|(t, _)| *t == to) {
                    Some((_, p)) => *p = p.plus(sent),
                    None => sel.groups.push((to, sent)),
                }
                sel.chosen = sel.remaining();
                sel.picked.clear();
                sel.auto = true;
                self.cursor = sel.from;
                self.info(&format!(
                    "{sent} to {to}. Enter (or c) on {} plays {}; or send more.",
                    sel.from,
                    sel.text(None)
                ));
            }
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn confirm(&mut self, sel: Selection) {
        if sel.groups.is_empty() {
            self.error("Send pieces to a neighbour first: arrow to it and press Enter.");
            self.mode = Mode::Select(sel);
            return;
        }
        let text = sel.text(None);
        self.play_text(&text);
    }

    /// Plays a move typed or built; returns whether it was played.
    fn play_text(&mut self, text: &str) -> bool {
        if !self.session.human_to_move() && !self.session.game.is_over() {
            self.error("Wait: it is the computer's turn.");
            return false;
        }
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

    fn after_move(&mut self, mv: Move) {
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

    fn pass(&mut self) {
        if self.only_pass() {
            self.play_text("pass");
        } else {
            self.error("You may pass only when you have no other move.");
        }
    }

    fn undo(&mut self) {
        self.stop_thinking();
        // The evaluation was of a position no longer on the board.
        self.last_eval = None;
        let was_settled = self.session.game.settled().is_some();
        let undone = self.session.undo();
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

    fn redo(&mut self) {
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

    fn prompt_key(&mut self, key: KeyEvent, mut prompt: Prompt) {
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
    fn ask_quit(&mut self) {
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

    fn resign(&mut self) {
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

    fn open_replay(&mut self) {
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

    fn replay_key(&mut self, key: KeyEvent) {
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

    fn help_key(&mut self, key: KeyEvent) {
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

    /// The legal destinations of the chosen pieces, and whether each eliminates.
    pub(crate) fn destinations(&self) -> Vec<(Square, bool)> {
        let Mode::Select(sel) = &self.mode else {
            return Vec::new();
        };
        if sel.chosen.is_empty() {
            return Vec::new();
        }
        let pos = self.session.game.position();
        let us = pos.side_to_move();
        pos.scenario()
            .neighbours(sel.from)
            .filter(|n| pos.parse_move(&sel.text(Some((*n, sel.chosen)))).is_ok())
            .map(|n| (n, matches!(pos.stack(n), Some((s, _)) if s != us)))
            .collect()
    }

    /// Who plays, in words.
    pub(crate) fn players(&self) -> String {
        match self.session.level() {
            None => "Two at one keyboard".to_string(),
            Some(level) => format!("You: {} · vs L{level}", title(self.session.human)),
        }
    }

    /// The human's side against the computer.
    pub(crate) fn human(&self) -> Option<Side> {
        self.session.level().map(|_| self.session.human)
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.stop_thinking();
    }
}
