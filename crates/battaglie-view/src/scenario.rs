//! A built-in battle with everything a front end needs to draw and describe it
//! (`GET /api/scenarios`).

use std::collections::BTreeMap;
use std::sync::Arc;

use battaglie_rules::{Kind, KindSet, Position, Scenario, Side, Square};
use serde::Serialize;
use ts_rs::TS;

use crate::{stacks, KindCounts, Stack};

#[derive(Serialize, TS)]
#[ts(rename = "Scenario")]
pub struct ScenarioView {
    id: String,
    name: String,
    /// ISO date of the battle.
    date: String,
    width: u8,
    height: u8,
    /// The start position in BFEN.
    start: String,
    /// The start position's stacks, as the board draws them.
    stacks: Vec<Stack>,
    sides: SidesView,
    notes: NotesView,
    rules: RulesView,
    terrain: TerrainView,
}

#[derive(Serialize, TS)]
#[ts(rename = "Sides")]
struct SidesView {
    army: SideView,
    indians: SideView,
}

#[derive(Serialize, TS)]
#[ts(rename = "SideOfBattle")]
struct SideView {
    name: String,
    /// Pieces at the start by kind.
    forces: KindCounts,
}

#[derive(Serialize, TS)]
#[ts(rename = "Notes")]
struct NotesView {
    summary: String,
    history: String,
    sources: String,
}

#[derive(Serialize, TS)]
#[ts(rename = "Rules")]
struct RulesView {
    stack_limit: u8,
    quiet_limit: u32,
    /// For each attacking kind letter, the kind letters it eliminates.
    eliminates: BTreeMap<char, Vec<char>>,
}

#[derive(Serialize, TS)]
#[ts(rename = "Terrain")]
struct TerrainView {
    /// One string per rank, north first, one character per square west to east.
    rows: Vec<String>,
    kinds: Vec<TerrainKindView>,
}

#[derive(Serialize, TS)]
#[ts(rename = "TerrainKind")]
struct TerrainKindView {
    symbol: char,
    name: String,
    /// The kind letters that may enter.
    enter: Vec<char>,
}

fn letters(set: KindSet) -> Vec<char> {
    set.iter().map(Kind::char).collect()
}

fn side_view(s: &Scenario, side: Side) -> SideView {
    SideView {
        name: s.side_name(side).to_string(),
        forces: KindCounts::from_array(s.forces(side)),
    }
}

pub fn scenario_view(s: &Arc<Scenario>) -> ScenarioView {
    let rows = (0..s.height())
        .rev()
        .map(|rank| {
            (0..s.width())
                .map(|file| s.terrain(Square::new(file, rank)).map_or('.', |t| t.symbol))
                .collect()
        })
        .collect();
    let rules = s.rules();
    ScenarioView {
        id: s.id().to_string(),
        name: s.name().to_string(),
        date: s.date().to_string(),
        width: s.width(),
        height: s.height(),
        start: s.start().to_string(),
        stacks: stacks(&Position::start(s)),
        sides: SidesView {
            army: side_view(s, Side::Army),
            indians: side_view(s, Side::Indians),
        },
        notes: NotesView {
            summary: s.notes().summary.trim().to_string(),
            history: s.notes().history.trim().to_string(),
            sources: s.notes().sources.trim().to_string(),
        },
        rules: RulesView {
            stack_limit: rules.stack_limit(),
            quiet_limit: rules.quiet_limit(),
            eliminates: Kind::ALL
                .iter()
                .map(|&k| (k.char(), letters(rules.eliminates(k))))
                .collect(),
        },
        terrain: TerrainView {
            rows,
            kinds: s
                .terrain_kinds()
                .iter()
                .map(|t| TerrainKindView {
                    symbol: t.symbol,
                    name: t.name.clone(),
                    enter: letters(t.enter),
                })
                .collect(),
        },
    }
}
