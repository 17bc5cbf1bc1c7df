//! What `battaglie serve` logs, as a host reads it: JSON lines only when asked
//! for JSON (the "running at" line one of them), no colour codes off a terminal,
//! the version, every migration applied, the schema and where `/metrics` is at
//! start, and one line per request with its method, path (never its query),
//! status and time, refusals included, a failure naming its method and path.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

/// A server whose standard error is read line by line; standard output is a pipe
/// (not a terminal).
struct Logged {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Logged {
    fn start(db: &Path, format: &str) -> Logged {
        let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
            .args(["serve", "--addr", "127.0.0.1:0", "--drain-seconds", "0"])
            .args(["--log-format", format, "--db"])
            .arg(db)
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("battaglie serve starts");
        let (send, lines) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Logged {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// The lines until (and with) the first that contains `text`.
    fn until(&mut self, text: &str) -> &str {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no log line with {text:?}: {:#?}", self.seen));
            self.seen.push(line);
            if self.seen.last().unwrap().contains(text) {
                return self.seen.last().unwrap();
            }
        }
    }

    /// SIGKILL, then every line written.
    fn stop(mut self) -> Vec<String> {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.seen.extend(self.lines.iter());
        self.seen
    }
}

/// One HTTP/1.0 request to `addr`, with `headers`; the status.
fn http(addr: &str, method: &str, path: &str, headers: &str, body: &str) -> u16 {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        tcp,
        "{method} {path} HTTP/1.0\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         {headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    answer[9..12].parse().unwrap()
}

fn rename_games_table(db: &Path) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        let url = format!("sqlite:{}", db.display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("ALTER TABLE games RENAME TO games_gone")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    });
}

#[test]
fn json_logs_say_what_started_and_every_request_in_json_lines_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("battaglie.sqlite");
    let mut server = Logged::start(&db, "json");
    let running: Value = serde_json::from_str(server.until("battaglie is running at")).unwrap();
    let url = running["fields"]["url"].as_str().expect("the url, a field");
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();

    assert_eq!(http(&addr, "GET", "/api/scenarios", "", ""), 200);
    let secret = "0123456789abcdef0123456789abcdef";
    http(
        &addr,
        "GET",
        &format!("/api/games/g1?token={secret}"),
        "",
        "",
    );
    let foreign = "Origin: https://evil.example\r\n";
    let body = r#"{"scenario":"washita","mode":"hotseat"}"#;
    assert_eq!(http(&addr, "POST", "/api/games", foreign, body), 403);
    rename_games_table(&db);
    let failed = http(&addr, "POST", "/api/games", "", body);
    assert_eq!(failed / 100, 5, "a game stored in no table");
    server.until("failed");
    let lines = server.stop();

    let json: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l:?}")))
        .collect();
    let message = |v: &Value| v["fields"]["message"].as_str().unwrap_or("").to_string();
    let with =
        |text: &str| -> Vec<&Value> { json.iter().filter(|v| message(v).contains(text)).collect() };
    let started = with("starting");
    assert_eq!(started.len(), 1, "{lines:#?}");
    assert!(started[0]["fields"]["version"]
        .as_str()
        .is_some_and(|v| v.starts_with(env!("CARGO_PKG_VERSION"))));
    let migrations = std::fs::read_dir(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../battaglie-server/migrations/sqlite"),
    )
    .unwrap()
    .count();
    assert_eq!(with("applied migration").len(), migrations, "{lines:#?}");
    assert!(with("database ready, at migration ")[0]["fields"]["migration"].is_i64());
    assert!(!with("/metrics served").is_empty(), "{lines:#?}");

    let request = |method: &str, path: &str, status: u64| {
        json.iter().any(|v| {
            v["fields"]["method"] == method
                && v["fields"]["path"] == path
                && v["fields"]["status"] == status
                && v["fields"]["ms"].is_f64()
        })
    };
    assert!(request("GET", "/api/scenarios", 200), "{lines:#?}");
    assert!(request("GET", "/api/games/g1", 404), "{lines:#?}");
    assert!(request("POST", "/api/games", 403), "{lines:#?}");
    assert!(
        request("POST", "/api/games", u64::from(failed)),
        "{lines:#?}"
    );
    // The failure's cause names the request it failed.
    let cause = with("request failed");
    assert!(
        cause
            .iter()
            .any(|v| v["span"]["path"] == "/api/games" && v["span"]["method"] == "POST"),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains(secret)), "{lines:#?}");
}

#[test]
fn text_logs_written_to_a_file_carry_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Logged::start(&dir.path().join("battaglie.sqlite"), "text");
    server.until("database ready");
    let lines = server.stop();
    assert!(!lines.iter().any(|l| l.contains('\u{1b}')), "{lines:#?}");
}
