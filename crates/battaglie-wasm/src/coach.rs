//! The coach of the first battles for the page: before a move, the stacks it leaves to be
//! eliminated next turn; after the computer's move, what it threatens. `battaglie-learn`
//! decides and words both; this is their translation for the page, as JSON
//! `{"words": "...", "squares": ["d4", "e4"]}` (the squares to mark on the board).

use battaglie_learn::{marked, threat_words, threats, warn, warning_words, Lang};
use battaglie_rules::{Side, Square};
use wasm_bindgen::prelude::*;

use crate::{error, Battle};

fn said(words: String, squares: &[Square]) -> String {
    let squares: Vec<String> = squares.iter().map(Square::to_string).collect();
    serde_json::json!({ "words": words, "squares": squares }).to_string()
}

#[wasm_bindgen]
impl Battle {
    /// The coach's warning before the side to move plays `mv` (in notation), in `lang`
    /// (`en`, `it`, `fr`, `de`), or nothing when the move needs none (it leaves nothing
    /// to be eliminated, ends the game, or no move would lose less).
    ///
    /// # Errors
    /// When `mv` is not a legal move here or `lang` is not a language of the page.
    #[wasm_bindgen(js_name = coachWarning)]
    pub fn coach_warning(&self, mv: &str, lang: &str) -> Result<Option<String>, JsError> {
        let lang: Lang = lang.parse().map_err(error)?;
        let mv = self.game.position().parse_move(mv).map_err(error)?;
        Ok(warn(&self.game, &mv).map(|w| said(warning_words(&w.exposed, lang), &w.squares())))
    }

    /// What the other side threatens against `side` (`army` or `indians`) now, in one
    /// sentence in `lang`, with the squares to mark (none once the game is over).
    ///
    /// # Errors
    /// When `side` or `lang` is not one of their words.
    #[wasm_bindgen(js_name = coachThreats)]
    pub fn coach_threats(&self, side: &str, lang: &str) -> Result<String, JsError> {
        let lang: Lang = lang.parse().map_err(error)?;
        let side: Side = side.parse().map_err(error)?;
        let found = threats(&self.game, side);
        Ok(said(threat_words(&found, lang), &marked(&found)))
    }
}
