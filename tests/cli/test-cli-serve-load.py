#!/usr/bin/env python3
# test-cli-serve-load.py: 200 phones polling `sparrow-cli serve` on loopback, bounded in time
# ($SPARROW_WEB_LOAD_SECONDS, 8 s unless said), each on a keep-alive connection of its own
# asking /api/version with its ETag as the pages' script does (here every 0.5 s, twenty times
# a phone's pace): no error, no refused connection; the figures printed as TAP comments.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sptap  # noqa: E402

CLI = os.path.abspath(sys.argv[1])
CLIENTS = 200
SECONDS = float(os.environ.get("SPARROW_WEB_LOAD_SECONDS", "8"))
PERIOD = 0.5


def read_reply(sock, pending):
    """One HTTP/1.1 reply from @sock (bytes already read in @pending): (status, headers, rest)."""
    while b"\r\n\r\n" not in pending:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed before a reply")
        pending += chunk
    head, rest = pending.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed in a body")
        rest += chunk
    return status, headers, rest[length:]


def phone(port, deadline, results, index):
    statuses = {}
    latencies = []
    errors = []
    etag = None
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        pending = b""
        # The phones do not all poll at the same instant.
        time.sleep(PERIOD * index / CLIENTS)
        while time.monotonic() < deadline:
            request = "GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port
            if etag:
                request += "If-None-Match: %s\r\n" % etag
            start = time.monotonic()
            sock.sendall((request + "\r\n").encode())
            status, headers, pending = read_reply(sock, pending)
            latencies.append(time.monotonic() - start)
            statuses[status] = statuses.get(status, 0) + 1
            etag = headers.get("etag", etag)
            time.sleep(max(0.0, PERIOD - (time.monotonic() - start)))
        sock.close()
    except (OSError, ConnectionError, ValueError) as error:
        errors.append(repr(error))
    results[index] = (statuses, latencies, errors)


def main():
    folder = tempfile.mkdtemp(prefix="sparrow-load-")
    db = os.path.join(folder, "hall.db")
    server = None
    try:
        subprocess.run([CLI, "--db", db, "tournament", "create", "--name", "Load", "--rules",
                        "mcr", "--sessions", "1"], check=True, capture_output=True)
        server = subprocess.Popen([CLI, "--db", db, "--json", "serve", "--listen", "127.0.0.1:0"],
                                  stdout=subprocess.PIPE, text=True)
        port = int(json.loads(server.stdout.readline())["url"].rsplit(":", 1)[1].strip("/"))
        deadline = time.monotonic() + SECONDS
        results = [None] * CLIENTS
        threads = [threading.Thread(target=phone, args=(port, deadline, results, i))
                   for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS + 30)
        done = [r for r in results if r is not None]
        errors = [e for r in done for e in r[2]]
        statuses = {}
        latencies = sorted(x for r in done for x in r[1])
        for r in done:
            for status, count in r[0].items():
                statuses[status] = statuses.get(status, 0) + count
        total = sum(statuses.values())
        sptap.check("all %d phones polled to the end" % CLIENTS, len(done) == CLIENTS,
                    len(done))
        sptap.check("no connection error", not errors, errors[:3])
        sptap.check("every answer a 200 or a 304",
                    total > 0 and set(statuses) <= {200, 304}, statuses)
        sptap.check("after its first poll a phone gets 304s",
                    statuses.get(304, 0) >= total - 2 * CLIENTS, statuses)
        if latencies:
            print("# %d requests in %.1f s by %d clients: %.0f/s; latency median %.2f ms, "
                  "99th percentile %.2f ms, max %.2f ms"
                  % (total, SECONDS, CLIENTS, total / SECONDS,
                     1000 * latencies[len(latencies) // 2],
                     1000 * latencies[int(len(latencies) * 0.99)], 1000 * latencies[-1]))
        server.send_signal(signal.SIGTERM)
        sptap.check("the server stops on SIGTERM", server.wait(timeout=10) == 0)
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    sptap.finish()


if __name__ == "__main__":
    main()
