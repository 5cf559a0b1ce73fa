"""`/metrics` in the Prometheus text format, computed from the database on each scrape.

The database is the truth, so the figures survive restarts and agree with `docvault
status`; only what lives in the running process (requests in flight, the engine's state)
comes from the `live` callable. A registry is made per scrape, never the global one, so
two apps in one process (tests) and re-imports never collide.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from sqlalchemy import Engine

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# A typical OvisOCR2 page takes ~2 s at 32 requests in flight; a looping page that decodes
# 16k tokens takes ~30 s more (DESIGN.md); 300 s is the default engine timeout.
LATENCY_BUCKETS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0)
# One placeholder per bound of LATENCY_BUCKETS: cumulative counts, as Prometheus wants them.
LATENCY_QUERY = (
    "SELECT engine, count(*), total(seconds), "
    "sum(seconds <= ?), sum(seconds <= ?), sum(seconds <= ?), sum(seconds <= ?), "
    "sum(seconds <= ?), sum(seconds <= ?), sum(seconds <= ?), sum(seconds <= ?), "
    "sum(seconds <= ?), sum(seconds <= ?) FROM attempts GROUP BY engine"
)
QUEUE_STATES = ("queued", "running")
# What the running daemon reports through `live()`: key -> (metric name, help).
LIVE_GAUGES = {
    "in_flight": ("docvault_engine_requests_in_flight", "Engine requests in flight now."),
    "engine_up": ("docvault_engine_up", "1 when the engine answered its last request."),
    "pages_per_minute": (
        "docvault_pages_per_minute",
        "Pages finished per minute over the last five minutes.",
    ),
}


def _database_path(database: Engine | Path) -> Path:
    return database if isinstance(database, Path) else Path(str(database.url.database))


def _rows(connection: sqlite3.Connection, sql: str, *arguments: Any) -> list[tuple[Any, ...]]:
    return list(connection.execute(sql, arguments).fetchall())


def _pages_by_engine(connection: sqlite3.Connection) -> Metric:
    family = GaugeMetricFamily(
        "docvault_pages_finished",
        "Finished pages by state and by the engine of their last attempt.",
        labels=["state", "engine"],
    )
    rows = _rows(
        connection,
        "SELECT p.status, coalesce(a.engine, 'none'), count(*) FROM pages p "
        "LEFT JOIN attempts a ON a.id = (SELECT max(id) FROM attempts WHERE page_id = p.id) "
        "WHERE p.status IN ('done', 'looped', 'failed') GROUP BY 1, 2",
    )
    for state, engine, count in rows:
        family.add_metric([state, engine], count)
    return family


def _queue_depth(connection: sqlite3.Connection) -> Metric:
    family = GaugeMetricFamily(
        "docvault_queue_pages", "Pages waiting in the queue or leased, by state.", labels=["state"]
    )
    counts = dict(_rows(connection, "SELECT status, count(*) FROM pages GROUP BY status"))
    for state in QUEUE_STATES:
        family.add_metric([state], counts.get(state, 0))
    return family


def _attempts(connection: sqlite3.Connection) -> Metric:
    family = CounterMetricFamily(
        "docvault_attempts", "Engine attempts by the guard's verdict.", labels=["verdict"]
    )
    for verdict, count in _rows(
        connection, "SELECT verdict, count(*) FROM attempts GROUP BY verdict"
    ):
        family.add_metric([verdict], count)
    return family


def _latency(connection: sqlite3.Connection) -> Metric:
    family = HistogramMetricFamily(
        "docvault_engine_request_seconds",
        "Seconds of one engine call, from the attempts table.",
        labels=["engine"],
    )
    rows = _rows(connection, LATENCY_QUERY, *LATENCY_BUCKETS)
    for engine, count, total, *cumulative in rows:
        buckets = [
            (str(bound), int(value or 0))
            for bound, value in zip(LATENCY_BUCKETS, cumulative, strict=True)
        ]
        buckets.append(("+Inf", int(count)))
        family.add_metric([engine], buckets, float(total))
    return family


def _intake_errors(connection: sqlite3.Connection) -> Metric:
    family = GaugeMetricFamily(
        "docvault_intake_errors",
        "Documents intake or rendering refused, by error class.",
        labels=["error_class"],
    )
    for error_class, count in _rows(
        connection,
        "SELECT error_class, count(*) FROM documents WHERE error_class IS NOT NULL "
        "GROUP BY error_class",
    ):
        family.add_metric([error_class], count)
    return family


def _outbox(connection: sqlite3.Connection) -> Iterable[Metric]:
    length, oldest_age = _rows(
        connection,
        "SELECT count(*), (julianday('now') - julianday(min(created_at))) * 86400 "
        "FROM index_outbox",
    )[0]
    yield GaugeMetricFamily(
        "docvault_index_outbox_pages", "Finished pages not yet written to the index.", length
    )
    yield GaugeMetricFamily(
        "docvault_index_outbox_lag_seconds",
        "Age of the oldest page waiting to be indexed (0 when none waits).",
        max(0.0, float(oldest_age or 0.0)),
    )


def _archive(connection: sqlite3.Connection) -> Iterable[Metric]:
    documents, size = _rows(
        connection, "SELECT count(*), coalesce(sum(size_bytes), 0) FROM documents"
    )[0]
    yield GaugeMetricFamily("docvault_archive_documents", "Originals in the archive.", documents)
    yield GaugeMetricFamily("docvault_archive_bytes", "Bytes of originals in the archive.", size)


def _live(values: Mapping[str, float | int | bool]) -> Iterable[Metric]:
    for key, (name, help_text) in LIVE_GAUGES.items():
        if key in values:
            yield GaugeMetricFamily(name, help_text, float(values[key]))


class DatabaseCollector(Collector):
    """Reads the figures from the database (read-only) each time it is collected."""

    def __init__(
        self, database_path: Path, live: Callable[[], Mapping[str, float | int | bool]]
    ) -> None:
        self.database_path = database_path
        self.live = live

    def collect(self) -> Iterable[Metric]:
        connection = sqlite3.connect(f"file:{self.database_path}?mode=ro", uri=True, timeout=10)
        try:
            families: list[Metric] = [
                _pages_by_engine(connection),
                _queue_depth(connection),
                _attempts(connection),
                _latency(connection),
                _intake_errors(connection),
                *_outbox(connection),
                *_archive(connection),
            ]
        finally:
            connection.close()
        return [*families, *_live(self.live())]


def render_metrics(
    database: Engine | Path, live: Callable[[], Mapping[str, float | int | bool]]
) -> bytes:
    """The whole scrape, in the Prometheus text format (serve with `CONTENT_TYPE`)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(DatabaseCollector(_database_path(database), live))
    return generate_latest(registry)
