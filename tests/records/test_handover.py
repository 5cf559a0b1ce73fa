"""Hand-over to the practice system: the outbox, the back-off, the webhook and the command.

The outbox rows are written by the queue in the transaction that finishes a document; the
deliveries go to a real HTTP server on loopback (tests/support/receiver.py) or a real
command, and every answer is read back from the database the way the status page reads it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sys
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import Engine
from sqlmodel import select

from devtools.daemon import wait_for
from docvault import records
from docvault.config import Settings, load_settings
from docvault.db import read_session, write_transaction
from docvault.delivery import Deliverer, HandoverConfig, command_environment
from docvault.errors import ConfigError
from docvault.facts import store as fact_store
from docvault.from_settings import handover_config
from docvault.models import HandoverOutbox, Page, utcnow
from docvault.records import handover
from docvault.runtime.supervisor import Progress
from docvault.transcription import ArchiveCopy
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    HandoverTarget,
    PageStatus,
    SamplingMode,
    Verdict,
)
from tests.support.factsarchive import MUSTERMANN_LETTER
from tests.support.receiver import REFUSAL, Receiver, running_receiver
from tests.support.webarchive import ADMIN, WebArchive, propose_facts

SECRET = b"a shared secret of the practice system"
OWNER = "test-owner"

WEBHOOK, COMMAND = HandoverTarget.webhook, HandoverTarget.command


def _document(database: Engine, pages: int, name: str = "a") -> int:
    new = records.NewDocument(
        sha256=name * 64,
        original_name=f"{name}.pdf",
        inbox="fax",
        original_path=f"/inbox/{name}.pdf",
        archive_path=f"archive/{name}",
        size_bytes=10,
        tags=("cardiology", "fax"),
    )
    return records.record_document(database, new, pages).document_id


def _attempt(text: str) -> AttemptRecord:
    reply = EngineReply(text, "stop", 10, 2, 0.1)
    return AttemptRecord(
        "test", AttemptRequest(SamplingMode.greedy, 4096), reply, Verdict.clean, 0.1
    )


def _finish_all(
    database: Engine, targets: tuple[str, ...] = (WEBHOOK,), fail_page: int | None = None
) -> None:
    for claimed in records.claim(database, OWNER, limit=100, lease_seconds=600):
        if claimed.number == fail_page:
            records.fail(database, claimed.page_id, OWNER, "unreadable", handover=targets)
            continue
        text = f"Page {claimed.number} of document {claimed.document_id}: Metoprolol 47.5 mg"
        finished = records.FinishedPage(claimed.page_id, text, False, [_attempt(text)])
        records.complete_many(database, OWNER, [finished], targets)
    propose_facts(database)  # the facts part, after the commit: the hand-over waits for it


def _rows(database: Engine) -> list[HandoverOutbox]:
    with read_session(database) as session:
        return list(session.exec(select(HandoverOutbox).order_by(HandoverOutbox.id)).all())


def _config(url: str = "", command: tuple[str, ...] = (), **changes: object) -> HandoverConfig:
    values: dict[str, object] = {
        "url": url,
        "secret": SECRET,
        "command": command,
        "timeout_seconds": 5.0,
        "retry_first_seconds": 10.0,
        "retry_max_seconds": 80.0,
        "page_texts": "inline",
        "link_base_url": "https://docvault.praxis.example",
        **changes,
    }
    return HandoverConfig(**values)  # type: ignore[arg-type]


class Clock:
    """The deliverer's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with running_receiver(SECRET, refuse_first=2) as running:
        yield running


# --- the outbox ---------------------------------------------------------------------------


def test_a_finished_document_writes_one_event_per_receiver_in_its_completion(
    database: Engine,
) -> None:
    document = _document(database, pages=2)
    claims = records.claim(database, OWNER, limit=1, lease_seconds=600)
    first = records.FinishedPage(claims[0].page_id, "one", False, [_attempt("one")])
    records.complete_many(database, OWNER, [first], (WEBHOOK, COMMAND))
    assert _rows(database) == []  # one page of two: the document is not finished yet
    _finish_all(database, (WEBHOOK, COMMAND))
    rows = _rows(database)
    assert [(row.document_id, row.status, row.target, row.state) for row in rows] == [
        (document, "done", WEBHOOK, "pending"),
        (document, "done", COMMAND, "pending"),
    ]
    assert rows[0].event_id == rows[1].event_id  # one event, delivered to each receiver


