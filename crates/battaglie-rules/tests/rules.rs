//! One test per clause of the rules (the project's rules page, sections 1 to 6)
//! and of the scenario format, plus games, undo and game records.
//!
//! Positions are built on the small conformance scenarios or on scenarios
//! written inline. Terrain of the conformance maps (north rank first):
//!
//! * c-small, 4x3: `....` / `.H..` / `..~.` (b2 house, c1 river); stack 4, quiet 20.
//! * c-rules, 4x3: `..^.` / `.H..` / `..^.` (c1, c3 rocks: Foot and Mounted);
//!   stack 3, quiet 16, F eliminates F, M eliminates F and M, V eliminates V.
//! * c-pass, 2x3: `H.` / `.H` / `..` (a3, b2 houses); quiet 24.
//! * c-deadlock, 2x2: `.H` / `H.` (b2, a1 houses).

use std::collections::HashSet;
use std::sync::Arc;

use battaglie_rules::record::Record;
use battaglie_rules::{
    BfenField, DrawReason, Game, GameOver, Kind, KindSet, Move, MoveError, MoveText, Outcome,
    Pieces, Position, Rules, Scenario, Side, Square, WinReason, MAX_COUNTER,
};

const SMALL: &str = include_str!("conformance/c-small.toml");
const RULES: &str = include_str!("conformance/c-rules.toml");
const PASS: &str = include_str!("conformance/c-pass.toml");
const DEADLOCK: &str = include_str!("conformance/c-deadlock.toml");

fn load(name: &str, text: &str) -> Arc<Scenario> {
    Scenario::from_toml(name, text).unwrap_or_else(|e| panic!("{e}"))
}

fn small() -> Arc<Scenario> {
    load("c-small.toml", SMALL)
}

fn custom() -> Arc<Scenario> {
    load("c-rules.toml", RULES)
}

fn pass_scenario() -> Arc<Scenario> {
    load("c-pass.toml", PASS)
}

fn deadlock() -> Arc<Scenario> {
    load("c-deadlock.toml", DEADLOCK)
}

/// A scenario written inline: `rows` north first, `rules` and `kinds` are TOML tables
/// (or empty).
fn inline_text(
    width: u8,
    height: u8,
    rows: &[&str],
    start: &str,
    rules: &str,
    kinds: &str,
) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
    format!(
        "id = \"inline\"\n\
         name = \"Inline test battle\"\n\
         date = \"1868-11-27\"\n\
         width = {width}\n\
         height = {height}\n\
         start = \"{start}\"\n\
         [sides.army]\n\
         name = \"7th U.S. Cavalry\"\n\
         [sides.indians]\n\
         name = \"Cheyenne\"\n\
         {rules}\n\
         [terrain]\n\
         rows = [{}]\n\
         {kinds}\n",
        rows.join(", ")
    )
}

/// An all-open map.
fn open_text(width: u8, height: u8, start: &str, rules: &str) -> String {
    let row = ".".repeat(width as usize);
    let rows: Vec<&str> = (0..height).map(|_| row.as_str()).collect();
    inline_text(width, height, &rows, start, rules, "")
}

fn pos(s: &Arc<Scenario>, bfen: &str) -> Position {
    Position::from_bfen(s, bfen).unwrap_or_else(|e| panic!("{bfen}: {e}"))
}

/// The legal moves in canonical notation, sorted.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// The reason `text` is refused in `p` (panics if it is accepted).
fn refusal(p: &Position, text: &str) -> String {
    match p.parse_move(text) {
        Ok(m) => panic!("{text} was accepted as {m} in {p}"),
        Err(e) => e.to_string(),
    }
}

fn play(p: &mut Position, text: &str) -> Move {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.play(&mv);
    mv
}

fn game_of(p: Position, texts: &str) -> Game {
    let mut g = Game::new(p);
    for t in texts.split_whitespace() {
        g.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    g
}

fn status(g: &Game) -> String {
    g.outcome()
        .map(|o| o.to_string())
        .unwrap_or_else(|| "ongoing".into())
}

// ---------------------------------------------------------------------------
// 1. Board and sides

#[test]
fn board_is_2_to_16_files_by_2_to_16_ranks() {
    let ok = load(
        "big",
        &open_text(
            16,
            16,
            "|16/|15f/|16/|16/|16/|16/|16/|16/|16/|16/|16/|16/|16/|16/|16/F|16 A 0 1",
            "",
        ),
    );
    assert_eq!((ok.width(), ok.height()), (16, 16));
    let ok = load("tiny", &open_text(2, 2, "|1f/F|2 A 0 1", ""));
    assert_eq!((ok.width(), ok.height()), (2, 2));
    for (w, h, key) in [
        (1, 3, "width"),
        (17, 3, "width"),
        (4, 1, "height"),
        (4, 17, "height"),
    ] {
        let text = open_text(w, h, "|4/|4/|4 A 0 1", "");
        let e = Scenario::from_toml("bad.toml", &text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{w}x{h}: {e}");
        assert!(
            e.to_string().contains("out of range 2..=16"),
            "{w}x{h}: {e}"
        );
        assert!(e.to_string().starts_with("bad.toml: "), "{e}");
    }
}

#[test]
fn files_are_lettered_west_to_east_and_ranks_numbered_south_to_north() {
    let s = small();
    // Terrain rows are written north first: the house of `.H..` (second row) is b2,
    // the river of `..~.` (last row) is c1.
    assert_eq!(s.terrain(sq("b2")).unwrap().name, "house");
    assert_eq!(s.terrain(sq("c1")).unwrap().name, "river");
    assert_eq!(s.terrain(sq("a1")).unwrap().name, "open");
    let p = pos(&s, "FM|3m/MM|3f/FV|3(ff) A 0 1");
    // a1 is the south-west corner: the last rank of the BFEN, first square.
    assert_eq!(
        p.stack(sq("d1")),
        Some((Side::Indians, Pieces::new(2, 0, 0)))
    );
    assert_eq!(
        p.stack(sq("d3")),
        Some((Side::Indians, Pieces::new(0, 1, 0)))
    );
    assert_eq!(p.stack(sq("a1")), None);
    assert_eq!(Square::new(0, 0).to_string(), "a1");
    assert_eq!(Square::new(3, 2).to_string(), "d3");
    let p = pos(&s, "|4/|4/|F2m A 0 1");
    assert_eq!(
        p.stack(sq("a1")),
        Some((Side::Army, Pieces::one(Kind::Foot)))
    );
    // North of a1 is a2, east is b1.
    assert_eq!(moves(&p), ["a1:F-a2", "a1:F-b1"]);
}

#[test]
fn one_staging_square_per_rank_west_of_file_a() {
    let s = small();
    let p = pos(&s, "FM|3m/MM|3f/FV|3(ff) A 0 1");
    assert_eq!(sq("@3"), Square::staging(2));
    assert!(sq("@3").is_staging());
    assert_eq!(sq("@3").file(), None);
    assert_eq!(Square::staging(0).to_string(), "@1");
    assert_eq!(p.stack(sq("@3")), Some((Side::Army, Pieces::new(1, 1, 0))));
    assert_eq!(p.stack(sq("@2")), Some((Side::Army, Pieces::new(0, 2, 0))));
    assert_eq!(p.stack(sq("@1")), Some((Side::Army, Pieces::new(1, 0, 1))));
    assert!(
        s.terrain(sq("@1")).is_none(),
        "staging squares are off the map"
    );
    assert!(s.contains(sq("@3")));
    assert!(
        !s.contains(sq("@4")),
        "no staging square beyond the last rank"
    );
    let on_board: Vec<String> = s.squares().map(|q| q.to_string()).collect();
    assert_eq!(on_board.len(), 3 * 5);
    assert_eq!(&on_board[..5], ["@1", "a1", "b1", "c1", "d1"]);
}

#[test]
fn staging_pieces_step_only_east() {
    let s = small();
    let p = Position::start(&s);
    assert_eq!(
        moves(&p),
        [
            "@1:F-a1", "@1:FV-a1", "@1:V-a1", "@2:M-a2", "@2:MM-a2", "@3:F-a3", "@3:FM-a3",
            "@3:M-a3"
        ]
    );
    let e = refusal(&p, "@2:M-b2");
    assert!(
        e.contains("b2: pieces in staging may only step east, to a2"),
        "{e}"
    );
    let e = refusal(&p, "@2:M-b1");
    assert!(e.contains("pieces in staging may only step east"), "{e}");
    let e = refusal(&p, "@2:M-@3");
    assert!(e.contains("@3: nobody may enter a staging square"), "{e}");
    // Staging pieces may eliminate what stands on file a.
    let p = pos(&s, "|4/M|f3/|3m A 0 1");
    assert_eq!(moves(&p), ["@2:Mxa2"]);
}

#[test]
fn nobody_enters_a_staging_square() {
    let s = small();
    let p = pos(&s, "|4/|4/|F2m A 0 1");
    assert_eq!(moves(&p), ["a1:F-a2", "a1:F-b1"]);
    let e = refusal(&p, "a1:F-@1");
    assert!(e.contains("@1: nobody may enter a staging square"), "{e}");
    // Not even an Army square of staging already holding Army pieces.
    let p = pos(&s, "|4/|4/F|F2m A 0 1");
    assert_eq!(moves(&p), ["@1:F-a1", "a1:F-a2", "a1:F-b1"]);
    let e = refusal(&p, "a1:F-@1");
    assert!(e.contains("nobody may enter a staging square"), "{e}");
    // Nor the Indians.
    let p = pos(&s, "|4/|f3/|3M I 0 1");
    assert_eq!(moves(&p), ["a2:F-a1", "a2:F-a3", "a2:F-b2"]);
    let e = refusal(&p, "a2:F-@2");
    assert!(e.contains("@2: nobody may enter a staging square"), "{e}");
}

#[test]
fn only_the_army_may_have_pieces_in_staging() {
    let s = small();
    for text in ["f|4/|4/|3M A 0 1", "|4/(F)|4/|3m A 0 1"] {
        assert!(Position::from_bfen(&s, text).is_err(), "{text}");
    }
    let e = Position::from_bfen(&s, "|4/m|4/|3M A 0 1").unwrap_err();
    assert_eq!(e.field(), BfenField::Placement);
    assert!(e.to_string().contains("rank 2"), "{e}");
    assert!(
        e.to_string()
            .contains("Indian piece `m` in staging square @2"),
        "{e}"
    );
}

#[test]
fn army_is_upper_case_and_indians_lower_case() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FF)1(mv)f A 0 1");
    assert_eq!(p.stack(sq("a1")), Some((Side::Army, Pieces::new(2, 0, 0))));
    assert_eq!(
        p.stack(sq("c1")),
        Some((Side::Indians, Pieces::new(0, 1, 1)))
    );
    assert_eq!(
        p.stack(sq("d1")),
        Some((Side::Indians, Pieces::new(1, 0, 0)))
    );
    assert_eq!(p.piece_count(Side::Army), 2);
    assert_eq!(p.piece_count(Side::Indians), 3);
    let e = Position::from_bfen(&s, "|4/|4/|(Ff)3 A 0 1").unwrap_err();
    assert!(
        e.to_string()
            .contains("stack (Ff) mixes Army (upper case) and Indian (lower case) pieces"),
        "{e}"
    );
    assert_eq!("A".parse::<Side>().unwrap(), Side::Army);
    assert_eq!("I".parse::<Side>().unwrap(), Side::Indians);
    assert_eq!(Side::Army.to_string(), "army");
    assert_eq!(Side::Indians.to_string(), "indians");
}

