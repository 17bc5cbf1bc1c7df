//! The built-in lessons, embedded in the crate.

use std::sync::OnceLock;

use crate::lesson::Lesson;
use crate::source::{read_lesson, LessonError};

/// The lesson files, in the order of the course.
const SOURCES: [(&str, &str); 14] = [
    ("01-board.toml", include_str!("../lessons/01-board.toml")),
    ("02-steps.toml", include_str!("../lessons/02-steps.toml")),
    ("03-split.toml", include_str!("../lessons/03-split.toml")),
    (
        "04-stack-limit.toml",
        include_str!("../lessons/04-stack-limit.toml"),
    ),
    (
        "05-staging.toml",
        include_str!("../lessons/05-staging.toml"),
    ),
    (
        "06-who-eliminates.toml",
        include_str!("../lessons/06-who-eliminates.toml"),
    ),
    (
        "07-whole-stack.toml",
        include_str!("../lessons/07-whole-stack.toml"),
    ),
    (
        "08-together.toml",
        include_str!("../lessons/08-together.toml"),
    ),
    ("09-houses.toml", include_str!("../lessons/09-houses.toml")),
    (
        "10-several.toml",
        include_str!("../lessons/10-several.toml"),
    ),
    (
        "11-passing.toml",
        include_str!("../lessons/11-passing.toml"),
    ),
    (
        "12-endings.toml",
        include_str!("../lessons/12-endings.toml"),
    ),
    (
        "13-settling.toml",
        include_str!("../lessons/13-settling.toml"),
    ),
    (
        "14-first-battle.toml",
        include_str!("../lessons/14-first-battle.toml"),
    ),
];

/// Reads and checks every built-in lesson, ids unique.
///
/// # Errors
/// The first [`LessonError`] found.
pub fn read_builtin() -> Result<Vec<Lesson>, LessonError> {
    let mut all: Vec<Lesson> = Vec::new();
    for (file, text) in SOURCES {
        let lesson = read_lesson(file, text)?;
        if all.iter().any(|l| l.id == lesson.id) {
            return Err(LessonError {
                lesson: file.to_string(),
                stage: None,
                field: "id".into(),
                reason: format!("{:?} is the id of another lesson", lesson.id),
            });
        }
        all.push(lesson);
    }
    Ok(all)
}

/// The built-in lessons in the order of the course, read once.
///
/// # Panics
/// When a built-in lesson is invalid (the crate's tests read them all).
pub fn lessons() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        read_builtin().unwrap_or_else(|e| panic!("built-in lesson is invalid: {e}"))
    })
}
