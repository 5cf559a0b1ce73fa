"""A message's bytes to what docvault takes from it: who sent it, when, about what, and its
attachments, each with the kind of file its content is.

A stage leaf: bytes in, plain values out; no database, no network. The MIME parser is
Python's own (`email`, with the standard policy), which is lenient: what it finds broken
is kept as `defects`, and a message whose parts cannot be told apart is malformed.

An attachment is a leaf part that is a file: sent as an attachment, or given a file name,
or of a type that is no message text (a fax gateway's bare `application/pdf`). The pictures
of an HTML message (inline parts with a Content-ID, such as a signature's logo) and
signatures (`.p7s`, `.asc`) are part of the message, not letters.
"""

from __future__ import annotations

import contextlib
import email.utils
import mimetypes
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from pathlib import Path, PurePosixPath, PureWindowsPath

from docvault.names import display_name, message_named
from docvault.render import RASTER_KINDS, TEXT_KINDS, detect_kind
from docvault.setting_types import MailboxSettings

# The headers the filters and the sentences need, fetched before a message is downloaded.
SUMMARY_HEADERS = ("FROM", "SUBJECT", "DATE", "MESSAGE-ID", "CONTENT-TYPE")
# Kinds intake reads from a message: what it reads from a folder, less the kinds that are
# mostly a message's own text (a .txt or .html part is the body, not a letter).
MAIL_TEXT_KINDS = TEXT_KINDS - {"txt", "html", "svg"}
SIGNATURE_TYPES = {
    "application/pgp-signature",
    "application/pkcs7-signature",
    "application/x-pkcs7-signature",
}
ENCRYPTED_TYPES = {"multipart/encrypted", "application/pkcs7-mime", "application/x-pkcs7-mime"}
# Only the head of a file tells its kind, except a ZIP's (its directory is at the end).
_SNIFF_BYTES = 4096
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# What breaks a header's text into lines where it is shown (a sentence, the log, the web
# view): C0 and C1 controls and the Unicode line and paragraph separators. A Subject with
# U+0085 in it was two lines (tests/intake/test_properties_mail.py, issue 29).
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
MAX_FILE_NAME_CHARACTERS = 200


@dataclass(frozen=True)
class Summary:
    """What a message's headers say, for the filters and every sentence about it."""

    message_id: str | None
    sender: str  # as shown: 'Labor Dr. Weiß <befund@labor.example>'
    sender_address: str  # the address alone, lower case
    subject: str
    sent_at: datetime | None
    content_type: str  # the top-level type: multipart/mixed, text/plain, ...

    def describe(self) -> str:
        """The message as a sentence names it: sender, subject and date (escaped)."""
        return message_named(self.sender, self.subject, self.sent_at)


@dataclass(frozen=True)
class Attachment:
    """One file attached to a message."""

    position: int  # among the message's attachments, from 1
    file_name: str  # as sent, without any folder, safe to show
    content_type: str
    data: bytes
    kind: str | None  # `render.detect_kind` of its content; None: not a kind docvault knows


@dataclass(frozen=True)
class ParsedMessage:
    """A whole message: its summary, its attachments and what is wrong with it."""

    summary: Summary
    attachments: tuple[Attachment, ...]
    encrypted: bool  # S/MIME or PGP: nothing in it can be read without the recipient's key
    defects: tuple[str, ...]  # what the MIME parser found broken, by the defect's name

    @property
    def malformed(self) -> bool:
        """Broken so that its parts cannot be told apart (no attachment came out of it)."""
        return bool(self.defects) and not self.attachments


def readable_kinds(accept_text_documents: bool) -> frozenset[str]:
    """The kinds of attachment that become documents."""
    kinds = frozenset({"pdf"}) | RASTER_KINDS
    return kinds | MAIL_TEXT_KINDS if accept_text_documents else kinds


def _header(message: Message, name: str) -> str:
    """A header's decoded text; a header too broken to decode is its raw text."""
    try:
        value = message.get(name)
    except (ValueError, TypeError, IndexError, AttributeError, RecursionError, OverflowError):
        # The policy's header parser gave up: 'From: a:b;a:b;' raised an AttributeError,
        # 500 nested parentheses a RecursionError (issue 44).
        value = None
    if value is None:
        # As stored, unparsed: get_all parses too, and fails as get did (Message-ID: <<>>
        # raised an IndexError out of parse_message, tests/intake/test_properties_mail.py).
        raw = [value for key, value in message.raw_items() if key.lower() == name.lower()]
        value = raw[0] if raw else ""
    return _LINE_BREAKING.sub(" ", str(value)).strip()


def _sent_at(text: str) -> datetime | None:
    if not text:
        return None
    try:
        sent = email.utils.parsedate_to_datetime(text)
        return sent.replace(tzinfo=UTC) if sent.tzinfo is None else sent.astimezone(UTC)
    except (TypeError, ValueError, IndexError, OverflowError):
        # 'Fri, 31 Dec 9999 23:59:59 -0100' is past the last datetime in UTC (issue 44).
        return None


def summarise(message: Message) -> Summary:
    sender = _header(message, "From")
    message_id = _header(message, "Message-ID") or None
    return Summary(
        message_id=message_id,
        sender=sender,
        sender_address=email.utils.parseaddr(sender)[1].lower(),
        subject=_header(message, "Subject"),
        sent_at=_sent_at(_header(message, "Date")),
        content_type=message.get_content_type(),
    )


