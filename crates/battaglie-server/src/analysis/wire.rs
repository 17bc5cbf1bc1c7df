//! What the page is answered of an analysis: its progress and what is judged so
//! far, and a record imported to be analysed.

use battaglie_ai::analysis::Analysis;
use serde::Serialize;
use ts_rs::TS;

use crate::game::Created;

/// An analysis as the API answers it: its progress and what is judged so far.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AnalysisReport {
    /// The game.
    pub id: String,
    /// The game's move count the analysis is of.
    pub plies: usize,
    /// The nodes searched per position.
    pub nodes: u64,
    /// Moves judged so far.
    pub done: usize,
    /// Moves to judge.
    pub total: usize,
    /// Whether a node is computing it now (`false` once complete, or when its node
    /// stopped: asking again restarts it).
    pub running: bool,
    /// Whether anybody asked for it: `false` for a game nobody had analysed at its
    /// move count yet (nothing judged; `POST` starts it).
    pub started: bool,
    /// The judged moves, summary and result (`complete` once every move is judged).
    #[serde(flatten)]
    pub analysis: Analysis,
}

/// A record imported as an ended game and its analysis started
/// (`POST /api/records/analysis`): the game's ids and links, and the analysis.
#[derive(Debug, Serialize, TS)]
pub struct ImportedAnalysis {
    /// The game created from the record.
    #[serde(flatten)]
    pub created: Created,
    /// Its analysis as far as it has come.
    pub analysis: AnalysisReport,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::atomic::AtomicBool;

    use battaglie_ai::analysis::{analyze, Ending, Eval, MoveAnalysis, Summary, Tally};
    use battaglie_ai::Limits;
    use battaglie_rules::{Game, Position, Scenario};
    use serde_json::Value;
    use ts_rs::{Config, TS};

    use super::*;
    use crate::game::Urls;

    /// The fields `T`'s TypeScript declares, each with whether it may be left out.
    fn declared<T: TS>() -> Vec<(String, bool)> {
        let mut decl = T::decl(&Config::new().with_large_int("number"));
        while let Some(start) = decl.find("/**") {
            let end = decl[start..].find("*/").expect("a comment ends") + start + 2;
            decl.replace_range(start..end, "");
        }
        let body = &decl[decl.find('{').expect("an object") + 1..decl.rfind('}').unwrap()];
        let (mut fields, mut depth, mut name, mut in_name) = (Vec::new(), 0, String::new(), true);
        for c in body.chars() {
            match c {
                '<' | '{' | '(' => depth += 1,
                '>' | '}' | ')' => depth -= 1,
                ':' if depth == 0 && in_name => {
                    let name = std::mem::take(&mut name);
                    let name = name.trim();
                    let optional = name.ends_with('?');
                    fields.push((name.trim_end_matches('?').to_string(), optional));
                    in_name = false;
                }
                ',' if depth == 0 => in_name = true,
                _ if in_name => name.push(c),
                _ => {}
            }
        }
        fields
    }

    /// Checks that `json` has every field `T` declares, and no other.
    fn matches<T: TS>(json: &Value) {
        let sent: BTreeSet<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let fields = declared::<T>();
        for (field, optional) in &fields {
            assert!(
                *optional || sent.contains(field.as_str()),
                "{} declares {field}, the JSON has none: {json}",
                T::name(&Config::new())
            );
        }
        for key in sent {
            assert!(
                fields.iter().any(|(f, _)| f == key),
                "the JSON has {key}, {} does not declare it",
                T::name(&Config::new())
            );
        }
    }

    fn analysed() -> AnalysisReport {
        let scenario = Scenario::builtin("fetterman").unwrap();
        let mut game = Game::new(Position::start(&scenario));
        for _ in 0..2 {
            let mv = game.legal_moves()[0];
            game.play(&mv);
        }
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let analysis = analyze(&game, &limits, &AtomicBool::new(false), |_| {});
        AnalysisReport {
            id: "0123456789abcdef".into(),
            plies: 2,
            nodes: 1000,
            done: 2,
            total: 2,
            running: false,
            started: true,
            analysis,
        }
    }

    #[test]
    fn the_analysis_answer_has_exactly_the_fields_its_typescript_declares() {
        let report = serde_json::to_value(analysed()).unwrap();
        matches::<AnalysisReport>(&report);
        let judged = &report["moves"][0];
        matches::<MoveAnalysis>(judged);
        matches::<Eval>(&judged["before"]);
        matches::<Eval>(&judged["after"]);
        matches::<Summary>(&report["summary"]);
        matches::<Tally>(&report["summary"]["army"]);
        matches::<Ending>(&report["result"]);

        let imported = ImportedAnalysis {
            created: Created {
                id: "0123456789abcdef".into(),
                mode: "hotseat",
                seat: "both",
                token: "t".into(),
                other_token: None,
                urls: Urls {
                    play: "/game/0123456789abcdef#token=t".into(),
                    invite: None,
                    spectate: "/game/0123456789abcdef".into(),
                },
            },
            analysis: analysed(),
        };
        let imported = serde_json::to_value(imported).unwrap();
        matches::<ImportedAnalysis>(&imported);
        matches::<Urls>(&imported["urls"]);
    }
}
