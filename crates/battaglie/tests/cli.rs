//! The command-line subcommands as a user runs them.

use std::process::{Command, Output};

fn battaglie(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = battaglie(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn site_writes_the_offline_edition_once_and_refuses_a_folder_with_files_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let site_arg = site.to_str().unwrap();
    let said = stdout(&["site", site_arg]);
    assert!(said.contains("offline edition"), "{said}");
    for file in ["index.html", "sw.js", "local/manifest.webmanifest"] {
        assert!(site.join(file).is_file(), "{file} is missing");
    }
    // The bundle's files are named after their content: the page's module and the
    // engine's WebAssembly, whatever their names today.
    let names: Vec<String> = std::fs::read_dir(&site)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for (start, end) in [("app-", ".js"), ("battaglie_wasm_bg-", ".wasm")] {
        assert!(
            names
                .iter()
                .any(|n| n.starts_with(start) && n.ends_with(end)),
            "no {start}*{end} among {names:?}"
        );
    }
    let again = battaglie(&["site", site_arg]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        !again.status.success() && err.contains("not empty") && err.contains("--force"),
        "{err}"
    );
    stdout(&["site", site_arg, "--force"]);
}

#[test]
fn scenarios_lists_the_three_battles_with_date_size_and_forces() {
    let out = stdout(&["scenarios"]);
    for (id, name, date) in [
        ("washita", "Washita River", "1868-11-27"),
        ("fetterman", "Fetterman Massacre", "1866-12-21"),
        ("apache-pass", "Apache Pass", "1862-07-15"),
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(id))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            line.contains(name) && line.contains(date) && line.contains("12x8"),
            "{line}"
        );
    }
    assert!(out.contains("Foot") && out.contains("Mounted"), "{out}");
}

#[test]
fn show_draws_the_board_with_staging_terrain_legend_and_bfen() {
    let out = stdout(&["show", "washita", "--moves", "@8:M-a8"]);
    for needle in [
        "Washita River",
        "  a  ",
        "  l  ",
        "@",
        "⌂",
        "Terrain:",
        "house (F only)",
        "BFEN:",
    ] {
        assert!(out.contains(needle), "{needle} missing from\n{out}");
    }
    assert!(
        out.contains(" I 1 1"),
        "the Indians are to move after one Army move:\n{out}"
    );
}

#[test]
fn show_rejects_a_bad_bfen_saying_where() {
    let out = battaglie(&["show", "washita", "--bfen", "|12 A 0 1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 ranks given, the map has 8"), "{err}");
    assert!(!err.contains("backtrace"), "{err}");
}

#[test]
fn perft_counts_and_divides_from_a_bfen() {
    let out = stdout(&["perft", "washita", "2"]);
    assert!(out.starts_with("perft 2: "), "{out}");
    let total: u64 = out.split_whitespace().nth(2).unwrap().parse().unwrap();
    let divided = stdout(&["perft", "washita", "2", "--divide", "--played"]);
    let sum: u64 = divided
        .lines()
        .filter(|l| !l.starts_with("perft"))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, total, "{divided}");
}

