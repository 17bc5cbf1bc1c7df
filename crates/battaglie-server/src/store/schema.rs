//! The database's schema against this build's migrations: which are applied,
//! which are still to run, and which a newer build applied. A node migrates with
//! a log line per migration, and refuses in one sentence a database a newer
//! build migrated; `battaglie db check` reports the same words without writing.

use sqlx::migrate::Migrator;

use super::{Pool, StoreError};

/// One migration, by number and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migration {
    /// Its number (the file's prefix).
    pub version: i64,
    /// Its name (the file's, words separated by spaces).
    pub description: String,
}

impl std::fmt::Display for Migration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.version, self.description)
    }
}

/// A database's schema, compared with this build's migrations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Schema {
    /// The migrations applied that this build knows, in order.
    pub applied: Vec<Migration>,
    /// This build's migrations not applied yet (a node of this build applies them).
    pub pending: Vec<Migration>,
    /// Migrations applied by a newer build, unknown to this one.
    pub newer: Vec<Migration>,
    /// Migrations applied with another text than this build's.
    pub changed: Vec<Migration>,
}

/// A list of migrations in words: `17 (node beats), 18 (rate buckets)`.
fn listed(migrations: &[Migration]) -> String {
    let words: Vec<String> = migrations.iter().map(ToString::to_string).collect();
    words.join(", ")
}

impl Schema {
    /// Whether a node of this build can serve the database (after migrating it).
    pub fn servable(&self) -> bool {
        self.newer.is_empty() && self.changed.is_empty()
    }

    /// The schema in one sentence, for a person.
    pub fn describe(&self) -> String {
        if !self.newer.is_empty() {
            return format!(
                "a newer release of battaglie migrated this database (migration {} unknown \
                 to this build, {}): run that release or a later one, or restore the backup \
                 taken before the upgrade (the deployment guide's \"Upgrades\")",
                listed(&self.newer),
                env!("CARGO_PKG_VERSION")
            );
        }
        if !self.changed.is_empty() {
            return format!(
                "migration {} of this database differs from this build's: it was migrated \
                 by another build; run that build, or restore a backup",
                listed(&self.changed)
            );
        }
        let at = self
            .applied
            .last()
            .map_or_else(|| "none".to_string(), |m| m.version.to_string());
        if self.pending.is_empty() {
            format!("the schema is this build's (migration {at})")
        } else if self.applied.is_empty() {
            "the database is empty: a node of this build creates its schema at start".into()
        } else {
            format!(
                "the schema is older than this build's (at migration {at}; to apply: {}): a \
                 node of this build applies them at start (back the database up first)",
                listed(&self.pending)
            )
        }
    }
}

/// A row of sqlx's migrations table.
type Row = (i64, String, Vec<u8>);

/// The schema of the database behind `pool` against `migrator`; reads only.
///
/// # Errors
/// When the database cannot be asked.
pub(crate) async fn read(pool: Pool<'_>, migrator: &Migrator) -> Result<Schema, StoreError> {
    const ROWS: &str = "SELECT version, description, checksum FROM _sqlx_migrations \
                        WHERE success ORDER BY version";
    let rows: Vec<Row> = match pool {
        Pool::Sqlite(pool) => {
            let exists: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' \
                 AND name = '_sqlx_migrations'",
            )
            .fetch_one(pool)
            .await?;
            if exists == 0 {
                Vec::new()
            } else {
                sqlx::query_as(ROWS).fetch_all(pool).await?
            }
        }
        Pool::Postgres(pool) => {
            let exists: bool =
                sqlx::query_scalar("SELECT to_regclass('_sqlx_migrations') IS NOT NULL")
                    .fetch_one(pool)
                    .await?;
            if exists {
                sqlx::query_as(ROWS).fetch_all(pool).await?
            } else {
                Vec::new()
            }
        }
    };
    Ok(compare(&rows, migrator))
}

fn compare(rows: &[Row], migrator: &Migrator) -> Schema {
    let mut schema = Schema::default();
    let known = || {
        migrator
            .iter()
            .filter(|m| m.migration_type.is_up_migration())
    };
    for (version, description, checksum) in rows {
        let migration = Migration {
            version: *version,
            description: description.clone(),
        };
        match known().find(|m| m.version == *version) {
            None => schema.newer.push(migration),
            Some(m) if *m.checksum != **checksum => schema.changed.push(migration),
            Some(_) => schema.applied.push(migration),
        }
    }
    schema.pending = known()
        .filter(|m| !rows.iter().any(|(v, ..)| *v == m.version))
        .map(|m| Migration {
            version: m.version,
            description: m.description.to_string(),
        })
        .collect();
    schema
}

/// Runs `migrator`'s pending migrations on `pool`, a log line for each; refuses a
/// database that a newer build migrated, saying so in one sentence.
///
/// # Errors
/// When the database is newer than this build, or a migration fails.
pub(crate) async fn migrate(pool: Pool<'_>, migrator: &Migrator) -> Result<Schema, StoreError> {
    let before = read(pool, migrator).await?;
    if !before.servable() {
        return Err(StoreError::Schema(before.describe()));
    }
    match pool {
        Pool::Sqlite(p) => migrator.run(p).await?,
        Pool::Postgres(p) => migrator.run(p).await?,
    }
    let after = read(pool, migrator).await?;
    for m in after.applied.iter().filter(|m| !before.applied.contains(m)) {
        tracing::info!(
            migration = m.version,
            name = %m.description,
            "applied migration {m} to the database"
        );
    }
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(versions: &[i64]) -> Vec<Row> {
        let migrator = &super::super::SQLITE_MIGRATOR;
        versions
            .iter()
            .map(|v| {
                let m = migrator.iter().find(|m| m.version == *v);
                (
                    *v,
                    m.map_or_else(|| "from the future".into(), |m| m.description.to_string()),
                    m.map_or_else(Vec::new, |m| m.checksum.to_vec()),
                )
            })
            .collect()
    }

    #[test]
    fn a_schema_missing_its_newest_migration_is_older_and_servable() {
        let migrator = &super::super::SQLITE_MIGRATOR;
        let all: Vec<i64> = migrator.iter().map(|m| m.version).collect();
        let schema = compare(&rows(&all[..all.len() - 1]), migrator);
        assert!(schema.servable());
        assert_eq!(schema.pending.len(), 1);
        assert!(schema.describe().contains("older than this build's"));
    }

    #[test]
    fn a_migration_unknown_to_this_build_is_named_as_a_newer_release() {
        let migrator = &super::super::SQLITE_MIGRATOR;
        let mut all: Vec<i64> = migrator.iter().map(|m| m.version).collect();
        all.push(9_999);
        let schema = compare(&rows(&all), migrator);
        assert!(!schema.servable());
        let words = schema.describe();
        assert!(words.contains("newer release"), "{words}");
        assert!(words.contains("9999 (from the future)"), "{words}");
        assert!(!words.contains('\n'), "one line: {words}");
    }
}
