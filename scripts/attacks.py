#!/usr/bin/env python3
"""The attacks of issue 53 against one `battaglie serve --memory-mib 128` on the
loopback, each bounded in count and time, printing what the node held: resident
memory, threads, work queued, messages pushed, answers.

    python3 scripts/attacks.py PATH/TO/battaglie [ATTACK...]

ATTACK: frames silence analyses actions logins (all by default). Takes about
three minutes, `silence` most of it (the idle time is 60 s).
"""
import base64
import http.client
import json
import os
import random
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

PORT = None
PID = None


def status(field):
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def rss_mib():
    return status("VmRSS") / 1024


class Peak:
    """Samples the server's resident memory and threads every 50 ms while alive."""

    def __init__(self):
        self.rss, self.threads, self.stop = 0.0, 0, False
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        while not self.stop:
            self.rss = max(self.rss, rss_mib())
            self.threads = max(self.threads, status("Threads"))
            time.sleep(0.05)

    def end(self):
        self.stop = True
        self.t.join()
        return self


def request(method, path, body=None, source="127.0.0.1", headers=None, raw=False):
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30, source_address=(source, 0))
    h = {"Content-Type": "application/json"} if body is not None else {}
    h.update(headers or {})
    data = body if raw or body is None else json.dumps(body)
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    text = r.read()
    c.close()
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    headers = dict(r.getheaders())
    # Every cookie the answer sets, as a request sends them back.
    headers["cookies"] = "; ".join(
        v.split(";")[0] for k, v in r.getheaders() if k.lower() == "set-cookie")
    return r.status, headers, value


def legal(state):
    return [m["notation"] for g in state["legal"] for m in g["moves"]]


def upgrade(path, source):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", PORT))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            raise OSError("closed during the upgrade")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise OSError(head.split(b"\r\n")[0].decode())
    return s


def is_open(s):
    s.setblocking(False)
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False


def frames():
    """40 lobby sockets from one address, each sending 15 MiB of one unfinished frame."""
    before = rss_mib()
    peak = Peak()
    socks = [upgrade("/api/lobby/ws", "127.0.0.3") for _ in range(40)]
    header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", 15 << 20) + b"\x01\x02\x03\x04"
    sent = 0
    deadline = time.monotonic() + 30
    for s in socks:
        s.settimeout(1)
        try:
            s.sendall(header)
            chunk = b"a" * 65536
            for _ in range(240):  # 15 MiB
                if time.monotonic() > deadline:
                    break
                s.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass
    time.sleep(2)
    still = sum(is_open(s) for s in socks)
    peak.end()
    for s in socks:
        s.close()
    print(f"frames: 40 lobby sockets, 15 MiB frames announced, {sent / 2**20:.1f} MiB taken in; "
          f"{still} still open 2 s later; memory {before:.0f} -> peak {peak.rss:.0f} MiB")


def silence():
    """40 lobby and 24 game sockets opened and never answering: when they close."""
    _, _, game = request("POST", "/api/games", {"scenario": "washita", "mode": "online"})
    socks = [upgrade("/api/lobby/ws", "127.0.0.4") for _ in range(40)]
    socks += [upgrade(f"/api/games/{game['id']}/ws", "127.0.0.5") for _ in range(24)]
    start = time.monotonic()
    closed_at = {}
    while len(closed_at) < len(socks) and time.monotonic() - start < 130:
        for i, s in enumerate(socks):
            if i not in closed_at and not is_open(s):
                closed_at[i] = time.monotonic() - start
        time.sleep(0.5)
    for s in socks:
        s.close()
    times = sorted(closed_at.values())
    first = f"{times[0]:.1f}" if times else "-"
    last = f"{times[-1]:.1f}" if times else "-"
    print(f"silence: {len(socks)} silent sockets; {len(times)} closed by the server, "
          f"between {first} and {last} s; {len(socks) - len(times)} open after 130 s")


def long_record(plies):
    """A hotseat game of random legal moves, as long as it lasts up to `plies`: its record."""
    best = None
    for _ in range(20):
        _, _, g = request("POST", "/api/games", {"scenario": "washita", "mode": "hotseat"})
        state, n = g["state"], 0
        while n < plies and state["status"] != "over":
            mv = random.choice(legal(state))
            # The moves come from many addresses, each within its own limit.
            st, _, state = request("POST", f"/api/games/{g['id']}/moves",
                                   {"token": g["token"], "move": mv},
                                   source=f"127.0.9.{1 + n % 250}")
            assert st == 200, state
            n += 1
        _, _, record = request("GET", f"/api/games/{g['id']}/record?format=json")
        if best is None or len(record["moves"]) > len(best["moves"]):
            best = record
        if n >= plies:
            break
    return best


def computer_reply():
    """A level-1 computer game: seconds from the human's move to the computer's."""
    _, _, g = request("POST", "/api/games",
                      {"scenario": "washita", "mode": "computer", "side": "army", "level": 1},
                      source="127.0.0.8")
    state = g["state"]
    while state.get("thinking"):
        _, _, state = request("GET", f"/api/games/{g['id']}")
    start = time.monotonic()
    _, _, state = request("POST", f"/api/games/{g['id']}/moves",
                          {"token": g["token"], "move": legal(state)[0]}, source="127.0.0.8")
    ply = state["ply"]
    while state["ply"] == ply and time.monotonic() - start < 30:
        _, _, state = request("GET", f"/api/games/{g['id']}")
    return time.monotonic() - start


