//! The joined parts of a state are, byte for byte, what serde writes for the
//! whole state with the reader's fields in front.

use battaglie_community::TimeControl;
use battaglie_rules::{Position, Rng, Scenario};
use serde::Serialize;

use super::*;
use crate::game::Mode;

/// What a reader is sent, written by serde in one piece.
#[derive(Serialize)]
struct Whole<'a> {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    you: Option<&'static str>,
    #[serde(flatten)]
    state: Snapshot<'a>,
}

fn row(mode: Mode) -> GameRow {
    GameRow {
        id: "g\"1\\é".into(),
        scenario: "washita".into(),
        mode,
        computer_side: None,
        computer_level: None,
        army_token: None,
        indians_token: None,
        start: None,
        draw_offer: None,
        takeback_offer: None,
        outcome: None,
        created_at: 1_700_000_000,
        updated_at: 0,
        revision: 0,
        clock: None,
        aborted_at: None,
    }
}

/// The clocks a state is checked with: none, one not started, one running.
fn clocks() -> [Option<GameClock>; 3] {
    let control = TimeControl::live(3, 2).unwrap();
    let mut running = GameClock::new(control, Side::Army);
    running.start(Timestamp::from_millis(1_000)).unwrap();
    [
        None,
        Some(GameClock::new(control, Side::Army)),
        Some(running),
    ]
}

/// Games of every battle at several lengths, one of them over.
fn games() -> Vec<Game> {
    let mut rng = Rng::new(41);
    let mut out = Vec::new();
    for s in Scenario::builtins() {
        let mut game = Game::new(Position::start(s));
        for ply in 0..60 {
            if ply % 15 == 0 {
                out.push(game.clone());
            }
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(&legal[rng.below(legal.len())]);
        }
        let mut over = game.clone();
        over.resign(over.position().side_to_move()).unwrap();
        out.push(over);
    }
    out
}

/// What serde writes for the state of `now` as `seat`'s reader sees it.
fn serde_whole(
    row: &GameRow,
    computer: Option<(Side, u8)>,
    now: &Changing<'_>,
    seat: Seat,
    message: bool,
    legal: bool,
) -> String {
    let from = plies_from(now);
    let plies = view::plies_after(now.game, from);
    let moves = if legal {
        now.game.legal_moves()
    } else {
        Vec::new()
    };
    let whole = Whole {
        kind: message.then_some("state"),
        you: seat.word(),
        state: Snapshot {
            head: head(row, computer, now, from, &plies),
            legal: view::legal(&moves),
            clock: now.clock.map(|c| clock_view(c, now.now)),
        },
    };
    serde_json::to_string(&whole).unwrap()
}

#[test]
fn every_reader_is_sent_the_bytes_serde_writes_for_the_whole_state() {
    let seats = [Seat::Army, Seat::Indians, Seat::Both, Seat::Spectator];
    let (mut checked, mut cut, mut over) = (0, 0, 0);
    for game in games() {
        over += usize::from(game.is_over());
        let modes = [
            (None, Mode::Online),
            (Some((Side::Indians, 3)), Mode::Computer),
            (None, Mode::Hotseat),
        ];
        let clocks = clocks();
        for (clock, (computer, mode)) in clocks.iter().flat_map(|c| modes.map(|m| (c, m))) {
            let row = row(mode);
            let start = game.start().to_string();
            for base in [None, Some((7, game.moves().len() / 2))] {
                let now = Changing {
                    game: &game,
                    start: &start,
                    version: 8,
                    base,
                    draw_offer: Some(Side::Army),
                    takeback_offer: None,
                    updated_at: 1_700_000_100,
                    computer_says: None,
                    clock: clock.as_ref(),
                    now: Timestamp::from_millis(5_000),
                    aborted: false,
                };
                let parts = snapshot(&row, computer, Changing { ..now });
                for seat in seats {
                    for message in [false, true] {
                        assert_eq!(
                            with_seat(&parts, seat, message),
                            serde_whole(&row, computer, &now, seat, message, true),
                            "{seat:?} reading {}",
                            game.position()
                        );
                    }
                    let on_turn = seat.plays(game.position().side_to_move());
                    cut += usize::from(!on_turn);
                    assert_eq!(
                        with_seat_on_turn(&parts, seat),
                        serde_whole(&row, computer, &now, seat, true, on_turn),
                        "{seat:?} reading only its own moves in {}",
                        game.position()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(
        checked > 100 && cut > 0 && over > 0,
        "{checked} {cut} {over}"
    );
}

#[test]
fn a_clock_read_again_changes_only_the_clock() {
    let [_, _, Some(running)] = clocks() else {
        unreachable!("the third clock runs")
    };
    let game = &games()[1];
    let row = row(Mode::Online);
    let start = game.start().to_string();
    let at = |millis| Changing {
        game,
        start: &start,
        version: 9,
        base: None,
        draw_offer: None,
        takeback_offer: Some(Side::Indians),
        updated_at: 1_700_000_200,
        computer_says: Some(ComputerSays::LostScore),
        clock: Some(&running),
        now: Timestamp::from_millis(millis),
        aborted: false,
    };
    let built = snapshot(&row, None, at(2_000));
    let later = built.clock_at(&running, Timestamp::from_millis(61_000));
    let expected = serde_whole(&row, None, &at(61_000), Seat::Army, true, true);
    assert_eq!(with_seat(&later, Seat::Army, true), expected);
    assert_ne!(with_seat(&built, Seat::Army, true), expected);
}
