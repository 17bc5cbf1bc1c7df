//! Which events notify whom, over which channels, and how often mail goes out.
//!
//! * **Your turn** in a correspondence game: the player to move (a live
//!   game's players are at the board already).
//! * **Challenge received**: the addressee of a direct challenge.
//! * **Game ended**: both players; by mail only for correspondence games.
//!
//! Every notice goes to the page (the games list's badge); mail and webhook
//! only where the player turned them on. At most one mail per game per hour
//! ([`mail_decision`]): a turn mail inside the hour is skipped (the earlier
//! mail already calls the player to the game), an end mail waits for the hour
//! to pass, never dropped.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::seat::PlayerId;
use crate::time::Timestamp;

/// At most one mail per game in this long.
pub const MAIL_INTERVAL: Duration = Duration::from_secs(3_600);

/// An opaque game id, given by the server.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub String);

/// Something that happened that players may want to hear of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A move was played and it is `player`'s turn.
    YourTurn {
        /// The game.
        game: GameId,
        /// Whose turn it is.
        player: PlayerId,
        /// Whether the game is by correspondence.
        correspondence: bool,
        /// The opponent's name, for the message.
        opponent: String,
        /// The battle's name.
        battle: String,
    },
    /// A direct challenge arrived.
    ChallengeReceived {
        /// The addressee.
        to: PlayerId,
        /// The challenger's name.
        from: String,
        /// The battle's name.
        battle: String,
        /// The clock, in notation (`10+3`).
        control: String,
    },
    /// A game ended.
    GameEnded {
        /// The game.
        game: GameId,
        /// Both players.
        players: [PlayerId; 2],
        /// Whether the game was by correspondence.
        correspondence: bool,
        /// The result in words (`the Army won on time`).
        result: String,
        /// The battle's name.
        battle: String,
    },
}

/// A way to reach a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// The page: the games list's badge and the live notices.
    Page,
    /// E-mail.
    Mail,
    /// The player's webhook (Discord, Slack or compatible).
    Webhook,
}

impl Channel {
    /// The word used in unsubscribe links.
    pub fn word(self) -> &'static str {
        match self {
            Channel::Page => "page",
            Channel::Mail => "mail",
            Channel::Webhook => "webhook",
        }
    }
}

/// What a player asked to receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Preferences {
    /// Mail, to a confirmed address.
    pub mail: bool,
    /// A webhook URL is set.
    pub webhook: bool,
}

/// One message to one player over one channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// To whom.
    pub to: PlayerId,
    /// How.
    pub channel: Channel,
    /// The game it is about (for the mail throttle and the link), if any.
    pub game: Option<GameId>,
    /// Whether it reports a game's end (mail waits rather than being skipped).
    pub ending: bool,
    /// One line: the mail's subject, the webhook's text.
    pub subject: String,
}

/// Every notice `event` causes, given each recipient's preferences.
pub fn notices(event: &Event, preferences: impl Fn(&PlayerId) -> Preferences) -> Vec<Notice> {
    let (recipients, game, subject, mail_too, ending): (
        Vec<&PlayerId>,
        Option<&GameId>,
        String,
        bool,
        bool,
    ) = match event {
        Event::YourTurn {
            game,
            player,
            correspondence,
            opponent,
            battle,
        } => {
            if !correspondence {
                return Vec::new();
            }
            (
                vec![player],
                Some(game),
                format!("Your turn against {opponent} at {battle}"),
                true,
                false,
            )
        }
        Event::ChallengeReceived {
            to,
            from,
            battle,
            control,
        } => (
            vec![to],
            None,
            format!("{from} challenges you to {battle} ({control})"),
            true,
            false,
        ),
        Event::GameEnded {
            game,
            players,
            correspondence,
            result,
            battle,
        } => (
            players.iter().collect(),
            Some(game),
            format!("{battle}: {result}"),
            *correspondence,
            true,
        ),
    };
    let mut out = Vec::new();
    for to in recipients {
        let prefs = preferences(to);
        let channels = [
            (Channel::Page, true),
            (Channel::Mail, mail_too && prefs.mail),
            (Channel::Webhook, prefs.webhook),
        ];
        for (channel, on) in channels {
            if on {
                out.push(Notice {
                    to: to.clone(),
                    channel,
                    game: game.cloned(),
                    ending,
                    subject: subject.clone(),
                });
            }
        }
    }
    out
}

