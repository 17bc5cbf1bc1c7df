//! `battaglie db backup` and `battaglie db restore` of a SQLite database.
//!
//! A backup is SQLite's `VACUUM INTO` on a read-only connection: one read
//! transaction, so the copy holds every change committed (every move
//! acknowledged) before it began, whatever the server writes meanwhile, and the
//! write-ahead log's content with it. A restore puts a checked copy in place of
//! a stopped server's file, removing that file's `-wal` and `-shm` first (left
//! beside another file, SQLite would take them for its own). Neither replaces an
//! existing file unless told to (`--force`), and each writes a `.partial` file
//! first and renames it into place once complete and synced, so that a crash
//! leaves no half file under the name. PostgreSQL has `pg_dump` for this.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteLockingMode, SqlitePoolOptions};
use sqlx::{ConnectOptions, Connection, SqlitePool};

use super::check::quick_check;
use super::schema::{self, Schema};
use super::{Pool, StoreError, SQLITE_MIGRATOR};

/// Why a backup or a restore was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The file to copy is not there.
    #[error("there is no database at {}", .0.display())]
    Missing(PathBuf),
    /// The destination exists and `--force` was not given.
    #[error("{} exists: give --force to replace it", .0.display())]
    Exists(PathBuf),
    /// The destination is the database itself.
    #[error("{} is the database itself: give another file", .0.display())]
    SameFile(PathBuf),
    /// The file is not a database of this program.
    #[error("{} is not a battaglie database ({why})", path.display())]
    NotBattaglie {
        /// Which file.
        path: PathBuf,
        /// What is missing.
        why: String,
    },
    /// SQLite found the file's pages damaged.
    #[error("{} is damaged ({problems}): take another backup", path.display())]
    Damaged {
        /// Which file.
        path: PathBuf,
        /// What SQLite found.
        problems: String,
    },
    /// A server has the database open.
    #[error(
        "a server is using {}: stop it first (systemctl stop battaglie), restore, then \
         start it again",
        .0.display()
    )]
    InUse(PathBuf),
    /// The database is PostgreSQL's, which has tools of its own.
    #[error(
        "on PostgreSQL, back up with pg_dump (pg_dump --format=custom --file FILE URL) and \
         restore with pg_restore: the deployment guide's \"Backups\" says how"
    )]
    Postgres,
    /// The database could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A file could not be written, synced or renamed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// What a backup or a restore copied.
#[derive(Debug, Clone)]
pub struct Copied {
    /// The copy's size, in bytes.
    pub bytes: u64,
    /// The games in it.
    pub games: i64,
    /// Its schema against this build's.
    pub schema: Schema,
}

fn io(context: String) -> impl FnOnce(std::io::Error) -> BackupError {
    move |source| BackupError::Io { context, source }
}

/// `path` with `.partial` after its name: where a copy is written before it is complete.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// `path` with `suffix` after its name (`-wal`, `-shm`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// Refuses a destination that exists (unless `force`) or is `source` itself.
fn may_replace(source: &Path, dest: &Path, force: bool) -> Result<(), BackupError> {
    if !dest.exists() {
        return Ok(());
    }
    let same = std::fs::canonicalize(source).ok() == std::fs::canonicalize(dest).ok();
    if same {
        return Err(BackupError::SameFile(dest.to_path_buf()));
    }
    if force {
        Ok(())
    } else {
        Err(BackupError::Exists(dest.to_path_buf()))
    }
}

async fn read_only(path: &Path) -> Result<SqlitePool, BackupError> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .busy_timeout(Duration::from_secs(5));
    SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .map_err(|cause| {
            BackupError::Store(StoreError::Open {
                location: path.display().to_string(),
                cause,
            })
        })
}

/// Checks that `path` is a sound battaglie database; what it holds.
async fn verify(path: &Path) -> Result<Copied, BackupError> {
    let pool = read_only(path).await?;
    let checked: Result<Copied, BackupError> = async {
        if let Some(problems) = quick_check(&pool).await? {
            return Err(BackupError::Damaged {
                path: path.to_path_buf(),
                problems,
            });
        }
        let schema = schema::read(Pool::Sqlite(&pool), &SQLITE_MIGRATOR).await?;
        let games: Result<i64, _> = sqlx::query_scalar("SELECT count(*) FROM games")
            .fetch_one(&pool)
            .await;
        match games {
            Ok(games) if !schema.applied.is_empty() || !schema.newer.is_empty() => Ok(Copied {
                bytes: 0,
                games,
                schema,
            }),
            _ => Err(BackupError::NotBattaglie {
                path: path.to_path_buf(),
                why: "it has no games table or no migrations".into(),
            }),
        }
    }
    .await;
    pool.close().await;
    let mut copied = checked?;
    copied.bytes = std::fs::metadata(path)
        .map_err(io(format!("reading {}", path.display())))?
        .len();
    Ok(copied)
}