#[test]
fn scenarios_give_each_side_a_display_name() {
    let s = load("washita", &open_text(4, 3, "|4/|3f/M|4 A 0 1", ""));
    assert_eq!(s.side_name(Side::Army), "7th U.S. Cavalry");
    assert_eq!(s.side_name(Side::Indians), "Cheyenne");
    // A side's name is required.
    let text = open_text(4, 3, "|4/|3f/M|4 A 0 1", "").replace("name = \"Cheyenne\"\n", "");
    let e = Scenario::from_toml("x.toml", &text).unwrap_err();
    assert!(e.to_string().contains("missing field `name`"), "{e}");
}

#[test]
fn a_scenario_keeps_the_text_it_was_read_from_and_reads_back_the_same() {
    let s = custom();
    assert_eq!(s.source(), RULES);
    let again = load("again.toml", s.source());
    assert_eq!(again.id(), s.id());
    assert_eq!(again.rules(), s.rules());
    assert_eq!(again.start(), s.start());
}

#[test]
fn house_may_be_entered_only_by_foot() {
    let s = small();
    // a2 holds F, M and V; b2 (east of it) is a house.
    let p = pos(&s, "|4/|(FMV)3/|3m A 0 1");
    let list = moves(&p);
    // Foot: stay, a1, a3, b2; Mounted and Vehicle: stay, a1, a3.
    assert_eq!(list.len(), 4 * 3 * 3 - 1, "{list:?}");
    assert!(list.contains(&"a2:F-b2".to_string()));
    assert!(list.contains(&"a2:M-a1,F-b2".to_string()), "{list:?}");
    for m in &list {
        for group in m[3..].split(',') {
            if group.ends_with("b2") {
                assert_eq!(group.trim_end_matches("-b2").replace('F', ""), "", "{m}");
            }
        }
    }
    for (text, kind) in [
        ("a2:M-b2", "Mounted"),
        ("a2:V-b2", "Vehicle"),
        ("a2:FM-b2", "Mounted"),
    ] {
        let e = refusal(&p, text);
        assert!(
            e.contains(&format!(
                "b2: a {kind} piece cannot enter house (only Foot may)"
            )),
            "{text}: {e}"
        );
    }
    // The same for the Indians.
    let p = pos(&s, "|4/|(fm)3/|3M I 0 1");
    assert!(moves(&p).contains(&"a2:F-b2".to_string()));
    assert!(!moves(&p).iter().any(|m| m.contains("M-b2")));
    // Not even to eliminate Foot standing in the house.
    let p = pos(&s, "|4/|(MM)f2/|3f A 0 1");
    assert!(
        !moves(&p).iter().any(|m| m.contains("b2")),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn other_terrain_is_scenery_unless_the_scenario_restricts_it() {
    let s = small();
    let river = s.terrain(sq("c1")).unwrap();
    assert_eq!(river.name, "river");
    assert!(!river.is_restricted());
    assert_eq!(river.enter, KindSet::ALL);
    // b1 holds M and V: c1 (river) is open to both, b2 (house) to neither.
    let p = pos(&s, "|4/|4/|1(MV)1m A 0 1");
    assert_eq!(
        moves(&p),
        [
            "b1:M-a1",
            "b1:M-a1,V-c1",
            "b1:M-c1",
            "b1:MV-a1",
            "b1:MV-c1",
            "b1:V-a1",
            "b1:V-a1,M-c1",
            "b1:V-c1"
        ]
    );
}

#[test]
fn custom_terrain_enter_restricts_who_may_enter() {
    let s = custom();
    let rocks = s.terrain(sq("c1")).unwrap();
    assert_eq!(rocks.name, "rocks");
    assert!(rocks.is_restricted());
    assert_eq!(
        rocks.enter,
        [Kind::Foot, Kind::Mounted].into_iter().collect()
    );
    // b1 holds F, M, V: a1 open, b2 house (Foot), c1 rocks (Foot and Mounted).
    let p = pos(&s, "|4/|4/|1(FMV)1m A 0 1");
    let list = moves(&p);
    assert_eq!(list.len(), 4 * 3 * 2 - 1, "{list:?}");
    assert!(list.contains(&"b1:FM-c1".to_string()));
    assert!(list.contains(&"b1:V-a1,FM-c1".to_string()));
    assert!(!list
        .iter()
        .any(|m| m.contains("V-c1") || m.contains("MV-c1")));
    let e = refusal(&p, "b1:V-c1");
    assert!(
        e.contains("c1: a Vehicle piece cannot enter rocks (only Foot and Mounted may)"),
        "{e}"
    );
    let e = Position::from_bfen(&s, "|4/|4/|2v1 A 0 1").unwrap_err();
    assert!(
        e.to_string().contains(
            "c1: a Vehicle piece cannot stand on rocks (only Foot and Mounted may enter)"
        ),
        "{e}"
    );
}

#[test]
fn custom_terrain_nobody_may_enter_an_empty_enter_list() {
    let text = inline_text(
        3,
        2,
        &["...", ".#."],
        "|2f/F|3 A 0 1",
        "",
        "[terrain.kinds]\n\"#\" = { name = \"cliff\", enter = [] }",
    );
    let s = load("cliff", &text);
    let p = pos(&s, "|2f/|F2 A 0 1");
    assert_eq!(moves(&p), ["a1:F-a2"]);
    let e = refusal(&p, "a1:F-b1");
    assert!(e.contains("b1: a Foot piece cannot enter cliff"), "{e}");
}

// ---------------------------------------------------------------------------
// 2. Pieces

#[test]
fn three_kinds_foot_mounted_vehicle_one_letter_each() {
    assert_eq!(Kind::ALL.map(|k| k.char()), ['F', 'M', 'V']);
    assert_eq!(Kind::from_char('m'), Some(Kind::Mounted));
    assert_eq!(Kind::from_char('X'), None);
    let s = small();
    let e = Position::from_bfen(&s, "|4/|4/|X3 A 0 1").unwrap_err();
    assert!(e.to_string().contains("`X` is not a piece letter"), "{e}");
}

#[test]
fn default_capture_table_foot_eliminates_foot_mounted_and_vehicle_eliminate_all() {
    let r = Rules::default();
    assert_eq!(r.eliminates(Kind::Foot), KindSet(0b001));
    assert_eq!(r.eliminates(Kind::Mounted), KindSet::ALL);
    assert_eq!(r.eliminates(Kind::Vehicle), KindSet::ALL);
    let s = load("plain", &open_text(3, 2, "|2f/M|3 A 0 1", ""));
    assert_eq!(s.rules(), &Rules::default());
    // Vehicle eliminates Mounted, Mounted eliminates Vehicle, both eliminate Foot.
    let p = pos(&s, "|Vm1/|Mv1 A 0 1");
    let list = moves(&p);
    assert!(list.contains(&"a2:Vxb2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:Mxb1".to_string()), "{list:?}");
    let p = pos(&s, "|Vf1/|Mf1 A 0 1");
    let list = moves(&p);
    assert!(list.contains(&"a2:Vxb2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:Mxb1".to_string()), "{list:?}");
}

#[test]
fn foot_cannot_eliminate_mounted_or_vehicle() {
    let s = small();
    for defender in ["m", "v", "(fm)", "(fv)"] {
        let p = pos(&s, &format!("|4/|4/|F{defender}1f A 0 1"));
        assert_eq!(moves(&p), ["a1:F-a2"], "defender {defender}");
        let e = refusal(&p, "a1:Fxb1");
        assert!(
            e.contains("b1: F cannot eliminate every piece of the enemy stack"),
            "{e}"
        );
    }
    let p = pos(&s, "|4/|4/|Ff2 A 0 1");
    assert_eq!(moves(&p), ["a1:F-a2", "a1:Fxb1"]);
    // The Indians' Foot is bound by the same table.
    let p = pos(&s, "|4/|4/|Mf2 I 0 1");
    assert_eq!(moves(&p), ["b1:F-b2", "b1:F-c1"]);
}

#[test]
fn capture_requires_every_defender_eliminable_by_some_arriving_piece() {
    let s = small();
    // Defenders f and m: an arriving M covers both, a lone F does not.
    let p = pos(&s, "|4/|4/|(FM)(fm)2 A 0 1");
    assert_eq!(
        moves(&p),
        [
            "a1:F-a2",
            "a1:F-a2,Mxb1",
            "a1:FM-a2",
            "a1:FMxb1",
            "a1:M-a2",
            "a1:Mxb1"
        ]
    );
    let e = refusal(&p, "a1:Fxb1");
    assert!(
        e.contains("b1: F cannot eliminate every piece of the enemy stack (fm)"),
        "{e}"
    );
    // Two Foot are no better than one against a Mounted defender.
    let p = pos(&s, "|4/|4/|(FF)(fm)2 A 0 1");
    assert!(
        !moves(&p).iter().any(|m| m.contains("xb1")),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn mixed_stack_capture_table_custom() {
    // c-rules: F eliminates F, M eliminates F and M, V eliminates V only.
    let s = custom();
    assert_eq!(s.rules().eliminates(Kind::Foot), KindSet(0b001));
    assert_eq!(s.rules().eliminates(Kind::Mounted), KindSet(0b011));
    assert_eq!(s.rules().eliminates(Kind::Vehicle), KindSet(0b100));
    // Defenders m and v need an M (for m) and a V (for v) among the arrivals.
    let p = pos(&s, "|4/|4/|(MV)(mv)2 A 0 1");
    assert_eq!(moves(&p), ["a1:M-a2", "a1:MV-a2", "a1:MVxb1", "a1:V-a2"]);
    for text in ["a1:Mxb1", "a1:Vxb1"] {
        let e = refusal(&p, text);
        assert!(
            e.contains("cannot eliminate every piece of the enemy stack (mv)"),
            "{text}: {e}"
        );
    }
    // In this table a Vehicle cannot eliminate Foot, though the default table lets it.
    let p = pos(&s, "|4/|4/|Vf2 A 0 1");
    assert_eq!(moves(&p), ["a1:V-a2"]);
    // ...and Mounted cannot eliminate a Vehicle.
    let p = pos(&s, "|4/|4/|Mv2 A 0 1");
    assert_eq!(moves(&p), ["a1:M-a2"]);
}

#[test]
fn one_arriving_piece_is_enough_to_eliminate_a_whole_stack() {
    let s = small();
    let mut p = pos(&s, "|4/|4/|M(ffmv)2 A 3 2");
    assert_eq!(moves(&p), ["a1:M-a2", "a1:Mxb1"]);
    play(&mut p, "a1:Mxb1");
    // Every defender is removed and the single Mounted stands on b1.
    assert_eq!(p.to_string(), "|4/|4/|1M2 I 0 2");
    assert_eq!(
        p.stack(sq("b1")),
        Some((Side::Army, Pieces::one(Kind::Mounted)))
    );
    assert_eq!(p.piece_count(Side::Indians), 0);
}

#[test]
fn capture_removes_all_defenders_and_the_arrivals_stand_on_the_square() {
    let s = small();
    let mut p = pos(&s, "|4/|4/|(FFM)(ff)1m A 0 1");
    play(&mut p, "a1:FFxb1");
    assert_eq!(p.to_string(), "|4/|4/|M(FF)1m I 0 1");
    assert_eq!(p.piece_count(Side::Indians), 1);
    assert_eq!(p.piece_count(Side::Army), 3);
}

// ---------------------------------------------------------------------------
// 3. A turn

#[test]
fn a_turn_starts_from_one_square_holding_own_pieces() {
    let s = small();
    let p = pos(&s, "|4/|(FFF)3/|(FM)(fm)1m A 0 1");
    for m in p.legal_moves() {
        let from = m.from().unwrap();
        assert_eq!(p.stack(from).unwrap().0, Side::Army, "{m}");
    }
    let e = refusal(&p, "c1:F-c2");
    assert!(e.contains("c1 is empty"), "{e}");
    let e = refusal(&p, "d1:M-c1");
    assert!(
        e.contains("d1 holds pieces of the Indians, and the Army are to move"),
        "{e}"
    );
    let e = refusal(&p, "e1:F-e2");
    assert!(e.contains("e1 is not on the 4x3 map"), "{e}");
}

#[test]
fn only_pieces_that_started_the_turn_on_the_square_move() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FM)2m A 0 1");
    let e = refusal(&p, "a1:FF-a2");
    assert!(e.contains("a1 holds 1 Foot, the move takes 2"), "{e}");
    let e = refusal(&p, "a1:F-a2,F-b1");
    assert!(e.contains("a1 holds 1 Foot, the move takes 2"), "{e}");
    let e = refusal(&p, "a1:V-a2");
    assert!(e.contains("a1 holds 0 Vehicle, the move takes 1"), "{e}");
}

#[test]
fn a_move_cannot_take_more_pieces_than_the_square_holds_even_with_huge_groups() {
    let s = small();
    // One Mounted on a1, an Indian Foot on b1 and a2 empty: 15 + 1 Foot leave a1.
    let p = pos(&s, "|4/|4/|Mf2 A 0 1");
    let e = refusal(&p, "a1:FFFFFFFFFFFFFFFxb1,F-a2");
    assert!(e.contains("a1 holds 0 Foot, the move takes 16"), "{e}");
    // No elimination needed: four groups of 4 (the stack limit) to four empty squares.
    let five = load("five", &open_text(5, 5, "|5/|5/|2F2/|5/|4f A 0 1", ""));
    let p = pos(&five, "|5/|5/|2M2/|5/|4f A 0 1");
    let e = refusal(&p, "c3:FFFF-b3,FFFF-c2,FFFF-c4,FFFF-d3");
    assert!(e.contains("c3 holds 0 Foot, the move takes 16"), "{e}");
    // Sixteen Vehicles from a single Foot (playing it would underflow the square).
    let p = Position::start(&five);
    let e = refusal(&p, "c3:VVVV-b3,VVVV-c2,VVVV-c4,VVVV-d3");
    assert!(e.contains("c3 holds 0 Vehicle, the move takes 16"), "{e}");
}

#[test]
fn each_piece_steps_exactly_one_square_north_east_south_or_west() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FF)2m A 0 1");
    for (text, what) in [
        (
            "a1:F-b2",
            "b2 is not one step north, east, south or west of a1",
        ),
        (
            "a1:F-a3",
            "a3 is not one step north, east, south or west of a1",
        ),
        (
            "a1:F-c1",
            "c1 is not one step north, east, south or west of a1",
        ),
        (
            "a1:F-a1",
            "a1 is not one step north, east, south or west of a1",
        ),
    ] {
        let e = refusal(&p, text);
        assert!(e.contains(what), "{text}: {e}");
    }
    // Each legal move sends its groups to neighbours only.
    for m in p.legal_moves() {
        for g in m.groups() {
            assert!(["a2", "b1"].contains(&g.to.to_string().as_str()), "{m}");
        }
    }
}

