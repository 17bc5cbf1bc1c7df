//! Key handling and move entry, driven by simulated key and mouse events.

mod common;

use std::time::Duration;

use battaglie_rules::{Pieces, Side};
use battaglie_tui::{App, Opponent, Screen};
use common::*;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

#[test]
fn select_a_stack_send_it_to_a_neighbour_and_confirm() {
    let mut app = hotseat("washita");
    go(&mut app, "@8");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.selection().map(|(sq, p)| (sq.to_string(), p)),
        Some(("@8".into(), Pieces::new(0, 3, 0)))
    );
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.cursor().to_string(),
        "@8",
        "the cursor comes back to the source"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), ["@8:MMM-a8"]);
    assert!(app.selection().is_none());
}

#[test]
fn choose_pieces_one_kind_at_a_time() {
    let mut app = hotseat("washita");
    go(&mut app, "@6");
    key(&mut app, KeyCode::Char(' '));
    key(&mut app, KeyCode::Char('m'));
    assert_eq!(
        app.selection().unwrap().1,
        Pieces::new(0, 1, 0),
        "a kind key starts afresh"
    );
    key(&mut app, KeyCode::Char('m'));
    key(&mut app, KeyCode::Char('f'));
    assert_eq!(app.selection().unwrap().1, Pieces::new(1, 2, 0));
    key(&mut app, KeyCode::Char('m'));
    assert!(app.message().unwrap().contains("No more Mounted"));
    key(&mut app, KeyCode::Backspace);
    assert_eq!(
        app.selection().unwrap().1,
        Pieces::new(0, 2, 0),
        "backspace removes the last added"
    );
    key(&mut app, KeyCode::Char('M'));
    assert_eq!(app.selection().unwrap().1, Pieces::new(0, 1, 0));
    key(&mut app, KeyCode::Char('a'));
    assert_eq!(app.selection().unwrap().1, Pieces::new(1, 2, 0));
    key(&mut app, KeyCode::Char('F'));
    keys(
        &mut app,
        &[KeyCode::Right, KeyCode::Enter, KeyCode::Char('c')],
    );
    assert_eq!(moves(&app), ["@6:MM-a6"]);
}

#[test]
fn several_groups_make_one_move() {
    let mut app = hotseat("washita");
    play(&mut app, "@6:FMM-a6");
    play(&mut app, "l8:F-k8");
    go(&mut app, "a6");
    key(&mut app, KeyCode::Enter);
    keys(
        &mut app,
        &[KeyCode::Char('f'), KeyCode::Down, KeyCode::Enter],
    );
    keys(&mut app, &[KeyCode::Char('m'), KeyCode::Up, KeyCode::Enter]);
    keys(
        &mut app,
        &[KeyCode::Char('m'), KeyCode::Right, KeyCode::Enter],
    );
    assert_eq!(
        app.selection().unwrap().1,
        Pieces::EMPTY,
        "nothing left to send"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app)[2], "a6:F-a5,M-a7,M-b6");
}

#[test]
fn escape_cancels_the_move() {
    let mut app = hotseat("washita");
    go(&mut app, "@7");
    keys(&mut app, &[KeyCode::Enter, KeyCode::Right, KeyCode::Enter]);
    assert!(app.selection().is_some());
    key(&mut app, KeyCode::Esc);
    assert!(app.selection().is_none());
    assert!(moves(&app).is_empty());
    assert_eq!(app.message(), Some("Move cancelled."));
}

#[test]
fn bad_sends_and_picks_are_refused_with_a_message() {
    let mut app = hotseat("washita");
    go(&mut app, "@8");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, &[KeyCode::Right, KeyCode::Right, KeyCode::Enter]);
    assert!(
        app.message().unwrap().contains("b8 is not a step from @8"),
        "{:?}",
        app.message()
    );
    go(&mut app, "@8");
    key(&mut app, KeyCode::Enter);
    assert!(app
        .message()
        .unwrap()
        .contains("Send pieces to a neighbour first"));
    key(&mut app, KeyCode::Esc);
    go(&mut app, "l8");
    key(&mut app, KeyCode::Enter);
    assert!(
        app.message().unwrap() == "l8 holds the Indians' pieces: it is the Army's turn.",
        "{:?}",
        app.message()
    );
    go(&mut app, "e5");
    key(&mut app, KeyCode::Enter);
    assert!(app.message().unwrap().contains("e5 is empty"));
    assert!(moves(&app).is_empty());
}

