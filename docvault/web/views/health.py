"""What machines ask: `/healthz` for the supervisor's probe (public, no data in it) and
`/metrics` for Prometheus (a token of scope `metrics`)."""

from __future__ import annotations

from fastapi.responses import Response

from docvault import metrics
from docvault.web.context import Context


def healthz() -> Response:
    """`ok` and nothing else: the supervisor's probe that the web view answers."""
    return Response("ok\n", media_type="text/plain")


def metrics_page(context: Context) -> Response:
    """Prometheus metrics, for a scraper holding a token of scope `metrics`."""
    body = metrics.render_metrics(context.database, context.live)
    return Response(body, media_type=metrics.CONTENT_TYPE)
