//! Learn to play in the browser: a stage in play (a move tried, answered by the new
//! state or the rule it breaks), and the hint. Everything is `battaglie-learn`'s; this
//! is its translation for the page. The page fetches the lessons as JSON from the site
//! and hands over the stage it plays, so this module carries no lesson text.

use battaglie_learn::{finish_words, hint, read_stage_json, Finish, Lang, Run};
use battaglie_view::{game_view, scenario_view};
use wasm_bindgen::prelude::*;

fn lang(code: &str) -> Result<Lang, JsError> {
    code.parse()
        .map_err(|e: battaglie_learn::ParseLangError| JsError::new(&e.to_string()))
}

/// A stage of a lesson in play.
#[wasm_bindgen(js_name = LearnStage)]
pub struct LearnStage {
    run: Run,
}

#[wasm_bindgen(js_class = LearnStage)]
impl LearnStage {
    /// Stage `stage` (from 1) of the lesson `lesson` (its id), from its JSON (one stage
    /// of the lessons' JSON, texts in one language or four), from its start.
    #[wasm_bindgen(constructor)]
    pub fn new(lesson: &str, stage: usize, json: &str) -> Result<LearnStage, JsError> {
        let s = read_stage_json(lesson, stage, json).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(LearnStage { run: Run::new(&s) })
    }

    /// The stage's map as the page's board draws a battle's: the JSON of
    /// `GET /api/scenarios/{id}`.
    #[wasm_bindgen(js_name = scenarioJson)]
    pub fn scenario_json(&self) -> String {
        serde_json::to_string(&scenario_view(self.run.game().start().scenario()))
            .expect("a scenario always serialises")
    }

    /// The rules' fields of the stage's game now, as the server's state JSON writes
    /// them (`battaglie_view::game_view`): the stacks, the moves played, the legal moves
    /// grouped by square (none once the stage is over).
    #[wasm_bindgen(js_name = stateJson)]
    pub fn state_json(&self) -> String {
        let mut view = serde_json::to_value(game_view(self.run.game())).unwrap_or_default();
        if self.run.finish().is_some() {
            view["legal"] = serde_json::json!([]);
        }
        view.to_string()
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
