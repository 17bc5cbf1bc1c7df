//! Scenario files: any text loads or is refused without a panic; a scenario that
//! loads has a start position whose BFEN reads back, and consistent moves.

#![no_main]

use battaglie_rules::{Position, Scenario};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(s) = Scenario::from_toml("fuzz.toml", &text) else {
        return;
    };
    let start = Position::start(&s);
    let printed = start.to_string();
    let again = Position::from_bfen(&s, &printed)
        .unwrap_or_else(|e| panic!("start {printed:?} does not read back: {e}"));
    assert_eq!(again, start);
    assert_eq!(again.to_string(), printed);
    assert_eq!(start.hash(), start.compute_hash());
    assert_eq!(
        start.bfen(),
        *s.start(),
        "the start as read and as placed differ"
    );
    let legal = start.legal_moves();
    assert_eq!(start.count_moves(), legal.len() as u64, "{printed}");
    for mv in &legal {
        assert_eq!(start.parse_move(&mv.to_string()).ok(), Some(*mv), "{mv}");
    }
});
