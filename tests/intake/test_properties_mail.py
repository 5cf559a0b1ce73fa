"""Issue 29: mail as a mail server delivers it, broken or hostile, through
docvault/intake/mailparse.py. Messages are drawn by Hypothesis from their MIME parts: nested
multiparts (mixed, related, alternative, signed, encrypted, a forwarded message/rfc822),
boundaries that are missing or never closed, transfer encodings that lie (bad base64, odd
quoted-printable, unknown encodings), charsets nobody knows, huge headers, file names as
encoded words and RFC 2231 parameters (the email package's own encoders) carrying folders,
path traversal, control and bidirectional characters or nothing at all, and attachments
whose Content-Type lies about their bytes.

- `parse_message` never raises, whatever the bytes (its promise): a message gives its
  attachments, or is malformed with its defects named;
- every attachment's file name is safe to store, show and use: one plain name (no folder,
  no '/', no '\\', not '.' or '..', no control, line-breaking or bidirectional character),
  UTF-8, at most MAX_FILE_NAME_CHARACTERS; its kind is what its bytes are, not what the
  message says;
- the sender and subject are one line of text, as every sentence about the message shows
  them; `parse_headers` says the same of the headers alone.
"""

from __future__ import annotations

import base64
import email.utils
import re
from email.header import Header

from hypothesis import given
from hypothesis import strategies as st

from docvault.intake.mailparse import (
    MAX_FILE_NAME_CHARACTERS,
    kind_of,
    parse_headers,
    parse_message,
)
from docvault.names import UNSAFE_CHARACTERS, display_name
from tests.support.properties import budget

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32
PAYLOADS = st.sampled_from(
    [PDF, PNG, JPEG, b"", b"plain words", b"PK\x03\x04zip", b"\x00\xff" * 40]
)
CONTENT_TYPES = st.sampled_from(
    [
        "application/pdf",
        "image/png",
        "image/jpeg",
        "image/tiff",
        "application/octet-stream",
        "text/plain",
        "text/html",
        "application/pkcs7-signature",
        "application/pgp-signature",
        "application/x-unknown",
        "garbage",
        "application/pdf; charset=utf-8",
        "",
    ]
)
CHARSETS = st.sampled_from(
    ["utf-8", "iso-8859-1", "windows-1252", "x-unknown", "utf-7", "", "koi8-r"]
)
NAME_TEXTS = st.sampled_from(
    [
        "befund.pdf",
        "../../etc/passwd",
        "..\\..\\boot.ini",
        "/abs/letter.pdf",
        "C:\\Users\\x.pdf",
        "Befund Müller.pdf",
        "rechnung\u202efdp.exe",
        "a\nb.pdf",
        "a\rb.pdf",
        "\x85next.pdf",
        "line\u2028break.pdf",
        "\u2066iso\u2069.pdf",
        "x" * 300 + ".pdf",
        ".",
        "..",
        "",
        " ",
        "\\",
        "/",
        "....//",
        "nul\x00.pdf",
        "tab\t.pdf",
        "\u200fmark.pdf",
        "💊.pdf",
        "\x1b[31mred.pdf",
        ".hidden.pdf",
        "con.pdf",
        "%2e%2e%2fx.pdf",
    ]
)


@st.composite
def file_name_parameters(draw: st.DrawFn) -> str:
    """A name as the header carries it: plain, quoted, an encoded word, or RFC 2231."""
    name = draw(st.one_of(NAME_TEXTS, st.text(max_size=30)))
    form = draw(st.sampled_from(["quoted", "encoded-word", "rfc2231", "bare", "broken-rfc2231"]))
    if form == "quoted":
        return f'filename="{name}"'
    if form == "encoded-word":
        charset = draw(st.sampled_from(["utf-8", "iso-8859-1"]))
        try:
            return f'filename="{Header(name, charset).encode()}"'
        except UnicodeEncodeError:
            return f'filename="{Header(name, "utf-8").encode()}"'
    if form == "rfc2231":
        # UTF-8 bytes, percent-encoded, under a label that may lie or name no charset at all.
        encoded = email.utils.encode_rfc2231(name, "utf-8").split("''", 1)[1]
        return f"filename*={draw(CHARSETS)}''{encoded}"
    if form == "broken-rfc2231":
        return draw(
            st.sampled_from(
                [
                    "filename*=utf-8''%FF%FE",
                    "filename*=x''%2F%2E%2E",
                    "filename*0*=a",
                    "filename*=''",
                    "filename*=utf-8'en'%ED%A0%80.pdf",
                ]
            )
        )
    return f"filename={name}"


def _encoded(payload: bytes, encoding: str) -> bytes:
    if encoding == "base64":
        return base64.encodebytes(payload)
    if encoding == "bad-base64":
        return base64.b64encode(payload)[:-1] + b"!!*==\n"
    if encoding == "quoted-printable":
        return payload.replace(b"=", b"=3D") + b"=ZZ="
    return payload


@st.composite
def leaves(draw: st.DrawFn) -> bytes:
    content_type = draw(CONTENT_TYPES)
    encoding = draw(
        st.sampled_from(
            [
                "base64",
                "base64",
                "bad-base64",
                "quoted-printable",
                "7bit",
                "8bit",
                "x-uuencode",
                "bogus",
            ]
        )
    )
    headers = [
        f"Content-Type: {content_type}"
        + (f"; charset={draw(CHARSETS)}" if draw(st.booleans()) else "")
    ]
    if draw(st.integers(0, 3)):
        disposition = draw(st.sampled_from(["attachment", "inline", "ATTACHMENT", "bogus", ""]))
        headers.append(f"Content-Disposition: {disposition}; {draw(file_name_parameters())}")
    if draw(st.booleans()) and draw(st.booleans()):
        headers[0] += f'; name="{draw(NAME_TEXTS)}"'
    if draw(st.booleans()) and draw(st.booleans()):
        headers.append("Content-ID: <logo@example>")
    transfer = "base64" if encoding == "bad-base64" else encoding
    headers.append(f"Content-Transfer-Encoding: {transfer}")
    text = "\r\n".join(headers).encode("utf-8", "surrogateescape")
    return text + b"\r\n\r\n" + _encoded(draw(PAYLOADS), encoding)


