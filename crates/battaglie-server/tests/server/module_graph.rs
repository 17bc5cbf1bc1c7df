//! The server's top-level modules (`src/<module>` and `src/<module>.rs`) and the
//! `crate::` paths between them: no import cycle appears that is not already
//! known, and the features' routers are named in `router.rs` alone.
//!
//! The known cycles are the debt of the features still joined through `Games`,
//! the store's batch writer and the edge's error and socket code (issue 55,
//! items 1, 2, 4 and 8): [`KNOWN`] lists each import that closes one. A change
//! that removes one fails here until it is struck from the list, so that it
//! cannot come back unnoticed; a new one fails until it is removed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The imports `from>to` that lie on a cycle today.
const KNOWN: &str = "accounts>game accounts>http accounts>node accounts>ratings accounts>store \
    analysis>game analysis>http analysis>store bus>store chat>accounts chat>bus chat>game \
    chat>http chat>node chat>store game>accounts game>bus game>chat game>http game>lobby \
    game>node game>notify game>presence game>ratings game>store game>view http>accounts \
    http>chat http>game http>node http>store http>view lobby>accounts \
    lobby>game lobby>http lobby>node lobby>notify lobby>presence lobby>store node>bus \
    node>store notify>accounts notify>http notify>node notify>store presence>bus \
    presence>game presence>node presence>store ratings>accounts ratings>game ratings>http \
    ratings>node ratings>store ratings>view store>game store>presence view>accounts \
    view>analysis view>chat view>game view>http view>lobby view>notify \
    view>ratings";

/// Every `.rs` file under `dir`, with its path from `src/`.
pub(crate) fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// The source without its line comments (doc comments name paths too).
pub(crate) fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names of the paths after each `crate::` in `code`: `crate::a::b`
/// gives `a`, `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut part) = (0, String::new());
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(first_name(&part));
                        part.clear();
                        continue;
                    }
                    _ => {}
                }
                part.push(c);
            }
            names.push(first_name(&part));
        } else {
            names.push(first_name(rest));
        }
    }
    names
}

fn first_name(path: &str) -> String {
    path.trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The top-level module of the file `name` (`game/repo.rs`: `game`).
fn module_of(name: &str) -> String {
    let first = name.split('/').next().unwrap();
    first.strip_suffix(".rs").unwrap_or(first).to_string()
}

/// Each top-level module's imports of the others, with the files that make them.
fn graph() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|(name, _)| module_of(name))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (name, text) in &files {
        let from = module_of(name);
        if !modules.contains(&from) {
            continue;
        }
        for to in crate_paths(&code(text)) {
            if to != from && modules.contains(&to) {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(name.clone());
            }
        }
    }
    graph
}

/// The modules `from` reaches.
fn reached(
    graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
    from: &str,
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut next = vec![from.to_string()];
    while let Some(m) = next.pop() {
        for to in graph.get(&m).into_iter().flat_map(|e| e.keys()) {
            if seen.insert(to.clone()) {
                next.push(to.clone());
            }
        }
    }
    seen
}

#[test]
fn the_servers_modules_gain_no_import_cycle() {
    let graph = graph();
    assert!(graph.len() > 10, "the modules were not found: {graph:?}");
    let mut cyclic = BTreeMap::new();
    for (from, imports) in &graph {
        for (to, files) in imports {
            if reached(&graph, to).contains(from) {
                cyclic.insert(format!("{from}>{to}"), files.clone());
            }
        }
    }
    let known: BTreeSet<&str> = KNOWN.split_whitespace().collect();
    let new: Vec<String> = cyclic
        .iter()
        .filter(|(edge, _)| !known.contains(edge.as_str()))
        .map(|(edge, files)| format!("{edge} (in {files:?})"))
        .collect();
    assert!(
        new.is_empty(),
        "new imports close a cycle between the server's modules: {new:?}"
    );
    let gone: Vec<&&str> = known.iter().filter(|e| !cyclic.contains_key(**e)).collect();
    assert!(
        gone.is_empty(),
        "these imports no longer close a cycle: strike them from KNOWN so they stay gone: {gone:?}"
    );
}

#[test]
fn the_features_routers_are_assembled_in_the_router_alone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let naming: Vec<&str> = files
        .iter()
        .filter(|(name, text)| name != "router.rs" && code(text).contains("::routes::router("))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        naming.is_empty(),
        "a feature's router is merged outside router.rs: {naming:?}"
    );
}

#[test]
fn the_accounts_and_the_notifications_import_one_way() {
    let graph = graph();
    let imports = |from: &str, to: &str| graph.get(from).is_some_and(|e| e.contains_key(to));
    assert!(
        imports("notify", "accounts"),
        "the graph lost notify's imports"
    );
    assert!(
        !imports("accounts", "notify"),
        "accounts imports notify again: {:?}",
        graph["accounts"].get("notify")
    );
    assert!(
        !graph.contains_key("throttle"),
        "a top-level throttle module is back"
    );
}
