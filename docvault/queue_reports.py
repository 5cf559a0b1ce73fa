"""What the page queue holds, told: counts, totals and reports read back (read only).

`docvault.queue` is the only writer of page state; these are questions asked of it and
never change it. `docvault ingest` follows its files' pages with `pages_of` and
`finished_pages_of`, and closes with `summarise_documents`; the web view reads a page's
coverage report back with `coverage_report` (`queue.coverage_json` writes it).
"""

from __future__ import annotations

import collections
import json
import logging
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import col, select

from docvault.db import read_session
from docvault.models import Document, Page
from docvault.vocabulary import (
    FINISHED_PAGE_STATES,
    CoverageReport,
    PageFlag,
    PageStatus,
    SuspectRegion,
)

logger = logging.getLogger(__name__)


def pages_of(engine: Engine, document_ids: Sequence[int]) -> int:
    """How many pages these documents have."""
    return _count_pages(engine, document_ids, PageStatus)


def finished_pages_of(engine: Engine, document_ids: Sequence[int]) -> int:
    """How many of these documents' pages are finished (read, or failed for good)."""
    return _count_pages(engine, document_ids, FINISHED_PAGE_STATES)


def _count_pages(engine: Engine, document_ids: Sequence[int], states: Iterable[PageStatus]) -> int:
    with read_session(engine) as session:
        return int(
            session.exec(
                select(func.count())
                .select_from(Page)
                .where(col(Page.document_id).in_(document_ids))
                .where(col(Page.status).in_([state.value for state in states]))
            ).one()
        )


def summarise_documents(engine: Engine, document_ids: Sequence[int]) -> dict[str, Any]:
    """Totals for `docvault ingest`'s closing line, and the problems worth showing."""
    with read_session(engine) as session:
        documents = session.exec(select(Document).where(col(Document.id).in_(document_ids))).all()
        pages = session.exec(select(Page).where(col(Page.document_id).in_(document_ids))).all()
    counts = collections.Counter(page.status for page in pages)
    problems = [document.error for document in documents if document.error]
    problems += [page.error for page in pages if page.error and page.status == PageStatus.failed]
    return {
        "documents": len(documents),
        "pages": len(pages),
        "done": counts[PageStatus.done],
        "incomplete": counts[PageStatus.incomplete],
        "looped": counts[PageStatus.looped],
        "failed": counts[PageStatus.failed],
        "problems": problems,
    }


def coverage_report(stored: str | None) -> CoverageReport | None:
    """`pages.coverage` read back; None for a page not checked (or a row not readable)."""
    if not stored:
        return None
    try:
        fields = json.loads(stored)
        suspects = tuple(
            SuspectRegion(_box(suspect["box"]), str(suspect["reason"]))
            for suspect in fields.get("suspects", [])
        )
        return CoverageReport(
            int(fields["ink_lines"]),
            int(fields["accounted_lines"]),
            suspects,
            str(fields.get("summary", "")),
        )
    except (ValueError, KeyError, TypeError):
        # Written by docvault.queue only; a damaged row must not take the viewer down.
        logger.warning("a page's coverage report cannot be read: %.200s", stored)
        return None


def page_flags(stored: str | None) -> tuple[PageFlag, ...]:
    """`pages.flags` read back: a damaged file, a doubtful reading (none for none)."""
    if not stored:
        return ()
    try:
        listed = json.loads(stored)
        return tuple(PageFlag(str(flag["code"]), str(flag["sentence"])) for flag in listed)
    except (ValueError, KeyError, TypeError):
        logger.warning("a page's flags cannot be read: %.200s", stored)
        return ()


def _box(values: Sequence[object]) -> tuple[int, int, int, int]:
    left, top, right, bottom = (int(str(value)) for value in values)
    return left, top, right, bottom
