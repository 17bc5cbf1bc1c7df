//! The batch writer's answers: what each write says, and what is stored.

use std::sync::{Arc, Mutex};

use battaglie_rules::{Outcome, Side, WinReason};
use futures_util::future::BoxFuture;

use crate::game::{ComputerTurn, GameRow, GamesRepo, Mode, Seat};
use crate::presence::{PresenceRepo, SocketStamp};
use crate::store::{ChangeFollowers, GameChange, Store, StoreError, Tx};

/// Notes the ends it is told of.
#[derive(Default)]
struct Ends(Mutex<Vec<(String, Option<Outcome>)>>);

impl ChangeFollowers for Ends {
    fn follow<'a>(
        &'a self,
        _tx: &'a mut Tx<'_>,
        change: GameChange<'a>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let seen = (change.id.to_string(), change.ended);
        self.0.lock().unwrap().push(seen);
        Box::pin(async { Ok(()) })
    }
}

fn games(store: &Store) -> GamesRepo {
    GamesRepo::new(store.clone())
}

fn followers() -> Arc<dyn ChangeFollowers> {
    Arc::new(Ends::default())
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        scenario: "washita".into(),
        mode: Mode::Online,
        computer_side: None,
        computer_level: None,
        army_token: Some(format!("{id}-a")),
        indians_token: Some(format!("{id}-i")),
        start: None,
        draw_offer: None,
        takeback_offer: None,
        outcome: None,
        created_at: 0,
        updated_at: 0,
        revision: 0,
        clock: None,
        aborted_at: None,
    }
}

async fn append(store: &Store, id: &str, revision: i64, ply: usize) -> Result<i64, StoreError> {
    let mv = format!("move {ply}");
    games(store)
        .append_move(
            (id, revision),
            (ply, &mv, None),
            None,
            (1, 1, None),
            ComputerTurn::Untouched,
            &followers(),
        )
        .await
}

#[tokio::test]
async fn moves_of_many_games_sent_at_once_are_all_stored_in_order() {
    let store = Store::memory().await.unwrap();
    let ids: Vec<String> = (0..40).map(|i| format!("g{i}")).collect();
    for id in &ids {
        games(&store).insert_game(&row(id), &[]).await.unwrap();
    }
    for ply in 1..=5 {
        let sent = ids.iter().map(|id| append(&store, id, ply as i64 - 1, ply));
        for answer in futures_util::future::join_all(sent).await {
            assert_eq!(answer.unwrap(), ply as i64, "the new revision");
        }
    }
    for id in &ids {
        let (game, moves) = games(&store).load(id).await.unwrap().unwrap();
        assert_eq!(game.revision, 5);
        assert_eq!(
            moves,
            (1..=5).map(|p| format!("move {p}")).collect::<Vec<_>>()
        );
    }
}

#[tokio::test]
async fn a_stale_move_in_a_batch_is_a_conflict_and_the_others_stand() {
    let store = Store::memory().await.unwrap();
    for id in ["a", "b", "c"] {
        games(&store).insert_game(&row(id), &[]).await.unwrap();
    }
    let (a, stale, ply_taken) = tokio::join!(
        append(&store, "a", 0, 1),
        append(&store, "b", 7, 1),
        async {
            append(&store, "c", 0, 1).await.unwrap();
            // The same ply again at the new revision: the ply is taken.
            append(&store, "c", 1, 1).await
        },
    );
    assert_eq!(a.unwrap(), 1);
    assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
    assert!(
        matches!(ply_taken, Err(StoreError::Conflict)),
        "{ply_taken:?}"
    );
    let (b, moves) = games(&store).load("b").await.unwrap().unwrap();
    assert_eq!(
        (b.revision, moves.len()),
        (0, 0),
        "nothing of the stale move"
    );
    let (c, moves) = games(&store).load("c").await.unwrap().unwrap();
    assert_eq!(
        (c.revision, moves.len()),
        (1, 1),
        "the refused move undone whole"
    );
}

