//! Who is told what: the notices an event causes, chosen by each recipient's
//! preferences, mail throttled per game, written to the outbox in the very
//! transaction of the event (a move, a stored result, a direct challenge), so
//! that a notice exists exactly when its event does.

use std::collections::HashMap;

use battaglie_community::{
    mail_decision, notices, Event, GameId, MailDecision, PlayerId, Timestamp,
};
use battaglie_rules::{Outcome, Scenario, Side};

use super::repo::{NewNotice, NoticesRepo};
use super::NoticeEvent;
use crate::store::{GameChange, StoreError, Tx};

/// Writes the notices of events to the outbox.
#[derive(Debug, Clone)]
pub(crate) struct Outbox {
    repo: NoticesRepo,
}

impl Outbox {
    /// The outbox of `repo`'s store.
    pub(crate) fn new(repo: NoticesRepo) -> Outbox {
        Outbox { repo }
    }

    /// Queues in `tx` the notices `event` causes at `at` (milliseconds, the
    /// server's clock): to those of its recipients whose preferences ask for
    /// it, each mail throttled by `mail_decision` against the mails already
    /// queued or sent about the same game.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn enqueue(
        &self,
        tx: &mut Tx<'_>,
        event: &Event,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut wanted = HashMap::new();
        for who in recipients(event) {
            let prefs = self.repo.prefs_in(tx, &who).await?;
            wanted.insert(who, prefs.for_event(event));
        }
        let (word, link) = event_word_and_link(event);
        let chosen = notices(event, |p| wanted.get(&p.0).copied().unwrap_or_default());
        for notice in chosen {
            let mut not_before = at;
            if let (battaglie_community::Channel::Mail, Some(game)) = (notice.channel, &notice.game)
            {
                let last = self.repo.last_mail(tx, &notice.to.0, &game.0).await?;
                match mail_decision(&notice, last.map(Timestamp), Timestamp(at)) {
                    MailDecision::Send => {}
                    MailDecision::Skip => continue,
                    MailDecision::At(t) => not_before = t.0,
                }
            }
            let new = NewNotice {
                to: &notice.to.0,
                channel: notice.channel,
                event: word,
                game: notice.game.as_ref().map(|g| g.0.as_str()),
                subject: &notice.subject,
                link: &link,
                at,
                not_before,
            };
            self.repo.queue(tx, &new).await?;
        }
        Ok(())
    }

    /// Queues in `tx` the notices of a game's `change`: its end to both
    /// players, else, in a correspondence game, the turn to the player whose
    /// time now runs. Nothing when the seats are not two accounts.
    ///
    /// # Errors
    /// On a database failure.
    pub(crate) async fn game_changed(
        &self,
        tx: &mut Tx<'_>,
        change: GameChange<'_>,
    ) -> Result<(), StoreError> {
        let correspondence = change.clock.is_some_and(|c| !c.control().is_live());
        if change.ended.is_none() && !change.called_off && !correspondence {
            return Ok(());
        }
        let (scenario, holders) = self.repo.seat_holders(tx, change.id).await?;
        let holder = |side: Side| holders.iter().find(|h| h.side == side);
        let (Some(army), Some(indians)) = (holder(Side::Army), holder(Side::Indians)) else {
            return Ok(());
        };
        if army.user == indians.user {
            return Ok(());
        }
        let battle = scenario.map_or_else(String::new, |key| {
            Scenario::builtin(&key).map_or(key, |s| s.name().to_string())
        });
        let game = GameId(change.id.to_string());
        let ended = |result| Event::GameEnded {
            game: game.clone(),
            players: [PlayerId(army.user.clone()), PlayerId(indians.user.clone())],
            correspondence,
            result,
            battle: battle.clone(),
        };
        let event = match (change.ended, change.clock) {
            (Some(outcome), _) => ended(result_in_words(outcome)),
            // Called off before the first move: it ends, with no result.
            (None, _) if change.called_off => ended("called off, with no result".into()),
            (None, Some(clock)) => {
                let (mover, other) = match clock.to_move() {
                    Side::Army => (army, indians),
                    Side::Indians => (indians, army),
                };
                Event::YourTurn {
                    game,
                    player: PlayerId(mover.user.clone()),
                    correspondence,
                    opponent: other.name.clone(),
                    battle,
                }
            }
            (None, None) => return Ok(()),
        };
        self.enqueue(tx, &event, change.at).await
    }
}

/// Who `event` may notify.
fn recipients(event: &Event) -> Vec<String> {
    match event {
        Event::YourTurn { player, .. } => vec![player.0.clone()],
        Event::ChallengeReceived { to, .. } => vec![to.0.clone()],
        Event::GameEnded { players, .. } => players.iter().map(|p| p.0.clone()).collect(),
    }
}

/// The outbox's word for `event`, and the path of the page it points to.
fn event_word_and_link(event: &Event) -> (NoticeEvent, String) {
    let game_link = |g: &GameId| format!("/game/{}", g.0);
    match event {
        Event::YourTurn { game, .. } => (NoticeEvent::YourTurn, game_link(game)),
        Event::ChallengeReceived { .. } => (NoticeEvent::ChallengeReceived, "/lobby".to_string()),
        Event::GameEnded { game, .. } => (NoticeEvent::GameEnded, game_link(game)),
    }
}

/// The result of a game in words, for the notice (`the Army won (elimination)`).
fn result_in_words(outcome: Outcome) -> String {
    let what = match outcome.winner() {
        Some(Side::Army) => "the Army won",
        Some(Side::Indians) => "the Indians won",
        None => "a draw",
    };
    format!("{what} ({})", outcome.reason_word())
}
