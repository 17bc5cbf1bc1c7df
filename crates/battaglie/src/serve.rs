//! `battaglie serve`: the web server, with logs on standard error.

use std::net::SocketAddr;
use std::path::PathBuf;

use battaglie_server::{BusLocation, Database};
use tracing_subscriber::EnvFilter;

/// Where the server listens unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// The default database: `battaglie.sqlite` in the data directory ([`crate::data::dir`]).
pub fn default_db() -> PathBuf {
    crate::data::dir().join("battaglie.sqlite")
}

/// The database to open: `--db`, else `DATABASE_URL`, else [`default_db`].
///
/// # Errors
/// When `DATABASE_URL` is set but does not read as a database location.
fn database(db: Option<Database>) -> anyhow::Result<Database> {
    if let Some(db) = db {
        return Ok(db);
    }
    match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url
            .parse()
            .map_err(|e| anyhow::anyhow!("DATABASE_URL: {e}")),
        _ => Ok(Database::Sqlite(default_db())),
    }
}

/// The bus to the other nodes: `--bus`, else `BATTAGLIE_BUS`, else none (a node alone).
///
/// # Errors
/// When `BATTAGLIE_BUS` is set but names no bus.
/// `--trust-forwarded`'s list of balancers. The old switch's `true` is refused:
/// trusting every peer let any client pick its address.
///
/// # Errors
/// An entry that is not an address or a CIDR block, named.
pub fn parse_proxies(s: &str) -> Result<battaglie_server::Proxies, String> {
    if s.trim().eq_ignore_ascii_case("true") {
        return Err(
            "--trust-forwarded takes the balancers' addresses now, e.g. \
                    127.0.0.1 for one on this machine, or 10.0.0.0/8"
                .to_string(),
        );
    }
    s.parse()
        .map_err(|e: battaglie_server::BadProxy| e.to_string())
}

fn bus(bus: Option<BusLocation>) -> anyhow::Result<Option<BusLocation>> {
    if bus.is_some() {
        return Ok(bus);
    }
    match std::env::var("BATTAGLIE_BUS") {
        Ok(s) if !s.trim().is_empty() => s
            .parse()
            .map(Some)
            .map_err(|e| anyhow::anyhow!("BATTAGLIE_BUS: {e}")),
        _ => Ok(None),
    }
}

/// The value of a flag, else of the environment variable `var` (blank: unset).
fn flag_or_env(flag: Option<String>, var: &str) -> Option<String> {
    flag.or_else(|| std::env::var(var).ok())
        .filter(|v| !v.trim().is_empty())
}

/// How notifications go out: the mail server and the site's public address.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct NotifyArgs {
    /// The SMTP server for notification mail [default: `BATTAGLIE_SMTP_HOST`, else
    /// none: no mail, said once at start]. The password comes from
    /// `BATTAGLIE_SMTP_PASSWORD` only.
    #[arg(long)]
    pub smtp_host: Option<String>,
    /// Its port [default: `BATTAGLIE_SMTP_PORT`, else 465 for tls, 587 for
    /// starttls, 25 for none].
    #[arg(long)]
    pub smtp_port: Option<u16>,
    /// The SMTP login [default: `BATTAGLIE_SMTP_USER`].
    #[arg(long)]
    pub smtp_user: Option<String>,
    /// The mails' sender, `name <address>` or an address [default:
    /// `BATTAGLIE_SMTP_FROM`, else `battaglie <noreply@localhost>`].
    #[arg(long)]
    pub smtp_from: Option<String>,
    /// `tls`, `starttls` or `none` (plain text, only to a server on this machine)
    /// [default: `BATTAGLIE_SMTP_TLS`, else starttls].
    #[arg(long)]
    pub smtp_tls: Option<String>,
    /// The site's public address, for the links in mails and webhooks [default:
    /// `BATTAGLIE_PUBLIC_URL`, else http://localhost:8080].
    #[arg(long)]
    pub public_url: Option<String>,
}

