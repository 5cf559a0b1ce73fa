"""Messages built to break a mail parser, as issue 44's penetration test sent them: each a
plain letter (one PDF attached) with one hostile feature, so that what is refused is
refused for that feature alone. For the daemon tests and the mail fuzzing corpus."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tests.support.mail import SENDER, letter_message


def _replace_header(raw: bytes, name: bytes, value: bytes) -> bytes:
    return re.sub(rb"(?m)^" + name + rb": [^\r\n]*", lambda _: name + b": " + value, raw, count=1)


def far_date(raw: bytes) -> bytes:
    """A Date past the last datetime Python has (OverflowError in parsedate_to_datetime)."""
    return _replace_header(raw, b"Date", b"Fri, 31 Dec 9999 23:59:59 -0100")


def twenty_digit_year(raw: bytes) -> bytes:
    return _replace_header(raw, b"Date", b"Fri, 31 Dec 12345678901234567890 23:59:59 +0000")


def nested_from(raw: bytes, depth: int = 500) -> bytes:
    """A From header of `depth` nested comments (RecursionError in the address parser)."""
    return _replace_header(raw, b"From", b"(" * depth + b"befund@labor.example" + b")" * depth)


def nested_content_type(raw: bytes, depth: int = 500) -> bytes:
    return _replace_header(
        raw, b"Content-Type", b"multipart/mixed; x=" + b"(" * depth + b")" * depth
    )


def nested_filename(raw: bytes, depth: int = 500) -> bytes:
    """The attachment's `filename=` as `depth` nested comments, unquoted (RecursionError in
    the parameter parser; a quoted name is read as it is)."""
    nested = b"(" * depth + b")" * depth
    return re.sub(rb'filename="[^"]*"', lambda _: b"filename=" + nested, raw, count=1)


def long_from(raw: bytes, characters: int = 100_000) -> bytes:
    """A From header of `characters` words: the standard library's address parser is
    quadratic in it (minutes at 100,000 characters), under Postfix's 102,400-byte limit."""
    return _replace_header(raw, b"From", b"a " * (characters // 2) + b"<befund@labor.example>")


def nested_parts(_raw: bytes, depth: int = 1000) -> bytes:
    """`depth` multipart parts inside each other (RecursionError when walked)."""
    body = b"Content-Type: text/plain\r\n\r\nBefund\r\n"
    for level in range(depth):
        boundary = b"b%d" % level
        body = (
            b'Content-Type: multipart/mixed; boundary="' + boundary + b'"\r\n\r\n--' + boundary
            + b"\r\n" + body + b"\r\n--" + boundary + b"--\r\n"
        )  # fmt: skip
    head = f"From: {SENDER}\r\nSubject: Verschachtelt\r\nMIME-Version: 1.0\r\n".encode()
    return head + body


def nested_messages(_raw: bytes, depth: int = 1000) -> bytes:
    """`depth` message/rfc822 parts inside each other."""
    body = b"Content-Type: text/plain\r\n\r\nBefund\r\n"
    for _ in range(depth):
        body = b"Content-Type: message/rfc822\r\n\r\n" + body
    return f"From: {SENDER}\r\nSubject: Weitergeleitet\r\nMIME-Version: 1.0\r\n".encode() + body


HOSTILE: dict[str, Callable[[bytes], bytes]] = {
    "far date": far_date,
    "twenty-digit year": twenty_digit_year,
    "nested From": nested_from,
    "nested Content-Type": nested_content_type,
    "nested filename": nested_filename,
    "long From": long_from,
    "nested parts": nested_parts,
    "nested messages": nested_messages,
}


def hostile_messages(folder: Path) -> dict[str, bytes]:
    """Each hostile message, made from a distinct letter."""
    return {
        name: make(letter_message(folder, 900 + number, subject=f"Feindlich {number}"))
        for number, (name, make) in enumerate(HOSTILE.items())
    }
