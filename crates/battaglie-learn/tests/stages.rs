//! Playing a stage: refusals name the rule in the player's language, hints, stars, and
//! lesson files refused with the lesson, stage and field named.

use battaglie_learn::{hint, lessons, read_lesson, Finish, Lang, Run};

fn stage(lesson: &str, n: usize) -> &'static battaglie_learn::Stage {
    let l = lessons().iter().find(|l| l.id == lesson).expect("lesson");
    &l.stages[n - 1]
}

#[test]
fn the_course_has_at_least_twelve_lessons_and_forty_stages() {
    let stages: usize = lessons().iter().map(|l| l.stages.len()).sum();
    assert!(lessons().len() >= 12, "{} lessons", lessons().len());
    assert!(stages >= 40, "{stages} stages");
}

#[test]
fn foot_onto_a_horseman_is_refused_with_the_rule_and_its_squares_in_each_language() {
    let mut run = Run::new(stage("who-eliminates", 2));
    let refusal = run.try_move("a1:Fxb1", Lang::En).unwrap_err();
    assert_eq!(refusal.rule, "cannot_eliminate");
    assert_eq!(
        refusal.words,
        "Foot cannot eliminate Mounted on b1: bring Mounted or Vehicle with them."
    );
    let names: Vec<String> = refusal.squares.iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["a1", "b1"]);
    let it = run.try_move("a1:Fxb1", Lang::It).unwrap_err();
    assert!(
        it.words
            .starts_with("Fanteria non può eliminare Cavalleria"),
        "{}",
        it.words
    );
    let de = run.try_move("a1:Fxb1", Lang::De).unwrap_err();
    assert!(
        de.words.contains("nimm Reiter oder Fahrzeuge mit"),
        "{}",
        de.words
    );
    assert_eq!(run.played(), 0, "a refused move changes nothing");
}

#[test]
fn a_diagonal_step_is_refused_as_diagonal() {
    let mut run = Run::new(stage("steps", 1));
    let refusal = run.try_move("b1:M-c2", Lang::Fr).unwrap_err();
    assert_eq!(refusal.rule, "not_adjacent");
    assert!(
        refusal.words.starts_with("Jamais en diagonale"),
        "{}",
        refusal.words
    );
}

#[test]
fn a_horseman_into_a_house_is_refused_because_only_foot_enter() {
    let mut run = Run::new(stage("houses", 1));
    let refusal = run.try_move("a1:FM-b1", Lang::En).unwrap_err();
    assert_eq!(refusal.rule, "terrain");
    assert_eq!(
        refusal.words,
        "Only Foot may enter the house on b1: Mounted cannot."
    );
}

#[test]
fn five_on_a_square_is_refused_by_the_stack_limit() {
    let mut run = Run::new(stage("stack-limit", 1));
    let refusal = run.try_move("a1:MMM-a2", Lang::En).unwrap_err();
    assert_eq!(refusal.rule, "stack_limit");
    assert_eq!(
        refusal.words,
        "a2 would hold 5 pieces: no square may hold more than 4."
    );
}

#[test]
fn passing_with_a_move_left_is_refused() {
    let mut run = Run::new(stage("board", 1));
    assert_eq!(
        run.try_move("pass", Lang::En).unwrap_err().rule,
        "pass_with_moves_left"
    );
}

#[test]
fn the_shortest_way_earns_three_stars_and_a_longer_one_fewer() {
    let mut run = Run::new(stage("board", 2));
    run.try_move("@2:M-a2", Lang::En).unwrap();
    let played = run.try_move("a2:M-b2", Lang::En).unwrap();
    assert_eq!(played.finish, Some(Finish::Won { moves: 2, stars: 3 }));

    let mut run = Run::new(stage("board", 2));
    for mv in ["@2:M-a2", "a2:M-a1", "a1:M-b1"] {
        let played = run.try_move(mv, Lang::En).unwrap();
        assert_eq!(
            played.reply.map(|r| r.is_pass()),
            Some(true),
            "the Indians pass"
        );
    }
    let played = run.try_move("b1:M-b2", Lang::En).unwrap();
    assert_eq!(played.finish, Some(Finish::Won { moves: 4, stars: 1 }));
    assert_eq!(
        run.try_move("b2:M-c2", Lang::En).unwrap_err().rule,
        "stage_over"
    );
}

