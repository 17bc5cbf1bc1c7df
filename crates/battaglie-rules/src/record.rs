//! Game records: the one format every front end saves, loads and replays.
//!
//! Two forms of the same content: JSON (for programs) and a PGN-like text
//! (tag pairs, then numbered moves). Both name the scenario, the players, the
//! date, the start position when it is not the scenario's, the moves in
//! canonical notation, and the result with its reason. Loading replays and checks
//! every move.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::illegal::MoveError;
use crate::outcome::{DrawReason, Outcome, WinReason, DRAW_WORDS, WIN_WORDS};
use crate::ply::Ply;
use crate::position::Position;
use crate::scenario::Scenario;
use crate::setup::BfenError;
use crate::side::Side;

/// The UTC calendar date (`YYYY-MM-DD`, proleptic Gregorian) of a Unix time in
/// seconds: the form of a record's `date`.
pub fn iso_date(unix_seconds: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix_seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A game record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The scenario id (`washita`).
    pub scenario: String,
    /// Who played the Army.
    #[serde(default)]
    pub army: String,
    /// Who played the Indians.
    #[serde(default)]
    pub indians: String,
    /// When the game was played (ISO date), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The start position in BFEN, when it is not the scenario's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The moves in canonical notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `army`, `indians`, `draw`, or `ongoing`.
    #[serde(default = "ongoing")]
    pub result: String,
    /// Why the game ended: `elimination`, `resignation`, `deadlock`, `repetition`,
    /// `quiet`, `agreement`; absent while ongoing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

fn ongoing() -> String {
    "ongoing".into()
}

/// Error of reading or replaying a record: what is wrong, and where (the line of the
/// text form, the field, or the move's number and text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The JSON form does not parse or has the wrong fields.
    #[error("game record: {message} (line {line})")]
    Json {
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What the JSON reader found wrong.
        message: String,
    },
    /// A text-form tag pair without its closing `]`.
    #[error("game record: line {line}: a tag pair must end with `]`")]
    TagNotClosed {
        /// The line (from 1).
        line: usize,
    },
    /// A text-form tag pair that is not `[Name "value"]`.
    #[error("game record: line {line}: a tag pair is `[Name \"value\"]`")]
    TagForm {
        /// The line (from 1).
        line: usize,
    },
    /// A text-form tag value not in double quotes.
    #[error("game record: line {line}: the value of {tag} must be in double quotes")]
    TagUnquoted {
        /// The line (from 1).
        line: usize,
        /// The tag's name.
        tag: String,
    },
    /// A text-form tag this format does not have.
    #[error("game record: line {line}: unknown tag {tag:?} (known: {})", TAGS.join(", "))]
    UnknownTag {
        /// The line (from 1).
        line: usize,
        /// The tag's name.
        tag: String,
    },
    /// The text form has no `[Scenario "..."]` tag.
    #[error("not a game record: it has no [Scenario \"...\"] tag naming its battle (a record begins with tag pairs such as [Scenario \"washita\"], or is JSON)")]
    MissingScenario,
    /// A `{` comment in the move text without its `}`.
    #[error("game record: line {line}: a `{{` comment is not closed")]
    CommentNotClosed {
        /// The line (from 1) of the `{`.
        line: usize,
    },
    /// Move text after the result marker.
    #[error("game record: line {line}: {token:?} comes after the result marker")]
    AfterResultMarker {
        /// The line (from 1).
        line: usize,
        /// The text found there.
        token: String,
    },
    /// The result marker (`1-0`...) disagrees with the `Result` tag.
    #[error("game record: the moves end with {marker}, but the Result tag says {result}")]
    MarkerMismatch {
        /// The marker at the end of the moves.
        marker: String,
        /// The `Result` tag's value.
        result: String,
    },
    /// A result other than `army`, `indians`, `draw` or `ongoing`.
    #[error("game record: result {result:?} is not army, indians, draw or ongoing")]
    UnknownResult {
        /// The value found.
        result: String,
    },
    /// A reason given for an ongoing game.
    #[error("game record: an ongoing game has no reason, got {reason:?}")]
    ReasonWhileOngoing {
        /// The value found.
        reason: String,
    },
    /// A finished game without its reason.
    #[error("game record: result {result} needs a reason: {}", expected.join(", "))]
    MissingReason {
        /// The result.
        result: String,
        /// The reasons that go with it.
        expected: &'static [&'static str],
    },
    /// A reason that does not go with the result.
    #[error("game record: reason {reason:?} does not go with result {result}: expected {}", expected.join(", "))]
    ReasonMismatch {
        /// The result.
        result: String,
        /// The reason found.
        reason: String,
        /// The reasons that go with it.
        expected: &'static [&'static str],
    },
    /// The `date` is not an ISO calendar date.
    #[error("game record: date: {date:?} is not an ISO date (YYYY-MM-DD)")]
    Date {
        /// The value found.
        date: String,
    },
    /// The record is for another scenario than the one it is replayed in.
    #[error("game record: the record is for scenario {record:?}, not {scenario:?}")]
    WrongScenario {
        /// The record's scenario id.
        record: String,
        /// The scenario it was replayed in.
        scenario: String,
    },
    /// The `start` position is not a position of the scenario.
    #[error("game record: start position: {0}")]
    Start(BfenError),
    /// A move that cannot be played (numbered from 1).
    #[error("game record: move {number} ({text}): {error}")]
    Move {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The moves end the game otherwise than the result says.
    #[error("game record: the result says {}, but the moves end in {}", describe(result, reason.as_deref()), ruled.words())]
    ResultMismatch {
        /// The result claimed.
        result: String,
        /// The reason claimed.
        reason: Option<String>,
        /// How the moves end the game.
        ruled: Outcome,
    },
    /// The result claims an end the moves do not reach (only a resignation or an
    /// agreed draw may end a game early).
    #[error("game record: the result says {}, but after these moves the game is still going (only `resignation`, `agreement`, `time` or `abandoned` can end it early)", describe(result, reason.as_deref()))]
    StillGoing {
        /// The result claimed.
        result: String,
        /// The reason claimed.
        reason: Option<String>,
    },
    /// A clock ending the rules do not allow after these moves (RULES.md, "Clocks and leaving"):
    /// a win by `time` or `abandoned` for a side that could never win (the rules
    /// make it a draw), or a draw by `time` while both sides could still win (the
    /// side out of time loses).
    #[error("game record: the result says {}, but the rules do not allow it (the rules on clocks and leaving): {why}", describe(result, Some(reason)))]
    ImpossibleEnding {
        /// The result claimed.
        result: String,
        /// The reason claimed.
        reason: String,
        /// Why the rules forbid it, in words.
        why: String,
    },
}

