"""Indexing and search benchmark: docvault's Whoosh index against SQLite FTS5.

    .venv/bin/python -m bench.index_bench --pages 100000

Builds both indexes from the same seeded corpus (bench/corpus.py), in batches of the size
the daemon's outbox drainer commits, then runs the same mixed queries with highlighted
snippets (top 20 documents, each matching page up to SNIPPET_PAGES a document, as the web
view shows them) on both, alternately, and prints one table; Whoosh's snippets
are made from page texts loaded from SQLite, as the daemon's are from its database. With
``--optimize`` both indexes are then merged (the nightly job) and searched again. FTS5 has no
fuzzy search: fuzzy queries run there as the prefix of the word (its first four letters),
which is said in the table. Not a test: it prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from pathlib import Path

from bench.corpus import DRUGS, INBOXES, LAST_NAMES, TAGS, LetterPage, generate_pages
from devtools.index_compaction import compact
from docvault import facts
from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.search.pages import SNIPPET_PAGES
from docvault.textutil import strip_markup

BATCH_PAGES = 500
TOP_DOCUMENTS = 20


def _letter_date(page: LetterPage) -> date | None:
    """The letter date the facts would propose (the daemon indexes the stored fact)."""
    if page.page_number != 1:
        return None
    proposal = facts.propose(page.markdown).get("letter_date")
    return facts.stored_date(proposal.value) if proposal else None


def entries(pages: Iterator[LetterPage]) -> Iterator[IndexEntry]:
    for page in pages:
        yield IndexEntry(
            page_id=page.page_id,
            document_id=page.document_id,
            page_number=page.page_number,
            inbox=page.inbox,
            tags=page.tags,
            file_name=page.file_name,
            received=page.received,
            document_date=_letter_date(page),
            status=page.status,
            text=page.markdown,
            stamp=page.page_id,
        )


def _mangle(word: str, rng: random.Random) -> str:
    """One OCR-like edit inside the word (never the first letter)."""
    position = rng.randrange(1, len(word))
    substitutes = {"l": "1", "o": "0", "i": "l", "e": "c", "m": "rn"}
    letter = word[position]
    return word[:position] + substitutes.get(letter, letter + letter) + word[position + 1 :]


def make_queries(count: int, seed: int = 7) -> list[tuple[str, str, str]]:
    """(kind, whoosh query, fts5 query) triples: words, phrases, prefix, fuzzy, filtered."""
    rng = random.Random(seed)
    queries = []
    for number in range(count):
        kind = ("word", "two words", "phrase", "prefix", "fuzzy", "filtered")[number % 6]
        drug = rng.choice(DRUGS).lower()
        name = rng.choice(LAST_NAMES)
        if kind == "word":
            queries.append((kind, name, f'"{name}"'))
        elif kind == "two words":
            queries.append((kind, f"{name} {drug}", f'"{name}" "{drug}"'))
        elif kind == "phrase":
            queries.append(
                (
                    kind,
                    f'"{drug} {rng.choice(["5mg", "10mg", "50mg"])}"',
                    f'"{drug} {rng.choice(["5mg", "10mg", "50mg"])}"',
                )
            )
        elif kind == "prefix":
            queries.append((kind, f"{drug[:5]}*", f'"{drug[:5]}"*'))
        elif kind == "fuzzy":
            queries.append((kind, f"{_mangle(drug, rng)}~", f'"{drug[:4]}"*'))
        else:
            inbox, tag = rng.choice(INBOXES), rng.choice(TAGS)
            queries.append(
                (
                    kind,
                    f"{drug} inbox:{inbox} tag:{tag} received:2024",
                    f'"{drug}" AND inbox:"{inbox}" AND tags:"{tag}" AND received:"2024"',
                )
            )
    return queries


def build_whoosh(directory: Path, pages: int) -> float:
    writer = FolderWriter(directory, engine="whoosh")
    started = time.perf_counter()
    batch: list[IndexEntry] = []
    for entry in entries(generate_pages(pages)):
        batch.append(entry)
        if len(batch) == BATCH_PAGES:
            writer.apply(batch, [])
            batch = []
    writer.apply(batch, [])
    return time.perf_counter() - started


def store_texts(path: Path, pages: int) -> None:
    """The page Markdown in SQLite, as the daemon's database holds it: snippets are made
    from the database's text, so each search loads its shown pages from here."""
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE page (id INTEGER PRIMARY KEY, markdown TEXT)")
    with connection:
        connection.executemany(
            "INSERT INTO page VALUES (?, ?)",
            ((page.page_id, page.markdown) for page in generate_pages(pages)),
        )
    connection.close()


