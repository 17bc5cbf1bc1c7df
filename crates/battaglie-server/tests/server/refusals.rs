//! Where an error's status is decided: in the edge's error type (`http/error.rs`) and
//! in each feature's `refusal.rs`, one `impl Refusal` per error enum, never in a
//! handler (issue 55, item 7).

use std::path::Path;

use super::module_graph::{code, sources};

/// The statuses of answers that are not refusals.
const NOT_REFUSALS: [&str; 5] = ["OK", "CREATED", "ACCEPTED", "NO_CONTENT", "NOT_MODIFIED"];

/// Answers outside the API's errors, each with a status of its own: the balancer's
/// readiness checks (plain text), the page's own "not found", and the empty answer of
/// a request that timed out.
const OUTSIDE_THE_API: [(&str, &str); 3] = [
    ("http/ops.rs", "SERVICE_UNAVAILABLE"),
    ("http/web.rs", "NOT_FOUND"),
    ("http/mod.rs", "REQUEST_TIMEOUT"),
];

fn may_decide_statuses(file: &str) -> bool {
    file == "http/error.rs" || file.ends_with("/refusal.rs")
}

/// The names after each `StatusCode::` in `code`.
fn statuses(code: &str) -> Vec<String> {
    code.match_indices("StatusCode::")
        .map(|(at, m)| {
            code[at + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

fn server_sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 50, "the sources were not found");
    files
}

#[test]
fn no_handler_chooses_an_error_status_by_hand() {
    let mut chosen = Vec::new();
    for (file, text) in server_sources() {
        if may_decide_statuses(&file) {
            continue;
        }
        for status in statuses(&code(&text)) {
            let allowed = NOT_REFUSALS.contains(&status.as_str())
                || OUTSIDE_THE_API.contains(&(file.as_str(), status.as_str()));
            if !allowed {
                chosen.push(format!("{file}: StatusCode::{status}"));
            }
        }
    }
    assert!(
        chosen.is_empty(),
        "an error's status is chosen outside its error enum's `impl Refusal` \
         (in the feature's refusal.rs): {chosen:?}"
    );
}

#[test]
fn every_error_reaches_the_api_through_its_refusal() {
    let bypass: Vec<String> = server_sources()
        .into_iter()
        .filter(|(file, text)| {
            !file.starts_with("http/") && code(text).contains("for Error {")
                || file.ends_with("/refusal.rs") && !code(text).contains("impl Refusal for ")
        })
        .map(|(file, _)| file)
        .collect();
    assert!(
        bypass.is_empty(),
        "a feature turns its errors into the API's error without `impl Refusal`, \
         or a refusal.rs holds something else: {bypass:?}"
    );
}