/// Why the rules forbid `outcome` as a clock's end of a game at `position`
/// (RULES.md, "Clocks and leaving"), or `None` when they allow it: a side that could never
/// win does not win by a clock or a claim, and a clock makes a draw only when
/// some side could never win.
fn forbidden_clock_ending(position: &Position, outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Win(winner, WinReason::Time | WinReason::Abandoned) => {
            crate::sufficient::untouchable(position, winner)
                .map(|piece| format!("{piece}, so the game is a draw"))
        }
        Outcome::Draw(DrawReason::Time) => (crate::sufficient::can_ever_win(position, Side::Army)
            && crate::sufficient::can_ever_win(position, Side::Indians))
        .then(|| "both sides could still win, so the side out of time loses".to_string()),
        _ => None,
    }
}

impl Record {
    /// The record of `game`, with the players' names and an optional date.
    pub fn from_game(game: &Game, army: &str, indians: &str, date: Option<&str>) -> Record {
        let scenario = game.start().scenario();
        let start = game.start();
        let standard = Position::start(scenario);
        let (result, reason) = match game.outcome() {
            None => ("ongoing", None),
            Some(o) => (o.result_word(), Some(o.reason_word())),
        };
        Record {
            scenario: scenario.id().to_string(),
            army: army.to_string(),
            indians: indians.to_string(),
            date: date.map(str::to_string),
            start: (*start != standard).then(|| start.to_string()),
            moves: game.moves().map(|m| m.to_string()).collect(),
            result: result.to_string(),
            reason: reason.map(str::to_string),
        }
    }

