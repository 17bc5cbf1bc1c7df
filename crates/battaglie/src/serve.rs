//! `battaglie serve`: the web server, with logs on standard error.

use std::net::SocketAddr;
use std::path::PathBuf;

use tracing_subscriber::EnvFilter;

/// Where the server listens unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// The default database: `battaglie.sqlite` in the user's data directory
/// (`battaglie/` under it), or in the current directory when there is none.
pub fn default_db() -> PathBuf {
    match dirs::data_dir() {
        Some(dir) => dir.join("battaglie").join("battaglie.sqlite"),
        None => PathBuf::from("battaglie.sqlite"),
    }
}

/// Runs the server until Ctrl-C.
pub fn run(addr: SocketAddr, db: Option<PathBuf>) -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // A second initialisation (in tests) is harmless: keep the first.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    let config = battaglie_server::Config {
        addr,
        db: db.unwrap_or_else(default_db),
    };
    battaglie_server::run(config, |bound| {
        let host = match bound {
            SocketAddr::V4(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
            SocketAddr::V6(a) if a.ip().is_unspecified() => format!("[::1]:{}", a.port()),
            other => other.to_string(),
        };
        // A closed standard output must not stop the server.
        let _ = crate::out::emit(&format!("battaglie is running at http://{host}/\n"));
    })?;
    Ok(())
}
