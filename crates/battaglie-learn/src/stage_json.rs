//! A stage read back from its JSON (one stage of `battaglie learn --json`, its texts in
//! one language or all four): the page fetches the lessons as JSON and hands a stage
//! to the WebAssembly module, so the module need not carry every lesson's text. The
//! stage is checked as a lesson file's is (the map, the position, the targets, the
//! budgets, the solution played through).

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::lang::Text;
use crate::lesson::Stage;
use crate::source::{read_stage, FieldError, GatherToml, LessonError, StageToml};

/// Reads stage `n` (from 1) of the lesson `lesson` from its JSON.
///
/// # Errors
/// A [`LessonError`] naming the field at fault (`targets.reach`, `solution[1]`...):
/// not JSON, a field missing or of the wrong type, or a stage the rules refuse.
pub fn read_stage_json(lesson: &str, n: usize, json: &str) -> Result<Stage, LessonError> {
    let err = |(field, reason): FieldError| LessonError {
        lesson: lesson.to_string(),
        stage: Some(n),
        field,
        reason,
    };
    let value: Value =
        serde_json::from_str(json).map_err(|e| err(("stage".into(), e.to_string())))?;
    let raw = stage_toml(&value).map_err(err)?;
    read_stage(lesson, n, raw).map_err(err)
}

/// The field `name` of `obj`, of type `T` (`null` or absent as `T`'s absence when `T`
/// allows it).
fn take<T: DeserializeOwned>(obj: &Map<String, Value>, name: &str) -> Result<T, FieldError> {
    let v = obj.get(name).cloned().unwrap_or(Value::Null);
    serde_json::from_value(v).map_err(|e| (name.to_string(), e.to_string()))
}

fn object<'a>(v: &'a Value, name: &str) -> Result<&'a Map<String, Value>, FieldError> {
    v.as_object()
        .ok_or_else(|| (name.to_string(), "expected an object".to_string()))
}

fn stage_toml(v: &Value) -> Result<StageToml, FieldError> {
    let obj = object(v, "stage")?;
    let goal = match obj.get("goal") {
        // One language: the page shows it; the rules' checks need it in none.
        Some(Value::String(s)) => Text {
            en: s.clone(),
            it: s.clone(),
            fr: s.clone(),
            de: s.clone(),
        },
        _ => take::<Text>(obj, "goal")?,
    };
    let targets = object(obj.get("targets").unwrap_or(&Value::Null), "targets")?;
    let in_targets = |(f, r): FieldError| (format!("targets.{f}"), r);
    let gather: Option<(String, u8)> = take(targets, "gather").map_err(in_targets)?;
    let opponent = object(obj.get("opponent").unwrap_or(&Value::Null), "opponent")?;
    let in_opponent = |(f, r): FieldError| (format!("opponent.{f}"), r);
    let (replies, computer) = match take::<String>(opponent, "kind")
        .map_err(in_opponent)?
        .as_str()
    {
        "none" => (None, None),
        "replies" => (Some(take(opponent, "replies").map_err(in_opponent)?), None),
        "computer" => (None, Some(take(opponent, "level").map_err(in_opponent)?)),
        other => {
            return Err((
                "opponent.kind".into(),
                format!("{other:?}: expected none, replies or computer"),
            ))
        }
    };
    let map: Option<Vec<String>> = take(obj, "map")?;
    // A battle keeps its own limits: the JSON repeats them, the reader takes them from it.
    let limit = |name: &str| -> Result<Option<i64>, FieldError> {
        if map.is_some() {
            take(obj, name)
        } else {
            Ok(None)
        }
    };
    Ok(StageToml {
        goal,
        battle: take(obj, "battle")?,
        position: take(obj, "position")?,
        stack_limit: limit("stack_limit")?,
        quiet_limit: limit("quiet_limit")?,
        map,
        reach: take::<Option<Vec<String>>>(targets, "reach")
            .map_err(in_targets)?
            .unwrap_or_default(),
        eliminate: take::<Option<Vec<String>>>(targets, "eliminate")
            .map_err(in_targets)?
            .unwrap_or_default(),
        gather: gather.map(|(square, count)| GatherToml { square, count }),
        win: take::<Option<bool>>(targets, "win")
            .map_err(in_targets)?
            .unwrap_or(false),
        draw: take(targets, "draw").map_err(in_targets)?,
        survive: take(targets, "survive").map_err(in_targets)?,
        replies,
        computer,
        stars: take(obj, "stars")?,
        solution: take(obj, "solution")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lessons, lessons_json_in, Lang};

    #[test]
    fn every_stage_reads_back_from_its_json_in_one_language() {
        let all = lessons_json_in(lessons(), Lang::It);
        for (lesson, json) in lessons().iter().zip(all.as_array().unwrap()) {
            for (i, (stage, sj)) in lesson
                .stages
                .iter()
                .zip(json["stages"].as_array().unwrap())
                .enumerate()
            {
                let back = read_stage_json(&lesson.id, i + 1, &sj.to_string()).unwrap();
                assert_eq!(
                    back.start.bfen().to_string(),
                    stage.start.bfen().to_string()
                );
                assert_eq!(back.targets, stage.targets);
                assert_eq!(back.opponent, stage.opponent);
                assert_eq!(back.stars, stage.stars);
                assert_eq!(back.solution, stage.solution);
                assert_eq!(back.goal.it, stage.goal.it);
            }
        }
    }

    #[test]
    fn a_bad_stage_json_is_refused_naming_the_field() {
        let all = lessons_json_in(lessons(), Lang::En);
        let good = all[0]["stages"][0].clone();
        let bad = |edit: &dyn Fn(&mut Value)| {
            let mut v = good.clone();
            edit(&mut v);
            read_stage_json("board", 1, &v.to_string()).unwrap_err()
        };
        assert_eq!(bad(&|v| v["stars"] = "three".into()).field, "stars");
        assert_eq!(
            bad(&|v| v["targets"]["reach"] = 3.into()).field,
            "targets.reach"
        );
        assert_eq!(
            bad(&|v| v["targets"]["reach"] = serde_json::json!(["z9"])).field,
            "reach[0]"
        );
        assert_eq!(
            bad(&|v| v["opponent"]["kind"] = "bot".into()).field,
            "opponent.kind"
        );
        assert_eq!(
            bad(&|v| v["solution"] = serde_json::json!(["a1-a2"])).field,
            "solution[0]"
        );
        let e = bad(&|v| {
            v.as_object_mut().unwrap().remove("position");
        });
        assert_eq!(e.field, "position");
        assert!(e.to_string().contains("stage 1"), "{e}");
        assert_eq!(read_stage_json("board", 1, "{").unwrap_err().field, "stage");
    }
}