    /// Replays the record in `scenario` (whose id must match), checking every move
    /// and the result.
    ///
    /// # Errors
    /// A [`RecordError`] naming the move (number and text) or the field at fault.
    pub fn replay(&self, scenario: &Arc<Scenario>) -> Result<Game, RecordError> {
        if self.scenario != scenario.id() {
            return Err(RecordError::WrongScenario {
                record: self.scenario.clone(),
                scenario: scenario.id().to_string(),
            });
        }
        let start = match &self.start {
            None => Position::start(scenario),
            Some(bfen) => Position::from_bfen(scenario, bfen).map_err(RecordError::Start)?,
        };
        let mut game = Game::new(start);
        for (i, text) in self.moves.iter().enumerate() {
            game.play_text(text).map_err(|error| RecordError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
        }
        let claimed = self
            .reason
            .as_deref()
            .and_then(|r| Outcome::from_words(&self.result, r));
        match (game.outcome(), claimed) {
            (None, None) if self.result == "ongoing" => {}
            // Resignation, agreement, time, abandonment: the players or a clock ended it.
            (None, Some(settled)) if settled.is_settled() => {
                if let Some(why) = forbidden_clock_ending(game.position(), settled) {
                    return Err(RecordError::ImpossibleEnding {
                        result: self.result.clone(),
                        reason: settled.reason_word().to_string(),
                        why,
                    });
                }
                game.settle(settled).expect("the game is not over");
            }
            (Some(ruled), claimed) => {
                if claimed != Some(ruled) {
                    return Err(RecordError::ResultMismatch {
                        result: self.result.clone(),
                        reason: self.reason.clone(),
                        ruled,
                    });
                }
            }
            (None, _) => {
                return Err(RecordError::StillGoing {
                    result: self.result.clone(),
                    reason: self.reason.clone(),
                })
            }
        }
        Ok(game)
    }

    /// Reads a record in either form: JSON when the text starts with `{`, else the
    /// text form (it is not replayed: see [`Record::replay`]).
    ///
    /// # Errors
    /// As [`Record::from_json`] or [`Record::from_str`], by the form.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        if text.trim_start().starts_with('{') {
            Record::from_json(text)
        } else {
            text.parse()
        }
    }

    /// The JSON form (pretty-printed).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Reads the JSON form (it is not replayed: see [`Record::replay`]).
    ///
    /// # Errors
    /// A [`RecordError`] with the line, column and reason.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(text).map_err(|e| RecordError::Json {
            line: e.line(),
            column: e.column(),
            message: json_words(&e),
        })?;
        record.check_fields()?;
        Ok(record)
    }

    /// Checks the fields that do not need a replay: the result and reason words and the date.
    fn check_fields(&self) -> Result<(), RecordError> {
        let reasons: &'static [&'static str] = match self.result.as_str() {
            "ongoing" => &[],
            "army" | "indians" => &WIN_WORDS,
            "draw" => &DRAW_WORDS,
            other => {
                return Err(RecordError::UnknownResult {
                    result: other.into(),
                })
            }
        };
        match (&self.reason, reasons.is_empty()) {
            (None, true) => {}
            (Some(r), true) => return Err(RecordError::ReasonWhileOngoing { reason: r.clone() }),
            (None, false) => {
                return Err(RecordError::MissingReason {
                    result: self.result.clone(),
                    expected: reasons,
                })
            }
            (Some(r), false) if !reasons.contains(&r.as_str()) => {
                return Err(RecordError::ReasonMismatch {
                    result: self.result.clone(),
                    reason: r.clone(),
                    expected: reasons,
                })
            }
            _ => {}
        }
        if let Some(date) = &self.date {
            crate::scenario::check_date(date)
                .map_err(|_| RecordError::Date { date: date.clone() })?;
        }
        Ok(())
    }
}

