"""Search at hospital scale (issue 32): each index engine on 100,000 to 1,000,000 pages.

    .venv/bin/python -m bench.scale_bench --pages 100000 [--engines whoosh,tantivy]
        [--workdir /tmp/scale] [--whoosh-minutes 60] [--keep] [--results FOLDER]

One run per archive size, the engines side by side on the same pages and queries:

1. The archive (``bench/scale_corpus.py``, seeded) is written to an SQLite file as the
   daemon's database holds it: each page's facts and Markdown.
2. Each engine imports it in a process of its own, as the outbox driver would with a large
   batch size: ``FolderWriter.apply`` with 5,000 pages a commit, the pages read from SQLite
   (the first import of a backlog). Then a steady trickle: 2,000 more pages in commits of
   10, each followed by ``SearchIndex.reopen`` as the driver does. Reported: pages per
   minute (wall clock, and CPU seconds of the process), the folder's size on disk and its
   factor over the pages' Markdown, the process's peak memory (VmHWM). A Whoosh import
   that would take longer than ``--whoosh-minutes`` is stopped there: its rate and the
   time it would take are reported, and its searches are left out at that size.
3. The page cache is dropped (``echo 3 > /proc/sys/vm/drop_caches``, root) and each engine
   is searched in a fresh process: the query mix once (cold: the index and the database
   read from disk), then again (warm). Each search is ``pages.search`` as the web view asks
   it: the first 20 documents, snippets with highlights of up to 10 pages each, texts from
   SQLite. p50/p95/p99 per kind of query, and the peak memory of the searching process.

The query mix (25 of each kind, drawn from the archive with a seed): a rare word, a common
word, a surname, ``patient:``, ``born:``, a name with a ``date:`` range, a drug-and-dose
phrase, a phrase of two very common words, prefixes, a word with one OCR error (``~``),
and a word filtered by inbox or tag. Results: ``bench/results/scale/scale-N.json`` and
``scale-N.md`` (``--results`` elsewhere), with the commit measured. Not a test: it asserts
nothing; the indexes live under the work directory (``/tmp``), deleted at the end unless
``--keep``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from bench.corpus import DOSES, DRUGS, INBOXES, LAST_NAMES, TAGS
from bench.index_bench import text_loader
from bench.scale_corpus import CLINICAL_ENGLISH, ENGLISH_COMMON, GERMAN_COMMON, Archive
from devtools.index_compaction import compact
from docvault.errors import QuerySyntaxError
from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.search.pages import SNIPPET_PAGES
from docvault.setting_types import IndexEngine

IMPORT_BATCH = 5000
TRICKLE_PAGES = 2000
TRICKLE_BATCH = 10
QUERIES_PER_KIND = 25
TOP_DOCUMENTS = 20
# Where each run's figures are kept, one JSON and one Markdown file per archive size.
RESULTS = Path(__file__).parent / "results" / "scale"
KINDS = (
    "rare word", "common word", "surname", "patient:", "born:", "name + date: range",
    "phrase", "common-word phrase", "prefix", "fuzzy ~", "inbox: or tag: filter",
)  # fmt: skip


# ----------------------------------------------------------------------------- the archive


def write_archive(path: Path, pages: int) -> tuple[int, float]:
    """The first ``pages`` pages of the seeded archive in SQLite; (bytes of Markdown, s)."""
    started = time.perf_counter()
    connection = sqlite3.connect(path)
    connection.execute(
        "CREATE TABLE page (id INTEGER PRIMARY KEY, document_id INTEGER, page_number INTEGER, "
        "inbox TEXT, tags TEXT, file_name TEXT, received TEXT, document_date TEXT, "
        "patient TEXT, born TEXT, sender TEXT, title TEXT, markdown TEXT)"
    )
    text_bytes = 0
    batch: list[tuple[Any, ...]] = []
    for entry in Archive().pages(pages):
        text_bytes += len(entry.text.encode())
        batch.append(_row(entry))
        if len(batch) == 10_000:
            _insert(connection, batch)
            batch = []
    _insert(connection, batch)
    connection.close()
    return text_bytes, time.perf_counter() - started


def _row(entry: IndexEntry) -> tuple[Any, ...]:
    return (
        entry.page_id, entry.document_id, entry.page_number, entry.inbox, ",".join(entry.tags),
        entry.file_name, entry.received.isoformat(), _iso(entry.document_date), entry.patient,
        _iso(entry.born), entry.sender, entry.title, entry.text,
    )  # fmt: skip


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _insert(connection: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> None:
    with connection:
        connection.executemany(f"INSERT INTO page VALUES ({','.join('?' * 13)})", rows)


def read_entries(path: Path, first: int, last: int) -> Iterator[IndexEntry]:
    """Pages ``first`` to ``last`` (ids) read back from SQLite, as the outbox driver reads."""
    connection = sqlite3.connect(path)
    rows = connection.execute(
        "SELECT * FROM page WHERE id BETWEEN ? AND ? ORDER BY id", (first, last)
    )
    for row in rows:
        (page_id, document_id, page_number, inbox, tags, file_name, received, document_date,
         patient, born, sender, title, markdown) = row  # fmt: skip
        yield IndexEntry(
            page_id=page_id,
            document_id=document_id,
            page_number=page_number,
            inbox=inbox,
            tags=tuple(tag for tag in tags.split(",") if tag),
            file_name=file_name,
            received=datetime.fromisoformat(received),
            document_date=date.fromisoformat(document_date) if document_date else None,
            status="done",
            text=markdown,
            stamp=page_id,
            patient=patient,
            born=date.fromisoformat(born) if born else None,
            sender=sender,
            title=title,
        )
    connection.close()


# ----------------------------------------------------------------------------- the queries


def make_queries(archive_path: Path, pages: int, seed: int = 32) -> list[tuple[str, str]]:
    """(kind, query) pairs: ``QUERIES_PER_KIND`` of each kind, drawn from the archive."""
    rng = random.Random(seed)
    archive = Archive()
    connection = sqlite3.connect(archive_path)
    sampled = connection.execute(
        "SELECT patient, born, document_date, inbox FROM page WHERE page_number = 1 "
        "ORDER BY (id * 7919) % ? LIMIT ?",
        (pages, QUERIES_PER_KIND * 4),
    ).fetchall()
    connection.close()
    common = [*GERMAN_COMMON[:40], *ENGLISH_COMMON[:20]]
    clinical = ["befund", "therapie", "kontrolle", "verlauf", "labor", "blutdruck", "dosis",
                "untersuchung", "patientin", "medikation", *CLINICAL_ENGLISH[:10]]  # fmt: skip
    drugs = [drug.lower() for drug in DRUGS]
    queries: list[tuple[str, str]] = []
    for number in range(QUERIES_PER_KIND):
        patient, born, document_date, inbox = sampled[number]
        surname = patient.split()[-1]
        drug = rng.choice(drugs)
        tail_word = archive.tail[rng.randrange(20_000, 200_000)]
        day = date.fromisoformat(document_date)
        date_range = (
            f"{surname} date:[{day.year}-01-01 TO {day.year}-06-30]"
            if number % 2
            else f"{surname} date:>={day:%Y-%m}"
        )
        filtered = (
            f"{rng.choice(clinical)} inbox:{inbox}"
            if number % 2
            else f"{drug} tag:{rng.choice(TAGS)}"
        )
        queries += [
            ("rare word", tail_word),
            ("common word", rng.choice(clinical)),
            ("surname", rng.choice(LAST_NAMES) if number % 2 else surname),
            ("patient:", f'patient:"{patient}"' if number % 2 else f"patient:{surname}"),
            ("born:", f"born:{date.fromisoformat(born):%d.%m.%Y}"),
            ("name + date: range", date_range),
            ("phrase", f'"{drug} {rng.choice(DOSES)}"'),
            ("common-word phrase", f'"{rng.choice(common)} {rng.choice(common)}"'),
            ("prefix", f"{drug[:5]}*" if number % 2 else f"{tail_word[:5]}*"),
            ("fuzzy ~", f"{_misread(drug, rng)}~"),
            ("inbox: or tag: filter", filtered),
        ]
    assert {kind for kind, _ in queries} == set(KINDS)
    assert all(inbox in INBOXES for *_, inbox in sampled)
    return queries


def _misread(word: str, rng: random.Random) -> str:
    """One OCR-like edit inside the word (never its first letter)."""
    position = rng.randrange(1, len(word))
    substitutes = {"l": "1", "o": "0", "i": "l", "e": "c", "m": "rn"}
    letter = word[position]
    return word[:position] + substitutes.get(letter, letter + letter) + word[position + 1 :]


# ----------------------------------------------------------------------------- the children


def peak_memory_mb() -> float:
    """This process's peak resident memory (VmHWM), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def folder_bytes(path: Path) -> int:
    """The folder's size on disk; a file gone while it is measured (a temporary file of a
    merge Tantivy's threads finish meanwhile) counts nothing."""
    total = 0
    for file in path.rglob("*"):
        with contextlib.suppress(FileNotFoundError):
            total += file.stat().st_size if file.is_file() else 0
    return total


