//! The offline edition (`battaglie site DIR`): the front end written as a static site
//! that any static host serves, where the page answers its own requests in the browser
//! (`web/local/`: the rules and the computer in WebAssembly, the games in IndexedDB)
//! and a service worker keeps it working with the network off. The same files the
//! server serves, with two additions: `sw.js` at the root (a service worker serves
//! only the addresses below its own), listing the files to keep, and `index.html`
//! marked as the offline edition's (also written as `404.html`, which some hosts
//! answer for an address they do not have, such as a game's).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::http::{web_assets, Asset};

/// What [`write_site`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// Files written.
    pub files: usize,
    /// Their bytes in all.
    pub bytes: u64,
}

/// Why the site was not written.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The folder holds files already, and `--force` was not given.
    #[error("{} is not empty: choose a new or empty folder, or add --force to write the site over what is there", .0.display())]
    NotEmpty(PathBuf),
    /// The path is a file.
    #[error("{} is a file, not a folder: choose a folder for the site", .0.display())]
    NotAFolder(PathBuf),
    /// A file or folder could not be read or written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// The page's mark of the offline edition (read by `web/app.js`) and its web app manifest.
const OFFLINE_HEAD: &str = "<meta name=\"battaglie-edition\" content=\"offline\">\n\
<link rel=\"manifest\" href=\"/local/manifest.webmanifest\">\n</head>";

/// The service worker's template among the assets; written at the site's root.
const WORKER: &str = "local/sw.js";

/// Writes the offline edition into `dir` (created if missing). A folder that holds
/// anything is refused unless `force`, when the site's files replace theirs.
///
/// # Errors
/// [`SiteError`]: the folder is not empty (without `force`), is a file, or cannot
/// be written.
pub fn write_site(dir: &Path, force: bool) -> Result<Written, SiteError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Io { path, source }
    };
    if dir.is_file() {
        return Err(SiteError::NotAFolder(dir.to_path_buf()));
    }
    if dir.is_dir() && !force && std::fs::read_dir(dir).map_err(io(dir))?.next().is_some() {
        return Err(SiteError::NotEmpty(dir.to_path_buf()));
    }
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = Written { files: 0, bytes: 0 };
    let mut write = |name: &str, body: &[u8]| -> Result<(), SiteError> {
        write_inside(dir, name, body)?;
        written.files += 1;
        written.bytes += body.len() as u64;
        Ok(())
    };
    let assets = web_assets();
    for asset in assets {
        match asset.path {
            "index.html" => {
                let page = offline_page(asset);
                write("index.html", page.as_bytes())?;
                write("404.html", page.as_bytes())?;
            }
            path => write(path, asset.body)?,
        }
    }
    let lessons = lesson_files();
    for (name, body) in &lessons {
        write(name, body.as_bytes())?;
    }
    write("sw.js", service_worker(assets, &lessons).as_bytes())?;
    Ok(written)
}

/// Writes `body` as `dir`/`name` (`/`-separated) without following a symbolic link
/// inside `dir`: a link (or a file) where a folder goes, and a link where the file
/// goes, is replaced by the folder or the file itself, and what it pointed at is
/// left as it was. The file is created anew, never opened through what is there.
fn write_inside(dir: &Path, name: &str, body: &[u8]) -> Result<(), SiteError> {
    use std::io::Write;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Io { path, source }
    };
    let mut path = dir.to_path_buf();
    let mut parts = name.split('/').peekable();
    while let Some(part) = parts.next() {
        path.push(part);
        let found = match std::fs::symlink_metadata(&path) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io(&path)(e)),
        };
        let last = parts.peek().is_none();
        match found {
            Some(meta) if meta.is_dir() && !last => continue,
            // A link (to a folder too: `is_dir` is the link's own) or a file.
            Some(meta) if !meta.is_dir() => std::fs::remove_file(&path).map_err(io(&path))?,
            Some(_) => {
                return Err(io(&path)(std::io::Error::other(
                    "a folder is where the site has a file",
                )))
            }
            None => {}
        }
        if !last {
            std::fs::create_dir(&path).map_err(io(&path))?;
        }
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut file| file.write_all(body))
        .map_err(io(&path))
}

/// `index.html` marked as the offline edition's.
fn offline_page(index: &Asset) -> String {
    String::from_utf8_lossy(index.body).replacen("</head>", OFFLINE_HEAD, 1)
}

/// The lessons in each language (`learn-lessons-en.json`...), which the offline
/// edition's page reads where the site's answers `GET /api/learn/lessons/{lang}`.
fn lesson_files() -> Vec<(String, String)> {
    use battaglie_learn::{lessons, lessons_json_in, Lang};
    Lang::ALL
        .into_iter()
        .map(|lang| {
            (
                format!("learn-lessons-{}.json", lang.code()),
                lessons_json_in(lessons(), lang).to_string(),
            )
        })
        .collect()
}

