//! The line mode, end to end through in-memory pipes, against the computer at level 1.

mod common;

use battaglie_rules::record::Record;
use battaglie_tui::{run_plain, Opponent};
use common::*;

fn run(input: &str, options: &battaglie_tui::PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

#[test]
fn a_short_game_against_level_one_through_a_pipe() {
    let (_json_dir, json) = temp_path("plain.json");
    let (_text_dir, text) = temp_path("plain.txt");
    let input = format!(
        "help\nmoves\n@8:MMM-a8\nl8:F-k8\nbogus\n@7:MMM-a7\nundo\nredo\nhistory\nsave {}\nsave {}\nload {}\nboard\n",
        json.display(),
        text.display(),
        json.display()
    );
    let out = run(&input, &options("washita", Opponent::Computer { level: 1 }));
    assert!(out.contains("Army to move (turn 1)> "), "{out}");
    assert!(out.contains("19 legal moves:"), "{out}");
    assert_eq!(out.matches("Computer plays: ").count(), 2, "{out}");
    assert!(out.contains("Army to move (turn 3)> "), "{out}");
    assert!(out.contains("Error: illegal move l8:F-k8"), "{out}");
    assert!(out.contains("Error: invalid move \"bogus\""), "{out}");
    assert!(out.contains("Took back: "), "{out}");
    assert!(out.contains("Played again: "), "{out}");
    assert!(out.contains("Loaded "), "{out}");
    assert!(
        out.contains("  8       | MMM   n    n "),
        "the board as text: {out}"
    );
    assert!(
        out.trim_end().ends_with("Goodbye."),
        "end of input quits: {out}"
    );
    let record = Record::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(record.moves.len(), 4);
    assert_eq!(&record.moves[0], "@8:MMM-a8");
    let from_text: Record = std::fs::read_to_string(&text).unwrap().parse().unwrap();
    assert_eq!(from_text.moves, record.moves);
}

#[test]
fn a_whole_game_to_its_end_against_level_one() {
    let (_path_dir, path) = temp_path("plain-endgame.txt");
    // The last Indian Foot on l1 is hemmed in by horsemen on k1 and l2: the computer
    // must pass, and the horseman on l2 then eliminates it.
    std::fs::write(
        &path,
        "[Scenario \"washita\"]\n[Start \"|12/|12/|12/|12/|12/|12/|11M/|10Mf I 37 30\"]\n\n*\n",
    )
    .unwrap();
    let mut options = options("washita", Opponent::Computer { level: 1 });
    options.load = Some(path);
    let out = run("l2:Mxl1\nmoves\nquit\n", &options);
    assert!(out.contains("Computer plays: pass"), "{out}");
    assert_eq!(out.matches("Computer plays: ").count(), 1, "{out}");
    assert!(
        out.contains("Game over. Victory for the Army (7th U.S. Cavalry) by elimination: the Cheyenne have no piece left."),
        "{out}"
    );
    assert!(out.contains("Game over> "), "{out}");
    assert!(out.contains("No legal moves: the game is over."), "{out}");
}

#[test]
fn hotseat_in_the_line_mode_and_pass() {
    let mut options = options("washita", Opponent::Hotseat);
    let (_path_dir, path) = temp_path("plain-pass.txt");
    // The Indian Foot on l1 is hemmed in by horsemen on k1 and l2: it must pass.
    std::fs::write(
        &path,
        "[Scenario \"washita\"]\n[Start \"|12/|12/|12/|12/|12/|12/|11M/|10Mf I 0 30\"]\n\n*\n",
    )
    .unwrap();
    options.load = Some(path);
    let out = run("pass\nk1:Mxl1\n", &options);
    assert!(
        out.contains("The Indians have no legal move: type pass."),
        "{out}"
    );
    assert!(out.contains("Indians to move (turn 30)> "), "{out}");
    assert!(out.contains("Army to move (turn 31)> "), "{out}");
    assert!(out.contains("Victory for the Army"), "{out}");
}

#[test]
fn a_bad_record_is_an_error_not_a_panic() {
    let (_path_dir, path) = temp_path("plain-bad.json");
    std::fs::write(
        &path,
        "{\"scenario\": \"washita\", \"moves\": [\"l8:F-k8\"]}",
    )
    .unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    let mut output = Vec::new();
    let err = run_plain("".as_bytes(), &mut output, &options).unwrap_err();
    assert!(format!("{err:#}").contains("move 1 (l8:F-k8)"), "{err:#}");
}

#[test]
fn after_a_move_the_line_mode_says_only_what_changed_and_the_stacks_on_request() {
    let out = run(
        "@8:MMM-a8\nl8:F-k8\nstacks\n",
        &options("washita", Opponent::Hotseat),
    );
    assert!(out.contains("The Army played @8:MMM-a8."), "{out}");
    // The stacks once at the start and once on request, never after a move.
    assert_eq!(
        out.matches("Army (7th U.S. Cavalry, 16 pieces)").count(),
        2,
        "{out}"
    );
    let after_moves = out.split("Indians to move (turn 1)> ").nth(1).unwrap();
    let before_request = after_moves.split("> ").next().unwrap();
    assert!(!before_request.contains("pieces)"), "{before_request}");
    assert!(
        out.contains("Army (7th U.S. Cavalry, 16 pieces): @2 MV, @3 F, @4 FF, @5 MM, @6 FMM, @7 MMM, a8 MMM (ridge)."),
        "{out}"
    );
    assert!(out.contains("l7 ffmm, k8 f (ridge), l8 mm."), "{out}");
    assert!(!out.contains("Played: "), "the move is said once: {out}");
    // The 13-line grid only on request.
    assert!(!out.contains("+---"), "{out}");
    let out = run("board\n", &options("washita", Opponent::Hotseat));
    assert!(out.contains("+---"), "{out}");
}

#[test]
fn an_elimination_is_said_in_a_sentence_and_history_is_numbered() {
    let (_dir, path) = temp_path("plain-eliminate.txt");
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    let out = run("l1:F-l2\nk2:Mxl2\nhistory\nstacks\nl2:F-l3\n", &options);
    assert!(
        out.contains("The Army played k2:Mxl2: the Indians lose 1 Foot on l2 (0 left)."),
        "{out}"
    );
    assert!(out.contains("> 30... l1:F-l2\n31. k2:Mxl2\n"), "{out}");
    assert!(
        out.contains("Army (7th U.S. Cavalry, 1 piece): l2 M."),
        "{out}"
    );
    // A move after the end is answered in words, not with the rules' code.
    assert!(
        out.contains("The game is over. Victory for the Army"),
        "{out}"
    );
    assert!(!out.contains("(win army)"), "{out}");
}

#[test]
fn replay_works_in_the_line_mode() {
    let (_dir, path) = temp_path("plain-replay.txt");
    let mut game = battaglie_rules::Game::new(battaglie_rules::Position::start(
        &battaglie_rules::Scenario::builtin("washita").unwrap(),
    ));
    for mv in ["@8:MMM-a8", "l8:F-k8", "@7:MMM-a7"] {
        game.play_text(mv).unwrap();
    }
    battaglie_tui::save_record(&path, &game, "A", "B").unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    options.replay = true;
    let out = run("next\nnext\nback\nend\nplay\nhistory\n", &options);
    assert!(out.contains("Replay: move 0 of 3."), "{out}");
    // Moves counted one per side, with the turn the history numbers them by.
    assert!(
        out.contains("Replay: move 2 of 3 (turn 1, the Indians' move)."),
        "{out}"
    );
    assert!(
        out.contains("Replay: move 1 of 3 (turn 1, the Army's move)."),
        "{out}"
    );
    assert!(
        out.contains("Replay: move 3 of 3 (turn 2, the Army's move)."),
        "{out}"
    );
    assert!(out.contains("Playing on from move 3"), "{out}");
    assert!(out.contains("2. @7:MMM-a7"), "{out}");
}

#[test]
fn help_lists_the_commands_of_the_line_mode() {
    let out = run("help\n", &options("washita", Opponent::Hotseat));
    for command in [
        "stacks",
        "board",
        "moves",
        "history",
        "undo",
        "save FILE",
        "replay",
        "draw",
        "resign",
        "rematch",
        "quit",
    ] {
        assert!(out.contains(command), "{command} missing from {out}");
    }
}

#[test]
fn the_army_eliminated_is_said_in_the_singular_the_indians_in_the_plural() {
    let (_path_dir, path) = temp_path("plain-column.txt");
    std::fs::write(
        &path,
        "[Scenario \"apache-pass\"]\n[Start \"|12/|11M/|11m/|12/|12/|12/|12/|12 I 5 30\"]\n\n*\n",
    )
    .unwrap();
    let mut options = options("apache-pass", Opponent::Hotseat);
    options.load = Some(path);
    let out = run("l6:Mxl7\nquit\n", &options);
    assert!(
        out.contains("by elimination: the California Column has no piece left."),
        "{out}"
    );
}

#[test]
fn against_the_computer_a_turn_says_the_move_and_the_reply_not_the_stacks() {
    let out = run(
        "@8:MMM-a8\n",
        &options("washita", Opponent::Computer { level: 1 }),
    );
    let turn = out.split("Army to move (turn 1)> ").nth(1).unwrap();
    assert!(turn.contains("The Army played @8:MMM-a8."), "{turn}");
    assert!(turn.contains("Computer plays: "), "{turn}");
    assert!(turn.contains("Winning chance: Indians "), "{turn}");
    assert!(!turn.contains("centi"), "{turn}");
    assert!(!turn.contains("pieces):"), "no stack lists: {turn}");
}

#[test]
fn moves_with_a_square_lists_only_the_moves_from_it() {
    let out = run(
        "moves @8\nmoves d6\nmoves zz\n",
        &options("washita", Opponent::Hotseat),
    );
    assert!(out.contains("legal moves from @8:"), "{out}");
    let from_8 = out.split("legal moves from @8:").nth(1).unwrap();
    let listed = from_8.lines().nth(1).unwrap();
    assert!(listed.split(' ').all(|m| m.starts_with("@8:")), "{listed}");
    assert!(out.contains("No legal move from d6"), "{out}");
    assert!(out.contains("zz is not a square"), "{out}");
}

#[test]
fn rules_and_notes_are_read_out_on_request() {
    let out = run("rules\nnotes\n", &options("washita", Opponent::Hotseat));
    assert!(
        !out.contains("Error"),
        "rules and notes are not moves: {out}"
    );
    assert!(
        out.contains("Moving onto an enemy stack eliminates"),
        "{out}"
    );
    assert!(out.contains("Terrain: "), "{out}");
    assert!(
        out.contains("The battle: Washita River (1868-11-27)"),
        "{out}"
    );
    assert!(out.contains("\nHistory\n"), "{out}");
    let read_out = out.split("Army to move (turn 1)> ").nth(1).unwrap();
    for line in read_out.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
}

#[test]
fn resigning_says_the_result_and_no_old_move() {
    let out = run(
        "@8:MMM-a8\nl8:FMM-k8\nresign\n",
        &options("washita", Opponent::Hotseat),
    );
    let after = out.split("Army to move (turn 2)> ").nth(1).unwrap();
    assert!(
        after.starts_with("Game over. Victory for the Indians"),
        "{after}"
    );
    assert!(!after.contains("played"), "{after}");
}

#[test]
fn a_declined_draw_says_the_computers_winning_chance_and_no_score() {
    let out = run(
        "draw\n",
        &options("washita", Opponent::Computer { level: 1 }),
    );
    let said = out
        .lines()
        .find(|l| l.contains("declines the draw"))
        .unwrap_or_else(|| panic!("no refusal in {out}"));
    assert!(
        said.contains("it gives the Indians a") && said.ends_with("% winning chance."),
        "{said}"
    );
    assert!(!said.contains("centi"), "{said}");
}

#[test]
fn the_end_is_said_with_the_sides_capitalised_and_no_record_words() {
    let (_dir, path) = temp_path("forfeit.txt");
    std::fs::write(
        &path,
        "[Scenario \"washita\"]\n[Result \"army\"]\n[Reason \"abandoned\"]\n\n1. @8:MMM-a8 l8:F-k8 1-0\n",
    )
    .unwrap();
    let mut o = options("washita", Opponent::Hotseat);
    o.load = Some(path);
    let out = run("undo\nresign\n", &o);
    assert!(
        out.contains(
            "Victory for the Army (7th U.S. Cavalry) by forfeit: the Indians left the game."
        ),
        "{out}"
    );
    assert!(
        out.contains("Victory for the Indians (Cheyenne) by resignation: the Army resigned."),
        "{out}"
    );
    assert!(!out.contains("by abandoned"), "{out}");
}

#[test]
fn a_resigned_games_last_replay_step_says_it_is_over() {
    let out = run(
        "@8:MMM-a8\nresign\nreplay\nend\n",
        &options("washita", Opponent::Hotseat),
    );
    let last = out.split("Replay: move 1 of 1").last().unwrap();
    assert!(
        last.contains(
            "Victory for the Army (7th U.S. Cavalry) by resignation: the Indians resigned."
        ),
        "{out}"
    );
}
