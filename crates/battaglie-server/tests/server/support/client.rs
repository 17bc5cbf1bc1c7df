//! A browser over the router in-process: an address of its own, a session
//! cookie and a CSRF token kept between requests, as a real one keeps them.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// A request's answer: status, `Set-Cookie` (if any), `Retry-After` (if any), body.
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// `Set-Cookie`, if any.
    pub cookie: Option<String>,
    /// `Retry-After`, if any.
    pub retry_after: Option<String>,
    /// The body, as JSON (a JSON string when it is not JSON).
    pub body: Value,
}

/// A browser: its address, its session cookie and its CSRF token.
#[derive(Clone, Default)]
pub struct Browser {
    /// The address it comes from (`X-Real-IP`).
    pub address: String,
    /// Its session cookie's value.
    pub cookie: Option<String>,
    /// Its CSRF token.
    pub csrf: Option<String>,
}

impl Browser {
    /// A browser without a session, coming from `address`.
    pub fn at(address: &str) -> Browser {
        Browser {
            address: address.into(),
            ..Browser::default()
        }
    }

    pub async fn send(
        &mut self,
        app: &Router,
        method: &str,
        uri: &str,
        body: Option<Value>,
    ) -> Answer {
        self.send_with(app, method, uri, body, true, &[]).await
    }

    /// Sends a request; `csrf` says whether the CSRF header goes with it.
    pub async fn send_with(
        &mut self,
        app: &Router,
        method: &str,
        uri: &str,
        body: Option<Value>,
        csrf: bool,
        headers: &[(&str, &str)],
    ) -> Answer {
        let mut req = Request::builder()
            .method(method)
            .uri(uri)
            .header("x-real-ip", &self.address);
        if let Some(c) = &self.cookie {
            req = req.header("cookie", format!("theme=dark; battaglie_session={c}"));
        }
        if let (true, Some(t)) = (csrf, &self.csrf) {
            req = req.header("x-csrf-token", t);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req
            .body(body.map(|b| Body::from(b.to_string())).unwrap_or_default())
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let header = |name: &str| {
            res.headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_string())
        };
        let cookie = header("set-cookie");
        let retry_after = header("retry-after");
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
        // (The page's hint, `battaglie_signed_in`, follows the session cookie.)
        if let Some(value) = cookie
            .as_deref()
            .and_then(|c| c.strip_prefix("battaglie_session="))
            .and_then(|c| c.split(';').next())
        {
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        if let Some(t) = body.get("csrf").and_then(Value::as_str) {
            self.csrf = Some(t.to_string());
        }
        Answer {
            status,
            cookie,
            retry_after,
            body,
        }
    }

    pub async fn register(&mut self, app: &Router, name: &str, password: &str) -> Answer {
        let a = self
            .send(
                app,
                "POST",
                "/api/account/register",
                Some(json!({"name": name, "password": password})),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a
    }

    pub async fn login(&mut self, app: &Router, name: &str, password: &str) -> Answer {
        self.send(
            app,
            "POST",
            "/api/account/login",
            Some(json!({"name": name, "password": password})),
        )
        .await
    }

    pub async fn me(&mut self, app: &Router) -> Answer {
        self.send(app, "GET", "/api/account", None).await
    }
}

/// A player registered on `app` from `address` whose notices go by mail to
/// `email`. The one place a test's mail player is made: confirming the
/// address, when the server asks for it, belongs here.
pub async fn player_with_mail(
    app: &Router,
    smtp: &crate::support::sinks::SmtpSink,
    address: &str,
    name: &str,
    email: &str,
) -> Browser {
    let mut player = Browser::at(address);
    player.register(app, name, "washita river 1868").await;
    // Mail goes only to a confirmed address: open the link the server mails.
    crate::notifications::confirmed_mail_to(app, &mut player, smtp, email).await;
    player
}

/// `host` posts the open challenge `terms` on `host_app`; `guest` finds it in
/// the lobby of `guest_app` (another node, maybe) and accepts it: the game's
/// id and the guest's seat (`army` or `indians`).
pub async fn meet_in_lobby(
    host: &mut Browser,
    host_app: &Router,
    guest: &mut Browser,
    guest_app: &Router,
    terms: Value,
) -> (String, String) {
    let posted = host
        .send(host_app, "POST", "/api/challenges", Some(terms))
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.body);
    let challenge = posted.body["id"].as_str().unwrap().to_string();
    let lobby = guest.send(guest_app, "GET", "/api/lobby", None).await;
    let listed = lobby.body["challenges"].as_array().unwrap();
    assert!(
        listed.iter().any(|c| c["id"] == challenge.as_str()),
        "the guest's lobby lists the challenge: {}",
        lobby.body
    );
    let accepted = guest
        .send(
            guest_app,
            "POST",
            &format!("/api/challenges/{challenge}/accept"),
            None,
        )
        .await;
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.body);
    let field = |k: &str| accepted.body[k].as_str().unwrap().to_string();
    (field("id"), field("side"))
}

/// An error answer's `code`.
pub fn code(a: &Answer) -> &str {
    a.body["code"].as_str().unwrap_or("")
}

/// A rated online game on the Washita made by `army`, the Indians' seat taken by
/// `indians` through the invite's token: (id, army token, indians token).
pub async fn rated_game(
    app: &Router,
    army: &mut Browser,
    indians: &mut Browser,
) -> (String, String, String) {
    let a = army
        .send(
            app,
            "POST",
            "/api/games",
            Some(json!({"scenario": "washita", "mode": "online", "side": "army", "rated": true})),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let id = a.body["id"].as_str().unwrap().to_string();
    let other = a.body["other_token"].as_str().unwrap().to_string();
    let taken = indians
        .send(
            app,
            "POST",
            &format!("/api/games/{id}/seat"),
            Some(json!({"token": other})),
        )
        .await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.body);
    assert_eq!(taken.body["seat"], "indians");
    (id, a.body["token"].as_str().unwrap().to_string(), other)
}
