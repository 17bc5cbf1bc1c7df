//! `show`: a position as a Unicode board with terrain and a legend.

use std::fmt::Write;

use battaglie_rules::{board_text, Charset, Game, Position, Side, TerrainKind};

/// Draws the board, a status line and the legend.
pub fn render(game: &Game) -> String {
    let pos: &Position = game.position();
    let s = pos.scenario();
    let mut out = String::new();
    let status = match game.outcome() {
        Some(o) => format!("game over: {o}"),
        None => format!(
            "{} ({}) to move",
            s.side_name(pos.side_to_move()),
            pos.side_to_move().word()
        ),
    };
    let _ = writeln!(
        out,
        "{} ({}), turn {}, {} plies without elimination\n{status}\n",
        s.name(),
        s.date(),
        pos.turn(),
        pos.quiet()
    );
    out.push_str(&board_text(pos, Charset::Unicode));
    out.push('\n');

    let _ = writeln!(
        out,
        "Pieces: F Foot, M Mounted, V Vehicle; UPPER case = {} (Army), lower case = {} (Indians).",
        s.side_name(Side::Army),
        s.side_name(Side::Indians)
    );
    let _ = writeln!(
        out,
        "@ = the staging squares west of the map (Army only; they step east onto file a)."
    );
    let mut kinds: Vec<&TerrainKind> = s
        .terrain_kinds()
        .iter()
        .filter(|t| s.squares().any(|sq| s.terrain(sq) == Some(*t)))
        .collect();
    kinds.dedup_by_key(|t| t.symbol);
    let terrain: Vec<String> = kinds
        .iter()
        .map(|t| {
            let who = if t.enter.0 == 0 {
                " (nobody may enter)".to_string()
            } else if t.is_restricted() {
                format!(" ({} only)", t.enter)
            } else {
                String::new()
            };
            format!("{} {}{who}", t.glyph(), t.name)
        })
        .collect();
    let _ = writeln!(out, "Terrain: {}.", terrain.join(", "));
    let _ = writeln!(out, "BFEN: {pos}");
    out
}
