//! Finding scenarios by id or path, and the `scenarios` listing.

use std::sync::Arc;

use anyhow::anyhow;
use battaglie_rules::record::Record;
use battaglie_rules::{file_error, Kind, Scenario, Side};

/// A built-in scenario by id, or a scenario file by path.
pub fn load(id_or_path: &str) -> anyhow::Result<Arc<Scenario>> {
    if let Some(s) = Scenario::builtin(id_or_path) {
        return Ok(s);
    }
    let looks_like_id = !id_or_path.contains(['/', '.', '\\']);
    let path = std::path::Path::new(id_or_path);
    let text = std::fs::read_to_string(path).map_err(|e| {
        if looks_like_id && e.kind() == std::io::ErrorKind::NotFound {
            anyhow!(
                "there is no built-in battle {id_or_path:?} (they are: {}) and no file of that name",
                builtin_ids().join(", ")
            )
        } else {
            anyhow!("cannot read the battle {}", file_error(path, &e))
        }
    })?;
    Scenario::from_toml(id_or_path, &text).map_err(|e| {
        // A saved game given where a battle goes: say how to go on with it.
        let record = Record::read(&text).or_else(|_| Record::from_json(&text));
        match record {
            Ok(r) => anyhow!(
                "{id_or_path} is a saved game (of the battle {}), not a battle: \
                 `battaglie play --load {id_or_path}` goes on with it",
                r.scenario
            ),
            Err(_) => e.into(),
        }
    })
}

fn builtin_ids() -> Vec<&'static str> {
    Scenario::builtins().iter().map(|s| s.id()).collect()
}

/// "12 Foot, 8 Mounted" for a side's forces at the start.
pub fn forces(s: &Scenario, side: Side) -> String {
    let counts = s.forces(side);
    let total: u32 = counts.iter().sum();
    let parts: Vec<String> = Kind::ALL
        .iter()
        .filter(|k| counts[k.index()] > 0)
        .map(|k| format!("{} {}", counts[k.index()], k.name()))
        .collect();
    format!("{total} ({})", parts.join(", "))
}

/// The `scenarios` table.
pub fn listing() -> String {
    let mut out = String::new();
    for s in Scenario::builtins() {
        out.push_str(&format!(
            "{:<12} {:<20} {}  {}x{}\n  {:<30} {}\n  {:<30} {}\n",
            s.id(),
            s.name(),
            s.date(),
            s.width(),
            s.height(),
            s.side_name(Side::Army),
            forces(s, Side::Army),
            s.side_name(Side::Indians),
            forces(s, Side::Indians),
        ));
    }
    out
}
