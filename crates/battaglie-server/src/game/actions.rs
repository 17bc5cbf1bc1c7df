//! What seat holders do to a game: move, undo, resign, draw, take-back requests. Each change is stored
//! before it is shown: when one of these returns `Ok`, the change is durable.

use std::sync::Arc;

use battaglie_rules::{Game, Side};

use super::live_game::{LiveGame, LiveState};
use super::policy::{self, DrawAction, DrawDecision};
use super::rebuild::replay;
use super::repo::position_key;
use super::snapshot::{ComputerSays, SharedState};
use super::takeback::{takeback_decision, TakebackAction, TakebackDecision};
use super::{GameError, Games, Seat};
use crate::store::StoreError;
use battaglie_tablebase::registry::installed;

impl Games {
    /// Plays `text` for the holder of `token`, who last saw version `held` of the
    /// game when it says so.
    ///
    /// # Errors
    /// A wrong or missing token, not this seat's turn, the game over, an illegal move;
    /// [`GameError::Superseded`] instead when the move is refused and the game is no
    /// longer at version `held` (a move raced it: the mover could not have known).
    ///
    /// Returns the state right after the move, for a reader holding `held`:
    /// built before the game is let go, so that the computer's reply, which may
    /// follow at once, never rides on the answer to the move (the sockets tell it).
    pub async fn play(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        text: &str,
        held: Option<u64>,
    ) -> Result<SharedState, GameError> {
        let asked = std::time::Instant::now();
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.ratings().check_rated_seat(live, seat).await?;
        let computer = live.computer.map(|c| c.0);
        let attempt = |st: &mut LiveState| -> Result<battaglie_rules::Move, GameError> {
            st.not_called_off()?;
            policy::may_move(computer, seat, &st.game)?;
            Ok(st.game.play_text(text)?)
        };
        let mv = match attempt(&mut st) {
            Ok(mv) => mv,
            Err(refusal) => {
                // Perhaps another node moved meanwhile: judge again on the stored game.
                self.refresh(live, &mut st).await?;
                attempt(&mut st).map_err(|_| match held {
                    Some(v) if v != st.version => GameError::Superseded,
                    _ => refusal,
                })?
            }
        };
        self.store_move(live, &mut st, &mv).await?;
        let answer = live.state_for(&mut st, held);
        drop(st);
        self.metrics().move_stored(asked.elapsed());
        self.schedule_computer(live).await;
        Ok(answer)
    }

    /// Stores the move just played in `st.game` (taking it back if that fails).
    pub(super) async fn store_move(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        mv: &battaglie_rules::Move,
    ) -> Result<(), GameError> {
        let ended = st.game.outcome();
        let now = self.now_secs();
        let turn = self.turn_after(live, &st.game);
        let clock = match self.time_move(st) {
            Ok(clock) => clock,
            Err(e) => {
                st.game.undo();
                return Err(self.out_of_time(live, st, e).await);
            }
        };
        let stored = self
            .repo()
            .append_move(
                (&live.row.id, st.revision),
                (
                    st.game.moves().len(),
                    &mv.to_string(),
                    position_key(&st.game),
                ),
                ended,
                (now, self.now().0, clock.as_ref()),
                turn,
                &self.followers,
            )
            .await;
        match stored {
            Ok(revision) => st.revision = revision,
            Err(e) => {
                st.game.undo();
                return Err(self.refused(live, st, e).await);
            }
        }
        st.clock = clock;
        st.draw_offer = None;
        st.takeback_offer = None;
        st.computer_says = None;
        st.updated_at = now;
        live.changed(st, self.now());
        self.announce(live, st);
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
        self.ratings().check_rated_seat(live, seat).await?;
        st.not_called_off()?;
        let count = policy::undo_count(live.row.mode, live.computer.map(|c| c.0), seat, &st.game)?;
        self.take_back(live, &mut st, count).await
    }

