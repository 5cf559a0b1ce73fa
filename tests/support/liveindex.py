"""A live-like index for the query-language tests: the same pages and the same history
(several commits, re-run pages, deleted pages) written by either engine.

``build_live_index`` writes 420 seeded pages in commits of 60, re-runs 30 of them with new
text and deletes 25: the index then has several segments and deleted entries, as a live
one does. tests/search/test_postings.py and tests/search/test_engines.py search it.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from pathlib import Path

from docvault.search import FolderWriter, IndexEntry
from docvault.setting_types import IndexEngine

COMMON = ["der", "die", "das", "und", "mit", "bei", "nach", "patient", "befund", "wert"]
DRUGS = ["Metoprolol", "Ramipril", "Amlodipin", "Bisoprolol", "Torasemid", "Müller"]
DOSES = ["5mg", "10mg", "47.5mg", "50mg", "5µg"]
INBOXES = ["fax", "post", "scanner-labor"]
TAGS = ["labor", "dringend", "kardiologie"]
PATIENTS = ["Jürgen Müller", "Anna Weiß", "Zoë Öztürk", "Hans Groß"]
PAGES = 420
SEGMENT_PAGES = 60


def page_text(rng: random.Random) -> str:
    words = [rng.choice(COMMON) for _ in range(rng.randint(20, 80))]
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(words))
        words[at : at + 1] = [rng.choice(DRUGS), rng.choice(DOSES)]
    text = " ".join(words)
    if rng.random() < 0.3:
        cells = f"<td>{rng.choice(DRUGS)}</td><td>{rng.choice(DOSES)}</td>"
        text += f"\n\n<table><tr>{cells}</tr></table>"
    return text


def live_entries(seed: int = 11) -> list[IndexEntry]:
    rng = random.Random(seed)
    entries = []
    for page_id in range(1, PAGES + 1):
        document_id = (page_id + 2) // 3
        entries.append(
            IndexEntry(
                page_id=page_id,
                document_id=document_id,
                page_number=(page_id + 2) % 3 + 1,
                inbox=rng.choice(INBOXES),
                tags=tuple(sorted(set(rng.sample(TAGS, 2)))),
                file_name=f"fax_{document_id}_{rng.choice(DRUGS)}.pdf",
                received=datetime(2024, 1, 1) + timedelta(days=3 * document_id),
                document_date=date(2023, 12, 1) + timedelta(days=2 * document_id),
                status=rng.choice(["done", "done", "looped"]),
                text=page_text(rng),
                stamp=page_id,
                patient=PATIENTS[document_id % len(PATIENTS)],
                born=date(1950 + document_id % 40, 1 + document_id % 12, 1 + document_id % 28),
            )
        )
    return entries


def build_live_index(directory: Path, engine: IndexEngine = "whoosh") -> list[IndexEntry]:
    """Write the live-like history into ``directory``; the pages it ends with."""
    writer = FolderWriter(directory, engine=engine)
    entries = live_entries()
    for start in range(0, PAGES, SEGMENT_PAGES):
        writer.apply(entries[start : start + SEGMENT_PAGES], [])
    rng = random.Random(5)
    rerun = [
        IndexEntry(**{**entry.__dict__, "text": page_text(rng), "stamp": 10_000 + entry.page_id})
        for entry in rng.sample(entries, 30)
    ]
    writer.apply(rerun, [])
    deleted = {entry.page_id for entry in rng.sample(entries, 25)}
    writer.apply([], sorted(deleted))
    writer.close()
    current = {entry.page_id: entry for entry in [*entries, *rerun]}
    return [entry for page_id, entry in sorted(current.items()) if page_id not in deleted]