#[test]
fn never_off_the_map() {
    let s = small();
    let p = pos(&s, "|3F/|4/|m3 A 0 1");
    assert_eq!(moves(&p), ["d3:F-c3", "d3:F-d2"]);
    for (text, what) in [
        ("d3:F-e3", "e3 is not on the 4x3 map"),
        ("d3:F-d4", "d4 is not on the 4x3 map"),
    ] {
        let e = refusal(&p, text);
        assert!(e.contains(what), "{text}: {e}");
    }
    let p = pos(&s, "|4/|4/|m2F I 0 1");
    assert_eq!(moves(&p), ["a1:M-a2", "a1:M-b1"]);
}

#[test]
fn pieces_of_one_square_may_split_to_different_destinations() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FF)2m A 0 1");
    assert_eq!(
        moves(&p),
        ["a1:F-a2", "a1:F-a2,F-b1", "a1:F-b1", "a1:FF-a2", "a1:FF-b1"]
    );
    let mut q = p.clone();
    play(&mut q, "a1:F-a2,F-b1");
    assert_eq!(q.to_string(), "|4/|F3/|1F1m I 1 1");
}

#[test]
fn unmoved_pieces_stay() {
    let s = small();
    let mut p = pos(&s, "|4/|F3/|(FFM)2m A 5 2");
    play(&mut p, "a1:F-b1");
    assert_eq!(p.to_string(), "|4/|F3/|(FM)F1m I 6 2");
    play(&mut p, "d1:M-d2");
    play(&mut p, "a1:M-a2");
    assert_eq!(p.to_string(), "|4/|(FM)2m/|FF2 I 8 3");
}

#[test]
fn stack_limit_applies_to_a_stack_arriving_on_an_empty_square() {
    // c-rules: stack limit 3. A whole stack of 3 may move to an empty square.
    let s = custom();
    let p = pos(&s, "|4/|4/|(FFM)2m A 0 1");
    let list = moves(&p);
    assert!(list.contains(&"a1:FFM-a2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:FFM-b1".to_string()), "{list:?}");
    // With a limit of 2 a stack of 3 cannot exist at all.
    let text = open_text(4, 3, "|4/|3f/MM|4 A 0 1", "[rules]\nstack_limit = 2");
    let two = load("two", &text);
    assert_eq!(two.rules().stack_limit(), 2);
    let e = Position::from_bfen(&two, "|4/|4/|(FFF)2m A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("a1: 3 pieces, the stack limit is 2"),
        "{e}"
    );
}

