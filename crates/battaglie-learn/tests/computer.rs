//! Stages against the computer: its replies are reproducible, a hint against every reply,
//! and the lesson file's `computer` field checked.

use battaglie_learn::{
    force, hint, lessons, lessons_json, read_lesson, Forced, Lang, Opponent, Run, Targets,
};

fn first_battle() -> &'static battaglie_learn::Lesson {
    lessons()
        .iter()
        .find(|l| l.id == "first-battle")
        .expect("the first battle is a lesson")
}

#[test]
fn the_course_ends_with_a_first_battle_against_the_computer_at_level_1() {
    let last = lessons().last().expect("lessons");
    assert_eq!(last.id, "first-battle");
    assert!((2..=4).contains(&last.stages.len()));
    for stage in &last.stages {
        assert_eq!(stage.opponent, Opponent::Computer { level: 1 });
    }
}

#[test]
fn the_computer_answers_the_same_position_with_the_same_move_so_a_retry_meets_the_same_game() {
    for stage in &first_battle().stages {
        let replies = || {
            let mut run = Run::new(stage);
            stage
                .solution
                .iter()
                .map(|mv| {
                    run.try_move(&mv.to_string(), Lang::En)
                        .expect("legal")
                        .reply
                })
                .collect::<Vec<_>>()
        };
        let first = replies();
        assert!(
            first.iter().flatten().any(|r| !r.is_pass()),
            "the computer moves: {first:?}"
        );
        assert_eq!(first, replies());
    }
}

#[test]
fn against_the_computer_the_hint_starts_a_win_against_every_reply() {
    let stage = &first_battle().stages[0];
    let mut run = Run::new(stage);
    // After a move and the computer's answer, the hint leads to a win in the fewest
    // moves whatever the computer answers next.
    run.try_move("a2:M-b2", Lang::En).expect("legal");
    let before = force(&run);
    let Forced::Win { moves, first } = before else {
        panic!("the raid is still won: {before:?}")
    };
    assert_eq!(hint(&run), Some(first));
    // Following the hints wins within the moves the search promised.
    let used = run.played();
    while run.finish().is_none() {
        let mv = hint(&run).expect("a hint while the stage is open");
        run.try_move(&mv.to_string(), Lang::En)
            .expect("the hint is legal");
    }
    assert!(matches!(
        run.finish(),
        Some(battaglie_learn::Finish::Won { .. })
    ));
    assert!(run.played() - used <= moves);
}

#[test]
fn the_json_names_the_computer_and_its_level() {
    let json =
        serde_json::to_value(lessons_json(std::slice::from_ref(first_battle()))).expect("json");
    assert_eq!(
        json[0]["stages"][0]["opponent"],
        serde_json::json!({"kind": "computer", "level": 1})
    );
}

#[test]
fn a_level_the_computer_does_not_have_names_the_lesson_stage_and_field() {
    let text = include_str!("../lessons/14-first-battle.toml");
    let at = |level: &str| {
        read_lesson(
            "14-first-battle.toml",
            &text.replacen("computer = 1", &format!("computer = {level}"), 2),
        )
        .unwrap_err()
        .to_string()
    };
    assert_eq!(
        at("9"),
        "lesson 14-first-battle.toml, stage 1: `computer`: 9 is not a level: expected 1 to 8"
    );
    assert_eq!(
        at("0"),
        "lesson 14-first-battle.toml, stage 1: `computer`: 0 is not a level: expected 1 to 8"
    );
    let both = text.replacen("computer = 1", "computer = 1\nreplies = [\"pass\"]", 1);
    assert_eq!(
        read_lesson("14-first-battle.toml", &both).unwrap_err().to_string(),
        "lesson 14-first-battle.toml, stage 1: `computer`: give either `replies` or `computer`, not both"
    );
}

#[test]
fn a_move_that_ends_the_battle_otherwise_is_no_win_against_every_reply() {
    // The deadlock of the endings lesson, asked instead to eliminate the horseman on b1:
    // the only move ends the battle in a draw, with no reply left to try.
    let endings = lessons()
        .iter()
        .find(|l| l.id == "endings")
        .expect("lesson");
    let mut stage = endings.stages[1].clone();
    stage.targets = Targets {
        eliminate: vec!["b1".parse().expect("a square")],
        ..Targets::default()
    };
    stage.opponent = Opponent::Computer { level: 1 };
    assert_eq!(force(&Run::new(&stage)), Forced::Impossible);
}
