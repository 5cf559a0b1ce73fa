"""One finished page stored as the worker stores it, for tests that finish pages by hand.

The worker finishes pages through `records.complete_many` (several a transaction); a test
that finishes one page at a time calls `complete`, which is that call for one page.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine

from docvault.records.leases import FinishedPage, complete_many
from docvault.vocabulary import AttemptRecord, CoverageReport, TextFormat


def complete(
    database: Engine,
    page_id: int,
    owner: str,
    text: str,
    looped: bool,
    attempts: Sequence[AttemptRecord],
    warnings: Sequence[str] = (),
    image_size: tuple[int, int] | None = None,
    coverage: CoverageReport | None = None,
    text_format: TextFormat = TextFormat.markdown,
) -> bool:
    """Store a finished page's text and attempts, and queue its index entry, atomically.

    Returns False (and changes nothing) when the lease was lost in the meantime.
    """
    finished = FinishedPage(
        page_id,
        text,
        looped,
        attempts,
        warnings,
        image_size,
        coverage=coverage,
        text_format=text_format,
    )
    return complete_many(database, owner, [finished])[0]