/// The service worker with the files it keeps (every page's file but the players'
/// page, which needs the server, and the lessons) and a version that changes with
/// any of them.
fn service_worker(assets: &[Asset], lessons: &[(String, String)]) -> String {
    let template = assets
        .iter()
        .find(|a| a.path == WORKER)
        .map_or(String::new(), |a| {
            String::from_utf8_lossy(a.body).into_owned()
        });
    let kept: Vec<String> = assets
        .iter()
        .filter(|a| a.path != WORKER && a.path != "player.html")
        .map(|a| format!("/{}", a.path))
        .chain(lessons.iter().map(|(name, _)| format!("/{name}")))
        .collect();
    let mut hasher = std::hash::DefaultHasher::new();
    for a in assets {
        (a.path, a.body).hash(&mut hasher);
    }
    lessons.hash(&mut hasher);
    let files = kept
        .iter()
        .map(|f| format!("\"{f}\""))
        .collect::<Vec<_>>()
        .join(", ");
    template
        .replacen("%VERSION%", &format!("{:016x}", hasher.finish()), 1)
        .replacen("/* %FILES% */ []", &format!("[{files}]"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn the_site_holds_every_file_the_server_serves_and_a_service_worker_keeping_them() {
        let dir = folder();
        let site = dir.path().join("site");
        let written = write_site(&site, false).unwrap();
        for asset in web_assets() {
            assert!(site.join(asset.path).is_file(), "{} is missing", asset.path);
        }
        let worker = std::fs::read_to_string(site.join("sw.js")).unwrap();
        assert!(!worker.contains("%FILES%") && !worker.contains("%VERSION%"));
        for asset in web_assets().iter().filter(|a| a.path.ends_with(".js")) {
            if asset.path != WORKER && asset.path != "player.js" {
                assert!(
                    worker.contains(&format!("\"/{}\"", asset.path)),
                    "{} is not kept",
                    asset.path
                );
            }
        }
        let page = std::fs::read_to_string(site.join("index.html")).unwrap();
        assert!(page.contains("content=\"offline\"") && page.contains("rel=\"manifest\""));
        assert_eq!(
            std::fs::read_to_string(site.join("404.html")).unwrap(),
            page
        );
        for lang in ["en", "it", "fr", "de"] {
            let name = format!("learn-lessons-{lang}.json");
            let lessons: serde_json::Value =
                serde_json::from_slice(&std::fs::read(site.join(&name)).unwrap()).unwrap();
            assert!(lessons[0]["title"].is_string(), "{name}: one language");
            assert!(
                worker.contains(&format!("\"/{name}\"")),
                "{name} is not kept"
            );
        }
        assert_eq!(written.files, web_assets().len() + 2 + 4);
    }

    #[test]
    fn a_folder_with_files_is_not_written_over_without_force() {
        let dir = folder();
        std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        let refused = write_site(dir.path(), false).unwrap_err();
        assert!(matches!(refused, SiteError::NotEmpty(_)), "{refused}");
        assert!(refused.to_string().contains("--force"), "{refused}");
        assert!(!dir.path().join("index.html").exists());
        write_site(dir.path(), true).unwrap();
        assert!(dir.path().join("index.html").is_file());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
            "mine"
        );
    }

    #[cfg(unix)]
    #[test]
    fn force_replaces_links_inside_the_folder_and_never_writes_through_them() {
        let outside = folder();
        let theirs = outside.path().join("theirs.html");
        std::fs::write(&theirs, "not the site's").unwrap();
        let dir = folder();
        let site = dir.path();
        std::os::unix::fs::symlink(&theirs, site.join("index.html")).unwrap();
        std::os::unix::fs::symlink(outside.path(), site.join("local")).unwrap();
        write_site(site, true).unwrap();
        assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "not the site's");
        let left: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "nothing written into the linked folder");
        for name in ["index.html", "local"] {
            let meta = std::fs::symlink_metadata(site.join(name)).unwrap();
            assert!(!meta.file_type().is_symlink(), "{name} is still a link");
        }
        let page = std::fs::read_to_string(site.join("index.html")).unwrap();
        assert!(page.contains("content=\"offline\""));
        assert!(site.join("local/sw.js").is_file());
    }

    #[test]
    fn a_file_is_not_a_site_folder() {
        let dir = folder();
        let file = dir.path().join("site");
        std::fs::write(&file, "").unwrap();
        let refused = write_site(&file, true).unwrap_err();
        assert!(matches!(refused, SiteError::NotAFolder(_)), "{refused}");
    }
}
