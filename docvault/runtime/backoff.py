"""Exponential back-off, and the throttle built on it: the one way docvault makes a repeated
try wait (a hand-over retried, a login, a PDF's password, a page read again).

``backoff_seconds`` is the wait after the n-th failure in a row, doubling up to a cap.
``Throttle`` counts tries in a sliding window: the first ``free`` go through; beyond them a
try waits, either the back-off after the last try (``first_wait_seconds`` set: login from
an unknown place, unlock) or until enough tries have left the window to make room (the
login lock-out, the re-read allowance).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# 2**64 times any first wait is beyond every cap docvault uses; bounding the exponent keeps
# a long run of failures (a receiver down for weeks) from overflowing the float.
MAXIMUM_DOUBLINGS = 64


def backoff_seconds(failures: int, initial: float, maximum: float) -> float:
    """The wait after failure number `failures` in a row (1 is the first): doubling, capped."""
    if failures <= 0:
        return 0.0
    return float(min(maximum, initial * 2.0 ** min(failures - 1, MAXIMUM_DOUBLINGS)))


# One try, or a request worth several (a re-read of so many pages): when (seconds on any
# one clock) and how many it counts for.
Try = tuple[float, int]


@dataclass(frozen=True)
class Throttle:
    """Tries in a sliding window of `window_seconds`: `free` go through, more wait.

    With `first_wait_seconds`, a try beyond the free ones waits the back-off after the last
    try (doubling from `first_wait_seconds`, at most `longest_wait_seconds`); without, it
    waits until enough tries have left the window to make room for it.
    """

    window_seconds: float
    free: int
    first_wait_seconds: float | None = None
    longest_wait_seconds: float = float("inf")

    def wait(self, tries: Iterable[Try], now: float, asked: int = 1) -> float:
        """Seconds before a try worth `asked` may go, after `tries` (0.0: now). A try worth
        more than `free` never fits; it is told the window."""
        recent = sorted(entry for entry in tries if now - entry[0] < self.window_seconds)
        used = sum(count for _, count in recent)
        if used + asked <= self.free:
            return 0.0
        if self.first_wait_seconds is None or not recent:
            return self._until_room(recent, used + asked - self.free, now)
        after = backoff_seconds(
            used - self.free + 1, self.first_wait_seconds, self.longest_wait_seconds
        )
        return max(0.0, recent[-1][0] + after - now)

    def _until_room(self, recent: list[Try], excess: int, now: float) -> float:
        """Seconds until tries worth `excess` have left the window, the oldest first."""
        freed = 0
        for when, count in recent:
            freed += count
            if freed >= excess:
                return when + self.window_seconds - now
        return self.window_seconds
