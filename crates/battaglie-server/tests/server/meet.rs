//! The correspondence scenario, whole, on two nodes over one
//! PostgreSQL database and each bus: two players who have never met find each
//! other in the lobby (a challenge posted on one node, accepted on the other),
//! play turns hours apart over several days of fake time, each through their
//! own node, and get one mail at each turn with the game's link; then one
//! lets their time run out, the other claims the win, both get the end mail
//! and both ratings change.
//!
//! Needs `BATTAGLIE_TEST_POSTGRES` (and `BATTAGLIE_TEST_NATS` for the NATS
//! half): skipped loudly without them, failed under CI.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use battaglie_community::{FakeClock, Timestamp};
use serde_json::{json, Value};

use crate::support::client::{meet_in_lobby, player_with_mail, Browser};
use crate::support::cluster::{two_timed_nodes, Kind, Node};
use crate::support::sinks::{notify_settings, sent_what_is_due, Mail, SmtpSink};

const T0: Timestamp = Timestamp(1_767_225_600_000);
const SITE: &str = "https://battaglie.example";
const HOUR: Duration = Duration::from_secs(3600);

/// Waits for the `n`th mail, then until each of `nodes` has sent all it had
/// due: exactly `n` came (no node sent one twice, nothing else went).
async fn exactly(smtp: &SmtpSink, nodes: [&Node; 2], n: usize) -> Vec<Mail> {
    smtp.wait_for(n).await;
    for node in nodes {
        sent_what_is_due(&node.state).await;
    }
    let all = smtp.mails();
    assert_eq!(all.len(), n, "{all:?}");
    all
}

/// One player of the game: their browser, node and mail address.
struct Player<'a> {
    who: Browser,
    node: &'a Node,
    name: &'static str,
    email: &'static str,
}

async fn a_correspondence_game_over_days_mails_each_turn_and_rates_the_claim(kind: Kind) {
    let clock = Arc::new(FakeClock::new(T0));
    let (_db, one, two) = two_timed_nodes(kind, clock.clone()).await;
    let smtp = SmtpSink::start().await;
    for node in [&one, &two] {
        node.state
            .notifications
            .spawn_notifier(notify_settings(Some(&smtp), SITE));
    }
    let mut host = Player {
        who: player_with_mail(
            &one.app,
            &smtp,
            "10.0.31.1",
            "Tall_Bull",
            "bull@example.org",
        )
        .await,
        node: &one,
        name: "Tall_Bull",
        email: "bull@example.org",
    };
    let mut guest = Player {
        who: player_with_mail(
            &two.app,
            &smtp,
            "10.0.31.2",
            "Roman_Nose",
            "nose@example.org",
        )
        .await,
        node: &two,
        name: "Roman_Nose",
        email: "nose@example.org",
    };
    let terms = json!({"battle": "washita", "side": "army", "control": "3d+2h", "rated": true});
    let (id, guest_side) =
        meet_in_lobby(&mut host.who, &one.app, &mut guest.who, &two.app, terms).await;
    assert_eq!(guest_side, "indians", "the host asked for the Army");

    let state = host
        .who
        .send(&one.app, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(state.status, StatusCode::OK, "{}", state.body);
    assert_eq!(state.body["you"], "army", "{}", state.body);
    let mut state: Value = state.body;
    let link = format!("{SITE}/game/{id}");

    // Six turns, fourteen hours apart (past the one-mail-an-hour rule): each
    // through the mover's own node, each telling the other player by mail.
    for turn in 1..=6usize {
        let to_move = state["to_move"].as_str().unwrap().to_string();
        let (mover, waiting) = if to_move == "army" {
            (&mut host, &guest)
        } else {
            (&mut guest, &host)
        };
        let mv = crate::support::first_legal(&state);
        let moved = mover
            .who
            .send(
                &mover.node.app,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(json!({ "move": mv })),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK, "turn {turn}: {}", moved.body);
        assert_ne!(
            moved.body["to_move"],
            to_move.as_str(),
            "one move, one turn"
        );
        state = moved.body;
        let mails = exactly(&smtp, [&one, &two], turn).await;
        let mail = &mails[turn - 1];
        assert_eq!(mail.to, [waiting.email], "turn {turn}");
        let subject = mail.header("Subject").unwrap();
        assert!(
            subject.starts_with(&format!("Your turn against {}", mover.name)),
            "turn {turn}: {subject}"
        );
        assert!(mail.text().contains(&link), "turn {turn}: {}", mail.text());
        clock.advance(14 * HOUR);
    }

    // The player to move lets their time run out (three days and the
    // increments); the other claims the win, through their own node.
    let late = state["to_move"].as_str().unwrap().to_string();
    let (claimant, absent) = if late == "army" {
        (&mut guest, &host)
    } else {
        (&mut host, &guest)
    };
    let early = claimant
        .who
        .send(
            &claimant.node.app,
            "POST",
            &format!("/api/games/{id}/claim"),
            Some(json!({"kind": "win"})),
        )
        .await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.body);
    assert_eq!(early.body["code"], "claim_too_early", "{}", early.body);
    clock.advance(4 * 24 * HOUR);
    let claimed = claimant
        .who
        .send(
            &claimant.node.app,
            "POST",
            &format!("/api/games/{id}/claim"),
            Some(json!({"kind": "win"})),
        )
        .await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.body);
    assert_eq!(claimed.body["status"], "over", "{}", claimed.body);
    assert_eq!(claimed.body["reason"], "abandoned", "{}", claimed.body);
    let winner = if late == "army" { "indians" } else { "army" };
    assert_eq!(claimed.body["result"], winner, "{}", claimed.body);
    let (won, lost) = (claimant.name, absent.name);

    // Both get the end mail, with the link.
    let mails = exactly(&smtp, [&one, &two], 8).await;
    let mut ends: Vec<&str> = mails[6..].iter().map(|m| m.to[0].as_str()).collect();
    ends.sort_unstable();
    let mut both = [host.email, guest.email];
    both.sort_unstable();
    assert_eq!(ends, both);
    for end in &mails[6..] {
        assert!(end.text().contains(&link), "{}", end.text());
    }

    // Both ratings changed, as either node tells.
    for node in [&one, &two] {
        for (player, winner) in [(won, true), (lost, false)] {
            let shown = Browser::at("10.0.31.9")
                .send(&node.app, "GET", &format!("/api/players/{player}"), None)
                .await;
            assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
            let rating = shown.body["rating"]["rating"].as_f64().unwrap();
            assert_eq!(shown.body["rating"]["games"], 1, "{}", shown.body);
            assert_eq!(rating > 1500.0, winner, "{player}: {}", shown.body);
            assert_eq!(rating < 1500.0, !winner, "{player}: {}", shown.body);
        }
    }
}

on_both_buses!(a_correspondence_game_over_days_mails_each_turn_and_rates_the_claim);