#[test]
fn stack_limit_counts_friends_already_there() {
    let s = small();
    // a1 holds FFF, a2 holds FF: at most 2 more fit on a2 (limit 4).
    let p = pos(&s, "|4/|(FF)3/|(FFF)2m A 0 1");
    let list = moves(&p);
    assert!(list.contains(&"a1:FF-a2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:FF-a2,F-b1".to_string()), "{list:?}");
    assert!(!list.iter().any(|m| m.starts_with("a1:FFF-a2")), "{list:?}");
    // From a2 onto a1 (3 there) one more fits.
    assert!(list.contains(&"a2:F-a1".to_string()), "{list:?}");
    assert!(!list.iter().any(|m| m.contains("FF-a1")), "{list:?}");
    let e = refusal(&p, "a1:FFF-a2");
    assert!(
        e.contains("a2: 3 arriving on 2 would make a stack of 5, the limit is 4"),
        "{e}"
    );
    let e = refusal(&p, "a2:FF-a1");
    assert!(
        e.contains("a1: 2 arriving on 3 would make a stack of 5, the limit is 4"),
        "{e}"
    );
}

#[test]
fn custom_stack_limit_from_the_scenario() {
    // c-rules: limit 3. a1 holds FM, a2 holds MM: one more fits on a2.
    let s = custom();
    assert_eq!(s.rules().stack_limit(), 3);
    let p = pos(&s, "|4/|(MM)3/|(FM)2m A 0 1");
    let list = moves(&p);
    assert!(list.contains(&"a1:F-a2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:M-a2".to_string()), "{list:?}");
    assert!(list.contains(&"a1:F-a2,M-b1".to_string()), "{list:?}");
    assert!(!list.contains(&"a1:FM-a2".to_string()), "{list:?}");
    let e = refusal(&p, "a1:FM-a2");
    assert!(
        e.contains("a2: 2 arriving on 2 would make a stack of 4, the limit is 3"),
        "{e}"
    );
    // With one piece there, two more fit.
    let p = pos(&s, "|4/|M3/|(FM)2m A 0 1");
    assert!(moves(&p).contains(&"a1:FM-a2".to_string()));
    let e = Position::from_bfen(&s, "|4/|4/|(FFFF)2m A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("a1: 4 pieces, the stack limit is 3"),
        "{e}"
    );
    // Larger limits are honoured too.
    let text = open_text(3, 2, "|2f/M|3 A 0 1", "[rules]\nstack_limit = 6");
    let six = load("six", &text);
    let p = pos(&six, "|(FFF)2/|(FFF)1f A 0 1");
    assert!(moves(&p).contains(&"a1:FFF-a2".to_string()));
    let e = Position::from_bfen(&six, "|(FFFFFFF)2/|2f A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("7 pieces, the stack limit is 6"),
        "{e}"
    );
}

#[test]
fn moves_are_equal_when_the_same_kinds_arrive_at_each_destination() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FM)2m A 0 1");
    let a = p.parse_move("a1:M-a2,F-b1").unwrap();
    let b = p.parse_move("a1:F-b1,m-a2").unwrap();
    let c = p.parse_move("a1:F-a2,M-b1").unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.to_string(), "a1:M-a2,F-b1");
    let set: HashSet<Move> = [a, b, c].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn no_duplicate_moves_for_identical_pieces() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FFFF)2m A 0 1");
    let mut expected = Vec::new();
    for north in 0..=4 {
        for east in 0..=4 - north {
            if north + east == 0 {
                continue;
            }
            let mut groups = Vec::new();
            if north > 0 {
                groups.push(format!("{}-a2", "F".repeat(north)));
            }
            if east > 0 {
                groups.push(format!("{}-b1", "F".repeat(east)));
            }
            expected.push(format!("a1:{}", groups.join(",")));
        }
    }
    expected.sort();
    assert_eq!(expected.len(), 14);
    assert_eq!(moves(&p), expected);
    let set: HashSet<Move> = p.legal_moves().into_iter().collect();
    assert_eq!(set.len(), 14);
    assert_eq!(p.count_moves(), 14);
}

#[test]
fn pass_only_when_no_other_move() {
    let s = pass_scenario();
    // The Indian Vehicle on b3 is walled in by the houses of a3 and b2.
    let p = pos(&s, "|1v/|F1/|2 I 3 2");
    assert_eq!(moves(&p), ["pass"]);
    assert_eq!(p.count_moves(), 1);
    assert!(p.parse_move("pass").unwrap().is_pass());
    assert!(p.parse_move("PASS").unwrap().is_pass());
    let e = refusal(&p, "b3:V-b2");
    assert!(e.contains("b2: a Vehicle piece cannot enter house"), "{e}");
    let p = pos(&s, "|1v/|F1/|2 A 4 3");
    assert_eq!(moves(&p), ["a2:F-a1", "a2:F-a3", "a2:F-b2"]);
    let e = refusal(&p, "pass");
    assert!(
        e.contains("pass is legal only when there is no other move"),
        "{e}"
    );
    assert!(p.check_move(&Move::PASS).is_err());
}

#[test]
fn a_pass_is_a_ply_without_elimination() {
    let s = pass_scenario();
    let mut p = pos(&s, "|1v/|F1/|2 I 3 2");
    play(&mut p, "pass");
    assert_eq!(p.to_string(), "|1v/|F1/|2 A 4 3");
    assert_eq!(Move::PASS.to_string(), "pass");
}

// ---------------------------------------------------------------------------
// 4. End of the game

#[test]
fn win_when_opponent_has_no_piece() {
    let s = small();
    let g = Game::new(pos(&s, "|4/|4/|F3 I 5 7"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Elimination))
    );
    assert_eq!(status(&g), "win army");
    assert!(g.legal_moves().is_empty());
    let g = Game::new(pos(&s, "|4/|4/|m3 A 5 7"));
    assert_eq!(status(&g), "win indians");
    // Won by playing: the last Indian stack is eliminated.
    let g = game_of(pos(&s, "|4/|4/|M(ff)2 A 3 2"), "a1:Mxb1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Elimination))
    );
    assert_eq!(g.position().to_string(), "|4/|4/|1M2 I 0 2");
    assert!(g.legal_moves().is_empty());
    assert!(g.position().legal_moves().is_empty());
}

#[test]
fn win_counts_pieces_in_staging_too() {
    let s = small();
    let p = pos(&s, "F|4/|4/|3m A 0 1");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.piece_count(Side::Army), 1);
    assert_eq!(moves(&p), ["@3:F-a3"]);
    let p = pos(&s, "F|4/|4/|3m I 0 1");
    assert_eq!(p.outcome(), None);
}

#[test]
fn deadlock_when_neither_side_can_move() {
    let s = deadlock();
    let p = Position::start(&s);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Deadlock)));
    assert!(p.legal_moves().is_empty(), "no pass either");
    assert_eq!(p.count_moves(), 0);
    assert!(!p.has_step(Side::Army) && !p.has_step(Side::Indians));
    let g = Game::new(p);
    assert_eq!(status(&g), "draw deadlock");
    // When only one side is stuck, that side passes instead.
    let p = pos(&pass_scenario(), "|1v/|F1/|2 I 3 2");
    assert_eq!(p.outcome(), None);
    // A move can produce the deadlock: the Army Vehicle leaves staging for a2,
    // between the houses of a1 and b2, where the Indian Vehicle already is stuck.
    let mut g = Game::new(pos(&s, "V|2/|1v A 0 1"));
    assert_eq!(g.outcome(), None);
    assert_eq!(moves(g.position()), ["@2:V-a2"]);
    assert_eq!(moves(&pos(&s, "V|2/|1v I 0 1")), ["pass"]);
    g.play_text("@2:V-a2").unwrap();
    assert_eq!(status(&g), "draw deadlock");
    assert_eq!(g.position().to_string(), "|V1/|1v I 1 1");
}

#[test]
fn repetition_third_occurrence_is_a_draw() {
    let s = pass_scenario();
    let mut g = Game::new(Position::start(&s));
    for t in "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass".split_whitespace() {
        g.play_text(t).unwrap();
    }
    // F on a2 with the Indians to move: first occurrence after a1:F-a2, second now.
    g.play_text("a3:F-a2").unwrap();
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None, "the second occurrence is not a draw");
    assert!(!g.legal_moves().is_empty());
    for t in "pass a2:F-b2 pass".split_whitespace() {
        g.play_text(t).unwrap();
    }
    g.play_text("b2:F-a2").unwrap();
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert_eq!(status(&g), "draw repetition");
    assert_eq!(g.position().to_string(), "|1v/|F1/|2 I 11 6");
    assert!(g.legal_moves().is_empty());
    let e = g.play_text("pass").unwrap_err();
    assert!(
        e.to_string().contains("the game is over (draw repetition)"),
        "{e}"
    );
    // The position alone does not know: repetition needs the history.
    assert_eq!(g.position().outcome(), None);
}

#[test]
fn repetition_counts_only_the_same_side_to_move() {
    let s = pass_scenario();
    let g = game_of(
        Position::start(&s),
        "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass a3:F-a2 pass",
    );
    // F on a2 has now stood there 4 times, twice with each side to move.
    assert_eq!(g.position().to_string(), "|1v/|F1/|2 A 8 5");
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None);
    // The counters do not matter: quiet and turn differ between occurrences.
    let g = game_of(
        Position::start(&s),
        "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass a3:F-a2 pass a2:F-a3 pass a3:F-a2",
    );
    assert_eq!(status(&g), "draw repetition");
}

#[test]
fn quiet_limit_draw_after_n_plies_without_elimination() {
    let s = small();
    assert_eq!(s.rules().quiet_limit(), 20);
    let mut g = Game::new(pos(&s, "|1F2/|4/|3m A 19 11"));
    assert_eq!(g.outcome(), None);
    g.play_text("b3:F-a3").unwrap();
    assert_eq!(g.position().quiet(), 20);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Quiet)));
    assert!(g.legal_moves().is_empty());
    assert!(g.position().legal_moves().is_empty());
    let p = pos(&s, "|1F2/|4/|3m A 20 11");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Quiet)));
    // The default limit is 100 plies.
    let text = open_text(3, 2, "|2f/M|3 A 0 1", "");
    let plain = load("plain", &text);
    assert_eq!(plain.rules().quiet_limit(), 100);
    assert_eq!(pos(&plain, "|2f/|M2 A 99 50").outcome(), None);
    assert_eq!(
        pos(&plain, "|2f/|M2 A 100 50").outcome(),
        Some(Outcome::Draw(DrawReason::Quiet))
    );
    // A scenario may set it: with 2, two plies without an elimination end the game.
    let text = open_text(3, 2, "|2f/M|3 A 0 1", "[rules]\nquiet_limit = 2");
    let two = load("two", &text);
    let g = game_of(Position::start(&two), "@1:M-a1 c2:F-b2");
    assert_eq!(status(&g), "draw quiet");
}