def text_loader(connection: sqlite3.Connection) -> Callable[[Sequence[int]], dict[int, str]]:
    def load(page_ids: Sequence[int]) -> dict[int, str]:
        marks = ",".join("?" * len(page_ids))
        rows = connection.execute(
            f"SELECT id, markdown FROM page WHERE id IN ({marks})", list(page_ids)
        )
        return dict(rows.fetchall())

    return load


def build_fts5(path: Path, pages: int) -> float:
    connection = sqlite3.connect(path)
    connection.execute(
        "CREATE VIRTUAL TABLE pages USING fts5(text, inbox UNINDEXED, tags UNINDEXED, "
        "received UNINDEXED, page_id UNINDEXED, document_id UNINDEXED, "
        "tokenize='unicode61 remove_diacritics 2')"
    )
    started = time.perf_counter()
    rows = []
    for page in generate_pages(pages):
        rows.append(
            (
                strip_markup(page.markdown),
                page.inbox,
                " ".join(page.tags),
                page.received.isoformat(),
                page.page_id,
                page.document_id,
            )
        )
        if len(rows) == BATCH_PAGES:
            with connection:
                connection.executemany("INSERT INTO pages VALUES (?, ?, ?, ?, ?, ?)", rows)
            rows = []
    with connection:
        connection.executemany("INSERT INTO pages VALUES (?, ?, ?, ?, ?, ?)", rows)
    connection.close()
    return time.perf_counter() - started


def fts5_search(connection: sqlite3.Connection, fts_query: str) -> list[tuple[int, str]]:
    # Filters on the unindexed columns are applied in SQL, the way an FTS5 design would.
    match, _, rest = fts_query.partition(" AND inbox:")
    where, parameters = "pages MATCH ?", [match]
    if rest:
        inbox, _, rest = rest.partition(" AND tags:")
        tag, _, received = rest.partition(" AND received:")
        where += " AND inbox = ? AND instr(tags, ?) > 0 AND received LIKE ?"
        parameters += [inbox.strip('"'), tag.strip('"'), received.strip('"') + "%"]
    sql = (
        "SELECT document_id, page_id, snippet(pages, 0, '<mark>', '</mark>', ' … ', 24), "
        f"bm25(pages) AS rank FROM pages WHERE {where} ORDER BY rank LIMIT ?"
    )
    rows = connection.execute(sql, [*parameters, TOP_DOCUMENTS * 4]).fetchall()
    count_sql = f"SELECT count(*), count(DISTINCT document_id) FROM pages WHERE {where}"
    connection.execute(count_sql, parameters).fetchone()
    return [(row[0], row[2]) for row in rows]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


Times = dict[str, list[float]]


def measure(
    search_index: SearchIndex,
    connection: sqlite3.Connection,
    texts: Callable[[Sequence[int]], dict[int, str]],
    queries: list[tuple[str, str, str]],
) -> tuple[Times, Times]:
    """Each query on Whoosh (with snippets from the page texts in SQLite) and on FTS5,
    alternately, so both see the same load on a shared machine."""
    whoosh_times: Times = {}
    fts_times: Times = {}
    for kind, whoosh_query, fts_query in queries:
        started = time.perf_counter()
        search_index.search(
            whoosh_query, per_page=TOP_DOCUMENTS, texts=texts, snippet_pages=SNIPPET_PAGES
        )
        whoosh_times.setdefault(kind, []).append(time.perf_counter() - started)
        started = time.perf_counter()
        fts5_search(connection, fts_query)
        fts_times.setdefault(kind, []).append(time.perf_counter() - started)
    return whoosh_times, fts_times


