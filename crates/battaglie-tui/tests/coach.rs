//! The coach of the first battles in the terminal: the line mode and the full screen ask
//! before a move that leaves a stack to be eliminated, and say what the computer threatens.

mod common;

use battaglie_tui::{run_plain, App, Opponent, PlayOptions};
use common::*;
use ratatui::crossterm::event::KeyCode;

/// Washita, the Army to move: its Foot on a2 (and l3), the Indians' Mounted on c2. Stepping
/// to b2 puts the Foot next to the Mounted, which eliminates anything; a1 and a3 are safe.
const NEXT_TO_A_MOUNTED: &str =
    "[Scenario \"washita\"]\n[Start \"|12/|12/|12/|12/|12/|11F/|F1m9/|12 A 0 30\"]\n\n*\n";

fn game_at_level_one(coach: Option<bool>) -> (tempfile::TempDir, PlayOptions) {
    let (dir, path) = temp_path("coach.txt");
    std::fs::write(&path, NEXT_TO_A_MOUNTED).unwrap();
    let mut options = options("washita", Opponent::Computer { level: 1 });
    options.load = Some(path);
    options.coach = coach;
    (dir, options)
}

fn run(input: &str, options: &PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

#[test]
fn the_line_mode_warns_before_a_move_that_leaves_a_stack_to_be_taken() {
    let (_dir, options) = game_at_level_one(None);
    let out = run("a2:F-b2\nn\na2:F-b2\ny\nquit\n", &options);
    let warning =
        "Coach: Your Foot on b2 can be taken by the Mounted on c2. Play it anyway? (y/n)> ";
    assert_eq!(out.matches(warning).count(), 2, "{out}");
    let (_, after_no) = out
        .split_once("Taken back: nothing was played.")
        .expect("n takes it back");
    assert!(
        after_no.starts_with("\nArmy to move (turn 30)> "),
        "the same turn again: {out}"
    );
    assert_eq!(
        out.matches("Computer plays: ").count(),
        1,
        "y plays it: {out}"
    );
}

#[test]
fn the_line_mode_says_what_the_computer_threatens_after_its_move() {
    let (_dir, options) = game_at_level_one(None);
    let out = run("a2:F-a3\nquit\n", &options);
    assert_eq!(out.matches("Computer plays: ").count(), 1, "{out}");
    let after = out.split_once("Computer plays: ").unwrap().1;
    let coach = after
        .lines()
        .find(|l| l.starts_with("Coach: "))
        .expect("a sentence from the coach after the computer's move");
    assert!(
        coach == "Coach: None of your stacks can be taken next move."
            || (coach.contains(" threaten") && coach.contains(" your ")),
        "{coach}"
    );
    assert!(
        !out.contains("Play it anyway?"),
        "a safe move is not warned: {out}"
    );
}

#[test]
fn coach_off_neither_warns_nor_speaks() {
    let (_dir, options) = game_at_level_one(Some(false));
    let out = run("a2:F-b2\nquit\n", &options);
    assert!(!out.contains("Coach:"), "{out}");
    assert_eq!(out.matches("Computer plays: ").count(), 1, "{out}");
}

#[test]
fn the_coach_is_off_by_default_against_level_four() {
    let (_dir, mut options) = game_at_level_one(None);
    options.opponent = Opponent::Computer { level: 4 };
    let out = run("a2:F-b2\nquit\n", &options);
    assert!(!out.contains("Coach:"), "{out}");
}

#[test]
fn the_full_screen_asks_and_n_takes_the_move_back() {
    let (_dir, options) = game_at_level_one(None);
    let mut app = App::new(&options).expect("the game");
    type_text(&mut app, ":a2:F-b2");
    key(&mut app, KeyCode::Enter);
    let question = app.question().expect("the coach asks");
    assert!(
        question.contains("Your Foot on b2 can be taken by the Mounted on c2. Play it anyway?"),
        "{question}"
    );
    // Enter, meant for the move, is no answer.
    key(&mut app, KeyCode::Enter);
    assert!(app.question().is_some());
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.question(), None);
    assert_eq!(app.game().moves().len(), 0, "nothing was played");
    assert_eq!(app.message(), Some("Taken back: nothing was played."));
    type_text(&mut app, ":a2:F-b2");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(app.game().moves().len(), 1, "y plays it");
    assert!(app.wait_for_computer(std::time::Duration::from_secs(60)));
    let said = app.message().unwrap_or_default();
    assert!(
        said.contains("Computer plays ") && said.contains(" Coach: "),
        "{said}"
    );
}
