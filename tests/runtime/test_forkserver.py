"""The fork server the workers come from: workers are its children, not this process's; a
worker gives up the server's "alive" pipe; the last pool closed stops the server, so a
process that ran pools leaves none behind."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from docvault.render import RenderOptions
from docvault.render.pool import RenderPool
from tests.support.children import children_of


def _identity(path: Path, options: RenderOptions) -> tuple[int, int]:
    """In a worker: its pid and its parent's pid."""
    return os.getpid(), os.getppid()


def _pipes(pid: int, access: int) -> set[str]:
    """The pipes a process holds open for reading (`os.O_RDONLY`) or for writing."""
    found = set()
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
            info = Path(f"/proc/{pid}/fdinfo/{name}").read_text()
        except OSError:
            continue  # closed while we looked
        flags = int(info.split("flags:")[1].split()[0], 8)
        if target.startswith("pipe:") and flags & os.O_ACCMODE == access:
            found.add(target)
    return found


def test_workers_come_from_the_server_and_the_last_pool_closed_stops_it(
    fixtures_dir: Path,
) -> None:
    before = children_of(os.getpid())
    first = RenderPool(1, RenderOptions())
    second = RenderPool(1, RenderOptions())
    try:
        worker, parent = asyncio.run(
            first.derive(fixtures_dir / "pymupdf__small-table.pdf", _identity)
        )
        assert children_of(os.getpid()) - before == {parent}, "the worker's parent is new"
        assert worker in children_of(parent)
        # The server reads its "alive" pipe for the end of its clients: the worker holds no
        # writing end of it (a worker stuck in MuPDF would keep the server alive for good).
        assert _pipes(worker, os.O_WRONLY) & _pipes(parent, os.O_RDONLY) == set()
        first.close()
        assert children_of(os.getpid()) - before == {parent}, "the second pool still uses it"
    finally:
        first.close()
        second.close()
    assert children_of(os.getpid()) - before == set(), "the last pool closed stops the server"


def test_a_worker_that_dies_is_replaced_by_one_the_same_server_forks() -> None:
    """A worker killed (as the pool kills one past its limit) is replaced, and the call that
    met it is tried once more, on the new worker, forked by the same server."""
    pool = RenderPool(1, RenderOptions())
    try:
        first, server = asyncio.run(pool.derive(Path("/"), _identity))
        os.kill(first, signal.SIGKILL)
        second, second_server = asyncio.run(pool.derive(Path("/"), _identity))
        assert second != first
        assert second_server == server
    finally:
        pool.close()
