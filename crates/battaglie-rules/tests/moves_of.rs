//! The moves a side could make on the board as it stands, were it its turn
//! (`Position::moves_of`): what a player may queue while the opponent is to move.
//!
//! Scenarios: c-small, 4x3 (`....` / `.H..` / `..~.`, stack 4); c-pass, 2x3 (`H.` /
//! `.H` / `..`, a3 and b2 houses).

use std::sync::Arc;

use battaglie_rules::{Position, Scenario, Side};

fn load(name: &str, text: &str) -> Arc<Scenario> {
    Scenario::from_toml(name, text).unwrap_or_else(|e| panic!("{e}"))
}

fn small() -> Arc<Scenario> {
    load("c-small.toml", include_str!("conformance/c-small.toml"))
}

fn pos(s: &Arc<Scenario>, bfen: &str) -> Position {
    Position::from_bfen(s, bfen).unwrap_or_else(|e| panic!("{bfen}: {e}"))
}

fn texts(moves: impl IntoIterator<Item = battaglie_rules::Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The same placement with `side` to move.
fn turned(bfen: &str, side: char) -> String {
    let mut fields: Vec<&str> = bfen.split(' ').collect();
    let letter = side.to_string();
    fields[1] = &letter;
    fields.join(" ")
}

#[test]
fn the_side_waiting_may_make_the_moves_it_would_have_on_its_turn() {
    let s = small();
    // The start; stacks beside enemy stacks; a staging Foot beside a full stack.
    for placement in [
        "FM|3m/MM|3f/FV|3(ff)",
        "|4/|(FM)f1m/|(FFMM)3",
        "|1(mm)2/F|(FFFF)(ff)2/|1v2",
    ] {
        let waiting = pos(&s, &format!("{placement} I 3 2"));
        let on_its_turn = pos(&s, &turned(&format!("{placement} I 3 2"), 'A'));
        assert_eq!(
            texts(waiting.moves_of(Side::Army)),
            texts(on_its_turn.legal_moves()),
            "in {placement}"
        );
        assert!(!waiting.moves_of(Side::Army).is_empty(), "in {placement}");
    }
}

#[test]
fn a_waiting_move_still_obeys_terrain_the_stack_limit_and_who_eliminates_whom() {
    let s = small();
    // Army Foot on a2 beside its own full stack on a3, the house on b2 and Indian
    // Mounted on a1; the Indians are to move.
    let p = pos(&s, "|(FFFF)3/|F3/|m3 I 3 2");
    let moves = texts(p.moves_of(Side::Army));
    let from_a2: Vec<&String> = moves.iter().filter(|m| m.starts_with("a2")).collect();
    assert_eq!(
        from_a2,
        ["a2:F-b2"],
        "a3 holds four already, and Foot cannot eliminate Mounted"
    );
}

#[test]
fn the_side_to_move_has_its_legal_moves_and_a_finished_game_none() {
    let s = small();
    let p = pos(&s, "FM|3m/MM|3f/FV|3(ff) A 0 1");
    assert_eq!(texts(p.moves_of(Side::Army)), texts(p.legal_moves()));
    // The Indians have no piece left: the game is over, nobody has a move.
    let over = pos(&s, "|4/|F3/|4 I 5 7");
    assert!(over.moves_of(Side::Army).is_empty());
    assert!(over.moves_of(Side::Indians).is_empty());
}

#[test]
fn a_side_that_could_only_pass_has_no_move_to_queue() {
    let s = load("c-pass.toml", include_str!("conformance/c-pass.toml"));
    // The Indian Vehicle on b3 is walled in by the houses of a3 and b2.
    let p = pos(&s, "|1v/|F1/|2 A 4 3");
    assert!(p.moves_of(Side::Indians).is_empty());
    assert_eq!(
        texts(pos(&s, "|1v/|F1/|2 I 3 2").legal_moves()),
        ["pass"],
        "on its turn it passes"
    );
}
