//! Games read back from JSON-lines record files (`battaglie match --out`), for the
//! tools that learn from them.

use std::path::PathBuf;

use anyhow::Context;
use battaglie_rules::record::Record;
use battaglie_rules::Game;

/// Every game of the record files, replayed by the rules; an unreadable file, record,
/// scenario or move is an error naming the file and line.
pub fn read_games(files: &[PathBuf]) -> anyhow::Result<Vec<Game>> {
    let mut games = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| {
            anyhow::anyhow!("cannot read {}", battaglie_rules::file_error(file, &e))
        })?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let at = || format!("{} line {}", file.display(), i + 1);
            let record = Record::read(line).with_context(at)?;
            let scenario = crate::scenarios::load(&record.scenario).with_context(at)?;
            games.push(record.replay(&scenario).with_context(at)?);
        }
    }
    Ok(games)
}