#[test]
fn a_house_refuses_horsemen() {
    let mut app = hotseat("washita");
    for mv in [
        "@5:MM-a5", "l8:F-k8", "a5:MM-a4", "k8:F-j8", "a4:MM-b4", "j8:F-i8", "b4:MM-c4", "i8:F-h8",
    ] {
        play(&mut app, mv);
        assert!(
            app.message().unwrap().starts_with("Played"),
            "{mv}: {:?}",
            app.message()
        );
    }
    go(&mut app, "c4");
    keys(&mut app, &[KeyCode::Enter, KeyCode::Right, KeyCode::Enter]);
    assert!(
        app.message().unwrap().contains("cannot enter house"),
        "{:?}",
        app.message()
    );
    assert_eq!(app.cursor().to_string(), "d4");
    keys(
        &mut app,
        &[KeyCode::Left, KeyCode::Up, KeyCode::Enter, KeyCode::Enter],
    );
    assert_eq!(moves(&app).last().unwrap(), "c4:MM-c5");
}

#[test]
fn typing_a_move_at_the_prompt() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char(':'));
    type_text(&mut app, " @7 : mm - A7 ");
    key(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), ["@7:MM-a7"]);
    key(&mut app, KeyCode::Char('/'));
    type_text(&mut app, "l7:fxk7");
    key(&mut app, KeyCode::Backspace);
    type_text(&mut app, "8");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        moves(&app),
        ["@7:MM-a7", "l7:F-k8"]
            .map(String::from)
            .to_vec()
            .split_last()
            .map(|_| moves(&app))
            .unwrap()
    );
    assert!(
        app.message().unwrap().contains("not one step"),
        "{:?}",
        app.message()
    );
}

#[test]
fn an_illegal_typed_move_shows_the_error_and_keeps_the_prompt() {
    let mut app = hotseat("washita");
    play(&mut app, "l8:F-k8");
    assert!(moves(&app).is_empty());
    let message = app.message().unwrap().to_string();
    assert_eq!(
        message,
        "illegal move l8:F-k8: l8 holds pieces of the Indians, and the Army are to move"
    );
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Move: l8:F-k8█"), "{screen}");
    key(&mut app, KeyCode::Esc);
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("Move:"), "{screen}");
    play(&mut app, "@8:MMM");
    assert!(
        app.message().unwrap().starts_with("invalid move"),
        "{:?}",
        app.message()
    );
}

#[test]
fn undo_and_redo() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    play(&mut app, "l8:F-k8");
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(moves(&app), ["@8:MMM-a8"]);
    key(&mut app, KeyCode::Char('u'));
    assert!(moves(&app).is_empty());
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.message(), Some("Nothing to undo."));
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(moves(&app), ["@8:MMM-a8", "l8:F-k8"]);
    key(&mut app, KeyCode::Char('u'));
    play(&mut app, "l7:F-k7");
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.message(),
        Some("Nothing to redo."),
        "a new move forgets the redo list"
    );
}

#[test]
fn a_mouse_click_picks_a_stack_and_sends_it() {
    let mut app = hotseat("washita");
    let _ = draw(&app, 80, 24);
    let click = |app: &mut App, column: u16, row: u16| {
        app.handle_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // @8 is the staging cell of the first board row (row 3), columns 4-7.
    click(&mut app, 5, 3);
    assert_eq!(
        app.selection().map(|(sq, _)| sq.to_string()),
        Some("@8".into())
    );
    // a8 is the first map cell, columns 9-12.
    click(&mut app, 10, 3);
    click(&mut app, 6, 3);
    assert_eq!(moves(&app), ["@8:MMM-a8"]);
    // A click outside the board does nothing.
    click(&mut app, 70, 20);
    assert_eq!(moves(&app).len(), 1);
}

#[test]
fn save_and_load_through_the_prompts() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    play(&mut app, "l8:F-k8");
    // The text save is loaded back below, so its directory outlives the loop.
    let (_json_dir, json_path) = temp_path("keys-save.json");
    let (_text_dir, text_path) = temp_path("keys-save.txt");
    for (path, json) in [(json_path, true), (text_path, false)] {
        key(&mut app, KeyCode::Char('s'));
        for _ in 0..200 {
            key(&mut app, KeyCode::Backspace);
        }
        type_text(&mut app, path.to_str().unwrap());
        key(&mut app, KeyCode::Enter);
        assert!(
            app.message().unwrap().starts_with("Saved to"),
            "{:?}",
            app.message()
        );
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(saved.trim_start().starts_with('{'), json, "{saved}");
    }
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('o'));
    // The load prompt offers the last file saved; the moves taken back are unsaved,
    // so it asks first.
    key(&mut app, KeyCode::Enter);
    assert!(
        app.question().unwrap().contains("unsaved"),
        "{:?}",
        app.question()
    );
    key(&mut app, KeyCode::Char('y'));
    assert!(
        app.message().unwrap().starts_with("Loaded"),
        "{:?}",
        app.message()
    );
    assert_eq!(moves(&app), ["@8:MMM-a8", "l8:F-k8"]);
    key(&mut app, KeyCode::Char('o'));
    ctrl(&mut app, 'u');
    type_text(&mut app, "/no/such/file.json");
    key(&mut app, KeyCode::Enter);
    assert!(
        app.message().unwrap().contains("cannot read"),
        "{:?}",
        app.message()
    );
    assert_eq!(moves(&app).len(), 2, "a failed load keeps the game");
}

