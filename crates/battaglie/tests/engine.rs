//! The engine protocol (docs/protocol.md) driven through the real binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const CONFORMANCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../battaglie-rules/tests/conformance"
);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Data lines up to the final line, and the final line (`ok` or `error ...`).
    fn answer(&mut self) -> (Vec<String>, String) {
        let mut data = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "engine closed its output"
            );
            let line = line.trim_end().to_string();
            if line == "ok" || line.starts_with("error ") {
                return (data, line);
            }
            data.push(line);
        }
    }

    fn ask(&mut self, line: &str) -> (Vec<String>, String) {
        self.send(line);
        self.answer()
    }

    fn ok(&mut self, line: &str) -> Vec<String> {
        let (data, last) = self.ask(line);
        assert_eq!(last, "ok", "{line}");
        data
    }

    fn error(&mut self, line: &str) -> String {
        let (data, last) = self.ask(line);
        assert!(data.is_empty(), "{line}: {data:?}");
        assert!(last.starts_with("error "), "{line}: {last}");
        last
    }
}

#[test]
fn every_command_answers_ok_or_error_and_the_engine_keeps_running() {
    let mut e = Engine::start();
    e.ok(&format!("scenario {CONFORMANCE}/c-small.toml"));
    assert_eq!(e.ok("bfen"), ["FM|3m/MM|3f/FV|3(ff) A 0 1"]);
    assert_eq!(e.ok("status"), ["ongoing"]);
    assert_eq!(e.ok("legal").len(), 8);
    assert_eq!(e.ok("perft 3"), ["780"]);
    assert!(e.error("frobnicate").contains("unknown command"));
    assert!(e.error("move @1:M-a1").contains("@1"));
    assert!(e
        .error("position bfen |4/|4 A 0 1")
        .contains("2 ranks given, the map has 3"));
    assert!(e.error("perft deep").contains("depth"));
    assert!(e.error("go level 9").contains("level"));
    assert!(e
        .error("scenario no-such-battle")
        .contains("there is no built-in battle \"no-such-battle\""));
    // Nothing above changed the position.
    assert_eq!(e.ok("bfen"), ["FM|3m/MM|3f/FV|3(ff) A 0 1"]);
    e.send("");
    e.ok("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn move_plays_all_or_none_and_history_lists_them() {
    let mut e = Engine::start();
    e.ok(&format!("scenario {CONFORMANCE}/c-small.toml"));
    let err = e.error("move @1:FV-a1 d1:F-c1 a1:Q-a2");
    assert!(err.contains("move 3 of 3"), "{err}");
    assert!(e.ok("history").is_empty());
    e.ok("move @1:vf-a1 d1:F-c1");
    assert_eq!(e.ok("history"), ["@1:FV-a1", "d1:F-c1"]);
    e.ok("position startpos moves @1:FV-a1");
    assert_eq!(e.ok("history"), ["@1:FV-a1"]);
    e.ok("position bfen |4/|4/|F3 I 5 7");
    assert_eq!(e.ok("status"), ["win army"]);
    assert!(e.ok("legal").is_empty());
    assert!(e.error("go depth 2").contains("over"));
    assert_eq!(e.ok("perft 2"), ["0"]);
}

#[test]
fn repetition_is_counted_from_the_last_position_command() {
    let mut e = Engine::start();
    e.ok(&format!("scenario {CONFORMANCE}/c-pass.toml"));
    let game = "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass a3:F-a2 pass a2:F-b2 pass b2:F-a2";
    e.ok(&format!("position startpos moves {game}"));
    assert_eq!(e.ok("status"), ["draw repetition"]);
    assert!(e.ok("legal").is_empty());
    // The same position set by BFEN starts a fresh history.
    e.ok("position bfen |1v/|F1/|2 I 11 6");
    assert_eq!(e.ok("status"), ["ongoing"]);
    assert_eq!(e.ok("legal"), ["pass"]);
}

#[test]
fn go_returns_a_legal_move_with_info_lines() {
    let mut e = Engine::start();
    for battle in ["washita", "fetterman", "apache-pass"] {
        e.ok(&format!("scenario {battle}"));
        let legal = e.ok("legal");
        let data = e.ok("go depth 2");
        let best = data
            .last()
            .unwrap()
            .strip_prefix("bestmove ")
            .expect("bestmove last");
        assert!(legal.iter().any(|m| m == best), "{battle}: {best}");
        for info in &data[..data.len() - 1] {
            for key in [
                "info ",
                " depth ",
                " score ",
                " winchance ",
                " nodes ",
                " nps ",
                " time ",
                " pv ",
            ] {
                assert!(info.contains(key), "{info}");
            }
        }
    }
}

#[test]
fn stop_ends_a_running_search_then_answers_ok() {
    let mut e = Engine::start();
    e.send("go movetime 600000");
    // The first line of the search's progress: it is running.
    let mut first = String::new();
    e.stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("info "), "{first}");
    e.send("stop");
    let (data, last) = e.answer();
    assert_eq!(last, "ok");
    assert!(data.last().unwrap().starts_with("bestmove "), "{data:?}");
    let (data, last) = e.answer();
    assert_eq!((data.len(), last.as_str()), (0, "ok"));
    // With nothing running, stop still answers.
    e.ok("stop");
}

