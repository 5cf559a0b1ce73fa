"""Issue 44: a structure-aware corpus of hostile mail, for bench/fuzz_mail.py and the test
that no input can reach the supervisor's crash limit (tests/test_fuzz_crash_limit.py).

    mail_corpus(folder, count, seed) -> [(name, raw message bytes), ...]

Each message is a plain letter (one small PDF attached, `tests.support.mail`) changed by one
to three features drawn from ``FEATURES``, each a class of input that broke or stalled a mail
parser in issue 44's penetration test or is its neighbour: comments and parentheses nested
hundreds or thousands deep in From, To, Subject, Content-Type and a file name; headers of
10 to 100 KB (under Postfix's 102,400-byte limit); dates past the calendar, before it, of
twenty digits, with offsets of days, or no date at all; multipart and message/rfc822 parts
nested up to 2,000 deep; hundreds of attachments; bombs as attachments (a zip whose
`mimetype` entry unpacks to 1 GB, a gzip of 1 GB of zeros, a PNG that claims 100,000 x
100,000 pixels, zips nested in zips); broken encodings (base64 that is not, a charset no
codec has, RFC 2047 words cut in half, raw 8-bit and NUL bytes in headers); bidirectional
controls in Subject, From and file names; a boundary that never ends and a message cut off.
The same seed gives the same corpus, byte for byte.
"""

from __future__ import annotations

import functools
import io
import random
import re
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from tests.support.mail import SENDER, letter_message

Feature = Callable[[bytes, random.Random], bytes]
BIDI = "\u202e\u2066\u2067\u2068\u2069\u200f\u061c"


def _header(raw: bytes, name: bytes, value: bytes) -> bytes:
    """`raw` with header `name` set to `value` (replaced, or added at the top)."""
    pattern = rb"(?mi)^" + re.escape(name) + rb":[^\r\n]*(\r\n[ \t][^\r\n]*)*"
    line = name + b": " + value
    replaced, count = re.subn(pattern, lambda _: line, raw, count=1)
    return replaced if count else line + b"\r\n" + raw


