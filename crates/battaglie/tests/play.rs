//! `battaglie play` as a user runs it: whole battles against the computer at
//! level 1, through a pipe in the line mode and on a pseudo-terminal in the
//! full-screen interface, at 80x24 and 160x50, with and without NO_COLOR.
//!
//! The test's own player (the Indians, choosing as level 1 does) reads the game
//! from the autosave after every move, so these tests check the autosave too. It plays
//! with the coach off (`--coach off`): the coach's questions before a risky move have
//! their own tests (`battaglie-tui/tests/coach.rs`).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use battaglie_ai::Limits;
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Scenario, Side};
use portable_pty::{native_pty_system, CommandBuilder, PtySize};

/// The most plies a test game may take before the test fails: level 1 against
/// itself plays on to the quiet limit or an elimination (it resigns only when its
/// winning chance is lost), some 400 to 1,700 plies.
const MAX_PLIES: usize = 2_500;

/// How long one answer of the binary may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// The game in the autosave (`None` before the first move).
fn autosaved(dir: &Path) -> Option<Game> {
    let text = std::fs::read_to_string(dir.join("autosave.txt")).ok()?;
    let record = Record::read(&text).expect("the autosave is a game record");
    let scenario = Scenario::builtin(&record.scenario).expect("a built-in battle");
    Some(record.replay(&scenario).expect("the autosave replays"))
}

/// The move the test's player makes: what level 1 would play.
fn our_move(game: &Game) -> String {
    let limits = Limits {
        level: Some(1),
        seed: Some(7),
        ..Default::default()
    };
    battaglie_ai::search(game, &limits, &AtomicBool::new(false), |_| {})
        .expect("a move in a game that is not over")
        .best
        .to_string()
}

/// Waits until `done` says yes, failing after [`PATIENCE`] with `what` and `shown()`.
fn wait_for(what: &str, mut done: impl FnMut() -> bool, shown: impl Fn() -> String) {
    let deadline = Instant::now() + PATIENCE;
    while !done() {
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} for {what}; on screen:\n{}",
            shown()
        );
        // The program on its terminal tells nothing but its screen, its files and
        // its exit: they are looked at again, often beside the waits.
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Plays the Indians until the game is over: `send` types a move, and the game
/// is read from the autosave in `dir`. Returns the finished game.
fn play_the_indians(dir: &Path, mut send: impl FnMut(&str), shown: impl Fn() -> String) -> Game {
    loop {
        wait_for(
            "the computer's move",
            || {
                autosaved(dir)
                    .is_some_and(|g| g.is_over() || g.position().side_to_move() == Side::Indians)
            },
            &shown,
        );
        let game = autosaved(dir).expect("the autosave");
        if game.is_over() {
            return game;
        }
        let plies = game.moves().len();
        assert!(
            plies < MAX_PLIES,
            "no end after {plies} plies:\n{}",
            shown()
        );
        send(&our_move(&game));
        wait_for(
            "our move in the autosave",
            || autosaved(dir).is_some_and(|g| g.moves().len() > plies || g.is_over()),
            &shown,
        );
    }
}

