"""How blocking work runs (docvault.runtime.threads) and the supervisor's timers
(docvault.runtime.jobs).

Real threads and a real event loop; every wait is for an observable condition with a
deadline, never a sleep standing in for one.
"""

from __future__ import annotations

import ast
import asyncio
import threading
import time
from pathlib import Path

import pytest

from devtools.daemon import until
from docvault.runtime.jobs import Job, RunningJobs, run_timers
from docvault.runtime.supervisor import Progress
from docvault.runtime.threads import BLOCKING_THREADS, DaemonPool, blocking_calls, stop_relayed

DEADLINE_SECONDS = 20.0


def test_short_blocking_calls_run_in_the_one_bounded_executor() -> None:
    release = threading.Event()
    running: set[str] = set()
    lock = threading.Lock()

    def call() -> str:
        with lock:
            running.add(threading.current_thread().name)
        release.wait(DEADLINE_SECONDS)
        return threading.current_thread().name

    async def main() -> list[str]:
        async with blocking_calls(threads=2) as executor:
            calls = [asyncio.create_task(asyncio.to_thread(call)) for _ in range(5)]
            await until(
                lambda: len(running) == 2, DEADLINE_SECONDS, "two calls to run", interval=0.005
            )
            busy = len(running)
            release.set()
            names = await asyncio.gather(*calls)
            assert busy == 2, "never more threads than the bound"
        with pytest.raises(RuntimeError):  # shut down with the block: no call after it
            executor.submit(call)
        return names

    names = asyncio.run(main())
    assert set(names) <= {"blocking_0", "blocking_1"}


def test_the_executors_bound_is_the_documented_one() -> None:
    async def main() -> int:
        async with blocking_calls() as executor:
            return executor._max_workers

    assert asyncio.run(main()) == BLOCKING_THREADS


def test_a_stop_reaches_a_parts_thread_and_leaves_no_task_behind() -> None:
    called: list[str] = []

    async def main() -> None:
        stop = asyncio.Event()
        async with stop_relayed(stop, lambda: called.append("woken")) as stopping:
            assert not stopping.is_set()
            stop.set()
            await asyncio.to_thread(stopping.wait, DEADLINE_SECONDS)
        assert stopping.is_set()
        assert asyncio.all_tasks() == {asyncio.current_task()}, "the relay was awaited"

    asyncio.run(main())
    assert called == ["woken"]


def test_a_daemon_pool_runs_at_most_its_size_in_named_daemon_threads() -> None:
    release = threading.Event()
    lock = threading.Lock()
    busy: dict[str, bool] = {}
    most = 0
    done: list[int] = []

    def work(item: int) -> None:
        nonlocal most
        thread = threading.current_thread()
        with lock:
            busy[thread.name] = thread.daemon
            most = max(most, len(busy))
        release.wait(DEADLINE_SECONDS)
        with lock:
            del busy[thread.name]
            done.append(item)
        if item == 3:
            raise ValueError("one item's defect")  # logged; the thread takes the next

    with DaemonPool("sender", 2, work) as pool:
        for item in range(6):
            pool.submit(item)
        deadline = time.monotonic() + DEADLINE_SECONDS
        while len(busy) < 2 and time.monotonic() < deadline:
            release.wait(0.005)
        seen = dict(busy)
        release.set()
        while len(done) < 6 and time.monotonic() < deadline:
            release.wait(0.005)
    assert seen == {"sender-0": True, "sender-1": True}
    assert most == 2
    assert sorted(done) == list(range(6))


def test_the_timers_run_each_job_again_and_never_twice_at_once() -> None:
    """A job still running when it is due again is not started a second time."""
    starts: list[float] = []
    release = threading.Event()

    def slow_job() -> None:
        starts.append(time.monotonic())
        if len(starts) == 1:
            release.wait(DEADLINE_SECONDS)

    async def main() -> tuple[int, int]:
        async with blocking_calls():
            stop, progress, running = asyncio.Event(), Progress(), RunningJobs()
            timers = asyncio.create_task(
                run_timers([Job("slow", slow_job, 0.01)], stop, progress, running)
            )
            await until(
                lambda: running.longest() is not None,
                DEADLINE_SECONDS,
                "the job to start",
                interval=0.005,
            )
            beats = progress.beats
            # Twenty turns of the timers' loop, each past the job's time: still one run.
            await until(
                lambda: progress.beats >= beats + 20,
                DEADLINE_SECONDS,
                "twenty turns of the loop",
                interval=0.005,
            )
            while_running = len(starts)
            release.set()
            await until(
                lambda: len(starts) >= 3,
                DEADLINE_SECONDS,
                "the job to run again once it finished",
                interval=0.005,
            )
            stop.set()
            await asyncio.wait_for(timers, DEADLINE_SECONDS)
            return while_running, len(starts)

    while_running, total = asyncio.run(main())
    assert while_running == 1
    assert total >= 3


# --- the rule, read from the code ------------------------------------------------------------

PACKAGE = Path(__file__).parents[2] / "docvault"
# Who may start a thread, a pool or an event loop, and why (the supervisor's docstring draws
# them): everything else goes through docvault.runtime.threads.
ALLOWED_STARTS = {
    ("runtime/threads.py", "Thread"): "in_thread and DaemonPool: the one place threads are made",
    ("runtime/threads.py", "ThreadPoolExecutor"): "blocking_calls: the one bounded executor",
    ("ocr/rapid.py", "ThreadPoolExecutor"): "the CPU engine's compute, closed by its aclose()",
    ("cli.py", "Timer"): "the hard stop deadline, off the loop on purpose",
    ("cli.py", "asyncio.run"): "the command's one event loop",
    ("runtime/threads.py", "AsyncIOScheduler"): (
        "calendar_scheduler: the calendar, on the running loop"
    ),
}
STARTERS = {
    "Thread",
    "Timer",
    "ThreadPoolExecutor",
    "ProcessPoolExecutor",
    "asyncio.run",
    "new_event_loop",
    "run_until_complete",
    "BackgroundScheduler",
    "AsyncIOScheduler",
}


def thread_and_loop_starts() -> set[tuple[str, str]]:
    """(module path, what it starts) for every call in docvault that makes a thread, a pool,
    an event loop or a scheduler."""
    found: set[tuple[str, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = ast.unparse(node.func)
            name = called if called == "asyncio.run" else called.rsplit(".", 1)[-1]
            if name in STARTERS:
                found.add((path.relative_to(PACKAGE).as_posix(), name))
    return found


def test_threads_pools_and_event_loops_are_started_only_where_the_rule_says() -> None:
    assert thread_and_loop_starts() == set(ALLOWED_STARTS)


def test_only_the_calendar_imports_a_scheduling_library() -> None:
    """The short timers are the jobs part's own; APScheduler plans the calendar alone
    (the supervisor's docstring says which clock plans what)."""
    importers = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
        )
        if name.split(".")[0] in ("apscheduler", "schedule")
    }
    assert importers == {"runtime/threads.py", "scheduler.py", "calendar_log.py"}
