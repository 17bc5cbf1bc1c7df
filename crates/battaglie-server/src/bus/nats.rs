//! The NATS transport: one subject, every node publishing and subscribed.

use futures_util::StreamExt;
use tokio::sync::mpsc;

use super::credentials::Credentials;
use super::{BusError, Change, Heard, Note, Outgoing, BATCH};

/// The subject every change is published on.
const SUBJECT: &str = "battaglie.changes";

/// The subject of the lobby's events.
const LOBBY_SUBJECT: &str = "battaglie.lobby";

/// The subject of the notes (chat, rematch).
const NOTE_SUBJECT: &str = "battaglie.notes";

/// Connects to `urls` and starts the sending and hearing tasks.
pub(super) async fn start(
    urls: &str,
    shown: &str,
    mut outgoing: mpsc::UnboundedReceiver<Outgoing>,
    heard: mpsc::UnboundedSender<Heard>,
) -> Result<(), BusError> {
    let gaps = heard.clone();
    let mut options = async_nats::ConnectOptions::new();
    if let Some(credentials) = Credentials::of(urls) {
        options = credentials.apply(options);
    }
    let client = options
        .connection_timeout(std::time::Duration::from_secs(5))
        .event_callback(move |event| {
            let gaps = gaps.clone();
            async move {
                match event {
                    // Back after a disconnection: what was said meanwhile is lost.
                    async_nats::Event::Connected => {
                        tracing::info!("the NATS bus is back");
                        let _ = gaps.send(Heard::Gap);
                    }
                    async_nats::Event::Disconnected => {
                        tracing::warn!("lost the NATS bus; reconnecting");
                    }
                    other => tracing::debug!(event = %other, "NATS"),
                }
            }
        })
        .connect(urls)
        .await
        .map_err(|cause| BusError::NatsConnect {
            location: shown.to_string(),
            cause,
        })?;
    let changes = client
        .subscribe(SUBJECT)
        .await
        .map_err(BusError::NatsSubscribe)?;
    let lobby = client
        .subscribe(LOBBY_SUBJECT)
        .await
        .map_err(BusError::NatsSubscribe)?;
    let chat = client
        .subscribe(NOTE_SUBJECT)
        .await
        .map_err(BusError::NatsSubscribe)?;
    let mut subscriber =
        futures_util::stream::select(futures_util::stream::select(changes, lobby), chat);
    tokio::spawn(async move {
        while let Some(message) = subscriber.next().await {
            let Ok(text) = std::str::from_utf8(&message.payload) else {
                tracing::warn!("a bus message that is not UTF-8 was ignored");
                continue;
            };
            if message.subject.as_str() == LOBBY_SUBJECT {
                if heard.send(Heard::Lobby(text.to_string())).is_err() {
                    return;
                }
                continue;
            }
            if message.subject.as_str() == NOTE_SUBJECT {
                match text.parse::<Note>() {
                    Ok(note) => {
                        if heard.send(Heard::Note(note)).is_err() {
                            return;
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "ignored"),
                }
                continue;
            }
            match text.parse::<Change>() {
                Ok(change) => {
                    if heard.send(Heard::Change(change)).is_err() {
                        return;
                    }
                }
                Err(e) => tracing::warn!(error = %e, "ignored"),
            }
        }
    });
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while outgoing.recv_many(&mut batch, BATCH).await > 0 {
            for out in batch.drain(..) {
                let (subject, text) = match out {
                    Outgoing::Change(change) => (SUBJECT, change.to_string()),
                    Outgoing::Lobby(event) => (LOBBY_SUBJECT, event),
                    Outgoing::Note(note) => (NOTE_SUBJECT, note.to_string()),
                };
                if let Err(e) = client.publish(subject, text.into()).await {
                    tracing::warn!(error = %e, "cannot publish on the NATS bus");
                }
            }
            // Sent at once rather than when the client's buffer fills.
            if let Err(e) = client.flush().await {
                tracing::warn!(error = %e, "cannot flush the NATS bus");
            }
        }
    });
    Ok(())
}