def _split(raw: bytes) -> tuple[bytes, bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    if not body and b"\n\n" in raw:
        head, _, body = raw.partition(b"\n\n")
    return head, body


# --- headers ---------------------------------------------------------------------------------


def nested_comments(raw: bytes, chance: random.Random) -> bytes:
    depth = chance.choice((50, 200, 400, 1000, 3000))
    name = chance.choice((b"From", b"To", b"Subject", b"Reply-To", b"Sender"))
    opening, closing = chance.choice(((b"(", b")"), (b'"(', b')"'), (b"<(", b")>")))
    value = opening * depth + b"befund@labor.example" + closing * chance.choice((depth, 0, 1))
    return _header(raw, name, value)


def nested_parameter(raw: bytes, chance: random.Random) -> bytes:
    depth = chance.choice((100, 500, 2000))
    head, body = _split(raw)
    nested = b"(" * depth + b")" * depth
    if chance.random() < 0.5:  # the attachment's file name
        body = body.replace(b'filename="', b'filename="' + nested, 1)
        return head + b"\r\n\r\n" + body
    return _header(raw, b"Content-Type", b"multipart/mixed; x=" + nested)


def huge_header(raw: bytes, chance: random.Random) -> bytes:
    size = chance.choice((10_000, 40_000, 100_000))
    name = chance.choice((b"From", b"Subject", b"To", b"X-Spam-Report", b"Received"))
    word = chance.choice((b"a ", b"x", b"=?utf-8?q?a?= ", b"a@b, ", b"(c) "))
    value = word * (size // len(word))
    if name == b"From":
        value += b"<befund@labor.example>"
    if chance.random() < 0.5:  # folded into many continuation lines
        value = re.sub(rb"(.{70})", rb"\1\r\n ", value)
    return _header(raw, name, value)


def many_headers(raw: bytes, chance: random.Random) -> bytes:
    count = chance.choice((1_000, 5_000))
    lines = b"".join(b"Received: from h%d by mx; Mon, 1 Dec 2026\r\n" % n for n in range(count))
    return lines + raw


DATES = (
    b"Fri, 31 Dec 9999 23:59:59 -0100",
    b"Fri, 31 Dec 12345678901234567890 23:59:59 +0000",
    b"Mon, 1 Jan 0000 00:00:00 +0000",
    b"Mon, 1 Jan -44 00:00:00 +0000",
    b"Thu, 1 Jan 1970 00:00:00 +9999",
    b"Thu, 1 Jan 1970 00:00:00 -99999999999999",
    b"Tue, 31 Feb 2026 25:61:61 +0000",
    b"99999999999999999999",
    b"",
    b"Mon, 1 Jan 2026 00:00:00 " + b"+" * 5_000,
    b"Mo, 1. Januar 2026 00:00 MEZ",
    b"\x00\xff\xfe",
)


def bad_date(raw: bytes, chance: random.Random) -> bytes:
    return _header(raw, b"Date", chance.choice(DATES))


def bidi(raw: bytes, chance: random.Random) -> bytes:
    controls = "".join(chance.choice(BIDI) for _ in range(chance.randint(1, 40)))
    name = chance.choice((b"Subject", b"From"))
    value = f"Befund {controls}fdp.exe{controls}".encode()
    if name == b"From":
        value = f"Labor {controls} <befund@labor.example>".encode()
    head, body = _split(_header(raw, name, value))
    if chance.random() < 0.5:
        body = body.replace(b'filename="', f'filename="{controls}'.encode(), 1)
    return head + b"\r\n\r\n" + body


ENCODED_WORDS = (
    b"=?utf-8?b?" + b"!!!!" * 50 + b"?=",
    b"=?x-no-such-charset?q?Befund?=",
    b"=?utf-8?q?Bef",
    b"=?utf-8?b?/w==?= =?utf-16?b?2D3=?=",
    b"=?" * 2_000,
    b"\xff\xfe\x00Befund\x80\x81",
    "Befund \udcff".encode("utf-8", "surrogateescape"),
)


def bad_encoding(raw: bytes, chance: random.Random) -> bytes:
    kind = chance.randrange(4)
    if kind == 0:
        name = chance.choice((b"Subject", b"From", b"To"))
        return _header(raw, name, chance.choice(ENCODED_WORDS))
    head, body = _split(raw)
    if kind == 1:  # the attachment's base64 is not base64
        body = re.sub(
            rb"(?s)(base64\r\n\r\n)[A-Za-z0-9+/=\r\n]{40}",
            lambda found: found.group(1) + b"!*%$\x00",
            body,
            count=1,
        )
    elif kind == 2:
        body = body.replace(b'charset="utf-8"', b'charset="x-unknown-\xff"')
        body = body.replace(
            b"Content-Transfer-Encoding: base64", b"Content-Transfer-Encoding: x-uu", 1
        )
    else:
        body = body.replace(b'filename="', b"filename*=utf-8''%ff%fe%00%", 1)
    return head + b"\r\n\r\n" + body


# --- structure -------------------------------------------------------------------------------


def nested_parts(raw: bytes, chance: random.Random) -> bytes:
    depth = chance.choice((10, 100, 500, 2_000))
    boundary_reuse = chance.random() < 0.3  # every level with the same boundary
    head, _ = _split(raw)
    inner = b"Content-Type: text/plain\r\n\r\nBefund\r\n"
    for level in range(depth):
        boundary = b"b" if boundary_reuse else b"b%d" % level
        inner = (
            b'Content-Type: multipart/mixed; boundary="' + boundary + b'"\r\n\r\n--' + boundary
            + b"\r\n" + inner + b"\r\n--" + boundary + b"--\r\n"
        )  # fmt: skip
    kept = re.sub(
        rb"(?mi)^(Content-Type|MIME-Version|Content-Transfer-Encoding):[^\r\n]*\r\n",
        b"",
        head + b"\r\n",
    )
    return kept + b"MIME-Version: 1.0\r\n" + inner


def nested_messages(raw: bytes, chance: random.Random) -> bytes:
    depth = chance.choice((10, 100, 1_000, 2_000))
    _, body = _split(raw)
    inner = raw if chance.random() < 0.5 else b"Content-Type: text/plain\r\n\r\n" + body[:200]
    for _ in range(depth):
        inner = b"Content-Type: message/rfc822\r\n\r\n" + inner
    return f"From: {SENDER}\r\nSubject: Weitergeleitet\r\nMIME-Version: 1.0\r\n".encode() + inner


def _attachment(name: str, data: bytes, content_type: str) -> bytes:
    import base64

    encoded = base64.encodebytes(data).replace(b"\n", b"\r\n")
    return (
        f'Content-Type: {content_type}\r\nContent-Disposition: attachment; filename="{name}"\r\n'
        "Content-Transfer-Encoding: base64\r\n\r\n"
    ).encode() + encoded


def _with_parts(raw: bytes, parts: list[bytes]) -> bytes:
    head, _ = _split(raw)
    head = re.sub(rb"(?mi)^Content-Type:[^\r\n]*(\r\n[ \t][^\r\n]*)*\r\n?", b"", head + b"\r\n")
    boundary = b"==fuzz-boundary=="
    body = b"".join(b"--" + boundary + b"\r\n" + part + b"\r\n" for part in parts)
    return (
        head.rstrip(b"\r\n") + b'\r\nContent-Type: multipart/mixed; boundary="' + boundary
        + b'"\r\n\r\n' + body + b"--" + boundary + b"--\r\n"
    )  # fmt: skip


def many_attachments(raw: bytes, chance: random.Random) -> bytes:
    count = chance.choice((20, 200, 1_000))
    kind = chance.choice(("pdf", "broken", "text"))
    parts = []
    for number in range(count):
        if kind == "pdf":
            data = b"%PDF-1.4\n%% " + str(number).encode() + b"\n%%EOF\n"
        elif kind == "broken":
            data = bytes([number % 256]) * 16
        else:
            data = b"Befund %d" % number
        parts.append(_attachment(f"teil-{number}.{kind}", data, "application/octet-stream"))
    return _with_parts(raw, parts)


@functools.cache
def _zip_bomb() -> bytes:
    """An OOXML-looking zip whose `mimetype` entry unpacks to 1 GB of zeros (about 1 MB)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("mimetype", "w", force_zip64=True) as entry:
            block = b"\x00" * (1 << 20)
            for _ in range(1024):
                entry.write(block)
        archive.writestr("word/document.xml", b"<w:document/>")
    return buffer.getvalue()


@functools.cache
def _gzip_bomb() -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"\x00" * (1 << 20)
    return b"".join([*(compressor.compress(block) for _ in range(1024)), compressor.flush()])


def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * 4096)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _nested_zip(depth: int) -> bytes:
    data = b"Befund"
    for level in range(depth):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"ebene-{level}.zip", data)
        data = buffer.getvalue()
    return data


def bomb(raw: bytes, chance: random.Random) -> bytes:
    kind = chance.randrange(4)
    if kind == 0:
        part = _attachment(
            "befund.docx",
            _zip_bomb(),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        )
    elif kind == 1:
        part = _attachment("befund.pdf.gz", _gzip_bomb(), "application/gzip")
    elif kind == 2:
        part = _attachment("befund.png", _png_claiming(100_000, 100_000), "image/png")
    else:
        part = _attachment("befund.zip", _nested_zip(chance.choice((10, 100))), "application/zip")
    head, body = _split(raw)
    boundary = re.search(rb'boundary="([^"]+)"', head)
    if boundary is None:
        return _with_parts(raw, [part])
    marker = b"--" + boundary.group(1) + b"--"
    return (
        head
        + b"\r\n\r\n"
        + body.replace(marker, b"--" + boundary.group(1) + b"\r\n" + part + b"\r\n" + marker, 1)
    )


def cut_off(raw: bytes, chance: random.Random) -> bytes:
    kind = chance.randrange(3)
    if kind == 0:  # the closing boundary never comes
        return re.sub(rb"--[^\r\n]+--\r\n\Z", b"", raw.rstrip(b"\r\n") + b"\r\n")
    if kind == 1:
        return raw[: chance.randint(len(raw) // 4, len(raw) - 1)]
    return raw.replace(b"\r\n", b"\x00\r\n", chance.randint(1, 50))


def long_line(raw: bytes, chance: random.Random) -> bytes:
    head, body = _split(raw)
    return head + b"\r\n\r\n" + b"A" * chance.choice((100_000, 1_000_000)) + b"\r\n" + body


FEATURES: dict[str, Feature] = {
    "nested comments": nested_comments,
    "nested parameter": nested_parameter,
    "huge header": huge_header,
    "many headers": many_headers,
    "bad date": bad_date,
    "bidi controls": bidi,
    "bad encoding": bad_encoding,
    "nested parts": nested_parts,
    "nested messages": nested_messages,
    "many attachments": many_attachments,
    "bomb": bomb,
    "cut off": cut_off,
    "long line": long_line,
}


def mail_corpus(folder: Path, count: int, seed: int = 44) -> list[tuple[str, bytes]]:
    """`count` hostile messages, each named by the features that made it."""
    folder.mkdir(parents=True, exist_ok=True)
    chance = random.Random(seed)
    names = sorted(FEATURES)
    corpus = []
    for number in range(count):
        raw = letter_message(folder, 5_000 + number, subject=f"Fuzz {number}")
        chosen = chance.sample(names, chance.choice((1, 1, 2, 3)))
        for name in chosen:
            raw = FEATURES[name](raw, chance)
        corpus.append((f"{number:04}: {' + '.join(chosen)}", raw))
    return corpus


def one_of_each(folder: Path, seed: int = 44) -> list[tuple[str, bytes]]:
    """A fixed sample: each feature alone on its own letter, in ``FEATURES``' order."""
    folder.mkdir(parents=True, exist_ok=True)
    chance = random.Random(seed)
    return [
        (name, make(letter_message(folder, 7_000 + number, subject=f"Probe {number}"), chance))
        for number, (name, make) in enumerate(FEATURES.items())
    ]
