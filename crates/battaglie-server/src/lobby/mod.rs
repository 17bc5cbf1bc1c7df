//! The lobby wired to the store: challenges posted, listed, accepted, cancelled
//! and declined, and "play anyone" requests paired. The rules (who may offer,
//! accept or withdraw what; which requests match) are the community crate's;
//! the store settles each race once; every change is told to this node's
//! sockets and, over the bus, to the other nodes'.
//!
//! The lobby is for accounts: a guest plays by link as before. (A guest's seat
//! would live only in the one socket message that announces the game; an
//! account keeps it, linked, in its games.)

mod error;
mod kinds;
mod notice;
mod refusal;
mod repo;
pub(crate) mod routes;
mod seek;
mod started;
mod wire;

use std::sync::Arc;

use battaglie_community::{
    Audience, Challenge, Participant, PlayerId, SideChoice, Terms, TimeControl, Timestamp,
};
use battaglie_identity::{PlayerName, Policy};
use battaglie_rules::Side;
use tokio::sync::broadcast;

pub use error::LobbyError;
pub use kinds::{ChallengeState, SeekState};
pub use notice::{Event, Notice, ParseNoticeError, Subject};
pub use repo::{ChallengeRow, LobbyRepo, SeekRow};
pub use started::{game_started, StartedGame};
pub use wire::{
    ChallengeView, GameToWatch, LobbyLife, LobbyMessage, LobbyView, SeatedView, SeekView,
    SeekWithdrawn, SoughtView,
};

use crate::accounts::{AccountsRepo, UserRow};
use crate::game::Mode;
use crate::game::{builtin_scenario, Games};
use crate::ids;
use crate::notify::{NoticesRepo, Outbox};
use crate::store::StoreError;

/// How many challenges (open and direct alike) an account may have open at once.
pub const MAX_OPEN_CHALLENGES: usize = 10;

/// How many events a slow socket may fall behind before it is sent the list again.
const EVENT_BACKLOG: usize = 256;

/// A node's lobby: the events its sockets hear. "Now" is the server's
/// ([`Games::now`]), as everywhere else.
#[derive(Clone)]
pub struct Lobby {
    games: Games,
    repo: LobbyRepo,
    outbox: Outbox,
    events: broadcast::Sender<Arc<Event>>,
}

impl Lobby {
    /// The lobby of the node whose games are `games`.
    pub fn new(games: Games) -> Lobby {
        let store = games.store().clone();
        Lobby {
            repo: LobbyRepo::new(store.clone()),
            outbox: Outbox::new(NoticesRepo::new(store)),
            games,
            events: broadcast::channel(EVENT_BACKLOG).0,
        }
    }
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lobby").finish_non_exhaustive()
    }
}

/// A challenge as a player offers it.
#[derive(Debug, Clone)]
pub struct Offer {
    /// The battle's id.
    pub battle: String,
    /// The side asked for.
    pub side: SideChoice,
    /// The time control, written (`10+3`, `3d+2h`).
    pub control: String,
    /// Rated or casual.
    pub rated: bool,
    /// The one player it is for (by name), if any.
    pub to: Option<String>,
}

/// A game the lobby started, as its player is told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// The game.
    pub game: String,
    /// The player's side.
    pub side: Side,
    /// The player's seat token.
    pub token: String,
}

impl Seated {
    /// The player's page.
    pub fn url(&self) -> String {
        format!("/game/{}#token={}", self.game, self.token)
    }
}

/// What a request to play anyone came to.
#[derive(Debug, Clone)]
pub enum Sought {
    /// Nobody matched yet: the request waits.
    Waiting(SeekRow),
    /// Paired at once.
    Paired(Seated),
}

fn participant(user: &UserRow) -> Participant {
    Participant {
        id: PlayerId(user.id.clone()),
        registered: true,
    }
}