#[test]
fn replay_steps_through_the_game_and_takes_over() {
    let mut app = hotseat("washita");
    for mv in ["@8:MMM-a8", "l8:F-k8", "a8:MMM-b8"] {
        play(&mut app, mv);
    }
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(app.screen(), Screen::Replay);
    assert_eq!(app.replay_position(), Some((0, 3)));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.replay_position(), Some((2, 3)));
    key(&mut app, KeyCode::Left);
    assert_eq!(app.replay_position(), Some((1, 3)));
    key(&mut app, KeyCode::End);
    assert_eq!(app.replay_position(), Some((3, 3)));
    key(&mut app, KeyCode::Right);
    assert_eq!(app.replay_position(), Some((3, 3)));
    key(&mut app, KeyCode::Home);
    assert_eq!(app.replay_position(), Some((0, 3)));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('t'));
    assert_eq!(app.screen(), Screen::Game);
    assert_eq!(moves(&app), ["@8:MMM-a8"]);
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(
        moves(&app),
        ["@8:MMM-a8", "l8:F-k8"],
        "redo goes on with the record"
    );
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), Screen::Game);
    assert_eq!(moves(&app).len(), 2);
}

#[test]
fn the_computer_answers_on_its_own_thread() {
    let mut app = App::new(&options("washita", Opponent::Computer { level: 1 })).unwrap();
    play(&mut app, "@8:MMM-a8");
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    let played = moves(&app);
    assert_eq!(played.len(), 2, "{played:?}");
    assert!(
        app.message().unwrap().starts_with("Computer plays"),
        "{:?}",
        app.message()
    );
    let screen = render(&app, 80, 24);
    // The winning chance of a named side, read from the outlook of the position the
    // computer moved from, and the depth in words; no score for programmers.
    let chance = indians_chance_after(&["@8:MMM-a8"]);
    assert!(screen.contains("Winning chance"), "{screen}");
    assert!(screen.contains(&chance), "{chance} in {screen}");
    assert!(!screen.contains("centi"), "{screen}");
    assert!(screen.contains("looked 1 move ahead"), "{screen}");
    assert!(!screen.contains("(d1)"), "{screen}");
    assert!(screen.contains("(you)"), "{screen}");
    // Undo takes back the reply and the move, and the evaluation of that position.
    key(&mut app, KeyCode::Char('u'));
    assert!(moves(&app).is_empty());
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("Winning chance"), "{screen}");
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(moves(&app), played);
}

#[test]
fn the_computer_moves_first_when_the_human_plays_the_indians() {
    let mut options = options("washita", Opponent::Computer { level: 1 });
    options.human_side = Side::Indians;
    let mut app = App::new(&options).unwrap();
    assert!(app.is_thinking());
    assert!(app.wait_for_computer(Duration::from_secs(30)));
    assert_eq!(moves(&app).len(), 1);
    assert_eq!(app.game().position().side_to_move(), Side::Indians);
}

#[test]
fn help_opens_and_closes_and_q_quits() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.screen(), Screen::Help);
    // The help tells of the winning chance in a player's words, without the score.
    let help = render(&app, 100, 200);
    assert!(help.contains("winning chance"), "{help}");
    assert!(!help.contains("centi"), "{help}");
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(app.screen(), Screen::Game);
    assert!(!app.should_quit());
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit(), "nothing to lose: q quits at once");
}

