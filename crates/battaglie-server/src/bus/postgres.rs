//! The PostgreSQL transport: `NOTIFY` on one channel of the node's database, and a
//! connection of its own that `LISTEN`s.

use sqlx::postgres::{PgListener, PgPoolOptions};
use tokio::sync::mpsc;

use super::{BusError, Change, Heard, Note, Outgoing, BATCH};

/// The notification channel (database-wide).
const CHANNEL: &str = "battaglie_changes";

/// The lobby's notification channel.
const LOBBY_CHANNEL: &str = "battaglie_lobby";

/// The notes' notification channel (chat, rematch).
const NOTE_CHANNEL: &str = "battaglie_notes";

/// Connects to `url` twice (a listener, a sender) and starts the tasks.
pub(super) async fn start(
    url: &str,
    shown: &str,
    mut outgoing: mpsc::UnboundedReceiver<Outgoing>,
    heard: mpsc::UnboundedSender<Heard>,
) -> Result<(), BusError> {
    let error = |cause| BusError::Postgres {
        location: shown.to_string(),
        cause,
    };
    let mut listener = PgListener::connect(url).await.map_err(error)?;
    listener
        .listen_all([CHANNEL, LOBBY_CHANNEL, NOTE_CHANNEL])
        .await
        .map_err(error)?;
    let sender = PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .map_err(error)?;
    tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(note)) if note.channel() == LOBBY_CHANNEL => {
                    if heard
                        .send(Heard::Lobby(note.payload().to_string()))
                        .is_err()
                    {
                        return;
                    }
                }
                Ok(Some(note)) if note.channel() == NOTE_CHANNEL => {
                    match note.payload().parse::<Note>() {
                        Ok(chat) => {
                            if heard.send(Heard::Note(chat)).is_err() {
                                return;
                            }
                        }
                        Err(e) => tracing::warn!(error = %e, "ignored"),
                    }
                }
                Ok(Some(note)) => match note.payload().parse::<Change>() {
                    Ok(change) => {
                        if heard.send(Heard::Change(change)).is_err() {
                            return;
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "ignored"),
                },
                // The connection was lost; the next call reconnects.
                Ok(None) => {
                    tracing::warn!("lost the PostgreSQL bus; reconnecting");
                    if heard.send(Heard::Gap).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the PostgreSQL bus failed; retrying");
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
            }
        }
    });
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while outgoing.recv_many(&mut batch, BATCH).await > 0 {
            let (channels, payloads): (Vec<&str>, Vec<String>) = batch
                .drain(..)
                .map(|out| match out {
                    Outgoing::Change(c) => (CHANNEL, c.to_string()),
                    Outgoing::Lobby(event) => (LOBBY_CHANNEL, event),
                    Outgoing::Note(note) => (NOTE_CHANNEL, note.to_string()),
                })
                .unzip();
            // One round trip for the whole batch; PostgreSQL keeps their order.
            if let Err(e) = sqlx::query(
                "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS t (c, p)",
            )
            .bind(&channels)
            .bind(&payloads)
            .execute(&sender)
            .await
            {
                tracing::warn!(error = %e, changes = payloads.len(), "cannot publish on the PostgreSQL bus");
            }
        }
    });
    Ok(())
}
