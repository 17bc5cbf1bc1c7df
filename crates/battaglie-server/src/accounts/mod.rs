//! Accounts, one feature in one folder: registration, login, sessions,
//! password change, deletion and the seats an account holds. The rules are the
//! community crate's (names, Argon2id, throttles, session lifetimes, CSRF
//! tokens); the service, [`Accounts`] here, decides in what order they run and
//! what is stored.
//!
//! - `repo.rs`: users, sessions, seats, throttle counts and the server's
//!   secret. The accounts' only SQL; `throttle.rs`: an attempt counted there
//!   before the work it guards;
//! - `routes.rs`: `/api/account/...`; `cookie.rs`: the session cookie and the
//!   CSRF header, read by every feature's routes; `refusal.rs`: the errors as
//!   the API answers them;
//! - `wire.rs`: what the page is sent.

mod cookie;
mod error;
mod hashing;
mod refusal;
mod repo;
pub(crate) mod routes;
pub(crate) mod throttle;
mod wire;

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::Timestamp;
use battaglie_identity::{
    check_csrf, check_password, check_session, csrf_token, hash_password, needs_rehash,
    verify_password, PlayerName, Policy, SessionToken, Signer, TokenHash, SESSION_LIFETIME,
};
use tokio::sync::OnceCell;

pub(crate) use cookie::{signed_in_hint, SignedIn, SignedInChange, TrustForwarded, Visitor};
pub use error::AccountError;
pub use hashing::{Hashing, HASHES_AT_ONCE, HASHING_MIB};
pub(crate) use repo::AccountsRepo;
pub use repo::{Count, HeldSeat, SessionRow, UserRow};
pub(crate) use routes::seat_token;
pub use wire::{AccountGame, AccountView, TurnGame, Turns};

use crate::game::Seat;
use crate::ids;
use crate::node::Node;
use crate::store::StoreError;

/// The most guest games one request may claim (a browser keeps 30, two tokens each at most).
pub const MAX_CLAIMS: usize = 64;

/// A session's last use is stored again only after this long (not at every request).
const TOUCH_EVERY: Duration = Duration::from_secs(300);

/// The account side of a node: its storage, the signer of CSRF tokens, read
/// once from the store, and the server's clock (session lifetimes, throttles,
/// stamps).
#[derive(Clone)]
pub struct Accounts {
    node: Node,
    repo: AccountsRepo,
    signer: Arc<OnceCell<Signer>>,
    /// Argon2 takes tens of milliseconds of CPU and 19 MiB: off the async
    /// workers, a few at a time.
    hashing: Hashing,
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accounts").finish_non_exhaustive()
    }
}

/// A session just opened (registration, login, password change): the token
/// goes to the browser in the cookie, and is not kept.
#[derive(Debug)]
pub struct Opened {
    /// The cookie's value.
    pub token: SessionToken,
    /// Whose session.
    pub user: UserRow,
}

/// An open session, found by its cookie.
#[derive(Debug, Clone)]
pub struct Session {
    /// What the store keys it by.
    pub hash: TokenHash,
    /// Whose.
    pub user: UserRow,
}

/// A guest's seat offered for claiming: the game and the token the browser holds.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The game id.
    pub id: String,
    /// The seat token.
    pub token: String,
}

impl Accounts {
    /// The accounts of `node`: its store, and its time for sessions and throttles.
    pub fn new(node: Node) -> Accounts {
        Accounts {
            repo: AccountsRepo::new(node.store().clone()),
            node,
            signer: Arc::new(OnceCell::new()),
            hashing: Hashing::default(),
        }
    }

    /// The node's turns to hash a password.
    pub fn hashing(&self) -> &Hashing {
        &self.hashing
    }

    fn now(&self) -> Timestamp {
        self.node.now()
    }

    /// The signer of CSRF tokens, with the secret the first node stored.
    ///
    /// # Errors
    /// When the store fails or holds an unusable secret.
    pub async fn signer(&self) -> Result<&Signer, AccountError> {
        self.signer
            .get_or_try_init(|| async {
                let fresh =
                    ids::random_hex(32).map_err(battaglie_identity::TokenError::Randomness)?;
                let secret = self.repo.secret("csrf", &fresh).await?;
                Ok::<_, AccountError>(Signer::new(secret.as_bytes())?)
            })
            .await
    }

    /// The CSRF token of `session`, for the page to send back in `X-CSRF-Token`.
    ///
    /// # Errors
    /// When the signer cannot be read.
    pub async fn csrf(&self, session: &Session) -> Result<String, AccountError> {
        Ok(csrf_token(self.signer().await?, &session.hash))
    }

