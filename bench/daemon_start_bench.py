"""What a start and a graceful stop of `docvault run` cost: wall time to ready, wall time to
stop, and the CPU time of the daemon and every process it made (render and mail workers,
the fork server), on the CPU engine with no documents.

A start after a kill, a restart by systemd, and every daemon test pays this; the render
workers' imports were most of it. Trees are measured in turns, one cycle each, so that a
busy machine slows them alike:

    python -m bench.daemon_start_bench --cycles 6 --tree /path/to/other/checkout

prints the median per tree (the tree given first with `--tree` is the checkout itself when
none is given). Another checkout is imported through PYTHONPATH in the daemon it starts.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from devtools.daemon import Daemon


def one_cycle(tree: Path | None) -> tuple[float, float, float]:
    """(seconds to ready, seconds to stop, CPU seconds of its processes) of one start."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    saved = os.environ.get("PYTHONPATH")
    if tree is not None:
        os.environ["PYTHONPATH"] = str(tree)
    try:
        with tempfile.TemporaryDirectory(prefix="docvault-start-") as folder:
            daemon = Daemon(Path(folder), DOCVAULT_ENGINE="cpu")
            started = time.monotonic()
            daemon.start()
            ready = time.monotonic()
            daemon.stop()
            stopped = time.monotonic()
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return ready - started, stopped - ready, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=5, help="starts per tree")
    parser.add_argument(
        "--tree", type=Path, action="append", default=[], help="another checkout to compare"
    )
    arguments = parser.parse_args()
    trees: list[Path | None] = [None, *arguments.tree]
    results: dict[str, list[tuple[float, float, float]]] = {str(t or "."): [] for t in trees}
    for _ in range(arguments.cycles):
        for tree in trees:
            results[str(tree or ".")].append(one_cycle(tree))
    print(f"# {arguments.cycles} cycles per tree, in turns; python {sys.version.split()[0]}")
    print("| tree | ready (s) | stop (s) | CPU of its processes (s) |")
    print("|---|---:|---:|---:|")
    for name, cycles in results.items():
        ready, stop, cpu = (statistics.median(column) for column in zip(*cycles, strict=True))
        print(f"| {name} | {ready:.2f} | {stop:.2f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