#[tokio::test]
async fn two_moves_of_one_game_in_one_batch_are_stored_one_after_the_other() {
    let store = Store::memory().await.unwrap();
    games(&store).insert_game(&row("g"), &[]).await.unwrap();
    // Both wait for the writer together: the second names the revision the
    // first makes, and a stale third names the first's again.
    let (first, second, stale) = tokio::join!(
        append(&store, "g", 0, 1),
        append(&store, "g", 1, 2),
        append(&store, "g", 1, 2),
    );
    assert_eq!((first.unwrap(), second.unwrap()), (1, 2));
    assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
    let (game, moves) = games(&store).load("g").await.unwrap().unwrap();
    assert_eq!(game.revision, 2);
    assert_eq!(moves, ["move 1", "move 2"]);
}

#[tokio::test]
async fn a_socket_of_no_game_is_refused_alone_and_the_batch_around_it_stands() {
    let store = Store::memory().await.unwrap();
    games(&store).insert_game(&row("g"), &[]).await.unwrap();
    let at = SocketStamp {
        node: "local",
        now: 10,
        wall: 20,
    };
    let sockets = PresenceRepo::new(store.clone());
    sockets
        .socket_opened("s1", "g", Seat::Army, at)
        .await
        .unwrap();
    let (moved, opened, no_game, closed) = tokio::join!(
        append(&store, "g", 0, 1),
        sockets.socket_opened("s2", "g", Seat::Indians, at),
        sockets.socket_opened("s3", "nowhere", Seat::Army, at),
        sockets.socket_closed("s1", 30),
    );
    assert_eq!(moved.unwrap(), 1);
    opened.unwrap();
    assert!(no_game.is_err(), "a socket of a game that does not exist");
    closed.unwrap();
    let mut seen: Vec<(&str, i64, Option<i64>)> = sockets
        .sockets_of("g")
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.seat.into(), r.seen_at, r.closed_at))
        .collect();
    seen.sort();
    assert_eq!(seen, [("army", 30, Some(30)), ("indians", 10, None)]);
    assert_eq!(
        games(&store).load("g").await.unwrap().unwrap().1,
        ["move 1"]
    );
}

#[tokio::test]
async fn a_game_ended_in_a_batch_keeps_its_result_and_the_others_go_on() {
    let store = Store::memory().await.unwrap();
    for id in ["won", "going"] {
        games(&store).insert_game(&row(id), &[]).await.unwrap();
    }
    let ends = Arc::new(Ends::default());
    let followers: Arc<dyn ChangeFollowers> = ends.clone();
    let repo = games(&store);
    let (won, going) = tokio::join!(
        repo.append_move(
            ("won", 0),
            (1, "last move", None),
            Some(Outcome::Win(Side::Army, WinReason::Elimination)),
            (5, 5000, None),
            ComputerTurn::Untouched,
            &followers,
        ),
        append(&store, "going", 0, 1),
    );
    assert_eq!((won.unwrap(), going.unwrap()), (1, 1));
    let (game, moves) = games(&store).load("won").await.unwrap().unwrap();
    assert_eq!(
        (game.outcome, game.updated_at),
        (Some(Outcome::Win(Side::Army, WinReason::Elimination)), 5)
    );
    assert_eq!(moves, ["last move"]);
    assert!(
        ends.0.lock().unwrap().is_empty(),
        "no account holds a seat of the game that ended: nothing to rate or tell"
    );
    let (game, _) = games(&store).load("going").await.unwrap().unwrap();
    assert_eq!(game.outcome, None);
}

