//! A lesson being played, for both the full screen and the line mode: the stage in play,
//! what a typed move does, the hint, starting again, and the stars kept.

use battaglie_learn::{finish_words, hint, Finish, Lang, Lesson, Opponent, Run, Say};
use battaglie_rules::Square;

use crate::learn::progress::Progress;

/// What the player's last action brought.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Said {
    /// Sentences to show, in order.
    pub(crate) lines: Vec<String>,
    /// The move was refused.
    pub(crate) refused: bool,
    /// A new stage (or the same one again) begins: its goal and board are to be shown.
    pub(crate) new_stage: bool,
}

/// A lesson in play.
pub(crate) struct Course {
    pub(crate) lesson: &'static Lesson,
    /// The stage in play, from 0.
    pub(crate) stage: usize,
    pub(crate) run: Run,
    pub(crate) lang: Lang,
    pub(crate) progress: Progress,
    /// Every stage has been won.
    pub(crate) complete: bool,
    /// The squares the last refusal marks.
    pub(crate) marked: Vec<Square>,
}

impl Course {
    pub(crate) fn new(lesson: &'static Lesson, lang: Lang, progress: Progress) -> Course {
        Course {
            run: Run::new(&lesson.stages[0]),
            lesson,
            stage: 0,
            lang,
            progress,
            complete: false,
            marked: Vec::new(),
        }
    }

    fn say(&self, what: Say) -> &'static str {
        what.text(self.lang)
    }

    /// `Stage 2 of 4`, and `, against the computer at level 1` where it replies.
    pub(crate) fn stage_heading(&self) -> String {
        let mut heading = self
            .say(Say::Stage)
            .replace("{n}", &(self.stage + 1).to_string())
            .replace("{m}", &self.lesson.stages.len().to_string());
        if let Opponent::Computer { level } = self.run.stage().opponent {
            heading.push_str(", ");
            heading.push_str(&self.say(Say::Computer).replace("{n}", &level.to_string()));
        }
        heading
    }

    /// The moves used and the budgets.
    pub(crate) fn moves_line(&self) -> String {
        let [a, b, c] = self.run.stage().stars;
        self.say(Say::Moves)
            .replace("{n}", &self.run.played().to_string())
            .replace("{a}", &a.to_string())
            .replace("{b}", &b.to_string())
            .replace("{c}", &c.to_string())
    }

    /// The goal of the stage in play.
    pub(crate) fn goal(&self) -> &str {
        self.run.stage().goal.get(self.lang)
    }

    /// Tries a move written in notation.
    pub(crate) fn submit(&mut self, text: &str) -> Said {
        let mut said = Said::default();
        if self.complete {
            said.lines.push(self.say(Say::LessonDone).to_string());
            return said;
        }
        match self.run.try_move(text, self.lang) {
            Err(refusal) => {
                let mut line = format!("{}{}", self.say(Say::NotLikeThat), refusal.words);
                if !refusal.squares.is_empty() {
                    let names: Vec<String> =
                        refusal.squares.iter().map(|s| s.to_string()).collect();
                    line.push(' ');
                    line.push_str(&self.say(Say::Look).replace("{squares}", &names.join(", ")));
                }
                self.marked = refusal.squares;
                said.lines.push(line);
                said.refused = true;
            }
            Ok(played) => {
                self.marked.clear();
                said.lines.push(
                    self.say(Say::Played)
                        .replace("{move}", &played.mv.to_string()),
                );
                match played.reply {
                    Some(r) if r.is_pass() => said.lines.push(self.say(Say::Passes).to_string()),
                    Some(r) => said
                        .lines
                        .push(self.say(Say::Reply).replace("{move}", &r.to_string())),
                    None => {}
                }
                if let Some(finish) = played.finish {
                    said.lines.push(finish_words(finish, self.lang));
                    self.finished(finish, &mut said);
                }
            }
        }
        said
    }

    fn finished(&mut self, finish: Finish, said: &mut Said) {
        said.new_stage = true;
        match finish {
            Finish::Won { stars, .. } => {
                if let Err(e) = self.progress.record(&self.lesson.id, self.stage + 1, stars) {
                    said.lines.push(format!("{e:#}"));
                }
                if self.stage + 1 < self.lesson.stages.len() {
                    self.go_to(self.stage + 1);
                } else {
                    self.complete = true;
                    said.new_stage = false;
                    said.lines.push(self.say(Say::LessonDone).to_string());
                }
            }
            Finish::OutOfMoves | Finish::Ended(_) => self.go_to(self.stage),
        }
    }

    fn go_to(&mut self, stage: usize) {
        self.stage = stage;
        self.run = Run::new(&self.lesson.stages[stage]);
        self.marked.clear();
    }

    /// The stage from its start.
    pub(crate) fn again(&mut self) -> Said {
        self.complete = false;
        self.go_to(self.stage);
        Said {
            new_stage: true,
            ..Said::default()
        }
    }

    /// The next stage (the last one stays).
    pub(crate) fn next(&mut self) -> Said {
        self.complete = false;
        self.go_to((self.stage + 1).min(self.lesson.stages.len() - 1));
        Said {
            new_stage: true,
            ..Said::default()
        }
    }

    /// The next move of a shortest solution.
    pub(crate) fn hint(&self) -> String {
        match hint(&self.run) {
            Some(mv) => self.say(Say::Hint).replace("{move}", &mv.to_string()),
            None => self.say(Say::NoHint).to_string(),
        }
    }
}
