//! The game in progress is written to the autosave after every change and offered
//! back at the next start, in the full-screen interface and in the line mode.

mod common;

use std::path::Path;
use std::time::Duration;

use battaglie_rules::record::Record;
use battaglie_tui::{run_plain, App, Opponent, PlayOptions};
use common::*;
use ratatui::crossterm::event::KeyCode;

fn with_autosave(path: &Path, opponent: Opponent) -> PlayOptions {
    let mut o = options("washita", opponent);
    o.autosave = Some(path.to_path_buf());
    o
}

fn saved_moves(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the autosave is there");
    let record: Record = text.parse().expect("the autosave is a game record");
    record.moves
}

fn plain(input: &str, options: &PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

#[test]
fn every_move_is_on_disk_at_once_and_the_next_start_offers_to_resume_it() {
    let (dir, path) = temp_path("autosave.txt");
    let options = with_autosave(&path, Opponent::Computer { level: 1 });
    let mut app = App::new(&options).unwrap();
    assert_eq!(app.question(), None, "nothing to resume yet");
    assert!(!path.exists(), "a game without a move writes nothing");
    play(&mut app, "@8:MMM-a8");
    assert_eq!(
        saved_moves(&path),
        ["@8:MMM-a8"],
        "the move, before the reply"
    );
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    assert_eq!(saved_moves(&path).len(), 2, "the computer's reply too");
    // Nothing but the autosave is left in its directory (no half-written file).
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "{names:?}");
    // The terminal closes without a word: the next start offers the game back.
    drop(app);
    let mut app = App::new(&options).unwrap();
    let question = app.question().expect("the offer to resume");
    assert!(
        question.contains("Washita River, 2 moves through turn 1, you the Army vs level 1"),
        "{question}"
    );
    assert!(!app.is_thinking());
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(moves(&app).len(), 2);
    assert!(app.message().unwrap().starts_with("Resumed"));
    play(&mut app, "@7:MMM-a7");
    assert_eq!(saved_moves(&path)[2], "@7:MMM-a7");
}

#[test]
fn declining_the_offer_keeps_the_autosaved_game_until_a_move_is_played() {
    let (_dir, path) = temp_path("autosave.txt");
    let options = with_autosave(&path, Opponent::Hotseat);
    let mut app = App::new(&options).unwrap();
    play(&mut app, "@8:MMM-a8");
    drop(app);
    let mut app = App::new(&options).unwrap();
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.question(), None);
    assert_eq!(moves(&app).len(), 0);
    assert_eq!(saved_moves(&path).len(), 1, "still there");
    drop(app);
    let mut app = App::new(&options).unwrap();
    assert!(app.question().is_some(), "offered again");
    key(&mut app, KeyCode::Esc);
    play(&mut app, "@7:MMM-a7");
    assert_eq!(
        saved_moves(&path),
        ["@7:MMM-a7"],
        "the new game replaces it"
    );
}

#[test]
fn quitting_with_moves_not_saved_to_a_file_still_asks_and_the_autosave_keeps_them() {
    let (_dir, path) = temp_path("autosave.txt");
    let mut app = App::new(&with_autosave(&path, Opponent::Hotseat)).unwrap();
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit());
    let question = app.question().expect("the quit question");
    assert!(question.contains("autosaved"), "{question}");
    assert!(question.contains("s save and quit"), "{question}");
    key(&mut app, KeyCode::Char('d'));
    assert!(app.should_quit());
    assert_eq!(saved_moves(&path), ["@8:MMM-a8"]);
}

#[test]
fn resume_takes_the_battle_sides_and_level_from_the_autosave() {
    let (_dir, path) = temp_path("autosave.txt");
    let mut first = with_autosave(&path, Opponent::Computer { level: 2 });
    first.scenario = battaglie_rules::Scenario::builtin("fetterman").unwrap();
    first.human_side = battaglie_rules::Side::Indians;
    let mut app = App::new(&first).unwrap();
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    assert_eq!(saved_moves(&path).len(), 1, "the computer's first move");
    drop(app);
    // Started for another battle and opponent, with --resume.
    let mut again = with_autosave(&path, Opponent::Hotseat);
    again.resume = true;
    let app = App::new(&again).unwrap();
    assert_eq!(app.question(), None, "nothing to ask");
    assert_eq!(app.game().start().scenario().id(), "fetterman");
    assert_eq!(moves(&app).len(), 1);
    let screen = render(&app, 100, 30);
    assert!(screen.contains("You: Indians"), "{screen}");
    assert!(screen.contains("L2"), "{screen}");
}

#[test]
fn resume_without_an_unfinished_game_says_where_it_looked() {
    let (_dir, path) = temp_path("autosave.txt");
    let mut o = with_autosave(&path, Opponent::Hotseat);
    o.resume = true;
    let e = App::new(&o).err().expect("nothing to resume");
    assert!(
        format!("{e:#}").contains("no unfinished game to resume in"),
        "{e:#}"
    );
}

#[test]
fn a_finished_game_is_not_offered_back() {
    let (_dir, path) = temp_path("autosave.txt");
    let options = with_autosave(&path, Opponent::Hotseat);
    let mut app = App::new(&options).unwrap();
    play(&mut app, "@8:MMM-a8");
    play(&mut app, "resign");
    assert!(app.game().is_over());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("resignation"), "the end is kept too: {text}");
    drop(app);
    let app = App::new(&options).unwrap();
    assert_eq!(app.question(), None);
}

#[test]
fn the_line_mode_autosaves_every_move_and_resumes_on_request() {
    let (_dir, path) = temp_path("autosave.txt");
    let options = with_autosave(&path, Opponent::Computer { level: 1 });
    plain("@8:MMM-a8\n", &options);
    assert_eq!(saved_moves(&path).len(), 2, "the move and the reply");
    let out = plain("history\nresume\nhistory\nresume\n", &options);
    assert!(
        out.contains("An unfinished game is autosaved (Washita River, 2 moves through turn 1, you the Army vs level 1): type resume"),
        "{out}"
    );
    assert!(out.contains("No moves yet."), "not resumed unasked: {out}");
    assert!(out.contains("Resumed: Washita River, 2 moves"), "{out}");
    assert!(out.contains("1. @8:MMM-a8"), "{out}");
    assert!(
        out.contains("There is no autosaved game to resume."),
        "{out}"
    );
    let mut resume = options.clone();
    resume.resume = true;
    let out = plain("history\n", &resume);
    assert!(out.contains("Resumed the autosaved game."), "{out}");
    assert!(out.contains("1. @8:MMM-a8"), "{out}");
}