#[test]
fn a_whole_battle_in_the_line_mode_through_a_pipe() {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args([
            "play", "--plain", "--vs", "1", "--side", "indians", "--coach", "off",
        ])
        .env("BATTAGLIE_DATA_DIR", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let output = Arc::new(Mutex::new(String::new()));
    let sink = output.clone();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let shown = || output.lock().unwrap().clone();
    let game = play_the_indians(
        data.path(),
        |mv| writeln!(stdin, "{mv}").expect("the binary reads"),
        shown,
    );
    writeln!(stdin, "history\nquit").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let out = shown();
    assert!(status.success(), "{out}");
    let end = battaglie_tui::describe_outcome(&game).expect("the game is over");
    assert!(out.contains(&format!("Game over. {end}")), "{end}\n{out}");
    assert!(out.contains("Game over> "), "{out}");
    assert!(
        out.contains("> 1. @") && out.contains("\n1... "),
        "numbered history: {out}"
    );
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
    // Said in sentences, never the grid unasked.
    assert!(!out.contains("+---"), "{out}");
}

/// The binary on a pseudo-terminal, its screen kept by a terminal emulator.
struct Terminal {
    screen: Arc<Mutex<vt100::Parser>>,
    keys: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
    cols: u16,
    rows: u16,
}

impl Terminal {
    fn start(cols: u16, rows: u16, no_color: bool, data: &Path, args: &[&str]) -> Terminal {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_battaglie"));
        cmd.args(args);
        cmd.cwd(data);
        cmd.env("BATTAGLIE_DATA_DIR", data);
        cmd.env("TERM", "xterm-256color");
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let child = pair.slave.spawn_command(cmd).expect("the binary runs");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZeroU16::new(rows).unwrap(),
            std::num::NonZeroU16::new(cols).unwrap(),
            0,
        )));
        let parser = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                parser.lock().unwrap().process(&buf[..n]);
            }
        });
        let keys = pair.master.take_writer().unwrap();
        Terminal {
            screen,
            keys,
            child,
            _master: pair.master,
            cols,
            rows,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    fn rows(&self) -> Vec<String> {
        let p = self.screen.lock().unwrap();
        p.screen().rows(0, self.cols).collect()
    }

    fn press(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    /// Waits for the program to end after `key` is pressed: how it ended.
    fn exit_status(&mut self, key: &str) -> portable_pty::ExitStatus {
        let screen = self.screen.clone();
        let mut status = None;
        wait_for(
            &format!("the program to end after {key}"),
            || {
                status = self.child.try_wait().unwrap();
                status.is_some()
            },
            || screen.lock().unwrap().screen().contents(),
        );
        status.expect("ended")
    }

    fn wait_for_text(&self, text: &str) {
        wait_for(text, || self.flat().contains(text), || self.text());
    }

    /// The screen's rows joined with spaces: a sentence wrapped over rows reads whole.
    fn flat(&self) -> String {
        let joined = self.rows().join(" ");
        joined.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// Whether any cell is drawn in a colour, and whether any in reverse video.
    fn colour_and_reverse(&self) -> (bool, bool) {
        let p = self.screen.lock().unwrap();
        let s = p.screen();
        let (mut colour, mut reverse) = (false, false);
        for row in 0..self.rows {
            for col in 0..self.cols {
                if let Some(cell) = s.cell(row, col) {
                    colour |= cell.fgcolor() != vt100::Color::Default
                        || cell.bgcolor() != vt100::Color::Default;
                    reverse |= cell.inverse();
                }
            }
        }
        (colour, reverse)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// A whole battle at `cols` x `rows`: nothing cut, the footer's help and quit
/// shown throughout, the end said with how it came, and the quit question.
fn a_whole_battle_on_a_terminal(cols: u16, rows: u16, no_color: bool) {
    let data = tempfile::tempdir().unwrap();
    let term = Terminal::start(
        cols,
        rows,
        no_color,
        data.path(),
        &["play", "--vs", "1", "--side", "indians", "--coach", "off"],
    );
    term.wait_for_text("? help");
    let check_screen = |term: &Terminal| {
        let rows = term.rows();
        assert_eq!(rows.len(), usize::from(term.rows));
        assert!(
            rows[0].starts_with(" battaglie  Washita River"),
            "the title on the first row (nothing scrolled): {rows:#?}"
        );
        for row in &rows {
            assert!(row.chars().count() <= usize::from(term.cols), "{row}");
        }
        let footer = rows.last().unwrap();
        assert!(
            footer.contains("? help") && footer.contains("q quit"),
            "the footer's help and quit: {rows:#?}"
        );
    };
    check_screen(&term);
    let (colour, reverse) = term.colour_and_reverse();
    assert_eq!(
        colour,
        !no_color,
        "colour only without NO_COLOR:\n{}",
        term.text()
    );
    assert!(reverse, "the cursor in reverse video:\n{}", term.text());
    let term = Mutex::new(term);
    let game = play_the_indians(
        data.path(),
        |mv| {
            let mut t = term.lock().unwrap();
            t.press(&format!(":{mv}\r"));
        },
        || term.lock().unwrap().text(),
    );
    let mut term = term.into_inner().unwrap();
    let end = battaglie_tui::describe_outcome(&game).expect("the game is over");
    term.wait_for_text(&end);
    check_screen(&term);
    term.press("q");
    term.wait_for_text("s save and quit");
    term.press("d");
    let status = term.exit_status("d");
    assert!(status.success(), "{status:?}");
    assert!(autosaved(data.path()).is_some_and(|g| g.is_over()));
}

#[test]
fn a_whole_battle_at_80x24_in_colour() {
    a_whole_battle_on_a_terminal(80, 24, false);
}

#[test]
fn a_whole_battle_at_80x24_with_no_color() {
    a_whole_battle_on_a_terminal(80, 24, true);
}

#[test]
fn a_whole_battle_at_160x50_in_colour() {
    a_whole_battle_on_a_terminal(160, 50, false);
}

#[test]
fn a_whole_battle_at_160x50_with_no_color() {
    a_whole_battle_on_a_terminal(160, 50, true);
}

#[test]
fn a_terminal_too_small_says_how_large_it_must_be_and_q_still_quits() {
    let data = tempfile::tempdir().unwrap();
    let mut term = Terminal::start(40, 10, false, data.path(), &["play", "--hotseat"]);
    term.wait_for_text("Enlarge the terminal to at least");
    term.press("q");
    term.exit_status("q");
}

#[test]
fn an_unfinished_game_is_offered_back_on_the_terminal() {
    let data = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["play", "--plain", "--hotseat"])
        .env("BATTAGLIE_DATA_DIR", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"@8:MMM-a8\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let mut term = Terminal::start(80, 24, false, data.path(), &["play"]);
    term.wait_for_text(
        "Resume the unfinished game autosaved (Washita River, 1 move through turn 1, two players)?",
    );
    term.press("y");
    term.wait_for_text("Resumed: Washita River, 1 move through turn 1, two players.");
    term.press("q");
    term.exit_status("q");
}

#[test]
fn a_lesson_on_a_terminal_marks_a_refused_moves_squares_and_keeps_the_stars() {
    let data = tempfile::tempdir().unwrap();
    let mut term = Terminal::start(80, 24, true, data.path(), &["learn", "6", "--lang", "en"]);
    term.wait_for_text("Stage 1 of 4.");
    term.press("\x0e"); // Ctrl-N: the next stage
    term.wait_for_text("Stage 2 of 4.");
    assert!(
        !term.colour_and_reverse().1,
        "nothing marked yet:\n{}",
        term.text()
    );
    term.press("a1:Fxb1\r");
    term.wait_for_text("Not like that: Foot cannot eliminate Mounted on b1");
    assert!(
        term.colour_and_reverse().1,
        "a1 and b1 marked:\n{}",
        term.text()
    );
    term.press("?");
    term.wait_for_text("Hint: b2:Mxb1");
    term.press("b2:Mxb1\r");
    term.wait_for_text("Done in 1 move: 3 of 3 stars.");
    term.wait_for_text("Stage 3 of 4.");
    term.press("\x03"); // Ctrl-C leaves
    let deadline = Instant::now() + PATIENCE;
    while term.child.try_wait().unwrap().is_none() {
        assert!(
            Instant::now() < deadline,
            "Ctrl-C did not leave:\n{}",
            term.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let kept = std::fs::read_to_string(data.path().join("learn.txt")).unwrap();
    assert_eq!(kept, "who-eliminates 2 3\n");
}
