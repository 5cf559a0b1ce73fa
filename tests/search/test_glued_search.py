"""Words the CPU engine glued together are found by their parts, after the exact hits.

Measured on faxes of a held-out set read by the CPU engine (issue 47): "ZoeGroßmann" for
"Zoë Großmann" (a lower-case letter before an upper-case one), "D0B24/05/1958" for
"DOB 24/05/1958" and "Prax3290.060486" for "Praxis 3290 060486" (letters glued to digits),
"11/12/202608:19" (a date glued to a time), "0911 26.48 37" for "0911 26 48 37" (a
separator read inside a group of digits), "Validiert:17.04.2025," (a colon glued).

- On both index engines each is found by the words as typed (a phrase of the parts too),
  while the word as read is still found as read, and a page holding the words as typed
  ranks above the page found only through the parts.
- The viewer and the snippet mark the part matched, not the whole glued word.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from docvault.search import SearchIndex
from docvault.search.glue import part_spans
from docvault.search.schema import parts_analyzer
from docvault.search.words import part_words
from docvault.setting_types import IndexEngine
from docvault.web.highlight import mark_words
from tests.support.faxindex import documents_found, fax_index

ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]

PAGES = {
    1: "Patientin: ZoeGroßmann, D0B24/05/1958, Überweisung durch Prax3290.060486.",
    2: "Eingang 11/12/202608:19, Rückruf unter 0911 26.48 37, Validiert:17.04.2025, gez.",
    3: "Frau Zoë Großmann, geboren am 24/05/1958, Praxis 3290 060486, Tel. 0911 26 48 37.",
    4: "Am 11/12/2026 um 08:19 Uhr eingegangen, am 17.04.2025 validiert.",
    5: "Ein Brief ohne diese Wörter: Kontrolle in 26 Wochen, 48 Stunden, 37 Grad.",
}


def _parts(text: str) -> list[str]:
    return [text[start:end] for start, end in part_spans(text)]


def test_glued_words_are_cut_where_the_engine_glued_them() -> None:
    assert _parts("ZoeGroßmann") == ["Zoe", "Großmann"]
    assert _parts("Prax3290.060486") == ["Prax", "3290", "060486"]
    assert _parts("D0B24/05/1958")[-3:] == ["24", "05", "1958"]
    assert _parts("11/12/202608:19") == ["11", "12", "2026", "08", "19"]
    assert _parts("0911 26.48 37") == ["0911", "26", "48", "37"]
    assert _parts("Validiert:17.04.2025,") == ["Validiert", "17", "04", "2025"]
    # Not glued: one part each (a six-digit number is no date with a time).
    assert _parts("Großmann 060486 Hyperkaliämie") == ["Großmann", "060486", "Hyperkaliämie"]


def test_both_engines_make_the_same_parts() -> None:
    text = " ".join(PAGES.values())
    whoosh_words = [token.text for token in parts_analyzer()(text)]
    assert whoosh_words == part_words(text)
    assert [token.text for token in parts_analyzer("de")(text)] == part_words(text, "de")


@pytest.fixture(params=ENGINES, scope="module")
def index(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SearchIndex]:
    with fax_index(tmp_path_factory.mktemp(request.param), request.param, PAGES) as searching:
        yield searching


@pytest.mark.parametrize(
    ("search", "exact", "glued"),
    [
        ("Großmann", [3], [1]),  # lower-case then upper-case
        ('"Zoe Großmann"', [3], [1]),
        ("24/05/1958", [3], [1]),  # letters glued to digits
        ("3290", [3], [1]),
        ('"Praxis 3290 060486"', [3], []),  # "Prax" is not "Praxis"
        ('"3290 060486"', [3], [1]),  # separator inside digits
        ("060486", [3], [1]),
        ('"0911 26 48 37"', [3], [2]),
        ('"11/12/2026"', [4], [2]),  # a date glued to a time
        ('"08:19"', [4], [2]),
        ("17.04.2025", [2, 4], []),  # a colon glued: the index splits at colons already
    ],
)
def test_a_glued_word_is_found_by_its_parts_after_the_exact_hits(
    index: SearchIndex, search: str, exact: list[int], glued: list[int]
) -> None:
    found = documents_found(index, search)
    assert sorted(found[: len(exact)]) == sorted(exact)
    assert found[len(exact) :] == glued


@pytest.mark.parametrize("search", ["ZoeGroßmann", "D0B24", "Prax3290.060486", "202608", "26.48"])
def test_the_word_as_read_is_still_found_as_read(index: SearchIndex, search: str) -> None:
    found = index.search(search, per_page=50).hits
    assert [hit.document_id for hit in found][:1] == [1 if search[0] in "ZDP" else 2]


def test_the_viewer_and_the_snippet_mark_the_part_matched(index: SearchIndex) -> None:
    results = index.search(
        "Großmann", per_page=50, texts=lambda ids: {page: PAGES[page] for page in ids}
    )
    snippets = {hit.document_id: hit.snippet for hit in results.hits}
    assert "Zoe<mark>Großmann</mark>," in snippets[1]
    assert "Zoë <mark>Großmann</mark>," in snippets[3]
    matches = index.document_matches("Großmann 3290", 1)
    marked = mark_words(f"<p>{PAGES[1]}</p>", matches.marker)
    assert "Zoe<mark>Großmann</mark>," in marked
    assert "Prax<mark>3290</mark>.060486" in marked
    assert marked.count("<mark>") == 2
    whole = index.document_matches("ZoeGroßmann", 1)
    assert "<mark>ZoeGroßmann</mark>" in mark_words(f"<p>{PAGES[1]}</p>", whole.marker)
