//! The computer player: it searches when it is its turn, on a blocking thread,
//! bounded by the cores, and drops a move computed for a position that changed.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use battaglie_ai::{Gesture, Limits, Sport, Turn};
use battaglie_rules::{Game, Side};

use super::live_game::LiveGame;
use super::{GameError, Games};

impl Games {
    /// Gives the computer its move in every unfinished computer game where it is its turn
    /// (after a restart).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn resume_computer_games(&self) -> Result<usize, GameError> {
        let mut started = 0;
        for id in self.repo().open_computer_games().await? {
            match self.game(&id).await {
                Ok(live) => {
                    if self.schedule_computer(&live).await {
                        started += 1;
                    }
                }
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot resume game"),
            }
        }
        Ok(started)
    }

    /// Starts the computer's search if it is its turn and this node holds (or can
    /// take) the claim on that turn; returns whether it started.
    pub(super) async fn schedule_computer(&self, live: &Arc<LiveGame>) -> bool {
        let Some((computer, level)) = live.computer else {
            return false;
        };
        {
            let mut st = live.state.lock().await;
            if st.thinking || st.finished() || st.game.position().side_to_move() != computer {
                return false;
            }
            st.thinking = true;
        }
        if !self.claim(live.id()).await {
            // Another node thinks on this turn.
            live.state.lock().await.thinking = false;
            return false;
        }
        let state = self.clone();
        let live = live.clone();
        tokio::spawn(async move { state.computer_turn(&live, computer, level).await });
        true
    }

    /// Searches and plays the computer's move; searches again when the position
    /// changed meanwhile (an undo), and gives up when it is no longer its turn.
    async fn computer_turn(&self, live: &LiveGame, computer: Side, level: u8) {
        loop {
            let (game, version, sport) = {
                let mut st = live.state.lock().await;
                if st.finished() || st.game.position().side_to_move() != computer {
                    st.thinking = false;
                    return;
                }
                (st.game.clone(), st.version, st.sport.clone())
            };
            let started = std::time::Instant::now();
            let turn = self.think(live.id(), game, sport, level).await;
            let thought = started.elapsed();
            let mut st = live.state.lock().await;
            let Some((turn, sport)) = turn else {
                st.thinking = false;
                return;
            };
            if st.version != version {
                tracing::debug!(game = %live.id(), "the position changed while the computer thought");
                continue;
            }
            st.thinking = false;
            st.sport = sport;
            let Turn { best, gesture, .. } = turn;
            if let Some(Gesture::Resign(why)) = gesture {
                let mut next = st.game.clone();
                // The game is not over: the computer was to move in it.
                let _ = next.resign(computer);
                st.computer_says = Some(why.into());
                if let Err(e) = self.settle(live, &mut st, next).await {
                    tracing::warn!(game = %live.id(), error = %e, "cannot store the computer's resignation");
                }
                return;
            }
            let played = match st.game.try_play(&best) {
                Ok(()) => self.store_move(live, &mut st, &best).await,
                Err(source) => Err(GameError::ComputerMove {
                    id: live.id().to_string(),
                    source: Box::new(source),
                }),
            };
            match played {
                Ok(()) => self.metrics().computer_moved(thought),
                Err(e) => {
                    tracing::error!(game = %live.id(), error = %e, "cannot play the computer's move");
                    return;
                }
            }
            if let Some(Gesture::OfferDraw(why)) = gesture {
                let ply = st.game.moves().len();
                if battaglie_ai::offers_draw_again(st.offered_at, ply) {
                    st.offered_at = Some(ply);
                    st.computer_says = Some(why.into());
                    if let Err(e) = self.set_offer(live, &mut st, Some(computer)).await {
                        tracing::warn!(game = %live.id(), error = %e, "cannot store the computer's draw offer");
                    }
                }
            }
            return;
        }
    }

    /// The computer's turn in `game` (of game `id`), and its side's `sport` having
    /// followed it; `None` at shutdown or when another node took the turn over.
    async fn think(
        &self,
        id: &str,
        game: Game,
        mut sport: Sport,
        level: u8,
    ) -> Option<(Turn, Sport)> {
        let stop = Arc::new(AtomicBool::new(false));
        // Renewed while waiting for a search permit too.
        let renewal = self.spawn_renewal(id, stop.clone());
        // A node stopping starts no search: its claim lapses and another node
        // takes the turn over.
        let mut shutdown = self.shutdown_signal();
        let permit = tokio::select! {
            permit = self.inner.searches.acquire() => permit.ok(),
            _ = shutdown.wait_for(|&s| s) => None,
        };
        let Some(_permit) = permit else {
            renewal.abort();
            return None;
        };
        let flag = stop.clone();
        let watcher = tokio::spawn(async move {
            if shutdown.wait_for(|&s| s).await.is_ok() {
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        self.metrics().search_started();
        let limits = Limits {
            level: Some(level),
            ..Limits::default()
        };
        let stopped = stop.clone();
        let found = tokio::task::spawn_blocking(move || {
            battaglie_ai::computer_turn(&game, &limits, &mut sport, &stop, |_| {})
                .map(|turn| (turn, sport))
        })
        .await;
        watcher.abort();
        renewal.abort();
        if *self.shutdown_signal().borrow() || stopped.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        match found {
            Ok(best) => best,
            Err(e) => {
                tracing::error!(error = %e, "the computer's search failed");
                None
            }
        }
    }
}
