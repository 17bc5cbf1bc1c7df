//! Outages: the time no node served the site is given back to the clocks.
//!
//! Every node beats once a second in the store. A node that finds that no node
//! beat for [`ALIVE_WITHIN`] (or that is starting, with no other node beating),
//! knows the site was down since the last beat: that game time is given back to
//! every running clock before any flag timer or player sees it, so that no game
//! ends on time because no server was there to take its moves. A site of
//! several nodes that loses one is not down: the others serve its games.

use std::time::Duration;

use super::repo::Beat;
use crate::ids;

use super::Games;

/// How often a node beats.
const BEAT_EVERY: Duration = Duration::from_secs(1);

/// A site where no node beat for this long was down (a beat late by less, on a
/// busy machine, is not an outage).
const ALIVE_WITHIN: Duration = Duration::from_secs(3);

/// This node's beats so far.
#[derive(Debug, Default)]
pub(super) struct Beats {
    /// Wall-clock time (milliseconds) of the last beat stored, if any.
    last: Option<i64>,
    /// The node has stopped serving: it beats no more.
    left: bool,
}

impl Games {
    /// Beats once (giving back the time the site was down, if it was), then
    /// every second until shutdown. Awaited before the node serves or its flag
    /// timer runs.
    pub async fn start_beating(&self) {
        self.beat_site().await;
        self.spawn_every(BEAT_EVERY, |state| async move { state.beat_site().await });
    }

    async fn beat_site(&self) {
        let mut beats = self.inner.beats.lock().await;
        if beats.left {
            return;
        }
        let wall = wall_now();
        let beat = Beat {
            node: self.node(),
            wall,
            game: self.now().millis(),
            alive_since: wall - i64::try_from(ALIVE_WITHIN.as_millis()).unwrap_or(0),
            own_wall: beats.last,
        };
        let outage = match self.repo().beat(beat).await {
            Ok(outage) => outage,
            Err(e) => {
                tracing::warn!(error = %e, "cannot record this node's beat");
                return;
            }
        };
        beats.last = Some(wall_now());
        drop(beats);
        let Some(outage) = outage else { return };
        tracing::info!(
            seconds = outage.length.as_secs(),
            games = outage.games.len(),
            "the site was down: the time given back to the running clocks"
        );
        for id in &outage.games {
            if let Some(live) = self.in_memory(id) {
                if let Err(e) = self.catch_up(&live).await {
                    tracing::warn!(game = %id, error = %e, "cannot reload a clock given time back");
                }
            }
        }
    }

    /// Records that this node stops serving (a clean shutdown; it beats no
    /// more), so that the next node to start gives back the time from now.
    pub async fn leave_site(&self) {
        let mut beats = self.inner.beats.lock().await;
        beats.left = true;
        if let Err(e) = self.repo().leave(self.node(), self.now().millis()).await {
            tracing::warn!(error = %e, "cannot record that this node stops");
        }
    }
}

fn wall_now() -> i64 {
    i64::try_from(ids::wall_millis()).unwrap_or(i64::MAX / 2)
}
