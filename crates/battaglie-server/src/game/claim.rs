//! One node computes each computer move: the node that stores the move handing
//! the turn to the computer claims it in the same transaction, renews the claim
//! while it thinks, and gives it up with the computer's move. When a node dies
//! its claims expire, and any node still up takes those turns over.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use battaglie_rules::Game;

use super::live_game::LiveGame;
use super::Games;
use crate::game::ComputerTurn;
use crate::ids;

impl Games {
    /// What storing a move that led to `game` does to the claim on the computer's turn.
    pub(super) fn turn_after(&self, live: &LiveGame, game: &Game) -> ComputerTurn<'_> {
        match live.computer {
            None => ComputerTurn::Untouched,
            Some((side, _)) if !game.is_over() && game.position().side_to_move() == side => {
                ComputerTurn::Claim {
                    node: self.node(),
                    until: self.lease_end(),
                }
            }
            Some(_) => ComputerTurn::Over,
        }
    }

    /// Claims the computer's turn in game `id` for this node (unless another node
    /// holds an unexpired claim); answers whether this node holds it.
    pub(super) async fn claim(&self, id: &str) -> bool {
        let now = now_millis();
        match self
            .repo()
            .claim_turn(id, self.node(), self.lease_end(), now)
            .await
        {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot claim the computer's turn");
                false
            }
        }
    }

    /// Renews this node's claim on game `id` until `stop` is set; sets `stop` when
    /// the claim was lost (another node took the turn over).
    pub(super) fn spawn_renewal(
        &self,
        id: &str,
        stop: Arc<AtomicBool>,
    ) -> tokio::task::JoinHandle<()> {
        let state = self.clone();
        let id = id.to_string();
        let every = self.inner.lease / 3;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.tick().await;
            loop {
                tick.tick().await;
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let renewed = state
                    .repo()
                    .renew_turn(&id, state.node(), state.lease_end())
                    .await;
                match renewed {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::info!(game = %id, "another node took the computer's turn over");
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    // The database may come back before the claim expires.
                    Err(e) => tracing::warn!(game = %id, error = %e, "cannot renew the claim"),
                }
            }
        })
    }

    /// Takes over the computer turns whose claim expired (their node died);
    /// answers how many this node started thinking on.
    pub async fn take_over_expired(&self) -> usize {
        let expired = match self.repo().expired_turns(now_millis()).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the expired claims");
                return 0;
            }
        };
        let mut started = 0;
        for id in expired {
            if !self.claim(&id).await {
                continue;
            }
            let live = match self.game(&id).await {
                Ok(live) => live,
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "cannot take over the computer's turn");
                    continue;
                }
            };
            {
                let mut st = live.state.lock().await;
                if let Err(e) = self.refresh(&live, &mut st).await {
                    tracing::warn!(game = %id, error = %e, "cannot reload the game taken over");
                    continue;
                }
            }
            if self.schedule_computer(&live).await {
                tracing::info!(game = %id, "took over the computer's turn of a node gone");
                started += 1;
            } else if !live.state.lock().await.thinking {
                // Not the computer's turn after all (the game went on or ended).
                if let Err(e) = self.repo().release_turn(&id).await {
                    tracing::warn!(game = %id, error = %e, "cannot release a stale claim");
                }
            }
        }
        started
    }

    /// Looks for expired claims twice per lease, until shutdown.
    pub fn spawn_takeover(&self) {
        self.spawn_every(self.inner.lease / 2, |state| async move {
            state.take_over_expired().await;
        });
    }

    fn lease_end(&self) -> i64 {
        now_millis() + i64::try_from(self.inner.lease.as_millis()).unwrap_or(i64::MAX / 2)
    }
}

/// The wall clock, not the server's [`Games::now`]: a lease is renewed by
/// real-time timers while the computer thinks, so it must be measured in real
/// time too (a test's fake clock moved on by hours would expire the lease of a
/// node still working, and another node would play the same turn).
fn now_millis() -> i64 {
    i64::try_from(ids::wall_millis()).unwrap_or(i64::MAX / 2)
}