def analyses():
    """30 imports of a long record at once from one address through /api/records/analysis."""
    random.seed(53)
    record = json.dumps(long_record(1551))
    plies = len(json.loads(record)["moves"])
    calm = sorted(computer_reply() for _ in range(5))
    before = rss_mib()
    peak = Peak()
    answers = []

    def one():
        answers.append(request("POST", "/api/records/analysis", record, source="127.0.0.6",
                               raw=True))

    threads = [threading.Thread(target=one) for _ in range(30)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - started
    busy = sorted(computer_reply() for _ in range(5))
    other = request("POST", "/api/records/analysis", record, source="127.0.0.7", raw=True)[0]
    peak.end()
    taken = [a for a in answers if a[0] == 201]
    refused = [a for a in answers if a[0] == 429]
    retry = sorted({int(a[1].get("retry-after", a[1].get("Retry-After", 0))) for a in refused})
    print(f"analyses: 30 records of {plies} moves in {took:.1f} s: {len(taken)} taken "
          f"({len(taken) * plies} positions queued), {len(refused)} refused 429 "
          f"(Retry-After {retry} s); another address then: {other}; threads peak "
          f"{peak.threads}; memory {before:.0f} -> peak {peak.rss:.0f} MiB; level-1 replies "
          f"{', '.join(f'{t:.2f}' for t in calm)} s calm, "
          f"{', '.join(f'{t:.2f}' for t in busy)} s while analysing")


def actions():
    """A seat toggling its take-back offer for 5 s before 100 spectators; mutes toggled 1,000 times."""
    _, _, g = request("POST", "/api/games", {"scenario": "washita", "mode": "online"})
    gid, army, indians = g["id"], g["token"], g["other_token"]
    for token in (army, indians):
        _, _, state = request("GET", f"/api/games/{gid}")
        request("POST", f"/api/games/{gid}/moves", {"token": token, "move": legal(state)[0]})
    spectators = [upgrade(f"/api/games/{gid}/ws", f"127.0.1.{1 + i // 25}") for i in range(100)]
    pushed = [0]
    stop = [False]

    def count(s):
        s.settimeout(0.2)
        while not stop[0]:
            try:
                data = s.recv(1 << 16)
            except socket.timeout:
                continue
            except OSError:
                return
            if not data:
                return
            pushed[0] += data.count(b'"type":"state"')

    readers = [threading.Thread(target=count, args=(s,), daemon=True) for s in spectators]
    for t in readers:
        t.start()
    time.sleep(1)
    pushed[0] = 0
    answers = {}
    end = time.monotonic() + 5
    i = 0
    while time.monotonic() < end:
        action = "offer" if i % 2 == 0 else "withdraw"
        st, _, _ = request("POST", f"/api/games/{gid}/takeback", {"token": army, "action": action},
                           source="127.0.0.10")
        answers[st] = answers.get(st, 0) + 1
        i += 1
    time.sleep(1)
    stop[0] = True
    for s in spectators:
        s.close()
    print(f"take-backs: {i} toggles in 5 s: {answers.get(200, 0)} stored, "
          f"{answers.get(429, 0)} refused 429; {pushed[0]} states pushed to 100 spectators")

    st, headers, body = request("POST", "/api/account/register",
                                {"name": "Mute_Toggler", "password": "seventh cavalry 1868"},
                                source="127.0.0.11")
    h = {"Cookie": headers["cookies"], "X-CSRF-Token": body["csrf"]}
    answers = {}
    start = time.monotonic()
    for i in range(1000):
        st, _, _ = request("POST", f"/api/games/{gid}/chat/mute",
                           {"author": "army", "muted": i % 2 == 0}, source="127.0.0.11", headers=h)
        answers[st] = answers.get(st, 0) + 1
    print(f"mutes: 1,000 toggles in {time.monotonic() - start:.1f} s: {answers.get(200, 0)} stored, "
          f"{answers.get(429, 0)} refused 429 (answers {answers})")


def logins():
    """20 wrong logins at once from one address, then 100 from five."""
    request("POST", "/api/account/register", {"name": "Owner_One", "password": "seventh cavalry 1868"},
            source="127.0.0.12")
    for n, sources in ((20, ["127.0.2.1"]), (100, [f"127.0.3.{i}" for i in range(1, 6)])):
        before = rss_mib()
        peak = Peak()
        answers = []

        def one(source):
            answers.append(request("POST", "/api/account/login",
                                   {"name": "Owner_One", "password": "wrong password 1"},
                                   source=source)[0])

        threads = [threading.Thread(target=one, args=(sources[i % len(sources)],))
                   for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        peak.end()
        counts = {s: answers.count(s) for s in sorted(set(answers))}
        print(f"logins: {n} wrong at once from {len(sources)} address(es): {counts}; "
              f"memory {before:.0f} -> peak {peak.rss:.0f} MiB")


def main():
    global PORT, PID
    program = sys.argv[1]
    chosen = sys.argv[2:] or ["frames", "silence", "analyses", "actions", "logins"]
    data = tempfile.mkdtemp()
    env = dict(os.environ, BATTAGLIE_DATA_DIR=data, RUST_LOG="warn")
    server = subprocess.Popen(
        [program, "serve", "--addr", "127.0.0.1:0", "--memory-mib", "128",
         "--db", os.path.join(data, "s.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    PID = server.pid
    try:
        PORT = int(re.search(r":(\d+)/", server.stdout.readline().decode()).group(1))
        print(f"server: memory {rss_mib():.0f} MiB, {status('Threads')} threads at start")
        for name in chosen:
            globals()[name]()
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