    /// Checks the CSRF token a cookie-authenticated change carries.
    ///
    /// # Errors
    /// [`AccountError::Csrf`] when it is missing or not this session's.
    pub async fn check_csrf(
        &self,
        session: &Session,
        presented: Option<&str>,
    ) -> Result<(), AccountError> {
        let signer = self.signer().await?;
        match presented {
            Some(t) if check_csrf(signer, &session.hash, t) => Ok(()),
            _ => Err(AccountError::Csrf),
        }
    }

    /// Registers `name` with `password`, from `address`, and opens its first session.
    ///
    /// # Errors
    /// [`AccountError::Throttled`] past the registrations an address may make;
    /// [`AccountError::Name`], [`AccountError::Password`] for what may not be;
    /// [`AccountError::NameTaken`]; store failures.
    pub async fn register(
        &self,
        name: &str,
        password: &str,
        address: &str,
    ) -> Result<Opened, AccountError> {
        let at = self.now();
        let name: PlayerName = name.parse()?;
        check_password(password, &name)?;
        // Counted before the name is looked up: probing for taken names costs attempts too.
        throttle::attempt(
            &self.repo,
            &format!("register:{address}"),
            &Policy::REGISTRATION,
            at,
        )
        .await??;
        if self.repo.user_by_key(&name.key()).await?.is_some() {
            return Err(AccountError::NameTaken(name.as_str().to_string()));
        }
        let password = password.to_string();
        let hash = self.hashing.run(move || hash_password(&password)).await??;
        let id = ids::random_hex(12).map_err(battaglie_identity::TokenError::Randomness)?;
        match self.repo.insert_user(&id, &name, &hash, at).await {
            Err(StoreError::Conflict) => {
                return Err(AccountError::NameTaken(name.as_str().to_string()))
            }
            other => other?,
        }
        let user = UserRow {
            id,
            name: name.as_str().to_string(),
            hash,
            created_at: at.0,
        };
        self.open(user, at).await
    }

    async fn open(&self, user: UserRow, at: Timestamp) -> Result<Opened, AccountError> {
        let token = SessionToken::generate()?;
        self.repo
            .insert_session(&token.hash(), &user.id, at, at.plus(SESSION_LIFETIME))
            .await?;
        Ok(Opened { token, user })
    }

    /// Logs `name` in with `password`, from `address`: throttled per name and
    /// address together and per address (never per name alone, so that guessing
    /// from elsewhere cannot lock the owner out), one answer for an unknown name and
    /// a wrong password, and a new session (never one the browser offers).
    ///
    /// # Errors
    /// [`AccountError::Throttled`], [`AccountError::Invalid`]; store failures.
    pub async fn login(
        &self,
        name: &str,
        password: &str,
        address: &str,
    ) -> Result<Opened, AccountError> {
        let at = self.now();
        let name_key = format!("name:{}:{address}", PlayerName::key_of(name));
        let address_key = format!("addr:{address}");
        // The address first: a throttled address spends no attempt of the name's.
        throttle::attempt(&self.repo, &address_key, &Policy::ADDRESS, at).await??;
        throttle::attempt(&self.repo, &name_key, &Policy::NAME, at).await??;
        // Looked up by key whatever the text: an invalid name is an unknown one.
        let user = self.repo.user_by_key(&PlayerName::key_of(name)).await?;
        let stored = user.as_ref().map(|u| u.hash.clone());
        let password = password.to_string();
        // An unknown name costs one verification too, against no hash.
        let rehash = self
            .hashing
            .run(move || {
                let right = verify_password(stored.as_ref(), &password);
                right.then(|| match &stored {
                    Some(s) if needs_rehash(s) => hash_password(&password).ok(),
                    _ => None,
                })
            })
            .await?
            .ok_or(AccountError::Invalid)?;
        self.repo.set_count(&name_key, Count::default()).await?;
        self.repo.refund_count(&address_key).await?;
        let Some(mut user) = user else {
            return Err(AccountError::Invalid);
        };
        if let Some(hash) = rehash {
            self.repo.set_hash(&user.id, &hash).await?;
            user.hash = hash;
        }
        self.open(user, at).await
    }

    /// The open session whose cookie holds `cookie`, if any: an unknown,
    /// expired or idle one is none (an expired one is deleted).
    ///
    /// # Errors
    /// Store failures.
    pub async fn session(&self, cookie: &str) -> Result<Option<Session>, AccountError> {
        let Ok(token) = cookie.parse::<SessionToken>() else {
            return Ok(None);
        };
        let hash = token.hash();
        let Some(row) = self.repo.session(&hash).await? else {
            return Ok(None);
        };
        let at = self.now();
        if check_session(row.created_at, row.last_seen, at).is_err() {
            self.repo.delete_session(&hash).await?;
            return Ok(None);
        }
        if at.since(row.last_seen) >= TOUCH_EVERY {
            self.repo.touch_session(&hash, at).await?;
        }
        Ok(Some(Session {
            hash,
            user: row.user,
        }))
    }

