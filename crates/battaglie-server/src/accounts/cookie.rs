//! The session cookie: reading it, writing it (HttpOnly, SameSite=Lax, Path=/,
//! Secure when the request came over TLS), the CSRF header, and the client's
//! address for the throttles.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
use axum::response::AppendHeaders;

use super::repo::UserRow;
use super::{AccountError, Accounts, Opened, Session};
use crate::http::{client_ip, Error, Proxies};

/// The cookie's name.
pub(crate) const COOKIE: &str = "battaglie_session";

/// The session's companion cookie, readable by the page: it tells the page a session
/// may be open, so that a reader who never signed in is not asked for an account
/// (which would answer 401). It holds nothing secret ("1") and lives as long as the
/// session cookie.
pub(crate) const HINT: &str = "battaglie_signed_in";

/// The header that carries the CSRF token.
pub(crate) const CSRF_HEADER: &str = "x-csrf-token";

/// The header that carries a game page's seat token on reads (never in the URL,
/// where proxies' logs and `Referer`s would keep it).
pub(crate) const SEAT_HEADER: &str = "x-seat-token";

/// The proxies whose `X-Real-IP` / `X-Forwarded-For` name the client (the rate
/// limits' setting), put on the account routes as an extension.
#[derive(Debug, Clone)]
pub(crate) struct TrustForwarded(pub std::sync::Arc<Proxies>);

/// The session of a signed-in visitor: what a request only a player may make
/// extracts. Refused with `not_signed_in` (401) without one.
pub(crate) struct SignedIn(pub Session);

/// The session of a signed-in visitor, for a request that changes something:
/// it must carry the session's CSRF token. Refused with `not_signed_in` (401)
/// without a session, `csrf_token` (403) without its token.
pub(crate) struct SignedInChange(pub Session);

impl<S> FromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SignedIn, Error> {
        let visitor = Visitor::from_request_parts(parts, state).await?;
        let session = visitor.session(&Accounts::from_ref(state)).await?;
        Ok(SignedIn(session.ok_or(AccountError::NotSignedIn)?))
    }
}

impl<S> FromRequestParts<S> for SignedInChange
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SignedInChange, Error> {
        let visitor = Visitor::from_request_parts(parts, state).await?;
        Ok(SignedInChange(
            visitor.change(&Accounts::from_ref(state)).await?,
        ))
    }
}

/// What a request says about its sender: its session cookie's value, its CSRF
/// and seat headers, whether it came over TLS, and its address.
pub(crate) struct Visitor {
    cookie: Option<String>,
    csrf: Option<String>,
    /// The seat token of [`SEAT_HEADER`], if any.
    pub seat: Option<String>,
    tls: bool,
    /// The client's address, for the throttles.
    pub address: String,
}

impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Visitor, Error> {
        let trust = parts
            .extensions
            .get::<TrustForwarded>()
            .map(|t| t.0.clone())
            .unwrap_or_default();
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>();
        Ok(Visitor {
            cookie: session_cookie(&parts.headers),
            csrf: parts
                .headers
                .get(CSRF_HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
            seat: parts
                .headers
                .get(SEAT_HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
            tls: over_tls(&parts.headers),
            address: client_ip(&parts.headers, peer, &trust).to_string(),
        })
    }
}

/// The value of the session cookie, if the request carries one.
fn session_cookie(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE)
}

/// The value of the cookie `wanted`, if the request carries it.
fn cookie(headers: &HeaderMap, wanted: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == wanted)
        .map(|(_, value)| value.trim().to_string())
}

/// For a page's request: the `Set-Cookie` that brings the hint in line with the
/// session cookie (given to a session opened before the hint existed, dropped when
/// the session cookie is gone), or nothing when they agree.
pub(crate) fn signed_in_hint(headers: &HeaderMap) -> Option<HeaderValue> {
    let session = session_cookie(headers).is_some_and(|c| !c.is_empty());
    let hint = cookie(headers, HINT).is_some_and(|c| !c.is_empty());
    let max_age = if session {
        battaglie_identity::SESSION_LIFETIME.as_secs()
    } else {
        0
    };
    (session != hint).then(|| hint_header(session, max_age, over_tls(headers)))
}

fn hint_header(on: bool, max_age: u64, tls: bool) -> HeaderValue {
    let secure = if tls { "; Secure" } else { "" };
    let value = if on { "1" } else { "" };
    let text = format!("{HINT}={value}; Path=/; SameSite=Lax; Max-Age={max_age}{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Whether the request reached the server over TLS: the balancer that ends TLS
/// says so with `X-Forwarded-Proto: https` (the server itself speaks plain HTTP).
fn over_tls(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

impl Visitor {
    /// The open session of the cookie, if any.
    ///
    /// # Errors
    /// Store failures.
    pub async fn session(&self, accounts: &Accounts) -> Result<Option<Session>, Error> {
        match &self.cookie {
            Some(c) => Ok(accounts.session(c).await?),
            None => Ok(None),
        }
    }

    /// The open session of the cookie, for a request that changes something:
    /// it must carry the session's CSRF token.
    ///
    /// # Errors
    /// `not_signed_in` (401) without a session; `csrf_token` (403) without its token.
    pub async fn change(&self, accounts: &Accounts) -> Result<Session, Error> {
        let session = self
            .session(accounts)
            .await?
            .ok_or(AccountError::NotSignedIn)?;
        accounts.check_csrf(&session, self.csrf.as_deref()).await?;
        Ok(session)
    }

    /// The signed-in account, when `csrf` is its session's CSRF token (a WebSocket,
    /// which carries no header of the page's, names it in its query).
    ///
    /// # Errors
    /// `csrf_token` (403) when it is not the session's.
    pub async fn user_with_csrf(
        &self,
        accounts: &Accounts,
        csrf: &str,
    ) -> Result<Option<UserRow>, Error> {
        let Some(session) = self.session(accounts).await? else {
            return Ok(None);
        };
        accounts.check_csrf(&session, Some(csrf)).await?;
        Ok(Some(session.user))
    }

    /// Whether the request carries the CSRF token of `session`.
    pub async fn has_csrf(&self, accounts: &Accounts, session: &Session) -> bool {
        accounts
            .check_csrf(session, self.csrf.as_deref())
            .await
            .is_ok()
    }

    /// The `Set-Cookie` values that give the browser `opened`'s session and its hint.
    pub fn set(&self, opened: &Opened) -> AppendHeaders<[(HeaderName, HeaderValue); 2]> {
        let max_age = battaglie_identity::SESSION_LIFETIME.as_secs();
        AppendHeaders([
            (
                header::SET_COOKIE,
                self.cookie_header(opened.token.as_str(), max_age),
            ),
            (header::SET_COOKIE, hint_header(true, max_age, self.tls)),
        ])
    }

    /// The `Set-Cookie` values that drop the session cookie and its hint.
    pub fn clear(&self) -> AppendHeaders<[(HeaderName, HeaderValue); 2]> {
        AppendHeaders([
            (header::SET_COOKIE, self.cookie_header("", 0)),
            (header::SET_COOKIE, hint_header(false, 0, self.tls)),
        ])
    }

    fn cookie_header(&self, value: &str, max_age: u64) -> HeaderValue {
        let secure = if self.tls { "; Secure" } else { "" };
        let text =
            format!("{COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
        HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
    }
}
