//! The stars an account sends, checked against the lessons of this build: only known
//! stages, 0 to 3 stars (0 keeps nothing), never more entries than the course has
//! stages, so a client can neither store garbage nor grow the table.

use battaglie_learn::lessons;

use super::repo::StageStars;
use super::wire::Progress;

/// Why stars sent were refused: the field (`stars.board/9`) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadStars {
    /// The field's path.
    pub field: String,
    /// Why, in English.
    pub detail: String,
}

/// The stages of `sent` to keep (those with stars), each checked.
///
/// # Errors
/// [`BadStars`] naming the first entry at fault.
pub fn checked(sent: &Progress) -> Result<Vec<StageStars>, BadStars> {
    let course: usize = lessons().iter().map(|l| l.stages.len()).sum();
    if sent.stars.len() > course {
        return Err(BadStars {
            field: "stars".into(),
            detail: format!(
                "{} entries, but the lessons have {course} stages",
                sent.stars.len()
            ),
        });
    }
    let mut won = Vec::new();
    for (key, &stars) in &sent.stars {
        let bad = |detail: String| BadStars {
            field: format!("stars.{key}"),
            detail,
        };
        let (lesson, stage) = key
            .split_once('/')
            .ok_or_else(|| bad("expected `lesson/stage`, as `board/2`".into()))?;
        let known = lessons()
            .iter()
            .find(|l| l.id == lesson)
            .ok_or_else(|| bad(format!("no lesson is called {lesson:?}")))?;
        let n: u32 = stage
            .parse()
            .ok()
            .filter(|&n| n >= 1 && n as usize <= known.stages.len())
            .ok_or_else(|| {
                bad(format!(
                    "lesson {lesson:?} has stages 1 to {}",
                    known.stages.len()
                ))
            })?;
        if !(0..=3).contains(&stars) {
            return Err(bad(format!("{stars} stars: a stage earns 0 to 3")));
        }
        if stars > 0 {
            won.push((lesson.to_string(), n, stars as u8));
        }
    }
    Ok(won)
}
