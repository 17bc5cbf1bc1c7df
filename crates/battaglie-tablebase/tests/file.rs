//! The file format: what is written reads back the same, and every damage is named.

mod common;

use battaglie_rules::Scenario;
use battaglie_tablebase::{FileError, Tablebase};

fn bytes() -> Vec<u8> {
    let mut out = Vec::new();
    common::tiny_table(3)
        .write(&mut out)
        .expect("writes to memory");
    out
}

#[test]
fn a_written_table_reads_back_with_every_value() {
    let scenario = common::tiny();
    let tb = common::tiny_table(3);
    let mut out = Vec::new();
    tb.write(&mut out).expect("writes");
    let back = Tablebase::read(&mut out.as_slice(), &scenario).expect("reads");
    assert_eq!(back.materials(), tb.materials());
    for m in tb.materials() {
        assert_eq!(back.counts(m), tb.counts(m), "{m}");
    }
    for pos in common::positions(&scenario, 3, 2) {
        assert_eq!(back.probe(&pos), tb.probe(&pos), "{}", pos.bfen());
    }
}

#[test]
fn a_damaged_byte_fails_the_checksum() {
    let mut b = bytes();
    let mid = b.len() / 2;
    b[mid] ^= 0x40;
    let err = Tablebase::read(&mut b.as_slice(), &common::tiny()).unwrap_err();
    assert!(matches!(err, FileError::Checksum { .. }), "{err}");
}

#[test]
fn a_truncated_file_is_refused() {
    let b = bytes();
    let err = Tablebase::read(&mut &b[..b.len() - 10], &common::tiny()).unwrap_err();
    assert!(matches!(err, FileError::Checksum { .. }), "{err}");
    let err = Tablebase::read(&mut &b[..9], &common::tiny()).unwrap_err();
    assert!(matches!(err, FileError::Truncated(_)), "{err}");
}

#[test]
fn another_file_is_not_a_tablebase() {
    let err = Tablebase::read(&mut b"id = \"tiny\"\n".as_slice(), &common::tiny()).unwrap_err();
    assert!(matches!(err, FileError::NotATablebase), "{err}");
}

#[test]
fn a_newer_format_names_its_version() {
    let mut b = bytes();
    b[8] = 9;
    let err = Tablebase::read(&mut b.as_slice(), &common::tiny()).unwrap_err();
    assert!(matches!(err, FileError::Version(9)), "{err}");
}

#[test]
fn a_table_of_another_scenario_or_other_rules_is_refused() {
    let b = bytes();
    let washita = Scenario::builtin("washita").expect("built in");
    let err = Tablebase::read(&mut b.as_slice(), &washita).unwrap_err();
    assert!(matches!(err, FileError::OtherScenario { .. }), "{err}");
    let changed = Scenario::from_toml(
        "tiny.toml",
        &common::TINY.replace("quiet_limit = 8", "quiet_limit = 9"),
    )
    .expect("reads");
    let err = Tablebase::read(&mut b.as_slice(), &changed).unwrap_err();
    assert!(matches!(err, FileError::OtherRules(_)), "{err}");
}
