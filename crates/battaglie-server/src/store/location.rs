//! Where the database is: `--db` and `DATABASE_URL` in one notation.
//!
//! * `postgres://user:password@host:port/db` or `postgresql://...`: PostgreSQL;
//! * `sqlite:PATH` or `sqlite://PATH`, or a plain path: a SQLite file.
//!
//! Any other `scheme://` is refused rather than taken as a file name.

use std::path::PathBuf;
use std::str::FromStr;

/// A database to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL server, by connection URL.
    Postgres(String),
}

/// Why a database location does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseDatabaseError {
    /// Nothing was given.
    #[error("the database location is empty: give a file path or a postgres:// URL")]
    Empty,
    /// A URL of a kind of database this server does not speak.
    #[error(
        "unknown database scheme {0:?}: use postgres://, postgresql://, sqlite: or a file path"
    )]
    UnknownScheme(String),
    /// `sqlite:` with no path after it.
    #[error("`sqlite:` needs a file path after it (e.g. sqlite:games.sqlite)")]
    NoSqlitePath,
}

impl FromStr for Database {
    type Err = ParseDatabaseError;

    fn from_str(s: &str) -> Result<Database, ParseDatabaseError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseDatabaseError::Empty);
        }
        if let Some(rest) = s.strip_prefix("sqlite:") {
            let path = rest.strip_prefix("//").unwrap_or(rest);
            if path.is_empty() {
                return Err(ParseDatabaseError::NoSqlitePath);
            }
            return Ok(Database::Sqlite(PathBuf::from(path)));
        }
        if let Some((scheme, _)) = s.split_once("://") {
            return match scheme.to_ascii_lowercase().as_str() {
                "postgres" | "postgresql" => Ok(Database::Postgres(s.to_string())),
                _ => Err(ParseDatabaseError::UnknownScheme(scheme.to_string())),
            };
        }
        Ok(Database::Sqlite(PathBuf::from(s)))
    }
}

impl std::fmt::Display for Database {
    /// The location with any password hidden (for logs and error messages).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            Database::Postgres(url) => f.write_str(&redacted(url)),
        }
    }
}

/// `postgres://user:secret@host/db` as `postgres://user:***@host/db`.
fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_urls_select_postgresql() {
        for url in [
            "postgres://u@h/db",
            "postgresql://u@127.0.0.1:5432/db",
            "POSTGRES://h/db",
        ] {
            assert_eq!(url.parse(), Ok(Database::Postgres(url.to_string())));
        }
    }

    #[test]
    fn paths_and_sqlite_urls_select_sqlite() {
        assert_eq!(
            "games.sqlite".parse(),
            Ok(Database::Sqlite("games.sqlite".into()))
        );
        assert_eq!(
            "sqlite:a/b.db".parse(),
            Ok(Database::Sqlite("a/b.db".into()))
        );
        assert_eq!(
            "sqlite:///tmp/b.db".parse(),
            Ok(Database::Sqlite("/tmp/b.db".into()))
        );
        assert_eq!(
            "sqlite:".parse::<Database>(),
            Err(ParseDatabaseError::NoSqlitePath)
        );
    }

    #[test]
    fn unknown_schemes_are_refused_not_taken_as_paths() {
        assert_eq!(
            "mysql://u@h/db".parse::<Database>(),
            Err(ParseDatabaseError::UnknownScheme("mysql".into()))
        );
        assert_eq!("  ".parse::<Database>(), Err(ParseDatabaseError::Empty));
    }

    #[test]
    fn passwords_are_hidden_when_shown() {
        let db: Database = "postgres://me:secret@h:5432/db?sslmode=disable"
            .parse()
            .unwrap();
        assert_eq!(
            db.to_string(),
            "postgres://me:***@h:5432/db?sslmode=disable"
        );
        assert_eq!(Database::Sqlite("x.db".into()).to_string(), "sqlite:x.db");
    }
}
