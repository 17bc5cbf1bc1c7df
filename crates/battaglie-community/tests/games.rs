//! Whole games on fake time, the pieces put together as the server will: a
//! live game lost on the clock that changes both ratings, and a
//! correspondence game over several days with a mail at each turn, its clock
//! written to the store and read back (as by another node) after every move.

use std::time::Duration;

use battaglie_community::{
    claim, flag_fall, mail_decision, notices, rate_game, Challenge, ClaimKind, Clock, EndReason,
    Ending, Event, FakeClock, GameClock, GameId, MailDecision, Participant, PlayerId, Preferences,
    Presence, Rating, Score, SideChoice, Terms, TimeControl, Timestamp,
};
use battaglie_rules::{Game, Scenario, Side};

const T0: Timestamp = Timestamp(1_767_225_600_000);

fn who(id: &str) -> Participant {
    Participant {
        id: PlayerId(id.into()),
        registered: true,
    }
}

/// Stores and reads back, as a node that restarted (or another node) would.
fn through_store(clock: &GameClock) -> GameClock {
    serde_json::from_str(&serde_json::to_string(clock).unwrap()).unwrap()
}

#[test]
fn a_rated_live_game_lost_on_time_changes_both_ratings() {
    let time = FakeClock::new(T0);
    let washita = Scenario::builtin("washita").unwrap();
    let terms = Terms {
        battle: "washita".into(),
        side: SideChoice::Army,
        control: TimeControl::live(1, 0).unwrap(),
        rated: true,
    };
    let challenge = Challenge::new(
        who("ann"),
        terms.clone(),
        battaglie_community::Audience::Open,
        &washita,
        time.now(),
    )
    .unwrap();
    let seats = challenge.accept(&who("bob"), time.now(), true).unwrap();
    assert_eq!(seats.army, PlayerId("ann".into()));

    let mut game = Game::new(battaglie_rules::Position::start(&washita));
    let mut clock = GameClock::new(terms.control, Side::Army);
    clock.start(time.now()).unwrap();
    // Quick moves, then the Indians think too long.
    for _ in 0..21 {
        time.advance(Duration::from_secs(2));
        let side = game.position().side_to_move();
        clock.moved(side, time.now()).unwrap();
        let mv = game.legal_moves()[0];
        game.play(&mv);
        clock = through_store(&clock);
    }
    // Ten moves of 2 s each: the Indians have 40 s left.
    time.advance(Duration::from_secs(39));
    assert_eq!(clock.expired(time.now()), None);
    time.advance(Duration::from_secs(1));
    let late = clock
        .expired(time.now())
        .expect("the Indians' flag has fallen");
    assert_eq!(late, Side::Indians);
    let ending = flag_fall(game.position(), late);
    assert_eq!(
        ending,
        Ending::Win {
            winner: Side::Army,
            reason: EndReason::Time
        }
    );
    clock.stop(time.now());

    let (ann, bob) = rate_game(&Rating::NEW, &Rating::NEW, Score::Win, time.now());
    assert!(ann.rating > 1500.0 && bob.rating < 1500.0);
    assert!(ann.deviation < 350.0 && bob.deviation < 350.0);
}

#[test]
fn a_correspondence_game_over_days_mails_each_turn_and_survives_restarts() {
    let time = FakeClock::new(T0);
    let washita = Scenario::builtin("washita").unwrap();
    let players = [PlayerId("ann".into()), PlayerId("bob".into())];
    let mut game = Game::new(battaglie_rules::Position::start(&washita));
    let mut clock = GameClock::new(TimeControl::CORRESPONDENCE_DEFAULT, Side::Army);
    clock.start(time.now()).unwrap();
    let mut last_mail: [Option<Timestamp>; 2] = [None, None];
    let mut mails = 0;
    // Each side answers after 90 minutes, for 40 plies: 2.5 days of fake time.
    for _ in 0..40 {
        time.advance(Duration::from_secs(90 * 60));
        let side = game.position().side_to_move();
        clock = through_store(&clock);
        clock.moved(side, time.now()).unwrap();
        let mv = game.legal_moves()[0];
        game.play(&mv);
        let next = !side;
        let event = Event::YourTurn {
            game: GameId("g".into()),
            player: players[next.index()].clone(),
            correspondence: true,
            opponent: players[side.index()].0.clone(),
            battle: washita.name().into(),
        };
        let on = |_: &PlayerId| Preferences {
            mail: true,
            webhook: false,
        };
        for n in notices(&event, on)
            .iter()
            .filter(|n| n.channel == battaglie_community::Channel::Mail)
        {
            let slot = &mut last_mail[next.index()];
            if mail_decision(n, *slot, time.now()) == MailDecision::Send {
                *slot = Some(time.now());
                mails += 1;
            }
        }
    }
    // Every turn came at least 3 hours after that player's last one: a mail each time.
    assert_eq!(mails, 40);
    assert!(time.now().since(T0) >= Duration::from_secs(2 * 86_400));
    // Banked time stays at the cap: moves inside the increment lose nothing.
    let mover = game.position().side_to_move();
    assert_eq!(
        clock.remaining(!mover, time.now()),
        TimeControl::CORRESPONDENCE_DEFAULT.initial()
    );

    // Now the player to move goes quiet for three days and a bit.
    let away = Presence::absent(time.now());
    time.advance(Duration::from_secs(3 * 86_400 - 60));
    let waiting = !mover;
    assert!(claim(
        &clock,
        game.position(),
        waiting,
        &away,
        ClaimKind::Win,
        time.now()
    )
    .is_err());
    time.advance(Duration::from_secs(60));
    let clock = through_store(&clock);
    let ending = claim(
        &clock,
        game.position(),
        waiting,
        &away,
        ClaimKind::Win,
        time.now(),
    )
    .unwrap();
    assert_eq!(
        ending,
        Ending::Win {
            winner: waiting,
            reason: EndReason::Abandoned
        }
    );
}
