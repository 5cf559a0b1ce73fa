"""The status page's numbers: what the service reports, plus what the database knows.

The composition root passes `status()` returning a `ServiceStatus` (the parts only the
running service knows: files waiting and settling in each inbox, the engines' states);
everything the database and the index can answer is computed here.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from sqlalchemy import Engine

from docvault import calendar_log, figures
from docvault.calendar_log import Planned
from docvault.records import handover
from docvault.search import SearchIndex, index_problems, problem_count
from docvault.vocabulary import EngineState, Verdict
from docvault.web import queries

# The status page names the first few documents left out; the problems page lists them all.
STATUS_INDEX_PROBLEMS = 5


class InboxReport(TypedDict):
    """One watched folder as intake reports it (intake's own counters: `inbox.InboxState`)."""

    name: str
    path: str
    waiting: int  # files seen but not yet taken (not yet stable, retried, or queued for intake)
    settling: int  # files whose size and mtime must hold still a little longer
    problem: NotRequired[str | None]  # the inbox cannot be listed: why, and what to do


class EngineReport(TypedDict):
    """One OCR engine or endpoint."""

    name: str  # the engine's name as recorded in attempts.engine
    state: EngineState
    in_flight: int  # requests being answered right now
    detail: NotRequired[str]  # a sentence when it is down or starting


class ServiceStatus(TypedDict):
    """What `WebContext.status()` returns."""

    inboxes: list[InboxReport]
    engines: list[EngineReport]
    parts: NotRequired[list[dict[str, Any]]]  # the daemon's parts (docvault.runtime.supervisor)
    handover_targets: NotRequired[list[str]]  # where finished documents are handed over
    # Every distinct sentence of what is wrong now (a disk full, the database locked...).
    troubles: NotRequired[list[str]]


StatusSource = Callable[[], ServiceStatus]


def _per_minute(database: Engine, minutes: int) -> float:
    return round(figures.pages_finished_since(database, figures.minutes_ago(minutes)) / minutes, 1)


def _loop_rates(database: Engine) -> dict[str, float | None]:
    """Share of the last hour's attempts, per engine, that the guard judged looped."""
    rates: dict[str, float | None] = {}
    for engine, verdicts in figures.attempt_counts_since(database, figures.minutes_ago(60)).items():
        total = sum(verdicts.values())
        rates[engine] = verdicts.get(Verdict.looped.value, 0) / total if total else None
    return rates


def _inboxes(database: Engine, service: ServiceStatus) -> list[dict[str, Any]]:
    documents = figures.documents_per_inbox(database)
    rows: list[dict[str, Any]] = []
    for inbox in service["inboxes"]:
        counts = documents.pop(inbox["name"], {})
        rows.append({**inbox, **_document_columns(counts)})
    for name, counts in sorted(documents.items()):  # e.g. "ingest", or an inbox removed since
        rows.append({"name": name, "path": "", "waiting": None, "settling": None})
        rows[-1].update(_document_columns(counts))
    return rows


def _document_columns(counts: dict[str, int]) -> dict[str, int]:
    return {
        "processing": counts.get("processing", 0),
        "done": counts.get("done", 0),
        "attention": counts.get("attention", 0),
        "failed": counts.get("failed", 0),
    }


def snapshot(
    database: Engine,
    index: SearchIndex,
    data_dir: Path,
    source: StatusSource,
    calendar: Sequence[Planned] = (),
) -> dict[str, Any]:
    """Everything the status page and `GET /api/status` show; a calendar job whose last run
    failed or was missed is among the troubles (read from the database, in any process)."""
    service = source()
    rates = _loop_rates(database)
    pages = figures.page_counts(database)
    disk = shutil.disk_usage(data_dir)
    return {
        "inboxes": _inboxes(database, service),
        "engines": [
            {**engine, "loop_rate": rates.get(engine["name"])} for engine in service["engines"]
        ],
        "throughput": {
            "pages_per_minute_5m": _per_minute(database, 5),
            "pages_per_minute_1h": _per_minute(database, 60),
        },
        "queue": {"queued": pages["queued"], "running": pages["running"], "pages": pages},
        "index": {
            "documents": index.document_count(),
            "pages": index.page_count(),
            "outbox": figures.outbox_length(database),
            "rebuilding": index.rebuilding,
            **_left_out(database),
        },
        "disk": {"free_bytes": disk.free, "total_bytes": disk.total, "path": str(data_dir)},
        # The menu's "Problems (N)": what still needs a person (a dismissed one does not;
        # the inboxes' columns count documents by state, dismissed or not).
        "problems": {"documents": queries.documents_needing_attention(database)},
        "parts": service.get("parts", []),
        "troubles": service.get("troubles", []) + calendar_log.problems(database, calendar),
        "archive_check": _archive_check(database),
        "handover": {
            **handover.summary(database),
            "targets": service.get("handover_targets", []),
        },
    }


def _archive_check(database: Engine) -> dict[str, Any] | None:
    """The archive check's last run (`verify_at`): when, how it ended and its sentence;
    None before the first."""
    run = calendar_log.last_runs(database).get(calendar_log.ARCHIVE_CHECK)
    if run is None:
        return None
    return {"started_at": run.started_at, "outcome": run.outcome, "sentence": run.sentence}


def _left_out(database: Engine) -> dict[str, Any]:
    """The documents the index writer could not take (their pages are not searchable)."""
    return {
        "left_out": problem_count(database),
        "problems": [
            {
                "document_id": problem.document_id,
                "file_name": problem.file_name,
                "problem": problem.problem,
                "failures": problem.failures,
            }
            for problem in index_problems(database, STATUS_INDEX_PROBLEMS)
        ],
    }


def without_paths(numbers: dict[str, Any]) -> dict[str, Any]:
    """The snapshot without the server's folders, for users who are not administrators
    (the layout of the server helps an attacker and is no business of the staff)."""
    return {
        **numbers,
        "inboxes": [
            {**inbox, "path": "", "problem": _for_staff(inbox.get("problem"))}
            for inbox in numbers["inboxes"]
        ],
        "disk": {**numbers["disk"], "path": ""},
        # A part's detail names folders ("The search index folder /var/lib/..."): staff see
        # that something is wrong, an administrator sees what.
        "parts": [{**part, "detail": _for_staff(part["detail"])} for part in numbers["parts"]],
        "troubles": [_for_staff(trouble) for trouble in numbers["troubles"]],
        "archive_check": _check_for_staff(numbers["archive_check"]),
        # The receiver's answer may name its servers and software: the same rule.
        "handover": {
            **numbers["handover"],
            "failures": [
                {**failure, "answer": None, "error": _for_staff(failure["error"])}
                for failure in numbers["handover"]["failures"]
            ],
        },
    }


def _check_for_staff(check: dict[str, Any] | None) -> dict[str, Any] | None:
    """A failed check's sentence names the missing file's folder: staff see that it failed."""
    if check is None or check["outcome"] == calendar_log.Outcome.ok:
        return check
    return {**check, "sentence": _for_staff(check["sentence"])}


def _for_staff(detail: str | None) -> str | None:
    return "Something is wrong here; an administrator sees the details." if detail else detail