impl NotifyArgs {
    /// The server's settings, flags first, then the environment.
    ///
    /// # Errors
    /// A TLS mode or port that does not read.
    pub fn settings(self) -> anyhow::Result<battaglie_server::notify::NotifySettings> {
        use battaglie_server::notify::{NotifySettings, SmtpSettings, SmtpTls};
        let tls: SmtpTls = flag_or_env(self.smtp_tls, "BATTAGLIE_SMTP_TLS")
            .map_or(Ok(SmtpTls::StartTls), |t| t.parse())
            .map_err(|e| anyhow::anyhow!("--smtp-tls: {e}"))?;
        let port = match self.smtp_port {
            Some(p) => p,
            None => match flag_or_env(None, "BATTAGLIE_SMTP_PORT") {
                Some(p) => p
                    .trim()
                    .parse()
                    .map_err(|e| anyhow::anyhow!("BATTAGLIE_SMTP_PORT {p:?}: {e}"))?,
                None => match tls {
                    SmtpTls::Tls => 465,
                    SmtpTls::StartTls => 587,
                    SmtpTls::None => 25,
                },
            },
        };
        let smtp = flag_or_env(self.smtp_host, "BATTAGLIE_SMTP_HOST").map(|host| SmtpSettings {
            host,
            port,
            user: flag_or_env(self.smtp_user, "BATTAGLIE_SMTP_USER"),
            password: flag_or_env(None, "BATTAGLIE_SMTP_PASSWORD"),
            from: flag_or_env(self.smtp_from, "BATTAGLIE_SMTP_FROM")
                .unwrap_or_else(|| "battaglie <noreply@localhost>".to_string()),
            tls,
        });
        let defaults = NotifySettings::default();
        Ok(NotifySettings {
            smtp,
            public_url: flag_or_env(self.public_url, "BATTAGLIE_PUBLIC_URL")
                .unwrap_or(defaults.public_url),
            loopback_webhooks: false,
        })
    }
}

/// How logs are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// How a SQLite database syncs its commits to the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Sync {
    /// A commit survives the process being killed (the write-ahead log is
    /// synced at checkpoints).
    #[default]
    Normal,
    /// A commit survives the machine losing power too: every commit is synced
    /// before it is answered, at some cost per move.
    Full,
}

/// `battaglie db check`: SQLite's check of every page of the database file and
/// its schema against this build's, without writing.
///
/// # Errors
/// When the database is damaged (the problems named), of a schema this build
/// cannot serve, missing or unreachable.
pub fn check(db: Option<Database>) -> anyhow::Result<()> {
    let db = database(db)?;
    if let Database::Sqlite(path) = &db {
        anyhow::ensure!(path.exists(), "there is no database at {}", path.display());
    }
    let checked = battaglie_server::check_database(&db)?;
    let schema = checked.schema.describe();
    if let Some(p) = checked.damage {
        anyhow::bail!("the database {db} is damaged: {p}; {schema}");
    }
    anyhow::ensure!(
        checked.schema.servable(),
        "{db}: no damage found, but {schema}"
    );
    crate::out::emit(&format!("{db}: no damage found; {schema}\n"))
}

/// What a copy holds, in words.
fn copied(copied: &battaglie_server::store::Copied) -> String {
    format!(
        "{} KiB, games: {}; {}",
        copied.bytes.div_ceil(1024),
        copied.games,
        copied.schema.describe()
    )
}

/// `battaglie db backup FILE`: a consistent copy of the (live) SQLite database.
///
/// # Errors
/// When the database is missing or PostgreSQL's, or FILE exists without `force`.
pub fn backup(db: Option<Database>, file: &std::path::Path, force: bool) -> anyhow::Result<()> {
    let db = database(db)?;
    let done = battaglie_server::backup_database(&db, file, force)?;
    crate::out::emit(&format!(
        "backed {db} up to {} ({})\n",
        file.display(),
        copied(&done)
    ))
}

/// `battaglie db restore FILE`: the backup in place of the (stopped) database.
///
/// # Errors
/// When the backup is not a sound battaglie database, the database exists without
/// `force`, or a server has it open.
pub fn restore(file: &std::path::Path, db: Option<Database>, force: bool) -> anyhow::Result<()> {
    let db = database(db)?;
    let done = battaglie_server::restore_database(file, &db, force)?;
    crate::out::emit(&format!(
        "restored {} to {db} ({})\n",
        file.display(),
        copied(&done)
    ))
}

