//! `GET /api/scenarios` and `GET /api/scenarios/{id}`: the built-in battles, with
//! everything a front end needs to draw and describe them.

use axum::extract::Path;
use axum::routing::get;
use axum::{Json, Router};
use battaglie_rules::{Kind, KindSet, Scenario, Side, Square};
use serde::Serialize;

use super::{Error, ErrorCode};
use crate::game::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/scenarios", get(list))
        .route("/scenarios/{id}", get(one))
}

#[derive(Serialize)]
pub(crate) struct ScenarioView {
    id: String,
    name: String,
    date: String,
    width: u8,
    height: u8,
    start: String,
    sides: SidesView,
    notes: NotesView,
    rules: RulesView,
    terrain: TerrainView,
}

#[derive(Serialize)]
struct SidesView {
    army: SideView,
    indians: SideView,
}

#[derive(Serialize)]
struct SideView {
    name: String,
    /// Pieces at the start by kind letter.
    forces: Forces,
}

#[derive(Serialize)]
#[allow(non_snake_case)]
struct Forces {
    F: u32,
    M: u32,
    V: u32,
}

#[derive(Serialize)]
struct NotesView {
    summary: String,
    history: String,
    sources: String,
}

#[derive(Serialize)]
struct RulesView {
    stack_limit: u8,
    quiet_limit: u32,
    /// For each attacking kind letter, the kind letters it eliminates.
    eliminates: std::collections::BTreeMap<char, Vec<char>>,
}

#[derive(Serialize)]
struct TerrainView {
    /// One string per rank, north first, one character per square west to east.
    rows: Vec<String>,
    kinds: Vec<TerrainKindView>,
}

#[derive(Serialize)]
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
    let f = s.forces(side);
    SideView {
        name: s.side_name(side).to_string(),
        forces: Forces {
            F: f[Kind::Foot.index()],
            M: f[Kind::Mounted.index()],
            V: f[Kind::Vehicle.index()],
        },
    }
}

pub(crate) fn view(s: &Scenario) -> ScenarioView {
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

async fn list() -> Json<Vec<ScenarioView>> {
    Json(Scenario::builtins().iter().map(|s| view(s)).collect())
}

async fn one(Path(id): Path<String>) -> Result<Json<ScenarioView>, Error> {
    Scenario::builtin(&id)
        .map(|s| Json(view(&s)))
        .ok_or_else(|| {
            Error::not_found(format!("no scenario {id:?}"))
                .code(ErrorCode::UnknownScenario, serde_json::json!({ "id": id }))
        })
}
