//! Snapshots of every screen on ratatui's test backend, at 80x24 and larger.

mod common;

use battaglie_tui::{App, Opponent, Screen};
use common::*;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color;

fn game_after_two_moves() -> App {
    let mut app = hotseat("washita");
    play(&mut app, "@6:FMM-a6");
    play(&mut app, "l8:F-k8");
    app
}

#[test]
fn the_start_of_each_battle_at_80x24() {
    for id in ["washita", "fetterman", "apache-pass"] {
        let app = hotseat(id);
        let screen = render(&app, 80, 24);
        assert!(screen.contains(" battaglie "), "{screen}");
        assert!(screen.contains("Army to"), "{screen}");
        for file in ["a", "l"] {
            assert!(screen.lines().nth(1).unwrap().contains(file));
        }
        snapshot(&format!("start-{id}-80x24"), &screen);
    }
}

#[test]
fn the_board_shows_files_ranks_staging_and_stacks() {
    let screen = render(&hotseat("washita"), 80, 24);
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines[1].contains("@    a   b   c"), "{screen}");
    assert!(lines[3].starts_with("  8 MMM │"), "{screen}");
    assert!(lines[3].contains("fmm"), "{screen}");
    assert!(lines[10].starts_with("  1     │"), "{screen}");
    assert!(screen.contains("⌂ house (Foot only)"), "{screen}");
    assert!(
        screen.contains("≈ river (Foot and Mounted only)"),
        "{screen}"
    );
}

#[test]
fn the_game_screen_at_80x24_and_120x40() {
    let app = game_after_two_moves();
    let small = render(&app, 80, 24);
    assert!(small.contains("Moves (2)"), "{small}");
    assert!(small.contains("1. @6:FMM-a6"), "{small}");
    assert!(small.contains("1… l8:F-k8"), "{small}");
    snapshot("game-80x24", &small);
    let large = render(&app, 120, 40);
    assert!(large.contains("Turn 2 · Army to move"), "{large}");
    snapshot("game-120x40", &large);
}

#[test]
fn terrain_is_drawn_in_colour() {
    let app = hotseat("washita");
    let buffer = draw(&app, 80, 24);
    // c6 is river: file c is the third cell after the staging column.
    let (x, y) = (4 + 4 + 1 + 2 * 4 + 1, 1 + 2 + 2);
    assert_eq!(buffer[(x, y)].symbol(), "≈");
    assert_eq!(buffer[(x, y)].bg, Color::Indexed(24));
}

#[test]
fn a_selection_highlights_the_destinations_and_marks_eliminations() {
    let (_path_dir, path) = temp_path("endgame.txt");
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    let mut app = App::new(&options).unwrap();
    play(&mut app, "l1:F-l2");
    assert_eq!(
        app.cursor().to_string(),
        "k2",
        "the cursor starts on the Army stack"
    );
    key(&mut app, KeyCode::Enter);
    let buffer = draw(&app, 80, 24);
    let cell = |file: u16, rank: u16| (4 + 4 + 1 + file * 4 + 1, 1 + 2 + (8 - rank));
    assert_eq!(
        buffer[cell(11, 2)].bg,
        Color::Indexed(160),
        "l2 is marked as an elimination"
    );
    assert_eq!(
        buffer[cell(10, 1)].bg,
        Color::Indexed(28),
        "k1 is a legal destination"
    );
    assert_eq!(
        buffer[cell(9, 2)].bg,
        Color::Indexed(28),
        "j2 is a legal destination"
    );
    assert_ne!(buffer[cell(5, 5)].bg, Color::Indexed(28), "f5 is not");
    let screen = text(&buffer);
    assert!(screen.contains("From k2: M left"), "{screen}");
    snapshot("select-80x24", &screen);
}

#[test]
fn the_help_screen_has_the_keys_the_rules_and_the_notes() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.screen(), Screen::Help);
    let small = render(&app, 80, 24);
    assert!(small.contains("Keys"), "{small}");
    snapshot("help-80x24", &small);
    let large = render(&app, 120, 60);
    assert!(large.contains("The rules in brief"), "{large}");
    assert!(large.contains("At first light"), "{large}");
    snapshot("help-120x60", &large);
    // Scrolling reaches the history.
    for _ in 0..12 {
        key(&mut app, KeyCode::PageDown);
    }
    assert_ne!(render(&app, 80, 24), small);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), Screen::Game);
}

#[test]
fn the_replay_screen() {
    let (_path_dir, path) = temp_path("replay-screen.json");
    let app = game_after_two_moves();
    battaglie_tui::save_record(&path, app.game(), "A", "B").unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    options.replay = true;
    let mut app = App::new(&options).unwrap();
    assert_eq!(app.screen(), Screen::Replay);
    assert_eq!(app.replay_position(), Some((0, 2)));
    key(&mut app, KeyCode::Right);
    let small = render(&app, 80, 24);
    assert!(small.contains("Replay: move 1 of 2"), "{small}");
    assert!(small.contains("REPLAY"), "{small}");
    snapshot("replay-80x24", &small);
    snapshot("replay-120x40", &render(&app, 120, 40));
}

#[test]
fn the_finished_game_shows_the_result_and_reason() {
    let (_path_dir, path) = temp_path("endgame-finish.txt");
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    let mut app = App::new(&options).unwrap();
    play(&mut app, "l1:F-l2");
    play(&mut app, "k2:Mxl2");
    assert!(app.game().is_over());
    let screen = render(&app, 80, 24);
    assert!(screen.contains("GAME OVER"), "{screen}");
    assert!(screen.contains("elimination"), "{screen}");
    snapshot("over-80x24", &screen);
}
