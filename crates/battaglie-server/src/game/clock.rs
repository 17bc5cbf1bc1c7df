//! Games with a clock (RULES.md, "Clocks and leaving"): each move timed in the transaction
//! that stores it, the flag falling by itself in live games (any node's timer may
//! see it; the store's row lets one end the game), and claims against an
//! opponent gone from a live game (see `crate::presence`) or past their time in a
//! correspondence game.

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{claim, flag_fall, ClaimKind, ClockError, EndReason, Ending, GameClock};
use battaglie_rules::{ClockReason, Side};

use super::live_game::{LiveGame, LiveState};
use super::{Action, GameError, Games, Seat};
use crate::presence::Presence;

/// The longest a node's flag timer sleeps: a deadline set on another node, or a
/// test's fake time moved on, is seen within this.
const FLAG_POLL: Duration = Duration::from_millis(250);

/// At most this many fallen flags are handled per look at the store.
const FLAGS_PER_LOOK: i64 = 64;

impl Games {
    /// The clock after the move just played in `st.game`, timed now: the first
    /// move starts the clock (nobody's time runs before it, so that an invited
    /// opponent is not timed while the link travels), every later one stops the
    /// mover's time, adds the increment, and starts the opponent's. A game the
    /// move ends has its clock stopped.
    ///
    /// # Errors
    /// [`ClockError::OutOfTime`] when the mover's live flag has fallen.
    pub(super) fn time_move(&self, st: &LiveState) -> Result<Option<GameClock>, ClockError> {
        let Some(mut clock) = st.clock.clone() else {
            return Ok(None);
        };
        let now = self.now();
        // The move is already played: the mover is the side not to move now.
        let mover = !st.game.position().side_to_move();
        // Refused after the first move, which it starts: that one is untimed.
        let _ = clock.start(now);
        clock.moved(mover, now)?;
        if st.game.is_over() {
            clock.stop(now);
        }
        Ok(Some(clock))
    }

    /// The refusal of a move the clock did not time: a live flag fallen ends the
    /// game on time, stored and pushed like any end.
    pub(super) async fn out_of_time(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        e: ClockError,
    ) -> GameError {
        if let ClockError::OutOfTime { side, .. } = e {
            let ending = flag_fall(st.game.position(), side);
            match self.end_on_clock(live, st, ending).await {
                Ok(()) | Err(GameError::Superseded) => {}
                Err(e) => return e,
            }
        }
        GameError::Clock(e)
    }

    /// Ends the game of `st` with `ending` (a flag fall or a claim), the clock stopped.
    async fn end_on_clock(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        ending: Ending,
    ) -> Result<(), GameError> {
        let reason = match ending.reason() {
            EndReason::Time => ClockReason::Time,
            EndReason::Abandoned => ClockReason::Abandoned,
        };
        let mut next = st.game.clone();
        next.end_by_clock(ending.winner(), reason)
            .map_err(|over| GameError::GameOver { outcome: over.0 })?;
        self.settle(live, st, next).await
    }

    /// Ends the game `id` on time if its live flag has fallen (judged on the
    /// stored game: of several nodes doing this at once, one stores the end).
    async fn fire_flag(&self, id: &str) -> Result<(), GameError> {
        let live = self.game(id).await?;
        let mut st = live.state.lock().await;
        self.refresh(&live, &mut st).await?;
        let Some(clock) = st.clock.as_ref().filter(|c| c.control().is_live()) else {
            return Ok(());
        };
        let Some(late) = clock.expired(self.now()).filter(|_| !st.finished()) else {
            return Ok(());
        };
        let ending = flag_fall(st.game.position(), late);
        match self.end_on_clock(&live, &mut st, ending).await {
            // Another node stored it first; the refresh showed its end.
            Err(GameError::Superseded) => Ok(()),
            done => done,
        }
    }

    /// One look of the flag timer: ends the games in the store whose live flag
    /// has fallen by now; answers how long until the next look (the nearest
    /// deadline, at most [`FLAG_POLL`]).
    pub async fn end_fallen_flags(&self) -> Duration {
        let now = self.now().millis();
        let mut wait = FLAG_POLL;
        match self.repo().flags(now, FLAGS_PER_LOOK).await {
            Ok((due, next)) => {
                for id in due {
                    if let Err(e) = self.fire_flag(&id).await {
                        tracing::warn!(game = %id, error = %e, "cannot end a game on time");
                    }
                }
                if let Some(next) = next {
                    let until = u64::try_from(next - now).unwrap_or(0);
                    wait = wait.min(Duration::from_millis(until.max(1)));
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the clocks' deadlines"),
        }
        wait
    }

    /// Watches the live clocks of every game in the store until the server
    /// stops: looks ([`Games::end_fallen_flags`]), then sleeps until the next
    /// look. Every node runs one; the store decides.
    pub fn spawn_flag_timer(&self) {
        let state = self.clone();
        let mut shutdown = self.shutdown_signal();
        tokio::spawn(async move {
            loop {
                let wait = state.end_fallen_flags().await;
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    _ = shutdown.wait_for(|&s| s) => return,
                }
            }
        });
    }

    /// The holder of `token` claims the win or a draw against an opponent gone
    /// (no socket on any node) for 60 s in a live game, or past their time in a
    /// correspondence game (RULES.md, "Clocks and leaving", reason `abandoned`).
    ///
    /// # Errors
    /// A missing or wrong token, a game without a clock or over, and the claim's
    /// refusals ([`GameError::Claim`]: too early, the claimant's own turn...).
    pub async fn claim_against(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        kind: ClaimKind,
    ) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.refresh(live, &mut st).await?;
        let claimant = match seat {
            Seat::Army => Side::Army,
            Seat::Indians => Side::Indians,
            Seat::Spectator => return Err(GameError::NeedsToken(Action::Claim)),
            Seat::Both => return Err(GameError::NothingToClaim),
        };
        st.not_called_off()?;
        if let Some(outcome) = st.game.outcome() {
            return Err(GameError::GameOver { outcome });
        }
        let clock = st.clock.as_ref().ok_or(GameError::NothingToClaim)?;
        let opponent = Presence::new(self.shared().clone())
            .of_seat(live, !claimant)
            .await?;
        let now = self.now();
        let ending = claim(clock, st.game.position(), claimant, &opponent, kind, now)?;
        self.end_on_clock(live, &mut st, ending).await
    }
}
