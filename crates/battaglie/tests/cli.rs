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
