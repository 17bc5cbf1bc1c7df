//! No game with unsaved moves is thrown away: the line mode asks before `new`,
//! `load` or `quit` replaces or leaves it, as the full screen does, and with nobody
//! there to answer (a pipe, the end of the input) keeps it aside in a new file.

mod common;

use std::path::Path;

use battaglie_rules::record::Record;
use battaglie_tui::{run_plain, App, Opponent, PlayOptions};
use common::*;
use ratatui::crossterm::event::KeyCode;

fn with_autosave(dir: &Path, answers: bool) -> PlayOptions {
    let mut o = options("washita", Opponent::Hotseat);
    o.autosave = Some(dir.join("autosave.txt"));
    o.answers = answers;
    // Beside the autosave, as `battaglie play` keeps it.
    o.aside_dir = None;
    o
}

fn plain(input: &str, options: &PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

fn moves_in(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the file is there");
    text.parse::<Record>().expect("a game record").moves
}

#[test]
fn a_piped_new_after_moves_keeps_the_first_game_aside_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let out = plain(
        "@8:MMM-a8\nl8:F-k8\nnew\n",
        &with_autosave(dir.path(), false),
    );
    let kept = dir.path().join("washita-game.txt");
    assert!(
        out.contains(&format!("kept in {}", kept.display())),
        "{out}"
    );
    assert_eq!(moves_in(&kept), ["@8:MMM-a8", "l8:F-k8"]);
    assert!(out.contains("A new game of Washita River."), "{out}");
}

#[test]
fn a_piped_load_after_moves_keeps_the_game_aside_and_never_overwrites_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("washita-game.txt");
    std::fs::write(&other, "[Scenario \"washita\"]\n\n*\n").unwrap();
    let input = format!("@8:MMM-a8\nload {}\n", other.display());
    let out = plain(&input, &with_autosave(dir.path(), false));
    let kept = dir.path().join("washita-game-2.txt");
    assert!(
        out.contains(&format!("kept in {}", kept.display())),
        "{out}"
    );
    assert_eq!(moves_in(&kept), ["@8:MMM-a8"]);
    assert!(moves_in(&other).is_empty(), "the other file is untouched");
    assert!(out.contains("Loaded "), "{out}");
}

#[test]
fn quitting_a_piped_unfinished_game_leaves_it_in_the_autosave_and_keeps_no_copy() {
    let dir = tempfile::tempdir().unwrap();
    let out = plain("@8:MMM-a8\nquit\n", &with_autosave(dir.path(), false));
    assert!(
        out.contains("The game stays autosaved: it is offered back the next time you play."),
        "{out}"
    );
    assert!(!dir.path().join("washita-game.txt").exists());
}

#[test]
fn a_game_finished_at_the_end_of_the_input_is_kept_aside_as_the_autosave_offers_none_back() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("end.txt");
    std::fs::write(&record, ENDGAME).unwrap();
    let mut options = with_autosave(dir.path(), false);
    options.load = Some(record);
    // The Indians resign; the end of the input follows.
    let out = plain("resign\n", &options);
    assert!(out.contains("Game over."), "{out}");
    let kept = dir.path().join("washita-game.txt");
    assert!(
        out.contains(&format!("kept in {}", kept.display())),
        "{out}"
    );
    let record: Record = std::fs::read_to_string(&kept).unwrap().parse().unwrap();
    assert_ne!(record.result, "ongoing", "the finished game: {record:?}");
}

#[test]
fn with_someone_to_answer_new_asks_first_and_enter_keeps_playing() {
    let dir = tempfile::tempdir().unwrap();
    let out = plain(
        "@8:MMM-a8\nnew\n\nhistory\nnew\nd\n",
        &with_autosave(dir.path(), true),
    );
    assert!(
        out.contains("The game has unsaved moves. y save it to washita-game.txt and go on · save FILE · d discard and go on · Enter keep playing> "),
        "{out}"
    );
    assert!(out.contains("Carry on."), "{out}");
    assert!(
        out.contains("1. @8:MMM-a8"),
        "the game is still there: {out}"
    );
    assert_eq!(out.matches("A new game of").count(), 1, "{out}");
    assert!(!dir.path().join("washita-game.txt").exists(), "discarded");
}

#[test]
fn with_someone_to_answer_quit_saves_where_asked_and_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.txt");
    let mut options = with_autosave(dir.path(), true);
    options.autosave = None;
    let out = plain(
        &format!("@8:MMM-a8\nquit\nsave {}\n", file.display()),
        &options,
    );
    assert!(
        out.contains(&format!("Saved to {}.", file.display())),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
    assert_eq!(moves_in(&file), ["@8:MMM-a8"]);
}

#[test]
fn the_input_ending_while_the_question_waits_keeps_the_game_aside() {
    let dir = tempfile::tempdir().unwrap();
    let out = plain("@8:MMM-a8\nnew\n", &with_autosave(dir.path(), true));
    let kept = dir.path().join("washita-game.txt");
    assert!(
        out.contains(&format!("kept in {}", kept.display())),
        "{out}"
    );
    assert_eq!(moves_in(&kept), ["@8:MMM-a8"]);
}

#[test]
fn a_finished_games_quit_question_does_not_promise_it_is_offered_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(&with_autosave(dir.path(), true)).unwrap();
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('q'));
    let question = app.question().expect("the quit question");
    assert!(question.contains("offered back"), "{question}");
    key(&mut app, KeyCode::Esc);
    type_text(&mut app, ":resign");
    key(&mut app, KeyCode::Enter);
    assert!(app.game().is_over());
    key(&mut app, KeyCode::Char('q'));
    let question = app.question().expect("the quit question");
    assert!(!question.contains("offered back"), "{question}");
    assert!(question.contains("unsaved moves"), "{question}");
}
