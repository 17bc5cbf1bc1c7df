//! What the terminal says when a file cannot be read or written: the file named
//! and the trouble in words, never the system's message; no save onto a folder;
//! a damaged autosave copied aside before anything replaces it.

mod common;

use battaglie_tui::{run_plain, App, Opponent, PlayOptions};
use common::*;
use ratatui::crossterm::event::KeyCode;

fn plain(input: &str, options: &PlayOptions) -> String {
    let mut output = Vec::new();
    run_plain(input.as_bytes(), &mut output, options).expect("the session runs");
    String::from_utf8(output).expect("text")
}

#[test]
fn saving_onto_a_folder_is_refused_in_words_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("adir");
    std::fs::create_dir(&folder).unwrap();
    let out = plain(
        &format!("@8:MMM-a8\nsave {}\n", folder.display()),
        &options("washita", Opponent::Hotseat),
    );
    assert!(
        out.contains(&format!(
            "cannot save to {0}: it is a folder, not a file: name a file in it, as {0}/washita-game.txt",
            folder.display()
        )),
        "{out}"
    );
    assert!(!dir.path().join("adir-2").exists());
}

#[test]
fn saving_into_a_missing_folder_names_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let mut app = hotseat("washita");
    play(&mut app, "@8:MMM-a8");
    key(&mut app, KeyCode::Char('s'));
    ctrl(&mut app, 'u');
    type_text(&mut app, &format!("{}/game.txt", missing.display()));
    key(&mut app, KeyCode::Enter);
    let said = app.message().unwrap();
    assert!(
        said.contains(&format!(
            "there is no folder {}: create it first, or choose another",
            missing.display()
        )),
        "{said}"
    );
    assert!(!said.contains("os error"), "{said}");
}

#[test]
fn loading_a_missing_or_cut_file_says_what_is_wrong_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.json");
    std::fs::write(
        &cut,
        "{\"scenario\": \"washita\", \"moves\": [\"@8:MMM-a8\",\n",
    )
    .unwrap();
    let odd = dir.path().join("odd.json");
    std::fs::write(&odd, "{\"scenario\": \"washita\", \"colour\": \"red\"}\n").unwrap();
    let missing = dir.path().join("missing.txt");
    let out = plain(
        &format!(
            "load {}\nload {}\nload {}\n",
            missing.display(),
            cut.display(),
            odd.display()
        ),
        &options("washita", Opponent::Hotseat),
    );
    for said in [
        format!(
            "cannot read {}: there is no such file: check its name and folder",
            missing.display()
        ),
        format!(
            "cannot read {}: game record: the file ends before the record does: it was cut short (line 2)",
            cut.display()
        ),
        format!(
            "cannot read {}: game record: it has a field \"colour\" that game records do not have",
            odd.display()
        ),
    ] {
        assert!(out.contains(&said), "{said}\n{out}");
    }
    for jargon in ["os error", "EOF", "column", "`"] {
        assert!(!out.contains(jargon), "{jargon}: {out}");
    }
}

#[test]
fn a_damaged_autosave_is_copied_aside_before_the_next_move_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("autosave.txt");
    let damaged = "[Scenario \"washita\"]\n\n1. @8:MMM-a8 zz9:Q-q9\n";
    std::fs::write(&autosave, damaged).unwrap();
    let mut o = options("washita", Opponent::Hotseat);
    o.autosave = Some(autosave.clone());
    let copy = dir.path().join("autosave-damaged.txt");
    let out = plain("@8:MMM-a8\n", &o);
    assert!(
        out.contains(&format!(
            "it is copied to {}, and the next move starts a new autosave.",
            copy.display()
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), damaged);
    assert_ne!(std::fs::read_to_string(&autosave).unwrap(), damaged);
    // The full screen says so too, and a second copy never replaces the first.
    std::fs::write(&autosave, damaged).unwrap();
    let app = App::new(&o).unwrap();
    let said = app.message().unwrap();
    assert!(
        said.contains(&format!(
            "it is copied to {}",
            dir.path().join("autosave-damaged-2.txt").display()
        )),
        "{said}"
    );
}
