//! A tiny battle whose tables build in a moment, and every position of it.
#![allow(dead_code)]

use std::sync::Arc;

use battaglie_rules::{Kind, Position, Scenario, Side};
use battaglie_tablebase::{Material, Tablebase};

/// 3 by 3 round a house (Foot only), with rocks (Foot only) in a corner, stacks of 2,
/// a quiet limit of 8 plies.
pub const TINY: &str = r#"
id = "tiny"
name = "Tiny"
date = "1977-01-01"
width = 3
height = 3
start = "M|2f/|3/|3 A 0 1"
[sides.army]
name = "Army"
[sides.indians]
name = "Indians"
[rules]
quiet_limit = 8
stack_limit = 2
[terrain]
rows = ["...", ".H.", "..^"]
[terrain.kinds]
"^" = { name = "rocks", enter = ["F"] }
"#;

pub fn tiny() -> Arc<Scenario> {
    Scenario::from_toml("tiny.toml", TINY).expect("the tiny scenario reads")
}

pub fn tiny_table(max: u8) -> Tablebase {
    Tablebase::build(&tiny(), max, |_| {}).expect("builds")
}

/// Every position of `scenario` with 2 to `max` pieces at quiet counter `quiet`, Army
/// to move and Indians to move (like pieces in every order: some come more than once).
pub fn positions(scenario: &Arc<Scenario>, max: u8, quiet: u32) -> Vec<Position> {
    let (w, h) = (scenario.width() as usize, scenario.height() as usize);
    let mut out = Vec::new();
    for m in Material::up_to(max) {
        let mut pieces = Vec::new();
        for side in Side::ALL {
            for kind in Kind::ALL {
                for _ in 0..m.count(side, kind) {
                    pieces.push((side, kind));
                }
            }
        }
        // Square w*h + r is the staging square of rank r.
        let army_squares = w * h + h;
        let mut at = vec![0usize; pieces.len()];
        'all: loop {
            let ok = pieces
                .iter()
                .zip(&at)
                .all(|(&(side, _), &sq)| side == Side::Army || sq < w * h);
            if ok {
                if let Some(text) = placement(w, h, &pieces, &at) {
                    for side in ['A', 'I'] {
                        let bfen = format!("{text} {side} {quiet} 1");
                        if let Ok(p) = Position::from_bfen(scenario, &bfen) {
                            out.push(p);
                        }
                    }
                }
            }
            for a in at.iter_mut() {
                *a += 1;
                if *a < army_squares {
                    continue 'all;
                }
                *a = 0;
            }
            break;
        }
    }
    out
}

fn placement(w: usize, h: usize, pieces: &[(Side, Kind)], at: &[usize]) -> Option<String> {
    let mut cells: Vec<Vec<(Side, Kind)>> = vec![Vec::new(); w * h + h];
    for (&p, &sq) in pieces.iter().zip(at) {
        cells[sq].push(p);
    }
    let text = |cell: &mut Vec<(Side, Kind)>| -> Option<String> {
        if cell.iter().any(|&(s, _)| s != cell[0].0) {
            return None;
        }
        cell.sort();
        Some(
            cell.iter()
                .map(|&(s, k)| {
                    let c = k.char();
                    if s == Side::Army {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
                .collect(),
        )
    };
    let mut ranks = Vec::new();
    for r in (0..h).rev() {
        let mut rank = if cells[w * h + r].is_empty() {
            String::new()
        } else {
            text(&mut cells[w * h + r])?
        };
        rank.push('|');
        let mut empty = 0;
        for f in 0..w {
            let cell = &mut cells[r * w + f];
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                rank += &empty.to_string();
                empty = 0;
            }
            let s = text(cell)?;
            if s.len() > 1 {
                rank += &format!("({s})");
            } else {
                rank += &s;
            }
        }
        if empty > 0 {
            rank += &empty.to_string();
        }
        ranks.push(rank);
    }
    Some(ranks.join("/"))
}
