//! `battaglie --version` names the release and the commit it was built from.

use std::process::Command;

#[test]
fn version_names_the_release_and_the_commit_it_was_built_from() {
    let out = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .arg("--version")
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let expected_commit = std::env::var("BATTAGLIE_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| {
            // The checkout this test runs in is the one the binary was built from.
            let git = Command::new("git")
                .args(["rev-parse", "--short=12", "HEAD"])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .ok()?;
            git.status
                .success()
                .then(|| String::from_utf8_lossy(&git.stdout).trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned());
    assert_eq!(
        text.trim_end(),
        format!(
            "battaglie {} ({expected_commit})",
            env!("CARGO_PKG_VERSION")
        )
    );
}
