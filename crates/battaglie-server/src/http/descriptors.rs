//! How many connections a node's file descriptors allow: the process's limit on
//! open files, less those open at start and room for the database, the bus and
//! the files it opens later.

/// Descriptors kept for what is not a client's connection (the database's pools,
/// the bus, logs, the metrics listener).
const KEPT: usize = 64;

/// The connections the node may hold at once, when the system says (Linux).
pub(super) fn connections() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft: usize = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    let open = std::fs::read_dir("/proc/self/fd").ok()?.count();
    Some(soft.saturating_sub(open + KEPT).max(1))
}

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    #[test]
    fn the_process_limit_on_open_files_is_read() {
        let n = super::connections().expect("Linux says");
        assert!(n >= 1);
    }
}
