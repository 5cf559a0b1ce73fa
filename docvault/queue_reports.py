"""What the page queue holds, told: the counts and totals commands show (read only).

`docvault.queue` is the only writer of page state; these are questions asked of it and
never change it. `docvault ingest` follows its files' pages with `pages_of` and
`finished_pages_of`, and closes with `summarise_documents`.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import col, select

from docvault.db import read_session
from docvault.models import Document, Page
from docvault.vocabulary import FINISHED_PAGE_STATES, PageStatus


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
