//! Chat in a game: who may write and read where, message length, a rate
//! limit, and mutes.
//!
//! Each game has two rooms. The players' room: the two players write, and
//! everyone (spectators too) reads. The spectators' room: spectators write and
//! read; the players do not see it while the game is on (it could help
//! them), only after.

use std::collections::HashSet;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::seat::PlayerId;
use crate::time::{spoken, Timestamp};

/// Longest message, in characters.
pub const MAX_MESSAGE: usize = 500;
/// Messages a writer may send in a burst.
pub const BURST: u32 = 5;
/// One more message is allowed every this long.
pub const REFILL: Duration = Duration::from_secs(3);

/// A game's chat room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// The players' room.
    Players,
    /// The spectators' room.
    Spectators,
}

/// Who someone is in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// One of the two players.
    Player,
    /// Anyone else watching.
    Spectator,
}

/// Error of [`check_message`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Nothing but spaces.
    #[error("the message is empty")]
    Empty,
    /// Past [`MAX_MESSAGE`].
    #[error("a message has at most {MAX_MESSAGE} characters, this one {0}")]
    TooLong(usize),
    /// Control characters other than line breaks.
    #[error("the message holds control characters")]
    Control,
    /// This role may not write in this room.
    #[error("you cannot write in this room")]
    Room,
    /// Too many messages: wait.
    #[error("too many messages: wait {}", spoken((*.0).max(Duration::from_secs(1))))]
    Rate(Duration),
}

/// Whether `role` may write in `room`.
pub fn may_write(role: Role, room: Room) -> bool {
    matches!(
        (role, room),
        (Role::Player, Room::Players) | (Role::Spectator, Room::Spectators)
    )
}

/// Whether `role` may read `room`, while the game is on or after it.
pub fn may_read(role: Role, room: Room, game_over: bool) -> bool {
    room == Room::Players || role == Role::Spectator || game_over
}

/// A writer's allowance (a token bucket), as stored per writer and game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Allowance {
    /// Messages used from the burst.
    pub used: u32,
    /// When `used` was last brought up to date.
    pub at: Option<Timestamp>,
}

impl Allowance {
    fn used_at(&self, now: Timestamp) -> u32 {
        let Some(at) = self.at else { return 0 };
        let refilled = now.since(at).as_millis() / REFILL.as_millis();
        self.used
            .saturating_sub(u32::try_from(refilled).unwrap_or(u32::MAX))
    }
}

/// The embeddings, overrides and isolates of Unicode's bidirectional algorithm
/// (U+202A-U+202E, U+2066-U+2069): one reverses the text after it, so that a
/// message (or a name quoted in it) reads otherwise than it is written.
fn bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing (zero-width spaces and joiners, direction marks,
/// fillers, variation selectors, tags): a message of them alone is empty.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}'
        | '\u{206a}'..='\u{206f}' | '\u{2800}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}'
        | '\u{feff}' | '\u{ffa0}' | '\u{e0000}'..='\u{e007f}' | '\u{e0100}'..='\u{e01ef}')
        || bidi_control(c)
}

/// Checks a message by `role` to `room` at `now` and counts it; returns the
/// text as it will be shown (trimmed).
///
/// # Errors
/// A [`ChatError`] naming what is wrong; nothing is counted then.
pub fn check_message<'a>(
    text: &'a str,
    role: Role,
    room: Room,
    allowance: &mut Allowance,
    now: Timestamp,
) -> Result<&'a str, ChatError> {
    if !may_write(role, room) {
        return Err(ChatError::Room);
    }
    let text = text.trim();
    if text.chars().all(|c| c.is_whitespace() || invisible(c)) {
        return Err(ChatError::Empty);
    }
    let len = text.chars().count();
    if len > MAX_MESSAGE {
        return Err(ChatError::TooLong(len));
    }
    if text
        .chars()
        .any(|c| (c.is_control() && c != '\n') || bidi_control(c))
    {
        return Err(ChatError::Control);
    }
    let used = allowance.used_at(now);
    if used >= BURST {
        let at = allowance.at.unwrap_or(now);
        let since = now.since(at).as_millis() % REFILL.as_millis();
        let wait = REFILL - Duration::from_millis(u64::try_from(since).unwrap_or(0));
        return Err(ChatError::Rate(wait));
    }
    // Keep the refill's phase: move `at` on by whole refills only.
    let refills = allowance.used - used.min(allowance.used);
    let at = match allowance.at {
        Some(at) if used > 0 => at.plus(REFILL * refills),
        _ => now,
    };
    *allowance = Allowance {
        used: used + 1,
        at: Some(at),
    };
    Ok(text)
}

