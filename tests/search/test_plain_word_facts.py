"""Issue 48: a search without a filter finds the letter through its facts, in both engines.

Staff type a corrected name as plain words ("Abraham Lincoln", "Williams-Hart") or a date as
the web view shows it (07.04.1975); the page text does not hold it, the facts do. Each
engine's real index folder is written and searched; the snippet of a name found through
``patient:`` starts where the page names the patient.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.search.language import facts_matched
from docvault.setting_types import IndexEngine

ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]

# What OCR read: the name misread (the person corrected it to Abraham Lincoln).
MISREAD = "Discharge letter. Patient: Abrahm Lincon. Admitted for chest pain, home on aspirin."
LONG_HEAD = "Klinikum Nord, Musterweg 4, 79100 Freiburg. " * 6
HYPHENATED = LONG_HEAD + "Re: Mrs Jane Williams-Hart, referred for review of her knee."
MENTIONS = "Lecture notes: Lincoln and Abraham were both mentioned in the history of medicine."


def _entry(page_id: int, text: str, **facts: object) -> IndexEntry:
    received = datetime(2026, 3, 14, 9, 30)
    return IndexEntry(
        page_id, page_id, 1, "fax", (), f"letter{page_id}.pdf", received, None, "done",
        text, page_id, **facts,  # type: ignore[arg-type]
    )  # fmt: skip


@pytest.fixture(params=ENGINES)
def index(request: pytest.FixtureRequest, tmp_path: Path) -> SearchIndex:
    directory = tmp_path / request.param
    entries = [
        _entry(1, MISREAD, patient="Abraham Lincoln", born=date(1975, 4, 7)),
        _entry(2, HYPHENATED, patient="Jane Williams-Hart", sender="Klinikum Nord"),
        _entry(3, MENTIONS),
        _entry(4, "Lab report, potassium 4.1 mmol/l", title="Laborbefund"),
    ]
    FolderWriter(directory, engine=request.param).apply(entries, [])
    return SearchIndex(directory)


def _found(index: SearchIndex, text: str) -> list[int]:
    return [document.document_id for document in index.search(text).documents]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Lincoln", [1, 3]),
        ("Abraham Lincoln", [1, 3]),
        ('"Abraham Lincoln"', [1]),  # as a phrase: the facts hold it, the notes do not
        ("Williams-Hart", [2]),
        ("williams hart", [2]),
        ("07.04.1975", [1]),
        ("7.4.1975", [1]),
        ("Laborbefund", [4]),
        ("Lincoln NOT aspirin", [3]),
        ("patient:lincon~", [1]),  # a fuzzy word typed with its filter is searched as typed
        ("lincon~", [1, 3]),  # a plain fuzzy word: in the page text only
        ("patient:linc*", [1]),
    ],
)
def test_plain_words_find_the_letter_through_its_facts(
    index: SearchIndex, typed: str, expected: list[int]
) -> None:
    assert sorted(_found(index, typed)) == expected


def test_a_letter_found_by_its_patient_ranks_before_a_page_that_only_mentions_the_words(
    index: SearchIndex,
) -> None:
    assert _found(index, '"Abraham Lincoln" OR (Abraham Lincoln)')[0] == 1


@pytest.mark.parametrize("typed", ["Abraham Lincoln", "Lincoln", "lincoln abraham"])
def test_the_patients_letter_ranks_before_notes_that_mention_the_name_typed_plainly(
    index: SearchIndex, typed: str
) -> None:
    """Staff type the name without a filter: the letter whose patient it is comes first."""
    assert _found(index, typed) == [1, 3]


def test_a_patient_hits_snippet_shows_the_name_not_the_letter_head(index: SearchIndex) -> None:
    texts = {2: HYPHENATED}
    found = index.search("patient:williams-hart", texts=lambda ids: [(i, texts[i]) for i in ids])
    snippet = found.documents[0].pages[0].snippet
    assert "<mark>Williams</mark>-<mark>Hart</mark>" in snippet


def test_the_result_names_the_fact_a_letter_was_found_through(index: SearchIndex) -> None:
    values = {"patient": "Abraham Lincoln", "born": "1975-04-07", "sender": "Klinikum Nord"}
    assert facts_matched(index.parse("abraham lincoln"), values) == ["patient"]
    assert facts_matched(index.parse("07.04.1975"), values) == ["born"]
    assert facts_matched(index.parse("klinikum aspirin"), values) == ["sender"]
    assert facts_matched(index.parse("aspirin"), values) == []
    assert facts_matched(index.parse("NOT lincoln"), values) == []
