//! The stars won, kept between runs beside the autosave: one line per stage
//! (`LESSON STAGE STARS`), the best result kept, the file written aside and renamed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use battaglie_learn::Lesson;
use battaglie_rules::file_error;

use crate::session::write_whole;

/// The best stars per stage, and the file they are kept in.
#[derive(Debug, Clone, Default)]
pub(crate) struct Progress {
    path: Option<PathBuf>,
    best: BTreeMap<(String, usize), u8>,
}

impl Progress {
    /// Reads the file (none yet: no stars); `None` keeps nothing.
    ///
    /// # Errors
    /// When the file cannot be read or a line is not `LESSON STAGE STARS`: it is left as it is.
    pub(crate) fn load(path: Option<&Path>) -> anyhow::Result<Progress> {
        let mut progress = Progress {
            path: path.map(Path::to_path_buf),
            best: BTreeMap::new(),
        };
        let Some(path) = path else {
            return Ok(progress);
        };
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(progress),
            Err(e) => return Err(anyhow!("cannot read {}", file_error(path, &e))),
        };
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let bad = || {
                anyhow!(
                    "{}, line {}: expected a lesson, a stage and its stars, as in `board 1 3`",
                    path.display(),
                    i + 1
                )
            };
            let mut words = line.split_whitespace();
            let (Some(lesson), Some(stage), Some(stars), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(bad());
            };
            let stage: usize = stage.parse().map_err(|_| bad())?;
            let stars: u8 = stars
                .parse()
                .ok()
                .filter(|s| (1..=3).contains(s))
                .ok_or_else(bad)?;
            progress.best.insert((lesson.to_string(), stage), stars);
        }
        Ok(progress)
    }

    /// The stars won on stage `stage` (from 1) of `lesson`.
    pub(crate) fn stars(&self, lesson: &str, stage: usize) -> u8 {
        self.best
            .get(&(lesson.to_string(), stage))
            .copied()
            .unwrap_or(0)
    }

    /// The stars won in a lesson, and the most it offers.
    pub(crate) fn lesson_stars(&self, lesson: &Lesson) -> (u32, u32) {
        let won = (1..=lesson.stages.len())
            .map(|n| u32::from(self.stars(&lesson.id, n)))
            .sum();
        (won, 3 * lesson.stages.len() as u32)
    }

    /// Records a result, keeping the best, and writes the file when it improved.
    ///
    /// # Errors
    /// When the file cannot be written (the last one stays whole).
    pub(crate) fn record(&mut self, lesson: &str, stage: usize, stars: u8) -> anyhow::Result<()> {
        if stars <= self.stars(lesson, stage) {
            return Ok(());
        }
        self.best.insert((lesson.to_string(), stage), stars);
        let Some(path) = &self.path else {
            return Ok(());
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow!("cannot keep the stars in {}", file_error(dir, &e)))?;
        }
        let text: String = self
            .best
            .iter()
            .map(|((l, n), s)| format!("{l} {n} {s}\n"))
            .collect();
        write_whole(path, &text)
            .map_err(|e| anyhow!("cannot keep the stars in {}", file_error(path, &e)))
    }
}