#[test]
fn quiet_counter_resets_on_elimination() {
    let s = small();
    let mut p = pos(&s, "|4/|4/|Ff1m A 15 3");
    play(&mut p, "a1:Fxb1");
    assert_eq!(p.quiet(), 0);
    assert_eq!(p.to_string(), "|4/|4/|1F1m I 0 3");
    play(&mut p, "d1:M-c1");
    assert_eq!(p.quiet(), 1);
    play(&mut p, "b1:F-a1");
    assert_eq!(p.quiet(), 2);
    // An Indian elimination resets it too.
    let mut p = pos(&s, "|4/|4/|F1Mm I 7 3");
    play(&mut p, "d1:Mxc1");
    assert_eq!(p.to_string(), "|4/|4/|F1m1 A 0 4");
}

#[test]
fn turn_number_increments_after_indian_move() {
    let s = small();
    let mut p = Position::start(&s);
    assert_eq!(p.turn(), 1);
    play(&mut p, "@1:F-a1");
    assert_eq!((p.turn(), p.side_to_move()), (1, Side::Indians));
    play(&mut p, "d1:F-c1");
    assert_eq!((p.turn(), p.side_to_move()), (2, Side::Army));
    play(&mut p, "@1:V-a1");
    assert_eq!(p.turn(), 2);
    play(&mut p, "d2:F-d1");
    assert_eq!(p.turn(), 3);
    // An Indian pass counts as well.
    let mut p = pos(&pass_scenario(), "|1v/|F1/|2 I 3 2");
    play(&mut p, "pass");
    assert_eq!(p.turn(), 3);
}

#[test]
fn turn_number_and_quiet_counter_are_bounded_so_play_never_overflows() {
    let s = small();
    let e = Position::from_bfen(&s, "|4/|4/|Mf2 I 0 4294967295").unwrap_err();
    assert_eq!(e.field(), BfenField::Turn);
    assert!(e.to_string().contains("too large"), "{e}");
    let e = Position::from_bfen(&s, "|4/|4/|Mf2 I 1000000000 3").unwrap_err();
    assert_eq!(e.field(), BfenField::Quiet);
    let largest = format!("|4/|4/|Mf2 I 0 {MAX_COUNTER}");
    let mut p = Position::from_bfen(&s, &largest).unwrap();
    let mv = p.legal_moves()[0];
    let undo = p.play_unchecked(&mv);
    assert_eq!(p.turn(), MAX_COUNTER + 1);
    p.undo(&mv, undo);
    assert_eq!(p.to_string(), largest);
}

#[test]
fn end_conditions_checked_in_order_win_deadlock_repetition_quiet() {
    let s = small();
    // Win before quiet.
    let p = pos(&s, "|4/|4/|F3 I 20 7");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Elimination))
    );
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Elimination))
    );
    // Win before deadlock: the Army Vehicle cannot move, but the Indians have nothing.
    let d = deadlock();
    let p = pos(&d, "|V1/|2 I 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Elimination))
    );
    // Deadlock before quiet (c-deadlock has the default limit of 100).
    let p = pos(&d, "|V1/|1v A 100 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Deadlock)));
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Draw(DrawReason::Deadlock))
    );
    // Repetition before quiet: c-pass with a quiet limit reached on the very ply that
    // repeats the position for the third time.
    let line = "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass a3:F-a2 pass a2:F-b2 pass b2:F-a2";
    let eleven = load(
        "c-pass-11",
        &PASS.replace("quiet_limit = 24", "quiet_limit = 11"),
    );
    let g = game_of(Position::start(&eleven), line);
    assert_eq!(g.position().quiet(), 11);
    assert_eq!(
        g.position().outcome(),
        Some(Outcome::Draw(DrawReason::Quiet))
    );
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // One ply earlier the quiet limit ends the game before the repetition.
    let ten = load(
        "c-pass-10",
        &PASS.replace("quiet_limit = 24", "quiet_limit = 10"),
    );
    let mut g = Game::new(Position::start(&ten));
    let texts: Vec<&str> = line.split_whitespace().collect();
    for t in &texts[..10] {
        g.play_text(t).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Quiet)));
    assert!(g.play_text(texts[10]).is_err());
}

#[test]
fn players_may_resign_or_agree_a_draw() {
    let s = small();
    let mut g = Game::new(Position::start(&s));
    g.play_text("@1:F-a1").unwrap();
    g.resign(Side::Indians).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Resignation))
    );
    assert_eq!(
        g.settled(),
        Some(Outcome::Win(Side::Army, WinReason::Resignation))
    );
    assert!(g.legal_moves().is_empty());
    let e = g.play_text("d1:F-c1").unwrap_err();
    assert!(e.to_string().contains("the game is over (win army)"), "{e}");
    assert_eq!(
        g.agree_draw(),
        Err(GameOver(Outcome::Win(Side::Army, WinReason::Resignation)))
    );
    assert_eq!(
        g.resign(Side::Army),
        Err(GameOver(Outcome::Win(Side::Army, WinReason::Resignation)))
    );

    let mut g = Game::new(Position::start(&s));
    g.resign(Side::Army).unwrap();
    assert_eq!(status(&g), "win indians");

    let mut g = Game::new(Position::start(&s));
    g.agree_draw().unwrap();
    assert_eq!(status(&g), "draw agreement");
    assert!(g.legal_moves().is_empty());

    // A game the rules already ended cannot be resigned.
    let mut g = Game::new(Position::start(&deadlock()));
    assert_eq!(
        g.resign(Side::Army),
        Err(GameOver(Outcome::Draw(DrawReason::Deadlock)))
    );
}

// ---------------------------------------------------------------------------
// 5. Setup

#[test]
fn setup_indians_on_east_border_army_in_staging_army_moves_first() {
    for (name, text) in [("c-small", SMALL), ("c-rules", RULES), ("c-pass", PASS)] {
        let s = load(name, text);
        let p = Position::start(&s);
        assert_eq!(p.side_to_move(), Side::Army, "{name}");
        assert_eq!((p.quiet(), p.turn()), (0, 1), "{name}");
        for q in p.squares_of(Side::Army) {
            assert!(q.is_staging(), "{name}: Army on {q}");
        }
        for q in p.squares_of(Side::Indians) {
            assert_eq!(q.file(), Some(s.width() - 1), "{name}: Indians on {q}");
        }
        assert!(p.piece_count(Side::Army) > 0 && p.piece_count(Side::Indians) > 0);
        assert_eq!(p.bfen(), *s.start());
    }
    let s = small();
    assert_eq!(s.forces(Side::Army), [2, 3, 1]);
    assert_eq!(s.forces(Side::Indians), [3, 1, 0]);
}

// ---------------------------------------------------------------------------
// 6. Notation

#[test]
fn square_notation_and_upper_case_files() {
    assert_eq!(sq("c5"), Square::new(2, 4));
    assert_eq!(sq("C5"), Square::new(2, 4));
    assert_eq!(sq("@3"), Square::staging(2));
    assert_eq!(sq("p16").to_string(), "p16");
    for bad in ["", "c0", "c17", "q1", "@0", "5c", "c 5", "cc5"] {
        let e = bad.parse::<Square>().unwrap_err();
        assert!(e.to_string().contains("invalid square"), "{bad}: {e}");
    }
    let s = small();
    let p = pos(&s, "|4/|4/|F2m A 0 1");
    assert_eq!(p.parse_move("A1:F-A2").unwrap().to_string(), "a1:F-a2");
}

#[test]
fn canonical_move_notation_orders_groups_by_file_then_rank() {
    let s = small();
    // c2's neighbours: b2 (west), c1 (south), c3 (north), d2 (east).
    let p = pos(&s, "|4/|2(FFFF)1/|3m A 0 1");
    let m = p.parse_move("c2:F-d2,F-c3,F-c1,F-b2").unwrap();
    assert_eq!(m.to_string(), "c2:F-b2,F-c1,F-c3,F-d2");
    let m = p.parse_move("c2:FF-c3,F-c1").unwrap();
    assert_eq!(m.to_string(), "c2:F-c1,FF-c3");
    let groups: Vec<String> = m.groups().map(|g| g.to.to_string()).collect();
    assert_eq!(groups, ["c1", "c3"]);
    // Every generated move is printed with its groups in that order.
    for mv in p.legal_moves() {
        let keys: Vec<(Option<u8>, u8)> = mv.groups().map(|g| (g.to.file(), g.to.rank())).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "{mv}");
    }
    // The example of the rules.
    let five = load("five", &open_text(5, 5, "|5/|5/|4f/|5/F|5 A 0 1", ""));
    let p = pos(&five, "|5/|5/|2(FFM)f1/|5/|4f A 0 1");
    assert_eq!(
        p.parse_move("c3:Mxd3,FF-c4").unwrap().to_string(),
        "c3:FF-c4,Mxd3"
    );
    // Kinds are written F, M, V.
    let p = pos(&five, "|5/|5/|2(FMV)2/|5/|4f A 0 1");
    assert_eq!(p.parse_move("c3:vmf-c4").unwrap().to_string(), "c3:FMV-c4");
}

