"""Issue 44 (LOW): idle connections cannot use up the web view's file descriptors. The web
part's own uvicorn configuration (docvault.parts.WebPart) on a real socket: a connection
that never sends a whole request head is closed after the header deadline, a kept-alive
one after its idle time, and requests keep being answered."""

from __future__ import annotations

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


def _app() -> Starlette:
    return Starlette(routes=[Route("/", lambda _request: PlainTextResponse("ok"))])


@pytest.fixture
def served() -> Iterator[int]:
    part = WebPart(make_app=_app, host="127.0.0.1", port=0, trusted_proxy=False, https=False,
                   stall_seconds=30, header_timeout_seconds=1.0)  # fmt: skip
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
