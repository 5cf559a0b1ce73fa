"""systemd's notify protocol: READY=1, STATUS=..., WATCHDOG=1, STOPPING=1.

The protocol is one datagram to the unix socket named in $NOTIFY_SOCKET (an abstract
socket when it starts with "@"). Written here rather than taken from a library because the
PyPI `sdnotify` package has not been maintained since 2017 and python-systemd needs
libsystemd's headers to build; this is the whole of what docvault needs.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Mapping

logger = logging.getLogger(__name__)


class Notifier:
    """Sends notifications to systemd; does nothing when not run by systemd."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        address = environ.get("NOTIFY_SOCKET", "")
        self.address = "\0" + address[1:] if address.startswith("@") else address
        watchdog_microseconds = environ.get("WATCHDOG_USEC", "")
        self.watchdog_seconds = (
            int(watchdog_microseconds) / 1_000_000 if watchdog_microseconds.isdigit() else None
        )

    def send(self, *lines: str) -> None:
        if not self.address:
            return
        message = "\n".join(lines).encode()
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                # Never block the event loop: a datagram socket queues only a few messages,
                # and a stalled reader must not freeze the worker (found by the stop test).
                sock.setblocking(False)
                sock.sendto(message, self.address)
        except BlockingIOError:
            logger.warning("systemd is not reading notifications; one was dropped")
        except OSError as error:
            logger.warning("could not notify systemd at %s: %s", self.address, error)

    def ready(self, status: str) -> None:
        self.send("READY=1", f"STATUS={status}")

    def status(self, status: str) -> None:
        self.send(f"STATUS={status}")

    def watchdog(self) -> None:
        self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1", "STATUS=stopping: finishing the pages in flight")
