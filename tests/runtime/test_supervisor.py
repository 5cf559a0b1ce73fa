"""The supervisor in process: restarts with back-off, gives up loudly, stops in stages."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from docvault.errors import DocvaultError, PartFailed, SearchIndexError
from docvault.runtime.supervisor import (
    CRASH_LIMIT,
    PartHealth,
    PartState,
    Policy,
    Progress,
    Supervisor,
)
from docvault.runtime.threads import in_thread


@dataclass
class FakePart:
    """A part whose run is a script: fail some times, then beat until stopped."""

    name: str
    failures: list[Exception] = field(default_factory=list)
    stop_stage: int = 0
    required_at_start: bool = False
    stall_seconds: float = 60.0
    beats: bool = True
    events: list[str] = field(default_factory=list)
    starts: int = 0

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        self.starts += 1
        if self.failures:
            raise self.failures.pop(0)
        try:
            while not stop.is_set():
                if self.beats:
                    progress.beat()
                await asyncio.sleep(0.01)  # a part's own work, here: nothing
        finally:
            self.events.append(f"{self.name} stopped")

    def liveness(self) -> str | None:
        return None


def supervise(
    parts: list[FakePart], until: Callable[[tuple[PartHealth, ...]], bool], timeout: float = 20
) -> tuple[Supervisor, list[tuple[PartHealth, ...]]]:
    """Run the parts until `until` holds for a heartbeat's snapshot, then stop them."""
    seen: list[tuple[PartHealth, ...]] = []

    async def main() -> Supervisor:
        stop = asyncio.Event()

        async def heartbeat(snapshot: tuple[PartHealth, ...]) -> None:
            seen.append(snapshot)
            if until(snapshot):
                stop.set()

        supervisor = Supervisor(
            parts,
            on_heartbeat=heartbeat,
            heartbeat_seconds=0.02,
            backoff_first_seconds=0.01,
            backoff_max_seconds=0.05,
        )
        await asyncio.wait_for(supervisor.run(stop), timeout)
        return supervisor

    return asyncio.run(main()), seen


def state_of(snapshot: tuple[PartHealth, ...], name: str) -> PartHealth:
    return next(health for health in snapshot if health.name == name)


def test_a_part_that_fails_is_restarted_and_then_runs() -> None:
    flaky = FakePart("flaky", failures=[RuntimeError("boom"), RuntimeError("boom again")])
    steady = FakePart("steady")
    supervisor, seen = supervise(
        [flaky, steady], lambda snapshot: state_of(snapshot, "flaky").state is PartState.running
    )
    assert flaky.starts == 3
    assert steady.starts == 1  # one part's failure never restarts the others
    assert any(state_of(s, "flaky").state is PartState.restarting for s in seen)
    restarting = next(state_of(s, "flaky") for s in seen if state_of(s, "flaky").detail)
    assert "RuntimeError: boom" in restarting.detail
    assert "starting again in" in restarting.detail
    assert state_of(supervisor.snapshot, "flaky").restarts == 2
    assert supervisor.failure is None


def test_a_part_that_keeps_crashing_stops_the_daemon_with_a_sentence() -> None:
    broken = FakePart("broken", failures=[RuntimeError("bug")] * (CRASH_LIMIT + 5))
    other = FakePart("other")
    with pytest.raises(DocvaultError) as raised:
        supervise([broken, other], lambda snapshot: False)
    assert raised.value.message == (
        f"docvault stopped because its part 'broken' failed {CRASH_LIMIT} times within "
        "60 seconds: RuntimeError: bug"
    )
    assert broken.starts == CRASH_LIMIT
    assert other.events == ["other stopped"]  # stopped in order, not abandoned


def test_a_condition_an_admin_must_fix_is_retried_without_giving_up() -> None:
    problem = SearchIndexError("The search index folder cannot be opened; fix it.")
    index = FakePart("index", failures=[problem] * (CRASH_LIMIT + 3))
    supervisor, seen = supervise(
        [index], lambda snapshot: state_of(snapshot, "index").state is PartState.running
    )
    assert index.starts == CRASH_LIMIT + 4
    assert supervisor.failure is None
    details = {state_of(s, "index").detail for s in seen}
    assert any(detail.startswith("The search index folder cannot be opened") for detail in details)


def test_a_required_part_that_cannot_start_stops_everything_it_started() -> None:
    engine = FakePart("engine", stop_stage=2)
    web = FakePart("web", failures=[DocvaultError("The port is in use.")], required_at_start=True)
    with pytest.raises(DocvaultError) as raised:
        supervise([engine, web], lambda snapshot: False)
    assert raised.value.message == (
        "docvault stopped because its part 'web' could not start: The port is in use."
    )
    assert engine.events == ["engine stopped"]
    assert web.starts == 1


