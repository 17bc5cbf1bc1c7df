//! The analysis tools, run as the real binary: `match`, `analyze`, `bench`.

use std::process::{Command, Output};

use battaglie_rules::record::Record;
use battaglie_rules::Scenario;

const BIN: &str = env!("CARGO_BIN_EXE_battaglie");

fn run(args: &[&str]) -> Output {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "battaglie {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Plays a `battaglie match` of `games` games on `battle` between `players` (the
/// `--a` / `--b` / `--engine` options and their values), saving the records in `out`.
fn run_match(players: [&str; 4], games: &str, battle: &str, out: &std::path::Path) -> Output {
    let mut args = vec!["match"];
    args.extend(players);
    args.extend(["--games", games, "--battle", battle, "--out"]);
    args.push(out.to_str().unwrap());
    run(&args)
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Reads a JSON-lines match file and replays every game.
fn replay_all(path: &std::path::Path) -> Vec<Record> {
    let text = std::fs::read_to_string(path).expect("the records file exists");
    let records: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).expect("a JSON record per line"))
        .collect();
    for r in &records {
        let scenario = Scenario::builtin(&r.scenario).expect("a built-in battle");
        r.replay(&scenario).expect("the game replays");
    }
    records
}

#[test]
fn short_match_prints_the_table_and_saves_replayable_games() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    let out = run_match(["--a", "depth:1", "--b", "depth:2"], "2", "washita", &file);
    let text = stdout(&out);
    for needle in [
        "A as Army",
        "A as Indians",
        "washita",
        "Elo difference",
        "mean game length",
        "draw reasons",
    ] {
        assert!(text.contains(needle), "no {needle:?} in:\n{text}");
    }
    let records = replay_all(&file);
    assert_eq!(records.len(), 2);
    // The pair swaps sides.
    assert_eq!(records[0].army, records[1].indians);
    assert_eq!(records[0].indians, records[1].army);
    for r in &records {
        assert!(r.army.starts_with("depth:") && r.indians.starts_with("depth:"));
        assert!(r.date.is_some());
    }
    // The first-contact line counts the games in which nobody was ever eliminated.
    let without = records
        .iter()
        .filter(|r| !r.moves.iter().any(|m| m.contains('x')))
        .count();
    assert!(
        text.contains(&format!("games without any: {without}"))
            || text.contains(&format!("first elimination: none in {without} games")),
        "{text}"
    );
}

#[test]
fn match_from_random_openings_over_all_battles() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    let out = run(&[
        "match",
        "--a",
        "depth:1",
        "--b",
        "nodes:50,depth:1",
        "--games",
        "6",
        "--openings",
        "4",
        "--seed",
        "7",
        "--concurrency",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    for battle in ["washita", "fetterman", "apache-pass"] {
        assert!(text.contains(battle), "no {battle} in:\n{text}");
    }
    let records = replay_all(&file);
    assert_eq!(records.len(), 6);
    // Both games of a pair start with the same opening.
    let mut by_battle = std::collections::BTreeMap::new();
    for r in &records {
        assert!(r.moves.len() >= 4);
        by_battle
            .entry(r.scenario.clone())
            .or_insert_with(Vec::new)
            .push(r.moves[..4].to_vec());
    }
    for openings in by_battle.values() {
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0], openings[1]);
    }
}

#[test]
fn match_against_an_external_engine() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    let spec = format!("engine:\"{BIN} engine\",depth:1");
    // Played out, a game can only end by resignation when an engine failed.
    let out = run(&[
        "match",
        "--a",
        "depth:1",
        "--b",
        &spec,
        "--games",
        "2",
        "--battle",
        "fetterman",
        "--play-out",
        "--out",
        file.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(text.contains("forfeits: 0"), "{text}");
    let records = replay_all(&file);
    assert_eq!(records.len(), 2);
    assert!(records
        .iter()
        .all(|r| r.reason.as_deref() != Some("resignation")));
}

#[test]
fn engine_option_plays_a_program_whose_path_has_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("my engines");
    std::fs::create_dir(&folder).unwrap();
    let program = folder.join("battaglie");
    std::fs::copy(BIN, &program).unwrap();
    let file = dir.path().join("games.jsonl");
    let cmd = format!("'{}' engine", program.display());
    let out = run_match(["--a", "depth:1", "--engine", &cmd], "2", "washita", &file);
    let text = stdout(&out);
    assert!(text.contains("forfeits: 0"), "{text}");
    assert!(
        text.contains("my engines"),
        "B is named by its command: {text}"
    );
    assert_eq!(replay_all(&file).len(), 2);
}

