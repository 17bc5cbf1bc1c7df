//! The Python ints of action numbers, each made once and shared: a list of ~120 legal
//! actions is then 120 references, where making (and freeing) 120 new ints at every
//! position cost as much as listing the moves from the rules' cache.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};

/// Actions below this share their int (the 12x8 battles' 189,281 do, in at most 8 MB
/// of references); larger ones are made each time.
const SHARED: u64 = 1 << 20;

/// The ints made so far, by value.
static INTS: Mutex<Vec<Option<Py<PyInt>>>> = Mutex::new(Vec::new());

/// `actions` as a new Python list of ints.
pub fn list<'py>(
    py: Python<'py>,
    actions: impl ExactSizeIterator<Item = u64>,
) -> PyResult<Bound<'py, PyList>> {
    let items: Vec<Bound<'py, PyInt>> = {
        // No Python code runs while the lock is held (making an int runs none), so no
        // other call can wait on it with the GIL.
        let mut ints = INTS.lock().unwrap_or_else(|e| e.into_inner());
        actions
            .map(|a| {
                if a >= SHARED {
                    return PyInt::new(py, a);
                }
                let i = a as usize;
                if ints.len() <= i {
                    ints.resize_with(i + 1, || None);
                }
                ints[i]
                    .get_or_insert_with(|| PyInt::new(py, a).unbind())
                    .bind(py)
                    .clone()
            })
            .collect()
    };
    PyList::new(py, items)
}
