//! Local sinks for notifications: an SMTP server on 127.0.0.1 speaking enough
//! real SMTP for a client (EHLO, MAIL FROM, RCPT TO, DATA, QUIT) that keeps
//! every mail it got, and an HTTP server that keeps every webhook it got.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use battaglie_server::notify::{NotifySettings, SmtpSettings, SmtpTls};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How long a wait for what a sink gets may last before the test fails rather
/// than hangs: the waits themselves are woken by each arrival.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// Waits until what `seen` holds satisfies `done`, woken at each change;
/// answers it then. Fails the test, printing what arrived, after [`HANG_GUARD`].
async fn wait_until<T: Clone + std::fmt::Debug>(
    seen: &watch::Sender<T>,
    what: &str,
    done: impl Fn(&T) -> bool,
) -> T {
    let mut changes = seen.subscribe();
    let waited = tokio::time::timeout(HANG_GUARD, changes.wait_for(|now| done(now))).await;
    match waited {
        Ok(Ok(now)) => now.clone(),
        _ => panic!("never got {what}; got {:?}", seen.borrow()),
    }
}

/// Waits until `node`'s notifications' sender has sent everything due now: two
/// passes through the outbox that end after this call (the first may have begun
/// before).
pub async fn sent_what_is_due(node: &battaglie_server::AppState) {
    let mut passes = node.notifications.sender_passes();
    let after = *passes.borrow_and_update() + 2;
    let settled = passes.wait_for(|&n| n >= after);
    tokio::time::timeout(HANG_GUARD, settled)
        .await
        .expect("the notifications' sender stopped")
        .expect("the notifications' sender is gone");
}

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
    mails: Arc<watch::Sender<Vec<Mail>>>,
    hang: Arc<watch::Sender<bool>>,
    /// How many connections it holds unanswered now.
    held: Arc<watch::Sender<usize>>,
}

impl SmtpSink {
    /// Starts one.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sink = SmtpSink {
            port: listener.local_addr().unwrap().port(),
            mails: Arc::new(watch::Sender::new(Vec::new())),
            hang: Arc::new(watch::Sender::new(false)),
            held: Arc::new(watch::Sender::new(0)),
        };
        let serving = sink.clone();
        tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                tokio::spawn(serving.clone().session(tcp));
            }
        });
        sink
    }

    /// While `on`, new connections are accepted and held unanswered (until it
    /// is turned off).
    pub fn hang(&self, on: bool) {
        self.hang.send_replace(on);
    }

    /// How many connections it holds unanswered now (while hanging).
    pub fn held(&self) -> usize {
        *self.held.borrow()
    }

    /// Waits until it holds a connection unanswered (while hanging).
    pub async fn wait_held(&self) {
        wait_until(&self.held, "a connection held", |&held| held > 0).await;
    }

    /// The mails received so far.
    pub fn mails(&self) -> Vec<Mail> {
        self.mails.borrow().clone()
    }

    /// Forgets the mails received so far.
    pub fn clear(&self) {
        self.mails.send_modify(Vec::clear);
    }

    /// Waits until at least `n` mails arrived; answers them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Mail> {
        wait_until(&self.mails, &format!("{n} mails"), |mails| mails.len() >= n).await
    }

    /// Waits until the mails received satisfy `done` (`what` names it if they
    /// never do); answers them all.
    pub async fn wait_until(&self, what: &str, done: impl Fn(&[Mail]) -> bool) -> Vec<Mail> {
        wait_until(&self.mails, what, |mails| done(mails)).await
    }

    async fn session(self, tcp: tokio::net::TcpStream) {
        if *self.hang.borrow() {
            // Holds the connection open, saying nothing, until told to stop
            // hanging (or the test has long failed).
            self.held.send_modify(|held| *held += 1);
            let mut hang = self.hang.subscribe();
            let _ = tokio::time::timeout(HANG_GUARD, hang.wait_for(|&on| !on)).await;
            self.held.send_modify(|held| *held -= 1);
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
                let mail = Mail {
                    to: std::mem::take(&mut to),
                    data,
                };
                self.mails.send_modify(|mails| mails.push(mail));
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
    hooks: Arc<watch::Sender<Vec<Hook>>>,
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
            hooks: Arc::new(watch::Sender::new(Vec::new())),
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
        self.hooks.borrow().clone()
    }

    /// Waits until at least `n` calls were kept; answers them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Hook> {
        wait_until(&self.hooks, &format!("{n} webhooks"), |hooks| {
            hooks.len() >= n
        })
        .await
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
    let hook = Hook {
        path: format!("/{path}"),
        body: body.0,
    };
    sink.hooks.send_modify(|hooks| hooks.push(hook));
    StatusCode::NO_CONTENT
}
