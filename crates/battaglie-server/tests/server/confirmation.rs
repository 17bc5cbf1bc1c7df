//! Confirming the notification address before mailing it, over the real
//! router and a node's sender task, on SQLite and (with
//! `BATTAGLIE_TEST_POSTGRES`) PostgreSQL, under a fake clock: one
//! confirmation mail for a new address, no other mail before its link is
//! opened, a changed address unconfirmed, forged and old links refused, and
//! the link sent again at most once in ten minutes.

use axum::http::StatusCode;
use axum::Router;
use battaglie_identity::{CONFIRM_LIFETIME, CONFIRM_RESEND};
use serde_json::Value;

use crate::notifications::{confirmation_link, game, mail_to, prefs, Game, MINUTE};
use crate::support::client::{code, Browser};
use crate::support::sinks::SmtpSink;
use crate::support::{run, send_raw, Backend, TestDb};

/// What the account page reads of `who`'s notifications.
async fn shown(app: &Router, who: &mut Browser) -> Value {
    let got = who
        .send(app, "GET", "/api/account/notifications", None)
        .await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.body);
    got.body
}

/// The browser of `side`'s player.
fn seat<'a>(g: &'a mut Game, side: &str) -> &'a mut Browser {
    if side == "army" {
        &mut g.army
    } else {
        &mut g.indians
    }
}

/// The mails the sink got to `address`.
fn mails_to(smtp: &SmtpSink, address: &str) -> Vec<String> {
    smtp.mails()
        .iter()
        .filter(|m| m.to == [address])
        .map(|m| m.header("Subject").unwrap_or_default())
        .collect()
}

async fn a_new_address_gets_one_confirmation_and_no_turn_mail_until_confirmed(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    // The player who waits for the first turn to pass.
    let waiting = match g.state["to_move"].as_str() {
        Some("army") => "indians",
        _ => "army",
    };
    let address = "waiting@example.org";
    prefs(&app, seat(&mut g, waiting), mail_to(address)).await;
    let link = confirmation_link(&smtp, address).await;
    g.settle().await;
    assert_eq!(mails_to(&smtp, address).len(), 1, "one confirmation mail");
    let body = shown(&app, seat(&mut g, waiting)).await;
    assert_eq!(body["confirmation"]["confirmed"], false, "{body}");

    // Their turn comes: no mail to an address nobody confirmed.
    g.pass_turn().await;
    g.settle().await;
    assert_eq!(mails_to(&smtp, address).len(), 1, "{:?}", smtp.mails());

    // The link confirms it, without signing in.
    let (status, page) = send_raw(&app, "GET", &link, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("is confirmed"), "{page}");
    let body = shown(&app, seat(&mut g, waiting)).await;
    assert_eq!(body["confirmation"]["confirmed"], true, "{body}");
    // Saving the same address again keeps it confirmed and mails nothing.
    prefs(&app, seat(&mut g, waiting), mail_to(address)).await;

    // Two turns on, theirs again: now the turn mail goes.
    g.later(5 * MINUTE);
    g.pass_turn().await;
    g.later(5 * MINUTE);
    g.pass_turn().await;
    smtp.wait_until("a second mail", |mails| {
        mails.iter().filter(|m| m.to == [address]).count() >= 2
    })
    .await;
    let subjects = mails_to(&smtp, address);
    assert_eq!(subjects.len(), 2, "{subjects:?}");
    assert!(subjects[1].starts_with("Your turn against"), "{subjects:?}");
}

async fn changing_the_address_unconfirms_it_and_its_old_link_is_refused(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    prefs(&app, &mut g.army, mail_to("kettle@example.org")).await;
    let old = confirmation_link(&smtp, "kettle@example.org").await;
    let (status, page) = send_raw(&app, "GET", &old, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");

    g.later(CONFIRM_RESEND + MINUTE);
    prefs(&app, &mut g.army, mail_to("black.kettle@example.org")).await;
    let body = shown(&app, &mut g.army).await;
    assert_eq!(body["preferences"]["email"], "black.kettle@example.org");
    assert_eq!(body["confirmation"]["confirmed"], false, "{body}");
    let new = confirmation_link(&smtp, "black.kettle@example.org").await;

    // The old address's link confirms nothing now.
    let (status, page) = send_raw(&app, "GET", &old, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    assert!(page.contains("email_confirm_invalid"), "{page}");
    let (status, page) = send_raw(&app, "GET", &new, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let body = shown(&app, &mut g.army).await;
    assert_eq!(body["confirmation"]["confirmed"], true, "{body}");
}

async fn a_forged_or_expired_confirmation_link_is_refused_with_its_code(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    prefs(&app, &mut g.army, mail_to("kettle@example.org")).await;
    let link = confirmation_link(&smtp, "kettle@example.org").await;
    let forged = [
        format!("{link}x"),
        link.replacen("token=", "token=A", 1),
        link.replacen("at=", "at=1", 1),
        link.replacen("user=", "user=0", 1),
    ];
    for path in &forged {
        let (status, page) = send_raw(&app, "GET", path, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {page}");
        assert!(page.contains("email_confirm_invalid"), "{path}: {page}");
    }
    g.later(CONFIRM_LIFETIME);
    let (status, page) = send_raw(&app, "GET", &link, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{page}");
    assert!(page.contains("email_confirm_expired"), "{page}");
    let body = shown(&app, &mut g.army).await;
    assert_eq!(body["confirmation"]["confirmed"], false, "{body}");
}

async fn sending_the_link_again_inside_ten_minutes_is_refused(db: TestDb) {
    let smtp = SmtpSink::start().await;
    let mut g = game(db, Some(&smtp)).await;
    let app = g.app().clone();
    let again = "/api/account/notifications/confirm";
    // Nothing to confirm yet.
    let a = g.army.send(&app, "POST", again, None).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{}", a.body);
    assert_eq!(code(&a), "email_confirm_nothing");

    prefs(&app, &mut g.army, mail_to("kettle@example.org")).await;
    confirmation_link(&smtp, "kettle@example.org").await;
    g.later(MINUTE);
    let a = g.army.send(&app, "POST", again, None).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.body);
    assert_eq!(code(&a), "email_confirm_too_soon");
    assert_eq!(a.body["params"]["wait"], 540, "{}", a.body);
    // Typing another address inside the ten minutes mails nobody either.
    prefs(&app, &mut g.army, mail_to("other@example.org")).await;
    let body = shown(&app, &mut g.army).await;
    assert_eq!(body["confirmation"]["resend_in"], 540, "{body}");
    g.settle().await;
    assert_eq!(smtp.mails().len(), 1, "{:?}", smtp.mails());

    g.later(CONFIRM_RESEND);
    let a = g.army.send(&app, "POST", again, None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let link = confirmation_link(&smtp, "other@example.org").await;
    assert_eq!(smtp.mails().len(), 2);
    let (status, page) = send_raw(&app, "GET", &link, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    // Confirmed: nothing to send again.
    let a = g.army.send(&app, "POST", again, None).await;
    assert_eq!(code(&a), "email_confirm_nothing", "{}", a.body);
}

on_both_stores!(
    a_new_address_gets_one_confirmation_and_no_turn_mail_until_confirmed,
    changing_the_address_unconfirms_it_and_its_old_link_is_refused,
    a_forged_or_expired_confirmation_link_is_refused_with_its_code,
    sending_the_link_again_inside_ten_minutes_is_refused,
);
