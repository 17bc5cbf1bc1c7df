//! A side as the JSON writes it.

use battaglie_rules::Side;
use serde::Serialize;
use ts_rs::TS;

/// `army` or `indians`: [`Side::word`], with a type the page can check against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "Side")]
pub enum SideWord {
    /// The U.S. Army.
    Army,
    /// The Indians.
    Indians,
}

impl From<Side> for SideWord {
    fn from(side: Side) -> SideWord {
        match side {
            Side::Army => SideWord::Army,
            Side::Indians => SideWord::Indians,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_written_as_its_word() {
        for side in Side::ALL {
            let json = serde_json::to_string(&SideWord::from(side)).unwrap();
            assert_eq!(json, format!("\"{}\"", side.word()));
        }
    }
}
