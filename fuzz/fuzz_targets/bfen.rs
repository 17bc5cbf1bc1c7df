//! BFEN read against the c-rules conformance scenario: what reads prints back
//! canonically, reads again to the same position, and hashes consistently.

#![no_main]

use std::sync::{Arc, OnceLock};

use battaglie_rules::{Bfen, Position, Scenario};
use libfuzzer_sys::fuzz_target;

fn scenario() -> &'static Arc<Scenario> {
    static S: OnceLock<Arc<Scenario>> = OnceLock::new();
    S.get_or_init(|| {
        Scenario::from_toml(
            "c-rules.toml",
            include_str!("../../crates/battaglie-rules/tests/conformance/c-rules.toml"),
        )
        .expect("the conformance scenario loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);

    // The syntax alone, without a scenario.
    if let Ok(bfen) = text.parse::<Bfen>() {
        let printed = bfen.to_string();
        let again: Bfen = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again, bfen, "{printed:?}");
        assert_eq!(again.to_string(), printed);
    }

    // Against the scenario's map and rules.
    let s = scenario();
    let Ok(pos) = Position::from_bfen(s, &text) else {
        return;
    };
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}");
    let printed = pos.to_string();
    let again = Position::from_bfen(s, &printed)
        .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
    assert_eq!(again, pos);
    assert_eq!(again.to_string(), printed);
    assert_eq!(again.hash(), pos.hash());

    // The position's moves are consistent with it.
    let legal = pos.legal_moves();
    assert_eq!(pos.count_moves(), legal.len() as u64, "{printed}");
    assert_eq!(legal.is_empty(), pos.outcome().is_some(), "{printed}");
    let mut work = pos.clone();
    for mv in &legal {
        let undo = work.play_unchecked(mv);
        assert_eq!(work.hash(), work.compute_hash(), "{mv} in {printed}");
        let after = work.to_string();
        assert!(
            Position::from_bfen(s, &after).is_ok(),
            "{mv} in {printed} gives the invalid {after}"
        );
        work.undo(mv, undo);
        assert_eq!(work, pos, "{mv} in {printed}");
        assert_eq!(work.hash(), pos.hash());
    }
});