fn describe(result: &str, reason: Option<&str>) -> String {
    match (reason, reason.and_then(|r| Outcome::from_words(result, r))) {
        (_, Some(outcome)) => outcome.words(),
        (Some(reason), None) => format!("{result} by {reason}"),
        (None, None) => result.to_string(),
    }
}

const TAGS: [&str; 7] = [
    "Scenario", "Army", "Indians", "Date", "Start", "Result", "Reason",
];

impl fmt::Display for Record {
    /// The text form: tag pairs, a blank line, numbered moves, the result marker.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = |f: &mut fmt::Formatter<'_>, name: &str, value: &str| {
            writeln!(
                f,
                "[{name} \"{}\"]",
                value.replace('\\', "\\\\").replace('"', "\\\"")
            )
        };
        tag(f, "Scenario", &self.scenario)?;
        tag(f, "Army", &self.army)?;
        tag(f, "Indians", &self.indians)?;
        if let Some(d) = &self.date {
            tag(f, "Date", d)?;
        }
        if let Some(s) = &self.start {
            tag(f, "Start", s)?;
        }
        tag(f, "Result", &self.result)?;
        if let Some(r) = &self.reason {
            tag(f, "Reason", r)?;
        }
        writeln!(f)?;
        let first = match &self.start {
            Some(bfen) => match bfen.parse::<crate::Bfen>() {
                Ok(b) => Ply {
                    turn: b.turn,
                    side: b.side,
                },
                Err(_) => Ply {
                    turn: 1,
                    side: Side::Army,
                },
            },
            None => Ply {
                turn: 1,
                side: Side::Army,
            },
        };
        let mut line = String::new();
        for (i, (ply, mv)) in first.and_after().zip(&self.moves).enumerate() {
            let token = if ply.side == Side::Army || i == 0 {
                format!("{ply} {mv}")
            } else {
                mv.clone()
            };
            if !line.is_empty() && line.len() + token.len() + 1 > 78 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        let marker = result_marker(&self.result);
        if !line.is_empty() && line.len() + marker.len() + 1 > 78 {
            writeln!(f, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(marker);
        writeln!(f, "{line}")
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads the text form; `{...}` comments are skipped. The moves are not replayed:
    /// see [`Record::replay`].
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut record = Record {
            scenario: String::new(),
            army: String::new(),
            indians: String::new(),
            date: None,
            start: None,
            moves: Vec::new(),
            result: ongoing(),
            reason: None,
        };
        let mut seen_scenario = false;
        let mut movetext = String::new();
        // The line (from 1) where the move text begins: its own lines follow on.
        let mut first_move_line = 0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            let number = n + 1;
            // Tag pairs come first; once the moves begin, every line is move text.
            let tag = if movetext.is_empty() {
                line.strip_prefix('[')
            } else {
                None
            };
            if let Some(inner) = tag {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or(RecordError::TagNotClosed { line: number })?;
                let (name, value) = inner
                    .split_once(' ')
                    .ok_or(RecordError::TagForm { line: number })?;
                let value = unquote(value.trim()).ok_or_else(|| RecordError::TagUnquoted {
                    line: number,
                    tag: name.into(),
                })?;
                match name {
                    "Scenario" => {
                        record.scenario = value;
                        seen_scenario = true;
                    }
                    "Army" => record.army = value,
                    "Indians" => record.indians = value,
                    "Date" => record.date = Some(value),
                    "Start" => record.start = Some(value),
                    "Result" => record.result = value,
                    "Reason" => record.reason = Some(value),
                    other => {
                        return Err(RecordError::UnknownTag {
                            line: number,
                            tag: other.into(),
                        })
                    }
                }
            } else if !line.is_empty() || !movetext.is_empty() {
                if movetext.is_empty() {
                    first_move_line = number;
                }
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
        if !seen_scenario {
            return Err(RecordError::MissingScenario);
        }
        let line_at = |offset: usize| first_move_line + movetext[..offset].matches('\n').count();
        let mut at = 0;
        let mut end_marker = None;
        while let Some(start) = movetext[at..].find('{') {
            let end =
                movetext[at + start..]
                    .find('}')
                    .ok_or_else(|| RecordError::CommentNotClosed {
                        line: line_at(at + start),
                    })?;
            record_tokens(
                &movetext,
                at,
                at + start,
                &mut record.moves,
                &mut end_marker,
                &line_at,
            )?;
            at += start + end + 1;
        }
        record_tokens(
            &movetext,
            at,
            movetext.len(),
            &mut record.moves,
            &mut end_marker,
            &line_at,
        )?;
        record.check_fields()?;
        if let Some(marker) = end_marker {
            if marker != result_marker(&record.result) {
                return Err(RecordError::MarkerMismatch {
                    marker,
                    result: record.result,
                });
            }
        }
        Ok(record)
    }
}

/// The marker that ends the moves of a game with this result word.
fn result_marker(result: &str) -> &'static str {
    match result {
        "army" => "1-0",
        "indians" => "0-1",
        "draw" => "1/2-1/2",
        _ => "*",
    }
}

/// Reads the moves and the result marker of `text[from..to]`, outside comments.
fn record_tokens(
    text: &str,
    from: usize,
    to: usize,
    moves: &mut Vec<String>,
    end_marker: &mut Option<String>,
    line_at: &dyn Fn(usize) -> usize,
) -> Result<(), RecordError> {
    let part = &text[from..to];
    for token in part.split_whitespace() {
        if end_marker.is_some() {
            let offset = from + (token.as_ptr() as usize - part.as_ptr() as usize);
            return Err(RecordError::AfterResultMarker {
                line: line_at(offset),
                token: token.into(),
            });
        }
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            *end_marker = Some(token.to_string());
        } else if token.ends_with('.')
            && token
                .trim_end_matches('.')
                .bytes()
                .all(|b| b.is_ascii_digit())
        {
            continue;
        } else {
            moves.push(token.to_string());
        }
    }
    Ok(())
}

