//! Finding scenarios by id or path, and the `scenarios` listing.

use std::sync::Arc;

use anyhow::Context;
use battaglie_rules::{Kind, Scenario, Side};

/// A built-in scenario by id, or a scenario file by path.
pub fn load(id_or_path: &str) -> anyhow::Result<Arc<Scenario>> {
    if let Some(s) = Scenario::builtin(id_or_path) {
        return Ok(s);
    }
    let looks_like_id = !id_or_path.contains(['/', '.', '\\']);
    let text = std::fs::read_to_string(id_or_path).with_context(|| {
        if looks_like_id {
            format!(
                "no built-in scenario {id_or_path:?} (built-ins: {}) and no such file",
                builtin_ids().join(", ")
            )
        } else {
            format!("cannot read scenario file {id_or_path}")
        }
    })?;
    Ok(Scenario::from_toml(id_or_path, &text)?)
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
