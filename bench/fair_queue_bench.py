"""The queue's fairness between senders (issue 44; not a test; prints a Markdown table).

    python -m bench.fair_queue_bench [--letters 300] [--seconds-per-page 3]

A real SQLite queue (docvault's database, upgraded to head): one sender's message of
`--letters` one-page letters is recorded, then one letter of another sender; a worker
claims 8 pages at a time and completes them, as `docvault.worker` does. Counted: how many
pages are read before the other sender's letter, with the claim order before issue 44
(every document its own source: turns are page numbers, as the claim by page number was)
and after it (a mail sender's documents one source, as `docvault.intake.mailbox` records them),
side by side in one run. The wait is that count times `--seconds-per-page` (the CPU engine
reads a page in a few seconds; a GPU engine in about 0.07 s at full load, docs/gpu.md).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.engine_bench import _table as table
from docvault import db, records


def pages_before_the_letter(folder: Path, letters: int, shared_source: bool) -> tuple[int, float]:
    """Pages read before the other sender's letter, and the seconds all claims took."""
    database = db.make_engine(folder / "docvault.sqlite3")
    db.upgrade(database)
    bulk_source = "mail:labor:befund@labor.example" if shared_source else None
    for number in range(letters + 1):
        last = number == letters
        new = records.NewDocument(
            sha256=f"{number:064x}",
            original_name="roth.pdf" if last else f"befund-{number}.pdf",
            inbox="labor",
            original_path=f"labor/{number}",
            archive_path=f"archive/{number}",
            size_bytes=1,
            source=("mail:labor:post@roth.example" if shared_source else None)
            if last
            else bulk_source,
        )
        letter = records.record_document(database, new, 1).document_id
    read = 0
    started = time.perf_counter()
    while claims := records.claim(database, "bench", 8, lease_seconds=60):
        for claim in claims:
            finished = records.FinishedPage(claim.page_id, "text", False, [])
            records.complete_many(database, "bench", [finished])
            if claim.document_id == letter:
                database.dispose()
                return read, time.perf_counter() - started
            read += 1
    raise AssertionError("the letter was never claimed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--letters", type=int, default=300)
    parser.add_argument("--seconds-per-page", type=float, default=3.0)
    arguments = parser.parse_args()
    rows = []
    for label, shared in (("before (each document its own turns)", False), ("after", True)):
        with tempfile.TemporaryDirectory() as folder:
            read, seconds = pages_before_the_letter(Path(folder), arguments.letters, shared)
        wait = read * arguments.seconds_per_page
        rows.append([label, f"{read:,}", f"{wait:,.0f} s", f"{seconds * 1000:,.0f} ms"])
    print(
        table(
            f"Another sender's letter behind one message of {arguments.letters} letters",
            ["claim order", "pages read before the letter", "its wait", "claims took"],
            rows,
        )
    )


if __name__ == "__main__":
    main()
