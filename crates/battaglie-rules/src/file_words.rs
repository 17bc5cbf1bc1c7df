//! What went wrong with a file, in words a player reads, with what to do: one
//! translation of the system's errors for every front end that reads or writes
//! game records and battles.

use std::io::{Error, ErrorKind};
use std::path::Path;

/// Why `path` could not be read or written, in words: "there is no such file:
/// check its name and folder", never the system's own message and number.
pub fn file_error(path: &Path, e: &Error) -> String {
    let why = match e.kind() {
        ErrorKind::NotFound => match path.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(dir) if !dir.is_dir() => format!(
                "there is no folder {}: create it first, or choose another",
                dir.display()
            ),
            _ => "there is no such file: check its name and folder".to_string(),
        },
        ErrorKind::IsADirectory => "it is a folder, not a file: name a file".to_string(),
        ErrorKind::NotADirectory => "a part of its path is a file, not a folder".to_string(),
        ErrorKind::PermissionDenied => {
            "you are not allowed to use it: check its permissions".to_string()
        }
        ErrorKind::ReadOnlyFilesystem => "its disk can only be read, not written".to_string(),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => {
            "the disk is full: make room and try again".to_string()
        }
        ErrorKind::InvalidData => "it is not a text file".to_string(),
        ErrorKind::AlreadyExists => "a file of that name is already there".to_string(),
        kind => kind.to_string(),
    };
    format!("{}: {why}", path.display())
}
