//! The conformance data of the specification (perft counts, legal-move lists,
//! whole games and statuses computed by a reference implementation), one driver
//! per file.

use std::collections::HashMap;
use std::sync::Arc;

use battaglie_rules::{perft, perft_played, Game, Position, Scenario};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");

fn scenario(cache: &mut HashMap<String, Arc<Scenario>>, file: &str) -> Arc<Scenario> {
    cache
        .entry(file.to_string())
        .or_insert_with(|| {
            let text = std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
            Scenario::from_toml(file, &text).unwrap_or_else(|e| panic!("{e}"))
        })
        .clone()
}

/// The data lines of a conformance file, split on ` ; `.
fn lines(name: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(format!("{DIR}/{name}"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(" ; ").map(|f| f.trim().to_string()).collect())
        .collect()
}

fn status_word(game: &Game) -> String {
    game.outcome()
        .map(|o| o.to_string())
        .unwrap_or_else(|| "ongoing".into())
}

#[test]
fn perft_counts_match_the_reference_counting_and_playing_every_move() {
    let mut cache = HashMap::new();
    let data = lines("perft.txt");
    assert!(data.len() >= 50);
    for f in data {
        let s = scenario(&mut cache, &f[0]);
        let depth: u32 = f[2].parse().unwrap();
        let expected: u64 = f[3].parse().unwrap();
        let mut pos = Position::from_bfen(&s, &f[1]).unwrap();
        assert_eq!(
            perft(&mut pos, depth),
            expected,
            "{} {} depth {depth}",
            f[0],
            f[1]
        );
        assert_eq!(
            perft_played(&mut pos, depth),
            expected,
            "played: {} {} depth {depth}",
            f[0],
            f[1]
        );
        assert_eq!(
            pos.to_string(),
            f[1],
            "perft must leave the position as it was"
        );
    }
}

#[test]
fn legal_move_lists_match_the_reference_in_canonical_notation() {
    let mut cache = HashMap::new();
    for f in lines("legal.txt") {
        let s = scenario(&mut cache, &f[0]);
        let pos = Position::from_bfen(&s, &f[1]).unwrap();
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        let expected = if f[2] == "-" {
            String::new()
        } else {
            f[2].clone()
        };
        assert_eq!(ours.join(" "), expected, "{} {}", f[0], f[1]);
        for text in &ours {
            assert_eq!(pos.parse_move(text).unwrap().to_string(), *text);
        }
    }
}

#[test]
fn whole_games_end_with_the_reference_status_and_bfen() {
    let mut cache = HashMap::new();
    let data = lines("games.txt");
    assert!(!data.is_empty());
    for f in data {
        let s = scenario(&mut cache, &f[0]);
        let mut game = Game::new(Position::start(&s));
        for text in f[1].split_whitespace() {
            assert!(!game.is_over(), "game over before {text}");
            game.play_text(text)
                .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        }
        assert_eq!(status_word(&game), f[2], "{}: {}", f[0], f[1]);
        assert_eq!(game.position().to_string(), f[3], "{}: {}", f[0], f[1]);
        assert!(
            game.legal_moves().is_empty(),
            "a finished game has no moves"
        );
    }
}

#[test]
fn statuses_with_a_fresh_history_match_the_reference() {
    let mut cache = HashMap::new();
    for f in lines("status.txt") {
        let s = scenario(&mut cache, &f[0]);
        let game = Game::new(Position::from_bfen(&s, &f[1]).unwrap());
        assert_eq!(status_word(&game), f[2], "{} {}", f[0], f[1]);
    }
}
