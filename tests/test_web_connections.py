"""Issue 44 (LOW): idle connections cannot use up the web view's file descriptors. The web
part's own uvicorn configuration (docvault.parts.WebPart) on a real socket: a connection
that never sends a whole request head is closed after the header deadline, a kept-alive
one after its idle time, and requests keep being answered."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from devtools.daemon import wait_for
from docvault.parts import WebPart
from docvault.web_connections import MAX_OPEN_CONNECTIONS


def _app() -> Starlette:
    return Starlette(routes=[Route("/", lambda _request: PlainTextResponse("ok"))])


@pytest.fixture
def served() -> Iterator[int]:
    with _serving(header_timeout_seconds=1.0) as port:
        yield port


@contextlib.contextmanager
def _serving(header_timeout_seconds: float) -> Iterator[int]:
    part = WebPart(make_app=_app, host="127.0.0.1", port=0, trusted_proxy=False, https=False,
                   stall_seconds=30, header_timeout_seconds=header_timeout_seconds)  # fmt: skip
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    server = uvicorn.Server(part._config())
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]})
    thread.start()
    wait_for(lambda: server.started, 10, "uvicorn to start")
    try:
        yield int(listening.getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()


def _closed_by_server(connection: socket.socket) -> bool:
    connection.settimeout(0.2)
    try:
        return connection.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _gone(connection: socket.socket) -> bool:
    """Closed by the server, looked at without waiting (select() stops at descriptor 1,024)."""
    connection.setblocking(False)
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_connections_that_never_send_a_request_are_closed(served: int) -> None:
    idle = [socket.create_connection(("127.0.0.1", served)) for _ in range(20)]
    partial = socket.create_connection(("127.0.0.1", served))
    partial.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # the head never ends
    try:
        assert httpx.get(f"http://127.0.0.1:{served}/").text == "ok"
        for connection in [*idle, partial]:
            wait_for(lambda c=connection: _closed_by_server(c), 15, "the idle one closed")
        assert httpx.get(f"http://127.0.0.1:{served}/").text == "ok"  # still answering
    finally:
        for connection in [*idle, partial]:
            connection.close()


def test_a_request_whose_head_arrives_in_time_is_answered_and_kept_alive(served: int) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{served}") as client:
        for _ in range(3):
            assert client.get("/").text == "ok"


def test_connections_past_the_cap_are_closed_at_once_not_held_until_their_deadline() -> None:
    """Issue 44 (LOW): uvicorn's limit_concurrency answers 503 only once a request arrives;
    a connection that sends nothing held its descriptor until the header deadline, so a
    burst of them from one client could still use up the unit's descriptors for that long.
    Past MAX_OPEN_CONNECTIONS a connection is closed as it opens."""
    extra = 20
    with _serving(header_timeout_seconds=60.0) as port:
        opened = [
            socket.create_connection(("127.0.0.1", port))
            for _ in range(MAX_OPEN_CONNECTIONS + extra)
        ]
        try:

            def closed() -> list[socket.socket]:
                return [connection for connection in opened if _gone(connection)]

            wait_for(lambda: len(closed()) >= extra, 30, "the connections past the cap closed")
            assert len(closed()) == extra  # the others are kept until their deadline (60 s)
        finally:
            for connection in opened:
                connection.close()
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            wait_for(lambda: client.get("/").text == "ok", 30, "answering again")