fn coin() -> Result<bool, LobbyError> {
    let mut b = [0u8; 1];
    getrandom::fill(&mut b)?;
    Ok(b[0] & 1 == 1)
}

/// The community crate's challenge of a stored row.
fn challenge_of(row: &ChallengeRow) -> Result<Challenge, LobbyError> {
    Ok(Challenge {
        from: Participant {
            id: PlayerId(row.challenger.clone()),
            registered: true,
        },
        terms: Terms {
            battle: row.battle.clone(),
            side: row.side,
            control: row.control.parse()?,
            rated: row.rated,
        },
        to: match &row.addressee {
            Some(a) => Audience::Direct(PlayerId(a.clone())),
            None => Audience::Open,
        },
        expires: Timestamp(row.expires_at),
    })
}

impl Lobby {
    /// The events this node's sockets hear from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.events.subscribe()
    }

    /// Tells this node's sockets and the other nodes what changed.
    fn tell(&self, event: Event) {
        let subject = match &event {
            Event::Challenge(row) => Subject::Challenge(row.id.clone()),
            Event::Seek(row) => Subject::Seek(row.user.clone()),
        };
        let _ = self.events.send(Arc::new(event));
        if let Some(bus) = self.games.bus() {
            let notice = Notice {
                node: self.games.node().to_string(),
                subject,
            };
            bus.publish_lobby(notice.to_string());
        }
    }

    /// A notice heard on the bus: the row it names, read from the store, goes
    /// to this node's sockets.
    pub async fn heard(&self, text: &str) {
        let notice: Notice = match text.parse() {
            Ok(n) => n,
            Err(e) => {
                tracing::warn!(error = %e, "ignored");
                return;
            }
        };
        if notice.node == self.games.node() {
            return;
        }
        let event = match &notice.subject {
            Subject::Challenge(id) => self
                .repo
                .challenge(id)
                .await
                .map(|r| r.map(Event::Challenge)),
            Subject::Seek(user) => self.repo.seek(user).await.map(|r| r.map(Event::Seek)),
        };
        match event {
            Ok(Some(event)) => {
                let _ = self.events.send(Arc::new(event));
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "cannot read a lobby change heard on the bus"),
        }
    }

    /// The open challenges `viewer` may see (a guest, `None`, sees the open ones).
    ///
    /// # Errors
    /// Store failures.
    pub async fn visible(&self, viewer: Option<&UserRow>) -> Result<Vec<ChallengeRow>, LobbyError> {
        Ok(self
            .repo
            .open_challenges(viewer.map(|u| u.id.as_str()), self.games.now().0)
            .await?)
    }

    /// `by` posts `offer`.
    ///
    /// # Errors
    /// An unknown battle, a time control that does not read, an unknown
    /// addressee, terms the community rules refuse; store failures.
    pub async fn post(&self, by: &UserRow, offer: Offer) -> Result<ChallengeRow, LobbyError> {
        let scenario = builtin_scenario(&offer.battle)?;
        let control: TimeControl = offer.control.parse()?;
        let now = self.games.now();
        let open = self.repo.open_challenges_by(&by.id, now.0).await?;
        if open >= MAX_OPEN_CHALLENGES {
            return Err(LobbyError::TooManyOpen {
                max: MAX_OPEN_CHALLENGES,
            });
        }
        let key = format!("challenge:{}", by.id);
        let accounts = AccountsRepo::new(self.games.store().clone());
        crate::accounts::throttle::attempt(&accounts, &key, &Policy::CHALLENGES, now).await??;
        let addressee = match &offer.to {
            Some(name) => Some(
                accounts
                    .user_by_key(&PlayerName::key_of(name))
                    .await?
                    .ok_or_else(|| LobbyError::UnknownPlayer(name.clone()))?,
            ),
            None => None,
        };
        let to = match &addressee {
            Some(u) => Audience::Direct(PlayerId(u.id.clone())),
            None => Audience::Open,
        };
        let terms = Terms {
            battle: scenario.id().to_string(),
            side: offer.side,
            control,
            rated: offer.rated,
        };
        let challenge = Challenge::new(participant(by), terms, to, &scenario, now)?;
        let id = ids::random_hex(8)?;
        let row = ChallengeRow {
            id: id.clone(),
            challenger: by.id.clone(),
            challenger_name: Some(by.name.clone()),
            // Read back below with the challenger's rating.
            challenger_rating: String::new(),
            battle: challenge.terms.battle.clone(),
            side: challenge.terms.side,
            control: challenge.terms.control.to_string(),
            rated: challenge.terms.rated,
            addressee: addressee.as_ref().map(|u| u.id.clone()),
            addressee_name: addressee.map(|u| u.name),
            created_at: now.0,
            expires_at: challenge.expires.0,
            state: ChallengeState::Open,
            acceptor: None,
            challenger_side: None,
            game_id: None,
        };
        self.store_challenge(&row).await?;
        let row = self.repo.challenge(&id).await?.unwrap_or(row);
        self.tell(Event::Challenge(row.clone()));
        Ok(row)
    }

    /// Stores `row`; a direct challenge queues its addressee's notices in the
    /// same transaction.
    async fn store_challenge(&self, row: &ChallengeRow) -> Result<(), StoreError> {
        let mut transaction = self.games.store().begin().await?;
        let from = self
            .repo
            .insert_challenge(&mut transaction.tx(), row)
            .await?;
        if let Some(to) = &row.addressee {
            let event = battaglie_community::Event::ChallengeReceived {
                to: PlayerId(to.clone()),
                from,
                battle: battaglie_rules::Scenario::builtin(&row.battle)
                    .map_or_else(|| row.battle.clone(), |s| s.name().to_string()),
                control: row.control.clone(),
            };
            self.outbox
                .enqueue(&mut transaction.tx(), &event, row.created_at)
                .await?;
        }
        transaction.commit().await
    }

    async fn open_row(&self, id: &str) -> Result<ChallengeRow, LobbyError> {
        let row = self
            .repo
            .challenge(id)
            .await?
            .ok_or_else(|| LobbyError::NotFound(id.to_string()))?;
        match row.state {
            ChallengeState::Open => Ok(row),
            ChallengeState::Accepted => Err(LobbyError::Taken),
            ChallengeState::Cancelled | ChallengeState::Declined => Err(LobbyError::Closed),
        }
    }

    /// `by` accepts challenge `id`: the database lets one acceptance through,
    /// the game is made with the challenger on the side the challenge settles,
    /// both seats are linked to the two accounts, and the challenger is told.
    ///
    /// # Errors
    /// [`LobbyError::NotFound`], [`LobbyError::Taken`] (another acceptance won),
    /// [`LobbyError::Closed`], [`LobbyError::Accept`] (one's own, another's
    /// direct challenge, lapsed); failures to make the game or of the store.
    pub async fn accept(&self, id: &str, by: &UserRow) -> Result<Seated, LobbyError> {
        let row = self.open_row(id).await?;
        let challenge = challenge_of(&row)?;
        let now = self.games.now();
        let seats = challenge.accept(&participant(by), now, coin()?)?;
        let challenger_side = seats.side_of(&challenge.from.id).unwrap_or(Side::Army);
        let won = self
            .repo
            .accept_challenge(id, &by.id, challenger_side, now.0)
            .await?;
        if !won {
            // Lost a race: say why from what won it.
            self.open_row(id).await?;
            return Err(LobbyError::Accept(
                battaglie_community::AcceptError::Expired,
            ));
        }
        let (army, indians) = match challenger_side {
            Side::Army => (row.challenger.clone(), by.id.clone()),
            Side::Indians => (by.id.clone(), row.challenger.clone()),
        };
        let terms = (row.battle.clone(), challenge.terms.control, row.rated);
        let (game, tokens) = match self.start_game(terms, [&army, &indians]).await {
            Ok(started) => started,
            Err(e) => {
                self.repo.reopen_challenge(id).await?;
                return Err(e);
            }
        };
        self.repo.set_challenge_game(id, &game).await?;
        if let Some(row) = self.repo.challenge(id).await? {
            self.tell(Event::Challenge(row));
        }
        let side = !challenger_side;
        Ok(Seated {
            game,
            side,
            token: tokens[side_index(side)].clone(),
        })
    }

    /// `by` cancels their challenge `id`.
    ///
    /// # Errors
    /// [`LobbyError::NotFound`], [`LobbyError::Withdraw`] (not theirs),
    /// [`LobbyError::Taken`] or [`LobbyError::Closed`]; store failures.
    pub async fn cancel(&self, id: &str, by: &UserRow) -> Result<(), LobbyError> {
        self.withdraw(id, by, ChallengeState::Cancelled).await
    }

    /// `by` declines challenge `id`, addressed to them.
    ///
    /// # Errors
    /// As [`Lobby::cancel`], for the addressee.
    pub async fn decline(&self, id: &str, by: &UserRow) -> Result<(), LobbyError> {
        self.withdraw(id, by, ChallengeState::Declined).await
    }

    async fn withdraw(
        &self,
        id: &str,
        by: &UserRow,
        how: ChallengeState,
    ) -> Result<(), LobbyError> {
        let row = self
            .repo
            .challenge(id)
            .await?
            .ok_or_else(|| LobbyError::NotFound(id.to_string()))?;
        let challenge = challenge_of(&row)?;
        let who = PlayerId(by.id.clone());
        if how == ChallengeState::Cancelled {
            challenge.cancel(&who)?;
        } else {
            challenge.decline(&who)?;
        }
        if !self
            .repo
            .withdraw_challenge(id, how, self.games.now().0)
            .await?
        {
            self.open_row(id).await?;
        }
        if let Some(row) = self.repo.challenge(id).await? {
            self.tell(Event::Challenge(row));
        }
        Ok(())
    }

    /// The seat of `side` in the game a challenge or a pairing started, for
    /// telling its player.
    ///
    /// # Errors
    /// Failures to load the game.
    pub async fn seated(&self, game: &str, side: Side) -> Result<Option<Seated>, LobbyError> {
        let live = self.games.game_to_read(game).await?;
        Ok(live.token_of(side.word()).map(|t| Seated {
            game: game.to_string(),
            side,
            token: t.to_string(),
        }))
    }

    /// Makes the online game of `terms` (battle, clock, rated) with `seats`
    /// (the Army's account, the Indians'), links each seat to its account, and
    /// tells [`game_started`]. Answers the game's id and the two seats' tokens.
    pub(super) async fn start_game(
        &self,
        (battle, control, rated): (String, TimeControl, bool),
        [army, indians]: [&String; 2],
    ) -> Result<(String, [String; 2]), LobbyError> {
        // The clock starts with the game (it runs from the first move on).
        let (created, _) = self
            .games
            .create(&battle, Mode::Online, Side::Army, None, Some(control))
            .await?;
        let now = self.games.now();
        let seats = AccountsRepo::new(self.games.store().clone());
        seats.link_seat(&created.id, "army", army, now).await?;
        seats
            .link_seat(&created.id, "indians", indians, now)
            .await?;
        if rated {
            // Before either player is told, so before any move: the end is rated.
            self.games
                .ratings()
                .mark_rated_seats(&created.id, &[("army", army), ("indians", indians)])
                .await?;
        }
        let tokens = [
            created.token.clone(),
            created.other_token.clone().unwrap_or_default(),
        ];
        game_started(&StartedGame {
            game: created.id.clone(),
            battle,
            control,
            rated,
            army: army.clone(),
            indians: indians.clone(),
        })
        .await;
        Ok((created.id, tokens))
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Army => 0,
        Side::Indians => 1,
    }
}
