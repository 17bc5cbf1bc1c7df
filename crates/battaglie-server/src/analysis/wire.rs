//! What the page is answered of an analysis: its progress and what is judged so
//! far, and a record imported to be analysed.

use battaglie_ai::analysis::Analysis;
use serde::Serialize;

use crate::game::Created;

/// An analysis as the API answers it: its progress and what is judged so far.
#[derive(Debug, Clone, Serialize)]
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
#[derive(Debug, Serialize)]
pub struct ImportedAnalysis {
    /// The game created from the record.
    #[serde(flatten)]
    pub created: Created,
    /// Its analysis as far as it has come.
    pub analysis: AnalysisReport,
}