def _multipart(draw: st.DrawFn, parts: list[bytes]) -> bytes:
    subtype = draw(
        st.sampled_from(
            ["mixed", "mixed", "related", "alternative", "signed", "encrypted", "report"]
        )
    )
    boundary = draw(st.sampled_from(["b1", "=_boundary", "x" * 70, "b1", '"quoted"']))
    shape = draw(
        st.sampled_from(
            ["right", "right", "no-boundary-parameter", "never-closed", "other-boundary", "empty"]
        )
    )
    header = f"Content-Type: multipart/{subtype}" + (
        "" if shape == "no-boundary-parameter" else f"; boundary={boundary}"
    )
    marker = boundary.strip('"').encode()
    if shape == "other-boundary":
        marker = b"not-the-boundary"
    if shape == "empty":
        parts = []
    body = b"".join(b"--" + marker + b"\r\n" + part + b"\r\n" for part in parts)
    if shape != "never-closed":
        body += b"--" + marker + b"--\r\n"
    return header.encode() + b"\r\n\r\npreamble\r\n" + body


@st.composite
def parts(draw: st.DrawFn, depth: int = 0) -> bytes:
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        return draw(leaves())
    if draw(st.integers(0, 5)) == 0:  # a forwarded message
        return b"Content-Type: message/rfc822\r\n\r\n" + draw(messages(depth + 1))
    children = [draw(parts(depth + 1)) for _ in range(draw(st.integers(0, 3)))]
    return _multipart(draw, children)


SENDERS = st.sampled_from(
    [
        "Labor Dr. Weiß <befund@labor.example>",
        "=?utf-8?q?Dr=2E_M=C3=BCller?= <a@b.example>",
        "=?x-unknown?b?////?= <x@y>",
        "no address at all",
        "",
        "a@b\r\n\tc",
        "\u202eevil <e@x>",
        "=?utf-8?b?4oCu?= <bidi@x>",
        "<>",
        "@@@",
    ]
)
SUBJECTS = st.one_of(
    st.sampled_from(
        [
            "Befund",
            "=?utf-8?q?Befund_M=C3=BCller?=",
            "=?iso-8859-1?b?////?=",
            "=?utf-8?b?4oCo?=",
            "x" * 20_000,
            "",
            "=?bogus?q?x?=",
        ]
    ),
    st.text(max_size=40),
)


DATES = st.sampled_from(
    ["Thu, 03 Dec 2026 09:30:00 +0000", "yesterday", "", "Thu, 99 Foo 99999 99:99:99 +9999"]
)


@st.composite
def messages(draw: st.DrawFn, depth: int = 0) -> bytes:
    headers = [
        f"From: {draw(SENDERS)}",
        f"Subject: {draw(SUBJECTS)}",
        f"Date: {draw(DATES)}",
        f"Message-ID: {draw(st.sampled_from(['<a@b>', '', '<<>>', 'no brackets']))}",
        "MIME-Version: 1.0",
    ]
    if draw(st.integers(0, 6)) == 0:  # a huge header block
        headers += [f"X-Noise-{index}: {'y' * 200}" for index in range(300)]
    head = "\r\n".join(headers).encode("utf-8", "surrogateescape") + b"\r\n"
    return head + draw(parts(depth))


def _safe_name(name: str) -> None:
    assert name.strip(), repr(name)
    assert name not in (".", ".."), repr(name)
    # Backslashes only as the escapes a name is shown with (\xNN, \uNNNN), never a folder.
    unescaped = re.sub(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4})", "", name)
    assert "/" not in name, repr(name)
    assert "\\" not in unescaped, repr(name)
    assert not UNSAFE_CHARACTERS.search(name), repr(name)
    assert display_name(name) == name, repr(name)
    name.encode("utf-8")  # stored and shown: no lone surrogates
    assert len(name) <= MAX_FILE_NAME_CHARACTERS, len(name)


def _one_line(text: str) -> None:
    assert len(text.splitlines()) <= 1, repr(text[:200])
    text.encode("utf-8")


@budget(200)
@given(messages())
def test_every_message_gives_safe_attachments_or_is_malformed(raw: bytes) -> None:
    parsed = parse_message(raw)
    assert [item.position for item in parsed.attachments] == list(
        range(1, len(parsed.attachments) + 1)
    )
    for attachment in parsed.attachments:
        _safe_name(attachment.file_name)
        assert attachment.kind == kind_of(attachment.data, attachment.file_name)
    if parsed.malformed:
        assert parsed.defects
        assert not parsed.attachments
    for text in (parsed.summary.sender, parsed.summary.subject, parsed.summary.describe()):
        _one_line(text)
    headers = parse_headers(raw.split(b"\r\n\r\n", 1)[0] + b"\r\n\r\n")
    assert (headers.sender, headers.subject) == (parsed.summary.sender, parsed.summary.subject)


@budget(100)
@given(st.binary(max_size=400), messages())
def test_bytes_around_a_message_never_make_the_parser_raise(noise: bytes, raw: bytes) -> None:
    at = len(raw) // 2
    parsed = parse_message(raw[:at] + noise + raw[at:])
    for attachment in parsed.attachments:
        _safe_name(attachment.file_name)
