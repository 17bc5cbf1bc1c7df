//! Every lesson with its stages as JSON, for anyone who wants to check or use them
//! (`battaglie learn --json`, the page).

use serde::Serialize;

use crate::lang::{Lang, Text};
use crate::lesson::{Lesson, MapSource, Opponent, Stage};

/// A lesson as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct LessonJson {
    /// Its id.
    pub id: String,
    /// Its title, in every language.
    pub title: Text,
    /// The line under the title.
    pub subtitle: Text,
    /// The introduction.
    pub intro: Text,
    /// The stages, in order.
    pub stages: Vec<StageJson>,
}

/// A stage as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct StageJson {
    /// The goal, in every language.
    pub goal: Text,
    /// The built-in battle whose map it is played on, if not a small map.
    pub battle: Option<String>,
    /// The small map's terrain rows, north first (`.` open, `H` house, `^` cliffs
    /// nobody enters, `~` creek, `T` woods), if not a battle's map.
    pub map: Option<Vec<String>>,
    /// The map's width and height.
    pub width: u8,
    /// The map's height.
    pub height: u8,
    /// The stack limit.
    pub stack_limit: u8,
    /// The quiet limit, in plies.
    pub quiet_limit: u32,
    /// The start position (BFEN).
    pub position: String,
    /// The side the player plays (`army` or `indians`).
    pub player: &'static str,
    /// What completes the stage.
    pub targets: TargetsJson,
    /// What the other side does.
    pub opponent: OpponentJson,
    /// The most moves for three, two and one star.
    pub stars: [u32; 3],
    /// A shortest solution (the player's moves, in notation).
    pub solution: Vec<String>,
}

/// A stage's targets as JSON: every one given must hold at once.
#[derive(Debug, Clone, Serialize)]
pub struct TargetsJson {
    /// Squares the player's pieces must stand on.
    pub reach: Vec<String>,
    /// Squares whose enemy stacks must be gone.
    pub eliminate: Vec<String>,
    /// A square and the fewest of the player's pieces it must hold.
    pub gather: Option<(String, u8)>,
    /// The other side must have no piece left.
    pub win: bool,
    /// The draw the game must end in (`deadlock`, `repetition`, `quiet`).
    pub draw: Option<&'static str>,
    /// The rounds the player must last with pieces left.
    pub survive: Option<u32>,
}

/// What the other side does, as JSON.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OpponentJson {
    /// It has no legal move and passes.
    None,
    /// Fixed replies, in order (notation).
    Replies {
        /// The replies.
        replies: Vec<String>,
    },
    /// The computer at a level.
    Computer {
        /// Its level, 1 (weakest) to 8.
        level: u8,
    },
}

/// Every lesson as JSON values.
pub fn lessons_json(lessons: &[Lesson]) -> Vec<LessonJson> {
    lessons
        .iter()
        .map(|l| LessonJson {
            id: l.id.clone(),
            title: l.title.clone(),
            subtitle: l.subtitle.clone(),
            intro: l.intro.clone(),
            stages: l.stages.iter().map(stage_json).collect(),
        })
        .collect()
}

fn stage_json(s: &Stage) -> StageJson {
    let scenario = s.start.scenario();
    let names = |v: &[battaglie_rules::Square]| v.iter().map(|q| q.to_string()).collect();
    StageJson {
        goal: s.goal.clone(),
        battle: match &s.map {
            MapSource::Battle(id) => Some(id.clone()),
            MapSource::Rows(_) => None,
        },
        map: match &s.map {
            MapSource::Rows(rows) => Some(rows.clone()),
            MapSource::Battle(_) => None,
        },
        width: scenario.width(),
        height: scenario.height(),
        stack_limit: scenario.rules().stack_limit(),
        quiet_limit: scenario.rules().quiet_limit(),
        position: s.start.bfen().to_string(),
        player: s.player().word(),
        targets: TargetsJson {
            reach: names(&s.targets.reach),
            eliminate: names(&s.targets.eliminate),
            gather: s.targets.gather.map(|(q, n)| (q.to_string(), n)),
            win: s.targets.win,
            draw: s.targets.draw.map(|d| d.word()),
            survive: s.targets.survive,
        },
        opponent: match &s.opponent {
            Opponent::None => OpponentJson::None,
            Opponent::Replies(r) => OpponentJson::Replies { replies: r.clone() },
            Opponent::Computer { level } => OpponentJson::Computer { level: *level },
        },
        stars: s.stars,
        solution: s.solution.iter().map(|m| m.to_string()).collect(),
    }
}

/// Every lesson as JSON with its texts in one language only: each `{"en", "it", "fr",
/// "de"}` object becomes the string of `lang` (for a page that shows one language).
pub fn lessons_json_in(lessons: &[Lesson], lang: Lang) -> serde_json::Value {
    fn localise(v: &mut serde_json::Value, lang: Lang) {
        match v {
            serde_json::Value::Object(map) => {
                let is_text =
                    map.len() == 4 && Lang::ALL.iter().all(|l| map.contains_key(l.code()));
                if is_text {
                    *v = map.remove(lang.code()).unwrap_or_default();
                } else {
                    map.values_mut().for_each(|x| localise(x, lang));
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|x| localise(x, lang)),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(lessons_json(lessons)).unwrap_or_default();
    localise(&mut value, lang);
    value
}
