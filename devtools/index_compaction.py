"""Compacting an index folder, for the benchmarks and tests that measure its size and speed.

The daemon never compacts: Whoosh merges segments by its own policy at each commit, and
Tantivy merges in its own threads and deletes what its merges replaced when its writer lets
go of the folder. A benchmark (bench/index_bench.py --optimize, bench/scale_bench.py) or a
test of the folder's size asks for the rest here, with no writer of the daemon's open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from whoosh import index

from docvault.search.folder import open_tantivy
from docvault.setting_types import IndexEngine

TANTIVY_HEAP_BYTES = 15_000_000  # Tantivy's own minimum for a writer's one thread


def merge_whoosh_segments(directory: Path) -> None:
    """Merge all segments into one. It rewrites the whole index (346 s at 100,000 pages)
    for searches 3.5 ms faster (p95 23.2 -> 19.7 ms, bench/index_bench.py --optimize), so
    the daemon leaves merging to Whoosh's own policy; a rebuild writes one segment anyway."""
    index.open_dir(str(directory)).writer(procs=1).commit(optimize=True)


def collect_tantivy_garbage(directory: Path) -> None:
    """Delete the files of segments that merges replaced and no searcher reads."""
    writer = open_tantivy(directory).writer(TANTIVY_HEAP_BYTES, 1)
    writer.garbage_collect_files()
    writer.wait_merging_threads()  # lets go of the folder's lock now


COMPACTIONS: dict[IndexEngine, Callable[[Path], None]] = {
    "whoosh": merge_whoosh_segments,
    "tantivy": collect_tantivy_garbage,
}


def compact(directory: Path, engine: IndexEngine) -> None:
    """Whoosh: one segment. Tantivy: the merged-away files gone."""
    COMPACTIONS[engine](directory)
