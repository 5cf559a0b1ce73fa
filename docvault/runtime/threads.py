"""How docvault runs blocking work: the one rule, and its three tools.

- A part's long-lived blocking loop (intake, file events, the index writer, the web server,
  the hand-over, a mailbox) runs in a named daemon thread of its own: `in_thread`, awaited
  by the part's task in the supervisor's task group. `stop_relayed` hands the part's stop to
  that thread as a `threading.Event`.
- A short blocking call made on the event loop (a database query or write, a marker file, a
  scheduled job) goes through `asyncio.to_thread`: the loop's default executor, which is the
  bounded executor `blocking_calls` installs for the whole command and shuts down after it.
- Work sent out while a loop goes on (the hand-overs) goes to a `DaemonPool` of a fixed
  number of named daemon threads, owned by the loop that fills it.
- The calendar's jobs (the backup at 02:00, the Sunday archive check: `docvault.scheduler`)
  are planned by APScheduler's `AsyncIOScheduler` made by `calendar_scheduler`: on the
  running loop, with no thread of its own; it hands each job to the executor given, which
  runs it in the bounded executor above, as any short blocking call.

`docvault.runtime.supervisor`'s docstring draws where each runs and says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import tzinfo
from typing import TYPE_CHECKING, Generic, TypeVar

from apscheduler.schedulers.asyncio import AsyncIOScheduler

if TYPE_CHECKING:
    from apscheduler.executors.asyncio import AsyncIOExecutor
    from apscheduler.jobstores.base import BaseJobStore

logger = logging.getLogger(__name__)

Item = TypeVar("Item")

# The short blocking calls in flight at once. They are database statements (SQLite takes
# one writer at a time), marker files and the scheduled jobs, each bounded by its own time-out
# (SQLite's busy timeout, the render pool's deadline): eight keep reads going beside a write.
# asyncio's own default would be min(32, cores + 4), unnamed and never chosen.
BLOCKING_THREADS = 8


async def in_thread(name: str, function: Callable[[], object]) -> None:
    """Run `function`, a part's long-lived loop, in a daemon thread of its own; wait for it.

    Not the event loop's executor: a loop that never returns (a hung network share) must
    not take one of the bounded executor's threads for ever, nor hold up the exit, which
    waits for every executor thread. If the waiting coroutine is cancelled, the thread is
    abandoned (it is a daemon thread, and its part has been told to stop).
    """
    await thread_future(name, function)


def thread_future(name: str, function: Callable[[], object]) -> asyncio.Future[None]:
    """`in_thread`'s thread, started now; the future ends with the thread (its error too).

    For a part that does something else on the loop while its thread runs (the web part
    probes the server it runs); the part awaits the future before it returns.
    """
    loop = asyncio.get_running_loop()
    finished: asyncio.Future[None] = loop.create_future()

    def report(error: BaseException | None) -> None:
        if finished.done():
            return
        if error is None:
            finished.set_result(None)
        else:
            finished.set_exception(error)

    def target() -> None:
        outcome: BaseException | None = None
        try:
            function()
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting coroutine
            outcome = error
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
            loop.call_soon_threadsafe(report, outcome)

    threading.Thread(target=target, name=name, daemon=True).start()
    return finished


@contextlib.asynccontextmanager
async def stop_relayed(
    stop: asyncio.Event, *on_stop: Callable[[], None]
) -> AsyncIterator[threading.Event]:
    """A `threading.Event` set, and `on_stop` called, when `stop` is: how a part's thread
    learns of the stop (a thread cannot wait on an asyncio.Event).

    The relay is a task of this block: cancelled and awaited on the way out, never left
    behind.
    """
    flag = threading.Event()

    async def relay() -> None:
        await stop.wait()
        flag.set()
        for call in on_stop:
            call()

    relaying = asyncio.create_task(relay(), name="stop-relay")
    try:
        yield flag
    finally:
        relaying.cancel()
        await asyncio.gather(relaying, return_exceptions=True)


@contextlib.asynccontextmanager
async def blocking_calls(threads: int = BLOCKING_THREADS) -> AsyncIterator[ThreadPoolExecutor]:
    """The bounded executor of the short blocking calls, for the whole block.

    Installed as the running loop's default executor, so that `asyncio.to_thread` and
    `run_in_executor(None, ...)` use it; enter it first, before any such call. On the way
    out no new call is taken and the waiting ones are cancelled; `asyncio.run` then waits
    for those already running, each bounded by its own time-out.
    """
    executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="blocking")
    asyncio.get_running_loop().set_default_executor(executor)
    try:
        yield executor
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


class DaemonPool(Generic[Item]):
    """`size` named daemon threads taking items from one queue and handing each to `work`.

    concurrent.futures' pool cannot be used here: its threads are joined when the
    interpreter exits, so a slow receiver of a hand-over would hold up the daemon's stop;
    a stop never waits for these. `work` must not raise (an error is logged, the thread goes
    on). Use it as a context manager: the threads start on entry and are told to end on
    exit, after the item in hand.
    """

    def __init__(self, name: str, size: int, work: Callable[[Item], None]) -> None:
        self._name = name
        self._work = work
        self._items: queue.SimpleQueue[Item | None] = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._take, name=f"{name}-{number}", daemon=True)
            for number in range(size)
        ]

    def __enter__(self) -> DaemonPool[Item]:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        for _thread in self._threads:
            self._items.put(None)

    def submit(self, item: Item) -> None:
        """Hand `item` to the next free thread (the caller keeps the number in flight below
        the pool's size, so nothing waits in the queue for long)."""
        self._items.put(item)

    def _take(self) -> None:
        while (item := self._items.get()) is not None:
            try:
                self._work(item)
            except Exception:
                logger.exception("%s: an item failed; the thread takes the next", self._name)


def calendar_scheduler(
    zone: tzinfo, store: BaseJobStore, executor: AsyncIOExecutor, grace_seconds: float
) -> AsyncIOScheduler:
    """APScheduler for the calendar, on the running event loop (call it there).

    It starts no thread: its wake-ups are the loop's timers, and `executor` (an
    `AsyncIOExecutor`) runs each job through `run_in_executor(None, ...)`, the bounded
    executor of `blocking_calls`. Every job is coalesced (a run missed while docvault was
    down happens once, not once per missed day), never runs twice at once, and is run late
    only within `grace_seconds`.
    """
    return AsyncIOScheduler(
        event_loop=asyncio.get_running_loop(),
        jobstores={"default": store},
        executors={"default": executor},
        job_defaults={
            "coalesce": True,
            "max_instances": 1,
            "misfire_grace_time": max(1, int(grace_seconds)),
        },
        timezone=zone,
    )
