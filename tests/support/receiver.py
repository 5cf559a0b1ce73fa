"""A practice system's webhook receiver on loopback: records every request, answers as told.

It verifies each request's signature the way the README tells a receiver to, and records
the event id, the body and the answer it gave. It refuses its first `refuse_first`
requests (503 with a sentence, as a busy server would), then accepts. `hold_next()` makes
it hold its next acceptance: the acceptance is recorded (the receiver has acted on the
event), then the answer waits until `release()`, so a test can kill the sender between
sending and recording.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

REFUSAL = "the practice system is busy importing; try again later"


def verify(secret: bytes, headers: Any, body: bytes, now: float, tolerance: float = 300) -> bool:
    """The README's check: the HMAC of `TIMESTAMP.BODY`, and a timestamp within 5 minutes."""
    timestamp = headers.get("X-Docvault-Timestamp", "")
    signature = headers.get("X-Docvault-Signature", "")
    if not timestamp.isdigit() or abs(now - int(timestamp)) > tolerance:
        return False
    expected = hmac.new(secret, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, f"sha256={expected}")


@dataclass(frozen=True)
class Received:
    event_id: str
    body: dict[str, Any]
    signed: bool
    answer: int


class Receiver:
    def __init__(self, secret: bytes, refuse_first: int = 0) -> None:
        self.secret = secret
        self.refuse_first = refuse_first
        self.requests: list[Received] = []
        self.changed = threading.Condition()
        self._hold = False
        self.holding = threading.Event()
        self._released = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.handle(self, body)

            def do_GET(self) -> None:  # the probe of `settle`
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                return

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def process_request(self, request: Any, client_address: Any) -> None:
                # Counted when accepted, before its thread starts: see `settle`.
                with receiver.changed:
                    receiver.active += 1
                super().process_request(request, client_address)

            def process_request_thread(self, request: Any, client_address: Any) -> None:
                try:
                    super().process_request_thread(request, client_address)
                finally:
                    with receiver.changed:
                        receiver.active -= 1
                        receiver.changed.notify_all()

        self.active = 0
        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    # What a kind of receiver checks and does (the FHIR server, tests/support/fhir_server.py,
    # has its own): who may send, which event a request is, whether its content is taken,
    # and acting on it (under the lock, before any held answer).

    def authorised(self, headers: Any, body: bytes) -> bool:
        return verify(self.secret, headers, body, time.time())

    def event_of(self, headers: Any, parsed: Any) -> str:
        return str(headers.get("X-Docvault-Event", ""))

    def judge(self, parsed: Any) -> int:
        return 200

    def act(self, parsed: Any) -> tuple[bytes, str]:
        return b"imported", "text/plain"

    def handle(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        signed = self.authorised(handler.headers, body)
        try:
            parsed = json.loads(body)
        except ValueError:
            return  # cut short: its sender died while writing it (nothing was accepted)
        with self.changed:
            refuse = len(self.requests) < self.refuse_first
            answer = 401 if not signed else 503 if refuse else self.judge(parsed)
            hold = self._hold and answer == 200
            if hold:
                self._hold = False
            event_id = self.event_of(handler.headers, parsed)
            text, kind = self.act(parsed) if answer == 200 else (REFUSAL.encode(), "text/plain")
            self.requests.append(Received(event_id, parsed, signed, answer))
            self.changed.notify_all()
        if hold:
            self.holding.set()
            self._released.wait(60)
        try:
            handler.send_response(answer)
            handler.send_header("Content-Type", kind)
            handler.send_header("Content-Length", str(len(text)))
            handler.end_headers()
            handler.wfile.write(text)
        except OSError:
            pass  # the sender is gone (killed while we held the answer)

    def start_accepting(self) -> None:
        """Refuse no more (whatever `refuse_first` said)."""
        with self.changed:
            self.refuse_first = len(self.requests)

    def hold_next(self) -> None:
        """Hold the next acceptance's answer (after recording it) until `release()`."""
        with self.changed:
            self.holding.clear()
            self._released.clear()
            self._hold = True

    def release(self) -> None:
        self._released.set()

    def wait_for(self, predicate: Any, timeout: float, what: str) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: predicate(self.requests), timeout):
                raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")

    def settle(self, timeout: float = 30) -> None:
        """Wait until every connection made so far has been handled.

        Connections are accepted in the order they were made: once a probe made now is
        answered, every earlier one has been accepted (and counted in `active`).
        """
        httpx.get(self.url, timeout=timeout)
        with self.changed:
            if not self.changed.wait_for(lambda: self.active == 0, timeout):
                raise AssertionError("the receiver is still handling requests")

    def accepted(self) -> list[Received]:
        with self.changed:
            return [request for request in self.requests if request.answer == 200]

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def running_receiver(secret: bytes, refuse_first: int = 0) -> Iterator[Receiver]:
    receiver = Receiver(secret, refuse_first)
    receiver.start()
    try:
        yield receiver
    finally:
        receiver.close()