#[tokio::test]
async fn a_new_game_whose_id_is_taken_is_refused_alone() {
    let store = Store::memory().await.unwrap();
    games(&store).insert_game(&row("taken"), &[]).await.unwrap();
    let mut again = row("taken");
    again.scenario = "apache".into();
    let new_game = row("new");
    let repo = games(&store);
    let (new, taken) = tokio::join!(
        repo.insert_game(&new_game, &[]),
        repo.insert_game(&again, &[]),
    );
    new.unwrap();
    assert!(matches!(taken, Err(StoreError::Conflict)), "{taken:?}");
    let (game, _) = games(&store).load("taken").await.unwrap().unwrap();
    assert_eq!(game.scenario, "washita", "the first game stands");
    assert_eq!(
        games(&store).load("new").await.unwrap().unwrap().0,
        new_game
    );
}

/// Plays move `ply` of game `id` through `batcher`.
async fn play(batcher: &super::Batcher, id: &str, ply: i64) {
    let mv = super::NewMove {
        id: id.into(),
        revision: ply - 1,
        ply,
        mv: format!("move {ply}"),
        now: 1,
        clock: None,
        flag_at: None,
        position_key: None,
        result: None,
        reason: None,
    };
    assert_eq!(batcher.append(mv, None).await.unwrap(), ply);
}

/// The pages in the write-ahead log (copying them back too).
async fn log_pages(pool: &sqlx::SqlitePool) -> i64 {
    crate::store::log::copy_back(pool).await.unwrap()
}

#[tokio::test]
async fn the_writer_starts_a_full_log_over_at_its_next_batch() {
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};

    let dir = tempfile::tempdir().unwrap();
    let options = SqliteConnectOptions::new()
        .filename(dir.path().join("log.sqlite"))
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .pragma("wal_autocheckpoint", "0");
    let connect = || SqlitePoolOptions::new().max_connections(1);
    let write = connect().connect_with(options.clone()).await.unwrap();
    crate::store::SQLITE_MIGRATOR.run(&write).await.unwrap();
    let checkpointer = connect().connect_with(options).await.unwrap();
    let full = crate::store::log::LogFull::default();
    let batcher = super::Batcher::start(write, full.clone());
    batcher.insert_game((&row("g")).into()).await.unwrap();
    play(&batcher, "g", 1).await;
    log_pages(&checkpointer).await;
    // Everything was copied back, so the next move starts the log over: the
    // log then holds one move's pages.
    play(&batcher, "g", 2).await;
    let one_move = log_pages(&checkpointer).await;
    // Past the bound, the checkpointer raises the flag (it starts the log over
    // itself only at four times the bound).
    crate::store::log::checkpoint(&checkpointer, &full, one_move - 1)
        .await
        .unwrap();
    // The next move starts the log over again; the writer then copies it back,
    // so the move after that starts the log over too. Had the writer not copied
    // it, the log would hold both moves.
    play(&batcher, "g", 3).await;
    play(&batcher, "g", 4).await;
    assert_eq!(
        log_pages(&checkpointer).await,
        one_move,
        "the log holds the last move alone"
    );
}

#[tokio::test]
async fn a_game_ends_once_even_when_a_second_end_is_written_at_its_revision() {
    let store = Store::memory().await.unwrap();
    games(&store).insert_game(&row("g"), &[]).await.unwrap();
    let ends = Arc::new(Ends::default());
    let won = Outcome::Win(Side::Army, WinReason::Resignation);
    let revision = games(&store)
        .set_status(("g", 0), Some(won), None, (1, 1), None, &*ends)
        .await
        .unwrap();
    let lost = Outcome::Win(Side::Indians, WinReason::Resignation);
    let second = games(&store)
        .set_status(("g", revision), Some(lost), None, (2, 2), None, &*ends)
        .await;
    assert!(matches!(second, Err(StoreError::Conflict)), "{second:?}");
    assert_eq!(
        games(&store).load("g").await.unwrap().unwrap().0.outcome,
        Some(won)
    );
    assert_eq!(
        *ends.0.lock().unwrap(),
        [("g".to_string(), Some(won))],
        "the end is followed (rated, told) once"
    );
}
