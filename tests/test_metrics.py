"""`/metrics` figures, computed from a real database, parsed back with prometheus_client."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import Engine

from docvault import calendar_log
from docvault.calendar_log import Outcome
from docvault.db import write_transaction
from docvault.metrics import render_metrics
from docvault.models import Attempt, Document, IndexOutbox, Page


def fill(database: Engine) -> None:
    old = datetime.now(UTC) - timedelta(seconds=120)
    with write_transaction(database) as session:
        letter = Document(
            sha256="a" * 64,
            original_name="letter.pdf",
            inbox="fax",
            original_path="/srv/fax/letter.pdf",
            archive_path="archive/a",
            size_bytes=1000,
            page_count=4,
        )
        broken = Document(
            sha256="b" * 64,
            original_name="broken.pdf",
            inbox="fax",
            original_path="/srv/fax/broken.pdf",
            archive_path="archive/b",
            size_bytes=500,
            status="failed",
            error_class="corrupt-document",
        )
        session.add_all([letter, broken])
        session.flush()
        states = ["done", "looped", "queued", "running"]
        pages = [
            Page(document_id=letter.id or 0, number=n + 1, status=s) for n, s in enumerate(states)
        ]
        session.add_all(pages)
        session.flush()
        session.add_all(
            [
                Attempt(
                    page_id=pages[0].id or 0,
                    engine="openai",
                    settings="{}",
                    seconds=1.5,
                    verdict="clean",
                ),
                Attempt(
                    page_id=pages[1].id or 0,
                    engine="openai",
                    settings="{}",
                    seconds=40.0,
                    verdict="looped",
                ),
                Attempt(
                    page_id=pages[1].id or 0,
                    engine="openai",
                    settings="{}",
                    seconds=45.0,
                    verdict="looped",
                ),
                IndexOutbox(page_id=pages[0].id or 0, document_id=letter.id or 0, created_at=old),
            ]
        )


def samples(text: bytes) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text.decode()):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def test_metrics_from_the_database_and_the_live_figures(database: Engine, tmp_path: Path) -> None:
    fill(database)
    scraped = samples(render_metrics(database, lambda: {"in_flight": 7, "engine_up": True}))

    assert scraped[("docvault_pages_finished", (("engine", "openai"), ("state", "done")))] == 1
    assert scraped[("docvault_pages_finished", (("engine", "openai"), ("state", "looped")))] == 1
    assert scraped[("docvault_queue_pages", (("state", "queued"),))] == 1
    assert scraped[("docvault_queue_pages", (("state", "running"),))] == 1
    assert scraped[("docvault_attempts_total", (("verdict", "looped"),))] == 2
    openai = (("engine", "openai"),)
    assert scraped[("docvault_engine_request_seconds_count", openai)] == 3
    assert scraped[("docvault_engine_request_seconds_sum", openai)] == 86.5
    assert scraped[("docvault_engine_request_seconds_bucket", (*openai, ("le", "2.0")))] == 1
    assert scraped[("docvault_engine_request_seconds_bucket", (*openai, ("le", "60.0")))] == 3
    assert scraped[("docvault_intake_errors", (("error_class", "corrupt-document"),))] == 1
    assert scraped[("docvault_index_outbox_pages", ())] == 1
    assert 119 <= scraped[("docvault_index_outbox_lag_seconds", ())] < 180
    assert scraped[("docvault_archive_bytes", ())] == 1500
    assert scraped[("docvault_engine_requests_in_flight", ())] == 7
    assert scraped[("docvault_engine_up", ())] == 1


def test_an_empty_database_scrapes_to_zeros(database: Engine) -> None:
    scraped = samples(render_metrics(database, dict))
    assert scraped[("docvault_queue_pages", (("state", "queued"),))] == 0
    assert scraped[("docvault_index_outbox_lag_seconds", ())] == 0
    assert scraped[("docvault_archive_bytes", ())] == 0


def test_the_calendar_jobs_and_the_archive_check_are_gauges(database: Engine) -> None:
    backup = calendar_log.started(database, "database-backup", None, "", "boss")
    calendar_log.finished(database, backup, Outcome.ok, "backup written")
    check = calendar_log.started(database, "archive-check", None, "", None)
    calendar_log.finished(database, check, Outcome.failed, "1 original is missing")
    families = {
        family.name: family
        for family in text_string_to_metric_families(render_metrics(database, dict).decode())
    }
    outcomes = {
        (sample.labels["job"], sample.labels["outcome"]): sample.value
        for sample in families["docvault_calendar_last_run_outcome"].samples
    }
    assert outcomes[("database-backup", "ok")] == 1.0
    assert outcomes[("database-backup", "failed")] == 0.0
    assert outcomes[("archive-check", "failed")] == 1.0
    [archive_ok] = families["docvault_archive_check_ok"].samples
    assert archive_ok.value == 0.0
    started = {
        sample.labels["job"]: sample.value
        for sample in families["docvault_calendar_last_run_timestamp_seconds"].samples
    }
    assert abs(started["database-backup"] - datetime.now(UTC).timestamp()) < 60
    fixed = calendar_log.started(database, "archive-check", None, "", None)
    calendar_log.finished(database, fixed, Outcome.ok, "every original intact")
    again = text_string_to_metric_families(render_metrics(database, dict).decode())
    [check_ok] = next(f for f in again if f.name == "docvault_archive_check_ok").samples
    assert check_ok.value == 1.0
