//! Whether to draw in colour: not when `NO_COLOR` is set (no-color.org), nor on a
//! terminal whose terminfo entry has fewer than 8 colours (`xterm-mono`, `vt100`),
//! where colour escapes would be dropped and with them every colour-only cue.

use std::ffi::OsStr;

use terminfo::{capability::MaxColors, Database};

/// Whether this process should draw without colour, from `NO_COLOR` and `TERM`.
pub(crate) fn monochrome_from_env() -> bool {
    let colours = Database::from_env().ok().map(|db| colours_of(&db));
    monochrome(std::env::var_os("NO_COLOR").as_deref(), colours)
}

/// The colours a terminfo entry offers (none when it names no `colors`).
pub(crate) fn colours_of(db: &Database) -> i32 {
    db.get::<MaxColors>().map_or(0, |c| c.0)
}

/// The decision: `NO_COLOR` set and not empty, or a known terminal with fewer than
/// 8 colours. An unknown terminal (no `TERM`, no entry) keeps colour: most are.
pub(crate) fn monochrome(no_color: Option<&OsStr>, colours: Option<i32>) -> bool {
    no_color.is_some_and(|v| !v.is_empty()) || colours.is_some_and(|n| n < 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_or_a_terminal_without_colours_draws_in_monochrome() {
        assert!(monochrome(Some(OsStr::new("1")), Some(256)));
        assert!(!monochrome(Some(OsStr::new("")), Some(256)));
        assert!(monochrome(None, Some(0)));
        assert!(monochrome(None, Some(2)));
        assert!(!monochrome(None, Some(8)));
        assert!(!monochrome(None, None));
    }

    #[test]
    fn the_xterm_mono_entry_has_no_colours_and_xterm_256color_has() {
        let mono = Database::from_name("xterm-mono").expect("the xterm-mono terminfo entry");
        assert!(monochrome(None, Some(colours_of(&mono))));
        let colour =
            Database::from_name("xterm-256color").expect("the xterm-256color terminfo entry");
        assert_eq!(colours_of(&colour), 256);
    }
}
