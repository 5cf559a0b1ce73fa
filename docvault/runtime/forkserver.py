"""Where worker processes come from: a fork server that imported their modules once.

A spawned worker is a fresh interpreter that imports PyMuPDF, NumPy and OpenCV again before
its first page (about 0.4 s of CPU each; a daemon starts four, and a start after a kill
starts them all again). Python's fork server imports the workers' modules once, in a process
of its own that has no threads, and forks each worker from itself (forking the daemon, which
has threads, could deadlock the child; forking the server cannot).

Bound to this process's life, as the workers were when spawned:
- the server ends when this process ends: its "alive" pipe closes. Every worker is handed
  that pipe too, and a worker stuck in MuPDF would hold it open for good, so each worker
  closes its copy first (`leave_the_server`), and the server's end is this process's alone;
- the workers end with the server: their parent-death signal (`die_with_parent`) names it;
- a process that closes its last pool stops the server (`release`): a command, or a test
  that runs the daemon in its own process, leaves no process behind.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Sequence
from multiprocessing import forkserver
from multiprocessing.context import BaseContext

from docvault.runtime.lifeline import die_first_when_memory_runs_out, die_with_parent, limit_memory

_lock = threading.Lock()
_holders = 0


def worker_context(preload: Sequence[str]) -> BaseContext:
    """The fork server's context, the server importing `preload` when it starts; held until
    `release` (one call each)."""
    global _holders
    with _lock:
        _holders += 1
        context = multiprocessing.get_context("forkserver")
        if _holders == 1:
            # The modules of the first holder's workers and all that were asked for before.
            context.set_forkserver_preload(sorted({*_preloaded(), *preload}))
        return context


def _preloaded() -> list[str]:
    # The list the server was last told to import (the standard library keeps it).
    modules: list[str] = forkserver._forkserver._preload_modules  # type: ignore[attr-defined]
    return [name for name in modules if name != "__main__"]


def release() -> None:
    """One holder less; with none left, the server stops (its workers have ended)."""
    global _holders
    with _lock:
        _holders -= 1
        if _holders == 0:
            forkserver._forkserver._stop()  # type: ignore[attr-defined]


def leave_the_server() -> None:
    """In a worker: give up the server's "alive" pipe, so that only the process that made
    the server keeps it running (a stuck worker would otherwise keep it, and so itself,
    alive after a SIGKILL of the daemon)."""
    alive = forkserver._forkserver._forkserver_alive_fd  # type: ignore[attr-defined]
    if alive is not None:
        os.close(alive)
        forkserver._forkserver._forkserver_alive_fd = None  # type: ignore[attr-defined]


def prepare_worker(memory_limit_bytes: int) -> None:
    """Runs first in every worker: off the server's pipe, bound to the server's life (and so
    the daemon's), memory-capped, and the out-of-memory killer's first choice (so a file's
    memory never costs docvault its life)."""
    leave_the_server()
    die_with_parent()
    limit_memory(memory_limit_bytes)
    die_first_when_memory_runs_out()
