#!/usr/bin/env python3
"""Slowloris against one `battaglie serve` on the loopback, run under the open-file
limit a service gets by default (1,024): N sockets from 127.0.0.2 each send the
start of a request and nothing more, then /healthz is asked five times from
127.0.0.1 and its answer times printed.

    python3 scripts/slowloris.py PATH/TO/battaglie [N]     (N: 1100)
"""
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def main():
    program = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1100
    data = tempfile.mkdtemp()

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    env = dict(os.environ, BATTAGLIE_DATA_DIR=data, RUST_LOG="warn")
    server = subprocess.Popen(
        [program, "serve", "--addr", "127.0.0.1:0", "--db", os.path.join(data, "s.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, preexec_fn=limit)
    held = []
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline().decode()).group(1))
        # This side needs more than the server may have.
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, n + 256), hard))
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.2", 0))
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            held.append(s)
        times = []
        for _ in range(5):
            start = time.monotonic()
            c = socket.create_connection(("127.0.0.1", port), timeout=10)
            c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = c.recv(100)
            c.close()
            times.append((time.monotonic() - start) * 1000)
            if not answer.startswith(b"HTTP/1.1 200"):
                sys.exit(f"/healthz answered {answer!r}")
        print(f"{n} half-open sockets held: /healthz answered 5 of 5 in "
              + ", ".join(f"{t:.1f}" for t in times) + " ms")
    finally:
        for s in held:
            s.close()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