#[test]
fn move_kinds_are_upper_case_for_both_sides() {
    let s = small();
    let p = pos(&s, "|3(mm)/|4/|F3 I 0 1");
    assert_eq!(
        moves(&p),
        ["d3:M-c3", "d3:M-c3,M-d2", "d3:M-d2", "d3:MM-c3", "d3:MM-d2"]
    );
    assert_eq!(p.parse_move("d3:mm-c3").unwrap().to_string(), "d3:MM-c3");
}

#[test]
fn move_notation_marks_eliminations_with_x_and_other_groups_with_dash() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FM)f1m A 0 1");
    // Written the wrong way round, printed the right way.
    assert_eq!(
        p.parse_move("a1:Mxa2,F-b1").unwrap().to_string(),
        "a1:M-a2,Fxb1"
    );
    let m = p.parse_move("a1:F-b1").unwrap();
    assert!(m.is_capture());
    assert_eq!(m.to_string(), "a1:Fxb1");
    let m = p.parse_move("a1:Fxa2").unwrap();
    assert!(!m.is_capture());
    assert_eq!(m.to_string(), "a1:F-a2");
}

#[test]
fn move_parser_accepts_any_group_order_lowercase_and_either_separator() {
    let s = small();
    let p = pos(&s, "|4/|4/|(FFM)f1m A 0 1");
    let canonical = "a1:FM-a2,Fxb1";
    for text in [
        "a1:FM-a2,Fxb1",
        "a1:Fxb1,FM-a2",
        "a1:MF-a2,F-b1",
        "a1:fm-a2,fxb1",
        "a1:mfxa2,f-b1",
        "A1:FMXA2,FXB1",
        "a1:f-b1,mf-a2",
        " a1:FM-a2,Fxb1 ",
    ] {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.to_string(), canonical, "{text}");
    }
    let text: MoveText = "a1:f-b1,MF-a2".parse().unwrap();
    let MoveText::Step { from, groups } = text else {
        panic!("not a step")
    };
    assert_eq!(from, sq("a1"));
    assert_eq!(
        groups,
        [
            (Pieces::new(1, 0, 0), sq("b1")),
            (Pieces::new(1, 1, 0), sq("a2"))
        ]
    );
    assert_eq!("Pass".parse::<MoveText>().unwrap(), MoveText::Pass);
}

#[test]
fn move_parser_rejects_illegal_moves_with_reason_naming_the_square() {
    let s = small();
    let p = pos(&s, "|4/|(FFF)3/|(FM)(fm)1m A 0 1");
    for (text, reason) in [
        (
            "a1:F-b2",
            "b2 is not one step north, east, south or west of a1",
        ),
        (
            "a1:FM-a2",
            "a2: 2 arriving on 3 would make a stack of 5, the limit is 4",
        ),
        (
            "a1:Fxb1",
            "b1: F cannot eliminate every piece of the enemy stack (fm)",
        ),
        ("a1:MMxb1", "a1 holds 1 Mounted, the move takes 2"),
        (
            "a2:M-b2",
            "b2: a Mounted piece cannot enter house (only Foot may)",
        ),
        ("c1:F-c2", "c1 is empty"),
        (
            "d1:M-c1",
            "d1 holds pieces of the Indians, and the Army are to move",
        ),
        ("a1:M-@1", "@1: nobody may enter a staging square"),
        ("e1:F-e2", "e1 is not on the 4x3 map"),
        ("a1:F-a0", "invalid square \"a0\""),
        ("a1-F-a2", "there is no `:`"),
        ("a1:Q-a2", "`Q` in \"Q-a2\" is not a piece kind"),
        ("pass", "pass is legal only when there is no other move"),
    ] {
        let e = refusal(&p, text);
        assert!(e.contains(reason), "{text}: {e}");
    }
    let e = p.parse_move("a1:F-b2").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    assert!(e.to_string().starts_with("illegal move a1:F-b2: "), "{e}");
    let e = p.parse_move("a1").unwrap_err();
    assert!(matches!(e, MoveError::Parse(_)), "{e:?}");
    // Once the game is over, every move is refused with the result.
    let over = pos(&s, "|4/|4/|F3 I 5 7");
    let e = refusal(&over, "a1:F-a2");
    assert!(e.contains("the game is over (win army)"), "{e}");
}

#[test]
fn bfen_round_trip_canonical() {
    // The example of the rules, on a 12x3 open map.
    let s = load("twelve", &open_text(12, 3, "MMMM|12/|12/|11f A 0 1", ""));
    let text = "MMMM|12/FF|3(FFM)7f/|11(ffm) I 4 3";
    let p = pos(&s, text);
    assert_eq!(p.to_string(), text);
    assert_eq!(p.stack(sq("d2")), Some((Side::Army, Pieces::new(2, 1, 0))));
    assert_eq!(
        p.stack(sq("l2")),
        Some((Side::Indians, Pieces::one(Kind::Foot)))
    );
    assert_eq!(
        p.stack(sq("l1")),
        Some((Side::Indians, Pieces::new(2, 1, 0)))
    );
    assert_eq!(p.stack(sq("@3")), Some((Side::Army, Pieces::new(0, 4, 0))));
    assert_eq!(
        (p.side_to_move(), p.quiet(), p.turn()),
        (Side::Indians, 4, 3)
    );
    // Lenient input is printed canonically: letters F, M, V inside a stack, no
    // parentheses around a single piece.
    let p = pos(&s, "MMMM|12/FF|3(MFF)7(f)/|11(mff) i 4 3");
    assert_eq!(p.to_string(), text);
    for bfen in [
        "|12/|12/|(FMV)10f A 0 1",
        "V|12/|12/F|1(FFFF)9f I 99 1000",
        "|F11/|12/|11f A 0 1",
    ] {
        assert_eq!(pos(&s, bfen).to_string(), bfen);
        let b: battaglie_rules::Bfen = bfen.parse().unwrap();
        assert_eq!(b.to_string(), bfen);
    }
}

#[test]
fn bfen_errors_name_rank_and_reason() {
    let s = load("twelve", &open_text(12, 3, "MMMM|12/|12/|11f A 0 1", ""));
    for (text, field, reason) in [
        (
            "MMMM|13/FF|3(FFM)7f/|11(ffm) I 4 3",
            BfenField::Placement,
            "rank 3 has 13 squares, the map has 12",
        ),
        (
            "MMMM|12/FF|3(FFM)6f/|11(ffm) I 4 3",
            BfenField::Placement,
            "rank 2 has 11 squares, the map has 12",
        ),
        (
            "MMMM|12/|11(ffm) I 4 3",
            BfenField::Placement,
            "2 ranks given, the map has 3",
        ),
        (
            "|12/|12/|11q A 0 1",
            BfenField::Placement,
            "rank 1: `q` is not a piece letter",
        ),
        (
            "|12/|(FF/|11f A 0 1",
            BfenField::Placement,
            "rank 2: a `(` is not closed",
        ),
        (
            "|12/|()11/|11f A 0 1",
            BfenField::Placement,
            "rank 2: `()` is an empty stack",
        ),
        (
            "|12/12/|11f A 0 1",
            BfenField::Placement,
            "rank 2: \"12\" has no `|`",
        ),
        (
            "|12/|12/|0F11f A 0 1",
            BfenField::Placement,
            "rank 1: a run of 0 empty squares",
        ),
        (
            "|12/|12/|11f X 0 1",
            BfenField::Side,
            "\"X\" is not `A` or `I`",
        ),
        (
            "|12/|12/|11f A -1 1",
            BfenField::Quiet,
            "\"-1\" is not a whole number",
        ),
        (
            "|12/|12/|11f A 0 0",
            BfenField::Turn,
            "turns are numbered from 1",
        ),
        ("|12/|12/|11f A 0", BfenField::Whole, "expected 4 fields"),
    ] {
        let e = Position::from_bfen(&s, text).unwrap_err();
        assert_eq!(e.field(), field, "{text}: {e}");
        assert!(e.to_string().contains(reason), "{text}: {e}");
    }
    let e = Position::from_bfen(&s, "|12/|12/|11f A 0 0").unwrap_err();
    assert!(e.to_string().starts_with("BFEN turn number: "), "{e}");
}

#[test]
fn bfen_rejects_mounted_in_house() {
    let s = small();
    let e = Position::from_bfen(&s, "|4/|1m2/|3F A 0 1").unwrap_err();
    assert_eq!(e.field(), BfenField::Placement);
    assert!(
        e.to_string()
            .contains("b2: a Mounted piece cannot stand on house (only Foot may enter)"),
        "{e}"
    );
    let e = Position::from_bfen(&s, "|4/|1(FV)2/|3m A 0 1").unwrap_err();
    assert!(
        e.to_string()
            .contains("b2: a Vehicle piece cannot stand on house"),
        "{e}"
    );
    // Foot may.
    assert!(Position::from_bfen(&s, "|4/|1(ff)2/|3M A 0 1").is_ok());
}

#[test]
fn bfen_rejects_indians_in_staging() {
    let s = small();
    let e = Position::from_bfen(&s, "f|4/|4/|3M A 0 1").unwrap_err();
    assert_eq!(e.field(), BfenField::Placement);
    assert!(e.to_string().contains("rank 3"), "{e}");
    assert!(
        e.to_string()
            .contains("Indian piece `f` in staging square @3: only the Army stands in staging"),
        "{e}"
    );
}

#[test]
fn bfen_rejects_oversized_stack() {
    let s = small();
    let e = Position::from_bfen(&s, "|4/|4/|(FFFFF)2m A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("a1: 5 pieces, the stack limit is 4"),
        "{e}"
    );
    let e = Position::from_bfen(&s, "FFMMV|4/|4/|3m A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("@3: 5 pieces, the stack limit is 4"),
        "{e}"
    );
    let e = Position::from_bfen(&s, "|4/|4/|3(ffmmv) A 0 1").unwrap_err();
    assert!(
        e.to_string().contains("d1: 5 pieces, the stack limit is 4"),
        "{e}"
    );
    let e = Position::from_bfen(&s, "|4/|4/|(FFFFFFFFFFFFFFFF)3 A 0 1").unwrap_err();
    assert!(e.to_string().contains("more than 15 pieces"), "{e}");
    assert!(Position::from_bfen(&s, "|4/|4/|(FFFF)2m A 0 1").is_ok());
}

