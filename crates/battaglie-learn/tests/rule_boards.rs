//! The rules page's illustrations are the lessons' own positions: the page reads them
//! from a module generated here (`web/ruleboards.js`), and this test fails when the
//! lessons and the module differ. `UPDATE_SNAPSHOTS=1` rewrites the module.

use std::path::PathBuf;

use battaglie_learn::{lessons, Lang, Run};
use battaglie_rules::Move;
use battaglie_view::{scenario_view, stacks, KindCounts};

/// Each rule's illustration: its key on the rules page, the lesson and stage (from 1) it
/// is taken from, and which move of the stage's solution it shows (from 0).
const FIGURES: [(&str, &str, usize, usize); 10] = [
    ("staging", "board", 1, 0),
    ("houses", "houses", 1, 0),
    ("who", "who-eliminates", 2, 0),
    ("limit", "stack-limit", 1, 0),
    ("split", "split", 1, 0),
    ("attack", "together", 1, 0),
    ("pass", "passing", 1, 0),
    ("victory", "endings", 1, 2),
    ("computer", "first-battle", 3, 1),
    ("never", "settling", 2, 0),
];

fn module_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../battaglie-server/web/ruleboards.js")
}

/// One illustration as JSON: the board the page draws (a scenario with the position's
/// stacks) and the move shown.
fn figure(lesson: &str, stage: usize, shown: usize) -> serde_json::Value {
    let l = lessons()
        .iter()
        .find(|l| l.id == lesson)
        .unwrap_or_else(|| panic!("no lesson {lesson}"));
    let s = &l.stages[stage - 1];
    let mut run = Run::new(s);
    for mv in &s.solution[..shown] {
        run.try_move(&mv.to_string(), Lang::En)
            .unwrap_or_else(|r| panic!("{lesson} {stage}: {}", r.words));
    }
    let pos = run.game().position();
    let mv: Move = s.solution[shown];
    let mut scenario = serde_json::to_value(scenario_view(pos.scenario())).expect("json");
    scenario["start"] = pos.bfen().to_string().into();
    scenario["stacks"] = serde_json::to_value(stacks(pos)).expect("json");
    let groups: Vec<_> = mv
        .groups()
        .map(|g| {
            serde_json::json!({
                "to": g.to.to_string(),
                "capture": g.capture,
                "pieces": KindCounts::of(g.pieces),
            })
        })
        .collect();
    serde_json::json!({
        "lesson": lesson,
        "stage": stage,
        "scenario": scenario,
        "move": mv.to_string(),
        "side": pos.side_to_move().word(),
        "from": mv.from().map(|f| f.to_string()),
        "groups": groups,
    })
}

fn module() -> String {
    let mut out = String::from(
        "// @ts-check\n\
         // The rules page's illustrations, each a lesson's position and the move it shows.\n\
         // Generated from the lessons by the battaglie-learn crate's test `rule_boards`:\n\
         // do not edit (UPDATE_SNAPSHOTS=1 cargo test -p battaglie-learn --test rule_boards).\n\n\
         /**\n \
         * @typedef {object} RuleBoard\n \
         * @property {string} lesson the lesson that teaches the rule (`/learn/LESSON`)\n \
         * @property {number} stage its stage shown, from 1\n \
         * @property {import(\"./types.js\").Scenario} scenario the small map with the position's stacks\n \
         * @property {string} move the move shown, in notation\n \
         * @property {import(\"./squares.js\").Side} side the side that moves\n \
         * @property {string | null} from where it starts (none for a pass)\n \
         * @property {{to: string, capture: boolean, pieces: import(\"./squares.js\").Counts}[]} groups\n \
         * where its pieces go, whether they eliminate there, and which go\n \
         */\n\n\
         /** @type {Record<string, RuleBoard>} */\n\
         export const RULE_BOARDS = {\n",
    );
    for (key, lesson, stage, shown) in FIGURES {
        out.push_str(&format!("  {key}: {},\n", figure(lesson, stage, shown)));
    }
    out.push_str("};\n");
    out
}

#[test]
fn the_rules_pages_boards_are_the_lessons_positions() {
    let actual = module();
    let path = module_path();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &actual).expect("module written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "web/ruleboards.js differs from the lessons: rewrite it with UPDATE_SNAPSHOTS=1"
    );
}
