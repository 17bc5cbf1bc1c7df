//! The coach of the first battles in the terminal: the full screen and the line mode ask
//! before a move that leaves a stack to be eliminated next turn, and say after the
//! computer's move what it threatens. `battaglie-learn` decides and words it; this only
//! presents it, in English as the rest of the game's screens.

use battaglie_learn::{
    anyway_words, coach_by_default, threat_words, threats, warn, warning_words, Lang,
};
use battaglie_rules::Move;

use crate::session::Session;
use crate::Opponent;

const LANG: Lang = Lang::En;

/// Whether the coach speaks in `session`: as `setting` says (`--coach on|off`), else
/// against the computer at levels 1 to 3 only.
pub(crate) fn coach_on(setting: Option<bool>, session: &Session) -> bool {
    setting.unwrap_or(match session.opponent {
        Opponent::Computer { level } => coach_by_default(level),
        Opponent::Hotseat => false,
    })
}

/// The coach's warning before the person plays `text`, when it has one.
pub(crate) fn warning(session: &Session, text: &str) -> Option<String> {
    if !session.human_to_move() {
        return None;
    }
    let mv: Move = session.game.position().parse_move(text).ok()?;
    warn(&session.game, &mv).map(|w| warning_words(&w.exposed, LANG))
}

/// After the computer's move: what it threatens now, in one sentence (nothing once the
/// game is over).
pub(crate) fn threat(session: &Session) -> Option<String> {
    (!session.game.is_over() && session.opponent != Opponent::Hotseat)
        .then(|| threat_words(&threats(&session.game, session.human), LANG))
}

/// The question after a warning.
pub(crate) fn anyway() -> &'static str {
    anyway_words(LANG)
}