// ---------------------------------------------------------------------------
// Scenario format

#[test]
fn scenario_unknown_key_is_an_error_naming_the_key() {
    for (from, to, key) in [
        ("width = 4", "width = 4\ncolour = \"red\"", "colour"),
        ("quiet_limit = 20", "quiet_limit = 20\nstack = 3", "stack"),
        (
            "{ name = \"river\" }",
            "{ name = \"river\", entre = [\"F\"] }",
            "entre",
        ),
        ("name = \"Army\"", "name = \"Army\"\nnmae = \"x\"", "nmae"),
        ("[terrain]", "[notes]\nsumary = \"x\"\n[terrain]", "sumary"),
        ("[terrain]", "[terrain]\nrow = []", "row"),
    ] {
        let text = SMALL.replacen(from, to, 1);
        assert_ne!(text, SMALL);
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert!(
            e.to_string().contains(&format!("unknown field `{key}`")),
            "{key}: {e}"
        );
        assert!(e.to_string().starts_with("c-small.toml: "), "{e}");
    }
    // An unknown attacker in the capture table.
    let text = RULES.replace("V = [\"V\"]", "V = [\"V\"]\nX = [\"F\"]");
    let e = Scenario::from_toml("c-rules.toml", &text).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rules.eliminates.X"), "{e}");
    assert!(
        e.to_string()
            .contains("the attacker must be `F`, `M` or `V`"),
        "{e}"
    );
    let text = RULES.replace("V = [\"V\"]", "V = [\"W\"]");
    let e = Scenario::from_toml("c-rules.toml", &text).unwrap_err();
    assert!(e.to_string().contains("\"W\" is not a piece kind"), "{e}");
}

#[test]
fn scenario_missing_required_key_is_named() {
    for key in ["id", "name", "date", "width", "height", "start"] {
        let text: String = SMALL
            .lines()
            .filter(|l| !l.starts_with(&format!("{key} =")))
            .map(|l| format!("{l}\n"))
            .collect();
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert!(
            e.to_string().contains(&format!("missing field `{key}`")),
            "{key}: {e}"
        );
    }
}

#[test]
fn scenario_rows_of_wrong_length_named() {
    let text = SMALL.replace("\".H..\"", "\".H.\"");
    let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("terrain.rows[1]"), "{e}");
    assert!(
        e.to_string()
            .contains("rank 2 has 3 squares, the map is 4 files wide"),
        "{e}"
    );
    let text = SMALL.replace("\"....\", ", "");
    let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("terrain.rows"), "{e}");
    assert!(
        e.to_string().contains("has 2 rows, the map has 3 ranks"),
        "{e}"
    );
}

#[test]
fn scenario_terrain_characters_must_be_defined() {
    let text = SMALL.replace("\"..~.\"", "\"..#.\"");
    let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("terrain.rows[2]"), "{e}");
    assert!(
        e.to_string()
            .contains("c1: terrain `#` is not defined in terrain.kinds"),
        "{e}"
    );
    let text = SMALL.replace("\"~\" = ", "\"~~\" = ");
    let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
    assert!(
        e.to_string()
            .contains("a terrain symbol is one visible character"),
        "{e}"
    );
}

#[test]
fn scenario_may_not_redefine_open_or_house() {
    for (symbol, name) in [(".", "open"), ("H", "house")] {
        let text = SMALL.replace(
            "\"~\" = { name = \"river\" }",
            &format!("\"{symbol}\" = {{ name = \"grass\" }}"),
        );
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert!(
            e.to_string().contains(&format!(
                "`{symbol}` is predefined ({name}) and may not be redefined"
            )),
            "{symbol}: {e}"
        );
    }
    let s = small();
    let kinds = s.terrain_kinds();
    assert_eq!((kinds[0].symbol, kinds[0].name.as_str()), ('.', "open"));
    assert_eq!((kinds[1].symbol, kinds[1].name.as_str()), ('H', "house"));
    assert_eq!(kinds[1].enter, KindSet(0b001));
}

#[test]
fn scenario_rule_settings_are_range_checked() {
    for (rules, key, reason) in [
        (
            "stack_limit = 0",
            "rules.stack_limit",
            "0 is out of range 1..=15",
        ),
        (
            "stack_limit = 16",
            "rules.stack_limit",
            "16 is out of range 1..=15",
        ),
        ("quiet_limit = 0", "rules.quiet_limit", "0 is out of range"),
    ] {
        let text = SMALL.replace("quiet_limit = 20", rules);
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{rules}: {e}");
        assert!(e.to_string().contains(reason), "{rules}: {e}");
    }
}

#[test]
fn scenario_id_and_date_are_checked() {
    for (from, to, key) in [
        ("id = \"c-small\"", "id = \"C Small\"", "id"),
        ("id = \"c-small\"", "id = \"\"", "id"),
        ("date = \"1977-01-01\"", "date = \"1977-13-01\"", "date"),
        ("date = \"1977-01-01\"", "date = \"1977-02-29\"", "date"),
        ("date = \"1977-01-01\"", "date = \"Jan 1977\"", "date"),
    ] {
        let text = SMALL.replace(from, to);
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{to}: {e}");
    }
    let text = SMALL.replace("date = \"1977-01-01\"", "date = \"1976-02-29\"");
    assert!(Scenario::from_toml("leap.toml", &text).is_ok());
}

#[test]
fn scenario_start_position_is_checked_against_map_and_rules() {
    for (start, reason) in [
        (
            "FM|3m/MM|1m2/FV|3(ff) A 0 1",
            "b2: a Mounted piece cannot stand on house",
        ),
        ("FM|3m/MM|3f A 0 1", "2 ranks given, the map has 3"),
        (
            "FM|3m/MM|3f/FV|3(fffff) A 0 1",
            "d1: 5 pieces, the stack limit is 4",
        ),
        ("FM|3m/MM|3f/FV|3(ff) B 0 1", "BFEN side to move"),
    ] {
        let text = SMALL.replace("FM|3m/MM|3f/FV|3(ff) A 0 1", start);
        let e = Scenario::from_toml("c-small.toml", &text).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("start"), "{start}: {e}");
        assert!(e.to_string().contains(reason), "{start}: {e}");
    }
}

#[test]
fn scenario_notes_are_optional_free_text() {
    let text = format!(
        "{SMALL}\n[notes]\nsummary = \"A short one.\"\nhistory = \"Long ago.\"\nsources = \"The 1977 box.\"\n"
    );
    let s = load("notes", &text);
    assert_eq!(s.notes().summary, "A short one.");
    assert_eq!(s.notes().history, "Long ago.");
    assert_eq!(s.notes().sources, "The 1977 box.");
    assert_eq!(small().notes().summary, "");
    assert_eq!(small().name(), "Conformance: small field");
    assert_eq!(small().date(), "1977-01-01");
    assert_eq!(small().id(), "c-small");
}

// ---------------------------------------------------------------------------
// Undo

#[test]
fn undo_restores_position_and_hash() {
    let positions = [
        (small(), "FM|3m/MM|3f/FV|3(ff) A 0 1"),
        (small(), "FM|4/MM|3(fm)/|VF1(ff) I 3 2"),
        (small(), "|4/|4/|(FFM)(ff)1m A 0 1"),
        (small(), "|4/|4/|M(ffmv)2 A 3 2"),
        (custom(), "F|1Mmm/M|(FV)1(fv)f/|MF2 I 13 7"),
        (custom(), "|4/|4/|(MV)(mv)2 A 0 1"),
        (pass_scenario(), "|1v/|F1/|2 I 3 2"),
    ];
    let mut captures = 0;
    for (s, bfen) in positions {
        let mut p = pos(&s, bfen);
        let before = p.clone();
        for mv in before.legal_moves() {
            let undo = p.play_unchecked(&mv);
            assert_ne!(p, before, "{mv} changed nothing");
            assert_eq!(p.hash(), p.compute_hash(), "{bfen} {mv}");
            captures += mv.is_capture() as u32;
            p.undo(&mv, undo);
            assert_eq!(p, before, "{bfen} {mv}");
            assert_eq!(p.hash(), before.hash(), "{bfen} {mv}");
            assert_eq!(p.to_string(), bfen);
            assert_eq!(
                p.piece_count(Side::Army) + p.piece_count(Side::Indians),
                before.piece_count(Side::Army) + before.piece_count(Side::Indians)
            );
            assert_eq!(moves(&p), moves(&before));
        }
    }
    assert!(captures >= 4);
}

#[test]
fn game_undo_restores_position_and_repetition_count() {
    let s = pass_scenario();
    let line = "@1:F-a1 pass a1:F-a2 pass a2:F-a3 pass a3:F-a2 pass a2:F-b2 pass b2:F-a2";
    let mut g = game_of(Position::start(&s), line);
    assert_eq!(status(&g), "draw repetition");
    assert_eq!(g.undo().unwrap().to_string(), "b2:F-a2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().to_string(), "|1v/|1F/|2 A 10 6");
    assert_eq!(g.moves().len(), 10);
    // Playing it again repeats the position a third time again.
    g.play_text("b2:F-a2").unwrap();
    assert_eq!(status(&g), "draw repetition");
    while g.undo().is_some() {}
    assert_eq!(g.position(), g.start());
    assert_eq!(g.position().hash(), Position::start(&s).hash());
    assert_eq!(g.occurrences(), 1);
    // Undo also takes back a resignation.
    let mut g = game_of(Position::start(&s), "@1:F-a1");
    g.resign(Side::Army).unwrap();
    assert!(g.is_over());
    g.undo();
    assert_eq!(g.settled(), None);
    assert!(!g.is_over());
}

// ---------------------------------------------------------------------------
// Game records

/// The first c-small game of the conformance data: the Indians win by elimination.
fn won_game() -> Game {
    let line = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/conformance/games.txt"
    ))
    .unwrap()
    .lines()
    .find(|l| l.starts_with("c-small.toml") && l.contains("win indians"))
    .unwrap()
    .to_string();
    let moves = line.split(" ; ").nth(1).unwrap();
    let g = game_of(Position::start(&small()), moves);
    assert_eq!(status(&g), "win indians");
    g
}

