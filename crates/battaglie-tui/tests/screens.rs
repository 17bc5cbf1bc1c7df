//! Snapshots of every screen on ratatui's test backend, at 80x24 and larger.

mod common;

use battaglie_tui::{App, Opponent, Screen};
use common::*;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};

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
    assert!(small.contains("1... l8:F-k8"), "{small}");
    snapshot("game-80x24", &small);
    let large = render(&app, 120, 40);
    assert!(large.contains("Turn 2"), "{large}");
    assert!(large.contains("Army to move"), "{large}");
    snapshot("game-120x40", &large);
}

#[test]
fn a_terminal_too_small_for_the_board_says_how_large_it_must_be() {
    let app = game_after_two_moves();
    let screen = render(&app, 40, 10)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        screen.contains("Enlarge the terminal to at least 80x19"),
        "{screen}"
    );
    assert!(screen.contains("(it is 40x10)"), "{screen}");
    assert!(
        screen.contains("battaglie play --plain") && screen.contains("? help"),
        "the line mode is offered: {screen}"
    );
    // At the minimum the whole board shows, file l included, and full stacks.
    let screen = render(&app, 80, 19);
    assert!(!screen.contains("Enlarge"), "{screen}");
    assert!(screen.lines().nth(1).unwrap().contains("k   l"), "{screen}");
    assert!(screen.contains("ffmm"), "{screen}");
    assert!(render(&app, 79, 24).contains("Enlarge"));
    assert!(
        render(&app, 80, 18).contains("Enlarge"),
        "a line less would cut the legend"
    );
    // The legend is whole there, in its longest form (while a move is built).
    let mut app = hotseat("washita");
    go(&mut app, "@8");
    key(&mut app, KeyCode::Enter);
    let screen = render(&app, 80, 19);
    for item in [
        "Vehicle",
        "woods",
        "river",
        "can go",
        "eliminates",
        "on the way",
    ] {
        assert!(screen.contains(item), "{item} missing at 80x19:\n{screen}");
    }
}

#[test]
fn keys_do_nothing_to_the_unseen_board_while_the_terminal_is_too_small() {
    let mut app = game_after_two_moves();
    render(&app, 40, 10);
    let cursor = app.cursor();
    keys(
        &mut app,
        &[
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Char(':'),
            KeyCode::Char('u'),
        ],
    );
    assert_eq!(app.cursor(), cursor, "the cursor walked off the screen");
    assert_eq!(app.selection(), None);
    assert_eq!(moves(&app).len(), 2, "u undid a move nobody could see");
    // ? opens the help, which wraps to any size; Esc comes back to the notice.
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.screen(), Screen::Help);
    assert!(render(&app, 40, 10).contains("Help"));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), Screen::Game);
    // q asks about the unsaved moves; the small notice shows the question, and
    // Esc (stay) and d (quit) answer it there.
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit());
    let screen = render(&app, 40, 10)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(screen.contains("unsaved moves"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert!(app.question().is_none());
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('d'));
    assert!(app.should_quit());
}

#[test]
fn the_title_row_is_never_cut_it_drops_the_forces_when_narrow() {
    for id in ["washita", "fetterman", "apache-pass"] {
        let app = hotseat(id);
        let name = app.game().position().scenario().name().to_string();
        for width in [80, 100, 160] {
            let screen = render(&app, width, 24);
            let title = screen.lines().next().unwrap().trim_end().to_string();
            assert!(title.contains(&name), "{width}: {title}");
            // Either both forces whole, or neither: never a name cut at the edge.
            let army = app
                .game()
                .position()
                .scenario()
                .side_name(battaglie_rules::Side::Army);
            let indians = app
                .game()
                .position()
                .scenario()
                .side_name(battaglie_rules::Side::Indians);
            assert!(
                title.ends_with(&format!("{army} vs {indians}")) || !title.contains(" vs "),
                "{width}: {title}"
            );
        }
        let wide = render(&app, 160, 24);
        assert!(wide.lines().next().unwrap().contains(" vs "), "{wide}");
    }
}

