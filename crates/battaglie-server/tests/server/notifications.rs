//! Notifications over the real router and a node's sender task, on SQLite and
//! (with `BATTAGLIE_TEST_POSTGRES`) PostgreSQL, under a fake clock: mail to a
//! local SMTP sink (one per game per hour, the end mail delayed, never
//! dropped; an unsubscribe link that works without signing in), webhooks to a
//! local HTTP sink in Discord's and Slack's formats, retried after a failure,
//! and moves that never wait for a mail server.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use battaglie_community::{FakeClock, Timestamp};
use battaglie_server::notify::FIRST_RETRY;
use serde_json::{json, Value};

use crate::support::client::{code, Browser};
use crate::support::sinks::{notify_settings, sent_what_is_due, HookSink, Mail, SmtpSink};
use crate::support::{run, send_raw, Backend, Server, TestDb};

pub(crate) const T0: Timestamp = Timestamp(1_767_225_600_000);
pub(crate) const SITE: &str = "https://battaglie.example";
pub(crate) const MINUTE: Duration = Duration::from_secs(60);

/// Two signed-in players of a correspondence game (`3d+2h`), and the node.
pub(crate) struct Game {
    pub(crate) server: Server,
    pub(crate) clock: Arc<FakeClock>,
    pub(crate) id: String,
    pub(crate) army: Browser,
    pub(crate) indians: Browser,
    /// The game's state after the last move.
    pub(crate) state: Value,
}

pub(crate) async fn game(db: TestDb, smtp: Option<&SmtpSink>) -> Game {
    let clock = Arc::new(FakeClock::new(T0));
    let server = Server::timed(db, clock.clone()).await;
    server
        .state
        .notifications
        .spawn_notifier(notify_settings(smtp, SITE));
    let app = &server.app;
    let mut army = Browser::at("10.0.12.1");
    army.register(app, "Black_Kettle", "washita river 1868")
        .await;
    let mut indians = Browser::at("10.0.12.2");
    indians
        .register(app, "Moving_Behind", "washita river 1868")
        .await;
    let body = json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "3d+2h"});
    let created = army.send(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let claim = json!({"games": [{"id": id, "token": created.body["other_token"]}]});
    let claimed = indians
        .send(app, "POST", "/api/account/games", Some(claim))
        .await;
    assert_eq!(claimed.body["claimed"], json!([id]), "{}", claimed.body);
    Game {
        state: created.body["state"].clone(),
        server,
        clock,
        id,
        army,
        indians,
    }
}

pub(crate) async fn prefs(app: &Router, who: &mut Browser, prefs: Value) {
    let put = who
        .send(app, "PUT", "/api/account/notifications", Some(prefs))
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
}

pub(crate) fn mail_to(address: &str) -> Value {
    json!({"email": address, "mail": true, "webhook_url": null, "webhook": false})
}

