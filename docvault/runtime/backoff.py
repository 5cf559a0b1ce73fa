"""Exponential back-off: the wait after the n-th failure in a row, doubling up to a cap."""

from __future__ import annotations

# 2**64 times any first wait is beyond every cap docvault uses; bounding the exponent keeps
# a long run of failures (a receiver down for weeks) from overflowing the float.
MAXIMUM_DOUBLINGS = 64


def backoff_seconds(failures: int, initial: float, maximum: float) -> float:
    """The wait after failure number `failures` in a row (1 is the first): doubling, capped."""
    if failures <= 0:
        return 0.0
    return float(min(maximum, initial * 2.0 ** min(failures - 1, MAXIMUM_DOUBLINGS)))
