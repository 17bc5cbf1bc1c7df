//! What just happened, in words: the last move, the eliminations it made, the
//! stacks on the board, the computer's winning chance. Shared by the full-screen interface and the line mode.

use battaglie_ai::{Info, Limits, Score};
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

/// The computer's evaluation of a position for a player: the side it favours,
/// that side's winning chance (the expected result, a draw counting half; see
/// [`battaglie_ai::win_chance`]), the score behind it from that side's view, and
/// how far the search looked. The same numbers as `battaglie analyze` and the
/// protocol's `score` and `winchance` give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Evaluation {
    pub(crate) favoured: Side,
    /// From 0.5 to 1.
    pub(crate) chance: f64,
    pub(crate) score: Score,
    /// In moves.
    pub(crate) depth: u32,
}

/// The computer's evaluation of `root` after a search that says `info`.
pub(crate) fn evaluation(root: &Position, info: &Info) -> Evaluation {
    // The computer searches with the default weights, for the side to move.
    let score = battaglie_ai::report_score(root, &Limits::default(), info);
    let mover = root.side_to_move();
    let chance = battaglie_ai::win_chance(root.scenario(), mover, score);
    let (favoured, chance, score) = if chance >= 0.5 {
        (mover, chance, score)
    } else {
        let flipped = match score {
            Score::Value(v) => Score::Value(-v),
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
        };
        (!mover, 1.0 - chance, flipped)
    };
    Evaluation {
        favoured,
        chance,
        score,
        depth: info.depth,
    }
}

impl Evaluation {
    /// In words, three lines: the favoured side's winning chance (`Indians
    /// 78%`), the score behind it with its unit (`+2046 centi-pieces`, or `wins
    /// in 3 moves`), and how far the search looked (`looked 4 moves ahead`).
    pub(crate) fn lines(&self) -> [String; 3] {
        let moves = |n: u32| format!("{n} move{}", if n == 1 { "" } else { "s" });
        let detail = match self.score {
            Score::Value(v) => format!("{v:+} centi-pieces"),
            Score::Win(n) => format!("wins in {}", moves(n)),
            Score::Loss(n) => format!("loses in {}", moves(n)),
        };
        [
            format!(
                "{} {}%",
                title(self.favoured),
                (self.chance * 100.0).round()
            ),
            detail,
            format!("looked {} ahead", moves(self.depth)),
        ]
    }
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