/// The path (from the site's root) of the newest confirmation link mailed to
/// `address`, waiting for it.
pub(crate) async fn confirmation_link(smtp: &SmtpSink, address: &str) -> String {
    let is_confirmation = |m: &Mail| {
        m.to == [address]
            && m.header("Subject")
                .is_some_and(|s| s.starts_with("Confirm your e-mail address"))
    };
    let what = format!("a confirmation mail to {address}");
    let mails = smtp
        .wait_until(&what, |mails| mails.iter().any(is_confirmation))
        .await;
    let mail = mails.into_iter().rev().find(is_confirmation).unwrap();
    let text = mail.text();
    let from = text
        .find(&format!("{SITE}/api/account/notifications/confirm?"))
        .unwrap_or_else(|| panic!("no confirmation link: {text}"));
    text[from + SITE.len()..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect()
}

/// Turns mail to `address` on for `who` and opens the confirmation link mailed
/// there; the sink forgets the confirmation mails.
pub(crate) async fn confirmed_mail_to(
    app: &Router,
    who: &mut Browser,
    smtp: &SmtpSink,
    address: &str,
) {
    prefs(app, who, mail_to(address)).await;
    let link = confirmation_link(smtp, address).await;
    let (status, page) = send_raw(app, "GET", &link, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    smtp.clear();
}

impl Game {
    pub(crate) fn app(&self) -> &Router {
        &self.server.app
    }

    /// The side to move plays until the turn passes.
    pub(crate) async fn pass_turn(&mut self) {
        let to_move = self.state["to_move"].as_str().unwrap().to_string();
        let app = self.server.app.clone();
        while self.state["to_move"] == to_move.as_str() {
            let mv = crate::support::first_legal(&self.state);
            let mover = match to_move.as_str() {
                "army" => &mut self.army,
                _ => &mut self.indians,
            };
            let moved = mover
                .send(
                    &app,
                    "POST",
                    &format!("/api/games/{}/moves", self.id),
                    Some(json!({ "move": mv })),
                )
                .await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
            self.state = moved.body.clone();
        }
    }

    /// The player to move now.
    pub(crate) fn mover(&mut self) -> &mut Browser {
        match self.state["to_move"].as_str() {
            Some("army") => &mut self.army,
            _ => &mut self.indians,
        }
    }

    pub(crate) fn later(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// Waits until the sender has sent everything due now: two passes through
    /// the outbox that end after this call (the first may have begun before).
    pub(crate) async fn settle(&self) {
        sent_what_is_due(&self.server.state).await;
    }
}

async fn a_turn_mail_goes_once_an_hour_and_the_end_mail_after_the_hour(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    confirmed_mail_to(&app, &mut g.army, &smtp, "kettle@example.org").await;
    confirmed_mail_to(&app, &mut g.indians, &smtp, "moving@example.org").await;
    let first = g.state["to_move"].as_str().unwrap().to_string();
    let (first_mail, second_mail) = match first.as_str() {
        "army" => ("moving@example.org", "kettle@example.org"),
        _ => ("kettle@example.org", "moving@example.org"),
    };

    g.pass_turn().await;
    let mails = smtp.wait_for(1).await;
    assert_eq!(mails[0].to, [first_mail]);
    let text = mails[0].text();
    assert!(
        mails[0]
            .header("Subject")
            .unwrap()
            .starts_with("Your turn against"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{SITE}/game/{}", g.id)),
        "the game's link: {text}"
    );
    let unsubscribe = mails[0].header("List-Unsubscribe").unwrap();
    assert!(
        unsubscribe.starts_with(&format!("<{SITE}/api/unsubscribe?")),
        "{unsubscribe}"
    );
    assert!(
        text.contains(unsubscribe.trim_matches(['<', '>'])),
        "the link is in the text too: {text}"
    );

    g.later(5 * MINUTE);
    g.pass_turn().await;
    let mails = smtp.wait_for(2).await;
    assert_eq!(mails[1].to, [second_mail]);

    // The same player's turn again within the hour: no second mail.
    g.later(5 * MINUTE);
    g.pass_turn().await;
    g.settle().await;
    assert_eq!(smtp.mails().len(), 2, "{:?}", smtp.mails());

    // The game ends: the end mails wait for the hour since each player's last mail.
    g.later(5 * MINUTE);
    let id = g.id.clone();
    let resigned = g
        .mover()
        .send(
            &app,
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(json!({})),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{}", resigned.body);
    g.settle().await;
    assert_eq!(smtp.mails().len(), 2, "no end mail inside the hour");
    g.later(50 * MINUTE);
    let mails = smtp.wait_for(4).await;
    assert_eq!(mails.len(), 4, "{mails:?}");
    let mut ends: Vec<String> = mails[2..].iter().map(|m| m.to[0].clone()).collect();
    ends.sort();
    assert_eq!(ends, ["kettle@example.org", "moving@example.org"]);
    for end in &mails[2..] {
        let subject = end.header("Subject").unwrap();
        assert!(subject.contains("resignation"), "{subject}");
    }
}

async fn webhooks_get_discord_and_slack_bodies(db: TestDb) {
    let hooks = HookSink::start().await;
    let mut g = game(db, None).await;
    let app = g.app().clone();
    let hook = |path: &str, format: &str| {
        json!({"email": null, "mail": false, "webhook_url": format!("{}{path}", hooks.base),
               "webhook": true, "webhook_format": format})
    };
    let (discord, slack) = match g.state["to_move"].as_str() {
        Some("army") => (&mut g.indians, &mut g.army),
        _ => (&mut g.army, &mut g.indians),
    };
    prefs(&app, discord, hook("/api/webhooks/1/discord", "discord")).await;
    prefs(&app, slack, hook("/services/T/B/slack", "slack")).await;

    g.pass_turn().await;
    let got = hooks.wait_for(1).await;
    assert_eq!(got[0].path, "/api/webhooks/1/discord");
    let content = got[0].body["content"].as_str().unwrap();
    assert!(content.starts_with("Your turn against"), "{content}");
    assert!(
        content.ends_with(&format!("{SITE}/game/{}", g.id)),
        "{content}"
    );
    assert_eq!(got[0].body["allowed_mentions"]["parse"], json!([]));

    g.later(5 * MINUTE);
    g.pass_turn().await;
    let got = hooks.wait_for(2).await;
    assert_eq!(got[1].path, "/services/T/B/slack");
    let text = got[1].body["text"].as_str().unwrap();
    assert!(
        text.ends_with(&format!("<{SITE}/game/{}|open>", g.id)),
        "{text}"
    );
    assert!(got[1].body.get("content").is_none(), "{}", got[1].body);
}

async fn a_failing_webhook_is_retried_and_succeeds(db: TestDb) {
    let hooks = HookSink::start().await;
    let mut g = game(db, None).await;
    let app = g.app().clone();
    let url = format!("{}/hook", hooks.base);
    let waiting = match g.state["to_move"].as_str() {
        Some("army") => &mut g.indians,
        _ => &mut g.army,
    };
    prefs(
        &app,
        waiting,
        json!({"email": null, "mail": false, "webhook_url": url, "webhook": true}),
    )
    .await;
    hooks.fail_next(1);
    g.pass_turn().await;
    g.settle().await;
    assert_eq!(hooks.calls(), 1, "one attempt, refused");
    assert!(hooks.hooks().is_empty());
    let waiting = g.mover();
    let shown = waiting
        .send(&app, "GET", "/api/account/notifications", None)
        .await;
    assert_eq!(
        shown.body["recent"][0]["state"], "pending",
        "{}",
        shown.body
    );
    assert_eq!(shown.body["recent"][0]["attempts"], 1, "{}", shown.body);
    assert!(
        shown.body["recent"][0]["last_error"]
            .as_str()
            .unwrap()
            .contains("500"),
        "{}",
        shown.body
    );
    // Not before the back-off is over.
    g.later(FIRST_RETRY / 2);
    g.settle().await;
    assert_eq!(hooks.calls(), 1);
    g.later(FIRST_RETRY);
    let got = hooks.wait_for(1).await;
    assert_eq!(got[0].path, "/hook");
    g.settle().await;
    let shown = g
        .mover()
        .send(&app, "GET", "/api/account/notifications", None)
        .await;
    assert_eq!(shown.body["recent"][0]["state"], "sent", "{}", shown.body);
    assert_eq!(shown.body["recent"][0]["attempts"], 2, "{}", shown.body);
}

async fn a_direct_challenge_notifies_its_addressee_and_a_private_host_is_refused(db: TestDb) {
    let hooks = HookSink::start().await;
    let mut g = game(db, None).await;
    let app = g.app().clone();
    let to_sink = json!({"email": null, "mail": false, "webhook": true,
                         "webhook_url": format!("{}/hook", hooks.base)});
    prefs(&app, &mut g.indians, to_sink).await;
    let body = json!({"battle": "washita", "control": "3d+2h", "to": "Moving_Behind"});
    let made = g
        .army
        .send(&app, "POST", "/api/challenges", Some(body))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let got = hooks.wait_for(1).await;
    let text = got[0].body["text"].as_str().unwrap();
    assert!(
        text.starts_with("Black_Kettle challenges you to") && text.contains("(3d+2h)"),
        "{text}"
    );
    assert!(text.ends_with(&format!("{SITE}/lobby")), "{text}");

    // A webhook whose host is a private address, however written (NAT64 and
    // IPv4-compatible IPv6 reach IPv4 too), is never called: failed at once,
    // kept and shown in words that do not tell how the host resolved.
    for (url, control) in [
        ("https://10.11.12.13/hook", "1d+1h"),
        ("https://[64:ff9b::a0b:c0d]/hook", "2d+1h"),
        ("https://[::a0b:c0d]/hook", "3d+1h"),
    ] {
        let private = json!({"email": null, "mail": false, "webhook": true, "webhook_url": url});
        prefs(&app, &mut g.indians, private).await;
        let body = json!({"battle": "washita", "control": control, "to": "Moving_Behind"});
        let made = g
            .army
            .send(&app, "POST", "/api/challenges", Some(body))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        g.settle().await;
        let shown = g
            .indians
            .send(&app, "GET", "/api/account/notifications", None)
            .await;
        let latest = &shown.body["recent"][0];
        assert_eq!(latest["state"], "failed", "{url}: {latest}");
        assert_eq!(latest["attempts"], 1, "{url}: {latest}");
        assert_eq!(
            latest["last_error"], "the webhook's host cannot be reached from this server",
            "{url}: {latest}"
        );
    }
    assert_eq!(hooks.calls(), 1);
}

async fn a_move_is_accepted_while_the_mail_server_hangs(db: TestDb) {
    let smtp = SmtpSink::start().await;
    smtp.hang(true);
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    // The sender is held up by the confirmation mails, never answered.
    prefs(&app, &mut g.army, mail_to("kettle@example.org")).await;
    prefs(&app, &mut g.indians, mail_to("moving@example.org")).await;
    smtp.wait_held().await;
    for _ in 0..3 {
        g.pass_turn().await;
        // Answered while the mail server still holds the sender, unanswered.
        assert!(smtp.held() > 0, "the move waited for the mail server");
        g.later(2 * 60 * MINUTE);
    }
    assert!(smtp.mails().is_empty());
}

async fn the_unsubscribe_link_stops_mail_without_signing_in(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    confirmed_mail_to(&app, &mut g.army, &smtp, "kettle@example.org").await;
    confirmed_mail_to(&app, &mut g.indians, &smtp, "moving@example.org").await;
    g.pass_turn().await;
    let mail = smtp.wait_for(1).await.remove(0);
    let link = mail.header("List-Unsubscribe").unwrap();
    let path = link
        .trim_matches(['<', '>'])
        .strip_prefix(SITE)
        .unwrap()
        .to_string();

    // A changed token does nothing.
    let forged = format!("{}x", path);
    let (status, body) = send_raw(&app, "GET", &forged, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("unsubscribe_invalid"), "{body}");

    let (status, page) = send_raw(&app, "GET", &path, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("no more mail"), "{page}");
    let shown = g
        .mover()
        .send(&app, "GET", "/api/account/notifications", None)
        .await;
    assert_eq!(shown.body["preferences"]["mail"], false, "{}", shown.body);

    // Hours later, the player's turns come again: no mail to them; the other
    // player, still subscribed, gets theirs.
    for _ in 0..4 {
        g.later(2 * 60 * MINUTE);
        g.pass_turn().await;
    }
    g.settle().await;
    let mails = smtp.mails();
    assert!(
        mails[1..].iter().all(|m| m.to != mail.to),
        "mail after unsubscribing: {mails:?}"
    );
    assert!(mails.len() >= 2, "{mails:?}");
}

async fn bad_preferences_are_refused_with_what_is_wrong(db: TestDb) {
    let mut g = game(db, None).await;
    let app = g.app().clone();
    let cases = [
        (
            json!({"email": "not an address", "mail": true, "webhook_url": null, "webhook": false}),
            "email_invalid",
        ),
        (
            json!({"email": "\"a b>\"@example.com", "mail": true, "webhook_url": null, "webhook": false}),
            "email_invalid",
        ),
        (
            json!({"email": null, "mail": false, "webhook_url": "http://10.0.0.1/h", "webhook": true}),
            "webhook_url_invalid",
        ),
        (
            json!({"email": null, "mail": true, "webhook_url": null, "webhook": false}),
            "channel_without_address",
        ),
    ];
    for (body, expected) in cases {
        let a = g
            .army
            .send(&app, "PUT", "/api/account/notifications", Some(body))
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
        assert_eq!(code(&a), expected, "{}", a.body);
    }
    // Without the CSRF token, a change by cookie is refused.
    let a = g
        .army
        .send_with(
            &app,
            "PUT",
            "/api/account/notifications",
            Some(mail_to("kettle@example.org")),
            false,
            &[],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    // Signed out: no preferences to read.
    let mut guest = Browser::at("10.0.12.9");
    let a = guest
        .send(&app, "GET", "/api/account/notifications", None)
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
}

on_both_stores!(
    a_turn_mail_goes_once_an_hour_and_the_end_mail_after_the_hour,
    webhooks_get_discord_and_slack_bodies,
    a_failing_webhook_is_retried_and_succeeds,
    a_direct_challenge_notifies_its_addressee_and_a_private_host_is_refused,
    a_move_is_accepted_while_the_mail_server_hangs,
    the_unsubscribe_link_stops_mail_without_signing_in,
    bad_preferences_are_refused_with_what_is_wrong,
);