def size_mb(path: Path) -> float:
    files = [path] if path.is_file() else list(path.iterdir())
    return sum(file.stat().st_size for file in files) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--reuse", type=Path, help="search the indexes an earlier run left in this directory"
    )
    parser.add_argument(
        "--optimize",
        action="store_true",
        help="then merge both indexes (the nightly job; FTS5 'optimize') and search again",
    )
    arguments = parser.parse_args()
    if arguments.reuse is not None:
        workdir = arguments.reuse
        whoosh_seconds = fts_seconds = float("nan")
    else:
        workdir = Path(tempfile.mkdtemp(prefix="docvault-index-bench-"))
    print(f"corpus: {arguments.pages} pages, work directory {workdir}", flush=True)
    if arguments.reuse is None:
        whoosh_seconds = build_whoosh(workdir / "index", arguments.pages)
        print(f"whoosh built in {whoosh_seconds:.0f} s", flush=True)
        fts_seconds = build_fts5(workdir / "fts.sqlite", arguments.pages)
        store_texts(workdir / "texts.sqlite", arguments.pages)
    texts = text_loader(sqlite3.connect(workdir / "texts.sqlite"))
    queries = make_queries(arguments.queries)
    connection = sqlite3.connect(workdir / "fts.sqlite")
    rounds = [("as built", False)] + ([("merged", True)] if arguments.optimize else [])
    for label, merge in rounds:
        if merge:
            started = time.perf_counter()
            compact(workdir / "index", "whoosh")
            whoosh_merge = time.perf_counter() - started
            started = time.perf_counter()
            with connection:
                connection.execute("INSERT INTO pages(pages) VALUES ('optimize')")
            print(
                f"merged: whoosh in {whoosh_merge:.0f} s, "
                f"fts5 in {time.perf_counter() - started:.0f} s",
                flush=True,
            )
        started = time.perf_counter()
        search_index = SearchIndex(workdir / "index")
        opened = time.perf_counter() - started
        segments = len(list((workdir / "index").glob("*.seg")))
        print(
            f"\n{label}: whoosh {segments} segment(s), {size_mb(workdir / 'index'):,.0f} MB, "
            f"opened in {opened * 1000:.0f} ms; fts5 {size_mb(workdir / 'fts.sqlite'):,.0f} MB",
            flush=True,
        )
        whoosh_times, fts_times = measure(search_index, connection, texts, queries)
        report(arguments.pages, whoosh_seconds, fts_seconds, whoosh_times, fts_times)
        search_index.close()


def report(
    pages: int,
    whoosh_seconds: float,
    fts_seconds: float,
    whoosh_times: Times,
    fts_times: Times,
) -> None:
    whoosh_rate, fts_rate = pages / whoosh_seconds * 60, pages / fts_seconds * 60
    print(f"{'measure':<34}{'whoosh':>12}{'fts5':>12}{'whoosh/fts5':>13}")
    print(
        f"{'indexing pages/min (500/commit)':<34}{whoosh_rate:>12,.0f}{fts_rate:>12,.0f}"
        f"{whoosh_rate / fts_rate:>13.2f}"
    )
    every_whoosh = [t for times in whoosh_times.values() for t in times]
    every_fts = [t for times in fts_times.values() for t in times]
    rows = [("all queries", every_whoosh, every_fts)]
    rows += [(kind, whoosh_times[kind], fts_times[kind]) for kind in whoosh_times]
    for label, whoosh_list, fts_list in rows:
        for name, fraction in (("median", 0.5), ("p95", 0.95)):
            whoosh_ms = percentile(whoosh_list, fraction) * 1000
            fts_ms = percentile(fts_list, fraction) * 1000
            print(
                f"{label + ' ' + name + ' ms':<34}{whoosh_ms:>12.1f}{fts_ms:>12.1f}"
                f"{whoosh_ms / fts_ms:>13.1f}"
            )
    slowest = max(every_whoosh) * 1000, max(every_fts) * 1000
    print(f"{'slowest query ms':<34}{slowest[0]:>12.1f}{slowest[1]:>12.1f}")
    print(
        "fts5 has no fuzzy search: its 'fuzzy' rows run the word's first four letters as a prefix."
    )


if __name__ == "__main__":
    main()