#[test]
fn engine_option_and_player_b_exclude_each_other() {
    let both = Command::new(BIN)
        .args([
            "match", "--b", "depth:1", "--engine", "prog", "--games", "1",
        ])
        .output()
        .unwrap();
    assert!(!both.status.success());
    let neither = Command::new(BIN)
        .args(["match", "--a", "depth:1", "--games", "1"])
        .output()
        .unwrap();
    assert!(!neither.status.success());
    let unbalanced = Command::new(BIN)
        .args([
            "match", "--a", "depth:1", "--engine", "'prog", "--games", "1",
        ])
        .output()
        .unwrap();
    assert!(!unbalanced.status.success());
    assert!(
        String::from_utf8_lossy(&unbalanced.stderr).contains("unbalanced quotes"),
        "{}",
        String::from_utf8_lossy(&unbalanced.stderr)
    );
}

#[test]
fn a_crashing_engine_loses_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    // An "engine" that exits at once.
    let spec = format!("engine:\"{BIN} --version\"");
    let out = run_match(["--a", "depth:1", "--b", &spec], "2", "apache-pass", &file);
    let text = stdout(&out);
    assert!(text.contains("forfeits: 2"), "{text}");
    assert!(text.contains("+inf"), "{text}");
    let records = replay_all(&file);
    assert_eq!(records.len(), 2);
    assert!(records
        .iter()
        .all(|r| r.reason.as_deref() == Some("resignation")));
}

