//! How a game is played: against the computer, at one screen, or online.

/// How a game is played (its word in the API and the database: `computer`,
/// `hotseat`, `online`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum Mode {
    /// A human against the computer.
    Computer,
    /// Two humans at the same screen, one seat token for both.
    Hotseat,
    /// Two humans in two browsers, one seat token each.
    Online,
}

impl Mode {
    /// The word used by the API and the database.
    pub fn word(self) -> &'static str {
        self.into()
    }

    /// Reads [`Mode::word`].
    pub fn from_word(word: &str) -> Option<Mode> {
        word.parse().ok()
    }
}
