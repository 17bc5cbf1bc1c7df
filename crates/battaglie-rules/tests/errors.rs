//! The typed errors: each refusal is its own variant, carrying what is wrong and where,
//! and every end of the game carries its reason (RULES.md, "A turn", "End of the game" and "Writing moves").

use std::sync::Arc;

use battaglie_rules::record::{Record, RecordError};
use battaglie_rules::{
    BfenError, BfenField, DrawReason, Game, GameOver, IllegalMoveError, Kind, MoveError, Outcome,
    ParseBfenError, ParseMoveError, PlayError, Ply, Position, Scenario, SetupError, Side, Square,
    WinReason,
};

/// c-small, 4x3: `....` / `.H..` / `..~.` (b2 house, c1 river); stack 4, quiet 20.
fn small() -> Arc<Scenario> {
    Scenario::from_toml("c-small.toml", include_str!("conformance/c-small.toml")).unwrap()
}

fn pos(bfen: &str) -> Position {
    Position::from_bfen(&small(), bfen).unwrap_or_else(|e| panic!("{bfen}: {e}"))
}

#[test]
fn playing_after_the_game_is_over_yields_game_over_not_an_illegal_move() {
    // The Indians have no piece left: the Army has won by elimination.
    let won = pos("|4/|4/|F3 I 5 7");
    let outcome = Outcome::Win(Side::Army, WinReason::Elimination);
    assert_eq!(won.outcome(), Some(outcome));
    let mut g = Game::new(won.clone());
    assert_eq!(
        g.try_play(&battaglie_rules::Move::PASS),
        Err(PlayError::GameOver(outcome))
    );
    assert_eq!(g.play_text("a1:F-a2"), Err(MoveError::GameOver(outcome)));
    assert_eq!(won.parse_move("pass"), Err(MoveError::GameOver(outcome)));
    let e = g.play_text("a1:F-a2").unwrap_err();
    assert!(e.to_string().contains("the game is over (win army)"), "{e}");
    // A settled game too, with the settled reason.
    let mut g = Game::new(Position::start(&small()));
    g.resign(Side::Indians).unwrap();
    let resigned = Outcome::Win(Side::Army, WinReason::Resignation);
    assert_eq!(g.outcome(), Some(resigned));
    let any = Position::start(&small()).legal_moves()[0];
    assert_eq!(g.try_play(&any), Err(PlayError::GameOver(resigned)));
    assert_eq!(g.agree_draw(), Err(GameOver(resigned)));
}

#[test]
#[should_panic(expected = "the game is over")]
fn game_play_panics_on_a_move_after_the_end() {
    let mut g = Game::new(pos("|4/|4/|F3 I 5 7"));
    g.play(&battaglie_rules::Move::PASS);
}

