"""Incomplete pages (issue 26): read, but with ink the text does not account for.

The page keeps its text (indexed, searchable), its coverage report is stored as JSON, its
document needs attention and is handed over as such, and a re-run clears the report.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import Engine
from sqlmodel import select

from docvault import figures, records
from docvault.db import read_session
from docvault.models import Document, HandoverOutbox, Page
from docvault.reporting import status_line
from docvault.search.pages import entries_for
from docvault.vocabulary import (
    CoverageReport,
    DocumentStatus,
    EngineState,
    PageStatus,
    SamplingMode,
    SuspectRegion,
    TextFormat,
)
from tests.support.documents import recorded_document
from tests.support.lostline import cpu_attempt

LOST_LINE = CoverageReport(
    ink_lines=6,
    accounted_lines=5,
    suspects=(SuspectRegion((150, 435, 1052, 470), "no text read here"),),
    summary="1 of 6 lines on the page has no text in the transcription.",
)
EVERY_LINE = CoverageReport(ink_lines=6, accounted_lines=6)
INK_WITHOUT_TEXT = CoverageReport(
    ink_lines=4,
    accounted_lines=0,
    suspects=(
        SuspectRegion((100, 200, 900, 240), "no text read here"),
        SuspectRegion((100, 260, 700, 300), "no text read here"),
    ),
    summary="The page has ink on 4 lines but no text was read.",
)
TEXT = "Dear Dr. Weber,\nthank you for referring this patient (*) to our clinic."


def _finish(
    database: Engine,
    reports: Sequence[CoverageReport | None],
    text: str = TEXT,
    looped: bool = False,
    handover: Sequence[str] = (),
) -> list[int]:
    """Claim the queued pages and finish them in order with these reports: their ids."""
    claimed = records.claim(database, "worker", limit=len(reports), lease_seconds=60)
    assert len(claimed) == len(reports)
    finished = [
        records.FinishedPage(
            claim.page_id,
            text,
            looped,
            [cpu_attempt(text)],
            image_size=(1275, 1650),
            coverage=report,
            text_format=TextFormat.plain,
        )
        for claim, report in zip(claimed, reports, strict=True)
    ]
    assert records.complete_many(database, "worker", finished, handover) == [True] * len(reports)
    return [claim.page_id for claim in claimed]


def _page(database: Engine, page_id: int) -> Page:
    with read_session(database) as session:
        page = session.get(Page, page_id)
        assert page is not None
        return page


def _document_status(database: Engine, document_id: int) -> str:
    with read_session(database) as session:
        document = session.get(Document, document_id)
        assert document is not None
        return document.status


def test_a_page_with_a_lost_line_is_incomplete_with_its_report_and_text_kept(
    database: Engine,
) -> None:
    document_id = recorded_document(database, pages=2)
    lost, clean = _finish(database, [LOST_LINE, EVERY_LINE])
    page = _page(database, lost)
    assert (page.status, page.markdown, page.text_format) == ("incomplete", TEXT, "plain")
    assert json.loads(page.coverage or "") == {
        "ink_lines": 6,
        "accounted_lines": 5,
        "suspects": [{"box": [150, 435, 1052, 470], "reason": "no text read here"}],
        "summary": "1 of 6 lines on the page has no text in the transcription.",
    }
    assert records.coverage_report(page.coverage) == LOST_LINE
    other = _page(database, clean)
    assert other.status == "done"
    assert records.coverage_report(other.coverage) == EVERY_LINE
    assert _document_status(database, document_id) == DocumentStatus.attention
    # Its text goes to the index like a done page's.
    entries = entries_for(database, [lost, clean]).entries
    assert sorted(entry.page_id for entry in entries) == sorted([lost, clean])
    assert {entry.status for entry in entries} == {"incomplete", "done"}


def test_a_page_with_ink_and_no_text_is_incomplete_not_done(database: Engine) -> None:
    document_id = recorded_document(database, pages=1)
    (page_id,) = _finish(database, [INK_WITHOUT_TEXT], text="")
    assert _page(database, page_id).status == PageStatus.incomplete
    assert _document_status(database, document_id) == DocumentStatus.attention


def test_a_page_not_checked_or_blank_is_done_and_a_looped_one_stays_looped(
    database: Engine,
) -> None:
    recorded_document(database, pages=2)
    unchecked, blank = _finish(database, [None, CoverageReport(ink_lines=0, accounted_lines=0)])
    assert _page(database, unchecked).status == PageStatus.done
    assert _page(database, unchecked).coverage is None
    assert _page(database, blank).status == PageStatus.done
    recorded_document(database, pages=1, sha="b")
    (looping,) = _finish(database, [LOST_LINE], looped=True)
    # A loop is the worse problem: the penalty re-run is what the page needs first.
    assert _page(database, looping).status == PageStatus.looped


def test_an_incomplete_document_is_handed_over_as_needing_attention(database: Engine) -> None:
    document_id = recorded_document(database, pages=1)
    _finish(database, [LOST_LINE], handover=["webhook"])
    with read_session(database) as session:
        rows = session.exec(select(HandoverOutbox)).all()
    assert [(row.document_id, row.status, row.target) for row in rows] == [
        (document_id, "attention", "webhook")
    ]


def test_a_rerun_takes_an_incomplete_page_by_default_and_clears_its_report(
    database: Engine,
) -> None:
    document_id = recorded_document(database, pages=1)
    (page_id,) = _finish(database, [LOST_LINE])
    assert records.request_rerun(database, [page_id], SamplingMode.greedy) == 1
    page = _page(database, page_id)
    assert (page.status, page.coverage, page.priority) == ("queued", None, records.RERUN_PRIORITY)
    assert _document_status(database, document_id) == DocumentStatus.processing
    _finish(database, [EVERY_LINE])
    assert _page(database, page_id).status == PageStatus.done
    assert _document_status(database, document_id) == DocumentStatus.done


def test_turning_an_incomplete_page_clears_the_boxes_of_the_old_turn(database: Engine) -> None:
    recorded_document(database, pages=1)
    (page_id,) = _finish(database, [LOST_LINE])
    assert records.request_rotation(database, page_id, 90, done_allowed=False) == 90
    page = _page(database, page_id)
    assert (page.status, page.coverage) == ("queued", None)


def test_every_count_names_incomplete_pages(database: Engine) -> None:
    document_id = recorded_document(database, pages=3)
    _finish(database, [LOST_LINE, INK_WITHOUT_TEXT, EVERY_LINE])
    counts = figures.page_counts(database)
    assert (counts["incomplete"], counts["done"]) == (2, 1)
    assert figures.finished_pages_by_engine(database)[("incomplete", "cpu")] == 2
    assert figures.pages_finished_since(database, figures.minutes_ago(5)) == 3
    assert "1 done, 2 incomplete, 0 looped, 0 failed" in status_line(counts, EngineState.up)
    summary = records.summarise_documents(database, [document_id])
    assert (summary["done"], summary["incomplete"]) == (1, 2)


def test_a_damaged_report_reads_as_none_instead_of_failing() -> None:
    assert records.coverage_report('{"ink_lines": "many"}') is None
    assert records.coverage_report("not json") is None
    assert records.coverage_report(None) is None
    assert records.coverage_report(records.coverage_json(INK_WITHOUT_TEXT)) == INK_WITHOUT_TEXT
