//! Accounts over the real router, on SQLite and (with `BATTAGLIE_TEST_POSTGRES`)
//! PostgreSQL: registration, sessions in cookies, CSRF, throttles, no user
//! enumeration, seats that only their owner's cookie or token opens, and a
//! guest's games claimed at registration.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

use crate::support::client::{code, Browser};
use crate::support::{run, Backend, Server};

async fn new_online_game(app: &Router, who: &mut Browser) -> Value {
    let a = who
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "online", "side": "army"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body
}

use crate::support::first_legal;

async fn register_log_out_log_in_change_password_and_delete(s: Server) {
    let app = &s.app;
    let mut b = Browser::at("10.0.0.1");
    let a = b.register(app, "Red_Cloud", "powder river 1866").await;
    assert_eq!(a.body["name"], "Red_Cloud");
    assert_eq!(a.body["games"], json!([]));
    let me = b.me(app).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["name"], "Red_Cloud");

    // Names are unique whatever their case.
    let mut other = Browser::at("10.0.0.2");
    let taken = other
        .send(
            app,
            "POST",
            "/api/account/register",
            Some(json!({"name": "red_cloud", "password": "another one 1"})),
        )
        .await;
    assert_eq!(
        (taken.status, code(&taken)),
        (StatusCode::CONFLICT, "name_taken")
    );
    let bad = other
        .send(
            app,
            "POST",
            "/api/account/register",
            Some(json!({"name": "9lives", "password": "another one 1"})),
        )
        .await;
    assert_eq!(
        (bad.status, code(&bad)),
        (StatusCode::UNPROCESSABLE_ENTITY, "name_start")
    );
    assert_eq!(bad.body["params"]["char"], "9");
    let short = other
        .send(
            app,
            "POST",
            "/api/account/register",
            Some(json!({"name": "Sitting_Bull", "password": "short"})),
        )
        .await;
    assert_eq!(short.body["code"], "password_too_short");
    assert_eq!(short.body["params"]["min"], 8);

    // Logging out ends the session and drops the cookie.
    let old = b.clone();
    let out = b.send(app, "POST", "/api/account/logout", None).await;
    assert_eq!(out.status, StatusCode::OK, "{}", out.body);
    assert!(out.cookie.unwrap().contains("Max-Age=0"));
    let mut old_again = old.clone();
    let me = old_again.me(app).await;
    assert_eq!(
        (me.status, code(&me)),
        (StatusCode::UNAUTHORIZED, "not_signed_in")
    );

    // A password change checks the current one and ends every other session.
    let a = b.login(app, "RED_CLOUD", "powder river 1866").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let mut elsewhere = Browser::at("10.0.0.3");
    assert_eq!(
        elsewhere
            .login(app, "Red_Cloud", "powder river 1866")
            .await
            .status,
        StatusCode::OK
    );
    let before = b.clone();
    let wrong = b
        .send(
            app,
            "POST",
            "/api/account/password",
            Some(json!({"current": "not it at all", "password": "bozeman trail 67"})),
        )
        .await;
    assert_eq!(
        (wrong.status, code(&wrong)),
        (StatusCode::FORBIDDEN, "wrong_password")
    );
    let changed = b
        .send(
            app,
            "POST",
            "/api/account/password",
            Some(json!({"current": "powder river 1866", "password": "bozeman trail 67"})),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_ne!(b.cookie, before.cookie, "a new session for this browser");
    assert_eq!(b.me(app).await.status, StatusCode::OK);
    assert_eq!(
        before.clone().me(app).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(elsewhere.me(app).await.status, StatusCode::UNAUTHORIZED);
    let mut c = Browser::at("10.0.0.4");
    assert_eq!(
        code(&c.login(app, "Red_Cloud", "powder river 1866").await),
        "login_invalid"
    );
    assert_eq!(
        c.login(app, "Red_Cloud", "bozeman trail 67").await.status,
        StatusCode::OK
    );

    // Deleting asks for the password; afterwards the account is gone and its name free.
    let wrong = b
        .send(
            app,
            "DELETE",
            "/api/account",
            Some(json!({"password": "powder river 1866"})),
        )
        .await;
    assert_eq!(
        (wrong.status, code(&wrong)),
        (StatusCode::FORBIDDEN, "wrong_password")
    );
    let gone = b
        .send(
            app,
            "DELETE",
            "/api/account",
            Some(json!({"password": "bozeman trail 67"})),
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    assert_eq!(b.me(app).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        c.me(app).await.status,
        StatusCode::UNAUTHORIZED,
        "every session ended"
    );
    let mut d = Browser::at("10.0.0.5");
    assert_eq!(
        code(&d.login(app, "Red_Cloud", "bozeman trail 67").await),
        "login_invalid"
    );
    d.register(app, "red_cloud", "a new person 1").await;
}

async fn the_session_cookie_is_http_only_lax_on_path_root_and_secure_under_tls(s: Server) {
    let app = &s.app;
    let mut b = Browser::at("10.0.1.1");
    let a = b.register(app, "Crazy_Horse", "powder river 1866").await;
    let cookie = a.cookie.unwrap();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.split("; ").any(|p| p == part), "{part} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    let mut tls = Browser::at("10.0.1.2");
    let a = tls
        .send_with(
            app,
            "POST",
            "/api/account/login",
            Some(json!({"name": "Crazy_Horse", "password": "powder river 1866"})),
            false,
            &[("x-forwarded-proto", "https")],
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.cookie.unwrap().split("; ").any(|p| p == "Secure"));
}

async fn a_login_never_keeps_a_session_id_the_browser_brought(s: Server) {
    let app = &s.app;
    let mut victim = Browser::at("10.0.2.1");
    victim
        .register(app, "Black_Kettle", "powder river 1866")
        .await;
    victim.send(app, "POST", "/api/account/logout", None).await;
    // An attacker plants a cookie of the right shape, then the victim logs in.
    let planted = "A".repeat(43);
    victim.cookie = Some(planted.clone());
    let a = victim.login(app, "Black_Kettle", "powder river 1866").await;
    assert_eq!(a.status, StatusCode::OK);
    assert_ne!(victim.cookie.as_deref(), Some(planted.as_str()));
    let mut attacker = Browser {
        address: "10.0.2.2".into(),
        cookie: Some(planted),
        csrf: None,
    };
    assert_eq!(attacker.me(app).await.status, StatusCode::UNAUTHORIZED);
    // And each login is a new session.
    let first = victim.cookie.clone();
    victim.login(app, "Black_Kettle", "powder river 1866").await;
    assert_ne!(victim.cookie, first);
}

async fn changes_made_with_the_cookie_need_the_csrf_token(s: Server) {
    let app = &s.app;
    let mut b = Browser::at("10.0.3.1");
    b.register(app, "Roman_Nose", "powder river 1866").await;
    let game = new_online_game(app, &mut b).await;
    let id = game["id"].as_str().unwrap();
    let uri = format!("/api/games/{id}/moves");
    let mv = first_legal(&game["state"]);
    for (method, path, body) in [
        ("POST", "/api/account/logout", None),
        (
            "POST",
            "/api/account/password",
            Some(json!({"current": "powder river 1866", "password": "x1234567890"})),
        ),
        (
            "DELETE",
            "/api/account",
            Some(json!({"password": "powder river 1866"})),
        ),
        ("POST", "/api/account/games", Some(json!({"games": []}))),
        ("POST", uri.as_str(), Some(json!({"move": mv}))),
    ] {
        let a = b
            .send_with(app, method, path, body.clone(), false, &[])
            .await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::FORBIDDEN, "csrf_token"),
            "{method} {path}"
        );
        let a = b
            .send_with(
                app,
                method,
                path,
                body,
                false,
                &[("x-csrf-token", "forged-token-value")],
            )
            .await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::FORBIDDEN, "csrf_token"),
            "{method} {path}"
        );
    }
    assert_eq!(b.me(app).await.status, StatusCode::OK, "nothing was done");
    // Another session's token does not pass either.
    let mut other = Browser::at("10.0.3.2");
    other.login(app, "Roman_Nose", "powder river 1866").await;
    let a = b
        .send_with(
            app,
            "POST",
            "/api/account/logout",
            None,
            false,
            &[("x-csrf-token", other.csrf.as_deref().unwrap())],
        )
        .await;
    assert_eq!(code(&a), "csrf_token");
    // With the token the move by cookie is played.
    let a = b.send(app, "POST", &uri, Some(json!({"move": mv}))).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["ply"], 1);
    // A request with a seat token and no cookie is today's anonymous play, unchanged.
    let mut guest = Browser::at("10.0.3.3");
    let a = guest
        .send(
            app,
            "POST",
            &uri,
            Some(json!({"token": game["other_token"], "move": first_legal(&a.body)})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["ply"], 2);
}

