"""The audit log: who logged in, searched, viewed, downloaded and re-ran what."""

from __future__ import annotations

from sqlalchemy import Engine

from docvault.db import write_transaction
from docvault.models import AuditEvent


def record(
    database: Engine,
    user_name: str,
    action: str,
    detail: str = "",
    *,
    document_id: int | None = None,
    page_number: int | None = None,
    remote_address: str = "",
) -> None:
    """Append one event; the log is only ever appended to."""
    with write_transaction(database) as session:
        session.add(
            AuditEvent(
                user_name=user_name,
                action=action,
                detail=detail,
                document_id=document_id,
                page_number=page_number,
                remote_address=remote_address,
            )
        )
