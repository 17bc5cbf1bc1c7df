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

/// `len` actions as a new Python list of ints, each put straight into its slot
/// (gathering a vector of references first, then moving it into a list, took about
/// 1.4 times as long).
pub fn list<'py>(
    py: Python<'py>,
    len: usize,
    actions: impl Iterator<Item = u64>,
) -> PyResult<Bound<'py, PyList>> {
    let size = pyo3::ffi::Py_ssize_t::try_from(len)
        .map_err(|_| pyo3::exceptions::PyMemoryError::new_err("too many actions for a list"))?;
    // SAFETY: a new list of `len` empty slots, owned here; each slot is set once below
    // with a new reference (`PyList_SetItem` steals it) before the list is returned.
    let list = unsafe {
        Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyList_New(size))?
            .cast_into_unchecked::<PyList>()
    };
    // No Python code runs while the lock is held (making an int runs none), so no
    // other call can wait on it with the GIL.
    let mut ints = INTS.lock().unwrap_or_else(|e| e.into_inner());
    let mut count = 0;
    for (i, a) in actions.take(len).enumerate() {
        let int = if a >= SHARED {
            PyInt::new(py, a).unbind()
        } else {
            let slot = a as usize;
            if ints.len() <= slot {
                ints.resize_with(slot + 1, || None);
            }
            ints[slot]
                .get_or_insert_with(|| PyInt::new(py, a).unbind())
                .clone_ref(py)
        };
        // SAFETY: `i < len`, the slot is empty, and the reference is handed over.
        unsafe {
            pyo3::ffi::PyList_SetItem(list.as_ptr(), i as pyo3::ffi::Py_ssize_t, int.into_ptr());
        }
        count += 1;
    }
    // A list with empty slots must not reach Python (freeing it is safe, using it not).
    if count < len {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
            "{count} actions listed of {len}"
        )));
    }
    Ok(list)
}
