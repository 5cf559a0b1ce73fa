"""Re-runs and rotations a person asks for: pages queued again ahead of the rest, with the
reading mode or the turn they asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine, func
from sqlmodel import col, select

from docvault.db import read_session, write_transaction
from docvault.models import Page, utcnow
from docvault.records.leases import ATTENTION_PAGE_STATES, _refresh_document
from docvault.vocabulary import (
    FINISHED_PAGE_STATES,
    PageStatus,
    RotationSource,
    SamplingMode,
)

RERUN_PRIORITY = 1
# The pages anyone with the rerun scope may have read again: the ones a person should look at.
RERUN_BY_DEFAULT = ATTENTION_PAGE_STATES


def request_rerun(
    database: Engine,
    page_ids: Sequence[int],
    mode: SamplingMode,
    states: Sequence[PageStatus] = RERUN_BY_DEFAULT,
) -> int:
    """Put finished pages back in the queue, ahead of new work, with the chosen setting.

    Only pages in `states` are taken (by default incomplete, looped and failed ones:
    re-running a done page is a person's explicit choice); the others named are left as
    they are. The old coverage report goes: it spoke of the reading being replaced.
    """
    now = utcnow()
    wanted = [state.value for state in states if state in FINISHED_PAGE_STATES]
    with write_transaction(database) as session:
        pages = session.exec(
            select(Page).where(col(Page.id).in_(page_ids)).where(col(Page.status).in_(wanted))
        ).all()
        for page in pages:
            page.status = PageStatus.queued
            page.priority = RERUN_PRIORITY
            page.rerun_mode = mode.value
            page.not_before = None
            page.coverage = None
            page.flags = None
            page.updated_at = now
            session.add(page)
        session.flush()
        # Once per document, not per page: each refresh counts all of a document's pages.
        for document_id in sorted({page.document_id for page in pages}):
            _refresh_document(session, document_id, now)
        return len(pages)


def pages_in_work(database: Engine) -> int:
    """How many pages are being read or waiting to be (queued or running): while any is,
    the engine is not idle."""
    working = (PageStatus.queued.value, PageStatus.running.value)
    with read_session(database) as session:
        query = select(func.count()).select_from(Page).where(col(Page.status).in_(working))
        return int(session.exec(query).one())


def rerun_failed_when_idle(database: Engine) -> str:
    """The calendar's night job (`rerun_failed_at`), "when the GPU is idle at night": the
    failed and looped pages are queued again only when no page is being read or waiting;
    otherwise nothing is queued (a re-read must not delay the day's letters) and the job
    tries again at its next run. Its outcome as the schedule shows it."""
    busy = pages_in_work(database)
    if busy:
        return (
            f"found the engine busy ({busy} page(s) being read or waiting to be read), so "
            "no failed or looped page was queued; it tries again at its next run"
        )
    queued = rerun_failed_pages(database)
    return f"the engine was idle: {queued} failed or looped page(s) queued again"


def rerun_failed_pages(database: Engine) -> int:
    """Every failed page read again as it was first read, every looped one with the loop
    cure; how many pages were queued."""
    queued = 0
    for state, mode in ((PageStatus.failed, SamplingMode.greedy),
                        (PageStatus.looped, SamplingMode.penalty)):  # fmt: skip
        with read_session(database) as session:
            ids = list(session.exec(select(Page.id).where(Page.status == state)).all())
        queued += request_rerun(database, [int(page_id or 0) for page_id in ids], mode, (state,))
    return queued


def request_rotation(
    database: Engine, page_id: int, turn: int, done_allowed: bool = True
) -> int | None:
    """Turn a page by `turn` degrees clockwise from how it was read, and read it again.

    The new angle is kept as a person's ("person"), so every later run uses it instead of
    detecting one. Returns the new angle, or None when the page is being read right now,
    or is done and `done_allowed` is false: decided in the transaction that turns it, so a
    page that becomes done after the asker's permission was checked is not read again.
    """
    if turn % 90:
        raise ValueError(f"a page turns by a multiple of 90 degrees, not {turn}")
    now = utcnow()
    with write_transaction(database) as session:
        page = session.get(Page, page_id)
        if page is None or page.status == PageStatus.running:
            return None
        if page.status == PageStatus.done and not done_allowed:
            return None
        page.rotation = (page.rotation + turn) % 360
        page.rotation_source = RotationSource.person
        page.status = PageStatus.queued
        page.priority = RERUN_PRIORITY
        page.rerun_mode = SamplingMode.greedy.value
        page.not_before = None
        page.coverage = None  # its boxes lie on the image as it was turned before
        page.flags = None
        page.lines = None  # so do these
        page.updated_at = now
        session.add(page)
        _refresh_document(session, page.document_id, now)
        return page.rotation
