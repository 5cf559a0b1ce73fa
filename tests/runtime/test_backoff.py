"""The one back-off rule the supervisor, the worker, intake, delivery and vLLM share."""

from __future__ import annotations

from docvault.runtime.backoff import backoff_seconds


def test_the_wait_doubles_from_the_first_and_stops_at_the_cap() -> None:
    assert [backoff_seconds(failures, 1.0, 30.0) for failures in range(8)] == [
        0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0,
    ]  # fmt: skip


def test_weeks_of_failures_in_a_row_still_give_the_cap() -> None:
    # A receiver down for weeks counts thousands of failures; 2.0**10000 overflows a float.
    assert backoff_seconds(10_000, 5.0, 300.0) == 300.0