def test_a_part_without_progress_is_reported_stalled() -> None:
    silent = FakePart("silent", beats=False, stall_seconds=0.1)
    _, seen = supervise([silent], lambda snapshot: state_of(snapshot, "silent").stalled)
    stalled = next(state_of(s, "silent") for s in seen if state_of(s, "silent").stalled)
    assert not stalled.healthy
    assert stalled.detail.startswith("no progress for")


def test_parts_stop_stage_by_stage() -> None:
    events: list[str] = []
    parts = [
        FakePart("index", stop_stage=2, events=events),
        FakePart("worker", stop_stage=1, events=events),
        FakePart("intake", stop_stage=0, events=events),
    ]
    supervise(parts, lambda snapshot: all(h.state is PartState.running for h in snapshot))
    assert events == ["intake stopped", "worker stopped", "index stopped"]


def test_a_blocking_function_runs_in_its_own_thread_and_its_error_arrives() -> None:
    def fails() -> None:
        raise ValueError("from the thread")

    with pytest.raises(ValueError, match="from the thread"):
        asyncio.run(in_thread("test-thread", fails))


def test_a_required_part_that_ran_and_then_failed_is_restarted_not_fatal() -> None:
    @dataclass
    class FailsAfterRunning(FakePart):
        async def run(self, progress: Progress, stop: asyncio.Event) -> None:
            if self.starts == 0:
                self.starts += 1
                progress.beat()  # it was up, before any heartbeat could see it
                raise DocvaultError("The web view's thread ended.")
            await super().run(progress, stop)

    web = FailsAfterRunning("web", required_at_start=True)
    supervisor, _ = supervise(
        [web], lambda snapshot: state_of(snapshot, "web").state is PartState.running
    )
    assert supervisor.failure is None
    assert web.starts == 2


def test_a_parts_first_beat_is_reported_at_once_not_at_the_next_heartbeat() -> None:
    # The heartbeats are an hour apart: after the first report (the part is still starting),
    # only the first beat's wake-up can report "running" within the test's time (the status
    # file and systemd's READY=1 follow from that report). The part beats from a thread.
    first_report, stopped = threading.Event(), threading.Event()
    reported: list[PartState] = []

    @dataclass
    class ThreadPart(FakePart):
        async def run(self, progress: Progress, stop: asyncio.Event) -> None:
            def work() -> None:
                first_report.wait(timeout=30)
                progress.beat()
                stopped.wait(timeout=30)

            await in_thread(self.name, work)

    async def main() -> None:
        stop = asyncio.Event()

        async def heartbeat(snapshot: tuple[PartHealth, ...]) -> None:
            reported.append(state_of(snapshot, "threaded").state)
            first_report.set()
            if reported[-1] is PartState.running:
                stopped.set()
                stop.set()

        supervisor = Supervisor(
            [ThreadPart("threaded")], on_heartbeat=heartbeat, heartbeat_seconds=3600
        )
        try:
            await asyncio.wait_for(supervisor.run(stop), 20)
        finally:
            stopped.set()

    asyncio.run(main())
    assert reported[0] is PartState.starting
    assert reported[1] is PartState.running


def test_a_commands_parts_stop_in_order_once_its_work_is_done() -> None:
    events: list[str] = []
    parts = [
        FakePart("index", stop_stage=2, events=events),
        FakePart("worker", stop_stage=1, events=events),
    ]

    async def work() -> str:
        events.append("work done")
        return "the summary"

    async def main() -> str:
        supervisor = Supervisor(parts, heartbeat_seconds=0.02, policy=Policy.one_shot)
        return await asyncio.wait_for(supervisor.run_until_done(work), 20)

    assert asyncio.run(main()) == "the summary"
    assert events == ["work done", "worker stopped", "index stopped"]


def test_a_commands_part_that_fails_ends_the_command_with_a_sentence() -> None:
    # A condition an admin must fix would be retried by the daemon; a command, which nobody
    # watches, ends at once, its work cancelled, its other parts stopped in order.
    index = FakePart("index", stop_stage=2)
    worker = FakePart("worker", stop_stage=1, failures=[SearchIndexError("the index is gone")])
    cancelled = asyncio.Event()

    async def work() -> None:
        try:
            await asyncio.Event().wait()  # the pages no one reads any more
        except asyncio.CancelledError:
            cancelled.set()
            raise

    async def main() -> None:
        supervisor = Supervisor(
            [index, worker],
            heartbeat_seconds=0.02,
            policy=Policy.one_shot,
            command="docvault ingest",
        )
        await asyncio.wait_for(supervisor.run_until_done(work), 20)

    with pytest.raises(PartFailed) as raised:
        asyncio.run(main())
    assert raised.value.message == (
        "docvault ingest stopped because its part 'worker' failed: the index is gone"
    )
    assert cancelled.is_set()
    assert worker.starts == 1, "a command's part is not started again"
    assert index.events == ["index stopped"]