/// What to do with a mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailDecision {
    /// Send it now.
    Send,
    /// Drop it: a mail about this game went out less than an hour ago.
    Skip,
    /// Send it at this instant, when the hour has passed.
    At(Timestamp),
}

/// Decides a mail about a game at `now`, given when the last mail about the
/// same game to the same player went out.
pub fn mail_decision(
    notice: &Notice,
    last_mail: Option<Timestamp>,
    now: Timestamp,
) -> MailDecision {
    let Some(last) = last_mail.filter(|_| notice.game.is_some()) else {
        return MailDecision::Send;
    };
    let ready = last.plus(MAIL_INTERVAL);
    if now >= ready {
        MailDecision::Send
    } else if notice.ending {
        MailDecision::At(ready)
    } else {
        MailDecision::Skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn p(id: &str) -> PlayerId {
        PlayerId(id.into())
    }

    fn turn(correspondence: bool) -> Event {
        Event::YourTurn {
            game: GameId("g1".into()),
            player: p("ann"),
            correspondence,
            opponent: "Bob".into(),
            battle: "Washita River".into(),
        }
    }

    fn all_on(_: &PlayerId) -> Preferences {
        Preferences {
            mail: true,
            webhook: true,
        }
    }

    #[test]
    fn your_turn_notifies_only_in_correspondence() {
        assert!(notices(&turn(false), all_on).is_empty());
        let n = notices(&turn(true), all_on);
        let channels: Vec<_> = n.iter().map(|n| n.channel).collect();
        assert_eq!(channels, [Channel::Page, Channel::Mail, Channel::Webhook]);
        assert!(n.iter().all(|n| n.to == p("ann")));
        assert_eq!(n[0].subject, "Your turn against Bob at Washita River");
    }

    #[test]
    fn channels_follow_preferences_and_the_page_always_hears() {
        let n = notices(&turn(true), |_| Preferences::default());
        assert_eq!(n.len(), 1);
        assert_eq!(n[0].channel, Channel::Page);
    }

    #[test]
    fn a_challenge_notifies_its_addressee() {
        let e = Event::ChallengeReceived {
            to: p("bob"),
            from: "Ann".into(),
            battle: "Apache Pass".into(),
            control: "3d+2h".into(),
        };
        let n = notices(&e, all_on);
        assert_eq!(n.len(), 3);
        assert!(n.iter().all(|n| n.to == p("bob") && n.game.is_none()));
        assert_eq!(n[0].subject, "Ann challenges you to Apache Pass (3d+2h)");
    }

    #[test]
    fn a_game_s_end_notifies_both_players_and_mails_only_for_correspondence() {
        let end = |correspondence| Event::GameEnded {
            game: GameId("g1".into()),
            players: [p("ann"), p("bob")],
            correspondence,
            result: "the Army won on time".into(),
            battle: "Washita River".into(),
        };
        let live = notices(&end(false), all_on);
        assert_eq!(live.len(), 4);
        assert!(live.iter().all(|n| n.channel != Channel::Mail));
        let slow = notices(&end(true), all_on);
        assert_eq!(
            slow.iter().filter(|n| n.channel == Channel::Mail).count(),
            2
        );
        assert!(slow.iter().all(|n| n.ending));
    }

    #[test]
    fn at_most_one_mail_per_game_per_hour() {
        let n = &notices(&turn(true), all_on)[1];
        assert_eq!(mail_decision(n, None, T0), MailDecision::Send);
        let half = T0.plus(MAIL_INTERVAL / 2);
        assert_eq!(mail_decision(n, Some(T0), half), MailDecision::Skip);
        assert_eq!(
            mail_decision(n, Some(T0), T0.plus(MAIL_INTERVAL)),
            MailDecision::Send
        );
        let mut end = n.clone();
        end.ending = true;
        assert_eq!(
            mail_decision(&end, Some(T0), half),
            MailDecision::At(T0.plus(MAIL_INTERVAL))
        );
    }
}
