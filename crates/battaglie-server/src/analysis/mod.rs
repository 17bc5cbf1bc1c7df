//! The engine's analysis of a game ([`battaglie_ai::analysis`]), one feature in
//! one folder:
//!
//! - `service.rs`: [`Analyses`], which starts an analysis, computes it on the
//!   blocking pool holding a search permit one position at a time, and answers
//!   its progress;
//! - `workload.rs`: the positions a node takes on, per address and in all, and
//!   the slots analyses are judged in;
//! - `repo.rs`: its storage, the analyses' only SQL;
//! - `routes.rs`: `/api/games/{id}/analysis` and `/api/records/analysis`;
//! - `wire.rs`: what the page is answered.

mod refusal;
mod repo;
pub(crate) mod routes;
mod service;
mod wire;
mod workload;

pub use repo::{AnalysisKey, AnalysisRepo, AnalysisRow};
pub use service::{Analyses, AnalysisError, ANALYSIS_NODES};
pub use wire::{AnalysisReport, ImportedAnalysis};
pub use workload::{Booked, Refused, Workload, ADDRESS_POSITIONS};
