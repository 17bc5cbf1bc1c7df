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
