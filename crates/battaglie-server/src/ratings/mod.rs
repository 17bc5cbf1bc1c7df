//! Ratings wired to the games: rated games made (their seats held by two
//! accounts), a seat of one taken by a signed-in player, guests kept off rated
//! seats, the rating of a rated game's end (`ended.rs`), and the player pages'
//! numbers. The rules are the community crate's Glicko-2.

mod ended;
mod error;
mod players_repo;
mod refusal;
mod repo;
pub(crate) mod routes;
mod wire;

use std::sync::atomic::Ordering;

use battaglie_community::{level_ratings, LevelRating, Rating};
use battaglie_identity::PlayerName;
use battaglie_rules::Side;

pub use error::RatingsError;
pub use players_repo::{GamesFilter, PlayerGameRow, PlayersRepo, ResultCount, SeatPlayer};
pub(crate) use repo::rating_row;
pub use repo::{HistoryRow, RatedGame, RatingRow, RatingsRepo};
pub use wire::{
    GameUrls, HistoryPoint, LevelView, Levels, Opponent, PlayerGameView, PlayerGames, PlayerView,
    RatingChange, RatingView, ResultView, SeatTaken,
};

use crate::accounts::{AccountsRepo, UserRow};
use crate::game::Mode;
use crate::game::{GameError, LiveGame, Seat};
use crate::node::Node;
use crate::view::{seats_view, SeatsView};

/// The most games one page of a player's list holds.
pub const GAMES_PAGE: i64 = 50;

/// What a player page shows.
#[derive(Debug, Clone)]
pub struct Player {
    /// The name as registered.
    pub name: String,
    /// The rating now (its deviation grown by the idle rating periods).
    pub rating: Rating,
    /// How many rated games it counts.
    pub games: i64,
    /// The rating after each rated game, the oldest first.
    pub history: Vec<HistoryRow>,
    /// Finished games counted by battle, side and score.
    pub results: Vec<ResultCount>,
}

/// The computer's levels with their fixed ratings (calibrated by the ladder, `docs/notebook/strength.md`).
pub fn levels() -> Vec<LevelRating> {
    level_ratings()
}

/// The ratings of a node's players: rated games made and seated, and the
/// player pages' numbers.
#[derive(Debug, Clone)]
pub struct Ratings {
    node: Node,
    repo: RatingsRepo,
    /// The player pages' queries.
    players: PlayersRepo,
    /// The accounts' names and seats.
    accounts: AccountsRepo,
}

impl Ratings {
    /// The ratings of `node`'s players.
    pub fn new(node: Node) -> Ratings {
        let store = node.store();
        Ratings {
            repo: RatingsRepo::new(store.clone()),
            players: PlayersRepo::new(store.clone()),
            accounts: AccountsRepo::new(store.clone()),
            node,
        }
    }

    /// The ratings' tables.
    pub(crate) fn repo(&self) -> &RatingsRepo {
        &self.repo
    }

    fn now(&self) -> battaglie_community::Timestamp {
        self.node.now()
    }

    /// Makes `live` (just created) a rated game: its seats `holders` are linked
    /// to their accounts, and its end will change both players' ratings. The
    /// lobby's accepted challenges come through here as well as `POST /api/games`.
    ///
    /// # Errors
    /// [`RatingsError::NotOnline`] for a game not between two players online;
    /// [`RatingsError::SameAccount`] when both seats would be one account's;
    /// [`RatingsError::SeatTaken`] when a seat is someone else's; store failures.
    pub async fn mark_rated(
        &self,
        live: &LiveGame,
        holders: &[(Side, &UserRow)],
    ) -> Result<(), RatingsError> {
        if live.mode() != Mode::Online {
            return Err(RatingsError::NotOnline {
                mode: live.mode().word(),
            });
        }
        if let [(a, u), (b, v)] = holders {
            if a == b || u.id == v.id {
                return Err(RatingsError::SameAccount);
            }
        }
        let holders: Vec<(&str, &str)> = holders
            .iter()
            .map(|(side, user)| (side.word(), user.id.as_str()))
            .collect();
        Ok(self
            .repo
            .mark_rated(live.id(), &holders, self.now().0)
            .await?)
    }

    /// Makes game `id` (just created, its clock not started) rated, its seats
    /// `holders` (`(side, account id)`) linked to their accounts.
    ///
    /// # Errors
    /// [`StoreError::Conflict`](crate::store::StoreError::Conflict) when the
    /// game is rated already or a seat is held by another account; store failures.
    pub(crate) async fn mark_rated_seats(
        &self,
        id: &str,
        holders: &[(&str, &str)],
    ) -> Result<(), crate::store::StoreError> {
        self.repo.mark_rated(id, holders, self.now().0).await
    }

