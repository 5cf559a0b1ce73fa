"""`/metrics` in the Prometheus text format, computed from the database on each scrape.

The database is the truth, so the figures survive restarts; `docvault.figures` counts
them, as it counts those of `docvault status` and the status page, so they agree. Only what
lives in the running process (requests in flight, the engine's state) comes from the `live`
callable. A registry is made per scrape, never the global one, so two apps in one process
(tests) and re-imports never collide.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from sqlalchemy import Engine

from docvault import calendar_log, figures
from docvault.calendar_log import ARCHIVE_CHECK, Outcome
from docvault.vocabulary import PageStatus

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# A typical OvisOCR2 page takes ~2 s at 32 requests in flight; a looping page that decodes
# 16k tokens takes ~30 s more (docs/gpu.md, "The engine's tuned settings"); 300 s is the
# default engine timeout.
LATENCY_BUCKETS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0)
QUEUE_STATES = (PageStatus.queued, PageStatus.running)
# What the running daemon reports through `live()`: key -> (metric name, help).
LIVE_GAUGES = {
    "in_flight": ("docvault_engine_requests_in_flight", "Engine requests in flight now."),
    "engine_up": ("docvault_engine_up", "1 when the engine answered its last request."),
    "pages_per_minute": (
        "docvault_pages_per_minute",
        "Pages finished per minute over the last five minutes.",
    ),
}


def _pages_by_engine(database: Engine) -> Metric:
    family = GaugeMetricFamily(
        "docvault_pages_finished",
        "Finished pages by state and by the engine of their last attempt.",
        labels=["state", "engine"],
    )
    for (state, engine), count in figures.finished_pages_by_engine(database).items():
        family.add_metric([state, engine], count)
    return family


def _queue_depth(database: Engine) -> Metric:
    family = GaugeMetricFamily(
        "docvault_queue_pages", "Pages waiting in the queue or leased, by state.", labels=["state"]
    )
    counts = figures.page_counts(database)
    for state in QUEUE_STATES:
        family.add_metric([state], counts[state])
    return family


def _attempts(database: Engine) -> Metric:
    family = CounterMetricFamily(
        "docvault_attempts", "Engine attempts by the guard's verdict.", labels=["verdict"]
    )
    for verdict, count in figures.attempts_by_verdict(database).items():
        family.add_metric([verdict], count)
    return family


def _latency(database: Engine) -> Metric:
    family = HistogramMetricFamily(
        "docvault_engine_request_seconds",
        "Seconds of one engine call, from the attempts table.",
        labels=["engine"],
    )
    for engine, latency in figures.attempt_latency(database, LATENCY_BUCKETS).items():
        buckets = [
            (str(bound), value)
            for bound, value in zip(LATENCY_BUCKETS, latency.at_most, strict=True)
        ]
        buckets.append(("+Inf", latency.count))
        family.add_metric([engine], buckets, latency.total_seconds)
    return family


def _intake_errors(database: Engine) -> Metric:
    family = GaugeMetricFamily(
        "docvault_intake_errors",
        "Documents intake or rendering refused, by error code (docvault.errors).",
        labels=["error_class"],
    )
    for code, count in figures.refused_documents_by_error(database).items():
        family.add_metric([code], count)
    return family


def _outbox(database: Engine) -> Iterable[Metric]:
    yield GaugeMetricFamily(
        "docvault_index_outbox_pages",
        "Finished pages not yet written to the index.",
        figures.outbox_length(database),
    )
    yield GaugeMetricFamily(
        "docvault_index_outbox_lag_seconds",
        "Age of the oldest page waiting to be indexed (0 when none waits).",
        figures.outbox_lag_seconds(database),
    )


def _archive(database: Engine) -> Iterable[Metric]:
    documents, size = figures.archive_totals(database)
    yield GaugeMetricFamily("docvault_archive_documents", "Originals in the archive.", documents)
    yield GaugeMetricFamily("docvault_archive_bytes", "Bytes of originals in the archive.", size)


# The outcomes a calendar run ends in, one gauge each (1 for the last run's, 0 for the rest).
CALENDAR_OUTCOMES = (Outcome.running, Outcome.ok, Outcome.failed, Outcome.missed, Outcome.skipped)


def _seconds(moment: datetime) -> float:
    """A stored time (naive UTC in SQLite) as seconds since the epoch."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _calendar(database: Engine) -> Iterable[Metric]:
    """Each calendar job's last run (when, how long, how it ended) and next run, and the
    archive check's outcome on its own, for an alert on a failed or missing check."""
    last, planned = calendar_log.last_runs(database), calendar_log.next_runs(database)
    started = GaugeMetricFamily(
        "docvault_calendar_last_run_timestamp_seconds",
        "When each calendar job's last run started (or was recorded as missed).",
        labels=["job"],
    )
    took = GaugeMetricFamily(
        "docvault_calendar_last_run_duration_seconds",
        "How long each calendar job's last finished run took.",
        labels=["job"],
    )
    outcome = GaugeMetricFamily(
        "docvault_calendar_last_run_outcome",
        "1 for the outcome of each calendar job's last run, 0 for the others.",
        labels=["job", "outcome"],
    )
    for job, run in sorted(last.items()):
        started.add_metric([job], _seconds(run.started_at))
        if run.finished_at is not None:
            took.add_metric([job], _seconds(run.finished_at) - _seconds(run.started_at))
        for state in CALENDAR_OUTCOMES:
            outcome.add_metric([job, state], float(run.outcome == state))
    upcoming = GaugeMetricFamily(
        "docvault_calendar_next_run_timestamp_seconds",
        "When the calendar runs each planned job next.",
        labels=["job"],
    )
    for job, at in sorted(planned.items()):
        if at is not None:
            upcoming.add_metric([job], at.timestamp())
    yield from (started, took, outcome, upcoming)
    check = last.get(ARCHIVE_CHECK)
    if check is not None and check.outcome != Outcome.running:
        yield GaugeMetricFamily(
            "docvault_archive_check_ok",
            "1 when the last archive check (docvault verify) found every original intact.",
            float(check.outcome == Outcome.ok),
        )


def _live(values: Mapping[str, float | int | bool]) -> Iterable[Metric]:
    for key, (name, help_text) in LIVE_GAUGES.items():
        if key in values:
            yield GaugeMetricFamily(name, help_text, float(values[key]))


class DatabaseCollector(Collector):
    """Reads the figures from the database (through docvault.figures) each time."""

    def __init__(
        self, database: Engine, live: Callable[[], Mapping[str, float | int | bool]]
    ) -> None:
        self.database = database
        self.live = live

    def collect(self) -> Iterable[Metric]:
        database = self.database
        families: list[Metric] = [
            _pages_by_engine(database),
            _queue_depth(database),
            _attempts(database),
            _latency(database),
            _intake_errors(database),
            *_outbox(database),
            *_archive(database),
            *_calendar(database),
        ]
        return [*families, *_live(self.live())]


def render_metrics(database: Engine, live: Callable[[], Mapping[str, float | int | bool]]) -> bytes:
    """The whole scrape, in the Prometheus text format (serve with `CONTENT_TYPE`)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(DatabaseCollector(database, live))
    return generate_latest(registry)
