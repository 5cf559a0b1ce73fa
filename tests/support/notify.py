"""A stand-in for systemd's notify socket: reads what the daemon sends, as PID 1 does."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path


class NotifyListener(threading.Thread):
    """Stands in for systemd: reads every datagram sent to $NOTIFY_SOCKET, as PID 1 does.

    Reading all the time matters: a unix datagram socket queues only 10 messages
    (net.unix.max_dgram_qlen), after which the daemon's next send would block.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(name="notify-listener", daemon=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.2)
        self.lines: list[str] = []
        self.messages: list[tuple[float, list[str]]] = []  # (arrival, lines) per datagram
        self.closing = threading.Event()

    def run(self) -> None:
        while not self.closing.is_set():
            try:
                lines = self.sock.recv(65536).decode().splitlines()
            except TimeoutError:
                continue
            self.messages.append((time.monotonic(), lines))
            self.lines.extend(lines)

    def since(self, index: int) -> list[str]:
        """Every line that arrived after the first `index` datagrams, in order."""
        return [line for _, lines in list(self.messages)[index:] for line in lines]

    def has(self, prefix: str) -> bool:
        return any(line.startswith(prefix) for line in list(self.lines))

    def close(self) -> None:
        self.closing.set()
        self.join(timeout=5)
        self.sock.close()