#[test]
fn long_moves_wrap_in_the_move_list_instead_of_being_cut() {
    let mut app = hotseat("fetterman");
    for mv in [
        "@6:FFM-a6",
        "l7:F-l6,M-l8",
        "@4:FM-a4",
        "l6:FFFM-k6",
        "@1:FM-a1",
        "l4:FFM-k4",
        "@3:FM-a3",
        "l8:FFFM-k8",
        "@7:FFM-a7",
        "l2:M-k2,F-l1,F-l3",
        "@2:FFM-a2",
    ] {
        play(&mut app, mv);
    }
    assert_eq!(moves(&app).len(), 11);
    let screen = render(&app, 80, 24);
    let panel: Vec<String> = screen
        .lines()
        .filter_map(|l| l.rsplit('│').nth(1).map(|p| p.trim_end().to_string()))
        .collect();
    let at = panel
        .iter()
        .position(|l| l.contains("5... l2:M-k2,"))
        .unwrap_or_else(|| panic!("move 5... is not in the list:\n{screen}"));
    assert!(
        panel[at + 1].trim_start().starts_with("F-l"),
        "the rest of 5... is not on the next row:\n{screen}"
    );
    assert!(
        panel[at..=at + 2].concat().contains("F-l3"),
        "the end of move 5... was cut:\n{screen}"
    );
}

#[test]
fn the_legend_breaks_between_items_never_between_a_symbol_and_its_name() {
    for id in ["washita", "fetterman", "apache-pass"] {
        let mut app = hotseat(id);
        // After a move, so that the last move's mark is in the legend too.
        let first = app.game().position().legal_moves()[0].to_string();
        play(&mut app, &first);
        assert_eq!(moves(&app).len(), 1);
        for (w, h) in [(80, 24), (100, 30), (160, 50)] {
            let screen = render(&app, w, h);
            let rows: Vec<&str> = screen.lines().collect();
            let bottom = rows
                .iter()
                .position(|r| r.trim_start().starts_with('└'))
                .unwrap_or_else(|| panic!("no board:\n{screen}"));
            for row in rows[bottom + 1..]
                .iter()
                .take_while(|r| !r.trim().is_empty())
            {
                let left = row.split(['│', '┌', '└']).next().unwrap_or("").trim_end();
                if left.is_empty() {
                    break;
                }
                let last = left.chars().last().unwrap();
                assert!(
                    last.is_alphanumeric() || last == ')',
                    "{id} at {w}x{h}: a legend line ends with a bare symbol: {left:?}\n{screen}"
                );
            }
        }
    }
}

#[test]
fn the_footer_keeps_help_and_quit_at_every_width() {
    let app = game_after_two_moves();
    for width in [80, 100, 120, 160] {
        let screen = render(&app, width, 24);
        let keys = screen.lines().last().unwrap();
        assert!(
            keys.contains("? help") && keys.contains("q quit"),
            "{width}: {keys:?}"
        );
    }
}

#[test]
fn long_messages_wrap_instead_of_being_cut() {
    let mut app = hotseat("washita");
    // Four Army pieces sent onto a square holding three would make a stack of 7.
    play(&mut app, "@8:MMM-a8");
    play(&mut app, "l8:F-k8");
    play(&mut app, "@7:MMM-a7");
    play(&mut app, "k8:F-j8");
    play(&mut app, "a7:MMM-a8");
    let message = app.message().unwrap().to_string();
    assert!(message.len() > 70, "{message}");
    let screen = render(&app, 80, 24);
    let tail: String = message
        .split_whitespace()
        .rev()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    let last_words: Vec<&str> = message.split_whitespace().rev().take(1).collect();
    assert!(
        screen.contains(last_words[0]),
        "the end of {message:?} shows:\n{screen}\n{tail}"
    );
}

#[test]
fn a_message_longer_than_the_footer_is_shown_whole_at_the_smallest_size() {
    let mut app = hotseat("washita");
    key(&mut app, KeyCode::Char(':'));
    let typed =
        "a8:MMM-a7 this is not a move at all but a very long line of words typed by mistake";
    type_text(&mut app, typed);
    key(&mut app, KeyCode::Enter);
    let message = app.message().unwrap().to_string();
    let (w, h) = (80, 19);
    let screen = render(&app, w, h);
    let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let shown = words(&screen.replace(['│', '┌', '┐', '└', '┘', '─'], " ")).join(" ");
    assert!(
        message.chars().count() > 2 * usize::from(w),
        "the message must need more than the footer's two lines: {message:?}"
    );
    assert!(
        shown.contains(&words(&message).join(" ")),
        "{message:?} is not shown whole at {w}x{h}:\n{screen}"
    );
    // The next key clears it and the board is whole again.
    key(&mut app, KeyCode::Esc);
    let screen = render(&app, w, h);
    assert!(screen.lines().nth(1).unwrap().contains("k   l"), "{screen}");
}

