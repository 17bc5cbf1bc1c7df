//! Standard output for every command: a closed pipe (`| head -1`) ends the program
//! quietly instead of panicking the way `print!` does.

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// When standard output cannot be written; a closed pipe is an error too (so that
/// the command stops working for nobody), which [`is_broken_pipe`] recognises.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Writes `bytes` (a picture) to `path` and says so on standard output, or writes
/// them to standard output when `path` is `None` and standard output is not a
/// terminal. An existing file is replaced only with `force`.
///
/// # Errors
/// When the file exists (without `force`) or cannot be written, or standard output
/// is a terminal (binary data would garble it: the error says to give a file).
pub fn emit_binary(
    bytes: &[u8],
    path: Option<&std::path::Path>,
    force: bool,
    what: &str,
) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    match path {
        Some(p) if p.is_dir() => Err(anyhow::anyhow!(
            "cannot write {}: it is a folder: name a file in it",
            p.display()
        )),
        Some(p) if p.exists() && !force => Err(anyhow::anyhow!(
            "{} is already there: give another name, or --force to replace it",
            p.display()
        )),
        Some(p) => {
            std::fs::write(p, bytes).map_err(|e| {
                anyhow::anyhow!("cannot write {}", battaglie_rules::file_error(p, &e))
            })?;
            emit(&format!(
                "wrote {} ({what}, {} KiB)\n",
                p.display(),
                bytes.len().div_ceil(1024)
            ))
        }
        None if std::io::stdout().is_terminal() => Err(anyhow::anyhow!(
            "a picture is binary: give `--output FILE` or redirect standard output to a file"
        )),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(bytes)?;
            out.flush()?;
            Ok(())
        }
    }
}

/// Whether `error` (or any of its causes) is a write to a closed pipe.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
    })
}
