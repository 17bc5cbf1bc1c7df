//! The line mode: the board as text, moves and commands read line by line.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use battaglie_ai::Limits;

use crate::session::{title, Session};
use crate::text::render_text;
use crate::{Opponent, PlayOptions};

const HELP: &str = "\
Type a move in notation, or a command.
  A move names the square the pieces leave, a colon, then for each destination the
  pieces that go there (F Foot, M Mounted, V Vehicle), - (or x to eliminate) and the
  square: @8:MMM-a8 rides three horsemen from staging onto a8; c3:FF-c4,Mxd3 sends two
  Foot north and a Mounted east onto an enemy stack. pass only when nothing else is legal.
Commands:
  board            show the board again
  moves (legal)    list the legal moves
  history          the moves played so far
  undo, redo       take back a move (against the computer: your last move and its reply), play it again
  save FILE        save the game (JSON when FILE ends in .json, the text record otherwise)
  load FILE        load a saved game and go on from its end
  resign           give up the game
  help             this text
  quit             leave (end of input leaves too)
";

/// Plays a game in the line mode, reading moves and commands from `input` and
/// writing the board, prompts and answers to `output`. The end of the input ends
/// the session, so it works through a pipe.
///
/// The prompt is `Army to move (turn 3)> `; the computer's moves are written as
/// `Computer plays: <move>`; at the end of a game the result and its reason are
/// written.
///
/// # Errors
/// When the record named in `options.load` cannot be loaded, or `output` cannot
/// be written. Bad input never fails: it is answered with a message.
pub fn run_plain<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    options: &PlayOptions,
) -> anyhow::Result<()> {
    let mut session = Session::new(options)?;
    let out = &mut output;
    let s = options.scenario.clone();
    let who = match session.opponent {
        Opponent::Hotseat => "Both sides are played at this keyboard".to_string(),
        Opponent::Computer { level } => format!(
            "You play the {} ({}) against the computer at level {level}",
            title(session.human),
            s.side_name(session.human)
        ),
    };
    writeln!(
        out,
        "battaglie: {} ({}). {who}. Type help for the commands, quit to leave.\n",
        s.name(),
        s.date()
    )?;
    write!(out, "{}", render_text(&session.game))?;
    let mut line = String::new();
    loop {
        if session.computer_to_move() {
            computer_move(&mut session, out)?;
            continue;
        }
        let pos = session.game.position();
        if session.game.is_over() {
            write!(out, "Game over> ")?;
        } else {
            let legal = session.game.legal_moves();
            if legal.len() == 1 && legal[0].is_pass() {
                writeln!(
                    out,
                    "The {} have no legal move: type pass.",
                    title(pos.side_to_move())
                )?;
            }
            write!(
                out,
                "{} to move (turn {})> ",
                title(pos.side_to_move()),
                pos.turn()
            )?;
        }
        out.flush()?;
        line.clear();
        let read = match input.read_line(&mut line) {
            Ok(n) => n,
            Err(e) => {
                writeln!(out, "\ncannot read the input: {e}")?;
                0
            }
        };
        if read == 0 {
            writeln!(out, "\nGoodbye.")?;
            break;
        }
        let text = line.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => write!(out, "{HELP}")?,
            "quit" | "exit" | "q" => {
                writeln!(out, "Goodbye.")?;
                break;
            }
            "board" | "show" | "b" => write!(out, "{}", render_text(&session.game))?,
            "moves" | "legal" => {
                let moves: Vec<String> = session
                    .game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                if moves.is_empty() {
                    writeln!(out, "No legal moves: the game is over.")?;
                } else {
                    writeln!(out, "{} legal moves:", moves.len())?;
                    writeln!(out, "{}", wrap(&moves, 78))?;
                }
            }
            "history" => {
                let moves: Vec<String> = session.game.moves().map(|m| m.to_string()).collect();
                if moves.is_empty() {
                    writeln!(out, "No moves yet.")?;
                } else {
                    writeln!(out, "{}", wrap(&moves, 78))?;
                }
            }
            "undo" | "u" => {
                let was_settled = session.game.settled().is_some();
                let undone = session.undo();
                if undone.is_empty() && !was_settled {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    if undone.is_empty() {
                        writeln!(out, "The game is open again.")?;
                    } else {
                        let list: Vec<String> = undone.iter().map(|m| m.to_string()).collect();
                        writeln!(out, "Took back: {}.", list.join(", "))?;
                    }
                    write!(out, "{}", render_text(&session.game))?;
                }
            }
            "redo" => {
                let done = session.redo();
                if done.is_empty() {
                    writeln!(out, "Nothing to redo.")?;
                } else {
                    let list: Vec<String> = done.iter().map(|m| m.to_string()).collect();
                    writeln!(out, "Played again: {}.", list.join(", "))?;
                    write!(out, "{}", render_text(&session.game))?;
                }
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "Say where: save FILE (FILE.json for JSON).")?;
                } else {
                    match session.save(Path::new(rest)) {
                        Ok(()) => writeln!(out, "Saved to {rest}.")?,
                        Err(e) => writeln!(out, "Error: {e:#}")?,
                    }
                }
            }
            "load" => {
                if rest.is_empty() {
                    writeln!(out, "Say which file: load FILE.")?;
                } else {
                    match session.load(Path::new(rest)) {
                        Ok(()) => {
                            writeln!(out, "Loaded {rest}: {} moves.", session.game.moves().len())?;
                            write!(out, "{}", render_text(&session.game))?;
                        }
                        Err(e) => writeln!(out, "Error: {e:#}")?,
                    }
                }
            }
            "resign" => {
                let side = session.game.position().side_to_move();
                match session.game.resign(side) {
                    Ok(()) => write!(out, "{}", render_text(&session.game))?,
                    Err(o) => writeln!(out, "Error: the game is already over ({o}).")?,
                }
            }
            _ => match session.play_text(text) {
                Ok(mv) => {
                    if session.computer_to_move() {
                        writeln!(out, "You play: {mv}")?;
                    } else {
                        writeln!(out, "Played: {mv}")?;
                        write!(out, "{}", render_text(&session.game))?;
                    }
                }
                Err(e) => writeln!(
                    out,
                    "Error: {e}. Type moves for the legal moves, help for help."
                )?,
            },
        }
    }
    out.flush()?;
    Ok(())
}

/// Lets the computer choose and play its move, and prints it and the board.
fn computer_move<W: Write>(session: &mut Session, out: &mut W) -> anyhow::Result<()> {
    let limits = Limits {
        level: session.level(),
        ..Default::default()
    };
    let stop = AtomicBool::new(false);
    match battaglie_ai::search(&session.game, &limits, &stop, |_| {}) {
        Some(result) => {
            session
                .play(&result.best)
                .map_err(|e| anyhow::anyhow!("the computer chose an illegal move: {e}"))?;
            writeln!(out, "Computer plays: {}", result.best)?;
            write!(out, "{}", render_text(&session.game))?;
        }
        None => anyhow::bail!("the computer found no move in a game that is not over"),
    }
    Ok(())
}

/// Joins words into lines of at most `width` characters.
fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out
}
