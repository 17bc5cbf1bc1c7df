//! A battle with another quiet limit: the same scenario read again from its text with
//! `[rules] quiet_limit` set, so that its text (what travels to other processes) says so.

use std::sync::Arc;

use crate::scenario::{Scenario, ScenarioError};

impl Scenario {
    /// This scenario with the game drawn after `limit` plies without an elimination
    /// (1 to 1,000,000) instead of its own limit. Random play, which almost never
    /// eliminates within the 1977 limit of 100, ends some games in a win with a longer one.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming `rules.quiet_limit` when `limit` is out of range.
    pub fn with_quiet_limit(&self, limit: u32) -> Result<Arc<Scenario>, ScenarioError> {
        let file = format!("{} with quiet limit {limit}", self.id());
        let mut table: toml::Table = toml::from_str(self.source()).map_err(|e| ScenarioError {
            file: file.clone(),
            key: None,
            reason: e.message().to_string(),
        })?;
        let rules = table
            .entry("rules")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(rules) = rules {
            rules.insert("quiet_limit".into(), toml::Value::Integer(i64::from(limit)));
        }
        let text = toml::to_string(&table).map_err(|e| ScenarioError {
            file: file.clone(),
            key: None,
            reason: e.to_string(),
        })?;
        Scenario::from_toml(&file, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_quiet_limit_changes_only_the_limit_and_travels_in_the_text() {
        let washita = Scenario::builtin("washita").unwrap();
        let long = washita.with_quiet_limit(1000).unwrap();
        assert_eq!(long.rules().quiet_limit(), 1000);
        assert_eq!(long.id(), washita.id());
        assert_eq!(long.start(), washita.start());
        assert_eq!(long.rules().stack_limit(), washita.rules().stack_limit());
        let again = Scenario::from_toml("again", long.source()).unwrap();
        assert_eq!(again.rules().quiet_limit(), 1000);
    }

    #[test]
    fn a_quiet_limit_out_of_range_names_the_key() {
        let e = Scenario::builtin("fetterman")
            .unwrap()
            .with_quiet_limit(0)
            .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("rules.quiet_limit"), "{e}");
    }
}
