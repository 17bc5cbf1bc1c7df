//! Local sinks for notifications: an SMTP server on 127.0.0.1 speaking enough
//! real SMTP for a client (EHLO, MAIL FROM, RCPT TO, DATA, QUIT) that keeps
//! every mail it got, and an HTTP server that keeps every webhook it got.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use battaglie_server::notify::{NotifySettings, SmtpSettings, SmtpTls};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One mail as the sink got it.
#[derive(Debug, Clone)]
pub struct Mail {
    /// The envelope's recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The message, headers and body, as sent (dot-stuffing undone).
    pub data: String,
}

impl Mail {
    /// The text with quoted-printable soft breaks and `=3D` undone (enough to
    /// find links in it).
    pub fn text(&self) -> String {
        self.data.replace("=\r\n", "").replace("=3D", "=")
    }

    /// The value of header `name`, unfolded.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next()?;
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let prefix = format!("{}:", name.to_ascii_lowercase());
        unfolded
            .split("\r\n")
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
            .map(|l| l[prefix.len()..].trim().to_string())
    }
}

/// An SMTP server on a free loopback port.
#[derive(Clone)]
pub struct SmtpSink {
    /// Its port.
    pub port: u16,
    mails: Arc<Mutex<Vec<Mail>>>,
    hang: Arc<AtomicBool>,
    /// How many connections it holds unanswered now.
    held: Arc<AtomicUsize>,
}

impl SmtpSink {
    /// Starts one.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sink = SmtpSink {
            port: listener.local_addr().unwrap().port(),
            mails: Arc::default(),
            hang: Arc::default(),
            held: Arc::default(),
        };
        let serving = sink.clone();
        tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                tokio::spawn(serving.clone().session(tcp));
            }
        });
        sink
    }

    /// While `on`, new connections are accepted and never answered.
    pub fn hang(&self, on: bool) {
        self.hang.store(on, Ordering::SeqCst);
    }

    /// How many connections it holds unanswered now (while hanging).
    pub fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }

    /// The mails received so far.
    pub fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }

    /// Forgets the mails received so far.
    pub fn clear(&self) {
        self.mails.lock().unwrap().clear();
    }

    /// Waits (up to ten seconds) until at least `n` mails arrived; answers them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Mail> {
        let start = Instant::now();
        loop {
            let mails = self.mails();
            if mails.len() >= n {
                return mails;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "expected {n} mails, got {}: {mails:?}",
                mails.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn session(self, tcp: tokio::net::TcpStream) {
        if self.hang.load(Ordering::SeqCst) {
            // Holds the connection open, saying nothing.
            self.held.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_secs(120)).await;
            self.held.fetch_sub(1, Ordering::SeqCst);
            drop(tcp);
            return;
        }
        let (read, mut write) = tcp.into_split();
        let mut lines = BufReader::new(read).lines();
        if write.write_all(b"220 sink ESMTP\r\n").await.is_err() {
            return;
        }
        let mut to = Vec::new();
        while let Ok(Some(line)) = lines.next_line().await {
            let upper = line.to_ascii_uppercase();
            let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                b"250-sink\r\n250 8BITMIME\r\n"
            } else if upper.starts_with("MAIL FROM") {
                to.clear();
                b"250 OK\r\n"
            } else if upper.starts_with("RCPT TO") {
                let addr = line[8..]
                    .trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>');
                to.push(addr.to_string());
                b"250 OK\r\n"
            } else if upper == "DATA" {
                if write.write_all(b"354 go ahead\r\n").await.is_err() {
                    return;
                }
                let mut data = String::new();
                while let Ok(Some(l)) = lines.next_line().await {
                    if l == "." {
                        break;
                    }
                    data.push_str(l.strip_prefix('.').unwrap_or(&l));
                    data.push_str("\r\n");
                }
                self.mails.lock().unwrap().push(Mail {
                    to: std::mem::take(&mut to),
                    data,
                });
                b"250 queued\r\n"
            } else if upper == "QUIT" {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            } else {
                b"250 OK\r\n"
            };
            if write.write_all(reply).await.is_err() {
                return;
            }
        }
    }
}

/// A node's notification settings: mail to `smtp` (none without it), links to
/// `site`, webhooks allowed to loopback sinks.
pub fn notify_settings(smtp: Option<&SmtpSink>, site: &str) -> NotifySettings {
    NotifySettings {
        smtp: smtp.map(|s| SmtpSettings {
            host: "127.0.0.1".into(),
            port: s.port,
            user: None,
            password: None,
            from: "battaglie <noreply@battaglie.example>".into(),
            tls: SmtpTls::None,
        }),
        public_url: site.into(),
        loopback_webhooks: true,
    }
}

/// One webhook call as the sink got it.
#[derive(Debug, Clone)]
pub struct Hook {
    /// The path it was posted to.
    pub path: String,
    /// Its JSON body.
    pub body: Value,
}

/// An HTTP server on a free loopback port: `POST /{path}` is kept and answered
/// 204, or 500 while failures are asked for.
#[derive(Clone)]
pub struct HookSink {
    /// Where it listens (`http://127.0.0.1:PORT`).
    pub base: String,
    hooks: Arc<Mutex<Vec<Hook>>>,
    failures: Arc<AtomicUsize>,
    /// Every call, failed ones included.
    calls: Arc<AtomicUsize>,
}

impl HookSink {
    /// Starts one.
    pub async fn start() -> HookSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sink = HookSink {
            base: format!("http://{}", listener.local_addr().unwrap()),
            hooks: Arc::default(),
            failures: Arc::default(),
            calls: Arc::default(),
        };
        let app = axum::Router::new()
            .route("/{*path}", axum::routing::post(receive))
            .with_state(sink.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        sink
    }

    /// The next `n` calls answer 500.
    pub fn fail_next(&self, n: usize) {
        self.failures.store(n, Ordering::SeqCst);
    }

    /// How many calls arrived, failed ones included.
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }

    /// The calls answered 204 so far.
    pub fn hooks(&self) -> Vec<Hook> {
        self.hooks.lock().unwrap().clone()
    }

    /// Waits (up to ten seconds) until at least `n` calls were kept.
    pub async fn wait_for(&self, n: usize) -> Vec<Hook> {
        let start = Instant::now();
        loop {
            let hooks = self.hooks();
            if hooks.len() >= n {
                return hooks;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "expected {n} webhooks, got {hooks:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn receive(
    State(sink): State<HookSink>,
    Path(path): Path<String>,
    body: axum::Json<Value>,
) -> StatusCode {
    sink.calls.fetch_add(1, Ordering::SeqCst);
    let failing = sink
        .failures
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok();
    if failing {
        return StatusCode::INTERNAL_SERVER_ERROR;
    }
    sink.hooks.lock().unwrap().push(Hook {
        path: format!("/{path}"),
        body: body.0,
    });
    StatusCode::NO_CONTENT
}
