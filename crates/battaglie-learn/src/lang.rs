//! The four languages of the lessons, and a text written in all of them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language a player reads the lessons in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    En,
    /// Italian.
    It,
    /// French.
    Fr,
    /// German.
    De,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::It, Lang::Fr, Lang::De];

    /// The two-letter code (`en`, `it`, `fr`, `de`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Fr => "fr",
            Lang::De => "de",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Error of [`Lang::from_str`]: not one of the four codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a language of the lessons: expected en, it, fr or de")]
pub struct ParseLangError(pub String);

impl FromStr for Lang {
    type Err = ParseLangError;

    /// A code, or a locale that starts with one (`it_IT.UTF-8`).
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        let code = s.get(..2).unwrap_or(s).to_ascii_lowercase();
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| ParseLangError(s.to_string()))
    }
}

/// One text in every language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// English.
    pub en: String,
    /// Italian.
    pub it: String,
    /// French.
    pub fr: String,
    /// German.
    pub de: String,
}

impl Text {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::It => &self.it,
            Lang::Fr => &self.fr,
            Lang::De => &self.de,
        }
    }

    /// The first language whose text is empty, if any.
    pub(crate) fn missing(&self) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|&l| self.get(l).trim().is_empty())
    }
}