def test_a_document_that_needs_attention_is_handed_over_too_and_none_without_receivers(
    database: Engine,
) -> None:
    attention = _document(database, pages=2, name="b")
    _finish_all(database, fail_page=2)
    quiet = _document(database, pages=1, name="c")
    _finish_all(database, targets=())
    assert [(row.document_id, row.status) for row in _rows(database)] == [(attention, "attention")]
    assert quiet not in {row.document_id for row in _rows(database)}


def test_a_page_whose_lease_was_lost_writes_no_event(database: Engine) -> None:
    _document(database, pages=1)
    claimed = records.claim(database, OWNER, limit=1, lease_seconds=600)[0]
    finished = records.FinishedPage(claimed.page_id, "late", False, [_attempt("late")])
    assert records.complete_many(database, "another-owner", [finished], (WEBHOOK,)) == [False]
    assert _rows(database) == []


def test_a_rerun_makes_a_new_event_that_waits_behind_the_first(database: Engine) -> None:
    document = _document(database, pages=1)
    _finish_all(database)
    records.request_rerun(database, _page_ids(database), SamplingMode.penalty, (PageStatus.done,))
    _finish_all(database)
    first, second = _rows(database)
    assert first.event_id != second.event_id
    assert (first.document_id, second.document_id) == (document, document)
    due = handover.due(database, utcnow(), limit=10)
    assert [delivery.row_id for delivery in due] == [first.id]  # never overtaken
    handover.record_delivered(database, first.id or 0, 200, "ok", utcnow())
    assert [delivery.row_id for delivery in handover.due(database, utcnow(), 10)] == [second.id]


def _page_ids(database: Engine) -> list[int]:
    with read_session(database) as session:
        return [page_id for page_id in session.exec(select(Page.id)).all() if page_id]


@pytest.mark.parametrize("attempts", range(1, 12))
def test_the_back_off_doubles_within_its_bounds_with_jitter(attempts: int) -> None:
    chance = random.Random(attempts)
    ceiling = min(80.0, 10.0 * 2 ** (attempts - 1))
    delays = [handover.retry_delay(attempts, 10.0, 80.0, chance) for _ in range(200)]
    assert all(ceiling / 2 <= delay <= ceiling for delay in delays)
    assert len({round(delay, 3) for delay in delays}) > 100  # spread out, not in lockstep


# --- the webhook --------------------------------------------------------------------------


def test_a_refused_webhook_is_retried_with_back_off_then_delivered_signed(
    database: Engine, receiver: Receiver
) -> None:
    document = _document(database, pages=2)
    _finish_all(database)
    clock = Clock()
    deliverer = Deliverer(database, _config(receiver.url), clock=clock, chance=random.Random(1))
    with httpx.Client(timeout=5) as client:
        for attempt in (1, 2):
            (delivery,) = handover.due(database, clock.now, 10)
            answer = deliverer.deliver(client, delivery)
            assert answer is not None
            assert not answer.accepted
            (row,) = _rows(database)
            assert (row.state, row.attempts, row.answer_status) == ("pending", attempt, 503)
            assert row.answer == REFUSAL
            assert row.error == f"the receiver at {receiver.url} answered 503 Service Unavailable"
            wait = (row.next_attempt_at - clock.now).total_seconds()
            ceiling = 10.0 * 2 ** (attempt - 1)
            assert ceiling / 2 <= wait <= ceiling
            assert handover.due(database, clock.now, 10) == []  # not before its time
            clock.now = row.next_attempt_at
        (delivery,) = handover.due(database, clock.now, 10)
        assert deliverer.deliver(client, delivery) is not None
    (row,) = _rows(database)
    assert (row.state, row.attempts, row.answer_status, row.answer) == (
        "delivered",
        3,
        200,
        "imported",
    )
    assert [request.answer for request in receiver.requests] == [503, 503, 200]
    assert all(request.signed for request in receiver.requests)
    assert {request.event_id for request in receiver.requests} == {row.event_id}
    body = receiver.requests[-1].body
    assert body["event_id"] == row.event_id
    assert body["event"] == "document.done"
    assert body["status"] == "done"
    # The document as docvault.records.document_json describes it to every reader.
    described = body["document"]
    assert (described["id"], described["file_name"], described["inbox"]) == (
        document,
        "a.pdf",
        "fax",
    )
    assert described["tags"] == ["cardiology", "fax"]
    assert described["status"] == "done"
    assert [page["number"] for page in described["pages"]] == [1, 2]
    assert "Metoprolol 47.5 mg" in described["pages"][0]["text"]
    assert described["document_url"] == f"https://docvault.praxis.example/documents/{document}"


