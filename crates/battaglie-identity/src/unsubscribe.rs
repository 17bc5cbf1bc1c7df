//! The token of an unsubscribe link: signed, so that a notice's reader turns a
//! channel off with one click, without signing in, and nobody else can.

use battaglie_community::{Channel, PlayerId};

use crate::signed::{Purpose, Signer};

fn unsubscribe_data(player: &PlayerId, channel: Channel) -> Vec<u8> {
    format!("{}\0{}", player.0, channel.word()).into_bytes()
}

/// The token of `player`'s unsubscribe link for `channel` (no login needed to use it).
pub fn unsubscribe_token(signer: &Signer, player: &PlayerId, channel: Channel) -> String {
    signer.sign(Purpose::Unsubscribe, &unsubscribe_data(player, channel))
}

/// Whether `token` unsubscribes `player` from `channel`.
pub fn check_unsubscribe(
    signer: &Signer,
    player: &PlayerId,
    channel: Channel,
    token: &str,
) -> bool {
    signer.verify(
        Purpose::Unsubscribe,
        &unsubscribe_data(player, channel),
        token,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: &str) -> PlayerId {
        PlayerId(id.into())
    }

    #[test]
    fn an_unsubscribe_token_works_for_its_player_and_channel_only() {
        let s = Signer::new(&[3u8; 32]).unwrap();
        let t = unsubscribe_token(&s, &p("ann"), Channel::Mail);
        assert!(check_unsubscribe(&s, &p("ann"), Channel::Mail, &t));
        assert!(!check_unsubscribe(&s, &p("bob"), Channel::Mail, &t));
        assert!(!check_unsubscribe(&s, &p("ann"), Channel::Webhook, &t));
    }
}
