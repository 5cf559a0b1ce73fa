"""What the page queue holds, told: counts, totals and reports, and their JSON.

`records.leases` is the only writer of page state; the questions here never change it.
`docvault ingest` follows its files' pages with `pages_of` and `finished_pages_of`, and
closes with `summarise_documents`; the web view reads a page's coverage report back with
`coverage_report` (`coverage_json` writes it, as `leases` stores a finished page).
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
from docvault.textutil import storable_text
from docvault.vocabulary import (
    FINISHED_PAGE_STATES,
    CoverageReport,
    PageFlag,
    PageStatus,
    ReadLine,
    SuspectRegion,
)

logger = logging.getLogger(__name__)


def pages_of(database: Engine, document_ids: Sequence[int]) -> int:
    """How many pages these documents have."""
    return _count_pages(database, document_ids, PageStatus)


def finished_pages_of(database: Engine, document_ids: Sequence[int]) -> int:
    """How many of these documents' pages are finished (read, or failed for good)."""
    return _count_pages(database, document_ids, FINISHED_PAGE_STATES)


def _count_pages(
    database: Engine, document_ids: Sequence[int], states: Iterable[PageStatus]
) -> int:
    with read_session(database) as session:
        return int(
            session.exec(
                select(func.count())
                .select_from(Page)
                .where(col(Page.document_id).in_(document_ids))
                .where(col(Page.status).in_([state.value for state in states]))
            ).one()
        )


def summarise_documents(database: Engine, document_ids: Sequence[int]) -> dict[str, Any]:
    """Totals for `docvault ingest`'s closing line, and the problems worth showing."""
    with read_session(database) as session:
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
        # Written by docvault.records only; a damaged row must not take the viewer down.
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


def flags_json(flags: Sequence[PageFlag]) -> str | None:
    """A page's flags as `pages.flags` keeps them; None for none."""
    if not flags:
        return None
    listed = [{"code": flag.code, "sentence": storable_text(flag.sentence)} for flag in flags]
    return json.dumps(listed, ensure_ascii=False)


def coverage_json(report: CoverageReport | None) -> str | None:
    """The coverage report as `pages.coverage` keeps it (None: the page was not checked).

    `{"ink_lines": 12, "accounted_lines": 11, "suspects": [{"box": [l, t, r, b],
    "reason": "no text read here"}], "summary": "..."}`; boxes in the page image's pixels.
    """
    if report is None:
        return None
    return json.dumps(
        {
            "ink_lines": report.ink_lines,
            "accounted_lines": report.accounted_lines,
            "suspects": [
                {"box": list(suspect.box), "reason": suspect.reason} for suspect in report.suspects
            ],
            "summary": report.summary,
        },
        sort_keys=True,
    )


def lines_json(lines: Sequence[ReadLine]) -> str | None:
    """Located lines as `pages.lines` keeps them: `[[left, top, right, bottom, text], ...]`
    in the page image's pixels; None when the engine located none."""
    if not lines:
        return None
    located = [[*line.box, storable_text(line.text)] for line in lines]
    return json.dumps(located, ensure_ascii=False)


def _joined_lines(lines: Sequence[str]) -> str | None:
    """Warnings as `pages.warnings` keeps them: one a line, None for none."""
    return storable_text("\n".join(lines)) or None
