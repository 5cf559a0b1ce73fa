"""The stable-file gate, fed observations and a clock: never a half-written file."""

from __future__ import annotations

from pathlib import Path

from docvault.intake.stability import StabilityTracker

FAX = Path("/inbox/fax.pdf")


def test_a_file_is_stable_only_after_holding_still_for_the_settle_time() -> None:
    tracker = StabilityTracker(settle_seconds=2.0)
    tracker.observe(FAX, 1000, 1, now=0.0)
    assert tracker.stable(now=0.0) == []
    tracker.observe(FAX, 1000, 1, now=1.9)
    assert tracker.stable(now=1.9) == []
    tracker.observe(FAX, 1000, 1, now=2.0)
    assert tracker.stable(now=2.0) == [FAX]


def test_waiting_without_looking_again_is_not_enough() -> None:
    tracker = StabilityTracker(settle_seconds=2.0)
    tracker.observe(FAX, 1000, 1, now=0.0)
    # Nobody looked after the settle time: the file may have grown meanwhile.
    assert tracker.stable(now=60.0) == []


def test_a_slow_writer_restarts_the_settle_time_on_every_change() -> None:
    tracker = StabilityTracker(settle_seconds=2.0)
    for second in range(30):  # a scanner writing for 30 s, looked at every second
        tracker.observe(FAX, 100 * (second + 1), second, now=float(second))
        assert tracker.stable(now=float(second)) == []
    tracker.observe(FAX, 3000, 29, now=31.0)
    assert tracker.stable(now=31.0) == [FAX]


def test_a_touch_without_growth_restarts_the_settle_time() -> None:
    tracker = StabilityTracker(settle_seconds=2.0)
    tracker.observe(FAX, 1000, 1, now=0.0)
    tracker.observe(FAX, 1000, 2, now=1.5)  # reopened and closed by the scanner
    tracker.observe(FAX, 1000, 2, now=2.5)
    assert tracker.stable(now=2.5) == []
    tracker.observe(FAX, 1000, 2, now=3.5)
    assert tracker.stable(now=3.5) == [FAX]


def test_forgotten_paths_and_order_of_arrival() -> None:
    tracker = StabilityTracker(settle_seconds=1.0)
    first, second = Path("/inbox/a.pdf"), Path("/inbox/b.pdf")
    tracker.observe(second, 5, 1, now=0.0)
    tracker.observe(first, 5, 1, now=0.5)
    for path in (first, second):
        tracker.observe(path, 5, 1, now=2.0)
    assert tracker.stable(now=2.0) == [second, first]
    tracker.forget(second)
    assert tracker.stable(now=2.0) == [first]
    assert tracker.settling(now=2.0) == []
