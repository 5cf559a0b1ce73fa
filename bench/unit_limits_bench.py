"""Issue 44: what the systemd unit's LimitNOFILE= and MemoryMax= are sized from (a benchmark,
not a test; figures in bench/README.md and the unit's comment).

    .venv/bin/python -m bench.unit_limits_bench [--letters 40] [--connections 400]

A real daemon (web view on, a mailbox on a real Dovecot, the engine simulator) takes
`--letters` mail letters and as many inbox letters; the open file descriptors and the
resident memory of the daemon and of all its children are sampled every half second
throughout. Then `--connections` connections are opened to the web view and left idle (the
most it serves at once, web_connections.LIMIT_CONCURRENCY): the descriptors counted with
them open, and again once the header deadline has closed them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from bench.fuzz_mail import MemoryWatch
from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.intake.test_mail_daemon import documents, mail_config, simulated
from tests.support.documents import letter_pdf
from tests.support.dovecot import running_dovecot
from tests.support.mail import letter_message


def descriptors(daemon: Daemon) -> tuple[int, int]:
    """Open descriptors of the daemon, and of the daemon and its children together."""
    assert daemon.process is not None
    own, total = 0, 0
    for pid in daemon.processes():
        try:
            count = psutil.Process(pid).num_fds()
        except psutil.Error:
            continue
        total += count
        own += count if pid == daemon.process.pid else 0
    return own, total


def measure(letters: int, connections: int) -> dict[str, Any]:
    with (
        tempfile.TemporaryDirectory(prefix="docvault-unit-limits-") as folder,
        EngineSimulator(SimulatorConfig(speed=100.0, loop_fraction=0.0)) as engine,
        running_dovecot() as server,
    ):
        root = Path(folder)
        for seed in range(letters):
            server.append(letter_message(root, seed, letters=2))
        config = mail_config(root, server, poll_seconds=5)
        environment = simulated(engine, DOCVAULT_CONFIG=str(config), DOCVAULT_WEB_ENABLED="true")
        daemon = Daemon(root, **environment)
        daemon.start()
        watch = MemoryWatch(daemon)
        watch.thread.start()
        most = [0, 0]

        def busy_done() -> bool:
            own, total = descriptors(daemon)
            most[:] = [max(most[0], own), max(most[1], total)]
            return len(documents(daemon)) >= 3 * letters and _settled(daemon)

        try:
            for seed in range(letters):
                letter_pdf(root / "inbox" / f"brief-{seed}.pdf", pages=2, seed=100 + seed)
            wait_for(busy_done, 900, "every letter read", 0.5)
            idle = descriptors(daemon)
            opened = [
                socket.create_connection(("127.0.0.1", daemon.web_port)) for _ in range(connections)
            ]
            time.sleep(1.0)  # a measurement, not synchronisation: the accepts are counted
            with_connections = descriptors(daemon)
            wait_for(lambda: descriptors(daemon)[0] <= idle[0] + 5, 60, "the idle ones closed")
            after = descriptors(daemon)
            for connection in opened:
                connection.close()
        finally:
            watch.stop.set()
            watch.thread.join()
            daemon.stop(timeout=120)
    return {
        "letters": 3 * letters,
        "most_descriptors_while_reading": {"daemon": most[0], "with_children": most[1]},
        "descriptors_idle": {"daemon": idle[0], "with_children": idle[1]},
        f"descriptors_with_{connections}_idle_connections": {
            "daemon": with_connections[0], "with_children": with_connections[1]},
        "descriptors_after_the_header_deadline": {"daemon": after[0], "with_children": after[1]},
        "largest_resident_memory_mb": watch.largest,
        "most_children_at_once": watch.most_children,
        "machine": f"{platform.node()}: {os.cpu_count()} cores, {platform.platform()}",
    }  # fmt: skip


def _settled(daemon: Daemon) -> bool:
    from tests.intake.test_mail_daemon import query

    rows = query(daemon, "SELECT COUNT(*) FROM pages WHERE status IN ('queued', 'running')")
    return bool(rows and rows[0][0] == 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--letters", type=int, default=40)
    parser.add_argument("--connections", type=int, default=400)
    arguments = parser.parse_args()
    print(json.dumps(measure(arguments.letters, arguments.connections), indent=2))


if __name__ == "__main__":
    main()
