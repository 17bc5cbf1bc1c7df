//! The accept loop: HTTP/1 connections with a time limit on a request's headers
//! and on silence, and a cap on the connections one address holds at once, so
//! that one client holding sockets open (slowloris) cannot take the node's file
//! descriptors from everyone else.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use super::per_address::{Held, PerAddress, Reserve};

/// How long connections may wait and how many one address may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Connections {
    /// How long a request's headers may take to arrive, counted from the end of
    /// the previous request on a kept-alive connection (a client that sends
    /// nothing is closed after this long).
    pub header_timeout: Duration,
    /// How long a connection may go without a byte either way before it is closed
    /// (a client that stops reading its answer, or trickles its body).
    pub idle_timeout: Duration,
    /// The most connections (WebSockets included) one address holds at once;
    /// `None`: no cap (a node behind a balancer sees one address for all).
    /// With a cap, the node also keeps the last quarter of the connections its
    /// file descriptors allow for addresses holding fewer than two.
    pub per_address: Option<usize>,
    /// The connections the node's file descriptors allow at once; `None`: as the
    /// system says at start (the process's limit on open files, less those open).
    pub descriptors: Option<usize>,
}

impl Default for Connections {
    /// 10 s for headers, 60 s of silence, 64 connections per address (a
    /// household's browsers, each with its few connections and sockets).
    fn default() -> Connections {
        Connections {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            per_address: Some(64),
            descriptors: None,
        }
    }
}

/// The address a request's connection came in on (the `Host` a browser reaching
/// the node directly names).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LocalAddr(pub SocketAddr);

/// What an address over its cap is answered before its connection closes.
const TOO_MANY: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\n\
content-length: 46\r\nconnection: close\r\n\r\ntoo many connections from your address at once\n";

/// How long the loop pauses after a failed accept (out of file descriptors):
/// short, so that the node takes connections again as soon as some close.
const ACCEPT_PAUSE: Duration = Duration::from_millis(20);

/// Serves `app` on `listener` until `shutdown` completes, then waits for the
/// connections in progress to finish their requests.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let reserve = limits
        .per_address
        .and(limits.descriptors.or_else(super::descriptors::connections))
        .map(Reserve::of);
    let counts = PerAddress::with_reserve(limits.per_address, reserve);
    let (stop, stopped) = tokio::sync::watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        // An IPv6 client counts as its /64 (`take` groups it).
        let Some(held) = counts.take(peer.ip()) else {
            // Best effort: a full send buffer only loses the explanation.
            let _ = tcp.try_write(TOO_MANY);
            continue;
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        tokio::spawn(connection(
            tcp,
            peer,
            held,
            app.clone(),
            limits,
            stopped.clone(),
        ));
    }
    drop(stopped);
    drop(listener);
    stop.send_replace(());
    // Each connection holds a receiver until its last request is answered.
    stop.closed().await;
}

async fn connection(
    tcp: TcpStream,
    peer: SocketAddr,
    held: Held,
    app: Router,
    limits: Connections,
    mut stopping: tokio::sync::watch::Receiver<()>,
) {
    let local = tcp.local_addr().ok().map(LocalAddr);
    let last = Arc::new(AtomicU64::new(0));
    let born = Instant::now();
    let io = TokioIo::new(Watched {
        tcp,
        last: last.clone(),
        born,
        _held: held,
    });
    let service = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        if let Some(local) = local {
            req.extensions_mut().insert(local);
        }
        tower::Service::call(&mut app.clone(), req)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let conn = builder.serve_connection(io, service).with_upgrades();
    tokio::pin!(conn);
    let mut tick = tokio::time::interval(limits.idle_timeout / 4);
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = stopping.changed() => conn.as_mut().graceful_shutdown(),
            _ = tick.tick() => {
                let quiet = born.elapsed().saturating_sub(Duration::from_millis(last.load(Ordering::Relaxed)));
                if quiet >= limits.idle_timeout {
                    return;
                }
            }
        }
    }
}

/// A connection's socket that notes when a byte last went either way.
struct Watched {
    tcp: TcpStream,
    /// Milliseconds from `born` to the last byte.
    last: Arc<AtomicU64>,
    born: Instant,
    _held: Held,
}

impl Watched {
    fn touch(&self) {
        let ms = u64::try_from(self.born.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(ms, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.tcp).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write(cx, data);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