#[test]
fn end_of_input_is_quit() {
    let mut e = Engine::start();
    e.ok("bfen");
    drop(e.stdin);
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn invalid_utf8_is_an_error_not_a_crash() {
    let mut e = Engine::start();
    e.stdin.write_all(b"\xff\xfe legal\n").unwrap();
    e.stdin.flush().unwrap();
    let (_, last) = e.answer();
    assert!(last.starts_with("error "));
    e.ok("bfen");
}

#[test]
fn threads_command_sets_the_search_threads_and_refuses_bad_counts() {
    let mut e = Engine::start();
    e.ok("scenario fetterman");
    e.ok("threads 2");
    let legal = e.ok("legal");
    let data = e.ok("go depth 3");
    let best = data.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(legal.iter().any(|m| m == best), "{best}");
    for bad in ["threads", "threads 0", "threads 65", "threads two"] {
        assert!(
            e.error(bad).contains("threads needs a whole number"),
            "{bad}"
        );
    }
}

#[test]
fn help_lists_every_command() {
    let mut e = Engine::start();
    let lines = e.ok("help");
    for command in [
        "scenario", "position", "move", "legal", "bfen", "status", "history", "perft", "go",
        "stop", "threads", "help", "quit",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(command)),
            "{command} missing from {lines:?}"
        );
    }
}

/// The `score` and `winchance` of the last `info` line of `go depth 2` on the
/// current position, and the best move.
fn score_at_depth_2(e: &mut Engine) -> (i64, i64, String) {
    let data = e.ok("go depth 2");
    let info = data.iter().rfind(|l| l.starts_with("info ")).unwrap();
    let words: Vec<&str> = info.split_whitespace().collect();
    let value = |key: &str| -> i64 {
        let at = words.iter().position(|w| *w == key).unwrap();
        words[at + 1].parse().unwrap()
    };
    let best = data.last().unwrap().strip_prefix("bestmove ").unwrap();
    (value("score"), value("winchance"), best.to_string())
}

#[test]
fn the_score_is_one_symmetric_view_so_both_sides_agree_who_is_ahead() {
    // The engine's search credits a side that starts behind in piece values with a
    // handicap; the reported score does not, so the Army's view of the start and the
    // Cheyenne's view a move later are (nearly) each other's negation.
    let mut e = Engine::start();
    let (army, army_chance, best) = score_at_depth_2(&mut e);
    e.ok(&format!("move {best}"));
    let (indians, indians_chance, _) = score_at_depth_2(&mut e);
    assert!(
        (army + indians).abs() < 250,
        "the Army sees {army}, the Indians then {indians}"
    );
    // The winning chances (per cent) of the two views nearly add up to 100.
    assert!((0..=100).contains(&army_chance) && (0..=100).contains(&indians_chance));
    assert!(
        (army_chance + indians_chance - 100).abs() <= 15,
        "{army_chance}% then {indians_chance}%"
    );
}

/// The last `info` line's depth and the `bestmove` of a `go`.
fn depth_and_move(lines: &[String]) -> (u32, String) {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("an info line");
    let depth = info.split_whitespace().nth(2).unwrap().parse().unwrap();
    let best = lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .expect("bestmove last");
    (depth, best.to_string())
}

#[test]
fn go_level_searches_as_that_level_plays_against_a_person() {
    use battaglie_rules::{Game, Position, Scenario};
    let scenario = Scenario::builtin("washita").unwrap();
    let mut e = Engine::start();
    e.ok("scenario washita");
    for (bfen, level) in [
        (None, 3),
        (None, 1),
        (Some("|12/|12/|12/|12/|12/|12/|10M1/|10ff I 37 30"), 3),
    ] {
        let start = match bfen {
            Some(b) => {
                e.ok(&format!("position bfen {b}"));
                Position::from_bfen(&scenario, b).unwrap()
            }
            None => {
                e.ok("position startpos");
                Position::start(&scenario)
            }
        };
        let (depth, best) = depth_and_move(&e.ok(&format!("go level {level}")));
        // The same search the terminal and the web server run for this level.
        let limits = battaglie_ai::Limits {
            level: Some(level),
            ..Default::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let ours = battaglie_ai::search(&Game::new(start), &limits, &stop, |_| {}).unwrap();
        assert_eq!(best, ours.best.to_string(), "{bfen:?} level {level}");
        assert_eq!(depth, ours.info.depth, "{bfen:?} level {level}");
        if bfen.is_some() {
            // With few moves to score, level 3 searches to its depth cap.
            assert_eq!(depth, 3, "level {level} searched {depth} plies");
        }
    }
    e.ok("quit");
}
