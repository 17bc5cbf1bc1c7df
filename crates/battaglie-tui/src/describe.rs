//! What just happened, in words: the last move, the eliminations it made, the
//! stacks on the board, the computer's winning chance. Shared by the full-screen interface and the line mode.

use battaglie_ai::Score;
use battaglie_rules::{Game, Kind, Pieces, Position, Side};

use crate::session::title;

/// Pieces in words: `3 Mounted`, `2 Foot and 1 Mounted`, `1 Vehicle`.
pub(crate) fn pieces_in_words(p: Pieces) -> String {
    let parts: Vec<String> = Kind::ALL
        .into_iter()
        .filter(|k| p.count(*k) > 0)
        .map(|k| {
            let n = p.count(k);
            let name = match (k, n) {
                (Kind::Vehicle, n) if n > 1 => "Vehicles",
                (k, _) => k.name(),
            };
            format!("{n} {name}")
        })
        .collect();
    match parts.len() {
        0 => "nothing".to_string(),
        1 => parts[0].clone(),
        _ => {
            let (last, rest) = parts.split_last().expect("two parts or more");
            format!("{} and {last}", rest.join(", "))
        }
    }
}

/// `the Army loses` / `the Indians lose`: the verb agrees with the side's title.
fn loses(side: Side) -> String {
    match side {
        Side::Army => "the Army loses".to_string(),
        Side::Indians => "the Indians lose".to_string(),
    }
}

/// The eliminations the last move of `game` made, one sentence each:
/// `the Indians lose 3 Mounted on c4`.
pub(crate) fn eliminations(game: &Game) -> Vec<String> {
    let Some(mv) = game.moves().last().copied() else {
        return Vec::new();
    };
    let mut before = game.clone();
    if before.undo().is_none() {
        return Vec::new();
    }
    let pos = before.position();
    mv.groups()
        .filter(|g| g.capture)
        .filter_map(|g| {
            pos.stack(g.to)
                .map(|(side, p)| format!("{} {} on {}", loses(side), pieces_in_words(p), g.to))
        })
        .collect()
}

/// What the last move of `game` eliminated, as the end of a sentence about it:
/// `: the Indians lose 1 Foot on d3 (25 left)`, or nothing.
pub(crate) fn eliminated(game: &Game) -> String {
    let gone = eliminations(game);
    if gone.is_empty() {
        return String::new();
    }
    let victim = game.position().side_to_move();
    format!(
        ": {} ({} left)",
        gone.join("; "),
        game.position().piece_count(victim)
    )
}

/// A chance as a whole per cent, never 0 or 100 unless it is certain (a forced
/// result), as the web page writes it.
pub(crate) fn percent(chance: f64) -> u32 {
    match (chance * 100.0).round() as u32 {
        0 if chance > 0.0 => 1,
        100 if chance < 1.0 => 99,
        p => p,
    }
}

fn moves(n: u32) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The computer's evaluation of a position for a player: the side it favours,
/// that side's winning chance (the expected result, a draw counting half; the
/// same at every level), the outlook's score behind it from that side's view, and
/// how far the computer's own search looked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Evaluation {
    pub(crate) favoured: Side,
    /// From 0.5 to 1.
    pub(crate) chance: f64,
    pub(crate) score: Score,
    /// In moves.
    pub(crate) depth: u32,
}

/// The computer's evaluation of `root` from `score`, the outlook's score of
/// `root` for its side to move ([`battaglie_ai::outlook`], recorded by the
/// computer's sport), after a search `depth` moves deep.
pub(crate) fn evaluation(root: &Position, score: Score, depth: u32) -> Evaluation {
    let mover = root.side_to_move();
    let chance = battaglie_ai::win_chance(root.scenario(), mover, score);
    let (favoured, chance, score) = if chance >= 0.5 {
        (mover, chance, score)
    } else {
        (!mover, 1.0 - chance, score.flipped())
    };
    Evaluation {
        favoured,
        chance,
        score,
        depth,
    }
}

impl Evaluation {
    /// In words: the favoured side's winning chance (`Indians 78%`), a forced
    /// result when the search found one (`wins in 3 moves`), and how far the
    /// computer's own search looked (`looked 4 moves ahead`).
    pub(crate) fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{} {}%",
            title(self.favoured),
            percent(self.chance)
        )];
        match self.score {
            Score::Win(n) => lines.push(format!("wins in {}", moves(n))),
            Score::Loss(n) => lines.push(format!("loses in {}", moves(n))),
            Score::Value(_) => {}
        }
        lines.push(looked(self.depth));
        lines
    }
}

/// How far a search looked, in a player's words.
pub(crate) fn looked(depth: u32) -> String {
    format!("looked {} ahead", moves(depth))
}

/// Where the last move of `game` stands among the turns, as the history numbers
/// them: `turn 2, the Army's move` (a turn is the Army's move and the Indians' reply).
pub(crate) fn turn_of_last_move(game: &Game) -> Option<String> {
    let (ply, _) = game.numbered_moves().last()?;
    Some(format!("turn {}, {} move", ply.turn, possessive(ply.side)))
}

/// `the Army's` / `the Indians'`.
pub(crate) fn possessive(side: Side) -> &'static str {
    match side {
        Side::Army => "the Army's",
        Side::Indians => "the Indians'",
    }
}

/// The last move of `game` in a sentence, with who played it and what it
/// eliminated: `Army c3:FF-c4,Mxd3: the Indians lose 1 Foot on d3 (25 left).`
pub(crate) fn last_move(game: &Game) -> Option<String> {
    let mv = game.moves().last()?;
    let mover = !game.position().side_to_move();
    let mut text = if mv.is_pass() {
        format!("The {} passed", title(mover))
    } else {
        format!("The {} played {mv}", title(mover))
    };
    text.push_str(&eliminated(game));
    text.push('.');
    Some(text)
}

/// Every stack by square, side by side, for a listener: `Army (16 pieces): @8 MMM,
/// @7 MMM. Indians (26 pieces): l8 fmm (ridge), ...`.
pub(crate) fn stacks(pos: &Position) -> Vec<String> {
    let s = pos.scenario();
    Side::ALL
        .into_iter()
        .map(|side| {
            let list: Vec<String> = s
                .squares()
                .filter_map(|sq| match pos.stack(sq) {
                    Some((owner, p)) if owner == side => Some(format!(
                        "{sq} {}{}",
                        p.label(side, 15),
                        match s.terrain(sq) {
                            Some(t) if t.name != "open" => format!(" ({})", t.name),
                            _ => String::new(),
                        }
                    )),
                    _ => None,
                })
                .collect();
            let n = pos.piece_count(side);
            format!(
                "{} ({}, {n} piece{}): {}.",
                title(side),
                s.side_name(side),
                if n == 1 { "" } else { "s" },
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(", ")
                }
            )
        })
        .collect()
}

/// The moves of `game` numbered by turn, as records number them: `1. @6:FMM-a6`,
/// `1... l8:F-k8`.
pub(crate) fn numbered_moves(game: &Game) -> Vec<String> {
    game.numbered_moves()
        .map(|(ply, mv)| format!("{:>5} {mv}", ply.to_string()))
        .collect()
}