def build(
    engine: IndexEngine, archive: Path, directory: Path, pages: int, minutes: float
) -> dict[str, Any]:
    """Import ``pages`` pages in large batches, then the trickle; the figures as a dict."""
    writer = FolderWriter(directory, engine=engine)
    deadline = time.monotonic() + minutes * 60
    started, cpu, thread_cpu = time.perf_counter(), time.process_time(), time.thread_time()
    imported = 0
    batch: list[IndexEntry] = []
    for entry in read_entries(archive, 1, pages):
        batch.append(entry)
        if len(batch) == IMPORT_BATCH:
            writer.apply(batch, [])
            imported += len(batch)
            batch = []
            if time.monotonic() > deadline:
                break
    else:
        writer.apply(batch, [])
        imported += len(batch)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    thread_seconds = time.thread_time() - thread_cpu
    figures: dict[str, Any] = {
        "engine": engine,
        "imported": imported,
        "complete": imported == pages,
        "import_seconds": seconds,
        "import_pages_per_minute": imported / seconds * 60,
        "import_cpu_ms_per_page": cpu_seconds / max(imported, 1) * 1000,
        # The CPU of the thread that called the writer: what holds Python's global lock in
        # the daemon (the rest ran in the engine's own threads).
        "import_calling_thread_cpu_ms_per_page": thread_seconds / max(imported, 1) * 1000,
    }
    # VmHWM counts the index files the engine has mapped and read (Whoosh maps its segments).
    figures["peak_memory_import_mb"] = peak_memory_mb()
    if imported == pages:
        figures.update(_trickle(writer, engine, archive, directory, pages))
    writer.close()
    if engine == "tantivy":
        compact(directory, engine)  # merged-away files deleted
    figures["index_bytes"] = folder_bytes(directory)
    figures["peak_memory_mb"] = peak_memory_mb()
    return figures


