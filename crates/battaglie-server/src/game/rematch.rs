//! Rematch after an online game: either player offers, the other accepts (or
//! declines; the offerer may cancel). The acceptance that sets the stored
//! offer's new game wins, on any node; the new game has the sides swapped, the
//! same battle, time control and rated flag, and the same seat tokens (each
//! player's token opens their new seat) and account links.

use std::sync::Arc;

use battaglie_community::GameClock;
use battaglie_rules::{Position, Side};

use super::live_game::Told;
use super::rebuild::rebuild;
use super::registry::builtin_scenario;
use super::{Action, GameError, Games, LiveGame, Seat};
use crate::accounts::AccountsRepo;
use crate::bus::Noted;
use crate::game::{GameRow, Mode, RematchRow};
use crate::ids;
use crate::store::StoreError;

/// What a rematch request does (named by its word: `offer`, `accept`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum RematchAction {
    /// Offers a rematch (accepts the other side's standing offer).
    Offer,
    /// Accepts the other side's offer.
    Accept,
    /// Declines the other side's offer.
    Decline,
    /// Withdraws one's own offer.
    Cancel,
}

impl RematchAction {
    /// The words of the actions.
    pub const WORDS: &'static [&'static str] = <Self as strum::VariantNames>::VARIANTS;

    /// The action named `word`.
    pub fn from_word(word: &str) -> Option<RematchAction> {
        word.parse().ok()
    }
}

/// Why a rematch request is refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum RematchError {
    /// Rematches are for online games.
    #[error("rematch: only online games have a rematch")]
    OnlyOnline,
    /// The game goes on.
    #[error("rematch: the game is not over yet")]
    NotOver,
    /// Nothing to accept, decline or cancel.
    #[error("rematch: no such offer stands")]
    NoOffer,
    /// Agreed already: the new game.
    #[error("rematch: agreed already, the new game is {0}")]
    Agreed(String),
    /// The game refused it (a wrong token, a spectator).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Games {
    /// Carries out `action` for the holder of `token` after the game `live`;
    /// answers the offer as it stands now (`None`: none).
    ///
    /// # Errors
    /// Not an online game, called off, not over, a spectator or wrong token, no offer to
    /// answer, agreed already; store failures.
    pub async fn rematch(
        &self,
        live: &LiveGame,
        token: Option<&str>,
        action: RematchAction,
    ) -> Result<Option<RematchRow>, RematchError> {
        if live.row.mode != Mode::Online {
            return Err(RematchError::OnlyOnline);
        }
        let me = match live.seat(token)? {
            Seat::Army => Side::Army,
            Seat::Indians => Side::Indians,
            Seat::Both | Seat::Spectator => {
                return Err(GameError::NeedsToken(Action::Rematch).into())
            }
        };
        {
            let st = live.state.lock().await;
            // A game called off had no battle to play again.
            st.not_called_off()?;
            if !st.finished() {
                return Err(RematchError::NotOver);
            }
        }
        let store = self.repo();
        let standing = store.rematch(live.id()).await?;
        if let Some(next) = standing.as_ref().and_then(|r| r.next_game.clone()) {
            return Err(RematchError::Agreed(next));
        }
        let by_other = standing.as_ref().is_some_and(|r| r.offered_by == !me);
        let done = match action {
            RematchAction::Offer if by_other => self.agree(live, !me).await?,
            // Mine standing already is no error; another's that came first in a
            // race is told to this player, who may accept it.
            RematchAction::Offer => store.offer_rematch(live.id(), me).await?,
            RematchAction::Accept if by_other => self.agree(live, !me).await?,
            RematchAction::Decline if by_other => store.drop_rematch(live.id(), !me).await?,
            RematchAction::Cancel => store.drop_rematch(live.id(), me).await?,
            RematchAction::Accept | RematchAction::Decline => return Err(RematchError::NoOffer),
        };
        if !done && action == RematchAction::Cancel {
            return Err(RematchError::NoOffer);
        }
        let now = store.rematch(live.id()).await?;
        live.tell(Told::Rematch(now.clone().map(Arc::new)));
        self.note(live, Noted::Rematch);
        Ok(now)
    }

    /// Accepts `offerer`'s offer: wins the stored offer for a new game id, then
    /// creates that game; answers whether this acceptance won (else another did,
    /// and the offer names its game).
    async fn agree(&self, live: &LiveGame, offerer: Side) -> Result<bool, RematchError> {
        let next = ids::game_id().map_err(GameError::from)?;
        if !self
            .repo()
            .accept_rematch(live.id(), offerer, &next)
            .await?
        {
            return Ok(false);
        }
        self.create_rematch(live, next).await?;
        Ok(true)
    }

    /// Creates game `id`, the rematch of `live`.
    async fn create_rematch(&self, live: &LiveGame, id: String) -> Result<(), RematchError> {
        let old = &live.row;
        let scenario = builtin_scenario(&old.scenario)?;
        let first = Position::start(&scenario).side_to_move();
        let now = self.now_secs();
        let row = GameRow {
            id,
            scenario: old.scenario.clone(),
            mode: Mode::Online,
            computer_side: None,
            computer_level: None,
            army_token: old.indians_token.clone(),
            indians_token: old.army_token.clone(),
            start: None,
            draw_offer: None,
            takeback_offer: None,
            outcome: None,
            created_at: now,
            updated_at: now,
            revision: 0,
            clock: old
                .clock
                .as_ref()
                .map(|c| GameClock::new(c.control(), first)),
            aborted_at: None,
        };
        self.repo().insert_game(&row, &[]).await?;
        let swapped = |side: &str| if side == "army" { "indians" } else { "army" };
        let seats = AccountsRepo::new(self.store().clone());
        let holders = seats.seat_holders(old.id.as_str()).await?;
        let holders: Vec<(&str, &str)> = holders
            .iter()
            .map(|(side, user)| (swapped(side), user.as_str()))
            .collect();
        if self.ratings().repo().rated_game(&old.id).await?.is_some() {
            self.ratings().mark_rated_seats(&row.id, &holders).await?;
        } else {
            for (side, user) in &holders {
                seats.link_seat(&row.id, side, user, self.now()).await?;
            }
        }
        let new = Arc::new(rebuild(row, &[], self.clock().clone())?);
        self.remember(new);
        Ok(())
    }

    /// Another node changed the rematch offer of `live`: told to this node's sockets.
    pub(super) async fn heard_rematch(&self, live: &LiveGame) {
        if !live.has_listeners() {
            return;
        }
        match self.repo().rematch(live.id()).await {
            Ok(now) => live.tell(Told::Rematch(now.map(Arc::new))),
            Err(e) => {
                tracing::warn!(game = %live.id(), error = %e, "cannot read a rematch another node stored")
            }
        }
    }
}
