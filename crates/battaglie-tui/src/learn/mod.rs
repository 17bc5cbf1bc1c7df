//! Learn to play in the terminal: the list of lessons with the stars won, a lesson
//! played full-screen, or in the line mode. The lessons, their checking and the words
//! are the `battaglie-learn` crate's; this module only presents them.

mod board;
mod course;
mod plain;
mod progress;
mod screen;

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::anyhow;
use battaglie_learn::{lessons, Lang, Say};

use course::Course;
use progress::Progress;

/// How to run the lessons in the terminal.
#[derive(Debug, Clone)]
pub struct LearnOptions {
    /// The lesson to play, from 1; `None` lists them.
    pub lesson: Option<usize>,
    /// The line mode: no full-screen drawing.
    pub plain: bool,
    /// The language of the lessons.
    pub lang: Lang,
    /// The file the stars are kept in; `None` keeps none.
    pub progress: Option<PathBuf>,
}

/// The lessons, numbered, with the stars won in each.
///
/// # Errors
/// When the stars' file cannot be read.
pub fn learn_listing(options: &LearnOptions) -> anyhow::Result<String> {
    let progress = Progress::load(options.progress.as_deref())?;
    let lang = options.lang;
    let mut out = format!("{}\n", Say::Learn.text(lang));
    for (i, lesson) in lessons().iter().enumerate() {
        let (won, most) = progress.lesson_stars(lesson);
        let stars = Say::LessonStars
            .text(lang)
            .replace("{n}", &won.to_string())
            .replace("{m}", &most.to_string());
        let _ = writeln!(
            out,
            "{:>2}. {}: {} ({stars})",
            i + 1,
            lesson.title.get(lang),
            lesson.subtitle.get(lang)
        );
    }
    Ok(out)
}

fn course(options: &LearnOptions) -> anyhow::Result<Course> {
    let all = lessons();
    let n = options.lesson.unwrap_or(1);
    let lesson = n.checked_sub(1).and_then(|i| all.get(i)).ok_or_else(|| {
        anyhow!(
            "there is no lesson {n}: the lessons are numbered 1 to {}",
            all.len()
        )
    })?;
    let progress = Progress::load(options.progress.as_deref())?;
    Ok(Course::new(lesson, options.lang, progress))
}

/// Plays a lesson in the line mode from `input` to `output`.
///
/// # Errors
/// When the lesson does not exist, the stars' file cannot be read, or the output fails.
pub fn learn_plain(
    input: impl BufRead,
    output: impl Write,
    options: &LearnOptions,
) -> anyhow::Result<()> {
    plain::play_plain(course(options)?, input, output)
}

/// Runs the lessons as `options` say: the list printed, or a lesson full-screen, or in
/// the line mode (also when there is no terminal to draw on).
///
/// # Errors
/// As [`learn_listing`] and [`learn_plain`], or when the terminal cannot be set up.
pub fn learn(options: &LearnOptions) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    if options.lesson.is_none() {
        print!("{}", learn_listing(options)?);
        return Ok(());
    }
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if options.plain || !terminal {
        learn_plain(std::io::stdin().lock(), std::io::stdout().lock(), options)
    } else {
        screen::run(course(options)?)
    }
}
