//! Calling a game off before its first move (lichess's abort): either seat may,
//! and the game then ends with no result, unrated and counted nowhere.

use std::sync::Arc;

use super::live_game::{LiveGame, LiveState};
use super::{policy, GameError, Games, Seat};

impl Games {
    /// The holder of `token` calls the game off.
    ///
    /// # Errors
    /// A missing or wrong token, the game over or called off already,
    /// [`GameError::TooLateToCallOff`] once a move has been played (a first move
    /// racing this one: whichever is stored first wins, the other is refused).
    pub async fn abort(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), GameError> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        self.ratings().check_rated_seat(live, seat).await?;
        match self.abort_on(live, &mut st, seat).await {
            // Another node changed the game first: judged again on the fresh copy.
            Err(GameError::Superseded) => self.abort_on(live, &mut st, seat).await,
            done => done,
        }
    }

    async fn abort_on(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        seat: Seat,
    ) -> Result<(), GameError> {
        st.not_called_off()?;
        policy::may_abort(seat, &st.game)?;
        let now = self.now_secs();
        let clock = st.clock.clone().map(|mut c| {
            c.stop(self.now());
            c
        });
        match self
            .repo()
            .abort(
                (&live.row.id, st.revision),
                (now, self.now().0),
                clock.as_ref(),
                &*self.followers,
            )
            .await
        {
            Ok(revision) => st.revision = revision,
            Err(e) => return Err(self.refused(live, st, e).await),
        }
        st.aborted = true;
        st.clock = clock;
        st.draw_offer = None;
        st.takeback_offer = None;
        st.computer_says = None;
        st.updated_at = now;
        live.changed(st, self.now());
        self.announce(live, st);
        Ok(())
    }
}
