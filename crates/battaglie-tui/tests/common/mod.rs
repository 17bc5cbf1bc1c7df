//! Helpers shared by the interface tests.
#![allow(dead_code)]

use std::path::PathBuf;

use battaglie_rules::Scenario;
use battaglie_tui::{App, Opponent, PlayOptions};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

/// The end of a Washita game (from docs/records.md): Indians to move, one Foot
/// on l1 next to an Army horseman on k2.
pub const ENDGAME: &str = "[Scenario \"washita\"]\n[Start \"|12/|12/|12/|12/|12/|12/|10M1/|11f I 37 30\"]\n[Result \"ongoing\"]\n\n*\n";

pub fn options(id: &str, opponent: Opponent) -> PlayOptions {
    let mut options = PlayOptions::new(Scenario::builtin(id).expect("a built-in battle"));
    options.opponent = opponent;
    // The tests' screens do not depend on the NO_COLOR of whoever runs them.
    options.monochrome = false;
    // A game the line mode keeps aside at the end of the input goes to the
    // tests' own folder, never the crate's.
    options.aside_dir = Some(aside_dir());
    options
}

/// This test process's folder for games kept aside, under Cargo's folder for test data.
pub fn aside_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("aside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder for games kept aside");
        dir
    })
    .clone()
}

pub fn hotseat(id: &str) -> App {
    App::new(&options(id, Opponent::Hotseat)).expect("a new game")
}

/// A hotseat game drawn without colour, as with NO_COLOR.
pub fn monochrome(id: &str) -> App {
    let mut o = options(id, Opponent::Hotseat);
    o.monochrome = true;
    App::new(&o).expect("a new game")
}

/// Presses a key with Ctrl held.
pub fn ctrl(app: &mut App, c: char) {
    app.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

pub fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub fn keys(app: &mut App, codes: &[KeyCode]) {
    for c in codes {
        key(app, *c);
    }
}

pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

/// Types a move at the `:` prompt.
pub fn play(app: &mut App, mv: &str) {
    key(app, KeyCode::Char(':'));
    type_text(app, mv);
    key(app, KeyCode::Enter);
}

pub fn moves(app: &App) -> Vec<String> {
    app.game().moves().map(|m| m.to_string()).collect()
}

/// Draws the app on a test backend of the given size.
pub fn draw(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|f| app.draw(f)).expect("drawn");
    terminal.backend().buffer().clone()
}

/// The buffer as text, one line per row.
pub fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

pub fn render(app: &App, width: u16, height: u16) -> String {
    text(&draw(app, width, height))
}

/// A fresh file path in a temporary directory, removed when the returned guard drops.
pub fn temp_path(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    (dir, path)
}

/// Compares `actual` with the snapshot file `tests/snapshots/NAME.txt`. Only
/// `UPDATE_SNAPSHOTS=1` writes it: a missing snapshot fails the test, so that a
/// screen nobody has looked at is never taken as right.
pub fn snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).expect("snapshot written");
        return;
    }
    let Ok(expected) = std::fs::read_to_string(&path) else {
        panic!(
            "snapshot {name} is missing: look at the screen below, then write it with UPDATE_SNAPSHOTS=1\n{actual}"
        );
    };
    assert_eq!(
        actual, expected,
        "snapshot {name} differs (UPDATE_SNAPSHOTS=1 rewrites it)\n--- actual:\n{actual}"
    );
}

/// Moves the cursor to a square with the arrow keys.
pub fn go(app: &mut App, target: &str) {
    for _ in 0..40 {
        let here = app.cursor().to_string();
        if here == target {
            return;
        }
        let file = |s: &str| {
            s.chars()
                .next()
                .map_or(0, |c| if c == '@' { -1 } else { c as i32 - 'a' as i32 })
        };
        let rank = |s: &str| s[1..].parse::<i32>().unwrap_or(0);
        let code = if file(&here) < file(target) {
            KeyCode::Right
        } else if file(&here) > file(target) {
            KeyCode::Left
        } else if rank(&here) < rank(target) {
            KeyCode::Up
        } else {
            KeyCode::Down
        };
        key(app, code);
    }
    panic!("cannot reach {target} from {}", app.cursor());
}
