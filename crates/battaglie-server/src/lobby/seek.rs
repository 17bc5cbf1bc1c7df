//! "Play anyone": a player's request waits until another matching one comes;
//! the two are paired by one write that takes both requests or neither.

use battaglie_community::{pair, Participant, PlayerId, Seek, SideChoice, TimeControl, Timestamp};
use battaglie_rules::Side;

use super::repo::SeekRow;
use super::{coin, participant, side_index, Event, Lobby, LobbyError, Seated, SeekState, Sought};
use crate::accounts::UserRow;
use crate::game::builtin_scenario;

impl Lobby {
    /// `by` asks to play anyone on `battle` with `control`: paired at once with
    /// the longest-waiting matching request, else left waiting (replacing any
    /// earlier request of theirs).
    ///
    /// # Errors
    /// An unknown battle, a time control that does not read; failures to make
    /// the game or of the store.
    pub async fn seek(
        &self,
        by: &UserRow,
        (battle, side, control, rated): (&str, SideChoice, &str, bool),
    ) -> Result<Sought, LobbyError> {
        let scenario = builtin_scenario(battle)?;
        let control: TimeControl = control.parse::<TimeControl>()?.validate()?;
        let now = self.games.now();
        let mine = Seek::new(
            participant(by),
            scenario.id().to_string(),
            control,
            rated,
            side,
            now,
        )?;
        let row = SeekRow {
            user: by.id.clone(),
            battle: mine.battle.clone(),
            side,
            control: control.to_string(),
            rated,
            since: now.0,
            state: SeekState::Waiting,
            game_id: None,
            played_side: None,
        };
        self.repo.put_seek(&row).await?;
        // A pairing lost to a concurrent one is tried again with who is left.
        for _ in 0..3 {
            let waiting = self.repo.waiting_seeks(&mine.battle, &by.id).await?;
            let pool: Vec<Seek> = waiting.iter().map(seek_of).collect();
            let Some(found) = pair(&pool, &mine, coin()?) else {
                break;
            };
            let other = &waiting[found.index];
            let my_side = found.seats.side_of(&mine.who.id).unwrap_or(Side::Army);
            let paired = self
                .repo
                .pair_seeks((&by.id, my_side), (&other.user, !my_side))
                .await?;
            if !paired {
                if self
                    .repo
                    .seek(&by.id)
                    .await?
                    .is_none_or(|s| s.state != SeekState::Waiting)
                {
                    break;
                }
                continue;
            }
            let (army, indians) = match my_side {
                Side::Army => (by.id.clone(), other.user.clone()),
                Side::Indians => (other.user.clone(), by.id.clone()),
            };
            let terms = (mine.battle.clone(), control, rated);
            let users = [by.id.as_str(), other.user.as_str()];
            let (game, tokens) = match self.start_game(terms, [&army, &indians]).await {
                Ok(started) => started,
                Err(e) => {
                    self.repo.set_seek_game(users, None).await?;
                    return Err(e);
                }
            };
            self.repo.set_seek_game(users, Some(&game)).await?;
            for user in users {
                if let Some(row) = self.repo.seek(user).await? {
                    self.tell(Event::Seek(row));
                }
            }
            return Ok(Sought::Paired(Seated {
                game,
                side: my_side,
                token: tokens[side_index(my_side)].clone(),
            }));
        }
        Ok(Sought::Waiting(
            self.repo.seek(&by.id).await?.unwrap_or(row),
        ))
    }

    /// `by`'s request to play anyone, waiting or paired.
    ///
    /// # Errors
    /// Store failures.
    pub async fn my_seek(&self, by: &UserRow) -> Result<Option<SeekRow>, LobbyError> {
        Ok(self.repo.seek(&by.id).await?)
    }

    /// `by` withdraws their request: answers whether one was waiting.
    ///
    /// # Errors
    /// Store failures.
    pub async fn unseek(&self, by: &UserRow) -> Result<bool, LobbyError> {
        Ok(self.repo.delete_seek(&by.id).await?)
    }
}

fn seek_of(row: &SeekRow) -> Seek {
    Seek {
        who: Participant {
            id: PlayerId(row.user.clone()),
            registered: true,
        },
        battle: row.battle.clone(),
        // A stored control always reads; one that did not would match nothing.
        control: row.control.parse().unwrap_or(TimeControl::Live {
            minutes: 0,
            increment_seconds: 0,
        }),
        rated: row.rated,
        side: row.side,
        since: Timestamp(row.since),
    }
}
