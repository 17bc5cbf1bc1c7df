//! What a key asks for, named: each screen's keys are read here alone, into an
//! [`Intent`], and the screens' handlers apply intents without reading a key.

use battaglie_rules::Kind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where the board's cursor goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Left,
    Right,
    Up,
    Down,
}

/// One key's meaning on the screen that has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Intent {
    /// `q`: leave, asking first when moves would be lost.
    Quit,
    /// `?` or F1.
    OpenHelp,
    /// The board's cursor moves one square.
    Cursor(Step),
    /// Enter on the board: build a move from the stack under the cursor.
    Pick,
    /// `:` opens the prompt for a typed move.
    TypeMove,
    /// `s` opens the save prompt.
    Save,
    /// `o` opens the prompt for a game to load.
    Open,
    /// `m` opens the menu.
    Menu,
    Undo,
    Redo,
    Pass,
    /// `v` shows the game move by move.
    Replay,
    /// Esc on the board: the status line goes.
    Dismiss,
    /// Esc: leave what is under way (a move built, a prompt, the menu, a question).
    Cancel,
    /// While a move is built: all that is left of the stack goes next.
    ChooseAll,
    /// While a move is built: one more piece of a kind.
    Add(Kind),
    /// While a move is built: one piece of a kind fewer.
    Remove(Kind),
    /// While a move is built: the piece chosen last is put back.
    RemoveLast,
    /// While a move is built: play it as it stands (`c`).
    Play,
    /// While a move is built: Enter sends to the square under the cursor, or
    /// plays the move when the cursor is back on its stack.
    SendOrPlay,
    /// In a prompt: a character typed.
    Type(char),
    /// In a prompt: the last character erased.
    Erase,
    /// In a prompt: everything typed erased (Ctrl-U).
    Clear,
    /// Enter: a prompt's text, or the menu's item, taken.
    Accept,
    /// In the replay: one move back or on.
    StepBack,
    StepOn,
    /// In the replay: to the start or the end.
    First,
    Last,
    /// In the replay: play on from the move shown.
    PlayOnFromHere,
    /// In the help: scroll by this many lines.
    Scroll(i32),
    /// In the help: to the top or the bottom.
    Top,
    Bottom,
    /// In the menu: the item above or below.
    MenuUp,
    MenuDown,
    /// In the menu: the item's setting changed backwards or forwards.
    Change {
        forward: bool,
    },
    /// In the menu: the item chosen (Enter or space).
    Choose,
    /// Answers to a question.
    Yes,
    No,
    SaveFirst,
    Discard,
}

fn ctrl(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Ctrl-C and Ctrl-Q, on any screen.
pub(crate) fn interrupt(key: &KeyEvent) -> bool {
    ctrl(key) && matches!(key.code, KeyCode::Char('c' | 'q'))
}

fn step(code: KeyCode) -> Option<Step> {
    match code {
        KeyCode::Left | KeyCode::Char('h') => Some(Step::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Step::Right),
        KeyCode::Up | KeyCode::Char('k') => Some(Step::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Step::Down),
        _ => None,
    }
}

fn help(code: KeyCode) -> bool {
    matches!(code, KeyCode::Char('?') | KeyCode::F(1))
}

/// A key on the board, nothing under way.
pub(crate) fn on_board(key: &KeyEvent) -> Option<Intent> {
    if let Some(s) = step(key.code) {
        return Some(Intent::Cursor(s));
    }
    Some(match key.code {
        KeyCode::Enter | KeyCode::Char(' ') => Intent::Pick,
        KeyCode::Char(':' | '/') => Intent::TypeMove,
        KeyCode::Char('s') => Intent::Save,
        KeyCode::Char('o' | 'L') => Intent::Open,
        KeyCode::Char('m' | 'n') => Intent::Menu,
        KeyCode::Char('u') => Intent::Undo,
        KeyCode::Char('r') => Intent::Redo,
        KeyCode::Char('p') => Intent::Pass,
        KeyCode::Char('v') => Intent::Replay,
        code if help(code) => Intent::OpenHelp,
        KeyCode::Char('q') => Intent::Quit,
        KeyCode::Esc => Intent::Dismiss,
        _ => return None,
    })
}

/// A key while a move is built on the board.
pub(crate) fn building(key: &KeyEvent) -> Option<Intent> {
    if let Some(s) = step(key.code) {
        return Some(Intent::Cursor(s));
    }
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Char('a') => Intent::ChooseAll,
        KeyCode::Char(c @ ('f' | 'm' | 'v')) => Intent::Add(Kind::from_char(c)?),
        KeyCode::Char(c @ ('F' | 'M' | 'V')) => Intent::Remove(Kind::from_char(c)?),
        KeyCode::Backspace => Intent::RemoveLast,
        KeyCode::Char('c') => Intent::Play,
        code if help(code) => Intent::OpenHelp,
        KeyCode::Enter | KeyCode::Char(' ') => Intent::SendOrPlay,
        _ => return None,
    })
}

