"""A word the CPU engine misread is still found, after the pages that hold it as typed.

- The confusion classes fold a misread word and the true word to one word (measured in
  bench/confusions_bench.py), and words the engine glued at separators are found by their
  parts ("21·70565", "136-145", "Eingangsdatum:01.10.2025", "Pat.-Nr.4711").
- On both index engines: a search for "Hyperkaliämie" finds the fax page read as
  "Hyperkallämie" and the other way round; every page holding the word as typed ranks
  above every page found only through folding, for one word and for several.
- The snippet and the viewer mark the misread word on the page found through it, using
  the analysis of the engine that wrote the index.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from docvault.misreadings import fold
from docvault.search import SearchIndex
from docvault.search.confusions import folded_words
from docvault.setting_types import IndexEngine
from docvault.web.highlight import mark_words
from tests.support.faxindex import documents_found, fax_index

ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]

PAGES = {
    1: "Befund: Hyperkaliämie bei Niereninsuffizienz, Kontrolle in 2 Wochen.",
    2: "Befund: Hyperkallämie bei Niereninsuffizienz. Beurtellung folgt.",
    3: "Die Patientin Frau Berger-Streit, Pat.-Nr.4711, Tel. 0711 21·70565, Seite 136-145.",
    4: "Eingangsdatum:01.10.2025 Pattentin Berger-Streit, Hyperkaliämie und Hyperkaliämie.",
    5: "Ein Brief ohne das gesuchte Wort, nur Beurteilung und Kontrolle.",
    # 0 and o, measured on the second held-out set's faxes: "to" read "t0", "97070" "97o70".
    6: "Praxis Dr. Lenz, Marktplatz 4, 97o70 Würzburg, referred t0 the clinic.",
    7: "Praxis Dr. Roth, Domstraße 9, 97070 Würzburg.",
}


def test_a_misread_word_folds_to_the_true_word() -> None:
    assert fold("hyperkallamie") == fold("hyperkaliamie")
    assert fold("beurtellung") == fold("beurteilung")
    assert fold("pattentin") == fold("patientin")  # the misread, t and i
    assert fold("beurtelung") != fold("beurteilung")  # a lost letter is no confusion
    assert fold("mediz1n") == fold("medizin")
    assert fold("i1") == fold("li")
    assert fold("deparlment") == fold("department")  # t read as l: the most frequent
    assert fold("sich") != fold("sieh")  # c and e are not folded (measured too rarely)
    assert fold("befund") == "befund"
    assert fold("97o70") == fold("97070")  # a digit 0 read as the letter o
    assert fold("t0") == fold("to")


def test_words_glued_at_full_stops_are_also_indexed_by_their_parts() -> None:
    expected = [fold(word) for word in ("nr.4711", "nr", "4711", "befund")]
    assert folded_words(["nr.4711", "befund"]) == expected
    assert folded_words(["01.10.2025"])[1:] == [fold("01"), fold("10"), fold("2025")]


@pytest.fixture(params=ENGINES, scope="module")
def index(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SearchIndex]:
    with fax_index(tmp_path_factory.mktemp(request.param), request.param, PAGES) as searching:
        yield searching


@pytest.mark.parametrize(
    ("search", "exact", "misread"),
    [
        ("Hyperkaliämie", [4, 1], [2]),
        ("Hyperkallämie", [2], [4, 1]),
        ("Beurteilung", [5], [2]),
        ("97070", [7], [6]),
    ],
)
def test_a_misread_word_is_found_after_the_exact_hits(
    index: SearchIndex, search: str, exact: list[int], misread: list[int]
) -> None:
    found = documents_found(index, search)
    assert sorted(found[: len(exact)]) == sorted(exact)
    assert sorted(found[len(exact) :]) == sorted(misread)


def test_a_page_matching_every_word_as_typed_ranks_above_one_needing_folding(
    index: SearchIndex,
) -> None:
    found = documents_found(index, "Hyperkaliämie Niereninsuffizienz")
    assert found == [1, 2]
    phrase = documents_found(index, '"bei Niereninsuffizienz" Hyperkaliämie')
    assert phrase == [1, 2]


@pytest.mark.parametrize(
    ("search", "page"),
    [("70565", 3), ("136", 3), ("145", 3), ("4711", 3), ("01.10.2025", 4), ("2025", 4)],
)
def test_words_glued_by_the_engine_are_found_by_their_parts(
    index: SearchIndex, search: str, page: int
) -> None:
    assert documents_found(index, search) == [page]


def test_the_snippet_and_the_viewer_mark_the_misread_word(index: SearchIndex) -> None:
    results = index.search(
        "Hyperkaliämie", per_page=50, texts=lambda ids: {page: PAGES[page] for page in ids}
    )
    snippets = {hit.document_id: hit.snippet for hit in results.hits}
    assert "<mark>Hyperkallämie</mark>" in snippets[2]
    assert "<mark>Hyperkaliämie</mark>" in snippets[1]
    matches = index.document_matches("Hyperkaliämie", 2)
    marked = mark_words(f"<p>{PAGES[2]}</p>", matches.marker)
    assert "<mark>Hyperkallämie</mark>" in marked
    assert marked.count("<mark>") == 1
