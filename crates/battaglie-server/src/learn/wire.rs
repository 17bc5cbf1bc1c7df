//! The lessons' progress as the API reads and writes it: `{"stars": {"board/2": 3}}`,
//! the shape the page keeps in the browser.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// An account's stars (or those sent to keep), by stage: `lesson/stage` to 1-3.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The stars of each stage won.
    pub stars: BTreeMap<String, i64>,
}
