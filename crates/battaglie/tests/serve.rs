//! `battaglie serve` as a process: it prints its URL, serves the API and the UI, and
//! a `kill -9` loses no acknowledged move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(db: &Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("battaglie is running at http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server { child, addr }
}

/// One HTTP/1.1 request; returns the status and the body.
fn request(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let (head, rest) = response.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("no {key} in {json}"))
        + key.len()
        + 3;
    let rest = &json[start..];
    if let Some(quoted) = rest.strip_prefix('"') {
        &quoted[..quoted.find('"').unwrap()]
    } else {
        &rest[..rest.find([',', '}']).unwrap()]
    }
}

/// The first legal move of a state: the first notation in its `legal` groups.
fn first_legal(state: &str) -> String {
    let legal = &state[state.find("\"legal\":[").unwrap()..];
    let start = legal.find("\"notation\":\"").unwrap() + 12;
    legal[start..start + legal[start..].find('"').unwrap()].to_string()
}

#[test]
fn serve_survives_kill_9_without_losing_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");

    let server = start(&db);
    let (status, page) = request(&server.addr, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<html"));
    let (status, created) = request(
        &server.addr,
        "POST",
        "/api/games",
        Some(r#"{"scenario":"washita","mode":"hotseat"}"#),
    );
    assert_eq!(status, 201, "{created}");
    let id = field(&created, "id").to_string();
    let token = field(&created, "token").to_string();
    let mut bfen = String::new();
    for _ in 0..3 {
        let (_, state) = request(&server.addr, "GET", &format!("/api/games/{id}"), None);
        let mv = first_legal(&state);
        let (status, after) = request(
            &server.addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&format!(r#"{{"token":"{token}","move":"{mv}"}}"#)),
        );
        assert_eq!(status, 200, "{after}");
        bfen = field(&after, "bfen").to_string();
    }
    drop(server); // SIGKILL: no chance to clean up

    let server = start(&db);
    let (status, state) = request(&server.addr, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200, "{state}");
    assert_eq!(field(&state, "ply"), "3");
    assert_eq!(field(&state, "bfen"), bfen);
}

#[test]
fn trusting_forwarded_headers_names_the_balancers_and_refuses_the_old_switch() {
    for (args, var, says) in [
        (
            vec!["--trust-forwarded", "true"],
            None,
            "takes the balancers' addresses now",
        ),
        (
            vec![],
            Some("10.0.0.0/8, nginx"),
            "\"nginx\" is not an address or a CIDR block",
        ),
    ] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_battaglie"));
        cmd.args(["serve", "--addr", "127.0.0.1:0"]).args(&args);
        match var {
            Some(v) => cmd.env("BATTAGLIE_TRUST_FORWARDED", v),
            None => cmd.env_remove("BATTAGLIE_TRUST_FORWARDED"),
        };
        let out = cmd.stdin(Stdio::null()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} {var:?} started");
        assert!(err.contains(says), "{args:?} {var:?}: {err}");
    }
}
