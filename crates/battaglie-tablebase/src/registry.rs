//! Where programs find the tables: one file per scenario, `<scenario id>.btb`, in a
//! directory chosen by the program ([`use_dir`]) or by the environment variable
//! `BATTAGLIE_TABLEBASES`. Each scenario's file is read once, when first asked for,
//! and kept for the life of the process.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use battaglie_rules::Scenario;

use crate::format::FileError;
use crate::tablebase::Tablebase;

/// The environment variable naming the tables' directory.
pub const ENV: &str = "BATTAGLIE_TABLEBASES";

struct Registry {
    dir: Option<PathBuf>,
    /// What each scenario id gave: a table, or nothing (no file, or a bad one).
    loaded: HashMap<String, Option<&'static Tablebase>>,
}

fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        Mutex::new(Registry {
            dir: std::env::var_os(ENV).map(PathBuf::from),
            loaded: HashMap::new(),
        })
    })
}

/// The file name of a scenario's table.
pub fn file_name(scenario_id: &str) -> String {
    format!("{scenario_id}.btb")
}

/// Makes `dir` the place tables are looked for, unless `BATTAGLIE_TABLEBASES` names
/// another (the environment wins, so that a user can point any program elsewhere).
pub fn use_dir(dir: &Path) {
    let mut r = registry().lock().unwrap_or_else(|e| e.into_inner());
    if std::env::var_os(ENV).is_none() {
        r.dir = Some(dir.to_path_buf());
        r.loaded.clear();
    }
}

/// Makes `tb` the table of its scenario for this process (tests and tools that built
/// one in memory).
pub fn install(tb: Tablebase) {
    let mut r = registry().lock().unwrap_or_else(|e| e.into_inner());
    let id = tb.scenario_id().to_string();
    r.loaded.insert(id, Some(Box::leak(Box::new(tb))));
}

/// The table of `scenario`, read from the directory on first use: `Ok(None)` when no
/// directory is set or it has no file for the scenario.
///
/// # Errors
/// The first time a file is found but cannot be used (damaged, another version,
/// built for other rules): later calls answer `Ok(None)`.
pub fn find(scenario: &Scenario) -> Result<Option<&'static Tablebase>, FileError> {
    let mut r = registry().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = r.loaded.get(scenario.id()) {
        return Ok(found.filter(|tb| tb.fits(scenario)));
    }
    let Some(path) = r.dir.as_ref().map(|d| d.join(file_name(scenario.id()))) else {
        return Ok(None);
    };
    if !path.exists() {
        r.loaded.insert(scenario.id().to_string(), None);
        return Ok(None);
    }
    let result = Tablebase::load(&path, scenario);
    let table = result
        .as_ref()
        .ok()
        .map(|tb| &*Box::leak(Box::new(tb.clone())));
    r.loaded.insert(scenario.id().to_string(), table);
    result.map(|_| table)
}

/// The table of `scenario` when one is installed and usable: what searches and
/// players consult. A file that cannot be used counts as none; [`find`] says why.
pub fn installed(scenario: &Scenario) -> Option<&'static Tablebase> {
    find(scenario).ok().flatten()
}