#[test]
fn bad_specs_are_refused() {
    for spec in ["level:9", "depth:0", "speed:3", "engine:"] {
        let out = Command::new(BIN)
            .args(["match", "--a", spec, "--b", "depth:1", "--games", "1"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{spec} was accepted");
    }
}

/// The first `plies` moves of a depth-1 match game on `battle`, as an unfinished record.
fn unfinished_opening(dir: &std::path::Path, battle: &str, plies: usize) -> Record {
    let file = dir.join("one.jsonl");
    run_match(["--a", "depth:1", "--b", "depth:1"], "1", battle, &file);
    let mut record = replay_all(&file).remove(0);
    record.moves.truncate(plies);
    record.result = "ongoing".into();
    record.reason = None;
    record
}

/// A short unfinished game's record (12 moves keep the analysis short), saved as JSON.
fn short_record(dir: &std::path::Path) -> (std::path::PathBuf, Record) {
    let record = unfinished_opening(dir, "fetterman", 12);
    let path = dir.join("short.json");
    std::fs::write(&path, record.to_json()).unwrap();
    (path, record)
}

#[test]
fn analyze_prints_a_line_per_move_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let (path, record) = short_record(dir.path());
    let n = record.moves.len();

    let out = run(&["analyze", path.to_str().unwrap(), "--depth", "2"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        n + 8,
        "a header, one line per move, a blank line, a summary per side, the result \
         and what the columns mean:\n{text}"
    );
    for line in &lines {
        assert!(
            line.chars().count() <= 80,
            "wider than 80 columns: {line:?}"
        );
    }
    // The chance of a named side, never a bare signed number flipping each row.
    assert!(
        lines[1].contains("Army ") || lines[1].contains("Indians "),
        "{text}"
    );
    assert!(lines[1].contains('%'), "{text}");
    assert!(text.contains("centi-pieces (a Foot is 100)"), "{text}");
    assert!(!text.contains("1 inaccuracies"), "{text}");
    for (line, mv) in lines[1..].iter().zip(&record.moves) {
        assert!(line.contains(mv.as_str()), "{line:?} lacks {mv}");
    }
    // The sides capitalised, as a player names them.
    assert!(lines[n + 2].starts_with("Army ") && lines[n + 2].contains("average loss"));
    assert!(lines[n + 3].starts_with("Indians ") && lines[n + 3].contains("blunders"));
    assert!(
        lines[n + 4].contains("Army to move") || lines[n + 4].contains("Indians to move"),
        "{text}"
    );
    assert!(
        lines[n + 4].starts_with("Result: unfinished after 12 moves"),
        "{text}"
    );

    let out = run(&["analyze", path.to_str().unwrap(), "--depth", "2", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    let items = json["moves"].as_array().expect("an array of moves");
    assert_eq!(items.len(), n);
    for (i, (item, mv)) in items.iter().zip(&record.moves).enumerate() {
        assert_eq!(item["ply"], i + 1);
        assert_eq!(item["move"], mv.as_str());
        assert!(item["loss"].as_i64().unwrap() >= 0);
        assert!(
            item["class"].is_null()
                || ["inaccuracy", "mistake", "blunder"].contains(&item["class"].as_str().unwrap()),
            "{item}"
        );
        assert!(item["best"].is_string(), "{item}");
        assert_eq!(item["line"][0], item["best"], "{item}");
        assert!(
            item["before"]["centi"].is_i64() && item["after"]["centi"].is_i64(),
            "evaluations are numbers: {item}"
        );
    }
    assert_eq!(json["summary"]["army"]["moves"], 6);
    assert!(json["summary"]["indians"]["average_loss"].is_i64());
    assert_eq!(json["result"]["result"], "unfinished");
    assert!(json["result"]["words"]
        .as_str()
        .unwrap()
        .starts_with("unfinished after 12 moves"));
    assert_eq!(json["complete"], true);
    // Without a terminal, the progress goes to standard error line by line.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("analyze: move 12 of 12"), "{err}");

    // The text form of the record is read too.
    let text_path = dir.path().join("short.txt");
    std::fs::write(&text_path, record.to_string()).unwrap();
    let out = run(&["analyze", text_path.to_str().unwrap(), "--depth", "1"]);
    assert_eq!(stdout(&out).lines().count(), n + 8);
}

#[test]
fn analysis_judges_the_position_after_a_move_from_the_movers_side() {
    // The Washita's Army starts 1,250 behind in piece values, which its own search
    // measures against the start and the Cheyenne's does not: unless the reported
    // score leaves that one-sided credit out, every Army move would look like a
    // blunder (and both sides would look ahead at the start).
    let dir = tempfile::tempdir().unwrap();
    let mut record = unfinished_opening(dir.path(), "washita", 1);
    let path = dir.path().join("first.json");
    let analyse = |record: &Record| -> serde_json::Value {
        std::fs::write(&path, record.to_json()).unwrap();
        let out = run(&["analyze", path.to_str().unwrap(), "--depth", "2", "--json"]);
        serde_json::from_str(&stdout(&out)).expect("valid JSON")
    };
    // Play the engine's own choice: it loses nothing by its own measure.
    record.moves[0] = analyse(&record)["moves"][0]["best"]
        .as_str()
        .unwrap()
        .to_string();
    let line = &analyse(&record)["moves"][0];
    let centi = |key: &str| line[key]["centi"].as_i64().unwrap();
    assert!(
        (centi("before") - centi("after")).abs() < 300,
        "the best move kept its value: {line}"
    );
}

/// The node count of `battaglie bench` at its default depth: the signature of the
/// search. A change to the search, the evaluation or the rules moves it; it is then
/// updated here and in docs/notebook/strength.md, in the same commit.
const BENCH_SIGNATURE: u64 = 222_363;

#[test]
fn bench_node_count_is_the_pinned_signature_of_the_search() {
    let text = stdout(&run(&["bench"]));
    let last = text.lines().last().expect("output").to_string();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words[0], "bench:", "{last}");
    assert_eq!(words[2], "nodes", "{last}");
    assert_eq!(words[4], "nps", "{last}");
    assert_eq!(words[6], "ms", "{last}");
    assert_eq!(words[1].parse::<u64>().unwrap(), BENCH_SIGNATURE, "{text}");
    // The total is the sum of the twelve positions' counts.
    let positions: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with("bench:"))
        .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(positions.len(), 12, "{text}");
    assert_eq!(positions.iter().sum::<u64>(), BENCH_SIGNATURE, "{text}");
}

#[test]
fn bench_with_two_threads_searches_every_position_to_the_same_depth() {
    let text = stdout(&run(&["bench", "--depth", "3", "--threads", "2"]));
    let one = stdout(&run(&["bench", "--depth", "3"]));
    // The same positions, each with a best move, whatever the threads.
    let labels = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("bench:"))
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(labels(&text), labels(&one));
    assert!(text.lines().all(|l| !l.contains("best -")), "{text}");
}

#[cfg(unix)]
#[test]
fn an_illegal_move_loses_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    // A protocol speaker that answers every `go` with a move that is never legal.
    let script = dir.path().join("bad-engine.sh");
    std::fs::write(
        &script,
        "while read -r line; do\n\
         case \"$line\" in\n\
         go*) echo 'bestmove z99:F-z98'; echo ok ;;\n\
         quit) echo ok; exit 0 ;;\n\
         *) echo ok ;;\n\
         esac\n\
         done\n",
    )
    .unwrap();
    let spec = format!("engine:\"sh {}\"", script.display());
    let out = run_match(["--a", &spec, "--b", "depth:1"], "2", "washita", &file);
    let text = stdout(&out);
    assert!(text.contains("forfeits: 2"), "{text}");
    assert!(text.contains("illegal move"), "{text}");
    assert!(text.contains("-inf"), "{text}");
    let records = replay_all(&file);
    assert_eq!(records.len(), 2);
    // A plays the Army in the first game and loses on its first move.
    assert_eq!(records[0].result, "indians");
    assert!(records[0].moves.is_empty());
    // As the Indians, A loses after the Army's first move.
    assert_eq!(records[1].result, "army");
    assert_eq!(records[1].moves.len(), 1);
}

