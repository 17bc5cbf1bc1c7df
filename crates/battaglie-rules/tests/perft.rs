//! Perft counts of the three battles, from their start positions and from
//! positions reached in seeded random games (`tests/perft/battles.txt`, made by
//! `scripts/perft-data.py`, which checks each count both ways before writing it).

use battaglie_rules::{perft, perft_played, Position, Scenario};

#[test]
fn battle_perft_counts_match_the_recorded_data() {
    let data = include_str!("perft/battles.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" ; ").collect();
        let scenario = Scenario::builtin(f[0]).unwrap_or_else(|| panic!("no scenario {}", f[0]));
        let mut pos = Position::from_bfen(&scenario, f[1]).unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let expected: u64 = f[3].parse().unwrap();
        assert_eq!(perft(&mut pos, depth), expected, "{line}");
        if expected < 2_000_000 {
            assert_eq!(perft_played(&mut pos, depth), expected, "played: {line}");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} perft lines");
}

#[test]
fn battle_start_positions_are_the_scenario_starts() {
    let data = include_str!("perft/battles.txt");
    for s in Scenario::builtins() {
        let start = Position::start(s).to_string();
        let line = format!("{} ; {start} ; 1 ;", s.id());
        assert!(
            data.contains(&line),
            "battles.txt has no perft of {}'s start {start}: regenerate it",
            s.id()
        );
    }
}