#[test]
fn record_replays_a_text_record_and_prints_it_as_canonical_json() {
    let dir = std::env::temp_dir().join(format!("battaglie-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The first Army move of the engine's own list, written in lenient notation.
    let legal = {
        let s = battaglie_rules::Scenario::builtin("washita").unwrap();
        battaglie_rules::Position::start(&s).legal_moves()[0].to_string()
    };
    let text = format!(
        "[Scenario \"washita\"]\n[Army \"Ann\"]\n[Indians \"Bo\"]\n\n1. {} *\n",
        legal.to_lowercase()
    );
    let file = dir.join("game.txt");
    std::fs::write(&file, text).unwrap();
    let json = stdout(&["record", file.to_str().unwrap(), "--to", "json"]);
    let record = battaglie_rules::record::Record::from_json(&json).unwrap();
    assert_eq!(record.moves, [legal]);
    assert_eq!(
        (record.army.as_str(), record.result.as_str()),
        ("Ann", "ongoing")
    );

    std::fs::write(&file, "[Scenario \"washita\"]\n\n1. a1:M-a2 *\n").unwrap();
    let out = battaglie(&["record", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 1 (a1:M-a2)") && err.contains("a1 is empty"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_to_gif_animates_a_range_of_plies_and_refuses_one_past_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let mut game = battaglie_rules::Game::new(battaglie_rules::Position::start(
        &battaglie_rules::Scenario::builtin("apache-pass").unwrap(),
    ));
    for _ in 0..8 {
        let mv = game.legal_moves()[0];
        game.play(&mv);
    }
    let record = battaglie_rules::record::Record::from_game(&game, "A", "B", None);
    std::fs::write(&file, record.to_string()).unwrap();
    let (record, gif) = (file.to_str().unwrap(), dir.path().join("game.gif"));
    let frames = |path: &std::path::Path| {
        let bytes = std::fs::read(path).unwrap();
        let mut d = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
        let mut n = 0;
        while d.read_next_frame().unwrap().is_some() {
            n += 1;
        }
        n
    };

    let out = battaglie(&["record", record, "--to", "gif", "-o", gif.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(frames(&gif), 9, "the start and eight moves");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with(&format!(
            "wrote {} (an animation of moves 0 to 8, ",
            gif.display()
        )),
        "says what it wrote: {}",
        String::from_utf8_lossy(&out.stdout)
    );

    // An existing file is replaced only with --force.
    let args = [
        "record", record, "--to", "gif", "--from", "2", "--until", "5", "--output",
    ];
    let out = battaglie(&[&args[..], &[gif.to_str().unwrap()]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success()
            && err.contains("is already there: give another name, or --force to replace it"),
        "{err}"
    );
    assert_eq!(frames(&gif), 9, "untouched");
    let out = battaglie(&[&args[..], &[gif.to_str().unwrap(), "--force"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(frames(&gif), 4, "plies 2 to 5");

    let out = battaglie(&[
        "record",
        record,
        "--to",
        "gif",
        "--until",
        "9",
        "-o",
        gif.to_str().unwrap(),
        "--force",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the game has 8 moves"), "{err}");
    // A start past the end, the end left to the game's, is past the end, not backwards.
    let out = battaglie(&[
        "record",
        record,
        "--to",
        "gif",
        "--from",
        "200",
        "-o",
        gif.to_str().unwrap(),
        "--force",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("the game has 8 moves"),
        "{err}"
    );
    assert!(!err.contains("ends before it starts"), "{err}");
    // A range given backwards is said to be backwards, not too long.
    let out = battaglie(&[
        "record",
        record,
        "--to",
        "gif",
        "--from",
        "5",
        "--until",
        "2",
        "-o",
        gif.to_str().unwrap(),
        "--force",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("ends before it starts"),
        "{err}"
    );
    assert!(!err.contains("the game has"), "{err}");

    let out = battaglie(&["record", record, "--from", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--to gif"));
}

#[test]
fn show_never_glues_a_terrain_glyph_to_a_stack() {
    let out = stdout(&["show", "washita"]);
    // The Cheyenne on l1 stand on a ridge and on l3 in the river: each glyph on a
    // line of its own under the stacks.
    for line in out.lines().filter(|l| l.contains('│')) {
        for glyph in ['∩', '≈', '♣', '⌂', '=', '·'] {
            for letters in ["f", "m", "F", "M", "V"] {
                assert!(
                    !line.contains(&format!("{letters}{glyph}")),
                    "{letters}{glyph} glued in {line:?}"
                );
            }
        }
    }
    assert!(out.contains(" fmm "), "{out}");
}

/// Runs `battaglie ARGS` with its standard output a pipe whose reader has gone, as
/// `| head -1` leaves it: every write fails with a broken pipe.
fn through_a_closed_pipe(args: &[&str]) -> Output {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn analyze_stops_working_once_the_reader_has_read_its_first_line() {
    use std::io::BufRead;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let mut game = battaglie_rules::Game::new(battaglie_rules::Position::start(
        &battaglie_rules::Scenario::builtin("washita").unwrap(),
    ));
    for _ in 0..40 {
        let mv = game.legal_moves()[0];
        game.play(&mv);
    }
    let record = battaglie_rules::record::Record::from_game(&game, "A", "B", None);
    std::fs::write(&file, record.to_string()).unwrap();
    // `battaglie analyze FILE | head -1`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["analyze", file.to_str().unwrap(), "--depth", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(
        first.starts_with("move side"),
        "the header first: {first:?}"
    );
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success(), "{:?}", out.status);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("analyze: move 40 of 40"),
        "it went on analysing for nobody: {err}"
    );
}

#[test]
fn every_command_ends_quietly_when_the_reader_closes_the_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let mut game = battaglie_rules::Game::new(battaglie_rules::Position::start(
        &battaglie_rules::Scenario::builtin("washita").unwrap(),
    ));
    for _ in 0..40 {
        let mv = game.legal_moves()[0];
        game.play(&mv);
    }
    let record = battaglie_rules::record::Record::from_game(&game, "A", "B", None);
    std::fs::write(&file, record.to_string()).unwrap();
    let file = file.to_str().unwrap();
    for args in [
        vec!["record", file, "--to", "json"],
        vec!["record", file],
        vec!["record", file, "--to", "board"],
        vec!["show", "washita"],
        vec!["scenarios"],
        vec!["perft", "washita", "2", "--divide"],
        vec!["analyze", file, "--depth", "1"],
        vec!["analyze", file, "--depth", "1", "--json"],
        vec!["--help"],
        vec!["--version"],
        vec!["help", "play"],
    ] {
        let out = through_a_closed_pipe(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        // `analyze` reports its progress on standard error when it is not on a
        // terminal; that is all standard error may hold.
        let complaint = err.lines().find(|l| !l.starts_with("analyze: move "));
        assert!(
            out.status.success() && complaint.is_none(),
            "{args:?}: {:?} {complaint:?}",
            out.status
        );
    }
}

#[test]
fn every_subcommands_help_ends_quietly_when_the_reader_closes_the_pipe() {
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    for command in commands {
        let out = through_a_closed_pipe(&[command, "--help"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.is_empty(),
            "{command} --help: {:?} {err}",
            out.status
        );
    }
}

/// Runs `battaglie ARGS` reading `input`, its standard output a pipe nobody reads.
fn fed_through_a_closed_pipe(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(args)
        .env("BATTAGLIE_DATA_DIR", data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    // The child may already have ended on the broken pipe: a failed write is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn the_engine_and_the_line_mode_end_quietly_when_the_reader_closes_the_pipe() {
    for (args, input) in [
        (
            vec!["engine"],
            "help\nscenario washita\nlegal\ngo depth 2\nquit\n",
        ),
        (
            vec!["play", "--plain", "--hotseat"],
            "help\nboard\nmoves\nhistory\nquit\n",
        ),
    ] {
        let out = fed_through_a_closed_pipe(&args, input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.is_empty(),
            "{args:?}: {:?} {err}",
            out.status
        );
    }
}

#[test]
fn play_without_a_terminal_falls_back_to_the_line_mode() {
    use std::io::Write;
    use std::process::Stdio;
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["play", "--hotseat"])
        .env("BATTAGLIE_DATA_DIR", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"@8:MMM-a8\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("line mode (--plain)"), "{stderr}");
    assert!(stdout.contains("The Army played @8:MMM-a8."), "{stdout}");
    assert!(stdout.trim_end().ends_with("Goodbye."), "{stdout}");
}

#[test]
fn tablebase_probe_without_a_table_says_there_is_none_and_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = battaglie(&[
        "tablebase",
        "probe",
        "|12/|12/|12/|12/|2F9/|12/|6m5/|12 A 0 1",
        "--dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("there is no table for Washita River")
            && err.contains("battaglie tablebase build --battle washita"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn tablebase_probe_counts_its_distances_in_moves_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().to_str().unwrap();
    let built = battaglie(&[
        "tablebase",
        "build",
        "--battle",
        "washita",
        "--pieces",
        "2",
        "--out",
        tables,
    ]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    // b1: an Army horseman next to the last Indian Foot on c1: it wins with this move.
    let text = stdout(&[
        "tablebase",
        "probe",
        "|12/|12/|12/|12/|12/|12/|12/|1Mf9 A 0 1",
        "--dir",
        tables,
    ]);
    let first = text.lines().next().unwrap();
    assert_eq!(first, "win in 1 move for 7th U.S. Cavalry", "{text}");
    assert!(text.contains("each side's move counting one"), "{text}");
}

#[test]
fn db_check_says_a_database_is_sound_and_refuses_a_missing_or_damaged_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battaglie.sqlite");
    let db = path.to_str().unwrap();
    let missing = battaglie(&["db", "check", "--db", db]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("there is no database"));
    // An empty file is an empty database: nothing is wrong, and the check writes no schema.
    std::fs::write(&path, b"").unwrap();
    assert!(stdout(&["db", "check", "--db", db]).contains("no damage found"));
    let garbage = dir.path().join("garbage.sqlite");
    std::fs::write(&garbage, vec![0x5a; 8192]).unwrap();
    let damaged = battaglie(&["db", "check", "--db", garbage.to_str().unwrap()]);
    assert!(!damaged.status.success());
    let said = String::from_utf8_lossy(&damaged.stderr);
    assert!(said.contains("not a database"), "{said}");
}

#[test]
fn a_file_that_cannot_be_read_is_named_and_the_trouble_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    let cut = dir.path().join("cut.json");
    std::fs::write(
        &cut,
        "{\"scenario\": \"washita\", \"moves\": [\"@8:MMM-a8\",\n",
    )
    .unwrap();
    let cases = [
        (
            vec!["record", missing.to_str().unwrap()],
            format!("cannot read {}: there is no such file: check its name and folder", missing.display()),
        ),
        (
            vec!["record", dir.path().to_str().unwrap()],
            format!("cannot read {}: it is a folder, not a file: name a file", dir.path().display()),
        ),
        (
            vec!["play", "--plain", "--no-autosave", "--load", cut.to_str().unwrap()],
            format!("cannot read {}: game record: the file ends before the record does: it was cut short (line 2)", cut.display()),
        ),
        (
            vec!["play", "no-such-battle.toml"],
            "cannot read the battle no-such-battle.toml: there is no such file: check its name and folder".to_string(),
        ),
    ];
    for (args, said) in cases {
        let out = battaglie(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
    }
}

#[test]
fn a_saved_game_given_as_the_battle_suggests_load() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game1.json");
    std::fs::write(
        &file,
        "{\"scenario\": \"washita\", \"moves\": [\"@8:MMM-a8\"]}\n",
    )
    .unwrap();
    let name = file.to_str().unwrap();
    let out = battaglie(&["play", "--plain", "--no-autosave", name]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!(
            "{name} is a saved game (of the battle washita), not a battle: `battaglie play --load {name}` goes on with it"
        )),
        "{err}"
    );
    assert!(!err.contains("invalid key"), "{err}");
}

#[test]
fn docs_cli_md_documents_every_command_help_lists_and_no_other() {
    let help = stdout(&["--help"]);
    let listed: std::collections::BTreeSet<String> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(listed.contains("play") && listed.contains("db"), "{help}");
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"),
    )
    .expect("docs/cli.md");
    let documented: std::collections::BTreeSet<String> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("### `battaglie "))
        .filter_map(|rest| rest.strip_suffix('`'))
        .map(str::to_string)
        .collect();
    assert_eq!(
        listed, documented,
        "`battaglie --help` lists the first, docs/cli.md has sections for the second"
    );
    // Each section's options exist: every `--flag` it names is in the command's help.
    for name in &documented {
        let section = doc
            .split(&format!("### `battaglie {name}`"))
            .nth(1)
            .unwrap()
            .split("\n### ")
            .next()
            .unwrap();
        let sub_help = if name == "tablebase" {
            stdout(&["tablebase", "build", "--help"]) + &stdout(&["tablebase", "probe", "--help"])
        } else if name == "db" {
            stdout(&["db", "check", "--help"])
        } else {
            stdout(&[name.as_str(), "--help"])
        };
        for flag in section
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            assert!(
                sub_help.contains(flag),
                "docs/cli.md names {flag} for `battaglie {name}`, which has no such option"
            );
        }
    }
}

#[test]
fn play_help_names_every_line_mode_command_and_the_true_screen_size() {
    let help = stdout(&["play", "--help"]);
    for word in ["rules", "notes", "moves [SQUARE]", "80x19"] {
        assert!(help.contains(word), "{word}: {help}");
    }
    assert!(!help.contains("80x17"), "{help}");
}

#[test]
fn the_readmes_picture_is_what_record_draws_from_its_record() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let out = battaglie(&[
        "record",
        docs.join("board.txt").to_str().unwrap(),
        "--to",
        "png",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let committed = std::fs::read(docs.join("board.png")).expect("docs/board.png");
    assert!(
        out.stdout == committed,
        "docs/board.png is stale: battaglie record docs/board.txt --to png -o docs/board.png --force"
    );
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    assert!(readme.contains("](docs/board.png)"), "the README shows it");
}

#[test]
fn learn_json_prints_every_lesson_with_its_stages_positions_budgets_and_solutions() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&["learn", "--json"])).unwrap();
    let lessons = json.as_array().expect("a list of lessons");
    assert!(lessons.len() >= 12, "{} lessons", lessons.len());
    let stages: Vec<&serde_json::Value> = lessons
        .iter()
        .flat_map(|l| l["stages"].as_array().unwrap())
        .collect();
    assert!(stages.len() >= 40, "{} stages", stages.len());
    for s in &stages {
        for lang in ["en", "it", "fr", "de"] {
            assert!(
                s["goal"][lang].as_str().is_some_and(|g| !g.is_empty()),
                "{s}"
            );
        }
        let three = s["stars"][0].as_u64().unwrap() as usize;
        let solution = s["solution"].as_array().unwrap().len();
        // Against the computer three stars is a win against every reply; its own replies
        // may let the stored solution win sooner.
        if s["opponent"]["kind"] == "computer" {
            assert!(solution <= three, "{s}");
        } else {
            assert_eq!(three, solution, "{s}");
        }
        assert!(s["position"].as_str().is_some(), "{s}");
    }
    assert_eq!(lessons[0]["stages"][0]["solution"][0], "@1:M-a1");
    let last = lessons.last().unwrap();
    assert_eq!(last["id"], "first-battle");
    assert_eq!(
        last["stages"][0]["opponent"],
        serde_json::json!({"kind": "computer", "level": 1})
    );
}

#[test]
fn learn_plain_plays_a_stage_from_a_pipe_says_why_a_move_is_refused_and_lists_the_stars() {
    use std::io::Write;
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["learn", "1", "--plain", "--lang", "de"])
        .env("BATTAGLIE_DATA_DIR", data.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"@1:M-b1\n@1:M-a1\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "Nicht so: Wartende Figuren westlich der Karte dürfen nur nach Osten ziehen, auf a1."
        ),
        "{text}"
    );
    assert!(
        text.contains("Geschafft in 1 Zug: 3 von 3 Sternen."),
        "{text}"
    );
    let listing = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["learn", "--lang", "en"])
        .env("BATTAGLIE_DATA_DIR", data.path())
        .output()
        .unwrap();
    let listing = String::from_utf8(listing.stdout).unwrap();
    assert!(
        listing.contains(
            " 1. The battlefield: Squares, files, ranks and the waiting squares (3 of 12 stars)"
        ),
        "{listing}"
    );
}
