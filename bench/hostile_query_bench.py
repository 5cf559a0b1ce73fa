"""Hostile searches against the bounds of issue 13: what a very long or very broad query costs.

    .venv/bin/python -m bench.hostile_query_bench --pages 20000

Builds a Whoosh index of seeded letter pages (bench/corpus.py), then times, side by side:
the issue's 60,000-character query as docvault now answers it (refused) and, once, with the
bounds lifted (the code before issue 13); the broadest queries the bounds still allow
(500 characters, 32 words: fuzzy, prefixes, OR); and how long a status figure (the index's
page count, which /api/status reads) waits while two of those run in parallel. Not a test:
it prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from bench.index_bench import build_whoosh, store_texts, text_loader
from docvault.errors import QuerySyntaxError
from docvault.search import SearchIndex, language

ISSUE_QUERY = "metoprolol " * 5455  # 60,005 characters, as the tester sent


def _broad_queries() -> dict[str, str]:
    words = ["metoprolol", "ramipril", "patient", "befund", "kontrolle", "labor", "dosis",
             "therapie"] * 4  # fmt: skip
    return {
        "32 fuzzy words ~2": " ".join(f"{word}~2" for word in words),
        "32 two-letter prefixes": " OR ".join(f"{word[:2]}*" for word in words),
        "32 words OR": " OR ".join(words),
        "32 words AND": " ".join(words),
    }


def timed(action: Callable[[], object]) -> tuple[float, str]:
    started = time.perf_counter()
    try:
        action()
        outcome = "answered"
    except QuerySyntaxError as error:
        outcome = "refused: " + error.message[:70]
    return time.perf_counter() - started, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20_000)
    parser.add_argument("--unbounded", action="store_true", help="also run the 60k query unbounded")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        build_whoosh(root / "index", arguments.pages)
        store_texts(root / "texts.sqlite3", arguments.pages)
        connection = sqlite3.connect(root / "texts.sqlite3", check_same_thread=False)
        texts = text_loader(connection)
        index = SearchIndex(root / "index")
        index.search("metoprolol", texts=texts)  # warm
        print(f"{arguments.pages} pages; time limit {language.SEARCH_TIME_LIMIT_SECONDS:g} s")
        seconds, outcome = timed(lambda: index.search(ISSUE_QUERY, texts=texts))
        print(f"60,005-character query, bounded: {seconds * 1000:.2f} ms, {outcome}")
        if arguments.unbounded:
            bounds = (language.MAX_QUERY_CHARACTERS, language.MAX_QUERY_TERMS,
                      language.SEARCH_TIME_LIMIT_SECONDS)  # fmt: skip
            language.MAX_QUERY_CHARACTERS = language.MAX_QUERY_TERMS = 10**9
            language.SEARCH_TIME_LIMIT_SECONDS = 10**9
            seconds, outcome = timed(lambda: index.search(ISSUE_QUERY, texts=texts))
            print(f"60,005-character query, bounds lifted: {seconds:.2f} s, {outcome}")
            (language.MAX_QUERY_CHARACTERS, language.MAX_QUERY_TERMS,
             language.SEARCH_TIME_LIMIT_SECONDS) = bounds  # fmt: skip
        slowest, slowest_seconds = "", 0.0
        for name, query in _broad_queries().items():
            seconds, outcome = timed(lambda query=query: index.search(query, texts=texts))
            print(f"{name} ({len(query)} characters): {seconds * 1000:.0f} ms, {outcome}")
            if seconds > slowest_seconds:
                slowest, slowest_seconds = query, seconds
        waits = _status_waits(index, texts, slowest)
        print(f"page count while two of the slowest run: median {statistics.median(waits):.0f} "
              f"ms, worst {max(waits):.0f} ms over {len(waits)} reads")  # fmt: skip
        index.close()
        connection.close()


def _status_waits(index: SearchIndex, texts: Callable[..., object], query: str) -> list[float]:
    stop = threading.Event()

    def keep_searching() -> None:
        while not stop.is_set():
            timed(lambda: index.search(query, texts=texts))  # type: ignore[arg-type]

    workers = [threading.Thread(target=keep_searching) for _ in range(2)]
    for worker in workers:
        worker.start()
    waits = []
    for _ in range(20):
        started = time.perf_counter()
        index.page_count()
        waits.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)  # a status page polls; this is its pace, not synchronisation
    stop.set()
    for worker in workers:
        worker.join()
    return waits


if __name__ == "__main__":
    main()