def test_the_hand_over_carries_the_letters_facts_and_which_a_person_confirmed(
    database: Engine, receiver: Receiver
) -> None:
    document = _document(database, pages=1)
    letter = MUSTERMANN_LETTER
    for claimed in records.claim(database, OWNER, limit=10, lease_seconds=600):
        finished = records.FinishedPage(claimed.page_id, letter, False, [_attempt(letter)])
        records.complete_many(database, OWNER, [finished], (WEBHOOK,))
    propose_facts(database)
    with write_transaction(database) as session:
        fact_store.confirm(session, document, "patient", "nurse")
    clock = Clock()
    deliverer = Deliverer(database, _config(receiver.url), clock=clock, chance=random.Random(1))
    with httpx.Client(timeout=5) as client:
        for _ in range(3):  # the receiver refuses twice, then accepts
            (delivery,) = handover.due(database, clock.now, 10)
            deliverer.deliver(client, delivery)
            (row,) = _rows(database)
            clock.now = row.next_attempt_at
    facts = receiver.requests[-1].body["document"]["facts"]
    assert receiver.requests[-1].answer == 200
    assert (facts["patient"]["value"], facts["born"]["value"]) == ("Erika Mustermann", "1961-03-12")
    assert facts["letter_date"]["value"] == "2026-11-14"
    # A person confirmed the patient; the rest are docvault's proposals.
    assert {field: fact["state"] for field, fact in facts.items()} == {
        "patient": "confirmed",
        "born": "proposed",
        "letter_date": "proposed",
        "sender": "proposed",
        "title": "proposed",
        "patient_id": "none",  # no patient register here
    }
    assert facts["patient"]["confirmed_by"] == "nurse"


def test_a_forged_or_replayed_signature_fails_the_readme_check() -> None:
    from docvault.delivery import signature
    from tests.support.receiver import verify

    body = b'{"event_id":"x"}'
    headers = {
        "X-Docvault-Timestamp": "1000",
        "X-Docvault-Signature": signature(SECRET, 1000, body),
    }
    assert verify(SECRET, headers, body, now=1010)
    assert not verify(SECRET, headers, body + b" ", now=1010)  # a changed body
    assert not verify(b"another secret", headers, body, now=1010)
    assert not verify(SECRET, headers, body, now=1000 + 301)  # played again later


def test_linked_page_texts_point_at_the_json_api(database: Engine, receiver: Receiver) -> None:
    receiver.refuse_first = 0
    document = _document(database, pages=1)
    _finish_all(database)
    deliverer = Deliverer(database, _config(receiver.url, page_texts="link"))
    with httpx.Client(timeout=5) as client:
        deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    (page,) = receiver.requests[0].body["document"]["pages"]
    assert page["text"] is None
    assert page["text_url"] == f"https://docvault.praxis.example/api/documents/{document}/pages/1"


def test_an_unreachable_receiver_is_a_refusal_with_a_sentence(database: Engine) -> None:
    from devtools.daemon import free_port

    _document(database, pages=1)
    _finish_all(database)
    url = f"http://127.0.0.1:{free_port()}/hook"
    with httpx.Client(timeout=5) as client:
        Deliverer(database, _config(url)).deliver(client, handover.due(database, utcnow(), 1)[0])
    (row,) = _rows(database)
    assert row.state == "pending"
    assert row.answer_status is None
    assert row.error is not None
    assert row.error.startswith(f"the receiver at {url} could not be reached")
    assert handover.counts(database)["failing"] == 1
    assert handover.failing(database)[0]["file_name"] == "a.pdf"


