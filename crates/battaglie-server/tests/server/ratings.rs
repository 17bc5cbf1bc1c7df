//! Ratings over the real router, on SQLite and (with `BATTAGLIE_TEST_POSTGRES`)
//! PostgreSQL: a rated game's end changes both players' ratings once and in
//! the right direction, casual games change nothing, guests cannot take a rated
//! seat, and the player page's numbers and filters.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

use crate::support::client::{code, rated_game, Browser};
use crate::support::{run, Backend, Server};

const PASSWORD: &str = "little big horn 1876";

async fn player(app: &Router, address: &str, name: &str) -> Browser {
    let mut b = Browser::at(address);
    b.register(app, name, PASSWORD).await;
    b
}

async fn resign(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    crate::support::send(
        app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(json!({ "token": token }).to_string()),
    )
    .await
}

async fn agree_draw(app: &Router, id: &str, offers: &str, accepts: &str) {
    for (token, action) in [(offers, "offer"), (accepts, "accept")] {
        let (status, body) = crate::support::send(
            app,
            "POST",
            &format!("/api/games/{id}/draw"),
            Some(json!({ "token": token, "action": action }).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

async fn page(app: &Router, name: &str) -> Value {
    let (status, body) =
        crate::support::send(app, "GET", &format!("/api/players/{name}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn rating(page: &Value) -> (f64, f64, i64) {
    let r = &page["rating"];
    (
        r["rating"].as_f64().unwrap(),
        r["deviation"].as_f64().unwrap(),
        r["games"].as_i64().unwrap(),
    )
}

async fn a_rated_games_end_changes_both_ratings_once_winner_up_loser_down(s: Server) {
    let app = &s.app;
    let mut custer = player(app, "10.1.0.1", "Custer").await;
    let mut kettle = player(app, "10.1.0.2", "Black_Kettle").await;
    assert_eq!(rating(&page(app, "Custer").await), (1500.0, 350.0, 0));
    let (id, _army, indians) = rated_game(app, &mut custer, &mut kettle).await;
    let (status, body) = resign(app, &id, &indians).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (winner, wdev, wgames) = rating(&page(app, "Custer").await);
    let (loser, ldev, lgames) = rating(&page(app, "black_kettle").await);
    assert!(winner > 1500.0 && loser < 1500.0, "{winner} {loser}");
    assert!(wdev < 350.0 && ldev < 350.0, "{wdev} {ldev}");
    assert_eq!((wgames, lgames), (1, 1));
    let p = page(app, "Custer").await;
    assert_eq!(p["rating"]["provisional"], true);
    assert_eq!(p["history"].as_array().unwrap().len(), 1);
    assert_eq!(p["history"][0]["game"], id.as_str());
    assert_eq!(p["history"][0]["rating"].as_f64().unwrap(), winner);

    // The account shows it too.
    let me = custer.me(app).await;
    assert_eq!(me.body["rating"]["rating"].as_f64().unwrap(), winner);
    assert_eq!(me.body["url"], "/players/Custer");

    // The game names its players with their ratings and what it changed, for
    // anyone who looks (its page's strips and end).
    let seats = kettle
        .send(app, "GET", &format!("/api/games/{id}/players"), None)
        .await;
    assert_eq!(seats.status, StatusCode::OK, "{}", seats.body);
    let (won, lost) = (&seats.body["army"], &seats.body["indians"]);
    assert_eq!(
        (&won["kind"], &won["name"]),
        (&json!("player"), &json!("Custer"))
    );
    assert_eq!(lost["name"], "Black_Kettle");
    assert_eq!(won["rating"].as_f64().unwrap(), winner.round());
    assert!(
        won["change"].as_i64().unwrap() > 0 && lost["change"].as_i64().unwrap() < 0,
        "{}",
        seats.body
    );
    let me = custer.me(app).await;
    assert_eq!(
        me.body["games"][0]["opponent"], "Black_Kettle",
        "My games names the opponent"
    );

    // Ended once: a second resignation is refused and changes nothing.
    let (status, _) = resign(app, &id, &indians).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(rating(&page(app, "Custer").await), (winner, wdev, 1));
}

async fn a_draw_between_unequal_players_moves_them_toward_each_other(s: Server) {
    let app = &s.app;
    let mut a = player(app, "10.2.0.1", "Sheridan").await;
    let mut b = player(app, "10.2.0.2", "Roman_Nose").await;
    let (id, _, indians) = rated_game(app, &mut a, &mut b).await;
    resign(app, &id, &indians).await;
    let (high, _, _) = rating(&page(app, "Sheridan").await);
    let (low, _, _) = rating(&page(app, "Roman_Nose").await);
    assert!(high > low);

    let (id, army, indians) = rated_game(app, &mut a, &mut b).await;
    agree_draw(app, &id, &army, &indians).await;
    let (high2, _, games) = rating(&page(app, "Sheridan").await);
    let (low2, _, _) = rating(&page(app, "Roman_Nose").await);
    assert!(
        high2 < high && low2 > low,
        "{high} -> {high2}, {low} -> {low2}"
    );
    assert_eq!(games, 2);
}

async fn a_casual_game_changes_nothing(s: Server) {
    let app = &s.app;
    let mut a = player(app, "10.3.0.1", "Crook").await;
    let mut b = player(app, "10.3.0.2", "Cochise").await;
    let created = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "online", "side": "army"})),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let other = created.body["other_token"].as_str().unwrap().to_string();
    let taken = b
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/seat"),
            Some(json!({"token": other})),
        )
        .await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.body);
    // A guest may play the seat of a casual game with its token alone.
    let (status, _) = resign(app, &id, &other).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(rating(&page(app, "Crook").await), (1500.0, 350.0, 0));
    assert_eq!(rating(&page(app, "Cochise").await), (1500.0, 350.0, 0));
    let (_, list) = crate::support::send(app, "GET", "/api/players/Crook/games", None).await;
    assert_eq!(list["games"][0]["rated"], false);
    assert_eq!(list["games"][0]["result"], "win");
    assert_eq!(list["games"][0]["rating_change"], Value::Null);
    assert_eq!(list["games"][0]["opponent"]["name"], "Cochise");
}

async fn a_rated_game_the_second_node_also_sees_ending_is_rated_once(s: Server) {
    let app = &s.app;
    let (_state2, app2) = s.second_node().await;
    let mut a = player(app, "10.4.0.1", "Forsyth").await;
    let mut b = player(app, "10.4.0.2", "Tall_Bull").await;
    let (id, army, indians) = rated_game(app, &mut a, &mut b).await;
    // Both nodes hold the game.
    let (status, _) = crate::support::send(&app2, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    resign(app, &id, &indians).await;
    let once = rating(&page(app, "Forsyth").await);
    // The second node, behind, tries to end it too: refused on the stored game.
    let (status, _) = resign(&app2, &id, &army).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // (A second ending written straight to the store at the game's current
    // revision is refused too: `store::batch::tests`.)
    assert_eq!(rating(&page(&app2, "Forsyth").await), once);
    assert_eq!(
        page(app, "Tall_Bull").await["history"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

async fn a_guest_cannot_take_a_rated_seat(s: Server) {
    let app = &s.app;
    // A guest cannot make a rated game.
    let (status, body) = crate::support::send(
        app,
        "POST",
        "/api/games",
        Some(json!({"scenario": "washita", "mode": "online", "rated": true}).to_string()),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("rated_needs_account"))
    );
    let mut a = player(app, "10.5.0.1", "Miles").await;
    let computer = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "computer", "rated": true})),
        )
        .await;
    assert_eq!(
        (computer.status, code(&computer)),
        (StatusCode::UNPROCESSABLE_ENTITY, "rated_not_online")
    );

    let created = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(
                json!({"scenario": "washita", "mode": "online", "side": "indians", "rated": true}),
            ),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let other = created.body["other_token"].as_str().unwrap().to_string();
    let mine = created.body["token"].as_str().unwrap().to_string();
    // The guest with the invite's token is told to sign in, whatever it tries.
    let (_, state) =
        crate::support::send(app, "GET", &format!("/api/games/{id}?token={other}"), None).await;
    let mv = crate::support::first_legal(&state);
    let (status, body) = crate::support::send(
        app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"token": other, "move": mv}).to_string()),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("rated_seat_needs_account"))
    );
    let (status, body) = resign(app, &id, &other).await;
    assert_eq!(body["code"], "rated_seat_needs_account", "{status}");
    let (status, body) = crate::support::send(
        app,
        "POST",
        &format!("/api/games/{id}/seat"),
        Some(json!({"token": other}).to_string()),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("rated_needs_account"))
    );
    // Nor can the creator hold both seats.
    let same = a
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/seat"),
            Some(json!({"token": other})),
        )
        .await;
    assert_eq!(
        (same.status, code(&same)),
        (StatusCode::CONFLICT, "rated_same_account")
    );
    // Another account cannot take the creator's seat.
    let mut b = player(app, "10.5.0.2", "Geronimo").await;
    let taken = b
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/seat"),
            Some(json!({"token": mine})),
        )
        .await;
    assert_eq!(
        (taken.status, code(&taken)),
        (StatusCode::CONFLICT, "rated_seat_taken")
    );
    // Signed in, the invite's seat is theirs, and the move goes.
    let ok = b
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/seat"),
            Some(json!({"token": other})),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    let (status, body) = crate::support::send(
        app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"token": other, "move": mv}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn the_player_page_counts_results_and_filters_games(s: Server) {
    let app = &s.app;
    let mut a = player(app, "10.6.0.1", "Carrington").await;
    let mut b = player(app, "10.6.0.2", "Red_Cloud").await;
    // Won as the Army (rated), drawn as the Army (rated), a casual game going on,
    // and a computer game.
    let (id1, _, indians) = rated_game(app, &mut a, &mut b).await;
    resign(app, &id1, &indians).await;
    let (id2, army, indians) = rated_game(app, &mut a, &mut b).await;
    agree_draw(app, &id2, &army, &indians).await;
    let casual = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "online", "side": "indians"})),
        )
        .await;
    let id3 = casual.body["id"].as_str().unwrap().to_string();
    let computer = a
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "fetterman", "mode": "computer", "side": "army", "level": 2})),
        )
        .await;
    assert_eq!(computer.status, StatusCode::CREATED, "{}", computer.body);

    let p = page(app, "Carrington").await;
    assert_eq!(
        p["results"],
        json!([{"battle": "washita", "side": "army", "win": 1, "draw": 1, "loss": 0}])
    );
    let history = p["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[1]["rating"], p["rating"]["rating"]);
    let red = page(app, "Red_Cloud").await;
    assert_eq!(
        red["results"],
        json!([{"battle": "washita", "side": "indians", "win": 0, "draw": 1, "loss": 1}])
    );

    let list = |q: &str| {
        let uri = format!("/api/players/Carrington/games{q}");
        async move {
            let (status, body) = crate::support::send(app, "GET", &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(list("").await.len(), 4);
    assert_eq!(list("?rated=true").await.len(), 2);
    assert_eq!(list("?rated=false").await.len(), 2);
    assert_eq!(list("?result=win").await, vec![id1.clone()]);
    assert_eq!(list("?result=draw").await, vec![id2.clone()]);
    assert_eq!(
        list("?result=ongoing&side=indians").await,
        vec![id3.clone()]
    );
    assert_eq!(list("?battle=fetterman").await.len(), 1);
    assert_eq!(list("?battle=washita&side=army").await.len(), 2);

    let (_, all) =
        crate::support::send(app, "GET", "/api/players/Carrington/games?rated=true", None).await;
    let won = all["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id1.as_str())
        .unwrap()
        .clone();
    assert_eq!(won["side"], "army");
    assert_eq!(
        won["opponent"],
        json!({"kind": "player", "name": "Red_Cloud", "url": "/players/Red_Cloud"})
    );
    assert_eq!(won["reason"], "resignation");
    assert!(won["rating_change"]["change"].as_f64().unwrap() > 0.0);
    assert_eq!(won["urls"]["replay"], format!("/game/{id1}?replay=0"));
    assert_eq!(won["urls"]["analysis"], format!("/game/{id1}?analysis"));

    // Paged, newest first, with no game twice.
    let (_, first) =
        crate::support::send(app, "GET", "/api/players/Carrington/games?limit=3", None).await;
    let next = first["next"].as_str().unwrap().to_string();
    let (_, second) = crate::support::send(
        app,
        "GET",
        &format!("/api/players/Carrington/games?limit=3&before={next}"),
        None,
    )
    .await;
    assert_eq!(second["games"].as_array().unwrap().len(), 1);
    assert_eq!(second["next"], Value::Null);
    let mut ids: Vec<&str> = first["games"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["games"].as_array().unwrap())
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 4);

    let (status, body) =
        crate::support::send(app, "GET", "/api/players/Carrington/games?result=won", None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_choice"))
    );
    assert_eq!(body["params"]["field"], "result");
}

async fn unknown_and_deleted_players_are_not_found(s: Server) {
    let app = &s.app;
    let (status, body) = crate::support::send(app, "GET", "/api/players/Nobody", None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("player_not_found"))
    );
    let mut a = player(app, "10.7.0.1", "Benteen").await;
    let mut b = player(app, "10.7.0.2", "Gall").await;
    let (id, _, indians) = rated_game(app, &mut a, &mut b).await;
    resign(app, &id, &indians).await;
    let gone = b
        .send(
            app,
            "DELETE",
            "/api/account",
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    let (status, _) = crate::support::send(app, "GET", "/api/players/Gall", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = crate::support::send(app, "GET", "/api/players/Gall/games", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The game stays on the opponent's page, anonymised.
    let (_, list) = crate::support::send(app, "GET", "/api/players/Benteen/games", None).await;
    assert_eq!(list["games"][0]["id"], id.as_str());
    assert_eq!(list["games"][0]["opponent"], json!({"kind": "anonymous"}));
    assert_eq!(
        page(app, "Benteen").await["history"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

async fn the_computers_levels_have_their_fixed_ratings(s: Server) {
    let (status, body) = crate::support::send(&s.app, "GET", "/api/levels", None).await;
    assert_eq!(status, StatusCode::OK);
    let levels = body["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 8);
    for (l, fixed) in levels.iter().zip(battaglie_community::level_ratings()) {
        assert_eq!(l["level"], fixed.level);
        assert_eq!(l["rating"].as_f64().unwrap(), fixed.rating.rating);
    }
    // Stronger levels are rated higher.
    let ratings: Vec<f64> = levels
        .iter()
        .map(|l| l["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] < w[1]), "{ratings:?}");
}

on_both_stores!(
    a_rated_games_end_changes_both_ratings_once_winner_up_loser_down,
    a_draw_between_unequal_players_moves_them_toward_each_other,
    a_casual_game_changes_nothing,
    a_rated_game_the_second_node_also_sees_ending_is_rated_once,
    a_guest_cannot_take_a_rated_seat,
    the_player_page_counts_results_and_filters_games,
    unknown_and_deleted_players_are_not_found,
    the_computers_levels_have_their_fixed_ratings,
);
