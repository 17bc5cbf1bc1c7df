//! Reading a lesson's source file: every field checked, every error naming the lesson,
//! the stage and the field. Positions are read by the rules crate (a small map becomes a
//! scenario, so its terrain, stack limit and quiet limit are checked as any battle's).

use std::sync::Arc;

use battaglie_rules::{DrawReason, Position, Scenario, Square};
use serde::Deserialize;

use crate::lang::Text;
use crate::lesson::{Lesson, MapSource, Opponent, Stage, Targets};

/// Error of [`read_lesson`]: which lesson, which stage, which field, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("lesson {lesson}{}: `{field}`: {reason}", stage.map(|s| format!(", stage {s}")).unwrap_or_default())]
pub struct LessonError {
    /// The lesson's file name (or id).
    pub lesson: String,
    /// The stage, counted from 1, when the error is in one.
    pub stage: Option<usize>,
    /// The field at fault (`goal.fr`, `position`, `solution[2]`).
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonToml {
    id: String,
    title: Text,
    subtitle: Text,
    intro: Text,
    stage: Vec<StageToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StageToml {
    pub(crate) goal: Text,
    pub(crate) map: Option<Vec<String>>,
    pub(crate) battle: Option<String>,
    pub(crate) position: String,
    pub(crate) stack_limit: Option<i64>,
    pub(crate) quiet_limit: Option<i64>,
    #[serde(default)]
    pub(crate) reach: Vec<String>,
    #[serde(default)]
    pub(crate) eliminate: Vec<String>,
    pub(crate) gather: Option<GatherToml>,
    #[serde(default)]
    pub(crate) win: bool,
    pub(crate) draw: Option<String>,
    pub(crate) survive: Option<u32>,
    pub(crate) replies: Option<Vec<String>>,
    pub(crate) computer: Option<i64>,
    pub(crate) stars: [u32; 3],
    pub(crate) solution: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GatherToml {
    pub(crate) square: String,
    pub(crate) count: u8,
}

/// The terrain every small map may use besides open ground (`.`) and houses (`H`).
const MAP_KINDS: &str = r#"
[terrain.kinds]
"^" = { name = "cliffs", enter = [] }
"~" = { name = "creek" }
"T" = { name = "woods" }
"=" = { name = "deep ford", enter = ["M", "V"] }
"#;

/// Reads one lesson from its TOML source; `file` names it in errors.
///
/// # Errors
/// A [`LessonError`] naming the lesson, the stage and the field: TOML syntax, unknown or
/// missing fields, a text missing in a language, a map or position the rules refuse,
/// squares off the map, budgets out of order, or a solution that is not legal.
pub fn read_lesson(file: &str, text: &str) -> Result<Lesson, LessonError> {
    let err = |stage: Option<usize>, field: &str, reason: String| LessonError {
        lesson: file.to_string(),
        stage,
        field: field.to_string(),
        reason,
    };
    let raw: LessonToml = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
        let where_ = line.map(|l| format!("line {l}")).unwrap_or_default();
        err(None, &where_, e.message().trim().to_string())
    })?;
    if raw.id.is_empty() || !raw.id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return Err(err(
            None,
            "id",
            format!("{:?} must be made of a-z and `-`", raw.id),
        ));
    }
    for (field, t) in [
        ("title", &raw.title),
        ("subtitle", &raw.subtitle),
        ("intro", &raw.intro),
    ] {
        if let Some(lang) = t.missing() {
            return Err(err(
                None,
                &format!("{field}.{lang}"),
                "must not be empty".into(),
            ));
        }
    }
    if raw.stage.is_empty() {
        return Err(err(
            None,
            "stage",
            "a lesson needs at least one stage".into(),
        ));
    }
    let stages = raw
        .stage
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            read_stage(&raw.id, i + 1, s)
                .map_err(|(field, reason)| err(Some(i + 1), &field, reason))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Lesson {
        id: raw.id,
        title: raw.title,
        subtitle: raw.subtitle,
        intro: raw.intro,
        stages,
    })
}

pub(crate) type FieldError = (String, String);

fn field(name: &str, reason: impl ToString) -> FieldError {
    (name.to_string(), reason.to_string())
}