def test_a_deleted_document_is_dropped_with_the_reason(database: Engine) -> None:
    document = _document(database, pages=1)
    _finish_all(database)
    records.delete_document(database, document)
    with httpx.Client() as client:
        delivery = handover.due(database, utcnow(), 1)[0]
        assert Deliverer(database, _config("http://127.0.0.1:9/")).deliver(client, delivery) is None
    (row,) = _rows(database)
    assert row.state == "dropped"
    assert row.error == "the document was deleted before it could be handed over"


def test_a_slow_receiver_holds_no_lock_the_queue_needs(
    database: Engine, receiver: Receiver
) -> None:
    receiver.refuse_first = 0
    _document(database, pages=1)
    _finish_all(database)
    receiver.hold_next()
    deliverer = Deliverer(database, _config(receiver.url))
    stopping = threading.Event()
    serving = threading.Thread(target=deliverer.serve, args=(Progress(), stopping))
    serving.start()
    try:
        assert receiver.holding.wait(30), "the hand-over never reached the receiver"
        # While the receiver sits on its answer, the next letter is taken and finished.
        _document(database, pages=1, name="b")
        _finish_all(database)
        assert handover.counts(database)["pending"] == 2
        assert receiver.holding.is_set()  # still held: the queue did not wait for it
    finally:
        receiver.release()
        deliverer.wake()
        wait_for(lambda: handover.counts(database)["delivered"] == 2, 30, "both delivered")
        stopping.set()
        deliverer.wake()
        serving.join(30)
    assert sorted(request.body["document"]["file_name"] for request in receiver.accepted()) == [
        "a.pdf",
        "b.pdf",
    ]


# --- the command --------------------------------------------------------------------------


def _python(code: str) -> tuple[str, ...]:
    return (sys.executable, "-c", code)


def test_the_command_reads_the_json_on_stdin_and_its_exit_status_decides(
    database: Engine, tmp_path: Path
) -> None:
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    seen = tmp_path / "seen.json"
    script = (
        "import sys, pathlib; data = sys.stdin.read(); "
        f"pathlib.Path({str(seen)!r}).write_text(data); "
        "print('import failed: no such patient'); sys.exit(3)"
    )
    deliverer = Deliverer(database, _config(command=_python(script)))
    with httpx.Client() as client:
        answer = deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    assert answer is not None
    assert not answer.accepted
    (row,) = _rows(database)
    assert (row.state, row.answer_status) == ("pending", 3)
    assert row.answer == "import failed: no such patient\n"
    assert row.error == f"the command {sys.executable} exited with status 3"
    assert json.loads(seen.read_text())["event_id"] == row.event_id


def test_a_command_past_its_timeout_is_killed_and_retried(database: Engine, tmp_path: Path) -> None:
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    pid_file = tmp_path / "pid"
    script = (
        f"import os, pathlib, time; pathlib.Path({str(pid_file)!r}).write_text(str(os.getpid())); "
        "time.sleep(600)"
    )
    deliverer = Deliverer(database, _config(command=_python(script), timeout_seconds=1.0))
    with httpx.Client() as client:
        deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    (row,) = _rows(database)
    assert row.state == "pending"
    assert row.error is not None
    assert "did not finish within 1 s" in row.error
    assert not Path(f"/proc/{pid_file.read_text()}").exists()  # killed, not left running