#[test]
fn the_third_repetition_ends_a_stage_that_does_not_ask_for_it() {
    let mut run = Run::new(stage("who-eliminates", 4));
    let mut last = None;
    for mv in ["a1:F-b1", "b1:F-c1", "c1:F-b1", "b1:F-a1", "a1:F-b1"] {
        last = run.try_move(mv, Lang::En).unwrap().finish;
    }
    assert_eq!(
        last,
        Some(Finish::Ended(battaglie_rules::Outcome::Draw(
            battaglie_rules::DrawReason::Repetition
        )))
    );
}

#[test]
fn spending_the_one_star_budget_without_the_goal_ends_the_stage() {
    let mut run = Run::new(stage("who-eliminates", 4));
    let mut last = None;
    for mv in [
        "a1:F-b1", "b1:F-c1", "a2:M-a1", "a1:M-b1", "b1:M-b2", "c1:F-b1",
    ] {
        last = run.try_move(mv, Lang::En).unwrap().finish;
    }
    assert_eq!(last, Some(Finish::OutOfMoves));
}

#[test]
fn the_hint_is_the_next_move_of_a_shortest_solution_from_where_the_player_is() {
    let mut run = Run::new(stage("board", 3));
    assert_eq!(
        hint(&run).map(|m| m.to_string()).as_deref(),
        Some("@1:M-a1")
    );
    run.try_move("@1:M-a1", Lang::En).unwrap();
    run.try_move("a1:M-a2", Lang::En).unwrap();
    assert_eq!(
        hint(&run).map(|m| m.to_string()).as_deref(),
        Some("a2:M-b2")
    );
}

#[test]
fn a_lesson_file_with_a_text_missing_names_the_lesson_stage_and_field() {
    let text = include_str!("../lessons/01-board.toml").replacen(
        "de = \"Reite mit deinem Reiter vom Wartefeld auf die Karte, nach a1.\"",
        "de = \"\"",
        1,
    );
    let e = read_lesson("01-board.toml", &text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "lesson 01-board.toml, stage 1: `goal.de`: must not be empty"
    );
}

#[test]
fn a_position_the_rules_refuse_names_the_field() {
    let text = include_str!("../lessons/01-board.toml").replacen(
        "|3f/|4/M|4 A 0 1",
        "|3f/|4/MMMMM|4 A 0 1",
        1,
    );
    let e = read_lesson("01-board.toml", &text).unwrap_err();
    assert_eq!((e.stage, e.field.as_str()), (Some(1), "position"), "{e}");
}

#[test]
fn a_solution_that_does_not_complete_the_stage_is_refused() {
    let text = include_str!("../lessons/01-board.toml").replacen(
        "solution = [\"@2:M-a2\", \"a2:M-b2\"]",
        "solution = [\"@2:M-a2\"]",
        1,
    );
    let e = read_lesson("01-board.toml", &text).unwrap_err();
    assert_eq!((e.stage, e.field.as_str()), (Some(2), "solution"), "{e}");
}

#[test]
fn a_stack_that_walks_away_was_not_eliminated_even_when_others_fall() {
    // The soldier on b1 is the target; the player takes the one on a2 instead, and the
    // fixed reply walks b1's soldier away: b1 is empty and the Indians lost a piece, but
    // the stack asked for was never eliminated.
    let text = r#"
id = "walks-away"
title = { en = "t", it = "t", fr = "t", de = "t" }
subtitle = { en = "s", it = "s", fr = "s", de = "s" }
intro = { en = "i", it = "i", fr = "i", de = "i" }
[[stage]]
map = ["...", "..."]
position = "|f2/|Mf1 A 0 1"
eliminate = ["b1"]
replies = ["b1:F-c1"]
stars = [1, 2, 3]
solution = ["a1:Mxb1"]
goal = { en = "g", it = "g", fr = "g", de = "g" }
"#;
    let lesson = read_lesson("walks-away.toml", text).expect("a readable lesson");
    let mut away = Run::new(&lesson.stages[0]);
    let played = away.try_move("a1:Mxa2", Lang::En).expect("a legal move");
    assert_eq!(
        played.reply.map(|m| m.to_string()).as_deref(),
        Some("b1:F-c1")
    );
    assert_eq!(
        away.finish(),
        None,
        "b1's soldier walked away, uneliminated"
    );

    let mut taken = Run::new(&lesson.stages[0]);
    taken.try_move("a1:Mxb1", Lang::En).expect("a legal move");
    assert_eq!(taken.finish(), Some(Finish::Won { moves: 1, stars: 3 }));
}
