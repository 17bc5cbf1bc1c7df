//! Saved games keep who played what, and saving never replaces another game, in
//! the full-screen interface and in the line mode.

mod common;

use std::path::Path;
use std::time::Duration;

use battaglie_rules::record::Record;
use battaglie_rules::Side;
use battaglie_tui::{run_plain, App, Opponent, PlayOptions};
use common::*;
use ratatui::crossterm::event::KeyCode;

fn plain(input: &str, options: &PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

fn record_at(path: &Path) -> Record {
    Record::read(&std::fs::read_to_string(path).expect("the file is there")).expect("a record")
}

/// Saves the app's game at the `s` prompt under `path`.
fn save(app: &mut App, path: &Path) {
    key(app, KeyCode::Char('s'));
    ctrl(app, 'u');
    type_text(app, path.to_str().unwrap());
    key(app, KeyCode::Enter);
}

/// A game saved after one move each by a person playing the Indians against level 1.
fn indians_against_level_one(path: &Path) {
    let mut o = options("washita", Opponent::Computer { level: 1 });
    o.human_side = Side::Indians;
    let mut app = App::new(&o).unwrap();
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    play(&mut app, "l8:F-k8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    save(&mut app, path);
    let record = record_at(path);
    assert_eq!(
        (record.army.as_str(), record.indians.as_str()),
        ("Computer (level 1)", "Player")
    );
}

#[test]
fn loading_a_saved_game_restores_the_players_side_and_the_computers_level() {
    let (_dir, path) = temp_path("indians.txt");
    indians_against_level_one(&path);
    // --load with the default options (the Army against level 3).
    let mut o = options("washita", Opponent::Computer { level: 3 });
    o.load = Some(path.clone());
    let app = App::new(&o).unwrap();
    assert_eq!(app.human_side(), Some(Side::Indians));
    assert_eq!(app.level(), Some(1));
    assert!(
        !app.is_thinking(),
        "the Indians are to move, and a person plays them"
    );
    let message = app.message().unwrap().to_string();
    assert!(
        message.contains("you play the Indians against the computer at level 1"),
        "{message}"
    );
    assert!(render(&app, 80, 24).contains("You: Indians"));
    // The open key (o) does the same over a game of the Army against level 3.
    let mut app = App::new(&options("washita", Opponent::Computer { level: 3 })).unwrap();
    key(&mut app, KeyCode::Char('o'));
    ctrl(&mut app, 'u');
    type_text(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app).len(), 3, "{:?}", app.message());
    assert_eq!(
        (app.human_side(), app.level()),
        (Some(Side::Indians), Some(1))
    );
    assert!(!app.is_thinking());
}

#[test]
fn the_line_mode_load_restores_the_players_side_and_level() {
    let (_dir, path) = temp_path("indians.txt");
    indians_against_level_one(&path);
    let mut o = options("washita", Opponent::Computer { level: 3 });
    o.load = Some(path.clone());
    let out = plain("", &o);
    assert!(
        out.contains("You play the Indians (Cheyenne) against the computer at level 1"),
        "{out}"
    );
    assert!(
        !out.contains("Computer plays"),
        "the person is to move: {out}"
    );
    let o = options("washita", Opponent::Computer { level: 3 });
    let out = plain(&format!("load {}\n", path.display()), &o);
    assert!(
        out.contains("you play the Indians against the computer at level 1"),
        "{out}"
    );
    assert!(out.contains("Indians to move (turn 2)> "), "{out}");
}

#[test]
fn saving_onto_another_games_file_keeps_it_and_writes_a_numbered_name() {
    let (dir, path) = temp_path("washita-game.txt");
    let mut first = hotseat("washita");
    play(&mut first, "@8:MMM-a8");
    play(&mut first, "l8:F-k8");
    save(&mut first, &path);
    assert_eq!(
        first.message(),
        Some(&*format!("Saved to {}.", path.display()))
    );
    // A second game saved under the same name keeps the first.
    let mut second = hotseat("washita");
    play(&mut second, "@7:MMM-a7");
    save(&mut second, &path);
    let numbered = dir.path().join("washita-game-2.txt");
    let message = second.message().unwrap();
    assert!(
        message.contains("holds another game, which is kept")
            && message.contains("washita-game-2.txt"),
        "{message}"
    );
    assert_eq!(record_at(&path).moves, ["@8:MMM-a8", "l8:F-k8"]);
    assert_eq!(record_at(&numbered).moves, ["@7:MMM-a7"]);
    // Saving the first game again replaces its own file.
    play(&mut first, "@7:MMM-a7");
    save(&mut first, &path);
    assert_eq!(record_at(&path).moves.len(), 3);
    assert!(!dir.path().join("washita-game-3.txt").exists());
}

#[test]
fn the_line_mode_save_onto_another_games_file_keeps_it() {
    let (dir, path) = temp_path("g1.json");
    let o = options("washita", Opponent::Hotseat);
    plain(
        &format!("@8:MMM-a8\nl8:F-k8\nsave {}\n", path.display()),
        &o,
    );
    let out = plain(&format!("save {}\n", path.display()), &o);
    assert!(out.contains("holds another game, which is kept"), "{out}");
    assert_eq!(record_at(&path).moves.len(), 2);
    assert_eq!(record_at(&dir.path().join("g1-2.json")).moves.len(), 0);
}

#[test]
fn ctrl_u_outside_a_prompt_takes_nothing_back() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    ctrl(&mut app, 'u');
    assert_eq!(moves(&app), ["@8:MMM-a8"], "{:?}", app.message());
    key(&mut app, KeyCode::Char('u'));
    assert!(moves(&app).is_empty(), "u alone still undoes");
}

#[test]
fn a_rematch_asked_over_an_unsaved_game_starts_once_s_has_saved_it() {
    let (_dir, path) = temp_path("before-rematch.txt");
    let mut o = options("washita", Opponent::Computer { level: 1 });
    o.human_side = Side::Indians;
    let mut app = App::new(&o).unwrap();
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    play(&mut app, "l8:F-k8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    // Menu: new game, battle, side, opponent, rematch.
    key(&mut app, KeyCode::Char('m'));
    for _ in 0..4 {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert!(app.question().unwrap().contains("s save first"));
    key(&mut app, KeyCode::Char('s'));
    ctrl(&mut app, 'u');
    type_text(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_eq!(record_at(&path).moves.len(), 3, "the old game is saved");
    assert!(moves(&app).is_empty(), "and the rematch has begun");
    assert_eq!(app.human_side(), Some(Side::Army), "with the sides swapped");
    let message = app.message().unwrap();
    assert!(
        message.contains("Saved to") && message.contains("New game"),
        "{message}"
    );
}
