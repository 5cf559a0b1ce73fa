"""The transaction that finishes a letter's pages, with its facts proposed inside it (as
docvault did until issue 46) and outside it (the facts part after the commit), on the same
pages, side by side.

Two copies of one database: the held-out patient register (`bench/heldout`, 5,400 patients)
refreshed into it, and the same letters recorded in each, their pages claimed. Each letter's
pages are then finished in one transaction (as the worker's `complete_many` does), in turn
in each copy:

- inside: the pages stored, the document refreshed and its facts proposed and kept in the
  one write transaction (the old `leases._refresh_document`);
- outside: `records.complete_many` (the facts only marked due), then the facts part's two
  steps, timed apart: proposing (a read, no write lock) and keeping (a short write
  transaction: `facts.outbox.propose_due`'s).

Times are from the write transaction's start to its commit: how long SQLite's write lock is
held, which every other writer (intake, the web view, the index writer) waits for.

    .venv/bin/python -m bench.completion_bench [--letters 60] [--pages 1,5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sqlalchemy import Engine

from bench.heldout import register as heldout_register
from docvault import db, records
from docvault.facts import register
from docvault.facts import store as fact_store
from docvault.facts.outbox import due
from docvault.facts.register_files import read_csv
from docvault.models import FactsDue, utcnow
from docvault.records import leases
from tests.support.letters import TODAY, generate

OWNER = "bench"


def build(path: Path, letters: int, pages: int, folder: Path) -> list[list[records.FinishedPage]]:
    """The database at `path`: register, letters recorded and claimed; each letter's pages
    as the worker finishes them."""
    database = db.make_engine(path)
    db.upgrade(database)
    heldout_register.write_all(heldout_register.build(), folder)
    register.refresh(database, read_csv(folder / "patients.csv", [], TODAY))
    texts = [letter.text for letter in generate(letters * pages, seed=46)]
    for number in range(letters):
        new = records.NewDocument(
            sha256=f"{number:064x}", original_name=f"letter-{number}.pdf", inbox="fax",
            original_path=f"/in/letter-{number}.pdf", archive_path=f"archive/{number}",
            size_bytes=10, tags=(),
        )  # fmt: skip
        records.record_document(database, new, pages)
    claimed = records.claim(database, OWNER, limit=letters * pages, lease_seconds=3600)
    by_document: dict[int, list[records.FinishedPage]] = {}
    for index, page in enumerate(sorted(claimed, key=lambda page: page.page_id)):
        finished = records.FinishedPage(page.page_id, texts[index], False, [])
        by_document.setdefault(page.document_id, []).append(finished)
    database.dispose()
    return [by_document[document_id] for document_id in sorted(by_document)]


def inside(database: Engine, finished: Sequence[records.FinishedPage]) -> float:
    """The old completion: pages, document and facts in one write transaction."""
    started = time.perf_counter()
    now = utcnow()
    with db.write_transaction(database) as session:
        document_id = 0
        for page in finished:
            document_id = leases._store_finished(session, OWNER, page, now) or 0
        leases._refresh_document(session, document_id, now)
        fact_store.refresh_proposals(session, document_id, now)
        row = session.get(FactsDue, document_id)  # the mark the new refresh leaves
        if row is not None:
            session.delete(row)
    return time.perf_counter() - started


def outside(database: Engine, finished: Sequence[records.FinishedPage]) -> tuple[float, ...]:
    """The completion (facts marked), then proposing (no lock) and keeping (locked)."""
    started = time.perf_counter()
    records.complete_many(database, OWNER, finished)
    completed = time.perf_counter()
    ((document_id, marked),) = due(database)
    with db.read_session(database) as session:
        proposals = fact_store.proposals_of(session, document_id)
    proposed = time.perf_counter()
    with db.write_transaction(database) as session:
        row = session.get(FactsDue, document_id)
        assert proposals is not None
        assert row is not None
        assert row.queued_at == marked
        fact_store.store_proposals(session, document_id, proposals)
        session.delete(row)
    kept = time.perf_counter()
    return completed - started, proposed - completed, kept - proposed


def _line(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"| {name} | {statistics.median(seconds) * 1000:.1f} | {p90 * 1000:.1f} | "
        f"{max(seconds) * 1000:.1f} |"
    )


def measure(letters: int, pages: int, folder: Path) -> None:
    template = folder / f"template-{pages}.sqlite3"
    documents = build(template, letters, pages, folder)
    copies: dict[str, Engine] = {}
    for name in ("inside", "outside"):
        shutil.copyfile(template, folder / f"{name}-{pages}.sqlite3")
        copies[name] = db.make_engine(folder / f"{name}-{pages}.sqlite3")
    old: list[float] = []
    new: list[tuple[float, ...]] = []
    for finished in documents:  # in turn, so both meet the same load on the machine
        old.append(inside(copies["inside"], finished))
        new.append(outside(copies["outside"], finished))
    for database in copies.values():
        database.dispose()
    print(f"\n{letters} letters of {pages} page(s), register of 5,400 patients "
          "(milliseconds: median | p90 | max)")  # fmt: skip
    print("| step | median | p90 | max |\n| --- | --- | --- | --- |")
    column: Callable[[int], list[float]] = lambda index: [row[index] for row in new]  # noqa: E731
    print(_line("completion, facts inside (write lock)", old))
    print(_line("completion, facts marked (write lock)", column(0)))
    print(_line("facts proposed after (no write lock)", column(1)))
    print(_line("facts kept after (write lock)", column(2)))
    ratio = statistics.median(old) / statistics.median(column(0))
    print(f"completion's write lock, median: {ratio:.1f} times shorter with the facts outside")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--letters", type=int, default=60)
    parser.add_argument("--pages", default="1,5", help="pages per letter, comma separated")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docvault-completion-bench-") as folder:
        for pages in (int(part) for part in arguments.pages.split(",")):
            measure(arguments.letters, pages, Path(folder))


if __name__ == "__main__":
    main()
