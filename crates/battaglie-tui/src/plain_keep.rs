//! The line mode's question before a game with unsaved moves is replaced or left
//! (new, rematch, load, quit, the end of the input), as the full screen asks; with
//! nobody there to answer, the game is saved aside under a new name instead.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::autosave::Autosave;
use crate::session::Session;
use crate::PlayOptions;

/// What to do once the question is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Then {
    /// Go on with the command: the game is saved, kept, or let go by the player.
    Go,
    /// Keep playing this game.
    Stay,
    /// The input ended while asking: the game is kept aside; leave.
    Leave,
}

/// Where a game nobody answered for is kept: the folder the options name, else
/// beside the autosave, else the current folder.
fn aside_dir(options: &PlayOptions, autosave: Option<&Autosave>) -> PathBuf {
    options
        .aside_dir
        .clone()
        .or_else(|| {
            autosave
                .and_then(|a| a.path().parent())
                .map(Path::to_path_buf)
        })
        .unwrap_or_default()
}

/// Saves the game aside and says where.
pub(crate) fn keep_aside<W: Write>(
    session: &mut Session,
    options: &PlayOptions,
    autosave: Option<&Autosave>,
    out: &mut W,
) -> std::io::Result<()> {
    match session.keep_aside(&aside_dir(options, autosave)) {
        Ok(path) => writeln!(
            out,
            "The game's unsaved moves are kept in {0}: load {0} goes on with it.",
            path.display()
        ),
        Err(e) => writeln!(out, "The game could not be kept: {e:#}"),
    }
}

/// Before a command replaces or leaves (`leaving`) a game with unsaved moves:
/// asks the player when `answers`, else keeps the game aside. Leaving a game the
/// autosave will offer back loses nothing, and keeps nothing aside.
pub(crate) fn before_losing<R: BufRead, W: Write>(
    session: &mut Session,
    options: &PlayOptions,
    autosave: Option<&Autosave>,
    answers: bool,
    leaving: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<Then> {
    if !session.is_dirty() {
        return Ok(Then::Go);
    }
    let offered_back = leaving && autosave.is_some_and(|a| a.offers_back(session));
    if !answers {
        if offered_back {
            writeln!(
                out,
                "The game stays autosaved: it is offered back the next time you play."
            )?;
        } else {
            keep_aside(session, options, autosave, out)?;
        }
        return Ok(Then::Go);
    }
    let file = session.default_file();
    let go = if leaving { "quit" } else { "go on" };
    let head = if offered_back {
        "The game is not saved to a file (it stays autosaved and is offered back the next time you play)."
    } else {
        "The game has unsaved moves."
    };
    write!(
        out,
        "{head} y save it to {} and {go} · save FILE · d discard and {go} · Enter keep playing> ",
        file.display()
    )?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line).unwrap_or(0) == 0 {
        writeln!(out)?;
        if !offered_back {
            keep_aside(session, options, autosave, out)?;
        }
        return Ok(Then::Leave);
    }
    let text = line.trim();
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
        None => (text.to_ascii_lowercase(), ""),
    };
    let target = match word.as_str() {
        "y" | "yes" => file,
        "save" if !rest.is_empty() => PathBuf::from(rest),
        "save" => file,
        "d" | "discard" => return Ok(Then::Go),
        _ => {
            writeln!(out, "Carry on.")?;
            return Ok(Then::Stay);
        }
    };
    match session.save(&target) {
        Ok(written) => {
            writeln!(out, "{}", Session::saved_message(&target, &written))?;
            Ok(Then::Go)
        }
        Err(e) => {
            writeln!(out, "Error: {e:#} The game goes on unsaved.")?;
            Ok(Then::Stay)
        }
    }
}