    /// Asks for, answers or withdraws a take-back in an online game (see
    /// [`TakebackAction`]); an accepted request takes the asker's last move back.
    ///
    /// # Errors
    /// Not an online game, a wrong or missing token, the game over, nothing to take
    /// back, no request to answer or withdraw.
    pub async fn takeback(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        action: TakebackAction,
    ) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.ratings().check_rated_seat(live, seat).await?;
        let decide = |st: &LiveState| {
            st.not_called_off()?;
            takeback_decision(live.row.mode, seat, &st.game, st.takeback_offer, action)
        };
        let decision = match decide(&st) {
            Ok(d) => d,
            Err(refusal) => {
                // Perhaps another node changed the game meanwhile: judged again on the stored game.
                self.refresh(live, &mut st).await?;
                decide(&st).map_err(|_| refusal)?
            }
        };
        match decision {
            TakebackDecision::TakeBack(count) => self.take_back(live, &mut st, count).await,
            TakebackDecision::Request(offer) => {
                let now = self.now_secs();
                match self
                    .repo()
                    .set_takeback(&live.row.id, st.revision, offer, now)
                    .await
                {
                    Ok(revision) => st.revision = revision,
                    Err(e) => return Err(self.refused(live, &mut st, e).await),
                }
                st.takeback_offer = offer;
                st.updated_at = now;
                live.changed(&mut st, self.now());
                self.announce(live, &st);
                Ok(())
            }
        }
    }

    /// Takes the last `count` moves back, stored first.
    async fn take_back(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        count: usize,
    ) -> Result<(), GameError> {
        let keep = st.game.moves().len() - count;
        let now = self.now_secs();
        let mut back = st.game.clone();
        for _ in 0..count {
            back.undo();
        }
        match self
            .repo()
            .truncate_moves(
                (&live.row.id, st.revision),
                (keep, position_key(&back)),
                now,
            )
            .await
        {
            Ok(revision) => st.revision = revision,
            Err(e) => return Err(self.refused(live, st, e).await),
        }
        for _ in 0..count {
            st.game.undo();
        }
        st.sport.reset();
        st.computer_says = None;
        st.draw_offer = None;
        st.takeback_offer = None;
        st.updated_at = now;
        live.changed(st, self.now());
        self.announce(live, st);
        Ok(())
    }

    /// The holder of `token` resigns (in hotseat games, the side to move).
    ///
    /// # Errors
    /// A missing or wrong token, the game over.
    pub async fn resign(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.ratings().check_rated_seat(live, seat).await?;
        match self.resign_on(live, &mut st, seat).await {
            // Another node changed the game first: judged again on the fresh copy.
            Err(GameError::Superseded) => self.resign_on(live, &mut st, seat).await,
            done => done,
        }
    }

    async fn resign_on(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        seat: Seat,
    ) -> Result<(), GameError> {
        st.not_called_off()?;
        let side = policy::resigning_side(seat, &st.game)?;
        let mut next = st.game.clone();
        // `resigning_side` checked that the game is not over.
        let _ = next.resign(side);
        self.settle(live, st, next).await
    }

    /// Offers, accepts or declines a draw (see [`policy::draw_decision`]).
    ///
    /// # Errors
    /// A missing or wrong token, the game over, no offer to accept or decline.
    pub async fn draw(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        action: DrawAction,
    ) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.ratings().check_rated_seat(live, seat).await?;
        match self.draw_on(live, &mut st, seat, action).await {
            // Another node changed the game first: judged again on the fresh copy.
            Err(GameError::Superseded) => self.draw_on(live, &mut st, seat, action).await,
            done => done,
        }
    }

    async fn draw_on(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        seat: Seat,
        action: DrawAction,
    ) -> Result<(), GameError> {
        st.not_called_off()?;
        let computer = live.computer.map(|(side, _)| side);
        let accepts = computer.and_then(|side| {
            let pos = st.game.position();
            st.sport.accepts_draw(pos, side, installed(pos.scenario()))
        });
        let decision = policy::draw_decision(
            live.row.mode,
            seat,
            &st.game,
            st.draw_offer,
            action,
            accepts.is_some(),
        )?;
        match decision {
            DrawDecision::Agreed => {
                let mut next = st.game.clone();
                // `draw_decision` checked that the game is not over.
                let _ = next.agree_draw();
                // Accepting the player's draw, the computer says why; accepted, its
                // own offer keeps the reason it was made for.
                let said = st.computer_says;
                if let Some(why) = accepts.filter(|_| st.draw_offer != computer) {
                    st.computer_says = Some(why.into());
                }
                let settled = self.settle(live, st, next).await;
                if settled.is_err() {
                    st.computer_says = said;
                }
                settled
            }
            DrawDecision::Offer(offer) => self.set_offer(live, st, offer).await,
            DrawDecision::Declined => {
                // Nothing to store: the game goes on, and its readers are told why.
                st.computer_says = Some(ComputerSays::Ahead);
                live.changed(st, self.now());
                Ok(())
            }
        }
    }

    /// Stores `offer` as the game's standing draw offer (`None`: no offer).
    pub(super) async fn set_offer(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        offer: Option<Side>,
    ) -> Result<(), GameError> {
        let now = self.now_secs();
        match self
            .repo()
            .set_status(
                (&live.row.id, st.revision),
                None,
                offer,
                (now, self.now().0),
                st.clock.as_ref(),
                &*self.followers,
            )
            .await
        {
            Ok(revision) => st.revision = revision,
            Err(e) => return Err(self.refused(live, st, e).await),
        }
        st.draw_offer = offer;
        st.takeback_offer = None;
        st.updated_at = now;
        live.changed(st, self.now());
        self.announce(live, st);
        Ok(())
    }

    /// Stores the end of the game `next` (a resignation, an agreed draw, a flag
    /// fall or a claim), the clock stopped.
    pub(super) async fn settle(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        next: Game,
    ) -> Result<(), GameError> {
        let now = self.now_secs();
        let clock = st.clock.clone().map(|mut c| {
            c.stop(self.now());
            c
        });
        match self
            .repo()
            .set_status(
                (&live.row.id, st.revision),
                next.outcome(),
                None,
                (now, self.now().0),
                clock.as_ref(),
                &*self.followers,
            )
            .await
        {
            Ok(revision) => st.revision = revision,
            Err(e) => return Err(self.refused(live, st, e).await),
        }
        st.clock = clock;
        st.game = next;
        st.draw_offer = None;
        st.takeback_offer = None;
        st.updated_at = now;
        live.changed(st, self.now());
        self.announce(live, st);
        Ok(())
    }
}