pub(crate) fn read_stage(lesson: &str, n: usize, raw: StageToml) -> Result<Stage, FieldError> {
    if let Some(lang) = raw.goal.missing() {
        return Err(field(&format!("goal.{lang}"), "must not be empty"));
    }
    let (map, start) = match (raw.map, raw.battle) {
        (Some(rows), None) => {
            let scenario = small_map(
                lesson,
                n,
                &rows,
                &raw.position,
                raw.stack_limit,
                raw.quiet_limit,
            )?;
            (MapSource::Rows(rows), Position::start(&scenario))
        }
        (None, Some(id)) => {
            if raw.stack_limit.is_some() || raw.quiet_limit.is_some() {
                return Err(field("battle", "a battle keeps its own limits"));
            }
            let scenario = Scenario::builtin(&id)
                .ok_or_else(|| field("battle", format!("{id:?} is not a built-in battle")))?;
            let start =
                Position::from_bfen(&scenario, &raw.position).map_err(|e| field("position", e))?;
            (MapSource::Battle(id), start)
        }
        _ => return Err(field("map", "give either `map` or `battle`")),
    };
    if start.is_over() {
        return Err(field("position", "the game is already over there"));
    }
    let scenario = start.scenario().clone();
    let square = |name: &str, s: &str| -> Result<Square, FieldError> {
        let sq: Square = s.parse().map_err(|e| field(name, e))?;
        if sq.is_staging() || !scenario.contains(sq) {
            return Err(field(name, format!("{s} is not a square of the map")));
        }
        Ok(sq)
    };
    let squares = |name: &str, list: &[String]| -> Result<Vec<Square>, FieldError> {
        list.iter()
            .enumerate()
            .map(|(i, s)| square(&format!("{name}[{i}]"), s))
            .collect()
    };
    let targets = Targets {
        reach: squares("reach", &raw.reach)?,
        eliminate: squares("eliminate", &raw.eliminate)?,
        gather: match raw.gather {
            None => None,
            Some(g) => {
                if g.count == 0 {
                    return Err(field("gather.count", "must be at least 1"));
                }
                Some((square("gather.square", &g.square)?, g.count))
            }
        },
        win: raw.win,
        draw: match raw.draw.as_deref() {
            None => None,
            Some("deadlock") => Some(DrawReason::Deadlock),
            Some("repetition") => Some(DrawReason::Repetition),
            Some("quiet") => Some(DrawReason::Quiet),
            Some(other) => {
                return Err(field(
                    "draw",
                    format!("{other:?}: expected deadlock, repetition or quiet"),
                ))
            }
        },
        survive: raw.survive,
    };
    if targets == Targets::default() {
        return Err(field(
            "reach",
            "a stage needs a target (reach, eliminate, gather, win, draw or survive)",
        ));
    }
    for (i, sq) in targets.eliminate.iter().enumerate() {
        if !matches!(start.stack(*sq), Some((side, _)) if side != start.side_to_move()) {
            return Err(field(
                &format!("eliminate[{i}]"),
                format!("{sq} holds no enemy stack"),
            ));
        }
    }
    let [three, two, one] = raw.stars;
    if three == 0 || three > two || two > one {
        return Err(field(
            "stars",
            "the budgets for three, two and one star must grow from at least 1",
        ));
    }
    let opponent = match (raw.replies, raw.computer) {
        (Some(_), Some(_)) => {
            return Err(field(
                "computer",
                "give either `replies` or `computer`, not both",
            ))
        }
        (None, Some(level)) => match u8::try_from(level) {
            Ok(level @ 1..=battaglie_ai::MAX_LEVEL) => Opponent::Computer { level },
            _ => {
                return Err(field(
                    "computer",
                    format!(
                        "{level} is not a level: expected 1 to {}",
                        battaglie_ai::MAX_LEVEL
                    ),
                ))
            }
        },
        (None, None) => Opponent::None,
        (Some(list), None) => {
            for (i, r) in list.iter().enumerate() {
                r.parse::<battaglie_rules::MoveText>()
                    .map_err(|e| field(&format!("replies[{i}]"), e))?;
            }
            Opponent::Replies(list)
        }
    };
    // The solution is read move by move on the stage's own course (replies included).
    let mut run = crate::run::Run::unchecked(Stage {
        goal: raw.goal.clone(),
        map: map.clone(),
        start: start.clone(),
        targets: targets.clone(),
        opponent: opponent.clone(),
        stars: raw.stars,
        solution: Vec::new(),
    });
    let mut solution = Vec::new();
    for (i, text) in raw.solution.iter().enumerate() {
        let name = format!("solution[{i}]");
        if run.finish().is_some() {
            return Err(field(&name, "the stage is already over before this move"));
        }
        let mv = run
            .game()
            .position()
            .parse_move(text)
            .map_err(|e| field(&name, e))?;
        run.play(&mv);
        solution.push(mv);
    }
    match run.finish() {
        Some(crate::run::Finish::Won { .. }) => {}
        _ => return Err(field("solution", "does not complete the stage")),
    }
    Ok(Stage {
        goal: raw.goal,
        map,
        start,
        targets,
        opponent,
        stars: raw.stars,
        solution,
    })
}

/// A small map as a scenario of the rules crate, so that the rules read and check it.
pub(crate) fn small_map(
    lesson: &str,
    n: usize,
    rows: &[String],
    position: &str,
    stack_limit: Option<i64>,
    quiet_limit: Option<i64>,
) -> Result<Arc<Scenario>, FieldError> {
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.chars().count());
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut src = format!(
        "id = \"learn-{lesson}-{n}\"\nname = {}\ndate = \"1977-01-01\"\nwidth = {width}\nheight = {height}\nstart = {}\n\
         [sides.army]\nname = \"Army\"\n[sides.indians]\nname = \"Indians\"\n[rules]\n",
        quote(lesson),
        quote(position)
    );
    if let Some(v) = stack_limit {
        src.push_str(&format!("stack_limit = {v}\n"));
    }
    if let Some(v) = quiet_limit {
        src.push_str(&format!("quiet_limit = {v}\n"));
    }
    src.push_str("[terrain]\nrows = [");
    for r in rows {
        src.push_str(&quote(r));
        src.push(',');
    }
    src.push_str("]\n");
    src.push_str(MAP_KINDS);
    Scenario::from_toml(&format!("lesson {lesson}, stage {n}"), &src).map_err(|e| {
        let key = match e.key.as_deref() {
            Some("start") => "position".to_string(),
            Some("width" | "height") | None => "map".to_string(),
            Some(k) if k.starts_with("terrain.rows") => k.replacen("terrain.rows", "map", 1),
            Some(k) if k.starts_with("rules.") => k.replacen("rules.", "", 1),
            Some(k) => k.to_string(),
        };
        field(&key, e.reason)
    })
}