#[test]
fn record_json_round_trip_and_replay() {
    let g = won_game();
    let r = Record::from_game(&g, "Custer", "Black Kettle", Some("2024-05-01"));
    assert_eq!(r.scenario, "c-small");
    assert_eq!(r.result, "indians");
    assert_eq!(r.reason.as_deref(), Some("elimination"));
    assert_eq!(r.start, None, "the scenario's start is not repeated");
    assert_eq!(r.moves.len(), g.moves().len());
    assert_eq!(r.moves[0], "@1:FV-a1");
    let json = r.to_json();
    assert!(json.contains("\"scenario\": \"c-small\""), "{json}");
    assert!(json.contains("\"army\": \"Custer\""), "{json}");
    let back = Record::from_json(&json).unwrap();
    assert_eq!(back, r);
    let replayed = back.replay(&small()).unwrap();
    assert_eq!(replayed.position(), g.position());
    assert_eq!(replayed.outcome(), g.outcome());
    let e = Record::from_json("{\"scenario\": \"c-small\", \"colour\": 1}").unwrap_err();
    assert!(
        e.to_string().contains(
            "it has a field \"colour\" that game records do not have (they have: scenario, army"
        ),
        "{e}"
    );
    let e =
        Record::from_json("{\"scenario\": \"c-small\", \"moves\": [\n\"@1:FV-a1\",").unwrap_err();
    assert_eq!(
        e.to_string(),
        "game record: the file ends before the record does: it was cut short (line 2)"
    );
    assert!(!e.to_string().contains("EOF"), "{e}");
}

#[test]
fn record_text_round_trip_and_replay() {
    let g = won_game();
    let r = Record::from_game(&g, "Custer", "Black \"Kettle\"", None);
    let text = r.to_string();
    assert!(
        text.starts_with("[Scenario \"c-small\"]\n[Army \"Custer\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("[Indians \"Black \\\"Kettle\\\"\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Result \"indians\"]\n[Reason \"elimination\"]\n\n"),
        "{text}"
    );
    assert!(
        text.contains("1. @1:FV-a1 d1:F-c1 2. a1:F-a2,V-b1"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("0-1"), "{text}");
    assert!(text.lines().all(|l| l.len() <= 78), "{text}");
    let back: Record = text.parse().unwrap();
    assert_eq!(back, r);
    assert_eq!(back.replay(&small()).unwrap().position(), g.position());
    // Comments are skipped; move numbers are optional.
    let loose =
        "[Scenario \"c-small\"]\n[Result \"ongoing\"]\n\n{opening} @1:FV-a1 {reply} d1:F-c1 *\n";
    let r: Record = loose.parse().unwrap();
    assert_eq!(r.moves, ["@1:FV-a1", "d1:F-c1"]);
    assert_eq!(r.replay(&small()).unwrap().moves().len(), 2);
    for (bad, reason) in [
        (
            "[Army \"x\"]\n\n*",
            "not a game record: it has no [Scenario",
        ),
        (
            "[Scenario \"c-small\"]\n[Colour \"red\"]\n",
            "unknown tag \"Colour\"",
        ),
        (
            "[Scenario \"c-small\"]\n[Result \"army\"]\n[Reason \"resignation\"]\n\n1. @1:F-a1 0-1",
            "the moves end with 0-1, but the Result tag says army",
        ),
        (
            "[Scenario \"c-small\"]\n\n1. @1:F-a1 * d1:F-c1",
            "comes after the result marker",
        ),
        (
            "[Scenario \"c-small\"]\n\n1. @1:F-a1 {open",
            "comment is not closed",
        ),
        ("[Scenario c-small]\n", "must be in double quotes"),
        (
            "[Scenario \"c-small\"]\n[Result \"won\"]\n\n*",
            "result \"won\" is not army, indians, draw or ongoing",
        ),
        (
            "[Scenario \"c-small\"]\n[Result \"draw\"]\n[Reason \"resignation\"]\n\n1/2-1/2",
            "reason \"resignation\" does not go with result draw",
        ),
        (
            "[Scenario \"c-small\"]\n[Date \"30/11/2026\"]\n\n*",
            "date: \"30/11/2026\" is not an ISO date",
        ),
    ] {
        let e = bad.parse::<Record>().unwrap_err();
        assert!(e.to_string().contains(reason), "{bad:?}: {e}");
    }
}

#[test]
fn record_text_written_is_read_back_even_with_odd_move_tokens() {
    // A record read from text (the moves are not checked until replayed) must
    // write back to text that reads as the same record.
    let text = format!("[Scenario \"c-small\"]\n\n1. {} [x *\n", "a".repeat(73));
    let r: Record = text.parse().unwrap();
    assert_eq!(r.moves, ["a".repeat(73), "[x".to_string()]);
    let written = r.to_string();
    let back: Record = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(back, r);
}

#[test]
fn record_with_its_own_start_position_numbers_moves_from_it() {
    let s = small();
    let start = "F|3m/MM|V2f/|(FM)1(ff)1 I 9 5";
    let g = game_of(pos(&s, start), "d3:M-c3 @3:F-a3");
    let r = Record::from_game(&g, "", "", None);
    assert_eq!(r.start.as_deref(), Some(start));
    assert_eq!(r.result, "ongoing");
    assert_eq!(r.reason, None);
    let text = r.to_string();
    assert!(text.contains(&format!("[Start \"{start}\"]")), "{text}");
    assert!(text.contains("5... d3:M-c3 6. @3:F-a3 *"), "{text}");
    let back: Record = text.parse().unwrap();
    assert_eq!(back, r);
    assert_eq!(back.replay(&s).unwrap().position(), g.position());
}

#[test]
fn record_replay_reports_an_illegal_move_with_its_number() {
    let g = won_game();
    let mut r = Record::from_game(&g, "", "", None);
    r.moves[4] = "a2:F-d3".into();
    let e = r.replay(&small()).unwrap_err();
    assert!(e.to_string().contains("move 5 (a2:F-d3): "), "{e}");
    assert!(e.to_string().contains("d3 is not one step"), "{e}");
    r.moves[4] = "a1:F-".into();
    let e = r.replay(&small()).unwrap_err();
    assert!(e.to_string().contains("move 5 (a1:F-)"), "{e}");
    // A move after the end of the game.
    let mut r = Record::from_game(&g, "", "", None);
    r.moves.push("pass".into());
    let e = r.replay(&small()).unwrap_err();
    let n = r.moves.len();
    assert!(e.to_string().contains(&format!("move {n} (pass)")), "{e}");
    assert!(
        e.to_string().contains("the game is over (win indians)"),
        "{e}"
    );
    // The wrong scenario.
    let r = Record::from_game(&g, "", "", None);
    let e = r.replay(&custom()).unwrap_err();
    assert!(
        e.to_string()
            .contains("the record is for scenario \"c-small\", not \"c-rules\""),
        "{e}"
    );
    // A bad start position.
    let mut r = Record::from_game(&g, "", "", None);
    r.start = Some("|4/|4/|5 A 0 1".into());
    let e = r.replay(&small()).unwrap_err();
    assert!(e.to_string().contains("start position: "), "{e}");
}

#[test]
fn record_replay_checks_the_claimed_result() {
    let g = won_game();
    let mut r = Record::from_game(&g, "", "", None);
    r.result = "army".into();
    let e = r.replay(&small()).unwrap_err();
    assert!(
        e.to_string().contains(
            "the result says a win for the Army by elimination, but the moves end in a win for the Indians by elimination"
        ),
        "{e}"
    );
    // An ongoing game may only end early by resignation or agreement.
    let ongoing = game_of(Position::start(&small()), "@1:F-a1 d1:F-c1");
    let mut r = Record::from_game(&ongoing, "", "", None);
    assert_eq!((r.result.as_str(), r.reason.as_deref()), ("ongoing", None));
    r.result = "draw".into();
    r.reason = Some("quiet".into());
    let e = r.replay(&small()).unwrap_err();
    assert!(e.to_string().contains("the game is still going"), "{e}");
    // Resignation and agreement are recorded and replayed.
    let mut resigned = ongoing.clone();
    resigned.resign(Side::Indians).unwrap();
    let r = Record::from_game(&resigned, "", "", None);
    assert_eq!(
        (r.result.as_str(), r.reason.as_deref()),
        ("army", Some("resignation"))
    );
    let text = r.to_string();
    assert!(text.trim_end().ends_with("1-0"), "{text}");
    let g = text.parse::<Record>().unwrap().replay(&small()).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Army, WinReason::Resignation))
    );
    assert_eq!(
        g.settled(),
        Some(Outcome::Win(Side::Army, WinReason::Resignation))
    );
    let mut agreed = ongoing;
    agreed.agree_draw().unwrap();
    let r = Record::from_game(&agreed, "", "", None);
    assert_eq!(
        (r.result.as_str(), r.reason.as_deref()),
        ("draw", Some("agreement"))
    );
    assert!(r.to_string().trim_end().ends_with("1/2-1/2"));
    let g = Record::from_json(&r.to_json())
        .unwrap()
        .replay(&small())
        .unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}