#[test]
fn large_terminals_get_bigger_squares_and_the_battles_notes() {
    let app = game_after_two_moves();
    let small = render(&app, 80, 24);
    let large = render(&app, 160, 50);
    let width = |screen: &str| screen.lines().nth(2).unwrap().chars().count();
    assert!(width(&large) > width(&small) + 40, "{large}");
    assert!(
        large.contains("Washita River · ? for the history"),
        "{large}"
    );
    let blank = large.lines().filter(|l| l.trim().is_empty()).count();
    assert!(blank < 5, "{blank} blank rows at 160x50:\n{large}");
    snapshot("game-160x50", &large);
    snapshot("game-100x30", &render(&app, 100, 30));
}

#[test]
fn the_last_move_is_highlighted_in_play_and_in_replay() {
    let app = game_after_two_moves();
    let buffer = draw(&app, 80, 24);
    // l8 (left) and k8 (arrived): file k is the 11th map cell, rank 8 the first row.
    let cell = |file: u16, rank: u16| (4 + 4 + 1 + file * 4 + 1, 1 + 2 + (8 - rank));
    for (f, r) in [(10, 8), (11, 8)] {
        let c = &buffer[cell(f, r)];
        assert!(c.modifier.contains(Modifier::UNDERLINED), "{f},{r}");
        assert_eq!(c.bg, Color::Indexed(136), "{f},{r}");
    }
    assert!(
        !buffer[cell(0, 6)].modifier.contains(Modifier::UNDERLINED),
        "a6 was the first move, not the last"
    );
}

#[test]
fn pieces_sent_but_not_yet_played_are_drawn_where_they_go() {
    let mut app = hotseat("washita");
    // @8 holds MMM: pick it, send two to a8, leaving one.
    while app.cursor().to_string() != "@8" {
        key(&mut app, KeyCode::Up);
        if app.cursor().to_string().starts_with('@') {
            continue;
        }
        key(&mut app, KeyCode::Left);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('m'));
    key(&mut app, KeyCode::Char('m'));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let screen = render(&app, 80, 24);
    let row = screen.lines().nth(3).unwrap();
    assert!(row.starts_with("  8  M  │ MM "), "{row}");
}