/// The most characters a prompt takes.
const PROMPT_MOST: usize = 200;

/// A key in a prompt holding `typed` characters.
pub(crate) fn in_prompt(key: &KeyEvent, typed: usize) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Char('u') if ctrl(key) => Intent::Clear,
        KeyCode::Backspace => Intent::Erase,
        KeyCode::Char(c) if !ctrl(key) && typed < PROMPT_MOST => Intent::Type(c),
        KeyCode::Enter => Intent::Accept,
        _ => return None,
    })
}

/// A key on the replay's screen.
pub(crate) fn in_replay(key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => Intent::StepBack,
        KeyCode::Right | KeyCode::Char('l' | ' ') | KeyCode::Enter => Intent::StepOn,
        KeyCode::Home | KeyCode::Up => Intent::First,
        KeyCode::End | KeyCode::Down => Intent::Last,
        KeyCode::Char('t') => Intent::PlayOnFromHere,
        code if help(code) => Intent::OpenHelp,
        KeyCode::Esc | KeyCode::Char('q' | 'v') => Intent::Cancel,
        _ => return None,
    })
}

/// A key on the help's screen.
pub(crate) fn in_help(key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Down | KeyCode::Char('j') => Intent::Scroll(1),
        KeyCode::Up | KeyCode::Char('k') => Intent::Scroll(-1),
        KeyCode::PageDown | KeyCode::Char(' ') => Intent::Scroll(10),
        KeyCode::PageUp => Intent::Scroll(-10),
        KeyCode::Home => Intent::Top,
        KeyCode::End => Intent::Bottom,
        KeyCode::Esc | KeyCode::Char('q') => Intent::Cancel,
        code if help(code) => Intent::Cancel,
        _ => return None,
    })
}

/// A key in the menu.
pub(crate) fn in_menu(key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Esc | KeyCode::Char('m') => Intent::Cancel,
        KeyCode::Up | KeyCode::Char('k') => Intent::MenuUp,
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => Intent::MenuDown,
        KeyCode::Left | KeyCode::Char('h') => Intent::Change { forward: false },
        KeyCode::Right | KeyCode::Char('l') => Intent::Change { forward: true },
        KeyCode::Enter | KeyCode::Char(' ') => Intent::Choose,
        _ => return None,
    })
}

/// A key while a question is asked.
pub(crate) fn answering(key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Char('y' | 'Y') | KeyCode::Enter => Intent::Yes,
        KeyCode::Esc | KeyCode::Char('n' | 'N') => Intent::No,
        KeyCode::Char('s' | 'S') => Intent::SaveFirst,
        KeyCode::Char('d' | 'D') => Intent::Discard,
        _ => return None,
    })
}

/// A key while the terminal is too small for the board: the help, quitting, and
/// the answer to a question asked (other than saving, which needs the board).
pub(crate) fn too_small(key: &KeyEvent, asking: bool) -> Option<Intent> {
    if help(key.code) {
        return Some(Intent::OpenHelp);
    }
    if asking {
        return answering(key).filter(|i| *i != Intent::SaveFirst);
    }
    matches!(key.code, KeyCode::Char('q' | 'Q')).then_some(Intent::Quit)
}