/// Syncs `file` and renames it to `dest`, syncing the folder: the copy is on the
/// disk under its name, or not at all.
fn put_in_place(file: &Path, dest: &Path) -> Result<(), BackupError> {
    File::open(file)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("syncing {}", file.display())))?;
    std::fs::rename(file, dest).map_err(io(format!(
        "renaming {} to {}",
        file.display(),
        dest.display()
    )))?;
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io(format!("syncing {}", dir.display())))?;
    }
    Ok(())
}

/// Copies the SQLite database `source`, live or not, to `dest` (`VACUUM INTO`):
/// a consistent copy of every change committed before the copy began.
///
/// # Errors
/// When `source` is missing or not a sound battaglie database, `dest` exists
/// (without `force`) or is `source`, or a file cannot be written.
pub async fn backup_sqlite(source: &Path, dest: &Path, force: bool) -> Result<Copied, BackupError> {
    if !source.exists() {
        return Err(BackupError::Missing(source.to_path_buf()));
    }
    may_replace(source, dest, force)?;
    let part = partial(dest);
    let _ = std::fs::remove_file(&part);
    let pool = read_only(source).await?;
    let copied = sqlx::query("VACUUM INTO $1")
        .bind(part.to_string_lossy().into_owned())
        .execute(&pool)
        .await;
    pool.close().await;
    let checked = match copied {
        Ok(_) => verify(&part).await,
        Err(e) => Err(BackupError::Store(e.into())),
    };
    let done = checked.and_then(|c| put_in_place(&part, dest).map(|()| c));
    if done.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    done
}

/// Whether a connection (a server's) has the database at `path` open: its lock
/// cannot be taken alone.
async fn in_use(path: &Path) -> Result<bool, BackupError> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .locking_mode(SqliteLockingMode::Exclusive)
        .busy_timeout(Duration::ZERO);
    let mut conn = options.connect().await.map_err(StoreError::from)?;
    let taken = sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await;
    let busy = match taken {
        Ok(_) => {
            sqlx::query("ROLLBACK")
                .execute(&mut conn)
                .await
                .map_err(StoreError::from)?;
            false
        }
        Err(sqlx::Error::Database(e)) if e.message().contains("locked") => true,
        Err(e) => return Err(StoreError::from(e).into()),
    };
    conn.close().await.map_err(StoreError::from)?;
    Ok(busy)
}

/// Gives `file` the owner and mode of `like` (the file it replaces, or the folder
/// it goes to): a restore run as root leaves a file the service's user can write.
#[cfg(unix)]
fn same_owner(file: &Path, like: &Path, mode: u32) -> Result<(), BackupError> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let want = std::fs::metadata(like).map_err(io(format!("reading {}", like.display())))?;
    let have = std::fs::metadata(file).map_err(io(format!("reading {}", file.display())))?;
    if (want.uid(), want.gid()) != (have.uid(), have.gid()) {
        std::os::unix::fs::chown(file, Some(want.uid()), Some(want.gid()))
            .map_err(io(format!("giving {} its owner", file.display())))?;
    }
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode))
        .map_err(io(format!("setting the mode of {}", file.display())))
}

#[cfg(not(unix))]
fn same_owner(_file: &Path, _like: &Path, _mode: u32) -> Result<(), BackupError> {
    Ok(())
}

/// Puts the backup `backup` in place of the SQLite database `target`, which no
/// server may have open; the target's `-wal` and `-shm` files go first.
///
/// # Errors
/// When the backup is missing, damaged, not a battaglie database or of a newer
/// release; when `target` exists (without `force`), is the backup itself or is
/// open in a server; when a file cannot be written.
pub async fn restore_sqlite(
    backup: &Path,
    target: &Path,
    force: bool,
) -> Result<Copied, BackupError> {
    if !backup.exists() {
        return Err(BackupError::Missing(backup.to_path_buf()));
    }
    let copied = verify(backup).await?;
    if !copied.schema.servable() {
        return Err(StoreError::Schema(copied.schema.describe()).into());
    }
    may_replace(backup, target, force)?;
    let existed = target.exists();
    if existed && in_use(target).await? {
        return Err(BackupError::InUse(target.to_path_buf()));
    }
    let part = partial(target);
    std::fs::copy(backup, &part).map_err(io(format!(
        "copying {} to {}",
        backup.display(),
        part.display()
    )))?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let owned = if existed {
        #[cfg(unix)]
        let mode = {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(target).map_or(0o640, |m| m.permissions().mode() & 0o777)
        };
        #[cfg(not(unix))]
        let mode = 0o640;
        same_owner(&part, target, mode)
    } else {
        same_owner(&part, &dir, 0o640)
    };
    let placed = owned.and_then(|()| {
        for suffix in ["-wal", "-shm"] {
            let stale = beside(target, suffix);
            match std::fs::remove_file(&stale) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io(format!("removing {}", stale.display()))(e)),
            }
        }
        put_in_place(&part, target)
    });
    if placed.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    placed.map(|()| copied)
}
