//! `show`: a position as a Unicode board with terrain and a legend.

use std::fmt::Write;

use battaglie_rules::{Game, Position, Side, Square, TerrainKind};

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
    const CELL: usize = 5;
    let header: String = (0..s.width())
        .map(|f| format!("{:^CELL$}", (b'a' + f) as char))
        .collect();
    let _ = writeln!(out, "    {:^CELL$}  {header}", "@");
    let rule = "─".repeat(CELL * s.width() as usize);
    let _ = writeln!(out, "    {:CELL$} ┌{rule}┐", "");
    // Two lines a rank: the stacks, then the terrain under them, so that a stack's
    // letters never run into a terrain glyph (the rules crate's one-line board puts
    // the glyph right after them).
    for r in (0..s.height()).rev() {
        let staging = match pos.stack(Square::staging(r)) {
            Some((side, p)) => p.label(side, 4),
            None => String::new(),
        };
        let _ = write!(out, "{:>3} {staging:>CELL$} │", r + 1);
        for f in 0..s.width() {
            let label = match pos.stack(Square::new(f, r)) {
                Some((side, p)) => p.label(side, 4),
                None => String::new(),
            };
            let _ = write!(out, "{label:^CELL$}");
        }
        let _ = writeln!(out, "│ {}", r + 1);
        let _ = write!(out, "    {:CELL$} │", "");
        for f in 0..s.width() {
            let g = s.terrain(Square::new(f, r)).map_or('?', TerrainKind::glyph);
            let _ = write!(out, "{:^CELL$}", g);
        }
        let _ = writeln!(out, "│");
    }
    let _ = writeln!(out, "    {:CELL$} └{rule}┘", "");
    let _ = writeln!(out, "    {:^CELL$}  {header}\n", "@");
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
