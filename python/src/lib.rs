//! The Python package `battaglie`: the rules, the engine and fast environments, in Rust.
//!
//! Modules: `errors` (one exception class per error kind), `scenario`, `game`
//! (moves, outcomes, positions, games), `engine` (search, analysis), `action` (the
//! fixed action space), `ints` (the Python ints of action numbers), `factored` (moves chosen in steps), `factored_vector` (the vector env on them), `observation` (the observation tensor), `env` (one
//! environment in Rust), `py_env` (the Python env classes), `matches` (the match crate's
//! games and table, for the cluster).
#![deny(missing_docs)]

mod action;
mod batch;
mod engine;
mod env;
mod errors;
mod factored;
mod factored_vector;
mod game;
mod ints;
mod listing;
mod matches;
mod observation;
mod py_env;
mod scenario;

use pyo3::prelude::*;

/// The compiled core of the `battaglie` package.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<scenario::PyScenario>()?;
    m.add_class::<game::PyMove>()?;
    m.add_class::<game::PyOutcome>()?;
    m.add_class::<game::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_function(wrap_pyfunction!(engine::search, m)?)?;
    m.add_function(wrap_pyfunction!(engine::analyze, m)?)?;
    m.add_class::<py_env::PyEnv>()?;
    m.add_class::<py_env::PyVectorEnv>()?;
    m.add_class::<factored_vector::PyFactoredVectorEnv>()?;
    m.add_class::<matches::PyJob>()?;
    m.add_class::<matches::PyGameResult>()?;
    m.add_function(wrap_pyfunction!(matches::match_jobs, m)?)?;
    m.add_function(wrap_pyfunction!(matches::play_match_game, m)?)?;
    m.add_function(wrap_pyfunction!(matches::match_report, m)?)?;
    m.add("MAX_LEVEL", battaglie_ai::MAX_LEVEL)?;
    m.add("OBSERVATION_PLANES", observation::PLANES)?;
    Ok(())
}