def _trickle(
    writer: FolderWriter, engine: IndexEngine, archive: Path, directory: Path, pages: int
) -> dict[str, Any]:
    search_index = SearchIndex(directory)
    entries = list(read_entries(archive, pages + 1, pages + TRICKLE_PAGES))
    commits: list[float] = []
    started = time.perf_counter()
    for start in range(0, len(entries), TRICKLE_BATCH):
        began = time.perf_counter()
        writer.apply(entries[start : start + TRICKLE_BATCH], [])
        search_index.reopen()
        commits.append(time.perf_counter() - began)
    seconds = time.perf_counter() - started
    return {
        "trickle_pages_per_minute": len(entries) / seconds * 60,
        "trickle_commit_ms_p50": percentile(commits, 0.5) * 1000,
        "trickle_commit_ms_p95": percentile(commits, 0.95) * 1000,
    }


def search(archive: Path, directory: Path, pages: int) -> dict[str, Any]:
    """The query mix cold (just after the page cache was dropped), then warm."""
    started = time.perf_counter()
    search_index = SearchIndex(directory)
    opened = time.perf_counter() - started
    texts = text_loader(sqlite3.connect(archive))
    queries = make_queries(archive, pages)
    figures: dict[str, Any] = {"open_ms": opened * 1000, "refused": {}}
    for label in ("cold", "warm"):
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for kind, text in queries:
            began = time.perf_counter()
            try:
                search_index.search(text, per_page=TOP_DOCUMENTS, texts=texts,
                                    snippet_pages=SNIPPET_PAGES)  # fmt: skip
            except QuerySyntaxError as error:
                figures["refused"][text] = error.message
            times[kind].append(time.perf_counter() - began)
        figures[label] = {
            kind: {name: percentile(found, fraction) * 1000
                   for name, fraction in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))}
            for kind, found in [("all", [t for ts in times.values() for t in ts]), *times.items()]
        }  # fmt: skip
    figures["peak_memory_mb"] = peak_memory_mb()
    return figures


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


