//! The board as plain text, for the line mode: ASCII only, so that screen readers
//! and pipes get the same characters as the scenario files use.

use std::fmt::Write;

use battaglie_rules::{board_text, Charset, Game, Scenario, TerrainKind};

use crate::describe::stacks;
use crate::session::{describe_outcome, title};

/// The terrain kinds that occur on the map, each once.
pub(crate) fn kinds_on_map(s: &Scenario) -> Vec<&TerrainKind> {
    let mut kinds: Vec<&TerrainKind> = Vec::new();
    for t in s.terrain_kinds() {
        if s.squares().any(|sq| s.terrain(sq) == Some(t))
            && !kinds.iter().any(|k| k.symbol == t.symbol)
        {
            kinds.push(t);
        }
    }
    kinds
}

/// Who may enter a terrain kind, in words: ` (Foot only)`, or nothing when anyone may.
pub(crate) fn who_enters(t: &TerrainKind) -> String {
    if t.enter.0 == 0 {
        " (nobody may enter)".to_string()
    } else if t.is_restricted() {
        let names: Vec<&str> = t.enter.iter().map(|k| k.name()).collect();
        format!(" ({} only)", names.join(" and "))
    } else {
        String::new()
    }
}

/// The position of `game` as text: a heading, the board with the staging column,
/// file letters and rank numbers, every stack listed by side, and a legend.
pub fn render_text(game: &Game) -> String {
    let pos = game.position();
    let s = pos.scenario();
    let mut out = String::new();
    let _ = writeln!(out, "{} ({}), turn {}.", s.name(), s.date(), pos.turn());
    out.push_str(&board_text(pos, Charset::Ascii));
    for line in stacks(pos) {
        let _ = writeln!(out, "{line}");
    }
    let terrain: Vec<String> = kinds_on_map(s)
        .iter()
        .map(|t| format!("{} {}{}", t.symbol, t.name, who_enters(t)))
        .collect();
    let _ = writeln!(
        out,
        "Key: F Foot, M Mounted, V Vehicle; upper case Army, lower case Indians; @ staging. Terrain: {}.",
        terrain.join(", ")
    );
    match describe_outcome(game) {
        Some(result) => {
            let _ = writeln!(out, "Game over. {result}");
        }
        None => {
            let side = pos.side_to_move();
            let _ = writeln!(
                out,
                "{} ({}) to move.{}",
                title(side),
                s.side_name(side),
                match game.moves().last() {
                    Some(mv) => format!(" Last move: {mv}."),
                    None => String::new(),
                }
            );
        }
    }
    out
}
