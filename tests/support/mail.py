"""Messages as mail servers deliver them, for the mail tests and the benchmark."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from tests.support.documents import letter_pdf

SENDER = "Labor Dr. Weiß <befund@labor.example>"


def message(
    attachments: list[tuple[str, bytes, str]],
    subject: str = "Befund",
    sender: str = SENDER,
    message_id: str | None = None,
    body: str = "Anbei der Befund.",
    sent: datetime | None = None,
) -> bytes:
    """A message with a text body and these attachments (name, bytes, content type)."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = "praxis@example.org"
    mail["Subject"] = subject
    mail["Date"] = format_datetime(sent or datetime(2026, 12, 3, 9, 30, tzinfo=UTC))
    mail["Message-ID"] = message_id or make_msgid(domain="labor.example")
    mail.set_content(body)
    for name, data, content_type in attachments:
        main, sub = content_type.split("/", 1)
        mail.add_attachment(data, maintype=main, subtype=sub, filename=name)
    return mail.as_bytes()


def pdf_bytes(folder: Path, name: str, pages: int, seed: int) -> bytes:
    """A small distinct PDF (tests.support.documents.letter_pdf) as bytes."""
    return letter_pdf(folder / name, pages, seed).read_bytes()


def letter_message(folder: Path, seed: int, letters: int = 1, subject: str = "") -> bytes:
    """A message carrying `letters` distinct one-page PDFs."""
    attachments = [
        (
            f"befund-{seed}-{number}.pdf",
            pdf_bytes(folder, f"m{seed}-{number}.pdf", 1, seed * 10 + number),
            "application/pdf",
        )
        for number in range(1, letters + 1)
    ]
    return message(attachments, subject=subject or f"Befund {seed}")