/// What `battaglie serve` was told.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where to listen.
    pub addr: SocketAddr,
    /// `--metrics-addr`, if given.
    pub metrics_addr: Option<SocketAddr>,
    /// `--db`, if given.
    pub db: Option<Database>,
    /// `--sync`: how a SQLite file syncs its commits.
    pub sync: Sync,
    /// How to log.
    pub log_format: LogFormat,
    /// Whether the rate limits per client address apply.
    pub rate_limit: bool,
    /// The balancers whose headers name the client.
    pub trust_forwarded: Option<battaglie_server::Proxies>,
    /// Other sites whose pages may change things here.
    pub allow_origins: Vec<String>,
    /// `--web-dev`: the front end's plain modules, served from this folder.
    pub web_dev: Option<std::path::PathBuf>,
    /// How long an unwatched game stays in memory.
    pub idle_seconds: u64,
    /// How long a stopping server serves on while `/readyz` says 503.
    pub drain_seconds: u64,
    /// The resident memory budget, in MiB.
    pub memory_mib: Option<u64>,
    /// The most games held in memory.
    pub max_games: u64,
    /// `--bus`, if given.
    pub bus: Option<BusLocation>,
    /// How long a claim on a computer turn lasts unless renewed, in milliseconds.
    pub lease_ms: u64,
    /// The mail server and the site's address.
    pub notify: NotifyArgs,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            addr: DEFAULT_ADDR.parse().expect("the default address reads"),
            metrics_addr: None,
            db: None,
            sync: Sync::Normal,
            log_format: LogFormat::Text,
            rate_limit: true,
            trust_forwarded: None,
            allow_origins: Vec::new(),
            web_dev: None,
            idle_seconds: 600,
            drain_seconds: 2,
            memory_mib: None,
            max_games: 100_000,
            bus: None,
            lease_ms: 10_000,
            notify: NotifyArgs::default(),
        }
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(options: Options) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // A second initialisation (in tests) is harmless: keep the first. Colours
    // only for a person's terminal, never into a file or the journal.
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let json = options.log_format == LogFormat::Json;
    let _ = if json {
        logs.json().try_init()
    } else {
        logs.try_init()
    };
    battaglie_server::tracing::info!(
        version = crate::cli::VERSION,
        "battaglie {} starting",
        crate::cli::VERSION
    );
    let db = database(options.db)?;
    let proxies = options.trust_forwarded.unwrap_or_default();
    let behind_proxies = !proxies.is_empty();
    let rate_limits = options.rate_limit.then(|| battaglie_server::RateLimits {
        proxies,
        // A PostgreSQL database is how several nodes make one site: their
        // buckets are its rows, so that the limits hold for the site.
        shared: matches!(db, Database::Postgres(_)),
        ..battaglie_server::RateLimits::default()
    });
    let config = battaglie_server::Config {
        addr: options.addr,
        metrics_addr: options.metrics_addr,
        db,
        full_sync: options.sync == Sync::Full,
        http: battaglie_server::HttpSettings {
            rate_limits,
            connections: battaglie_server::Connections {
                // Behind a balancer every connection comes from it: it caps them per client.
                per_address: (options.rate_limit && !behind_proxies)
                    .then_some(battaglie_server::Connections::default().per_address)
                    .flatten(),
                ..battaglie_server::Connections::default()
            },
            origins: options.allow_origins,
            web_dev: options.web_dev,
            drain: std::time::Duration::from_secs(options.drain_seconds),
            // The public address (`--public-url`), set with the mail's settings.
            site: None,
        },
        memory: battaglie_server::MemoryLimits {
            idle: std::time::Duration::from_secs(options.idle_seconds),
            max_games: usize::try_from(options.max_games).unwrap_or(usize::MAX),
            memory_mib: options.memory_mib,
        },
        bus: bus(options.bus)?,
        lease: std::time::Duration::from_millis(options.lease_ms),
        notify: options.notify.settings()?,
    };
    battaglie_server::run(config, |bound| {
        let host = match bound {
            SocketAddr::V4(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
            SocketAddr::V6(a) if a.ip().is_unspecified() => format!("[::1]:{}", a.port()),
            other => other.to_string(),
        };
        let url = format!("http://{host}/");
        // Among JSON logs, the line is one of them; a person at a terminal reads it too.
        if json {
            battaglie_server::tracing::info!(url = %url, "battaglie is running at {url}");
        }
        if !json || std::io::stdout().is_terminal() {
            // A closed standard output must not stop the server.
            let _ = crate::out::emit(&format!("battaglie is running at {url}\n"));
        }
    })?;
    Ok(())
}
