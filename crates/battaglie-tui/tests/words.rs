//! What the full screen says stays true after each key: no stale words, and
//! every elimination told in words.

mod common;

use std::time::Duration;

use battaglie_tui::{App, Opponent};
use common::*;
use ratatui::crossterm::event::KeyCode;

#[test]
fn choosing_pieces_replaces_the_sending_all_message_and_the_panel_says_all_sent() {
    let mut app = hotseat("washita");
    go(&mut app, "@6");
    key(&mut app, KeyCode::Enter);
    assert!(app.message().unwrap().contains("sending all (FMM)"));
    key(&mut app, KeyCode::Char('m'));
    let message = app.message().unwrap();
    assert!(
        message.contains("@6: sending M.") && !message.contains("sending all"),
        "{message}"
    );
    // Send everything to a6: nothing is left on @6.
    key(&mut app, KeyCode::Char('a'));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("From @6: all sent"), "{screen}");
    assert!(!screen.contains("From @6:  left"), "{screen}");
}

#[test]
fn after_a_typed_move_the_cursor_stays_with_the_pieces_moved() {
    let mut app = App::new(&options("washita", Opponent::Computer { level: 1 })).unwrap();
    go(&mut app, "@8");
    play(&mut app, "@8:MMM-a8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    assert_eq!(app.cursor().to_string(), "a8", "{:?}", app.message());
}

#[test]
fn your_own_elimination_is_said_in_words_with_the_computers_reply() {
    let (_dir, path) = temp_path("eliminate.txt");
    // k2: an Army horseman; k1 and l1: an Indian Foot each.
    std::fs::write(
        &path,
        "[Scenario \"washita\"]\n[Start \"|12/|12/|12/|12/|12/|12/|10M1/|10ff A 0 30\"]\n\n*\n",
    )
    .unwrap();
    let mut o = options("washita", Opponent::Computer { level: 1 });
    o.load = Some(path);
    let mut app = App::new(&o).unwrap();
    play(&mut app, "k2:Mxk1");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    let message = app.message().unwrap();
    assert!(
        message.starts_with("Your move: the Indians lose 1 Foot on k1 (1 left). Computer plays"),
        "{message}"
    );
}

#[test]
fn r_with_nothing_to_redo_keeps_the_computers_evaluation() {
    let mut app = App::new(&options("washita", Opponent::Computer { level: 1 })).unwrap();
    play(&mut app, "@8:MMM-a8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    assert!(render(&app, 100, 30).contains("Winning chance"));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.message(), Some("Nothing to redo."));
    let screen = render(&app, 100, 30);
    assert!(screen.contains("Winning chance"), "{screen}");
}

#[test]
fn an_empty_file_name_replaces_the_old_error_with_what_to_type() {
    let mut app = hotseat("washita");
    go(&mut app, "e5");
    key(&mut app, KeyCode::Enter);
    assert!(app.message().unwrap().contains("is empty"));
    key(&mut app, KeyCode::Char('s'));
    ctrl(&mut app, 'u');
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.message(), Some("Type a file name first (Esc cancels)."));
}

#[test]
fn changing_the_pick_replaces_an_error_about_the_old_one() {
    let mut app = hotseat("washita");
    go(&mut app, "@6");
    key(&mut app, KeyCode::Enter);
    // Two squares away: not a step.
    go(&mut app, "b6");
    key(&mut app, KeyCode::Enter);
    assert!(
        app.message().unwrap().contains("is not a step"),
        "{:?}",
        app.message()
    );
    key(&mut app, KeyCode::Char('m'));
    let said = app.message().unwrap();
    assert!(said.contains("@6: sending M."), "{said}");
}

#[test]
fn after_the_end_the_panel_drops_the_evaluation_and_the_menu_offers_no_draw() {
    let mut app = App::new(&options("washita", Opponent::Computer { level: 1 })).unwrap();
    play(&mut app, "@8:MMM-a8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    key(&mut app, KeyCode::Char('m'));
    assert!(render(&app, 100, 30).contains("Offer the computer a draw"));
    key(&mut app, KeyCode::Esc);
    play(&mut app, "resign");
    assert!(app.game().is_over());
    let screen = render(&app, 100, 30);
    assert!(!screen.contains("Winning chance"), "{screen}");
    key(&mut app, KeyCode::Char('m'));
    let screen = render(&app, 100, 30);
    assert!(screen.contains("Rematch"), "{screen}");
    assert!(!screen.contains("draw"), "{screen}");
    // The last entry is Quit, one step up from the first.
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert!(app.question().is_some() || app.should_quit());
}

#[test]
fn a_resigned_games_last_replay_frame_says_it_is_over() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    play(&mut app, "resign");
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::End);
    let screen = render(&app, 100, 30);
    assert!(screen.contains("GAME OVER"), "{screen}");
    assert!(!screen.contains("Indians to move"), "{screen}");
}

#[test]
fn save_and_quit_says_where_the_game_went_once_the_screen_is_gone() {
    let (_dir, path) = temp_path("saved.txt");
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('s'));
    ctrl(&mut app, 'u');
    type_text(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
    assert_eq!(
        app.farewell(),
        Some(format!("Saved to {}.", path.display()).as_str())
    );
}
