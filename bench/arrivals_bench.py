"""The home page's arrivals list on a large archive: one page of rows and the counts.

A database migrated to head is filled with synthetic rows (documents of three pages in three
inboxes and four states, one a minute), then each question the home page asks is timed:

    .venv/bin/python bench/arrivals_bench.py --documents 100000
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from docvault import db
from docvault.web import queries
from docvault.web.queries import ArrivalFilter

START = datetime(2020, 1, 1, tzinfo=UTC)
INBOXES = ("fax", "scans", "post")
STATES = ("done", "attention", "processing", "failed")
PAGES_PER_DOCUMENT = 3
REPEATS = 5


def fill(path: Path, documents: int) -> None:
    database = db.make_engine(path)
    db.upgrade(database)
    database.dispose()
    connection = sqlite3.connect(path)
    connection.executemany(
        "insert into documents (id, sha256, original_name, inbox, original_path, archive_path,"
        " size_bytes, tags, page_count, status, received_at, updated_at)"
        " values (?, ?, ?, ?, '/srv/inbox', 'archive/x.pdf', 1, '', ?, ?, ?, ?)",
        (
            (
                number,
                hashlib.sha256(str(number).encode()).hexdigest(),
                f"scan-{number}.pdf",
                INBOXES[number % len(INBOXES)],
                PAGES_PER_DOCUMENT,
                STATES[number % len(STATES)],
                str(START + timedelta(minutes=number)),
                str(START),
            )
            for number in range(1, documents + 1)
        ),
    )
    connection.executemany(
        "insert into pages (document_id, number, status, priority, created_at, updated_at)"
        " values (?, ?, 'done', 0, ?, ?)",
        (
            (document, page, str(START), str(START))
            for document in range(1, documents + 1)
            for page in range(1, PAGES_PER_DOCUMENT + 1)
        ),
    )
    connection.commit()
    connection.close()


def milliseconds(question: Callable[[], object]) -> float:
    question()  # warm the page cache
    started = time.perf_counter()
    for _ in range(REPEATS):
        question()
    return (time.perf_counter() - started) / REPEATS * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=100_000)
    documents = parser.parse_args().documents
    folder = Path(tempfile.mkdtemp(prefix="docvault-arrivals-"))
    try:
        fill(folder / "docvault.sqlite3", documents)
        database = db.make_engine(folder / "docvault.sqlite3")
        day = START + timedelta(days=30)
        questions: list[tuple[str, Callable[[], object]]] = [
            ("newest 20", lambda: queries.arrivals(database, ArrivalFilter(), 0, 20)),
            ("inbox and status", lambda: queries.arrivals(
                database, ArrivalFilter(inbox="fax", status="attention"), 0, 20)),
            ("one received day", lambda: queries.arrivals(
                database, ArrivalFilter(since=day, until=day + timedelta(days=1)), 0, 20)),
            ("a tag (no index)", lambda: queries.arrivals(
                database, ArrivalFilter(tag="lab"), 0, 20)),
            ("page 4,000", lambda: queries.arrivals(database, ArrivalFilter(), 79_980, 20)),
            ("needing attention", lambda: queries.documents_needing_attention(database)),
            ("per inbox and status", lambda: queries.documents_per_inbox(database)),
        ]  # fmt: skip
        print(f"| question ({documents:,} documents) | ms (mean of {REPEATS}) |")
        print("| --- | ---: |")
        for label, question in questions:
            print(f"| {label} | {milliseconds(question):.1f} |")
        database.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