/// The players someone muted: their messages are not shown to them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Mutes(pub HashSet<PlayerId>);

impl Mutes {
    /// Mutes `who`.
    pub fn mute(&mut self, who: PlayerId) {
        self.0.insert(who);
    }

    /// Unmutes `who`.
    pub fn unmute(&mut self, who: &PlayerId) {
        self.0.remove(who);
    }

    /// Whether a message from `from` is shown.
    pub fn shows(&self, from: &PlayerId) -> bool {
        !self.0.contains(from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    #[test]
    fn players_write_in_their_room_spectators_in_theirs() {
        assert!(may_write(Role::Player, Room::Players));
        assert!(!may_write(Role::Spectator, Room::Players));
        assert!(!may_write(Role::Player, Room::Spectators));
        assert!(may_read(Role::Spectator, Room::Players, false));
        assert!(!may_read(Role::Player, Room::Spectators, false));
        assert!(may_read(Role::Player, Room::Spectators, true));
    }

    #[test]
    fn messages_are_checked_for_length_and_content() {
        let mut a = Allowance::default();
        let mut msg =
            |t: &str| check_message(t, Role::Player, Room::Players, &mut a, T0).map(str::to_string);
        assert_eq!(msg("  good game  "), Ok("good game".into()));
        assert_eq!(msg("   "), Err(ChatError::Empty));
        assert_eq!(msg(&"x".repeat(501)), Err(ChatError::TooLong(501)));
        assert_eq!(msg("a\u{7}b"), Err(ChatError::Control));
        assert_eq!(msg("line\nbreak"), Ok("line\nbreak".into()));
        // A reversed direction makes the text read otherwise than it is written.
        for bidi in ['\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}'] {
            assert_eq!(
                msg(&format!("gg {bidi}llew")),
                Err(ChatError::Control),
                "{bidi:?}"
            );
        }
        assert_eq!(
            msg("\u{200b}\u{200d} \u{feff}\u{2060}"),
            Err(ChatError::Empty)
        );
        assert_eq!(msg("\u{3164}\u{2800}"), Err(ChatError::Empty));
        assert_eq!(msg("👍🏽"), Ok("👍🏽".into()));
        assert_eq!(
            msg("👨\u{200d}👩"),
            Ok("👨\u{200d}👩".into()),
            "a joiner in a word is fine"
        );
        let mut b = Allowance::default();
        assert_eq!(
            check_message("hi", Role::Spectator, Room::Players, &mut b, T0),
            Err(ChatError::Room)
        );
    }

    #[test]
    fn five_messages_in_a_burst_then_one_every_three_seconds() {
        let mut a = Allowance::default();
        for _ in 0..5 {
            check_message("hi", Role::Player, Room::Players, &mut a, T0).unwrap();
        }
        let t1 = T0.plus(Duration::from_secs(1));
        assert_eq!(
            check_message("hi", Role::Player, Room::Players, &mut a, t1),
            Err(ChatError::Rate(Duration::from_secs(2)))
        );
        let t3 = T0.plus(Duration::from_secs(3));
        assert!(check_message("hi", Role::Player, Room::Players, &mut a, t3).is_ok());
        assert!(check_message("hi", Role::Player, Room::Players, &mut a, t3).is_err());
        let later = T0.plus(Duration::from_secs(60));
        for _ in 0..5 {
            check_message("hi", Role::Player, Room::Players, &mut a, later).unwrap();
        }
    }

    #[test]
    fn a_muted_player_is_not_shown() {
        let mut m = Mutes::default();
        let troll = PlayerId("troll".into());
        m.mute(troll.clone());
        assert!(!m.shows(&troll) && m.shows(&PlayerId("ann".into())));
        m.unmute(&troll);
        assert!(m.shows(&troll));
    }
}