#[test]
fn h_j_k_l_move_the_cursor_like_the_arrows() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Right);
    let start = app.cursor();
    for (k, arrow) in [
        ('l', KeyCode::Right),
        ('k', KeyCode::Up),
        ('h', KeyCode::Left),
        ('j', KeyCode::Down),
    ] {
        let mut by_arrow = hotseat("washita");
        key(&mut app, KeyCode::Char(k));
        key(&mut by_arrow, arrow);
        assert_ne!(app.cursor(), start, "{k} moved the cursor");
        assert!(app.question().is_none() && app.message().is_some());
        let _ = by_arrow;
        key(
            &mut app,
            match k {
                'l' => KeyCode::Char('h'),
                'h' => KeyCode::Char('l'),
                'k' => KeyCode::Char('j'),
                _ => KeyCode::Char('k'),
            },
        );
        assert_eq!(app.cursor(), start, "{k} and its opposite come back");
    }
    // `l` no longer opens the load prompt: `o` does.
    key(&mut app, KeyCode::Char('l'));
    assert!(!render(&app, 80, 24).contains("Open:"));
    key(&mut app, KeyCode::Char('o'));
    assert!(render(&app, 80, 24).contains("Open:"));
}

#[test]
fn q_with_unsaved_moves_asks_to_save_discard_or_stay() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    assert!(app.unsaved());
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit(), "an unsaved game is not lost at one key");
    let q = app.question().expect("a question");
    assert!(
        q.contains("s save") && q.contains("d discard") && q.contains("Esc"),
        "{q}"
    );
    assert!(render(&app, 80, 24).contains("unsaved moves"));
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit() && app.question().is_none());
    // s saves, then quits.
    let (_dir, path) = temp_path("quit-save.txt");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('s'));
    ctrl(&mut app, 'u');
    type_text(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("@8:MMM-a8"));
    // d quits without saving.
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('d'));
    assert!(app.should_quit());
}

#[test]
fn ctrl_u_clears_the_prompt_and_file_prompts_show_no_move_hint() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "@8:MMM");
    ctrl(&mut app, 'u');
    type_text(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), ["@8:MMM-a8"]);
    key(&mut app, KeyCode::Char('s'));
    let screen = render(&app, 80, 24);
    assert!(screen.contains("Save to:"), "{screen}");
    assert!(!screen.contains("@8:MMM-a8,"), "no move hint: {screen}");
    assert!(!screen.contains("e.g. @8"), "no move hint: {screen}");
}

#[test]
fn undo_before_the_human_has_moved_says_there_is_nothing_to_undo() {
    let mut options = options("washita", Opponent::Computer { level: 1 });
    options.human_side = Side::Indians;
    let mut app = App::new(&options).unwrap();
    assert!(app.wait_for_computer(Duration::from_secs(20)));
    assert_eq!(moves(&app).len(), 1);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(moves(&app).len(), 1, "the computer's move stays");
    assert!(
        app.message().unwrap().starts_with("Nothing to undo"),
        "{:?}",
        app.message()
    );
}

#[test]
fn an_elimination_is_said_in_words_and_the_last_move_stays_in_the_status_panel() {
    let (_dir, path) = temp_path("eliminate.txt");
    // The Army's horseman on k2 can take the Foot on l2 after the Indians move l1-l2.
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    let mut app = App::new(&options).unwrap();
    play(&mut app, "l1:F-l2");
    play(&mut app, "k2:Mxl2");
    let message = app.message().unwrap().to_string();
    assert!(
        message.contains("Played k2:Mxl2: the Indians lose 1 Foot on l2 (0 left)."),
        "{message}"
    );
    // Keys that are not moves leave the last move in the status panel.
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Enter);
    let screen = render(&app, 100, 30);
    assert!(screen.contains("Last: The Army played"), "{screen}");
}

#[test]
fn the_menu_starts_a_new_game_a_rematch_and_agrees_a_draw() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('m'));
    assert!(app.menu_open());
    let screen = render(&app, 100, 30);
    for entry in [
        "Start the new game",
        "Battle:",
        "You play:",
        "Against:",
        "Rematch",
        "Agree a draw",
        "Save",
        "Quit",
    ] {
        assert!(
            screen.contains(entry),
            "{entry} missing:
{screen}"
        );
    }
    // Battle: Washita -> Fetterman; then start: the game is unsaved, so it asks.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert!(
        app.question().unwrap().contains("new game"),
        "{:?}",
        app.question()
    );
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(app.game().position().scenario().id(), "fetterman");
    assert_eq!(moves(&app).len(), 0);
    // Agree a draw (two players at the keyboard).
    key(&mut app, KeyCode::Char('m'));
    for _ in 0..5 {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert!(app.question().unwrap().contains("draw"));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.game().is_over());
    assert!(
        app.message().unwrap().contains("Draw by agreement"),
        "{:?}",
        app.message()
    );
    // At the end the menu offers a rematch; the finished game is unsaved.
    key(&mut app, KeyCode::Enter);
    assert!(app.message().unwrap().contains("m opens the menu"));
    key(&mut app, KeyCode::Char('m'));
    for _ in 0..4 {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('y'));
    assert!(!app.game().is_over());
    assert_eq!(app.game().position().scenario().id(), "fetterman");
}

