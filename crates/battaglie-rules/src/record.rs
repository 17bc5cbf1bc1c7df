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
use crate::outcome::Outcome;
use crate::position::Position;
use crate::scenario::Scenario;
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

/// Error of reading or replaying a record: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game record: {0}")]
pub struct RecordError(pub String);

impl Record {
    /// The record of `game`, with the players' names and an optional date.
    pub fn from_game(game: &Game, army: &str, indians: &str, date: Option<&str>) -> Record {
        let scenario = game.start().scenario();
        let start = game.start();
        let standard = Position::start(scenario);
        let (result, reason) = result_words(game);
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
            return Err(RecordError(format!(
                "the record is for scenario {:?}, not {:?}",
                self.scenario,
                scenario.id()
            )));
        }
        let start = match &self.start {
            None => Position::start(scenario),
            Some(bfen) => Position::from_bfen(scenario, bfen)
                .map_err(|e| RecordError(format!("start position: {e}")))?,
        };
        let mut game = Game::new(start);
        for (i, text) in self.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| RecordError(format!("move {} ({text}): {e}", i + 1)))?;
        }
        let ruled = game.outcome();
        let claimed = (self.result.as_str(), self.reason.as_deref());
        match (ruled, claimed) {
            (None, ("ongoing", None)) => {}
            (None, ("army" | "indians", Some("resignation"))) => {
                let winner: Side = self.result.parse().expect("matched a side word");
                game.resign(!winner).expect("the game is not over");
            }
            (None, ("draw", Some("agreement"))) => {
                game.agree_draw().expect("the game is not over");
            }
            (Some(_), _) => {
                let (result, reason) = result_words(&game);
                if claimed != (result, reason) {
                    return Err(RecordError(format!(
                        "the result says {}, but the moves end in {result}{}",
                        describe(claimed),
                        reason.map(|r| format!(" by {r}")).unwrap_or_default()
                    )));
                }
            }
            (None, _) => {
                return Err(RecordError(format!(
                    "the result says {}, but after these moves the game is still going \
                     (only `resignation` or `agreement` can end it early)",
                    describe(claimed)
                )))
            }
        }
        Ok(game)
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
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError(format!("JSON: {e}")))?;
        record.check_fields()?;
        Ok(record)
    }

    /// Checks the fields that do not need a replay: the result and reason words and the date.
    fn check_fields(&self) -> Result<(), RecordError> {
        let reasons: &[&str] = match self.result.as_str() {
            "ongoing" => &[],
            "army" | "indians" => &["elimination", "resignation"],
            "draw" => &["deadlock", "repetition", "quiet", "agreement"],
            other => {
                return Err(RecordError(format!(
                    "result {other:?} is not army, indians, draw or ongoing"
                )))
            }
        };
        match (&self.reason, reasons.is_empty()) {
            (None, true) => {}
            (Some(r), true) => {
                return Err(RecordError(format!(
                    "an ongoing game has no reason, got {r:?}"
                )))
            }
            (None, false) => {
                return Err(RecordError(format!(
                    "result {} needs a reason: {}",
                    self.result,
                    reasons.join(", ")
                )))
            }
            (Some(r), false) if !reasons.contains(&r.as_str()) => {
                return Err(RecordError(format!(
                    "reason {r:?} does not go with result {}: expected {}",
                    self.result,
                    reasons.join(", ")
                )))
            }
            _ => {}
        }
        if let Some(date) = &self.date {
            crate::scenario::check_date(date).map_err(|e| RecordError(format!("date: {e}")))?;
        }
        Ok(())
    }
}

fn describe(claimed: (&str, Option<&str>)) -> String {
    match claimed {
        (r, Some(reason)) => format!("{r} by {reason}"),
        (r, None) => r.to_string(),
    }
}

/// The result and reason words of a game.
fn result_words(game: &Game) -> (&'static str, Option<&'static str>) {
    let settled = game.settled().is_some();
    match game.outcome() {
        None => ("ongoing", None),
        Some(Outcome::Win(side)) => (
            side.word(),
            Some(if settled {
                "resignation"
            } else {
                "elimination"
            }),
        ),
        Some(Outcome::Draw(reason)) => ("draw", Some(reason.word())),
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
        let (mut turn, mut side) = match &self.start {
            Some(bfen) => match bfen.parse::<crate::Bfen>() {
                Ok(b) => (b.turn, b.side),
                Err(_) => (1, Side::Army),
            },
            None => (1, Side::Army),
        };
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let token = match side {
                Side::Army => format!("{turn}. {mv}"),
                Side::Indians if i == 0 => format!("{turn}... {mv}"),
                Side::Indians => mv.clone(),
            };
            if !line.is_empty() && line.len() + token.len() + 1 > 78 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
            if side == Side::Indians {
                turn += 1;
            }
            side = !side;
        }
        let marker = match self.result.as_str() {
            "army" => "1-0",
            "indians" => "0-1",
            "draw" => "1/2-1/2",
            _ => "*",
        };
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
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            let err = |reason: String| RecordError(format!("line {}: {reason}", n + 1));
            // Tag pairs come first; once the moves begin, every line is move text.
            let tag = if movetext.is_empty() {
                line.strip_prefix('[')
            } else {
                None
            };
            if let Some(inner) = tag {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| err("a tag pair must end with `]`".into()))?;
                let (name, value) = inner
                    .split_once(' ')
                    .ok_or_else(|| err("a tag pair is `[Name \"value\"]`".into()))?;
                let value = unquote(value.trim())
                    .ok_or_else(|| err(format!("the value of {name} must be in double quotes")))?;
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
                        return Err(err(format!(
                            "unknown tag {other:?} (known: {})",
                            TAGS.join(", ")
                        )))
                    }
                }
            } else if !line.is_empty() || !movetext.is_empty() {
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
        if !seen_scenario {
            return Err(RecordError("missing the [Scenario \"...\"] tag".into()));
        }
        let mut rest = movetext.as_str();
        let mut end_marker = None;
        while let Some(start) = rest.find('{') {
            let end = rest[start..]
                .find('}')
                .ok_or_else(|| RecordError("a `{` comment is not closed".into()))?;
            record_tokens(&rest[..start], &mut record.moves, &mut end_marker)?;
            rest = &rest[start + end + 1..];
        }
        record_tokens(rest, &mut record.moves, &mut end_marker)?;
        record.check_fields()?;
        let expected = match record.result.as_str() {
            "army" => "1-0",
            "indians" => "0-1",
            "draw" => "1/2-1/2",
            _ => "*",
        };
        if let Some(marker) = end_marker {
            if marker != expected {
                return Err(RecordError(format!(
                    "the moves end with {marker}, but the Result tag says {}",
                    record.result
                )));
            }
        }
        Ok(record)
    }
}

fn record_tokens(
    text: &str,
    moves: &mut Vec<String>,
    end_marker: &mut Option<String>,
) -> Result<(), RecordError> {
    for token in text.split_whitespace() {
        if end_marker.is_some() {
            return Err(RecordError(format!(
                "{token:?} comes after the result marker"
            )));
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
