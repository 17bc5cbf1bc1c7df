//! The status line at the foot of the screen: the last answer, hint or error.

/// Whether a status tells or refuses: it decides the line's colour, and an error
/// made by a key outlives that key's own answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StatusKind {
    Info,
    Error,
}

/// What the status line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Status {
    pub(crate) text: String,
    pub(crate) kind: StatusKind,
}

impl Status {
    pub(crate) fn info(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            kind: StatusKind::Info,
        }
    }

    pub(crate) fn error(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            kind: StatusKind::Error,
        }
    }

    pub(crate) fn is_error(&self) -> bool {
        self.kind == StatusKind::Error
    }
}