fn unquote(s: &str) -> Option<String> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// What is wrong with a JSON record, in words (the reader's own message names its
/// grammar's terms and quotes the expected fields in backticks).
fn json_words(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let message = e.to_string();
    let message = match message.rfind(" at line ") {
        Some(at) => &message[..at],
        None => &message,
    };
    let quoted = |rest: &str| rest.split('`').nth(1).unwrap_or_default().to_string();
    match e.classify() {
        Category::Eof => "the file ends before the record does: it was cut short".into(),
        Category::Syntax => {
            "the JSON is garbled here (a comma, quote or bracket is wrong or missing)".into()
        }
        Category::Data if message.starts_with("unknown field") => format!(
            "it has a field \"{}\" that game records do not have (they have: {})",
            quoted(message),
            JSON_FIELDS.join(", ")
        ),
        Category::Data if message.starts_with("missing field") => {
            format!("the field \"{}\" is missing", quoted(message))
        }
        Category::Data => "a field holds the wrong kind of value (text, a number or a list)".into(),
        Category::Io => "the record could not be read".into(),
    }
}

/// The fields of the JSON form.
const JSON_FIELDS: [&str; 8] = [
    "scenario", "army", "indians", "date", "start", "moves", "result", "reason",
];

#[cfg(test)]
mod date_tests {
    use super::iso_date;

    #[test]
    fn record_dates_are_utc_calendar_dates() {
        assert_eq!(iso_date(0), "1970-01-01");
        assert_eq!(iso_date(951_782_400), "2000-02-29");
        assert_eq!(iso_date(1_700_000_000), "2023-11-14");
        assert_eq!(iso_date(-1), "1969-12-31");
    }
}
