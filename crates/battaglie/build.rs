//! Names the commit the program was built from, for `battaglie --version`: the
//! `BATTAGLIE_COMMIT` variable, else the git checkout being built, else the commit
//! `cargo package` recorded in the published crate, else "unknown".

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=BATTAGLIE_COMMIT");
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let commit = std::env::var("BATTAGLIE_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| from_git(&dir))
        .or_else(|| from_package(&dir))
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=BATTAGLIE_COMMIT={commit}");
}

/// The output of `git ARGS` in `dir`, trimmed, when git runs and succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}

/// The checkout's commit, with the files that change when it does watched.
fn from_git(dir: &Path) -> Option<String> {
    let commit = git(dir, &["rev-parse", "--short=12", "HEAD"])?;
    let mut watched = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    watched.extend(git(dir, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        let path = git(
            dir,
            &["rev-parse", "--path-format=absolute", "--git-path", &name],
        );
        // A path that does not exist would make cargo run this script on every build.
        if let Some(path) = path.filter(|p| Path::new(p).exists()) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    Some(commit)
}

/// The commit `cargo package` wrote into `.cargo_vcs_info.json`.
fn from_package(dir: &Path) -> Option<String> {
    let info = std::fs::read_to_string(dir.join(".cargo_vcs_info.json")).ok()?;
    let rest = &info[info.find("\"sha1\"")? + "\"sha1\"".len()..];
    let start = rest.find('"')? + 1;
    let sha: String = rest[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    (sha.len() >= 12).then(|| sha[..12].to_owned())
}
