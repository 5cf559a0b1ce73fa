"""The killable process pool: `inspect_document` and `render_page` in worker processes.

PyMuPDF is not thread-safe and the daemon has threads; a page built to hang MuPDF never
returns, and a thread cannot be stopped; a decompression bomb takes all the memory there is.
So every render runs in a worker process of `RenderPool`, within a time limit and a memory
limit, and a worker past either is replaced. An error crosses the process boundary as
`_WorkerFailure` and is raised again in the caller as the `RenderError` it was; an error no
check foresaw (the safety net, `_unexpected`) fails its own file or page with a sentence.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pebble
from pebble import ProcessExpired

from docvault.config import default
from docvault.errors import (
    CorruptDocument,
    EncryptedDocument,
    ImageTooLarge,
    RenderCrashed,
    RenderError,
    RenderTimedOut,
    TooManyPages,
    UnsupportedFormat,
)
from docvault.render.options import RenderOptions
from docvault.runtime import prepare_worker, release, worker_context

if TYPE_CHECKING:
    from docvault.render.opening import DocumentInfo
    from docvault.render.page import RenderedPage

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _WorkerFailure:
    """A `RenderError` as it crosses the process boundary (its __init__ does not unpickle)."""

    error_code: str
    path: str
    message: str
    page: int | None


_ERROR_CLASSES: dict[str, type[RenderError]] = {
    error_class.code: error_class
    for error_class in (
        RenderError,
        EncryptedDocument,
        CorruptDocument,
        UnsupportedFormat,
        ImageTooLarge,
        TooManyPages,
    )
}

_Result = TypeVar("_Result")


def _failure(error: RenderError) -> _WorkerFailure:
    return _WorkerFailure(error.code, str(error.path), error.message, error.page)


def _unexpected(path: Path, page: int, error: Exception) -> _WorkerFailure:
    """An error docvault's own checks did not foresee, as a sentence for this file alone.

    The campaign (bench/fuzz_campaign.py) calls the checks directly and counts every such
    error as a defect; here, in the daemon, one must cost only its own file or page: without
    this the page's lease expired and it was rendered again, for ever."""
    logger.error("Unexpected error rendering %s", path.name, exc_info=error)
    where = f"Page {page} of {path.name}" if page else path.name
    return _failure(
        RenderError(
            path,
            f"{where} could not be read: MuPDF or docvault failed on it in a way docvault does "
            f"not know ({type(error).__name__}: {str(error)[:200]}); the other pages and files "
            "go on, and the original is kept in the archive. Ask the sender for a new copy "
            "(printed to PDF again, or re-scanned), and report the file to docvault's "
            "maintainers.",
            page=page or None,
        )
    )


def _inspect_in_worker(
    path: Path,
    _page: int,
    options: RenderOptions,
    inspect: Callable[[Path, RenderOptions], DocumentInfo] | None = None,
) -> DocumentInfo | _WorkerFailure:
    # MuPDF is imported where pages are opened, in the worker: a process that only holds
    # the pool (a command, the hand-over) never pays for it.
    from docvault.render.opening import inspect_document

    try:
        return (inspect or inspect_document)(path, options)
    except RenderError as error:
        return _failure(error)
    except Exception as error:  # noqa: BLE001  # a defect: this file alone fails, with a sentence
        return _unexpected(path, 0, error)


def _render_in_worker(
    path: Path,
    page: int,
    options: RenderOptions,
    rotation: int | None = None,
    render: Callable[[Path, int, RenderOptions, int | None], RenderedPage] | None = None,
) -> RenderedPage | _WorkerFailure:
    from docvault.render.page import render_page  # in the worker, as `_inspect_in_worker`

    try:
        return (render or render_page)(path, page, options, rotation)
    except RenderError as error:
        return _failure(error)
    except Exception as error:  # noqa: BLE001  # a defect: this page alone fails, with a sentence
        return _unexpected(path, page, error)


def _derive_in_worker(
    path: Path, _page: int, options: RenderOptions, make: Callable[[Path, RenderOptions], _Result]
) -> _Result | _WorkerFailure:
    try:
        return make(path, options)
    except RenderError as error:
        return _failure(error)