#[test]
fn match_players_take_evaluation_weights_and_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    let out = run_match(
        [
            "--a",
            "nodes:500,press:9,contempt:0,threads:2",
            "--b",
            "nodes:500",
        ],
        "2",
        "apache-pass",
        &file,
    );
    assert!(stdout(&out).contains("by side"), "{}", stdout(&out));
    assert_eq!(replay_all(&file).len(), 2);
    let bad = Command::new(BIN)
        .args(["match", "--a", "nodes:500,pressure:9", "--b", "nodes:500"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown limit \"pressure\""));
}

#[test]
fn ladder_writes_a_table_and_an_elo_chart() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "ladder",
        "--games",
        "2",
        "--from",
        "6",
        "--scale",
        "40",
        "--max-nodes",
        "2000",
        "--battle",
        "washita",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let table = std::fs::read_to_string(dir.path().join("ladder.md")).unwrap();
    assert_eq!(stdout(&out).lines().next(), table.lines().next());
    // Budgets / 40 are 8,000, 2,250 and 750 nodes; each rung keeps its ratio under the cap.
    assert!(
        table.contains("| 7 v 6 | level:7,nodes:2000 v level:6,nodes:666 |")
            && table.contains("| 8 v 7 | level:8,nodes:2000 v level:7,nodes:562 |"),
        "{table}"
    );
    let svg = std::fs::read_to_string(dir.path().join("ladder.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline"),
        "{svg}"
    );
    assert_eq!(svg.matches("<circle").count(), 3);
    for rung in [7, 8] {
        assert_eq!(
            replay_all(&dir.path().join(format!("rung-{rung}.jsonl"))).len(),
            2
        );
    }
}

#[test]
fn tune_logs_each_trial_and_prints_the_resulting_weights() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "tune",
        "--weights",
        "press",
        "--games",
        "2",
        "--nodes",
        "200",
        "--battle",
        "washita",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let log = std::fs::read_to_string(dir.path().join("tune.md")).unwrap();
    assert!(log.contains("| 1 | press | 5 | 6 |"), "{log}");
    let result = log.lines().find(|l| l.starts_with("Result: ")).unwrap();
    let weights: battaglie_ai::Weights = result
        .trim_start_matches("Result: `")
        .trim_end_matches('`')
        .parse()
        .unwrap();
    assert!([4, 5, 6].contains(&weights.press), "{result}");
    assert!(stdout(&out).contains("Result: "));
}
