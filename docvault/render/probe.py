"""The probe of a page that may have killed docvault: one render alone, in a process of its own.

A page whose render kills the whole daemon (a MuPDF bug, the kernel's out-of-memory killer)
would kill it again at every start. `docvault.suspects` renders each page that was rendering
when docvault died with `probe_render`, exactly as the daemon's pool would, but inside a
process that dies in the daemon's place; its exit code is the `ProbeVerdict`.
"""

from __future__ import annotations

import multiprocessing
import sys
from enum import StrEnum
from pathlib import Path

from docvault.config import default
from docvault.errors import RenderCrashed, RenderError, RenderTimedOut
from docvault.lifeline import die_with_parent
from docvault.render.options import RenderOptions
from docvault.render.pool import RenderPool


class ProbeVerdict(StrEnum):
    """How a page rendered alone in a process of its own (`probe_render`) ended."""

    rendered = "rendered"  # an image: the page is innocent
    refused = "refused"  # a RenderError of the page's own, which the queue will record
    timed_out = "timed-out"  # past the limit: the pool would time it out the same way
    crashed = "crashed"  # its render worker died twice (RenderCrashed)
    killed = "killed"  # the process that held the render pool was killed: as docvault was
    unknown = "unknown"  # the probe's own process failed some other way: no verdict


_PROBE_EXIT_CODES = {
    0: ProbeVerdict.rendered,
    3: ProbeVerdict.refused,
    4: ProbeVerdict.timed_out,
    5: ProbeVerdict.crashed,
}
# Starting the probe's process and its render worker (each imports PyMuPDF and numpy).
PROBE_START_SECONDS = 30.0


def probe_render(
    path: Path,
    page_number: int,
    options: RenderOptions,
    rotation: int | None = None,
    timeout_seconds: float = default("render_timeout_seconds"),
    memory_limit_bytes: int = 0,
) -> ProbeVerdict:
    """Render one page exactly as the daemon's pool would, but in a pool of its own inside a
    process of its own, which dies in the daemon's place if the render takes its parent down
    (a MuPDF bug, the kernel's out-of-memory killer). Blocks: call it from a thread that lives
    until it returns (the probe's process dies with that thread, as a render worker does).
    """
    process = multiprocessing.get_context("spawn").Process(
        target=_probe_in_own_process,
        args=(path, page_number, options, rotation, timeout_seconds, memory_limit_bytes),
        name=f"docvault-probe-{page_number}",
    )
    process.start()
    process.join(2 * timeout_seconds + PROBE_START_SECONDS)
    if process.exitcode is None:  # its own limit did not end it: a hang outside the render
        process.kill()
        process.join()
        return ProbeVerdict.timed_out
    if process.exitcode < 0:
        return ProbeVerdict.killed
    return _PROBE_EXIT_CODES.get(process.exitcode, ProbeVerdict.unknown)


def _probe_in_own_process(
    path: Path,
    page_number: int,
    options: RenderOptions,
    rotation: int | None,
    timeout_seconds: float,
    memory_limit_bytes: int,
) -> None:
    """The probe's process: a pool of one worker, one render, the outcome as the exit code."""
    die_with_parent()
    pool = RenderPool(1, options, timeout_seconds, memory_limit_bytes)
    exit_code = 0
    try:
        pool.render_blocking(path, page_number, rotation)
    except RenderTimedOut:
        exit_code = 4
    except RenderCrashed:
        exit_code = 5
    except RenderError:
        exit_code = 3
    finally:
        pool.close()
    sys.exit(exit_code)
