//! What the line mode says: a move in a sentence, the result, the whole position,
//! the legal moves, paragraphs of text, each wrapped for a listener or a pipe.

use std::io::Write;

use battaglie_rules::Game;

use crate::describe::{last_move, stacks};
use crate::session::describe_outcome;

/// What is said after a move: the move in a sentence with what it eliminated, and
/// the result if it ended the game.
pub(crate) fn report<W: Write>(out: &mut W, game: &Game) -> std::io::Result<()> {
    if let Some(sentence) = last_move(game) {
        writeln!(out, "{sentence}")?;
    }
    say_result(out, game)
}

/// The result, when the game is over.
pub(crate) fn say_result<W: Write>(out: &mut W, game: &Game) -> std::io::Result<()> {
    match describe_outcome(game) {
        Some(end) => writeln!(out, "Game over. {end}"),
        None => Ok(()),
    }
}

/// Paragraphs wrapped at 78 columns, a blank line between them.
pub(crate) fn paragraphs<W: Write>(out: &mut W, paras: &[String]) -> std::io::Result<()> {
    for (i, para) in paras.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let words: Vec<String> = para.split_whitespace().map(str::to_string).collect();
        writeln!(out, "{}", wrap(&words, 78))?;
    }
    Ok(())
}

/// The legal moves, or those from the square `from` names.
pub(crate) fn legal_moves<W: Write>(out: &mut W, game: &Game, from: &str) -> std::io::Result<()> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return writeln!(out, "No legal moves: the game is over.");
    }
    let (moves, whence): (Vec<String>, String) = if from.is_empty() {
        (legal.iter().map(|m| m.to_string()).collect(), String::new())
    } else {
        let Ok(sq) = from.parse::<battaglie_rules::Square>() else {
            return writeln!(
                out,
                "{from} is not a square: moves SQUARE, as moves @8 or moves c4."
            );
        };
        let from_sq: Vec<String> = legal
            .iter()
            .filter(|m| m.from() == Some(sq))
            .map(|m| m.to_string())
            .collect();
        if from_sq.is_empty() {
            return writeln!(
                out,
                "No legal move from {sq}: it holds none of the pieces of the side to move, or they cannot move."
            );
        }
        (from_sq, format!(" from {sq}"))
    };
    let plural = if moves.len() == 1 { "" } else { "s" };
    writeln!(out, "{} legal move{plural}{whence}:", moves.len())?;
    writeln!(out, "{}", wrap(&moves, 78))
}

/// The stacks by square and, at the end, the result: the whole position, said at
/// the start, after a load or a new game, and on request.
pub(crate) fn stacks_and_result<W: Write>(out: &mut W, game: &Game) -> std::io::Result<()> {
    for line in stacks(game.position()) {
        writeln!(out, "{line}")?;
    }
    if let Some(end) = describe_outcome(game) {
        writeln!(out, "Game over. {end}")?;
    }
    Ok(())
}

/// Joins words into lines of at most `width` characters.
pub(crate) fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        // Columns, not bytes: "•" and "é" take one each.
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
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