def parse_headers(header_bytes: bytes) -> Summary:
    """The summary of a message from its headers alone (fetched before the message)."""
    return summarise(BytesParser(policy=policy.default).parsebytes(header_bytes, headersonly=True))


class TooManyAttachments(Exception):
    """A message with more files attached than the limit (none of them was decoded)."""


def parse_message(raw: bytes, max_attachments: int = 0) -> ParsedMessage:
    """A whole message as docvault takes it: a broken MIME structure is `defects` and
    `malformed`. It may still raise on hostile input (RecursionError for parts nested a
    thousand deep, OverflowError, MemoryError; TooManyAttachments past `max_attachments`,
    0: no limit), which is why the daemon calls it only in `mailreader`'s worker."""
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    parts = list(_file_parts(message))
    if max_attachments and len(parts) > max_attachments:
        raise TooManyAttachments(
            f"has {len(parts):,} attachments, more than mail_max_attachments "
            f"({max_attachments:,}) allows for one message"
        )
    attachments = tuple(_attachment(position, part) for position, part in enumerate(parts, 1))
    defects = {type(defect).__name__ for part in message.walk() for defect in part.defects}
    return ParsedMessage(
        summary=summarise(message),
        attachments=attachments,
        encrypted=any(part.get_content_type() in ENCRYPTED_TYPES for part in message.walk())
        and not any(attachment.kind for attachment in attachments),
        defects=tuple(sorted(defects)),
    )


def _file_parts(message: EmailMessage) -> Iterator[EmailMessage]:
    """The message's leaf parts that are files, in order (forwarded messages included)."""
    related_parents = {
        id(child)
        for part in message.walk()
        if part.get_content_type() == "multipart/related"
        for child in part.iter_parts()
    }
    for part in message.walk():
        if part.is_multipart() or part.get_content_maintype() == "message":
            continue
        if _is_file(part, inline_picture=id(part) in related_parents):
            yield part


def _is_file(part: EmailMessage, inline_picture: bool) -> bool:
    content_type = part.get_content_type()
    disposition = part.get_content_disposition()
    if content_type in SIGNATURE_TYPES or content_type in ENCRYPTED_TYPES:
        return False
    if disposition == "attachment":
        return True
    if inline_picture and part.get("Content-ID"):
        return False  # a picture the HTML text shows (a signature's logo)
    if part.get_filename():
        return True
    return part.get_content_maintype() not in ("text", "multipart")


def _attachment(position: int, part: EmailMessage) -> Attachment:
    data = part.get_payload(decode=True)
    payload = data if isinstance(data, bytes) else b""
    content_type = part.get_content_type()
    name = _safe_name(part.get_filename() or "", position, content_type)
    return Attachment(position, name, content_type, payload, kind_of(payload, name))


def _safe_name(sent: str, position: int, content_type: str) -> str:
    """The attachment's name without any folder (either kind of slash) or C0 control
    characters, shown as intake shows a file's name (`names.display_name`: other control,
    line-breaking and bidirectional characters escaped visibly); a name of its own when
    none was sent."""
    bare = _CONTROL.sub("", PurePosixPath(PureWindowsPath(sent).name).name).strip()
    # 'rechnung\u202efdp.exe' read as 'rechnungexe.pdf' in the web view, where a file
    # from an inbox has the override escaped (tests/intake/test_properties_mail.py, issue 29).
    name = display_name(bare.encode("utf-8", "replace").decode("utf-8"))
    if name in ("", ".", ".."):
        extension = mimetypes.guess_extension(content_type) or ".bin"
        name = f"attachment-{position}{extension}"
    if len(name) > MAX_FILE_NAME_CHARACTERS:
        suffix = Path(name).suffix[:10]
        name = name[: MAX_FILE_NAME_CHARACTERS - len(suffix)] + suffix
    return name


def kind_of(data: bytes, file_name: str) -> str | None:
    """The kind of file these bytes are (`render.detect_kind`, which reads a file)."""
    if not data:
        return None
    whole = data.startswith(b"PK\x03\x04")  # a ZIP's kind is told by its directory, at the end
    suffix = Path(file_name).suffix.lower()[:10]
    with tempfile.NamedTemporaryFile(prefix="docvault-sniff-", suffix=suffix) as handle:
        handle.write(data if whole else data[:_SNIFF_BYTES])
        handle.flush()
        with contextlib.suppress(OSError):
            return detect_kind(Path(handle.name))
    return None


def matches(mailbox: MailboxSettings, summary: Summary) -> str | None:
    """Why a mailbox's filters leave this message alone, or None when it is to be taken."""
    if mailbox.senders and not any(
        _sender_matches(pattern, summary.sender_address) for pattern in mailbox.senders
    ):
        return f"its sender {summary.sender_address or '(none)'} is not among senders"
    if mailbox.subject_contains and not any(
        word.lower() in summary.subject.lower() for word in mailbox.subject_contains
    ):
        return "its subject has none of the words of subject_contains"
    if mailbox.require_attachment and not _can_carry_attachment(summary.content_type):
        return f"it is {summary.content_type}, which carries no attachment"
    return None


def _sender_matches(pattern: str, address: str) -> bool:
    pattern = pattern.strip().lower()
    if pattern.startswith("@"):
        return address.endswith(pattern)
    return address == pattern


def _can_carry_attachment(content_type: str) -> bool:
    """A message's top-level type says whether it can carry a file: a text/plain or
    multipart/alternative message is text only."""
    return content_type not in ("text/plain", "text/html", "multipart/alternative")