    /// Ends `session`.
    ///
    /// # Errors
    /// Store failures.
    pub async fn logout(&self, session: &Session) -> Result<(), AccountError> {
        Ok(self.repo.delete_session(&session.hash).await?)
    }

    /// Checks `password` against `session`'s account, an attempt counted first
    /// (a stolen session must not become a way to guess the password).
    async fn confirm(&self, session: &Session, password: &str) -> Result<(), AccountError> {
        let key = format!("confirm:{}", session.user.id);
        throttle::attempt(&self.repo, &key, &Policy::NAME, self.now()).await??;
        let stored = session.user.hash.clone();
        let password = password.to_string();
        if self
            .hashing
            .run(move || verify_password(Some(&stored), &password))
            .await?
        {
            Ok(self.repo.set_count(&key, Count::default()).await?)
        } else {
            Err(AccountError::WrongPassword)
        }
    }

    /// Changes the password of `session`'s account after checking the current
    /// one; every session of the account ends, and a new one opens for this browser.
    ///
    /// # Errors
    /// [`AccountError::WrongPassword`], [`AccountError::Password`]; store failures.
    pub async fn change_password(
        &self,
        session: &Session,
        current: &str,
        new: &str,
    ) -> Result<Opened, AccountError> {
        let name: PlayerName = session.user.name.parse()?;
        check_password(new, &name)?;
        self.confirm(session, current).await?;
        let new = new.to_string();
        let hash = self.hashing.run(move || hash_password(&new)).await??;
        let token = SessionToken::generate()?;
        let at = self.now();
        self.repo
            .change_password(
                &session.user.id,
                &hash,
                &token.hash(),
                at,
                at.plus(SESSION_LIFETIME),
            )
            .await?;
        let mut user = session.user.clone();
        user.hash = hash;
        Ok(Opened { token, user })
    }

    /// Deletes `session`'s account after checking its password: sessions and
    /// seat links go, the games stay, playable by their tokens.
    ///
    /// # Errors
    /// [`AccountError::WrongPassword`]; store failures.
    pub async fn delete(&self, session: &Session, password: &str) -> Result<(), AccountError> {
        self.confirm(session, password).await?;
        Ok(self.repo.delete_user(&session.user.id, self.now()).await?)
    }

    /// Links to `user` the seats that `claims` open (a guest's games, sent by
    /// the browser that holds their tokens); a seat someone else holds, an
    /// unknown game or a wrong token is passed over. Answers the ids of the
    /// games claimed.
    ///
    /// # Errors
    /// [`AccountError::TooManyClaims`] past [`MAX_CLAIMS`]; store failures.
    pub async fn claim(
        &self,
        user: &UserRow,
        claims: &[Claim],
    ) -> Result<Vec<String>, AccountError> {
        if claims.len() > MAX_CLAIMS {
            return Err(AccountError::TooManyClaims {
                max: MAX_CLAIMS,
                given: claims.len(),
            });
        }
        let at = self.now();
        let mut claimed = Vec::new();
        for c in claims {
            if !ids::is_game_id(&c.id) {
                continue;
            }
            let Some((row, _)) = crate::game::GamesRepo::new(self.node.store().clone())
                .load(&c.id)
                .await?
            else {
                continue;
            };
            let Some(side) = Seat::of(&row, Some(&c.token)).ok().and_then(Seat::word) else {
                continue;
            };
            if self.repo.link_seat(&c.id, side, &user.id, at).await? && !claimed.contains(&c.id) {
                claimed.push(c.id.clone());
            }
        }
        Ok(claimed)
    }

    /// The seats `user` holds, with their games.
    ///
    /// # Errors
    /// Store failures.
    pub async fn seats(&self, user: &UserRow) -> Result<Vec<HeldSeat>, AccountError> {
        Ok(self.repo.held_seats(&user.id).await?)
    }

    /// The side `user` holds in `game` (`army`, `indians` or `both`), if any.
    ///
    /// # Errors
    /// Store failures.
    pub async fn held_side(
        &self,
        game: &str,
        user: &UserRow,
    ) -> Result<Option<String>, AccountError> {
        Ok(self
            .repo
            .seat_holders(game)
            .await?
            .into_iter()
            .find(|(_, u)| *u == user.id)
            .map(|(side, _)| side))
    }
}
