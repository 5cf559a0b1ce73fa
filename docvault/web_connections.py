"""The web view's connections, bounded: uvicorn's HTTP/1.1 protocol (h11) with a deadline for
a request's headers.

uvicorn closes a kept-alive connection that stays silent after a response
(`timeout_keep_alive`), but a connection that never sends a whole request head is kept for
ever: 1,100 such idle connections used up the unit's 1,024 file descriptors and stopped
intake and the status file (issue 44). `HeadersDue` closes a connection whose request head
has not arrived within `HEADER_TIMEOUT_SECONDS` of its opening or of the previous response,
so a descriptor is held only as long as a real client needs it, and closes a connection
at once past `MAX_OPEN_CONNECTIONS` open ones.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

# A browser or an API client sends its request head in milliseconds; a clinic's slowest
# link needs well under a second. Generous, and still short enough that 1,000 idle
# connections are gone before the next thousand could be opened by one client.
HEADER_TIMEOUT_SECONDS = 10.0
# Most connections (and requests in progress) at once; past it uvicorn answers 503 at once.
# A browser opens up to 6 connections to a host, so this is some 60 browsers at their
# busiest, far above a clinic's staff, and well inside the unit's LimitNOFILE= (the
# daemon's own descriptors, measured, plus one for each of these: the unit says how).
LIMIT_CONCURRENCY = 400
KEEP_ALIVE_SECONDS = 5
# Most connections held open at once. uvicorn's limit_concurrency answers 503 only when a
# request arrives: a connection that sends nothing kept its descriptor until its header
# deadline, so a burst of them could still use up the unit's descriptors for that long.
# Past this a connection is closed as it opens; up to it, those over LIMIT_CONCURRENCY still
# get the 503 that says why.
MAX_OPEN_CONNECTIONS = 2 * LIMIT_CONCURRENCY


class HeadersDue(H11Protocol):
    """H11Protocol that closes a connection whose request head is late."""

    _headers_due: asyncio.TimerHandle | None = None
    # uvicorn makes the protocol itself: a shorter time is a subclass (`headers_due`).
    timeout_seconds = HEADER_TIMEOUT_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > MAX_OPEN_CONNECTIONS:  # this one included
            transport.close()  # its descriptor freed now, not at the deadline
            return
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
        self._headers_due = self.loop.call_later(self.timeout_seconds, self._late)

    def _late(self) -> None:
        """No request in progress (none yet, or the last one answered): close."""
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and not self.transport.is_closing():
            self.transport.close()


def headers_due(timeout_seconds: float) -> type[HeadersDue]:
    """`HeadersDue` with a request head due within `timeout_seconds` (a test's shorter one)."""
    if timeout_seconds == HEADER_TIMEOUT_SECONDS:
        return HeadersDue
    return type("HeadersDue", (HeadersDue,), {"timeout_seconds": timeout_seconds})