def _prepare_worker(memory_limit_bytes: int) -> None:
    """Runs first in every render worker: bound to the daemon's life, memory-capped, and the
    out-of-memory killer's first choice (so a page's memory never costs docvault its life)."""
    prepare_worker(memory_limit_bytes)
    from docvault.render.opening import quiet_mupdf  # the worker's MuPDF, imported here once

    quiet_mupdf()


# What a render worker imports, imported once by the fork server it is forked from.
_PRELOAD = ("docvault.render.pool", "docvault.render.page", "docvault.render.opening")


def _started() -> None:
    """A task that does nothing: scheduling it starts the pool's workers (see RenderPool)."""


class RenderPool:
    """Runs `inspect_document` and `render_page` in worker processes that can be killed.

    A page built to hang MuPDF (form XObjects that draw each other 10^10 times) never
    returns, and a thread cannot be stopped: so every call has a time limit, and a worker
    past it is terminated and replaced (pebble's process pool does both). A worker also
    runs under a memory limit, so a decompression bomb fails its own page, and it dies with
    the daemon (parent-death signal), so a SIGKILL of the daemon leaves no orphan.

    Workers are forked by the fork server (`docvault.runtime.forkserver`: the daemon has
    threads, and forking a process with threads can deadlock the child), which has imported
    PyMuPDF and the page's modules once, and they die with it as it dies with the daemon.
    A worker that dies while rendering (MuPDF crashing on a file) is replaced, and the call
    is tried once more, so a page that was merely beside the culprit still renders.
    """

    def __init__(
        self,
        workers: int,
        options: RenderOptions,
        timeout_seconds: float = default("render_timeout_seconds"),
        memory_limit_bytes: int = 0,
    ) -> None:
        self._workers = workers
        self._options = options
        self._memory_limit_bytes = memory_limit_bytes
        self.timeout_seconds = timeout_seconds
        self._closing = False
        self._context = worker_context(_PRELOAD)
        self._pool = self._new_pool()

    def _new_pool(self) -> pebble.ProcessPool:
        pool = pebble.ProcessPool(
            max_workers=self._workers,
            initializer=_prepare_worker,
            initargs=(self._memory_limit_bytes,),
            context=self._context,
        )
        pool.schedule(_started)  # starts the workers now
        return pool

    async def inspect(self, path: Path) -> DocumentInfo:
        """`inspect_document` in a worker process, within the time limit."""
        return await self._run(_inspect_in_worker, path, 0)

    async def render(
        self, path: Path, page_number: int, rotation: int | None = None
    ) -> RenderedPage:
        """`render_page` in a worker process within the time limit (`rotation`: a person's turn,
        else detected)."""
        return await self._run(
            functools.partial(_render_in_worker, rotation=rotation), path, page_number
        )

    async def derive(
        self,
        path: Path,
        make: Callable[[Path, RenderOptions], _Result],
        timeout_seconds: float | None = None,
    ) -> _Result:
        """`make(path, options)` in a worker process: a file derived from an original (the
        searchable PDF), within `timeout_seconds` (the render limit when None). `make` must
        be picklable (a module-level function, or a partial of one)."""
        return await self._run(
            functools.partial(_derive_in_worker, make=make), path, 0, timeout_seconds
        )

    def inspect_blocking(self, path: Path) -> DocumentInfo:
        """`inspect` for a thread without an event loop (intake): waits at most the limit."""
        info: DocumentInfo = self._run_blocking(_inspect_in_worker, path, 0)
        return info

    def _run_blocking(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
    ) -> _Result:
        for attempt in range(2):
            future = self._schedule(function, path, page_number)
            try:
                outcome = future.result()
            except (ProcessExpired, BrokenProcessPool, TimeoutError, CancelledError) as error:
                self._interpret(error, path, page_number, attempt)
                continue
            result: _Result = self._outcome(outcome, path, page_number)
            return result
        raise self._crashed(path, page_number)

    async def _run(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
        timeout_seconds: float | None = None,
    ) -> _Result:
        for attempt in range(2):
            future = self._schedule(function, path, page_number, timeout_seconds)
            try:
                outcome = await asyncio.wrap_future(future)
            except asyncio.CancelledError:
                future.cancel()  # type: ignore[no-untyped-call]  # pebble terminates the worker of a cancelled running call
                raise
            except (ProcessExpired, BrokenProcessPool, TimeoutError) as error:
                self._interpret(error, path, page_number, attempt, timeout_seconds)
                continue
            result: _Result = self._outcome(outcome, path, page_number)
            return result
        raise self._crashed(path, page_number)

    def _schedule(
        self,
        function: Callable[[Path, int, RenderOptions], _Result | _WorkerFailure],
        path: Path,
        page_number: int,
        timeout_seconds: float | None = None,
    ) -> pebble.ProcessFuture[_Result | _WorkerFailure]:
        if self._closing:
            raise RenderPoolClosed("the render pool is stopping")
        arguments = (path, page_number, self._options)
        limit = timeout_seconds or self.timeout_seconds
        try:
            return self._pool.schedule(function, arguments, timeout=limit)
        except RuntimeError:  # the pool broke (every worker died at once): make a new one
            logger.warning("The render pool broke; starting a new one")
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool = self._new_pool()
            return self._pool.schedule(function, arguments, timeout=limit)

    def _interpret(
        self,
        error: BaseException,
        path: Path,
        page_number: int,
        attempt: int,
        timeout_seconds: float | None = None,
    ) -> None:
        """Raise what a failed call means; return when it is worth one more try."""
        if self._closing or isinstance(error, CancelledError):
            raise RenderPoolClosed("the render pool stopped") from error
        if isinstance(error, TimeoutError):
            # Not tried again: a render that overran a generous limit would overrun it
            # again, holding a worker for as long once more.
            raise self._timed_out(path, page_number, timeout_seconds) from None
        logger.warning(
            "A render worker died while handling %s; it was replaced%s",
            path.name,
            ", trying once more" if attempt == 0 else "",
        )

    @staticmethod
    def _outcome(outcome: _Result | _WorkerFailure, path: Path, page_number: int) -> _Result:
        if isinstance(outcome, _WorkerFailure):
            error_class = _ERROR_CLASSES[outcome.error_code]
            raise error_class(Path(outcome.path), outcome.message, page=outcome.page)
        return outcome

    @staticmethod
    def _where(path: Path, page_number: int) -> str:
        return f"Page {page_number} of {path.name}" if page_number else path.name

    def _timed_out(
        self, path: Path, page_number: int, timeout_seconds: float | None = None
    ) -> RenderTimedOut:
        what = "rendered" if page_number else "opened"
        return RenderTimedOut(
            path,
            f"{self._where(path, page_number)} could not be {what} within "
            f"{timeout_seconds or self.timeout_seconds:g} seconds (render_timeout_seconds), "
            "so docvault stopped "
            "trying; the other pages and files go on, and the original is kept in the archive. "
            "Such a file is usually built wrongly (or on purpose) so that drawing it never ends: "
            "ask the sender for a new copy (printed to PDF again, or re-scanned). If the server "
            "was only very busy, re-run the page from the web view.",
            page=page_number or None,
        )

    def _crashed(self, path: Path, page_number: int) -> RenderCrashed:
        return RenderCrashed(
            path,
            f"{self._where(path, page_number)} crashed the render worker twice (MuPDF may have "
            "hit a bug on this file, or the page needs more memory than "
            "render_memory_limit_mb allows); the other pages are not affected and the original "
            "is kept. Re-run it from the web view later; if it crashes again, ask the sender "
            "for a new copy or re-scan it.",
            page=page_number or None,
        )

    def close(self) -> None:
        """Stop the worker processes now: pages in flight are abandoned (the queue keeps them)."""
        if self._closing:
            return
        self._closing = True
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=10)
        release()


class RenderPoolClosed(Exception):
    """The pool was stopped while a call waited: the page goes back to the queue unharmed."""
