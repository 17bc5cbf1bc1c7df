//! The full-screen interface's state: what is on screen, the cursor, the move
//! being built, the prompt, and the computer thinking on its own thread.

use battaglie_rules::{Game, Move, Pieces, Side, Square};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Frame;
use std::cell::Cell;
use std::path::Path;

use crate::board::Geometry;
use crate::describe::Evaluation;
use crate::session::{describe_outcome, title, Session};
use crate::ui;
use crate::PlayOptions;

mod computer;
pub(crate) mod intent;
mod keys;
mod prompts;
mod status;

pub(crate) use crate::pick::Selection;
use computer::Thinking;
pub(crate) use intent::{Intent, Step};
pub(crate) use status::{Status, StatusKind};

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
    /// The coach's warning before the move `text`: play it anyway or take it back.
    Coach {
        /// The move, in notation.
        text: String,
        /// The warning, in words.
        words: String,
    },
}

/// The replay viewer: a game's moves and how many of them are shown played.
#[derive(Debug, Clone)]
pub(crate) struct Replay {
    pub(crate) moves: Vec<Move>,
    pub(crate) index: usize,
    pub(crate) game: Game,
    start: Game,
    /// The game as it ended: its last frame keeps a resignation or an agreed draw.
    end: Game,
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
            end: game.clone(),
        };
        replay.go(0);
        replay
    }

    fn go(&mut self, index: usize) {
        let index = index.min(self.moves.len());
        if index == self.moves.len() {
            self.index = index;
            self.game = self.end.clone();
            return;
        }
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
    /// The status line: the last answer, hint or error.
    pub(crate) status: Option<Status>,
    thinking: Option<Thinking>,
    /// The computer's last evaluation, in words.
    pub(crate) last_eval: Option<Evaluation>,
    pub(crate) replay: Option<Replay>,
    pub(crate) help_scroll: u16,
    /// The furthest the help can scroll at its last drawn size (its last page in view).
    pub(crate) help_end: Cell<u16>,
    /// What to say on the terminal once the full screen is gone (where the game was saved).
    farewell: Option<String>,
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
    /// The coach as the player set it (`None`: on against levels 1 to 3).
    coach: Option<bool>,
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
            status: None,
            thinking: None,
            last_eval: None,
            replay: None,
            help_scroll: 0,
            help_end: Cell::new(u16::MAX),
            farewell: None,
            geometry: Cell::new(None),
            too_small: Cell::new(false),
            quit: false,
            quit_after_save: false,
            start_after_save: None,
            save_path,
            monochrome: options.monochrome,
            autosave: None,
            coach: options.coach,
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
            self.status = Some(Status::error(format!("Autosave failed: {e:#}")));
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
        self.status.as_ref().map(|s| s.text.as_str())
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

    /// What to print once the full screen is gone: where a save-and-quit wrote the game.
    pub fn farewell(&self) -> Option<&str> {
        self.farewell.as_deref()
    }

    /// Whether the autosave holds the game as it is, unfinished: the next start offers it back.
    pub(crate) fn offered_back(&self) -> bool {
        self.autosave
            .as_ref()
            .is_some_and(|a| a.offers_back(&self.session))
    }

    /// The question waiting for an answer, in words, if any (the quit, load, new
    /// game or draw confirmation).
    pub fn question(&self) -> Option<String> {
        match &self.mode {
            Mode::Confirm(c) => Some(crate::menu::question(c, self.offered_back())),
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

    pub(crate) fn info(&mut self, text: &str) {
        self.status = Some(Status::info(text));
    }

    pub(crate) fn error(&mut self, text: &str) {
        self.status = Some(Status::error(text));
    }

    /// Whether the coach speaks in this game.
    pub(crate) fn coach_on(&self) -> bool {
        crate::coach::coach_on(self.coach, &self.session)
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
