//! Two `battaglie serve` processes on one PostgreSQL database and a NATS bus: a
//! node killed with SIGKILL in the middle of a game, twenty times, and the game
//! goes on through the other node with every acknowledged move kept; the whole
//! site killed, and its clocks given the time it was down back.
//!
//! Needs `BATTAGLIE_TEST_POSTGRES` and `BATTAGLIE_TEST_NATS`, and the script test
//! nginx, NATS and PostgreSQL installed: marked ignored, run by `.ci/run` (which
//! starts them) with `-- --include-ignored`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long a dead node's claim on a computer turn lasts.
const LEASE_MS: u64 = 800;

/// The value of `var`, which `.ci/run` sets to the service's address.
fn service(var: &str) -> String {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => v,
        _ => panic!("{var} is not set: .ci/run starts the service and sets it"),
    }
}

/// A node process and the port it listens on.
struct Node {
    child: Child,
    port: u16,
}

impl Node {
    fn start(db: &str, bus: &str) -> Node {
        let mut child = Command::new(env!("CARGO_BIN_EXE_battaglie"))
            .args(["serve", "--addr", "127.0.0.1:0", "--no-rate-limit"])
            .args(["--db", db, "--bus", bus])
            .args(["--computer-lease-ms", &LEASE_MS.to_string()])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("battaglie serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("battaglie is running at http://127.0.0.1:")
            .and_then(|rest| rest.trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("the node said {line:?}"));
        Node { child, port }
    }

    /// SIGKILL: no shutdown, no goodbye.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        http(self.port, method, path, body)
    }

    fn state(&self, id: &str) -> Value {
        let (status, state) = self.http("GET", &format!("/api/games/{id}"), None);
        assert_eq!(status, 200, "{state}");
        state
    }
}

/// One HTTP/1.0 request to 127.0.0.1:`port`; the status and the JSON answer.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        tcp,
        "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The legal moves of a state: the notation of each move of its `legal` groups.
fn legal_moves(state: &Value) -> Vec<String> {
    let groups = state["legal"].as_array().expect("legal moves by source");
    groups
        .iter()
        .flat_map(|g| g["moves"].as_array().expect("moves").iter())
        .map(|m| m["notation"].as_str().expect("a notation").to_string())
        .collect()
}

/// The moves played in a (whole) state, from its numbered plies.
fn played(state: &Value) -> Vec<String> {
    let plies = state["plies"].as_array().expect("the plies played");
    plies
        .iter()
        .map(|p| p["notation"].as_str().expect("a notation").to_string())
        .collect()
}

/// A fresh schema `name` of the test database, so that the nodes see only this
/// test's games.
fn fresh_schema(base: &str, name: &str) -> String {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let schema = format!("{name}_{}", std::process::id());
    rt.block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(base).await.unwrap();
        sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .execute(&mut conn)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut conn)
            .await
            .unwrap();
    });
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-c%20search_path%3D{schema}")
}

/// Polls `node` until the game has at least `ply` moves and is the human's turn
/// (or is over with at least `over_ply` moves).
fn wait_for_turn(node: &Node, id: &str, ply: usize, over_ply: usize) -> Value {
    let deadline = Instant::now() + Duration::from_millis(LEASE_MS * 10 + 10_000);
    loop {
        let state = node.state(id);
        let moves = played(&state).len();
        let ongoing = state["status"] == "ongoing";
        if (ongoing && moves >= ply && state["to_move"] == "army")
            || (!ongoing && moves >= over_ply)
        {
            return state;
        }
        assert!(Instant::now() < deadline, "the game never went on: {state}");
        // A node in its own process tells a client nothing unasked: its game is
        // read again, often beside the wait.
        std::thread::sleep(Duration::from_millis(25));
    }
}