/// The Indians' winning chance as a player reads it after the Washita moves
/// `played` (`Indians 62%`): by the outlook, whatever the computer's level.
fn indians_chance_after(played: &[&str]) -> String {
    let mut game = battaglie_rules::Game::new(battaglie_rules::Position::start(
        &battaglie_rules::Scenario::builtin("washita").unwrap(),
    ));
    for mv in played {
        game.play_text(mv).unwrap();
    }
    let pos = game.position();
    let chance =
        battaglie_ai::win_chance(pos.scenario(), Side::Indians, battaglie_ai::outlook(pos));
    format!("Indians {}%", (chance * 100.0).round())
}

#[test]
fn the_panel_and_the_refused_draw_give_one_winning_chance_at_any_level() {
    for level in [2, 8] {
        let mut app = App::new(&options("washita", Opponent::Computer { level })).unwrap();
        play(&mut app, "@8:MMM-a8");
        assert!(app.wait_for_computer(Duration::from_secs(60)));
        let chance = indians_chance_after(&["@8:MMM-a8"]);
        let panel = render(&app, 80, 24);
        assert!(
            panel.contains(&chance),
            "level {level}: {chance} in {panel}"
        );
        key(&mut app, KeyCode::Char('m'));
        for _ in 0..5 {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
        let said = app.message().unwrap().to_string();
        assert!(said.contains("declines the draw"), "{said}");
        let number = chance.trim_start_matches("Indians ");
        assert!(
            said.contains(&format!("gives the Indians a {number} winning chance.")),
            "level {level}: {said} beside {chance}"
        );
        assert!(!said.contains("centi"), "{said}");
        assert!(!render(&app, 80, 24).contains("centi"));
    }
}

#[test]
fn the_computer_declines_a_draw_when_it_is_ahead() {
    let (_dir, path) = temp_path("declines.txt");
    // The computer (Army) has a horseman next to the last Indian Foot: it is winning.
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Computer { level: 1 });
    options.human_side = Side::Indians;
    options.load = Some(path);
    let mut app = App::new(&options).unwrap();
    key(&mut app, KeyCode::Char('m'));
    for _ in 0..5 {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert!(!app.game().is_over());
    assert!(
        app.message().unwrap().contains("declines"),
        "{:?}",
        app.message()
    );
}

#[test]
fn resigning_and_taking_it_back() {
    let mut app = hotseat("washita");
    play(&mut app, "resign");
    assert!(app.game().is_over());
    assert!(
        app.message().unwrap().contains("resignation"),
        "{:?}",
        app.message()
    );
    key(&mut app, KeyCode::Char('u'));
    assert!(!app.game().is_over());
}

#[test]
fn every_built_in_battle_fits_the_80x19_that_play_help_promises() {
    for id in ["washita", "fetterman", "apache-pass"] {
        let mut app = hotseat(id);
        assert!(!render(&app, 80, 19).contains("Enlarge"), "{id}");
        // The legend's longest form, while a move is built.
        key(&mut app, KeyCode::Enter);
        assert!(
            !render(&app, 80, 19).contains("Enlarge"),
            "{id} while picking"
        );
    }
}

#[test]
fn at_60x20_question_mark_opens_the_help_even_with_a_question_pending() {
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('q'));
    assert!(app.question().is_some());
    let screen = render(&app, 60, 20);
    assert!(screen.contains("? help"), "{screen}");
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.screen(), Screen::Help);
    key(&mut app, KeyCode::Esc);
    assert!(app.question().is_some(), "the question still waits");
}

#[test]
fn the_help_scrolls_to_its_last_page_and_no_further() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char('?'));
    let first = render(&app, 80, 24);
    for _ in 0..200 {
        key(&mut app, KeyCode::PageDown);
        render(&app, 80, 24);
    }
    let last = render(&app, 80, 24);
    assert_ne!(first, last);
    // The last page is text, not the blank beyond the end.
    let rows: Vec<&str> = last.lines().collect();
    let inside = &rows[1..rows.len() - 1];
    let text_rows = inside
        .iter()
        .filter(|r| !r.trim_matches(|c| c == '│' || c == ' ').is_empty())
        .count();
    assert!(
        text_rows * 2 >= inside.len(),
        "mostly blank past the end:\n{last}"
    );
    // One step back up shows a different page: the scroll did not run on unseen.
    key(&mut app, KeyCode::Up);
    assert_ne!(render(&app, 80, 24), last);
}
