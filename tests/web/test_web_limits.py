"""Issue 25, finding 1: a request body is bounded before anything reads or stores it.

Against a real uvicorn on loopback, with a raw socket, so that the huge body is made and
sent piece by piece (never held by the test) and the answer is read as soon as it comes:
an anonymous multipart POST of hundreds of megabytes to /login got its whole body spooled
to the temporary folder before the CSRF check.
"""

from __future__ import annotations

import json
import os
import select
import socket
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from docvault import auth
from tests.support.webarchive import WebArchive

MEGABYTE = 1024 * 1024
BOUNDARY = "docvault-test-boundary"
# Far beyond the limit (1 MiB), small enough that the original code, which read it all,
# fails this test in seconds rather than minutes.
STREAMED_BYTES = 32 * MEGABYTE
# How long a test waits for an answer at most (a bound of the loop, not a measurement).
ANSWER_SECONDS = 60.0


@dataclass
class Answer:
    status: int | None  # None: the server closed without an answer
    head: str
    sent: int  # body bytes the server let us send before it answered
    seconds: float
    most_spooled: int  # the largest total size of temporary files the server held meanwhile


def _spooled_bytes(folder: Path) -> int:
    """Bytes in files under `folder` this process holds open (deleted ones included:
    Python's temporary files have no name once made)."""
    total = 0
    for descriptor in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{descriptor}")
            if target.startswith(str(folder)):
                total += os.stat(f"/proc/self/fd/{descriptor}").st_size
        except OSError:
            continue  # closed while we looked
    return total


def _multipart_pieces(total: int, file_name: str | None = "big.pdf") -> Iterator[bytes]:
    """A multipart body with one part of `total` bytes (a file part, or a plain field
    without `file_name`), made a piece at a time."""
    named = f'; filename="{file_name}"' if file_name else ""
    yield (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="upload"{named}\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()
    piece = b"\0" * (256 * 1024)
    for _ in range(total // len(piece)):
        yield piece
    yield f"\r\n--{BOUNDARY}--\r\n".encode()


def _chunked(pieces: Iterator[bytes]) -> Iterator[bytes]:
    for piece in pieces:
        yield f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    yield b"0\r\n\r\n"


def _send(
    site: str, path: str, headers: dict[str, str], body: Iterator[bytes], spool: Path
) -> Answer:
    """Send the request head, then the body as the socket takes it, until an answer comes."""
    address = urlsplit(site)
    connection = socket.create_connection((address.hostname, address.port))
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    connection.sendall(f"POST {path} HTTP/1.1\r\nHost: {address.netloc}\r\n{head}\r\n".encode())
    connection.setblocking(False)
    started, sent, most_spooled = time.monotonic(), 0, 0
    pending = b""
    received = b""
    try:
        while time.monotonic() - started < ANSWER_SECONDS:
            most_spooled = max(most_spooled, _spooled_bytes(spool))
            if not pending:
                pending = next(body, b"")
            readable, writable, _ = select.select(
                [connection], [connection] if pending else [], [], 0.5
            )
            if readable:
                try:
                    chunk = connection.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                received += chunk
                if not chunk or _complete(received):
                    break
            elif writable:
                try:
                    taken = connection.send(pending)
                except (BrokenPipeError, ConnectionResetError):
                    pending = b""
                    continue
                sent, pending = sent + taken, pending[taken:]
    finally:
        connection.close()
    seconds = time.monotonic() - started
    first = received.split(b"\r\n", 1)[0].decode(errors="replace")
    status = int(first.split()[1]) if first.startswith("HTTP/1.1 ") else None
    return Answer(status, received.decode(errors="replace"), sent, seconds, most_spooled)


def _complete(received: bytes) -> bool:
    """The answer's head and as much body as its Content-Length says have arrived."""
    head, separator, body = received.partition(b"\r\n\r\n")
    if not separator:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return False


@pytest.fixture
def spool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The temporary folder the server (in this process) spools uploads to."""
    folder = tmp_path / "spool"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_declared_huge_body_to_login_is_refused_at_once_unread(site: str, spool: Path) -> None:
    headers = {
        "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
        "Content-Length": str(300 * MEGABYTE),
    }
    answer = _send(site, "/login", headers, _multipart_pieces(300 * MEGABYTE), spool)
    assert answer.status == 413, answer.head
    assert answer.sent < STREAMED_BYTES  # answered long before the body could have been read
    assert answer.most_spooled == 0
    assert "connection: close" in answer.head.lower()
    assert "content-security-policy:" in answer.head.lower()  # the headers of every page
    assert "web_max_request_bytes" in answer.head  # the sentence names the setting


def test_a_chunked_body_without_length_is_cut_at_the_limit(site: str, spool: Path) -> None:
    headers = {
        "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
        "Transfer-Encoding": "chunked",
        "Cookie": "docvault_login=looks-like-the-form",  # so that the body is read at all
    }
    body = _chunked(_multipart_pieces(STREAMED_BYTES, file_name=None))
    answer = _send(site, "/login", headers, body, spool)
    assert answer.status == 413, answer.head
    assert answer.sent < STREAMED_BYTES
    assert answer.most_spooled == 0
    assert list(spool.iterdir()) == []


def test_a_file_part_under_the_limit_is_refused_unspooled_too(site: str, spool: Path) -> None:
    """No route takes uploads: even a small file part is never written anywhere."""
    body = b"".join(_multipart_pieces(512 * 1024))
    headers = {
        "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
        "Content-Length": str(len(body)),
        "Cookie": "docvault_login=looks-like-the-form",
    }
    answer = _send(site, "/login", headers, iter([body]), spool)
    assert answer.status == 400, answer.head
    assert "Too many files" in answer.head
    assert answer.most_spooled == 0


def test_a_login_post_without_the_forms_cookie_is_refused_unread(site: str, spool: Path) -> None:
    """Without the login form's cookie the CSRF check cannot pass: refused before reading."""
    headers = {
        "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
        "Transfer-Encoding": "chunked",
    }
    body = _chunked(_multipart_pieces(STREAMED_BYTES, file_name=None))
    answer = _send(site, "/login", headers, body, spool)
    assert answer.status == 403, answer.head
    assert answer.sent < STREAMED_BYTES
    assert "The form has expired" in answer.head


def test_a_chunked_json_body_to_the_api_is_cut_at_the_limit(
    site: str, archive: WebArchive, spool: Path
) -> None:
    token = auth.create_token(archive.database, "nurse", "", auth.TokenScope.rerun)
    headers = {
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
    }

    def ids() -> Iterator[bytes]:
        yield b'{"page_ids": ['
        for _ in range(STREAMED_BYTES // (64 * 1024)):
            yield b"1," * (32 * 1024)
        yield b"1]}"

    answer = _send(site, "/api/rerun", headers, _chunked(ids()), spool)
    assert answer.status == 413, answer.head
    assert answer.sent < STREAMED_BYTES
    reply = json.loads(answer.head.partition("\r\n\r\n")[2])
    assert reply["error"] == "The request is too large"
    assert "web_max_request_bytes" in reply["message"]