#[test]
fn an_illegal_move_is_refused_with_the_rule_it_breaks() {
    let p = pos("|4/|4/|M(ff)2 A 3 2");
    let illegal = |text: &str| match p.parse_move(text) {
        Err(MoveError::Illegal { text: t, reason }) => {
            assert_eq!(t, text.trim());
            reason
        }
        other => panic!("{text}: {other:?}"),
    };
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(illegal("c1:F-c2"), IllegalMoveError::EmptySource(sq("c1")));
    assert_eq!(
        illegal("b1:F-b2"),
        IllegalMoveError::NotYourStack {
            square: sq("b1"),
            owner: Side::Indians
        }
    );
    assert_eq!(
        illegal("a1:M-a3"),
        IllegalMoveError::NotAdjacent {
            from: sq("a1"),
            to: sq("a3")
        }
    );
    assert_eq!(
        illegal("a1:MM-a2"),
        IllegalMoveError::NotEnoughPieces {
            from: sq("a1"),
            kind: Kind::Mounted,
            has: 1,
            takes: 2
        }
    );
    assert_eq!(illegal("pass"), IllegalMoveError::PassWithMovesLeft);
    // Played as a Move, the same rule comes back with the move.
    let mut q = pos("|4/|4/|M(ff)2 A 3 2");
    let mv = q.parse_move("a1:M-a2").unwrap();
    q.play(&mv);
    match q.clone().try_play(&mv) {
        Err(PlayError::Illegal { mv: m, reason }) => {
            assert_eq!(m, mv);
            // The Mounted left a1: it is empty now, and the Indians are to move.
            assert_eq!(reason, IllegalMoveError::EmptySource(sq("a1")));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn malformed_move_text_is_a_parse_error_keeping_the_text_and_group() {
    let p = pos("|4/|4/|M(ff)2 A 3 2");
    match p.parse_move("a1:MQ-a2") {
        Err(MoveError::Parse(ParseMoveError::NotAKind {
            text,
            group,
            letter,
        })) => assert_eq!(
            (text.as_str(), group.as_str(), letter),
            ("a1:MQ-a2", "MQ-a2", 'Q')
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        p.parse_move("a1"),
        Err(MoveError::Parse(ParseMoveError::NoColon { .. }))
    ));
}

#[test]
fn a_setup_violation_is_a_setup_error_not_a_parse_error() {
    let s = small();
    // Well-formed BFEN, but a Mounted piece on the b2 house (Foot only).
    let e = Position::from_bfen(&s, "|4/|1m2/|3F A 0 1").unwrap_err();
    match &e {
        BfenError::Setup(SetupError::Terrain {
            square,
            kind,
            terrain,
            ..
        }) => {
            assert_eq!(*square, "b2".parse().unwrap());
            assert_eq!(*kind, Kind::Mounted);
            assert_eq!(terrain, "house");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.field(), BfenField::Placement);
    // The wrong number of ranks for this map is a setup error too.
    assert_eq!(
        Position::from_bfen(&s, "|4/|3F A 0 1"),
        Err(BfenError::Setup(SetupError::RankCount {
            given: 2,
            height: 3
        }))
    );
    // Syntax stays a parse error.
    assert_eq!(
        Position::from_bfen(&s, "|4/|4/|3F A 0 0"),
        Err(BfenError::Parse(ParseBfenError::TurnZero))
    );
}

#[test]
fn outcome_carries_its_reason_for_every_end() {
    let elimination = Game::new(pos("|4/|4/|F3 I 5 7")).outcome().unwrap();
    assert_eq!(
        (elimination.result_word(), elimination.reason_word()),
        ("army", "elimination")
    );
    let mut g = Game::new(Position::start(&small()));
    g.agree_draw().unwrap();
    let agreed = g.outcome().unwrap();
    assert_eq!(agreed, Outcome::Draw(DrawReason::Agreement));
    assert!(agreed.is_settled() && !elimination.is_settled());
    let mut g = Game::new(Position::start(&small()));
    g.resign(Side::Army).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Side::Indians, WinReason::Resignation))
    );
}

#[test]
fn record_errors_name_the_line_field_or_move() {
    let text = "[Scenario \"c-small\"]\n[Colour \"red\"]\n\n1. pass *\n";
    assert_eq!(
        text.parse::<Record>(),
        Err(RecordError::UnknownTag {
            line: 2,
            tag: "Colour".into()
        })
    );
    let text = "[Scenario \"c-small\"]\n\n1. @1:F-a1\n{ unclosed\n";
    assert_eq!(
        text.parse::<Record>(),
        Err(RecordError::CommentNotClosed { line: 4 })
    );
    let text = "[Scenario \"c-small\"]\n\n1. @1:F-a1 *\n2. a1:F-a2\n";
    assert!(matches!(
        text.parse::<Record>(),
        Err(RecordError::AfterResultMarker { line: 4, .. })
    ));
    let record = Record::read("[Scenario \"c-small\"]\n\n1. @1:F-a1 q1:F-a2 *\n").unwrap();
    match record.replay(&small()) {
        Err(RecordError::Move {
            number: 2,
            text,
            error: MoveError::Parse(_),
        }) => assert_eq!(text, "q1:F-a2"),
        other => panic!("{other:?}"),
    }
    match Record::read("{\"scenario\": 1}") {
        Err(RecordError::Json { line: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn numbered_moves_count_a_turn_after_each_indian_move() {
    let mut g = Game::new(pos("|4/|4/|M(ff)2 I 3 2"));
    for text in ["b1:F-b2", "a1:M-a2", "b1:F-c1"] {
        g.play_text(text).unwrap();
    }
    let labels: Vec<String> = g
        .numbered_moves()
        .map(|(ply, mv)| format!("{ply} {mv}"))
        .collect();
    assert_eq!(labels, ["2... b1:F-b2", "3. a1:M-a2", "3... b1:F-c1"]);
    assert_eq!(
        Ply::of(g.position()),
        Ply {
            turn: 4,
            side: Side::Army
        }
    );
}

#[test]
fn a_clock_ends_a_game_with_reason_time_or_abandoned_and_its_record_reads_back() {
    use battaglie_rules::ClockReason;
    let start = Position::start(&small());
    let first = start.legal_moves()[0];
    for (winner, reason, outcome) in [
        (
            Some(Side::Army),
            ClockReason::Time,
            Outcome::Win(Side::Army, WinReason::Time),
        ),
        (
            Some(Side::Indians),
            ClockReason::Abandoned,
            Outcome::Win(Side::Indians, WinReason::Abandoned),
        ),
        (
            None,
            ClockReason::Abandoned,
            Outcome::Draw(DrawReason::Abandoned),
        ),
    ] {
        let mut g = Game::new(start.clone());
        g.play(&first);
        g.end_by_clock(winner, reason).unwrap();
        assert_eq!(g.outcome(), Some(outcome));
        assert_eq!(g.end_by_clock(winner, reason), Err(GameOver(outcome)));
        let record = Record::from_game(&g, "", "", None);
        assert_eq!(record.reason.as_deref(), Some(outcome.reason_word()));
        let back: Record = record.to_string().parse().unwrap();
        assert_eq!(back.replay(&small()).unwrap().outcome(), Some(outcome));
    }
    assert_eq!(
        "win army time".parse(),
        Ok(Outcome::Win(Side::Army, WinReason::Time))
    );
    assert_eq!(
        "draw abandoned".parse(),
        Ok(Outcome::Draw(DrawReason::Abandoned))
    );
}

/// A Washita record whose start is the Army's lone Foot against an Indian
/// Mounted, ending as `result` by `reason` after one move.
fn lone_foot_record(result: &str, reason: &str) -> Record {
    Record {
        scenario: "washita".into(),
        army: String::new(),
        indians: String::new(),
        date: None,
        start: Some("|12/|12/|12/|12/|2F9/|12/|6m5/|12 A 0 1".into()),
        moves: vec!["c4:F-c5".into()],
        result: result.into(),
        reason: Some(reason.into()),
    }
}

#[test]
fn a_record_refuses_a_win_on_time_for_a_side_that_could_never_win_naming_the_rule() {
    let washita = Scenario::builtin("washita").unwrap();
    for reason in ["time", "abandoned"] {
        let err = lone_foot_record("army", reason)
            .replay(&washita)
            .unwrap_err();
        assert!(
            matches!(err, RecordError::ImpossibleEnding { .. }),
            "{reason}: {err}"
        );
        let text = err.to_string();
        assert!(text.contains("the rules on clocks and leaving"), "{text}");
        assert!(text.contains("Mounted"), "{text}");
        assert!(text.contains("so the game is a draw"), "{text}");
    }
    // The same ending as the rules make it: a draw; and the Indians may win on time.
    assert!(lone_foot_record("draw", "time").replay(&washita).is_ok());
    assert!(lone_foot_record("indians", "time").replay(&washita).is_ok());
}

#[test]
fn a_record_refuses_a_draw_on_time_while_both_sides_could_still_win() {
    let start = Position::start(&small());
    let mut g = Game::new(start.clone());
    g.play(&start.legal_moves()[0]);
    let mut record = Record::from_game(&g, "", "", None);
    record.result = "draw".into();
    record.reason = Some("time".into());
    let err = record.replay(&small()).unwrap_err();
    assert!(
        err.to_string().contains("the side out of time loses"),
        "{err}"
    );
}
