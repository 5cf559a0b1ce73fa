"""Pieces several layouts share: the addressee block, paragraphs, signatures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bench.heldout50d.context import Ctx, Practice, Subject
from bench.heldout50d.pages import Doc


@dataclass
class Layout:
    name: str
    write: Callable[[Ctx], Doc]
    ages: tuple[int, int] = (18, 95)
    titled: bool = False  # prefers a patient with an academic title (the letter prints it)


def addressee(
    doc: Doc, practice: Practice, x: float, y: float, phones: str = "", size: float = 10
) -> float:
    """The receiving practice's address (not the sender); phones='de'/'en' adds its numbers."""
    y = doc.block(x, y, practice.lines, size)
    if phones == "de":
        y = doc.block(x, y, [f"Tel. {practice.phone}", f"Fax {practice.fax}"], size - 1)
    elif phones == "en":
        y = doc.block(x, y, [f"Tel: {practice.phone}", f"Fax: {practice.fax}"], size - 1)
    return y


def paragraphs(
    doc: Doc, y: float, texts: list[str], x: float = 25, width: float = 160, gap: float = 2.5
) -> float:
    for text in texts:
        y = doc.wrap(x, y, text, width) + gap
    return y


def address(p: Subject) -> str:
    return f"{p.street}, {p.postcode} {p.city}"


def upper(surname: str) -> str:
    """SURNAME as forms print it, particles kept lower case (van der BERG)."""
    words = surname.split(" ")
    return " ".join(
        w if w in ("von", "van", "der", "den", "de", "la", "di", "zu", "vom", "ten") else w.upper()
        for w in words
    )