def test_a_command_that_left_a_process_holding_its_output_is_decided_by_its_exit_status(
    database: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An import script that starts a helper in its own session (setsid) without closing its
    output: the script's status decides, and the helper's open pipe holds nothing up."""
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    helper_pid = tmp_path / "helper"
    script = (
        "import pathlib, subprocess, sys; sys.stdin.read(); "
        "helper = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], "
        "start_new_session=True); "
        f"pathlib.Path({str(helper_pid)!r}).write_text(str(helper.pid)); "
        "print('imported', flush=True)"
    )
    deliverer = Deliverer(database, _config(command=_python(script), timeout_seconds=1.0))
    try:
        with httpx.Client() as client:
            answer = deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    finally:
        with contextlib.suppress(ProcessLookupError, FileNotFoundError):
            os.kill(int(helper_pid.read_text()), signal.SIGKILL)
    assert answer is not None
    assert answer.accepted
    (row,) = _rows(database)
    assert (row.state, row.answer_status, row.answer) == ("delivered", 0, "imported\n")
    # The admin is told which command left what running, and what to change.
    assert f"The hand-over command {sys.executable}" in caplog.text
    assert "`> /dev/null 2>&1`" in caplog.text


def test_the_command_gets_a_few_plain_variables_not_the_daemons_environment(
    database: Engine, tmp_path: Path
) -> None:
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    service_environment = {
        **os.environ,
        "DOCVAULT_WEB_SECRET_FILE": "/var/lib/docvault/web.secret",
        "DOCVAULT_UNLOCK_PASSWORD": "the letter's password",
        "AWS_SECRET_ACCESS_KEY": "not for the import script",
        "LANG": "de_DE.UTF-8",
    }
    seen = tmp_path / "environment.json"
    code = (
        "import json, os, pathlib; "
        f"pathlib.Path({str(seen)!r}).write_text(json.dumps(dict(os.environ)))"
    )
    config = _config(command=_python(code), environment=command_environment(service_environment))
    with httpx.Client() as client:
        Deliverer(database, config).deliver(client, handover.due(database, utcnow(), 1)[0])
    received = json.loads(seen.read_text())
    # Python may add LC_CTYPE itself when it coerces a C locale; nothing else may appear.
    assert set(received) - {"LC_CTYPE"} <= {"PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR"}
    assert received["LANG"] == "de_DE.UTF-8"
    assert received["PATH"] == os.environ["PATH"]
    assert not any("SECRET" in name or "DOCVAULT" in name for name in received)
    assert "the letter's password" not in seen.read_text()


def test_a_command_that_accepts_is_delivered(database: Engine) -> None:
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    code = "import json, sys; print('imported', json.load(sys.stdin)['document']['file_name'])"
    deliverer = Deliverer(database, _config(command=_python(code)))
    with httpx.Client() as client:
        deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    (row,) = _rows(database)
    assert (row.state, row.answer_status, row.answer) == ("delivered", 0, "imported a.pdf\n")


# --- the settings -------------------------------------------------------------------------


def _settings(tmp_path: Path, **environment: str) -> Settings:
    return load_settings(environ={"DOCVAULT_CONFIG": "", **environment}, cwd=tmp_path)


def _handover_config(settings: Settings) -> HandoverConfig | None:
    return handover_config(settings, {"PATH": "/usr/bin:/bin"})


def test_the_secret_file_must_be_readable_only_by_docvault(tmp_path: Path) -> None:
    secret = tmp_path / "handover.secret"
    secret.write_text("0123456789abcdef0123456789abcdef\n")
    secret.chmod(0o644)
    environment = {
        "DOCVAULT_HANDOVER_URL": "https://praxis.example/hook",
        "DOCVAULT_HANDOVER_SECRET_FILE": str(secret),
    }
    with pytest.raises(ConfigError) as refused:
        _handover_config(_settings(tmp_path, **environment))
    assert "may be read by other users (mode 0644)" in refused.value.message
    assert f"chmod 600 {secret}" in refused.value.message
    secret.chmod(0o600)
    config = _handover_config(_settings(tmp_path, **environment))
    assert config is not None
    assert config.secret == b"0123456789abcdef0123456789abcdef"
    assert config.targets == (WEBHOOK,)


def test_a_webhook_without_a_secret_or_with_a_bad_url_stops_start_up(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as no_secret:
        _handover_config(_settings(tmp_path, DOCVAULT_HANDOVER_URL="https://praxis.example/h"))
    assert "handover_secret_file" in str(no_secret.value)
    assert "every webhook is signed" in no_secret.value.message
    with pytest.raises(ConfigError) as bad_url:
        _handover_config(_settings(tmp_path, DOCVAULT_HANDOVER_URL="praxis.example/hook"))
    assert "allowed: an http:// or https:// URL" in bad_url.value.message
    assert _handover_config(_settings(tmp_path)) is None


def test_a_command_alone_needs_no_secret(tmp_path: Path) -> None:
    settings = _settings(tmp_path, DOCVAULT_HANDOVER_COMMAND="/usr/local/bin/praxis-import --quiet")
    config = _handover_config(settings)
    assert config is not None
    assert config.command == ("/usr/local/bin/praxis-import", "--quiet")
    assert config.targets == (COMMAND,)


def test_due_respects_the_time(database: Engine) -> None:
    _document(database, pages=1)
    _finish_all(database)
    (row,) = _rows(database)
    handover.record_refused(
        database, row.id or 0, 500, "", "boom", utcnow() + timedelta(hours=1), utcnow()
    )
    assert handover.due(database, utcnow(), 10) == []
    assert handover.due(database, utcnow() + timedelta(hours=2), 10) != []


# --- the status page ----------------------------------------------------------------------


def test_the_status_page_shows_waiting_and_refused_hand_overs_with_the_answer(
    archive: WebArchive,
) -> None:
    from fastapi.testclient import TestClient

    from docvault.db import write_transaction
    from docvault.web.app import create_app
    from tests.web.test_web import log_in

    database = archive.database
    now = utcnow()
    with write_transaction(database) as session:
        handover.add_events(session, archive.huck_finn, "done", (WEBHOOK,), now)
        handover.add_events(session, archive.xss, "done", (WEBHOOK,), now)
    refused, _ = handover.due(database, now, 10)
    answer = "<h1>502 Bad Gateway</h1> praxis-import.internal:8443 is down"
    retry = now + timedelta(minutes=5)
    handover.record_refused(database, refused.row_id, 502, answer, "answered 502", retry, now)
    archive.status["handover_targets"] = [WEBHOOK]
    with TestClient(create_app(archive.context), follow_redirects=False) as client:
        log_in(client, ADMIN)
        page = client.get("/status").text
        section = page.split('id="handover"', 1)[1].split("<h2>", 1)[0]
        assert re.findall(r"<dd[^>]*>([^<]*)</dd>", section) == ["webhook", "2", "1", "0"]
        row = section.split('id="handover-failures"', 1)[1]
        assert f'href="/documents/{archive.huck_finn}"' in row
        assert "answered 502" in row
        assert "&lt;h1&gt;502 Bad Gateway&lt;/h1&gt; praxis-import.internal:8443" in row  # escaped
        assert retry.strftime("%Y-%m-%d %H:%M:%S") in row
        assert client.get("/api/status").json()["handover"]["failing"] == 1
    with TestClient(create_app(archive.context), follow_redirects=False) as client:
        log_in(client)  # staff: that something is wrong, not the receiver's insides
        row = client.get("/status").text.split('id="handover-failures"', 1)[1]
        assert "praxis-import.internal" not in row
        assert "an administrator sees the details" in row


def test_docvault_status_counts_the_hand_overs_and_names_the_refused(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from docvault import db
    from docvault.cli import main

    database = db.make_engine(tmp_path / "docvault-data" / "docvault.sqlite3")
    db.upgrade(database)
    document = _document(database, pages=1)
    _finish_all(database, (WEBHOOK, COMMAND))
    webhook, command = handover.due(database, utcnow(), 10)
    handover.record_delivered(database, command.row_id, 0, "imported", utcnow())
    retry = utcnow() + timedelta(minutes=3)
    refusal = "the receiver at https://praxis.example/hook answered 503 Service Unavailable"
    handover.record_refused(database, webhook.row_id, 503, "busy", refusal, retry, utcnow())
    database.dispose()
    environment = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(tmp_path / "docvault-data")}
    result = CliRunner().invoke(main, ["status"], env=environment)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "hand-over: 1 waiting (1 refused, being retried), 1 handed over, 0 dropped" in lines
    assert (
        f"  document {document} (webhook, 1 tries, next {retry.isoformat()[:19]} UTC): {refusal}"
        in lines
    )


def test_the_command_is_given_the_searchable_pdf_made_before_it_runs(
    database: Engine, tmp_path: Path
) -> None:
    document = _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))
    made = tmp_path / "letter.searchable.pdf"
    asked: list[int] = []

    def archive_copy(document_id: int) -> ArchiveCopy:
        asked.append(document_id)
        made.write_bytes(b"%PDF-1.7 stand-in")  # the file exists before the command runs
        return ArchiveCopy(made, pdfa=False, not_pdfa_reason="It is not a PDF/A-2b: a test.")

    seen = tmp_path / "seen.json"
    code = (
        "import json, os, pathlib, sys; data = json.load(sys.stdin); "
        "data['variable'] = os.environ.get('DOCVAULT_SEARCHABLE_PDF'); "
        "data['there'] = pathlib.Path(data['searchable_pdf_path']).is_file(); "
        f"pathlib.Path({str(seen)!r}).write_text(json.dumps(data))"
    )
    deliverer = Deliverer(database, _config(command=_python(code)), archive_copy=archive_copy)
    with httpx.Client() as client:
        deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    received = json.loads(seen.read_text())
    assert asked == [document]
    assert received["searchable_pdf_path"] == received["variable"] == str(made)
    assert received["there"] is True
    # Made before the command ran: whether it is a PDF/A is known, and why not.
    assert received["document"]["pdfa"] is False
    assert received["document"]["pdfa_note"] == "It is not a PDF/A-2b: a test."
    assert received["document"]["searchable_pdf_url"].endswith(
        f"/documents/{document}/searchable.pdf"
    )


def test_the_webhooks_json_says_whether_the_archive_copy_is_a_pdfa(
    database: Engine, tmp_path: Path
) -> None:
    """Issue 51: the hand-over offers the archive copy with `pdfa` true or false. The
    webhook's copy is made before it goes, as the command's is: never null because nobody
    has downloaded the searchable PDF yet."""
    documents = [_document(database, pages=1, name=name) for name in ("a", "b")]
    _finish_all(database)
    made = tmp_path / "letter.searchable.pdf"
    made.write_bytes(b"%PDF-1.7 stand-in")
    copies = {
        documents[0]: ArchiveCopy(made, pdfa=True, not_pdfa_reason=None),
        documents[1]: ArchiveCopy(made, pdfa=False, not_pdfa_reason="It is not a PDF/A-2b."),
    }
    asked: list[int] = []

    def archive_copy(document_id: int) -> ArchiveCopy:
        asked.append(document_id)
        return copies[document_id]

    with running_receiver(SECRET) as receiver, httpx.Client(timeout=5) as client:
        deliverer = Deliverer(database, _config(receiver.url), archive_copy=archive_copy)
        for delivery in handover.due(database, utcnow(), 10):
            deliverer.deliver(client, delivery)
        received = {request.body["document"]["id"]: request.body for request in receiver.requests}
    assert sorted(asked) == documents
    assert (
        received[documents[0]]["document"]["pdfa"],
        received[documents[0]]["document"]["pdfa_note"],
    ) == (True, None)
    assert (
        received[documents[1]]["document"]["pdfa"],
        received[documents[1]]["document"]["pdfa_note"],
    ) == (False, "It is not a PDF/A-2b.")
    # The webhook is given the link, as before, and no server path.
    assert "searchable_pdf_path" not in received[documents[0]]
    assert received[documents[0]]["document"]["searchable_pdf_url"].endswith(
        f"/documents/{documents[0]}/searchable.pdf"
    )


def test_a_searchable_pdf_that_cannot_be_made_does_not_hold_the_hand_over(
    database: Engine, tmp_path: Path
) -> None:
    _document(database, pages=1)
    _finish_all(database, targets=(COMMAND,))

    def archive_copy(document_id: int) -> ArchiveCopy:
        raise OSError(28, "No space left on device")

    seen = tmp_path / "seen.json"
    code = f"import pathlib, sys; pathlib.Path({str(seen)!r}).write_text(sys.stdin.read())"
    deliverer = Deliverer(database, _config(command=_python(code)), archive_copy=archive_copy)
    with httpx.Client() as client:
        answer = deliverer.deliver(client, handover.due(database, utcnow(), 1)[0])
    assert answer is not None
    assert answer.accepted
    assert json.loads(seen.read_text())["searchable_pdf_path"] is None
