"""What the web view is given by the composition root, and the steps its routes share."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from fastapi import HTTPException
from sqlalchemy import Engine as DatabaseEngine
from starlette.requests import Request

from docvault import queue
from docvault.indexing import ArchiveIndex
from docvault.ocr.base import SamplingMode
from docvault.unlock import unlock_document
from docvault.web import audit, queries
from docvault.web.images import RenderPng
from docvault.web.security import client_address, current_account
from docvault.web.status import StatusSource

PER_PAGE = 20
_PLAIN_TERM = re.compile(r"[\w.@+-]+")


@dataclass(frozen=True)
class WebContext:
    """Everything the web view reads; built once by the composition root.

    - `render_png(archive_path, page_number, rotation)` returns the page as PNG bytes, turned
      `rotation` degrees clockwise; it must render in the render pool (PyMuPDF is not
      thread-safe) and may block the calling thread.
    - `status()` returns the service's own numbers (see `docvault.web.status`).
    - `secret_key` signs the session cookies (32 random bytes kept in the data folder).
    - `https`: the browser reaches docvault over HTTPS (directly or through a proxy), so
      cookies are marked Secure and HSTS is sent.
    """

    database: DatabaseEngine
    index: ArchiveIndex
    data_dir: Path
    render_png: RenderPng
    status: StatusSource
    secret_key: bytes
    https: bool = False
    # Live figures only the running service knows, for /metrics: in_flight, engine_up,
    # pages_per_minute (docvault.metrics.render_metrics reads the rest from the database).
    live: Callable[[], Mapping[str, Any]] = dict

    def audit(
        self,
        request: Request,
        action: str,
        detail: str = "",
        document_id: int | None = None,
        page_number: int | None = None,
    ) -> None:
        audit.record(
            self.database,
            current_account(request).name,
            action,
            detail,
            document_id=document_id,
            page_number=page_number,
            remote_address=client_address(request),
        )

    def document_or_404(self, document_id: int) -> queries.DocumentView:
        found = queries.document(self.database, document_id)
        if found is None:
            raise HTTPException(404, f"There is no document {document_id} in the archive.")
        return found

    def page_or_404(self, document_id: int, number: int) -> queries.PageView:
        found = queries.page_by_number(self.database, document_id, number)
        if found is None:
            raise HTTPException(404, f"Document {document_id} has no page {number}.")
        return found

    def rotate(self, request: Request, page_id: int, turn: int) -> int:
        """Turn a page by `turn` degrees clockwise and read it again, and note who asked."""
        angle = queue.request_rotation(self.database, page_id, turn)
        if angle is None:
            raise HTTPException(
                409, f"Page {page_id} is being read right now or does not exist; try again."
            )
        self.audit(request, "rotate", f"page {page_id} turned {turn}° (now {angle}°), queued")
        return angle

    def unlock(self, request: Request, document_id: int, password: str) -> int:
        """Unlock a protected PDF with the password typed by an admin; its page count.

        The audit entry names the document and who unlocked it, never the password.
        """
        unlocked = unlock_document(self.database, self.data_dir, document_id, password)
        self.audit(
            request,
            "unlock",
            f"{unlocked.file_name}: {unlocked.pages} page(s) queued",
            document_id=document_id,
        )
        return unlocked.pages

    def rerun(self, request: Request, page_ids: list[int], mode: SamplingMode) -> int:
        """Queue the pages again through the queue, and note who asked."""
        changed = queue.request_rerun(self.database, page_ids, mode)
        listed = ", ".join(str(page_id) for page_id in page_ids)
        self.audit(request, "rerun", f"pages {listed} with {mode.value}: {changed} queued")
        return changed


def _term(value: str) -> str:
    if _PLAIN_TERM.fullmatch(value):
        return value
    return '"' + value.replace('"', "") + '"'


def _date(value: str, label: str) -> str:
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise HTTPException(
            400, f"The {label} date {value!r} is not a date; write it as YYYY-MM-DD."
        ) from None


@dataclass(frozen=True)
class SearchForm:
    """The search box and its filters, as the search page's form sends them."""

    q: str = ""
    inbox: str = ""
    tag: str = ""
    status: str = ""
    date_field: str = "received"
    date_from: str = ""
    date_to: str = ""

    def query(self) -> str:
        """The query in the search language (filters become `inbox:`, `received:>=` …)."""
        parts = [self.q.strip()] if self.q.strip() else []
        for name, value in (("inbox", self.inbox), ("tag", self.tag), ("status", self.status)):
            if value.strip():
                parts.append(f"{name}:{_term(value.strip())}")
        field = "date" if self.date_field == "date" else "received"
        if self.date_from.strip():
            parts.append(f"{field}:>={_date(self.date_from.strip(), 'from')}")
        if self.date_to.strip():
            parts.append(f"{field}:<={_date(self.date_to.strip(), 'to')}")
        return " ".join(parts)

    def has_filters(self) -> bool:
        return any((self.inbox, self.tag, self.status, self.date_from, self.date_to))
