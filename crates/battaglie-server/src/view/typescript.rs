//! The front end's TypeScript declarations of the JSON the server sends, generated
//! from the Rust types and committed in `web/types/`, where `tsc` checks the page
//! against them. The test fails when a committed file differs from what the types
//! generate; `BATTAGLIE_WRITE_TYPES=1 cargo test -p battaglie-server --lib typescript`
//! rewrites them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use battaglie_ai::analysis::Analysis;
use ts_rs::{Config, TypeVisitor, TS};

use super::{Replay, SeatsView};
use crate::accounts::{AccountView, Turns};
use crate::analysis::{AnalysisReport, ImportedAnalysis};
use crate::chat::{ChatHistory, ChatMuted};
use crate::game::snapshot::Snapshot;
use crate::game::{GameSocketMessage, RematchView};
use crate::http::ErrorCode;
use crate::lobby::{LobbyMessage, SeekWithdrawn, SoughtView};
use crate::notify::NotificationsView;
use crate::ratings::{Levels, PlayerGames, PlayerView, SeatTaken};
use crate::view::ScenarioView;

/// Every declaration by file name, the roots' and those of the types they use.
fn generated() -> BTreeMap<PathBuf, String> {
    // The JSON's integers (versions, times in milliseconds) are plain numbers.
    let cfg = Config::new().with_large_int("number");
    let mut files = Files {
        cfg: &cfg,
        out: BTreeMap::new(),
    };
    files.visit::<Snapshot<'static>>();
    files.visit::<ScenarioView>();
    files.visit::<Replay>();
    files.visit::<SeatsView>();
    files.visit::<ErrorCode>();
    files.visit::<ChatHistory>();
    files.visit::<ChatMuted>();
    files.visit::<LobbyMessage>();
    files.visit::<SoughtView>();
    files.visit::<SeekWithdrawn>();
    files.visit::<PlayerView>();
    files.visit::<PlayerGames>();
    files.visit::<SeatTaken>();
    files.visit::<Levels>();
    files.visit::<AccountView>();
    files.visit::<RematchView>();
    files.visit::<Turns>();
    files.visit::<NotificationsView>();
    files.visit::<GameSocketMessage<'static>>();
    files.visit::<Analysis>();
    files.visit::<AnalysisReport>();
    files.visit::<ImportedAnalysis>();
    files.out
}

struct Files<'a> {
    cfg: &'a Config,
    out: BTreeMap<PathBuf, String>,
}

impl TypeVisitor for Files<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let Some(path) = T::output_path() else {
            return;
        };
        if self.out.contains_key(&path) {
            return;
        }
        let text = T::export_to_string(self.cfg).expect("a declared type exports");
        self.out.insert(path, text);
        T::visit_dependencies(self);
    }
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web/types")
}

fn committed() -> BTreeMap<PathBuf, String> {
    let Ok(dir) = std::fs::read_dir(folder()) else {
        return BTreeMap::new();
    };
    dir.filter_map(|e| {
        let path = e.ok()?.path();
        let name = PathBuf::from(path.file_name()?);
        (path.extension()? == "ts").then(|| (name, std::fs::read_to_string(&path).unwrap()))
    })
    .collect()
}

#[test]
fn the_committed_typescript_declarations_match_the_rust_types() {
    let generated = generated();
    if std::env::var_os("BATTAGLIE_WRITE_TYPES").is_some() {
        std::fs::create_dir_all(folder()).unwrap();
        for stale in committed().keys().filter(|f| !generated.contains_key(*f)) {
            std::fs::remove_file(folder().join(stale)).unwrap();
        }
        for (file, text) in &generated {
            std::fs::write(folder().join(file), text).unwrap();
        }
    }
    let committed = committed();
    for (file, text) in &generated {
        assert_eq!(
            committed.get(file),
            Some(text),
            "web/types/{} is not what the Rust types generate: rerun this test with BATTAGLIE_WRITE_TYPES=1",
            file.display()
        );
    }
    for file in committed.keys() {
        assert!(
            generated.contains_key(file),
            "web/types/{} is generated from no Rust type: remove it",
            file.display()
        );
    }
}