async fn password_guessing_is_throttled_for_known_and_unknown_names_alike(s: Server) {
    let app = &s.app;
    let mut owner = Browser::at("10.0.4.1");
    owner.register(app, "Two_Moons", "powder river 1866").await;
    for name in ["Two_Moons", "Nobody_Here"] {
        let mut guesser = Browser::at(&format!("10.0.4.{}", name.len()));
        for i in 0..5 {
            let a = guesser.login(app, name, &format!("guess number {i}")).await;
            assert_eq!(
                (a.status, code(&a)),
                (StatusCode::UNAUTHORIZED, "login_invalid")
            );
        }
        // The guesser's sixth attempt waits, even with the right password, whether
        // the name is an account's or not (guessing tells no name apart)...
        let a = guesser.login(app, name, "powder river 1866").await;
        assert_eq!(
            (a.status, code(&a)),
            (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            "{name}"
        );
        assert!(a.retry_after.is_some(), "{name}: a wait is said");
    }
    // ...while the owner, from an address that was not guessing, is never locked out.
    let a = Browser::at("10.0.4.99")
        .login(app, "Two_Moons", "powder river 1866")
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // Registrations: three a day from one address.
    let mut farm = Browser::at("10.0.4.50");
    for name in ["Farm_One", "Farm_Two", "Farm_Three"] {
        farm.register(app, name, "powder river 1866").await;
    }
    let a = farm
        .send(
            app,
            "POST",
            "/api/account/register",
            Some(json!({"name": "Farm_Four", "password": "powder river 1866"})),
        )
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
}

async fn an_unknown_name_and_a_wrong_password_get_the_same_answer_in_similar_time(s: Server) {
    let app = &s.app;
    let mut owner = Browser::at("10.0.5.1");
    owner
        .register(app, "Little_Wolf", "powder river 1866")
        .await;
    let mut wrong = Vec::new();
    let mut unknown = Vec::new();
    let mut bodies = Vec::new();
    // Taken in turn, from addresses and names of their own (no throttle in the
    // way); medians, the machine being noisy.
    for i in 0..4 {
        for (j, (name, times)) in [("Little_Wolf", &mut wrong), ("Little_Fox", &mut unknown)]
            .into_iter()
            .enumerate()
        {
            let mut b = Browser::at(&format!("10.0.6.{}", 2 * i + j));
            let start = Instant::now();
            let a = b.login(app, name, &format!("wrong password {i}")).await;
            times.push(start.elapsed());
            bodies.push((a.status, a.body, a.cookie));
        }
    }
    let first = &bodies[0];
    for b in &bodies {
        assert_eq!(
            b, first,
            "every answer the same: status, code, message, no cookie"
        );
    }
    assert_eq!(first.0, StatusCode::UNAUTHORIZED);
    assert_eq!(first.1["code"], "login_invalid");
    wrong.sort();
    unknown.sort();
    let ratio = wrong[2].as_secs_f64() / unknown[2].as_secs_f64();
    // One Argon2 verification each way: a skipped one would be a thousand times faster.
    assert!(
        (0.2..5.0).contains(&ratio),
        "wrong {wrong:?}, unknown {unknown:?}"
    );
    assert!(
        unknown[2] > Duration::from_millis(2),
        "the unknown name was verified too: {unknown:?}"
    );
}

async fn another_players_cookie_or_token_never_opens_a_seat(s: Server) {
    let app = &s.app;
    let mut a = Browser::at("10.0.7.1");
    a.register(app, "Sand_Creek", "powder river 1866").await;
    let game = new_online_game(app, &mut a).await;
    let id = game["id"].as_str().unwrap().to_string();
    let mv = first_legal(&game["state"]);
    let me = a.me(app).await;
    assert_eq!(me.body["games"][0]["id"], id.as_str());
    assert_eq!(me.body["games"][0]["seat"], "army");

    let mut b = Browser::at("10.0.7.2");
    b.register(app, "Beecher_Isle", "powder river 1866").await;
    // B's cookie: a spectator's view, and no move.
    let view = b.send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(view.status, StatusCode::OK);
    assert!(view.body["you"].is_null(), "{}", view.body["you"]);
    let moved = b
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"move": mv})),
        )
        .await;
    assert_eq!(
        (moved.status, code(&moved)),
        (StatusCode::UNAUTHORIZED, "move_needs_token")
    );
    // B cannot claim the seat without its token, and a wrong token claims nothing.
    let claimed = b
        .send(
            app,
            "POST",
            "/api/account/games",
            Some(json!({"games": [{"id": id, "token": "0".repeat(32)}]})),
        )
        .await;
    assert_eq!(claimed.body["claimed"], json!([]));
    // The other seat's token plays the other side only.
    let other = game["other_token"].as_str().unwrap();
    let moved = b
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": other, "move": mv})),
        )
        .await;
    assert_eq!(
        (moved.status, code(&moved)),
        (StatusCode::FORBIDDEN, "not_your_turn")
    );
    // A's cookie opens A's seat; so does its token, with no cookie at all.
    let view = a.send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(view.body["you"], "army");
    let mut anonymous = Browser::at("10.0.7.3");
    let view = anonymous
        .send(
            app,
            "GET",
            &format!("/api/games/{id}?token={}", game["token"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(view.body["you"], "army");
    // A seat held by A is not B's to claim even with its token (B got it somehow).
    let claimed = b
        .send(
            app,
            "POST",
            "/api/account/games",
            Some(json!({"games": [{"id": id, "token": game["token"]}]})),
        )
        .await;
    assert_eq!(claimed.body["claimed"], json!([]));
    let view = b.send(app, "GET", &format!("/api/games/{id}"), None).await;
    assert!(view.body["you"].is_null());
}

async fn a_guests_games_are_claimed_at_registration_and_stay_after_deletion(s: Server) {
    let app = &s.app;
    let mut guest = Browser::at("10.0.8.1");
    let game = new_online_game(app, &mut guest).await;
    let id = game["id"].as_str().unwrap().to_string();
    let token = game["token"].as_str().unwrap().to_string();
    let hot = guest
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "fetterman", "mode": "hotseat"})),
        )
        .await
        .body;
    let claims = json!([
        {"id": id, "token": token},
        {"id": hot["id"], "token": hot["token"]},
        {"id": "0123456789abcdef", "token": token},
        {"id": "not a game", "token": "x"},
    ]);
    let a = guest
        .send(
            app,
            "POST",
            "/api/account/register",
            Some(json!({"name": "Wounded_Knee", "password": "powder river 1866", "games": claims})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let mut claimed: Vec<&str> = a.body["claimed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    claimed.sort_unstable();
    let mut expected = vec![id.as_str(), hot["id"].as_str().unwrap()];
    expected.sort_unstable();
    assert_eq!(claimed, expected);
    let games = a.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let online = games.iter().find(|g| g["id"] == id.as_str()).unwrap();
    assert_eq!(online["seat"], "army");
    assert_eq!(online["token"], token.as_str());
    assert_eq!(online["url"], format!("/game/{id}"));
    let hotseat = games.iter().find(|g| g["id"] == hot["id"]).unwrap();
    assert_eq!(hotseat["seat"], "both");

    // Too many claims at once is said.
    let many: Vec<Value> = (0..65).map(|_| json!({"id": id, "token": token})).collect();
    let a = guest
        .send(
            app,
            "POST",
            "/api/account/games",
            Some(json!({"games": many})),
        )
        .await;
    assert_eq!(
        (a.status, code(&a)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_claims")
    );

    // Deleted: the game stays, playable by its token, held by nobody.
    let a = guest
        .send(
            app,
            "DELETE",
            "/api/account",
            Some(json!({"password": "powder river 1866"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let mut later = Browser::at("10.0.8.2");
    let moved = later
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"token": token, "move": first_legal(&game["state"])})),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let a = later
        .send(app, "POST", "/api/account/register", Some(json!({"name": "New_Owner", "password": "powder river 1866", "games": [{"id": id, "token": token}]})))
        .await;
    assert_eq!(a.body["claimed"], json!([id]), "the seat was let go");
}

on_both_stores!(
    register_log_out_log_in_change_password_and_delete,
    the_session_cookie_is_http_only_lax_on_path_root_and_secure_under_tls,
    a_login_never_keeps_a_session_id_the_browser_brought,
    changes_made_with_the_cookie_need_the_csrf_token,
    password_guessing_is_throttled_for_known_and_unknown_names_alike,
    an_unknown_name_and_a_wrong_password_get_the_same_answer_in_similar_time,
    another_players_cookie_or_token_never_opens_a_seat,
    a_guests_games_are_claimed_at_registration_and_stay_after_deletion,
);
