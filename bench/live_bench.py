"""What an open list costs the server while it updates itself (issue 48).

Each open tab of the web view asks `GET /api/live` every `LIVE_MILLISECONDS` (3 s, in
static/docvault.js) and fetches its list again only when the answer changed. This times the
database's part of one ask (`queries.live_counts`) against what one reload of the home page
asks (the arrivals page, its counts and the problems count), on the synthetic archive of
bench/arrivals_bench.py, and says what share of one core each open tab takes; the counts
are shared by every tab (`queries.LiveLists`) and made again only after a change:

    .venv/bin/python bench/live_bench.py --documents 100000
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from bench.arrivals_bench import fill, milliseconds
from docvault import db
from docvault.web import queries
from docvault.web.queries import ArrivalFilter

ASK_EVERY_SECONDS = 3.0  # LIVE_MILLISECONDS in static/docvault.js


def reload_of_the_home_page(engine: object) -> None:
    """The questions one load of the arrivals list asks (docvault.web.views.search)."""
    queries.arrivals(engine, ArrivalFilter(), 0, 20)  # type: ignore[arg-type]
    queries.worklist_counts(engine)  # type: ignore[arg-type]
    queries.documents_needing_attention(engine)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=100_000)
    documents = parser.parse_args().documents
    folder = Path(tempfile.mkdtemp(prefix="docvault-live-"))
    try:
        fill(folder / "docvault.sqlite3", documents)
        database = db.make_engine(folder / "docvault.sqlite3")
        counts = milliseconds(lambda: queries.live_counts(database))
        shared = queries.LiveLists()
        shared.counts(database)  # made once; unchanged since, every further ask is the check
        ask = milliseconds(lambda: shared.counts(database))
        reload = milliseconds(lambda: reload_of_the_home_page(database))
        share = ask / (ASK_EVERY_SECONDS * 1000) * 100
        busiest = counts / (queries.LIVE_COUNTS_SECONDS * 1000) * 100
        rows = [
            ("the counts made afresh (after a change; at most every 2 s for all tabs)",
             f"{counts:.1f}"),
            ("one ask of an open tab while nothing changed (data_version)", f"{ask:.3f}"),
            ("one reload of the arrivals list, for comparison", f"{reload:.1f}"),
            (f"one open tab, asking every {ASK_EVERY_SECONDS:g} s, nothing changing",
             f"{share:.4f} % of a core"),
            ("all tabs together while the database changes all the time",
             f"{busiest:.1f} % of a core"),
        ]  # fmt: skip
        print(f"| {documents:,} documents | ms (mean) |")
        print("| --- | ---: |")
        for label, value in rows:
            print(f"| {label} | {value} |")
        database.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
