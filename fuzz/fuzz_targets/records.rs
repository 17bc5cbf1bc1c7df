//! Game records in both forms: what reads writes back to an equal record, and
//! replaying it against the conformance scenarios never panics.

#![no_main]

use std::sync::{Arc, OnceLock};

use battaglie_rules::record::Record;
use battaglie_rules::Scenario;
use libfuzzer_sys::fuzz_target;

fn scenarios() -> &'static [Arc<Scenario>] {
    static S: OnceLock<Vec<Arc<Scenario>>> = OnceLock::new();
    S.get_or_init(|| {
        [
            include_str!("../../crates/battaglie-rules/tests/conformance/c-small.toml"),
            include_str!("../../crates/battaglie-rules/tests/conformance/c-rules.toml"),
            include_str!("../../crates/battaglie-rules/tests/conformance/c-pass.toml"),
            include_str!("../../crates/battaglie-rules/tests/conformance/c-deadlock.toml"),
        ]
        .iter()
        .map(|t| Scenario::from_toml("conformance", t).expect("scenario"))
        .collect()
    })
}

fn replay(record: &Record) {
    let Some(s) = scenarios().iter().find(|s| s.id() == record.scenario) else {
        return;
    };
    if let Ok(game) = record.replay(s) {
        // A record that replays is written back with the same moves and result.
        let again = Record::from_game(&game, &record.army, &record.indians, record.date.as_deref());
        assert_eq!(again.moves.len(), record.moves.len());
        assert_eq!(again.result, record.result);
        assert_eq!(again.reason, record.reason);
        let replayed = again.replay(s).expect("a written record replays");
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.outcome(), game.outcome());
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = Record::from_json(&text) {
        let json = record.to_json();
        let again =
            Record::from_json(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
        assert_eq!(again, record);
        replay(&record);
    }
    if let Ok(record) = text.parse::<Record>() {
        let written = record.to_string();
        let again: Record = written
            .parse()
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(again, record, "{written:?}");
        replay(&record);
    }
});