#[test]
#[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
fn a_node_killed_mid_game_twenty_times_loses_no_acknowledged_move() {
    let pg = service("BATTAGLIE_TEST_POSTGRES");
    let nats = service("BATTAGLIE_TEST_NATS");
    let db = fresh_schema(&pg, "kill");
    let mut nodes = [Some(Node::start(&db, &nats)), Some(Node::start(&db, &nats))];
    let new_game = |node: &Node| {
        let (status, created) = node.http(
            "POST",
            "/api/games",
            Some(&json!({"scenario": "washita", "mode": "computer", "side": "army", "level": 1})),
        );
        assert_eq!(status, 201, "{created}");
        (
            created["id"].as_str().unwrap().to_string(),
            created["token"].as_str().unwrap().to_string(),
        )
    };
    let (mut id, mut token) = new_game(nodes[0].as_ref().unwrap());
    let mut acknowledged: Vec<String> = Vec::new();
    let mut games = 1;
    for round in 0..20usize {
        let (victim, survivor) = (round % 2, 1 - round % 2);
        let on_victim = nodes[victim].as_ref().unwrap();
        let n = acknowledged.len();
        let mut state = wait_for_turn(on_victim, &id, n, n);
        if state["status"] != "ongoing" {
            (id, token) = new_game(on_victim);
            acknowledged.clear();
            games += 1;
            state = on_victim.state(&id);
        }
        // A human move through the victim, acknowledged, then the victim killed:
        // just after the acknowledgement (the computer's turn claimed there), or a
        // little later (perhaps in its search, perhaps after its reply).
        let before = played(&state).len();
        let legal = legal_moves(&state);
        let mv = legal[round % legal.len()].clone();
        let (status, after) = on_victim.http(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"token": token, "move": mv})),
        );
        assert_eq!(status, 200, "round {round}: {after}");
        acknowledged = played(&after);
        // (The answer may already hold the computer's reply.)
        assert_eq!(acknowledged.get(before), Some(&mv));
        if round % 4 == 3 {
            // Not a wait: the kill lands at a point of the computer's turn that
            // varies from round to round, which no event of the node could name.
            std::thread::sleep(Duration::from_millis(5 * round as u64));
        }
        nodes[victim].take().unwrap().kill();

        // The game goes on through the other node: every acknowledged move is
        // there, and the computer replies (taking the dead node's turn over), if
        // the answer did not already hold its reply.
        let on_survivor = nodes[survivor].as_ref().unwrap();
        let state = wait_for_turn(on_survivor, &id, before + 2, before + 1);
        let stored = played(&state);
        assert_eq!(
            stored[..acknowledged.len()],
            acknowledged[..],
            "round {round}: an acknowledged move was lost"
        );
        acknowledged = stored;
        nodes[victim] = Some(Node::start(&db, &nats));
    }
    eprintln!("20 kills over {games} game(s)");
}

#[test]
#[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
fn the_whole_site_killed_gives_its_clocks_the_time_it_was_down_back() {
    let pg = service("BATTAGLIE_TEST_POSTGRES");
    let nats = service("BATTAGLIE_TEST_NATS");
    let db = fresh_schema(&pg, "outage");
    let nodes = [Node::start(&db, &nats), Node::start(&db, &nats)];
    let (status, created) = nodes[0].http(
        "POST",
        "/api/games",
        Some(&json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "1+0"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    // The Army's first move starts the clock: the Indians' minute runs.
    let mv = legal_moves(&nodes[0].state(id))[0].clone();
    let (status, answer) = nodes[0].http(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"token": token, "move": mv})),
    );
    assert_eq!(status, 200, "{answer}");
    let before = nodes[1].state(id)["clock"]["indians_ms"].as_u64().unwrap();
    let read = Instant::now();
    // Every node killed; the site stays down for longer than a node takes to
    // notice another gone (three seconds), then one node comes back.
    let [a, b] = nodes;
    a.kill();
    b.kill();
    let up_before = read.elapsed();
    // Not a wait: the outage itself, the real time the nodes' own clocks see go
    // by (they run in processes of their own, on the system's clock).
    std::thread::sleep(Duration::from_secs(5));
    let started = Instant::now();
    let back = Node::start(&db, &nats);
    let state = back.state(id);
    let up_after = started.elapsed();
    assert_eq!(state["status"], "ongoing", "{state}");
    let after = state["clock"]["indians_ms"].as_u64().unwrap();
    // Only the time some node was up may be charged: the five seconds down are not.
    let up = u64::try_from((up_before + up_after).as_millis()).unwrap();
    assert!(
        before.saturating_sub(after) <= up,
        "the Indians had {before} ms, {after} ms after the outage; the site was up {up} ms"
    );
}

/// Runs `sql` in the database `db` (a URL with its schema).
fn run_sql(db: &str, sql: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
        sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
    });
}

