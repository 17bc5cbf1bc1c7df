//! Play battaglie in the terminal.
//!
//! Two front ends over the same game session:
//!
//! * a full-screen board ([`run`] without `plain`): the map in colour, a cursor
//!   moved with the arrow keys or the mouse, moves built by picking pieces and
//!   sending them to neighbours or typed in notation, a move list, the computer
//!   thinking on a background thread, undo and redo, saving, loading and replaying
//!   game records, and a help screen with the rules and the battle's notes;
//! * a line mode ([`run_plain`]) with no full-screen drawing, for screen readers
//!   and pipes: the board as text after every move and a prompt for moves and
//!   commands.
//!
//! The full-screen state machine is [`App`]: it takes key and mouse events and
//! draws itself on any ratatui backend, so it can be driven and checked without a
//! terminal.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod app;
mod autosave;
mod board;
mod brief;
mod coach;
mod colour;
mod describe;
mod help;
mod learn;
mod menu;
mod pick;
mod plain;
mod plain_keep;
mod plain_text;
mod session;
mod term;
mod text;
mod ui;

use std::path::PathBuf;
use std::sync::Arc;

use battaglie_rules::{Scenario, Side};

pub use app::{App, Screen};
pub use learn::{learn, learn_listing, learn_plain, LearnOptions};
pub use plain::run_plain;
pub use session::{describe_outcome, load_record, save_record};
pub use text::render_text;

/// Who plays the side the human does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The computer, at a playing level from 1 (weakest) to 8 (strongest).
    Computer {
        /// The playing level, 1..=8.
        level: u8,
    },
    /// Two people share the keyboard and play both sides.
    Hotseat,
}

/// How to start a game in the terminal.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// The battle to play (a built-in one or one read from a file by the caller).
    pub scenario: Arc<Scenario>,
    /// The computer at some level, or two players at one keyboard.
    pub opponent: Opponent,
    /// The side the human plays against the computer (ignored in hotseat games).
    pub human_side: Side,
    /// A game record (JSON when the file name ends in `.json`, the text form
    /// otherwise) to continue instead of starting from the battle's start.
    pub load: Option<PathBuf>,
    /// With `load`: open the record in the replay viewer, to step through it.
    pub replay: bool,
    /// The line mode: no full-screen drawing, moves and commands read line by line.
    pub plain: bool,
    /// The file the game in progress is written to after every change (the text
    /// form of a game record), and offered back from at the next start; `None`
    /// keeps no autosave.
    pub autosave: Option<PathBuf>,
    /// Continue the unfinished game in `autosave` (with its battle, players and
    /// sides) instead of starting one.
    pub resume: bool,
    /// In the line mode, whether someone is there to answer a question (standard
    /// input is a terminal): before unsaved moves would be lost (new, load, quit)
    /// they are asked; without, the game is saved aside under a new name.
    pub answers: bool,
    /// The folder such a game is saved aside in; `None`: beside the autosave, or
    /// in the current folder without one.
    pub aside_dir: Option<PathBuf>,
    /// Draw without colour: reverse video, bold and symbols carry everything
    /// (set when the `NO_COLOR` environment variable is set and not empty, or the
    /// terminal's terminfo entry has fewer than 8 colours, as `xterm-mono`).
    pub monochrome: bool,
    /// The coach (see `battaglie_learn::warn`): `Some(true)` or `Some(false)` as the
    /// player chose (`--coach on|off`); `None`: on against the computer at levels 1 to 3.
    pub coach: Option<bool>,
}

impl PlayOptions {
    /// A game of `scenario` against the computer at level 3, the human playing the Army.
    pub fn new(scenario: Arc<Scenario>) -> PlayOptions {
        PlayOptions {
            scenario,
            opponent: Opponent::Computer { level: 3 },
            human_side: Side::Army,
            load: None,
            replay: false,
            plain: false,
            autosave: None,
            resume: false,
            answers: false,
            aside_dir: None,
            monochrome: colour::monochrome_from_env(),
            coach: None,
        }
    }
}

/// Plays a game as `options` say: the full-screen interface on the terminal, or
/// with `options.plain` the line mode on standard input and output. Without a
/// terminal on both (a pipe, a script), the line mode is used, with a note on
/// standard error.
///
/// # Errors
/// When the record to load cannot be read or replayed, or the terminal cannot be
/// set up or written to.
pub fn run(options: PlayOptions) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if !options.plain && !terminal {
        eprintln!("battaglie: no terminal to draw on: playing in the line mode (--plain).");
    }
    if options.plain || !terminal {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        let options = PlayOptions {
            answers: stdin.is_terminal(),
            ..options
        };
        run_plain(stdin.lock(), stdout.lock(), &options)
    } else {
        term::run_terminal(&options)
    }
}
