//! What seat holders do to a game: move, undo, resign, draw. Each change is stored
//! before it is shown: when one of these returns `Ok`, the change is durable.

use std::sync::Arc;

use battaglie_rules::{Game, Side};

use super::live_game::{LiveGame, LiveState};
use super::policy::{self, DrawAction, DrawDecision};
use super::snapshot::result_words;
use super::{AppState, GameError};
use crate::ids;

impl AppState {
    /// Plays `text` for the holder of `token`.
    ///
    /// # Errors
    /// A wrong or missing token, not this seat's turn, the game over, an illegal move.
    pub async fn play(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        text: &str,
    ) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        policy::may_move(live.computer.map(|c| c.0), seat, &st.game)?;
        let mv = st.game.play_text(text)?;
        self.store_move(live, &mut st, &mv).await?;
        drop(st);
        self.schedule_computer(live).await;
        Ok(())
    }

    /// Stores the move just played in `st.game` (taking it back if that fails).
    pub(super) async fn store_move(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        mv: &battaglie_rules::Move,
    ) -> Result<(), GameError> {
        let ended = result_words(&st.game);
        let now = ids::now();
        let stored = self
            .inner
            .store
            .append_move(
                &live.row.id,
                st.game.moves().len(),
                &mv.to_string(),
                ended,
                now,
            )
            .await;
        if let Err(e) = stored {
            st.game.undo();
            return Err(e.into());
        }
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(st);
        Ok(())
    }

    /// Takes back the last move (hotseat) or the last move of the human and the
    /// computer's reply (computer games).
    ///
    /// # Errors
    /// Online games, a wrong token, nothing to undo.
    pub async fn undo(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        let count = policy::undo_count(live.row.mode, live.computer.map(|c| c.0), seat, &st.game)?;
        let keep = st.game.moves().len() - count;
        let now = ids::now();
        self.inner
            .store
            .truncate_moves(&live.row.id, keep, now)
            .await?;
        for _ in 0..count {
            st.game.undo();
        }
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(&mut st);
        Ok(())
    }

    /// The holder of `token` resigns (in hotseat games, the side to move).
    ///
    /// # Errors
    /// A missing or wrong token, the game over.
    pub async fn resign(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        let side = policy::resigning_side(seat, &st.game)?;
        let mut next = st.game.clone();
        // `resigning_side` checked that the game is not over.
        let _ = next.resign(side);
        self.settle(live, &mut st, next).await
    }

    /// Offers, accepts or declines a draw (see [`policy::draw_decision`]).
    ///
    /// # Errors
    /// A missing or wrong token, the game over, no offer to accept or decline, the
    /// computer declining.
    pub async fn draw(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        action: DrawAction,
    ) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        match policy::draw_decision(live.row.mode, seat, &st.game, st.draw_offer, action)? {
            DrawDecision::Agreed => {
                let mut next = st.game.clone();
                // `draw_decision` checked that the game is not over.
                let _ = next.agree_draw();
                self.settle(live, &mut st, next).await
            }
            DrawDecision::Offer(offer) => {
                let now = ids::now();
                self.inner
                    .store
                    .set_status(&live.row.id, None, offer.map(Side::word), now)
                    .await?;
                st.draw_offer = offer;
                st.updated_at = now;
                live.changed(&mut st);
                Ok(())
            }
        }
    }

    async fn settle(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        next: Game,
    ) -> Result<(), GameError> {
        let now = ids::now();
        self.inner
            .store
            .set_status(&live.row.id, result_words(&next), None, now)
            .await?;
        st.game = next;
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(st);
        Ok(())
    }
}
