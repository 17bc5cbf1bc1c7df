//! Learn to play in the browser: the lessons in a language, a stage in play (a move
//! tried, answered by the new state or the rule it breaks), and the hint. Everything is
//! `battaglie-learn`'s; this is its translation for the page.

use battaglie_learn::{finish_words, hint, lessons, lessons_json_in, Finish, Lang, Run};
use wasm_bindgen::prelude::*;

fn lang(code: &str) -> Result<Lang, JsError> {
    code.parse()
        .map_err(|e: battaglie_learn::ParseLangError| JsError::new(&e.to_string()))
}

/// Every lesson with its stages, its texts in `lang` (`en`, `it`, `fr`, `de`): the JSON
/// of `battaglie learn --json` with one language.
#[wasm_bindgen(js_name = learnLessonsJson)]
pub fn learn_lessons_json(lang_code: &str) -> Result<String, JsError> {
    Ok(lessons_json_in(lessons(), lang(lang_code)?).to_string())
}

/// A stage of a lesson in play.
#[wasm_bindgen(js_name = LearnStage)]
pub struct LearnStage {
    run: Run,
}

#[wasm_bindgen(js_class = LearnStage)]
impl LearnStage {
    /// Stage `stage` (from 1) of the lesson `lesson` (its id), from its start.
    #[wasm_bindgen(constructor)]
    pub fn new(lesson: &str, stage: usize) -> Result<LearnStage, JsError> {
        let l = lessons()
            .iter()
            .find(|l| l.id == lesson)
            .ok_or_else(|| JsError::new(&format!("no lesson is called {lesson:?}")))?;
        let s = stage
            .checked_sub(1)
            .and_then(|i| l.stages.get(i))
            .ok_or_else(|| {
                JsError::new(&format!(
                    "lesson {lesson:?} has stages 1 to {}",
                    l.stages.len()
                ))
            })?;
        Ok(LearnStage { run: Run::new(s) })
    }

    /// The position now, in BFEN.
    #[wasm_bindgen(getter)]
    pub fn bfen(&self) -> String {
        self.run.game().position().to_string()
    }

    /// The player's moves so far.
    #[wasm_bindgen(getter)]
    pub fn played(&self) -> u32 {
        self.run.played()
    }

    /// The legal moves now, in notation (none once the stage is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.run.finish().is_some() {
            return Vec::new();
        }
        self.run
            .game()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Tries a move in notation. Answers JSON: `{"ok": true, "move", "reply", "bfen",
    /// "finish": null | {"kind": "won" | "out_of_moves" | "ended", "moves", "stars",
    /// "words"}}` or `{"ok": false, "rule", "words", "squares"}`, the words in `lang`.
    #[wasm_bindgen(js_name = tryMove)]
    pub fn try_move(&mut self, text: &str, lang_code: &str) -> Result<String, JsError> {
        let lang = lang(lang_code)?;
        let answer = match self.run.try_move(text, lang) {
            Ok(played) => serde_json::json!({
                "ok": true,
                "move": played.mv.to_string(),
                "reply": played.reply.map(|r| r.to_string()),
                "bfen": self.bfen(),
                "finish": played.finish.map(|f| {
                    let (kind, moves, stars) = match f {
                        Finish::Won { moves, stars } => ("won", moves, stars),
                        Finish::OutOfMoves => ("out_of_moves", self.run.played(), 0),
                        Finish::Ended(_) => ("ended", self.run.played(), 0),
                    };
                    serde_json::json!({"kind": kind, "moves": moves, "stars": stars, "words": finish_words(f, lang)})
                }),
            }),
            Err(refusal) => serde_json::json!({
                "ok": false,
                "rule": refusal.rule,
                "words": refusal.words,
                "squares": refusal.squares.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            }),
        };
        Ok(answer.to_string())
    }

    /// The next move of a shortest solution from here, or nothing when the stage can no
    /// longer be completed within its moves.
    pub fn hint(&self) -> Option<String> {
        hint(&self.run).map(|m| m.to_string())
    }
}
