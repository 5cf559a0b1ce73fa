"""The one back-off rule the supervisor, the worker, intake, delivery and vLLM share."""

from __future__ import annotations

from docvault.runtime.backoff import Throttle, backoff_seconds


def test_the_wait_doubles_from_the_first_and_stops_at_the_cap() -> None:
    assert [backoff_seconds(failures, 1.0, 30.0) for failures in range(8)] == [
        0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0,
    ]  # fmt: skip


def test_weeks_of_failures_in_a_row_still_give_the_cap() -> None:
    # A receiver down for weeks counts thousands of failures; 2.0**10000 overflows a float.
    assert backoff_seconds(10_000, 5.0, 300.0) == 300.0


# --- the throttle: login, unlock and re-reads ----------------------------------------------


def test_the_free_tries_go_through_then_each_waits_twice_as_long_after_the_last() -> None:
    # Unlock's rule: three wrong passwords free, then 2, 4, 8 ... seconds, at most a minute.
    guesses = Throttle(window_seconds=900, free=3, first_wait_seconds=2, longest_wait_seconds=60)
    waits = [guesses.wait([(float(second), 1) for second in range(n)], n - 1) for n in range(9)]
    assert waits == [0.0, 0.0, 0.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0]
    # The wait runs from the last try; tries older than the window no longer count.
    assert guesses.wait([(0.0, 1)] * 4, 3.0) == 1.0
    assert guesses.wait([(0.0, 1)] * 4, 900.0) == 0.0


def test_without_a_growing_wait_a_full_window_waits_until_room_is_made() -> None:
    # The login lock-out: five failures in fifteen minutes, then until the oldest is gone.
    lock = Throttle(window_seconds=900, free=5)
    failures = [(100.0 * number, 1) for number in range(5)]
    assert lock.wait(failures[:4], 450.0) == 0.0
    assert lock.wait(failures, 450.0) == 450.0  # the first, at 0 s, leaves at 900 s
    assert lock.wait(failures, 900.0) == 0.0


def test_tries_worth_several_make_room_in_their_order() -> None:
    # Re-reads: pages an hour per person; a request waits until enough pages have left.
    rereads = Throttle(window_seconds=3600, free=100)
    taken = [(0.0, 60), (600.0, 30)]
    assert rereads.wait(taken, 1200.0, asked=10) == 0.0
    assert rereads.wait(taken, 1200.0, asked=40) == 2400.0  # the 60 pages of 0 s leave at 3600
    assert rereads.wait(taken, 1200.0, asked=200) == 3600.0  # never fits: told the window