# ----------------------------------------------------------------------------- the run


def _child(arguments: list[str]) -> dict[str, Any]:
    """Run this module's ``child`` command in a fresh process; its JSON answer."""
    command = [sys.executable, "-m", "bench.scale_bench", "child", *arguments]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{finished.stderr[-3000:]}")
    answer: dict[str, Any] = json.loads(finished.stdout.strip().splitlines()[-1])
    return answer


def drop_caches() -> bool:
    """Drop the page cache (root only): the next reads come from the disk."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def run(arguments: argparse.Namespace) -> dict[str, Any]:
    workdir: Path = arguments.workdir
    workdir.mkdir(parents=True, exist_ok=True)
    archive = workdir / "archive.sqlite"
    engines: list[IndexEngine] = arguments.engines
    result: dict[str, Any] = {
        "pages": arguments.pages,
        "machine": f"{os.cpu_count()} cores, {os.sysconf('SC_PHYS_PAGES') * os.sysconf('SC_PAGE_SIZE') / 2**30:.0f} GiB",  # noqa: E501
        "started": datetime.now().isoformat(timespec="seconds"),
        "load_before": os.getloadavg()[0],
        "commit": _commit(),
        "engines": {},
    }
    if not archive.exists():
        text_bytes, seconds = write_archive(archive, arguments.pages + TRICKLE_PAGES)
        result["archive_seconds"] = seconds
    else:
        text_bytes = int(sqlite3.connect(archive).execute(
            "SELECT sum(length(CAST(markdown AS BLOB))) FROM page").fetchone()[0])  # fmt: skip
    result["text_bytes"] = text_bytes * arguments.pages // (arguments.pages + TRICKLE_PAGES)
    print(f"archive of {arguments.pages:,} pages ready in {workdir}", flush=True)
    for engine in engines:
        minutes = arguments.whoosh_minutes if engine == "whoosh" else 24 * 60.0
        shutil.rmtree(workdir / engine, ignore_errors=True)
        built = _child(["build", engine, str(archive), str(workdir / engine),
                        str(arguments.pages), str(minutes)])  # fmt: skip
        built["load_average"] = os.getloadavg()[0]
        result["engines"][engine] = built
        print(json.dumps(built), flush=True)
    for engine in engines:
        if not result["engines"][engine]["complete"]:
            continue
        result["engines"][engine]["cache_dropped"] = drop_caches()
        searched = _child(["search", engine, str(archive), str(workdir / engine),
                           str(arguments.pages)])  # fmt: skip
        searched["load_average"] = os.getloadavg()[0]
        result["engines"][engine]["search"] = searched
        print(json.dumps(searched), flush=True)
    return result


def _commit() -> str:
    """The git commit measured (the code beside this file), or "unknown" outside git."""
    found = subprocess.run(
        ["git", "-C", str(Path(__file__).parent), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return found.stdout.strip() or "unknown"


def report(result: dict[str, Any]) -> str:
    """The run as Markdown tables: indexing, then searching per kind of query."""
    engines = list(result["engines"])
    pages = result["pages"]
    text_mb = result["text_bytes"] / 1e6
    lines = [
        f"{pages:,} pages ({text_mb:,.0f} MB of Markdown), {result['machine']}, "
        f"started {result['started']}, commit {result.get('commit', 'unknown')}, "
        f"page cache dropped before the cold searches: {_dropped(result)}, "
        f"load average before the run {result['load_before']:.1f}, during each engine's "
        + ", ".join(
            f"{engine} {figures['load_average']:.1f}"
            for engine, figures in result["engines"].items()
        ),
        "",
        "| measure | " + " | ".join(engines) + " |",
        "| --- |" + " --- |" * len(engines),
    ]

    def row(label: str, value: Callable[[dict[str, Any]], str]) -> None:
        cells = [_cell(value, result["engines"][engine]) for engine in engines]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    def imported(figures: dict[str, Any]) -> str:
        rate = figures["import_pages_per_minute"]
        if figures["complete"]:
            return f"{rate:,.0f}"
        return (
            f"{rate:,.0f} (stopped after {figures['imported']:,} pages; "
            f"{pages / rate:,.0f} min projected)"
        )

    row("first import, pages/min (5,000 a commit)", imported)
    row("first import, CPU-ms per page", lambda f: f"{f['import_cpu_ms_per_page']:.1f}")
    row(
        "… of which in the calling thread (under the GIL)",
        lambda f: f"{f['import_calling_thread_cpu_ms_per_page']:.1f}",
    )
    row(
        "trickle, pages/min (10 a commit, reopened)",
        lambda f: f"{f['trickle_pages_per_minute']:,.0f}",
    )
    row(
        "trickle commit p50 / p95, ms",
        lambda f: f"{f['trickle_commit_ms_p50']:.0f} / {f['trickle_commit_ms_p95']:.0f}",
    )

    def of_imported(figures: dict[str, Any]) -> str:
        return "" if figures["complete"] else f" (the {figures['imported']:,} pages imported)"

    def size_ratio(figures: dict[str, Any]) -> str:
        # A stopped import's index holds only its pages: compared with their share of the text.
        text_bytes = result["text_bytes"] * figures["imported"] / pages
        return f"{figures['index_bytes'] / text_bytes:.2f}{of_imported(figures)}"

    row("index size, MB", lambda f: f"{f['index_bytes'] / 1e6:,.0f}{of_imported(f)}")
    row("index size / Markdown", size_ratio)
    row("peak memory, importing, MB", lambda f: f"{f['peak_memory_import_mb']:,.0f}")
    row("peak memory, importing and trickle, MB", lambda f: f"{f['peak_memory_mb']:,.0f}")
    row("peak memory, searching, MB", lambda f: f"{f['search']['peak_memory_mb']:,.0f}")
    row("index opened in, ms", lambda f: f"{f['search']['open_ms']:,.0f}")
    for label in ("cold", "warm"):
        for kind in ("all", *KINDS):
            row(f"{label}: {kind}, p50 / p95 / p99 ms", _percentiles(label, kind))
    return "\n".join(lines)


def _dropped(result: dict[str, Any]) -> str:
    dropped = {f.get("cache_dropped") for f in result["engines"].values() if "search" in f}
    return "yes" if dropped == {True} else "no" if True not in dropped else "partly"


def _cell(value: Callable[[dict[str, Any]], str], figures: dict[str, Any]) -> str:
    """A figure of the table, or "-" where the run did not measure it."""
    try:
        return value(figures)
    except KeyError:
        return "-"


def _percentiles(label: str, kind: str) -> Callable[[dict[str, Any]], str]:
    def cell(figures: dict[str, Any]) -> str:
        found = figures["search"][label][kind]
        return " / ".join(f"{found[name]:.1f}" for name in ("p50", "p95", "p99"))

    return cell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    child = commands.add_parser("child", help="one measured step in a fresh process")
    child.add_argument("step", choices=("build", "search"))
    child.add_argument("engine", choices=("whoosh", "tantivy"))
    child.add_argument("archive", type=Path)
    child.add_argument("directory", type=Path)
    child.add_argument("pages", type=int)
    child.add_argument("minutes", type=float, nargs="?", default=24 * 60.0)
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument(
        "--engines", type=lambda text: text.split(","), default=["whoosh", "tantivy"]
    )
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/docvault-scale-bench"))
    parser.add_argument("--whoosh-minutes", type=float, default=90.0)
    parser.add_argument("--keep", action="store_true", help="keep the archive and the indexes")
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="folder of the figures (JSON, Markdown)"
    )
    parser.add_argument("--report", type=Path, help="print the table of a saved run's figures")
    arguments = parser.parse_args()
    if arguments.report is not None:
        print(report(json.loads(arguments.report.read_text())))
        return
    if arguments.command == "child":
        if arguments.step == "build":
            answer = build(arguments.engine, arguments.archive, arguments.directory,
                           arguments.pages, arguments.minutes)  # fmt: skip
        else:
            answer = search(arguments.archive, arguments.directory, arguments.pages)
        print(json.dumps(answer))
        return
    result = run(arguments)
    table = report(result)
    print(table)
    arguments.results.mkdir(parents=True, exist_ok=True)
    saved = arguments.results / f"scale-{arguments.pages}.json"
    saved.write_text(json.dumps(result, indent=1) + "\n")
    saved.with_suffix(".md").write_text(table + "\n")
    print(f"figures: {saved} and {saved.with_suffix('.md')}")
    if not arguments.keep:
        shutil.rmtree(arguments.workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
