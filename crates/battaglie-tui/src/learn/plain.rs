//! The lessons in the line mode, for screen readers and pipes: the goal and the board
//! as text, a move or a command per line, and every answer in words.

use std::io::{BufRead, Write};

use battaglie_learn::{terrain_legend, Say};
use battaglie_rules::{board_text, Charset};

use crate::learn::course::Course;

/// Plays the course's lesson from `input`, writing to `output`, until its end, `quit`
/// or the end of the input.
pub(crate) fn play_plain(
    mut course: Course,
    input: impl BufRead,
    mut output: impl Write,
) -> anyhow::Result<()> {
    let lang = course.lang;
    let lesson = course.lesson;
    writeln!(
        output,
        "{}: {}",
        lesson.title.get(lang),
        lesson.subtitle.get(lang)
    )?;
    writeln!(output, "{}", lesson.intro.get(lang))?;
    writeln!(output, "{}", Say::Commands.text(lang))?;
    show_stage(&course, &mut output)?;
    for line in input.lines() {
        let line = line?;
        let text = line.trim();
        let said = match text {
            "" => continue,
            "quit" | "exit" => break,
            "hint" => {
                writeln!(output, "{}", course.hint())?;
                continue;
            }
            "board" => {
                show_stage(&course, &mut output)?;
                continue;
            }
            "again" => course.again(),
            "next" => course.next(),
            "help" => {
                writeln!(output, "{}", Say::Commands.text(lang))?;
                continue;
            }
            mv => course.submit(mv),
        };
        for l in &said.lines {
            writeln!(output, "{l}")?;
        }
        if course.complete {
            break;
        }
        if said.new_stage || !said.refused {
            show_stage(&course, &mut output)?;
        }
    }
    output.flush()?;
    Ok(())
}

fn show_stage(course: &Course, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{}. {}", course.stage_heading(), course.goal())?;
    write!(
        out,
        "{}",
        board_text(course.run.game().position(), Charset::Ascii)
    )?;
    let terrain = terrain_legend(course.run.game().position().scenario(), course.lang);
    writeln!(out, "{} {terrain}", Say::Legend.text(course.lang))?;
    writeln!(out, "{}", course.moves_line())
}
