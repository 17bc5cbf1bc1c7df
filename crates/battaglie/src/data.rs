//! Where the binary keeps its files: the database, the endgame tables, the
//! autosaved game, the stars of the lessons.

use std::path::PathBuf;

/// The variable that names the data directory outright.
pub const ENV: &str = "BATTAGLIE_DATA_DIR";

/// The data directory: `BATTAGLIE_DATA_DIR`, else `battaglie` in the user's data
/// directory (`$XDG_DATA_HOME`, else `~/.local/share` on Linux; `Application
/// Support` on macOS; `%APPDATA%` on Windows), else the current directory.
pub fn dir() -> PathBuf {
    match std::env::var_os(ENV).filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => dirs::data_dir().map_or_else(|| PathBuf::from("."), |d| d.join("battaglie")),
    }
}

/// The file `battaglie play` keeps the game in progress in.
pub fn autosave() -> PathBuf {
    dir().join("autosave.txt")
}

/// The file `battaglie learn` keeps the stars won in.
pub fn learn_progress() -> PathBuf {
    dir().join("learn.txt")
}

/// The language of the lessons from the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the
/// first one set), English when it is none of theirs.
pub fn lang() -> battaglie_learn::Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .next()
        .and_then(|l| l.parse().ok())
        .unwrap_or(battaglie_learn::Lang::En)
}
