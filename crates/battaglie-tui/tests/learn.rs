//! The lessons in the terminal: the line mode through in-memory pipes, the stars kept,
//! and the full screen driven by keys.

use battaglie_learn::Lang;
use battaglie_tui::{learn_listing, learn_plain, LearnOptions};

fn options(lesson: usize, lang: Lang, progress: Option<std::path::PathBuf>) -> LearnOptions {
    LearnOptions {
        lesson: Some(lesson),
        plain: true,
        lang,
        progress,
    }
}

fn run(input: &str, options: &LearnOptions) -> String {
    let mut output = Vec::new();
    learn_plain(input.as_bytes(), &mut output, options).expect("the lesson runs");
    String::from_utf8(output).expect("text")
}

#[test]
fn the_line_mode_completes_a_stage_from_piped_input_and_keeps_its_stars() {
    let dir = tempfile::tempdir().unwrap();
    let progress = dir.path().join("learn.txt");
    let out = run(
        "@1:M-a1\n@2:M-a2\na2:M-b2\n",
        &options(1, Lang::En, Some(progress.clone())),
    );
    assert!(out.contains("Stage 1 of 4. Ride your horseman"), "{out}");
    assert!(out.contains("You play @1:M-a1."), "{out}");
    assert!(out.contains("Done in 1 move: 3 of 3 stars."), "{out}");
    assert!(out.contains("Stage 2 of 4. Reach b2"), "{out}");
    assert!(
        out.contains("The other side has no move and passes."),
        "{out}"
    );
    assert!(out.contains("Done in 2 moves: 3 of 3 stars."), "{out}");
    assert_eq!(
        std::fs::read_to_string(&progress).unwrap(),
        "board 1 3\nboard 2 3\n"
    );
    let listing = learn_listing(&options(1, Lang::En, Some(progress))).unwrap();
    assert!(
        listing.contains(
            " 1. The battlefield: Squares, files, ranks and the waiting squares (6 of 12 stars)"
        ),
        "{listing}"
    );
    assert!(
        listing.contains("13. Resigning, draws and clocks"),
        "{listing}"
    );
}

#[test]
fn the_line_mode_says_why_an_illegal_move_is_illegal_in_the_players_language() {
    let out = run("next\na1:Fxb1\nb2:Mxb1\n", &options(6, Lang::It, None));
    assert!(
        out.contains("Non così: Fanteria non può eliminare Cavalleria in b1: porta con sé Cavalleria o Carri. Guarda a1, b1."),
        "{out}"
    );
    assert!(out.contains("Fatto in 1 mossa: 3 stelle su 3."), "{out}");
}

#[test]
fn the_line_mode_gives_the_hint_and_starts_a_stage_again_when_the_moves_run_out() {
    let moves = "@1:M-a1\na1:M-a2\na2:M-a3\na3:M-b3\nb3:M-b2\nb2:M-b1\nb1:M-c1\n";
    let out = run(
        &format!("next\nnext\nhint\n{moves}hint\n"),
        &options(1, Lang::En, None),
    );
    assert_eq!(out.matches("Hint: @1:M-a1").count(), 2, "{out}");
    assert!(out.contains("Out of moves: try the stage again."), "{out}");
    let after = out.split("Out of moves").nth(1).unwrap();
    assert!(
        after.contains("Stage 3 of 4. Ride to d1"),
        "the stage again: {out}"
    );
    assert!(after.contains("Moves: 0 (three stars up to 4"), "{out}");
}

#[test]
fn a_better_result_replaces_the_stars_kept_and_a_worse_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let progress = dir.path().join("learn.txt");
    std::fs::write(&progress, "board 2 1\nsteps 1 3\n").unwrap();
    run(
        "next\n@2:M-a2\na2:M-b2\n",
        &options(1, Lang::En, Some(progress.clone())),
    );
    assert_eq!(
        std::fs::read_to_string(&progress).unwrap(),
        "board 2 3\nsteps 1 3\n"
    );
}

#[test]
fn a_damaged_stars_file_is_reported_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let progress = dir.path().join("learn.txt");
    std::fs::write(&progress, "board 1 three\n").unwrap();
    let mut output = Vec::new();
    let e = learn_plain(
        "@1:M-a1\n".as_bytes(),
        &mut output,
        &options(1, Lang::En, Some(progress.clone())),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("line 1: expected a lesson, a stage and its stars"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(&progress).unwrap(),
        "board 1 three\n"
    );
}

#[test]
fn a_lesson_that_does_not_exist_is_refused_with_the_range() {
    let mut output = Vec::new();
    let e = learn_plain("".as_bytes(), &mut output, &options(99, Lang::En, None)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "there is no lesson 99: the lessons are numbered 1 to 14"
    );
}

#[test]
fn the_line_mode_plays_the_first_battle_against_the_computer_and_shows_its_answers() {
    let out = run("a2:M-b2\nb2:M-c2\nc2:Mxd2\n", &options(14, Lang::En, None));
    assert!(
        out.contains("Stage 1 of 3, against the computer at level 1. A horseman's raid"),
        "{out}"
    );
    assert!(out.contains("The other side answers: c2:F-d2"), "{out}");
    assert!(out.contains("The other side answers: e2:F-d2"), "{out}");
    assert!(out.contains("Done in 3 moves: 3 of 3 stars."), "{out}");
}