#[test]
fn without_colour_the_cursor_the_pick_and_the_targets_stay_visible() {
    let (_path_dir, path) = temp_path("mono.txt");
    std::fs::write(&path, ENDGAME).unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    options.monochrome = true;
    let mut app = App::new(&options).unwrap();
    play(&mut app, "l1:F-l2");
    key(&mut app, KeyCode::Enter);
    let buffer = draw(&app, 80, 24);
    for y in 0..24 {
        for x in 0..80 {
            let c = &buffer[(x, y)];
            assert!(
                matches!(c.fg, Color::Reset) && matches!(c.bg, Color::Reset),
                "no colour at {x},{y}: {c:?}"
            );
        }
    }
    let cell = |file: u16, rank: u16| (4 + 4 + 1 + file * 4, 1 + 2 + (8 - rank));
    let text_at =
        |(x, y): (u16, u16)| -> String { (x..x + 4).map(|x| buffer[(x, y)].symbol()).collect() };
    assert_eq!(
        text_at(cell(11, 2)),
        " xf ",
        "l2: an elimination is marked x"
    );
    assert_eq!(
        text_at(cell(10, 1)),
        " +  ",
        "k1: a destination is marked +"
    );
    let source = &buffer[cell(10, 2)];
    assert!(
        source.modifier.contains(Modifier::REVERSED),
        "the cursor is in reverse video"
    );
    assert!(
        source.modifier.contains(Modifier::UNDERLINED),
        "the picked stack is underlined"
    );
    let screen = text(&buffer);
    assert!(
        screen.contains(" +  can go") && screen.contains(" x  eliminates"),
        "{screen}"
    );
    snapshot("select-mono-80x24", &screen);
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
    // Short lines that never wrap in the 20-column panel, with the history's turn.
    assert!(small.contains("│move 1 of 2"), "{small}");
    assert!(small.contains("│Turn 1"), "{small}");
    assert!(small.contains("1. @6:FMM-a6 ◂"), "{small}");
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

#[test]
fn the_status_panel_shows_the_last_move_and_its_eliminations_whole_at_80x24() {
    let mut app = hotseat("washita");
    let mut eliminated = false;
    for _ in 0..300 {
        let legal = app.game().legal_moves();
        let Some(mv) = legal
            .iter()
            .find(|m| m.to_string().contains('x'))
            .or(legal.first())
        else {
            break;
        };
        let mv = mv.to_string();
        play(&mut app, &mv);
        if mv.contains('x') {
            eliminated = true;
            break;
        }
    }
    assert!(eliminated, "no eliminating move was found");
    let buffer = draw(&app, 80, 24);
    let screen = text(&buffer);
    let top = screen.lines().nth(2).unwrap();
    let col = top.chars().position(|c| c == '┌').unwrap() as u16;
    let mut panel = String::new();
    for y in 0..24 {
        for x in col..80 {
            panel.push_str(buffer[(x, y)].symbol());
        }
        panel.push(' ');
    }
    let words = panel
        .replace(['│', '┌', '┐', '└', '┘', '─'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let last = words
        .split("Last: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no Last line:\n{screen}"));
    assert!(
        last.contains(" left)."),
        "the last move's sentence is cut:\n{screen}"
    );
}

#[test]
fn without_colour_a_stack_to_join_is_marked_plus_and_a_full_target_stays_whole() {
    let (_dir, path) = temp_path("join.txt");
    // a8: an Army horseman; a7 another (to join); b8 four Indian pieces (to eliminate).
    std::fs::write(
        &path,
        "[Scenario \"washita\"]\n[Start \"|M(ffmm)10/|M11/|12/|12/|12/|12/|12/|11f A 0 1\"]\n\n*\n",
    )
    .unwrap();
    let mut options = options("washita", Opponent::Hotseat);
    options.load = Some(path);
    options.monochrome = true;
    let mut app = App::new(&options).unwrap();
    while app.cursor().to_string() != "a8" {
        let code = if app.cursor().rank() < 7 {
            KeyCode::Up
        } else {
            KeyCode::Left
        };
        key(&mut app, code);
    }
    key(&mut app, KeyCode::Enter);
    assert!(app.selection().is_some(), "{:?}", app.message());
    let buffer = draw(&app, 80, 24);
    let cell = |file: u16, rank: u16| (4 + 4 + 1 + file * 4, 1 + 2 + (8 - rank));
    let text_at =
        |(x, y): (u16, u16)| -> String { (x..x + 4).map(|x| buffer[(x, y)].symbol()).collect() };
    assert_eq!(
        text_at(cell(0, 7)),
        " +M ",
        "a7: a stack to join is marked +"
    );
    assert_eq!(
        text_at(cell(1, 8)),
        "ffmm",
        "b8: the whole stack, not x2f2 with a piece cut off"
    );
    assert!(
        buffer[cell(1, 8)].modifier.contains(Modifier::REVERSED),
        "b8: the elimination is in reverse video when x does not fit"
    );
}

#[test]
fn the_help_is_written_for_players_not_developers() {
    for id in ["washita", "fetterman", "apache-pass"] {
        let mut app = hotseat(id);
        key(&mut app, KeyCode::Char('?'));
        let help = render(&app, 120, 200);
        assert!(help.contains("History"), "{id}: {help}");
        for word in [
            "docs/",
            "nodes per move",
            "battaglie match",
            "plies",
            "BFEN",
            "self-play",
        ] {
            assert!(!help.contains(word), "{id}: {word:?} in the help:\n{help}");
        }
    }
}

#[test]
fn the_story_box_cut_short_ends_in_an_ellipsis() {
    let app = hotseat("washita");
    let screen = render(&app, 80, 24);
    let story: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("? for the history"))
        .skip(1)
        .take_while(|l| !l.starts_with('└'))
        .collect();
    let last = story.last().expect("the story box has lines");
    assert!(last.contains("…"), "{story:#?}");
}
