"""The numbers docvault shows about itself, read from the database (never written here).

`docvault status`, the web view's status page (and `GET /api/status`), the systemd status
line and `/metrics` all count through these functions, so the figures they show agree:
pages and documents per state, per inbox, the index outbox, throughput, engine attempts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, case, func
from sqlalchemy.orm import aliased
from sqlmodel import col, select

from docvault.db import read_session
from docvault.models import Attempt, Document, IndexOutbox, Page, utcnow
from docvault.vocabulary import FINISHED_PAGE_STATES, DocumentStatus, PageStatus

# The finished pages that have text: throughput counts them.
READ_STATES = (PageStatus.done.value, PageStatus.incomplete.value, PageStatus.looped.value)


def page_counts(database: Engine) -> dict[str, int]:
    """Pages per state, every state named (zero when empty)."""
    with read_session(database) as session:
        rows = dict(
            session.exec(select(Page.status, func.count()).group_by(col(Page.status))).all()
        )
    return {state.value: int(rows.get(state.value, 0)) for state in PageStatus}


def document_counts(database: Engine) -> dict[str, int]:
    """Documents per state, every state named (zero when empty)."""
    with read_session(database) as session:
        rows = dict(
            session.exec(select(Document.status, func.count()).group_by(col(Document.status))).all()
        )
    return {state.value: int(rows.get(state.value, 0)) for state in DocumentStatus}


def documents_per_inbox(database: Engine) -> dict[str, dict[str, int]]:
    """Documents per inbox and state, every state named."""
    with read_session(database) as session:
        rows = session.exec(
            select(Document.inbox, Document.status, func.count()).group_by(
                col(Document.inbox), col(Document.status)
            )
        ).all()
    counts: dict[str, dict[str, int]] = {}
    for inbox, status, count in rows:
        counts.setdefault(inbox, {state.value: 0 for state in DocumentStatus})[status] = int(count)
    return counts


def inbox_report(database: Engine) -> dict[str, dict[str, Any]]:
    """Per inbox: documents per state, and the sentence of each failed file."""
    report: dict[str, dict[str, Any]] = dict(documents_per_inbox(database))
    with read_session(database) as session:
        failures = session.exec(
            select(Document.inbox, Document.original_name, Document.error, Document.archive_path)
            .where(Document.status == DocumentStatus.failed)
            .order_by(col(Document.id).desc())
        ).all()
    for inbox, name, error, archive_path in failures:
        entry = report.setdefault(inbox, {state.value: 0 for state in DocumentStatus})
        entry.setdefault("failures", []).append(
            {"file": name, "error": error, "kept_as": archive_path}
        )
    return report


def outbox_length(database: Engine) -> int:
    """Finished pages not yet written to the index."""
    with read_session(database) as session:
        return int(session.exec(select(func.count()).select_from(IndexOutbox)).one())


def outbox_lag_seconds(database: Engine, now: datetime | None = None) -> float:
    """Age of the oldest page waiting to be indexed (0 when none waits)."""
    with read_session(database) as session:
        oldest = session.exec(select(func.min(IndexOutbox.created_at))).one()
    if oldest is None:
        return 0.0
    if oldest.tzinfo is None:  # SQLite keeps no zone; every timestamp is written in UTC
        oldest = oldest.replace(tzinfo=UTC)
    return max(0.0, ((now or utcnow()) - oldest).total_seconds())


def minutes_ago(minutes: int) -> datetime:
    return utcnow() - timedelta(minutes=minutes)


def pages_finished_since(database: Engine, since: datetime) -> int:
    """Pages read (done, incomplete or looped) since a moment (failed pages are not
    throughput)."""
    with read_session(database) as session:
        return int(
            session.exec(
                select(func.count())
                .select_from(Page)
                .where(col(Page.finished_at) >= since)
                .where(col(Page.status).in_(READ_STATES))
            ).one()
        )


def attempt_counts_since(database: Engine, since: datetime) -> dict[str, dict[str, int]]:
    """Attempts per engine and verdict since a moment (for loop rates)."""
    with read_session(database) as session:
        rows = session.exec(
            select(Attempt.engine, Attempt.verdict, func.count())
            .where(col(Attempt.created_at) >= since)
            .group_by(col(Attempt.engine), col(Attempt.verdict))
        ).all()
    counts: dict[str, dict[str, int]] = {}
    for engine_name, verdict, count in rows:
        counts.setdefault(engine_name, {})[verdict] = int(count)
    return counts


def finished_pages_by_engine(database: Engine) -> dict[tuple[str, str], int]:
    """Finished pages per (state, engine of the page's last attempt; "none" if it had none)."""
    same_page = aliased(Attempt)
    last_attempt = (
        select(func.max(same_page.id))
        .where(same_page.page_id == col(Page.id))
        .correlate(Page)
        .scalar_subquery()
    )
    engine_name = func.coalesce(Attempt.engine, "none")
    with read_session(database) as session:
        rows = session.exec(
            select(Page.status, engine_name, func.count())
            .select_from(Page)
            .outerjoin(Attempt, col(Attempt.id) == last_attempt)
            .where(col(Page.status).in_([state.value for state in FINISHED_PAGE_STATES]))
            .group_by(col(Page.status), engine_name)
        ).all()
    return {(status, name): int(count) for status, name, count in rows}


def attempts_by_verdict(database: Engine) -> dict[str, int]:
    """Every engine attempt ever recorded, per the guard's verdict."""
    with read_session(database) as session:
        rows = session.exec(
            select(Attempt.verdict, func.count()).group_by(col(Attempt.verdict))
        ).all()
    return {verdict: int(count) for verdict, count in rows}


@dataclass(frozen=True)
class Latency:
    """One engine's call durations: how many, their sum, and how many took at most each bound."""

    count: int
    total_seconds: float
    at_most: tuple[int, ...]  # one count per bound, cumulative


def attempt_latency(database: Engine, bounds: Sequence[float]) -> dict[str, Latency]:
    """Per engine, the durations of its attempts as cumulative counts under each bound."""
    under = [func.sum(case((col(Attempt.seconds) <= bound, 1), else_=0)) for bound in bounds]
    with read_session(database) as session:
        rows = session.exec(
            select(Attempt.engine, func.count(), func.total(Attempt.seconds), *under).group_by(
                col(Attempt.engine)
            )
        ).all()
    latencies: dict[str, Latency] = {}
    for row in rows:
        values: tuple[Any, ...] = tuple(row)
        name, count, total, cumulative = values[0], values[1], values[2], values[3:]
        at_most = tuple(int(value or 0) for value in cumulative)
        latencies[str(name)] = Latency(int(count), float(total), at_most)
    return latencies


def refused_documents_by_error(database: Engine) -> dict[str, int]:
    """Documents intake or rendering refused, per stored error code."""
    with read_session(database) as session:
        rows = session.exec(
            select(Document.error_class, func.count())
            .where(col(Document.error_class).is_not(None))
            .group_by(col(Document.error_class))
        ).all()
    return {str(code): int(count) for code, count in rows}


def archive_totals(database: Engine) -> tuple[int, int]:
    """How many originals the archive holds, and their bytes."""
    with read_session(database) as session:
        documents, size = session.exec(
            select(func.count(), func.coalesce(func.sum(Document.size_bytes), 0)).select_from(
                Document
            )
        ).one()
    return int(documents), int(size)