/// A rolling upgrade, its pieces with this build standing for both releases: the
/// nodes still running serve on while a newer release migrates the database (a
/// column added to the games, as migrations do), and a node of the older release
/// that restarts meanwhile says in one line what happened and what to do.
#[test]
#[ignore = "needs NATS and PostgreSQL (BATTAGLIE_TEST_NATS, BATTAGLIE_TEST_POSTGRES)"]
fn old_nodes_serve_on_through_a_newer_release_s_migration_and_a_restarted_one_says_why_not() {
    let pg = service("BATTAGLIE_TEST_POSTGRES");
    let nats = service("BATTAGLIE_TEST_NATS");
    let db = fresh_schema(&pg, "upgrade");
    let nodes = [Node::start(&db, &nats), Node::start(&db, &nats)];
    let (status, created) = nodes[0].http(
        "POST",
        "/api/games",
        Some(&json!({"scenario": "washita", "mode": "hotseat"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut plies = 0;
    let play = |plies: &mut usize| {
        for node in &nodes {
            let state = node.state(id);
            assert_eq!(played(&state).len(), *plies, "{state}");
            let mv = &legal_moves(&state)[0];
            let (status, answer) = node.http(
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&json!({"token": token, "move": mv})),
            );
            assert_eq!(status, 200, "{answer}");
            *plies += 1;
        }
    };
    play(&mut plies);
    // What a newer release's migration does: a column, and its row.
    run_sql(
        &db,
        "ALTER TABLE games ADD COLUMN upgrade_note TEXT; \
         ALTER TABLE seeks ADD COLUMN upgrade_note TEXT; \
         INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from the future', true, '\\x00', 0);",
    );
    play(&mut plies);
    play(&mut plies);
    // An old node restarted now cannot run on the newer schema: it says so, once.
    let out = Command::new(env!("CARGO_BIN_EXE_battaglie"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            &db,
            "--bus",
            &nats,
        ])
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said.matches("a newer release of battaglie migrated this database")
            .count(),
        1,
        "{said}"
    );
    assert!(said.contains("9999 (from the future)"), "{said}");
}

/// `scripts/cluster` with this build's binary: PostgreSQL, NATS, two nodes and
/// nginx; a game played through the balancer, node 1 killed in the middle, the
/// game finished through the balancer, and `down` stopping everything.
#[test]
#[ignore = "needs nginx, NATS and PostgreSQL installed"]
fn the_cluster_script_serves_games_through_nginx_and_survives_a_node_killed() {
    let tools = ["nginx", "nats-server", "pg_ctl"];
    let found = |tool: &str| {
        std::env::var("PATH")
            .unwrap_or_default()
            .split(':')
            .chain(["/usr/sbin"])
            .any(|d| std::path::Path::new(d).join(tool).exists())
            || (tool == "pg_ctl" && std::path::Path::new("/usr/lib/postgresql").exists())
    };
    if let Some(missing) = tools.iter().find(|t| !found(t)) {
        panic!("{missing} is not installed: .ci/run installs it");
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let script = root.join("scripts/cluster");
    // As root, PostgreSQL runs as its own user: a private folder shuts it out, and
    // the script says so rather than initdb's bare "Permission denied".
    if Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let out = Command::new("bash")
            .arg(&script)
            .args(["up", dir.path().join("site").to_str().unwrap()])
            .env("BATTAGLIE_BIN", env!("CARGO_BIN_EXE_battaglie"))
            .env("NATS_PORT", "15150")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(said.contains("cannot enter"), "{said}");
        std::fs::remove_dir_all(dir.path().join("site")).unwrap();
    }
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let cluster = |args: &[&str]| {
        let out = Command::new("bash")
            .arg(&script)
            .args(args)
            .env("BATTAGLIE_BIN", env!("CARGO_BIN_EXE_battaglie"))
            .env("PORT", "18880")
            .env("NATS_PORT", "15150")
            // The game is played in a burst; the limits have their own tests.
            .env("NODE_ARGS", "--no-rate-limit")
            .env(
                "PATH",
                format!("{}:/usr/sbin", std::env::var("PATH").unwrap_or_default()),
            )
            .stderr(Stdio::inherit())
            .output()
            .unwrap();
        assert!(out.status.success(), "scripts/cluster {args:?} failed");
        String::from_utf8(out.stdout).unwrap()
    };
    let site = dir.path().join("site");
    let site = site.to_str().unwrap();
    let url = cluster(&["up", site]);
    struct Down<'a>(&'a dyn Fn(&[&str]) -> String, &'a str);
    impl Drop for Down<'_> {
        fn drop(&mut self) {
            (self.0)(&["down", self.1]);
        }
    }
    let _down = Down(&cluster, site);
    let port: u16 = url
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|_| panic!("the cluster said {url:?}"));
    let (status, page) = {
        let mut tcp = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(tcp, "GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut answer = String::new();
        tcp.read_to_string(&mut answer).unwrap();
        (answer[9..12].to_string(), answer)
    };
    assert_eq!(status, "200", "{page}");
    let (status, created) = http(
        port,
        "POST",
        "/api/games",
        Some(&json!({"scenario": "washita", "mode": "hotseat"})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut plies = 0;
    for i in 0..400 {
        if i == 10 {
            cluster(&["kill", site, "1"]);
        }
        let (status, state) = http(port, "GET", &format!("/api/games/{id}"), None);
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["ply"], plies, "every acknowledged move is there");
        if state["status"] != "ongoing" {
            break;
        }
        let mv = &legal_moves(&state)[0];
        let (status, answer) = http(
            port,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"token": token, "move": mv})),
        );
        assert_eq!(status, 200, "move {i} through the balancer: {answer}");
        plies += 1;
    }
    assert!(plies > 10, "the game went on after the kill");
    drop(_down);
    let nginx_said = std::fs::read_to_string(format!("{site}/nginx-error.log")).unwrap();
    assert!(!nginx_said.contains("setrlimit"), "{nginx_said}");
    assert!(
        !std::path::Path::new(&format!("{site}/nginx")).exists(),
        "down leaves nginx's world-writable folder"
    );
}