impl Games {
    /// The error for a write the store refused. When another change came first
    /// (another node's, through the shared database), the game in memory is brought
    /// up to date from the store first, so that the refusal shows the fresh state.
    pub(super) async fn refused(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        e: StoreError,
    ) -> GameError {
        let e = GameError::from(e);
        if matches!(e, GameError::Superseded) {
            if let Err(e) = self.refresh(live, st).await {
                return e;
            }
            // What came first called the game off: that is the answer, not a race.
            if st.aborted {
                return GameError::CalledOff;
            }
        }
        e
    }

    /// Reloads `live` from the store (when another node changed it) and pushes the
    /// new state to its subscribers if it changed.
    ///
    /// # Errors
    /// The store failing; a game gone or no longer replaying.
    pub(super) async fn refresh(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
    ) -> Result<(), GameError> {
        let (row, moves) = self
            .repo()
            .load(live.id())
            .await?
            .ok_or_else(|| GameError::NotFound(live.id().to_string()))?;
        if row.revision == st.revision {
            return Ok(());
        }
        let (game, draw_offer) = replay(&row, &moves)?;
        st.game = game;
        st.aborted = row.aborted_at.is_some();
        st.draw_offer = draw_offer;
        st.takeback_offer = row.takeback_offer;
        st.clock = row.clock;
        st.revision = row.revision;
        st.updated_at = row.updated_at;
        live.changed(st, self.now());
        Ok(())
    }
}