    /// Links the seat that `token` opens in the rated game `live` to `user`
    /// (the invite link opened by a signed-in player); answers the side.
    ///
    /// # Errors
    /// A token of no seat; [`RatingsError::SameAccount`] when `user` holds the
    /// other seat; [`RatingsError::SeatTaken`] when another account holds this one.
    pub async fn take_seat(
        &self,
        live: &LiveGame,
        token: &str,
        user: &UserRow,
    ) -> Result<Side, RatingsError> {
        let side = match live.seat(Some(token))? {
            Seat::Army => Side::Army,
            Seat::Indians => Side::Indians,
            Seat::Both | Seat::Spectator => return Err(GameError::WrongToken.into()),
        };
        if let Some(rated) = self.repo.rated_game(live.id()).await? {
            let (mine, other) = match side {
                Side::Army => (rated.army, rated.indians),
                Side::Indians => (rated.indians, rated.army),
            };
            if other.as_deref() == Some(user.id.as_str()) {
                return Err(RatingsError::SameAccount);
            }
            if mine.as_deref().is_some_and(|m| m != user.id) {
                return Err(RatingsError::SeatTaken);
            }
        }
        if self
            .accounts
            .link_seat(live.id(), side.word(), &user.id, self.now())
            .await?
        {
            Ok(side)
        } else {
            Err(RatingsError::SeatTaken)
        }
    }

    /// Who plays each side of `live`: the accounts holding its seats, with their
    /// ratings and this game's change, the computer, or guests.
    ///
    /// # Errors
    /// Store failures.
    pub async fn seat_players(&self, live: &LiveGame) -> Result<SeatsView, GameError> {
        let holders = self.players.seat_players(live.id()).await?;
        let rated = self.is_rated(live).await?;
        Ok(seats_view(live.computer(), &holders, rated))
    }

    /// Whether `live` is rated.
    ///
    /// # Errors
    /// Store failures.
    pub async fn is_rated(&self, live: &LiveGame) -> Result<bool, GameError> {
        if live.mode() != Mode::Online {
            return Ok(false);
        }
        Ok(self.repo.rated_game(live.id()).await?.is_some())
    }

    /// Refuses a seat of a rated game that no account holds: a guest with the
    /// invite link must sign in and take the seat first.
    ///
    /// # Errors
    /// [`GameError::RatedSeatNeedsAccount`]; store failures.
    pub(crate) async fn check_rated_seat(
        &self,
        live: &LiveGame,
        seat: Seat,
    ) -> Result<(), GameError> {
        let cleared = match seat {
            Seat::Army => &live.seat_cleared[0],
            Seat::Indians => &live.seat_cleared[1],
            Seat::Both | Seat::Spectator => return Ok(()),
        };
        if live.mode() != Mode::Online || cleared.load(Ordering::Relaxed) {
            return Ok(());
        }
        let held = match self.repo.rated_game(live.id()).await? {
            None => true,
            Some(rated) => match seat {
                Seat::Army => rated.army.is_some(),
                _ => rated.indians.is_some(),
            },
        };
        if held {
            cleared.store(true, Ordering::Relaxed);
            Ok(())
        } else {
            Err(GameError::RatedSeatNeedsAccount)
        }
    }

    /// The account named `name` (any case), if it exists and is not deleted.
    ///
    /// # Errors
    /// [`RatingsError::PlayerNotFound`]; store failures.
    pub async fn player_account(&self, name: &str) -> Result<UserRow, RatingsError> {
        self.accounts
            .user_by_key(&PlayerName::key_of(name))
            .await?
            .ok_or_else(|| RatingsError::PlayerNotFound(name.to_string()))
    }

    /// The rating of `user` now (a new player's when none of their rated games ended yet).
    ///
    /// # Errors
    /// Store failures.
    pub async fn rating_of(&self, user: &UserRow) -> Result<(Rating, i64), RatingsError> {
        let stored = self.repo.rating(&user.id).await?;
        let RatingRow { rating, games } = stored.unwrap_or(RatingRow {
            rating: Rating::NEW,
            games: 0,
        });
        Ok((rating.aged(self.now()), games))
    }

    /// What the page of the player `name` shows.
    ///
    /// # Errors
    /// [`RatingsError::PlayerNotFound`]; store failures.
    pub async fn player(&self, name: &str) -> Result<Player, RatingsError> {
        let user = self.player_account(name).await?;
        let (rating, games) = self.rating_of(&user).await?;
        Ok(Player {
            history: self.repo.rating_history(&user.id).await?,
            results: self.players.player_results(&user.id).await?,
            name: user.name,
            rating,
            games,
        })
    }

    /// One page of the games of the player `name`; `before` names the last game
    /// of the previous page.
    ///
    /// # Errors
    /// [`RatingsError::PlayerNotFound`]; [`GameError::NotFound`] for an unknown
    /// `before`; store failures.
    pub async fn player_games(
        &self,
        name: &str,
        mut filter: GamesFilter,
        before: Option<&str>,
    ) -> Result<Vec<PlayerGameRow>, RatingsError> {
        let user = self.player_account(name).await?;
        if let Some(id) = before {
            let at = self
                .players
                .updated_at(id)
                .await?
                .ok_or_else(|| GameError::NotFound(id.to_string()))?;
            filter.before = Some((at, id.to_string()));
        }
        filter.limit = filter.limit.clamp(1, GAMES_PAGE);
        Ok(self.players.player_games(&user.id, &filter).await?)
    }
}
