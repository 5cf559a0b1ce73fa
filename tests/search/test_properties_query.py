"""Issue 29: the search box's query language (docvault/search/language.py) and its
evaluation, fed structured queries drawn by Hypothesis against a real small Whoosh index
written by docvault's own writer.

The queries are built from the language's parts: words of the pages, phrases, prefixes,
fuzzy words, every filter (patient:, born:, date:, received:, tag:, inbox:, file:, status:,
sender:, title:, from:, subject:) with values, dates, open and closed date ranges, AND, OR,
NOT, parentheses and boosts; and now and then broken on purpose (a quotation mark or a
parenthesis left open, a filter with nothing after it, an unknown filter, symbols).

- A search gives results (documents of the index, at most a page of them) or a
  `DocvaultError` with a sentence; nothing else, whatever the query and the result page.
- A date filter finds exactly the pages whose date lies in its period: the index's answer
  to `born:`, `date:` and `received:` with a day, month, year or range (open or closed, ends
  in or out) is compared with the dates the pages were written with.

The evaluator-against-Whoosh comparison with random structured queries is in
tests/search/test_postings.py, beside the fixed queries it already compares.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from docvault.errors import DocvaultError
from docvault.search import FolderWriter, IndexEntry, SearchIndex
from tests.support.properties import assert_sentence, budget, query_trees

PATIENTS = ["Erika Mustermann", "Jürgen Müller", "Hans Weiß", "Ana-Lena O'Neill", ""]
TEXTS = [
    "Kardiologie Dr. Weiß: Metoprolol 50mg, Blutdruck stabil. Kontrolle in 3 Monaten.",
    "Labor Krämer: Kreatinin erhöht, Ramipril pausieren. eGFR 42 ml/min.",
    "Röntgen Thorax ohne Befund. Überweisung zur Lungenfunktion.",
    "<table><tr><td>Metoprolol</td><td>47.5mg</td></tr></table> Entlassbrief",
]


def _entries() -> list[IndexEntry]:
    entries = []
    for page_id in range(1, 25):
        document_id = (page_id + 1) // 2
        entries.append(
            IndexEntry(
                page_id=page_id,
                document_id=document_id,
                page_number=2 - page_id % 2,
                inbox=["fax", "post", "scanner-labor"][page_id % 3],
                tags=(("kardiologie",), ("labor", "dringend"), ())[page_id % 3],
                file_name=f"fax_{document_id}_Mueller.pdf",
                received=datetime(2019, 12, 31, 23, 0) + timedelta(days=97 * document_id),
                document_date=date(1940, 1, 1) + timedelta(days=3000 * document_id)
                if document_id % 4
                else None,
                status=["done", "done", "looped"][page_id % 3],
                text=TEXTS[page_id % len(TEXTS)],
                stamp=page_id,
                patient=PATIENTS[document_id % len(PATIENTS)],
                born=date(1931, 2, 28) + timedelta(days=2900 * document_id)
                if document_id % 5
                else None,
                sender=["Dr. Weiß", "Labor Krämer", ""][document_id % 3],
                title=["Arztbrief", "Befund", ""][document_id % 3],
                mail_from=["Labor <befund@labor.example>", ""][document_id % 2],
                mail_subject=["Befund Müller", ""][document_id % 2],
            )
        )
    return entries


ENTRIES = _entries()
DOCUMENTS = {entry.document_id for entry in ENTRIES}


@pytest.fixture(scope="module")
def search_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SearchIndex]:
    directory = tmp_path_factory.mktemp("query") / "index"
    writer = FolderWriter(directory)
    writer.apply(ENTRIES[:12], [])  # two segments, as a live index has
    writer.apply(ENTRIES[12:], [])
    opened = SearchIndex(directory)
    yield opened
    opened.close()


def _texts(page_ids: object) -> dict[int, str]:
    by_id = {entry.page_id: entry.text for entry in ENTRIES}
    return {page_id: by_id[page_id] for page_id in page_ids}  # type: ignore[attr-defined]


# --- the language's parts ---------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "metoprolol",
        "Müller",
        "MULLER",
        "weiss",
        "weiß",
        "kreatinin",
        "47.5mg",
        "50mg",
        "egfr",
        "befund",
        "thorax",
        "überweisung",
        "nichtda",
        "a",
        "und",
        "3",
        "o'neill",
    ]
)
PREFIXES = st.sampled_from(["metop*", "kre*", "ü*", "m*", "*", "*prolol", "be?und", "we*ß"])
FUZZY = st.sampled_from(["metoprol0l~", "mteoprolol~2", "kreatinn~1", "x~", "muller~3", "a~0"])
# Half ordinary dates, half the edges: of the calendar, of Python's dates, of the index's
# years, and what is no date at all.
DATES = st.one_of(
    st.sampled_from(
        [
            "2020",
            "2021-03",
            "2022-07-14",
            "1948",
            "1949-12",
            "1935-06",
            "1960-02-29",
            "12.03.1961",
            "1.2.60",
        ]
    ),
    st.sampled_from(
        [
            "9999",
            "9999-12-31",
            "0001",
            "0001-01-01",
            "0000",
            "1899-12-31",
            "2099-12-31",
            "2100",
            "1961-02-29",
            "2025-13",
            "31.02.1960",
            "gestern",
            "",
        ]
    ),
)
TEXT_FILTERS = st.sampled_from(
    [
        "patient:müller",
        'patient:"erika mustermann"',
        "sender:weiss",
        'title:"arztbrief"',
        "from:labor",
        "from:befund@labor.example",
        'subject:"befund müller"',
        "tag:dringend",
        "tag:fax",
        "inbox:scanner-labor",
        "inbox:post",
        "file:mueller",
        "status:looped",
        "diagnose:x",
        "tag:",
        "inbox: fax",
        'patient:"unclosed',
    ]
)
DATE_FIELDS = st.sampled_from(["born", "date", "received"])


@st.composite
def date_filters(draw: st.DrawFn) -> str:
    field = draw(DATE_FIELDS)
    shape = draw(st.sampled_from(["single", "compared", "range", "open-range"]))
    first, second = draw(DATES), draw(DATES)
    if shape == "single":
        return f"{field}:{first}"
    if shape == "compared":
        return f"{field}:{draw(st.sampled_from(['>', '>=', '<', '<=']))}{first}"
    if shape == "range":
        brackets = draw(st.sampled_from(["[]", "{}", "[}", "{]"]))
        return f"{field}:{brackets[0]}{first} TO {second}{brackets[1]}"
    return draw(st.sampled_from([f"{field}:[{first} TO]", f"{field}:[TO {first}]"]))


TERMS = st.one_of(
    WORDS,
    st.lists(WORDS, min_size=2, max_size=4).map(lambda words: '"' + " ".join(words) + '"'),
    PREFIXES,
    FUZZY,
    TEXT_FILTERS,
    date_filters(),
)


QUERIES = query_trees(
    TERMS, [" ", " AND ", " OR ", " NOT ", " AND NOT "], ["^2", "^0.5", "^-1"], max_leaves=8
)
BREAKAGES = st.sampled_from(
    ['"', "(", ")", ":", "<b", "[", "]", "{", "~9", "\\", "*", "AND", "\x00"]
)


@st.composite
def queries(draw: st.DrawFn) -> str:
    text = draw(QUERIES)
    if draw(st.integers(0, 3)) == 0:  # broken on purpose: a symbol put in somewhere
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(BREAKAGES) + text[at:]
    return text


def _outcome_holds(search_index: SearchIndex, text: str, page: int, per_page: int) -> None:
    try:
        results = search_index.search(text, page=page, per_page=per_page, texts=_texts)
    except DocvaultError as error:
        assert_sentence(error)
        return
    assert len(results.documents) <= per_page
    assert {document.document_id for document in results.documents} <= DOCUMENTS
    for hit in results.hits:
        matches = search_index.document_matches(text, hit.document_id)
        assert matches.pages, (text, hit.document_id)


@budget(300)
@given(queries(), st.integers(-1, 3), st.sampled_from([1, 2, 20, 0, -5]))
def test_every_query_gives_results_or_a_sentence(
    search_index: SearchIndex, text: str, page: int, per_page: int
) -> None:
    _outcome_holds(search_index, text, page, per_page)


# --- the date filters against the dates the pages were written with ----------------------

# Days of the pages' years, and the ends of what a date can be.
DAYS = st.one_of(
    st.dates(date(1925, 1, 1), date(2060, 12, 31)),
    st.sampled_from([date.min, date.max, date(1899, 12, 31), date(1900, 1, 1), date(2100, 1, 1)]),
)


@st.composite
def periods(draw: st.DrawFn) -> tuple[str, date, date]:
    """A year, month or day as typed, and its first and last day."""
    day = draw(DAYS)
    year, month = f"{day.year:04d}", f"{day.year:04d}-{day.month:02d}"
    granularity = draw(st.sampled_from(["year", "month", "day"]))
    if granularity == "year":
        return year, date(day.year, 1, 1), date(day.year, 12, 31)
    if granularity == "month":
        last = calendar.monthrange(day.year, day.month)[1]
        return month, date(day.year, day.month, 1), date(day.year, day.month, last)
    return f"{month}-{day.day:02d}", day, day


@st.composite
def date_questions(draw: st.DrawFn) -> tuple[str, str, date, date]:
    """(field, query, first day, last day) of a date filter whose answer is known."""
    field = draw(DATE_FIELDS)
    typed, first, last = draw(periods())
    shape = draw(st.sampled_from(["single", ">", ">=", "<", "<=", "range"]))
    if shape == "single":
        return field, f"{field}:{typed}", first, last
    if shape == "range":
        other, _, other_last = draw(periods())
        return field, f"{field}:[{typed} TO {other}]", first, other_last
    nothing = (date.max, date.min)  # after the last day there is, or before the first
    low, high = {
        ">": (last + timedelta(days=1), date.max) if last < date.max else nothing,
        ">=": (first, date.max),
        "<": (date.min, first - timedelta(days=1)) if first > date.min else nothing,
        "<=": (date.min, last),
    }[shape]
    return field, f"{field}:{shape}{typed}", low, high


def _date_of(entry: IndexEntry, field: str) -> date | None:
    return {"born": entry.born, "date": entry.document_date, "received": entry.received.date()}[
        field
    ]


@budget(200)
@given(date_questions())
def test_a_date_filter_finds_exactly_the_pages_dated_in_its_period(
    search_index: SearchIndex, question: tuple[str, str, date, date]
) -> None:
    field, text, low, high = question
    expected = {
        (entry.document_id, entry.page_number)
        for entry in ENTRIES
        if (day := _date_of(entry, field)) is not None and low <= day <= high
    }
    results = search_index.search(text, per_page=100, texts=_texts)
    found = {(hit.document_id, hit.page) for hit in results.hits}
    assert found == expected, (text, sorted(found ^ expected))


def test_the_index_holds_dates_on_both_sides_of_every_bound() -> None:
    """The pages' dates reach from before 1950 (birth dates, old letters) to after 2030,
    so the property above compares open ranges where they matter."""
    born = sorted(entry.born for entry in ENTRIES if entry.born)
    letters = sorted(entry.document_date for entry in ENTRIES if entry.document_date)
    assert born[0] < date(1950, 1, 1) < born[-1]
    assert letters[0] < date(1950, 1, 1)
    assert letters[-1] > date(2030, 1, 1)
