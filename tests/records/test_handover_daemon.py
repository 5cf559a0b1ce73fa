"""The real daemon hands every finished letter over, across SIGKILLs, none lost.

`docvault run` reads letters through the loopback engine simulator and posts each finished
document to a real HTTP server on loopback that refuses its first answers, then accepts:
the webhook's receiver (tests/support/receiver.py), or a FHIR server taking transaction
Bundles with a bearer token (tests/support/fhir_server.py, issue 52), which holds every
Bundle to the FHIR R4 definitions and keeps the resources they PUT. The daemon is killed
with SIGKILL at moments chosen by a seeded schedule, each recognised by what can be
observed: a letter's completion (its hand-over row in the outbox), the receiver holding an
answer it has already acted on, the receiver having just answered. After every kill the
test records which events the receiver accepted in that run but the database still holds
as pending: the kill fell between sending and recording, and only those may come again,
with the same id.
"""

from __future__ import annotations

import collections
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.documents import letter_pdf
from tests.support.fhir_server import FhirServer
from tests.support.receiver import REFUSAL, Received, Receiver, running_receiver

pytestmark = pytest.mark.slow

SEED = 20261201
SECRET = b"the practice system's shared secret, 32+ bytes"
TOKEN = "the-practice-fhir-servers-bearer-token"
REFUSED_FIRST = 3
LETTERS_PER_RUN = 2


@pytest.fixture(params=["webhook", "fhir"])
def receiver(request: pytest.FixtureRequest) -> Iterator[Receiver]:
    # It refuses until the test has seen the refusals on `docvault status`, then accepts.
    if request.param == "webhook":
        with running_receiver(SECRET, refuse_first=1_000_000) as running:
            yield running
        return
    server = FhirServer(TOKEN, refuse_first=1_000_000)
    server.start()
    try:
        yield server
    finally:
        server.close()


def receiver_settings(receiver: Receiver, folder: Path) -> dict[str, str]:
    """The daemon's settings that send its hand-overs to `receiver`."""
    if isinstance(receiver, FhirServer):
        token = folder / "fhir.token"
        token.write_text(TOKEN + "\n")
        token.chmod(0o600)
        config = folder / "docvault.toml"
        config.write_text(
            f'[[handover]]\ntarget = "fhir"\nurl = "{receiver.url}"\ntoken_file = "{token}"\n'
        )
        return {"DOCVAULT_CONFIG": str(config)}
    secret_file = folder / "handover.secret"
    secret_file.write_bytes(SECRET + b"\n")
    secret_file.chmod(0o600)
    return {
        "DOCVAULT_HANDOVER_URL": receiver.url,
        "DOCVAULT_HANDOVER_SECRET_FILE": str(secret_file),
    }


def document_of(request: Received) -> int:
    """The document a hand-over request was about."""
    if request.body.get("resourceType") == "Bundle":
        (reference,) = [entry["resource"] for entry in request.body["entry"]
                        if entry["resource"]["resourceType"] == "DocumentReference"]  # fmt: skip
        return int(reference["identifier"][0]["value"].rsplit("/", 1)[1])
    assert request.body["event_id"] == request.event_id
    assert request.body["status"] == "done"
    return int(request.body["document"]["id"])


@pytest.fixture
def daemons() -> Iterator[list[Daemon]]:
    started: list[Daemon] = []
    yield started
    for daemon in started:
        daemon.kill_everything()


def outbox(daemon: Daemon) -> dict[str, tuple[int, str]]:
    """Event id -> (document id, state), straight from the database file."""
    rows = _query(daemon, "SELECT event_id, document_id, state FROM handover_outbox")
    return {event: (document, state) for event, document, state in rows}


def _query(daemon: Daemon, sql: str) -> list[tuple[Any, ...]]:
    path = daemon.folder / "docvault-data" / "docvault.sqlite3"
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.execute(sql))
    except sqlite3.OperationalError:  # not created yet: the first start is migrating
        return []
    finally:
        connection.close()


def documents_finished(daemon: Daemon) -> int:
    rows = daemon.cli_json("documents")["documents"]
    return sum(1 for row in rows if row["status"] == "done")


def handover_daemon(folder: Path, simulator: EngineSimulator, **settings: str) -> Daemon:
    """`docvault run` in `folder` reading through the simulator, a refused hand-over tried
    again within a second; `settings` name its receivers."""
    return Daemon(
        folder,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=simulator.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_CONCURRENCY="4",
        DOCVAULT_INDEX_BATCH_SECONDS="0.5",
        DOCVAULT_HANDOVER_RETRY_FIRST_SECONDS="0.2",
        DOCVAULT_HANDOVER_RETRY_MAX_SECONDS="1",
        **settings,
    )


def test_every_finished_letter_is_handed_over_once_across_kills(
    tmp_path: Path, simulator: EngineSimulator, receiver: Receiver, daemons: list[Daemon]
) -> None:
    daemon = handover_daemon(
        tmp_path,
        simulator,
        **receiver_settings(receiver, tmp_path),
        DOCVAULT_HANDOVER_TIMEOUT_SECONDS="5",
    )
    daemons.append(daemon)
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    chooser = random.Random(SEED)
    # Each kind of moment once (the one that must cause a repeat among them), in an order
    # and with offsets the seed chooses; each start of the daemon costs seconds.
    moments = ["completed", "held", "answered"]
    chooser.shuffle(moments)
    accepted_in_run: list[collections.Counter[str]] = []
    unrecorded: collections.Counter[str] = collections.Counter()
    letters = 0
    for run, moment in enumerate([*moments, "none"]):
        seen_before = len(receiver.accepted())
        daemon.start()
        rows_before = len(outbox(daemon))
        for _ in range(LETTERS_PER_RUN):
            letter_pdf(
                inbox / f"letter-{letters:02}.pdf", pages=chooser.randint(1, 2), seed=letters
            )
            letters += 1
        if run == 0:
            _refusals_are_shown_while_retried(daemon, receiver)
        if moment == "none":
            break
        _kill_at(moment, daemon, receiver, chooser, rows_before)
        receiver.settle()
        # Accepted during this run and still pending after the kill: sent, not recorded.
        this_run = collections.Counter(
            request.event_id for request in receiver.accepted()[seen_before:]
        )
        accepted_in_run.append(this_run)
        states = outbox(daemon)
        unrecorded.update(event for event in this_run if states[event][1] == "pending")

    def all_handed_over() -> bool:
        states = outbox(daemon)
        return (
            documents_finished(daemon) == letters
            and len(states) == letters
            and all(state == "delivered" for _, state in states.values())
        )

    wait_for(all_handed_over, 60, "every letter to be handed over after the last start")
    assert daemon.stop() == 0, daemon.log.read_text()
    receiver.settle()
    accepted_in_run.append(
        collections.Counter(request.event_id for request in receiver.accepted())
        - sum(accepted_in_run, collections.Counter())
    )

    states = outbox(daemon)
    # Every letter's event delivered, one event per letter: none lost, none made twice.
    assert len(states) == letters
    assert len({document for document, _ in states.values()}) == letters
    accepted = collections.Counter(request.event_id for request in receiver.accepted())
    assert set(accepted) == set(states)
    # A repeat only where a kill fell between sending and recording, with the same id.
    for event, count in accepted.items():
        assert count == 1 + unrecorded[event], (event, count, unrecorded[event])
    assert all(max(run.values(), default=1) == 1 for run in accepted_in_run)  # once per run
    assert sum(unrecorded.values()) >= 1  # the held answer: the case the id exists for
    for request in receiver.requests:
        assert request.signed
        assert document_of(request) == states[request.event_id][0]
    assert [request.answer for request in receiver.requests[:REFUSED_FIRST]] == [503] * 3
    assert receiver.accepted()  # it accepted after the refusals
    if isinstance(receiver, FhirServer):
        _the_fhir_server_holds_one_document_reference_a_letter(receiver, states, accepted)


def _the_fhir_server_holds_one_document_reference_a_letter(
    server: FhirServer, states: dict[str, tuple[int, str]], accepted: collections.Counter[str]
) -> None:
    """Each letter is one DocumentReference and one Binary, whatever the kills did: a
    repeat (only where a kill fell between sending and recording) is the same resource
    PUT again, unchanged."""
    assert server.invalid == []  # every Bundle met the FHIR R4 definitions
    references = server.of_type("DocumentReference")
    assert set(references) == {f"dv-{event}" for event in states}
    assert set(server.of_type("Binary")) == set(references)
    for event, versions in references.items():
        assert len(versions) == accepted[event.removeprefix("dv-")]
        assert all(version == versions[0] for version in versions)


def _refusals_are_shown_while_retried(daemon: Daemon, receiver: Receiver) -> None:
    receiver.wait_for(lambda requests: len(requests) >= REFUSED_FIRST, 60, "the refused answers")
    sql = "SELECT answer FROM handover_outbox WHERE state = 'pending' AND attempts > 0"
    wait_for(lambda: (REFUSAL,) in _query(daemon, sql), 30, "a refusal to be recorded")
    # The receiver refuses until told otherwise, so what `docvault status` shows is stable.
    summary = daemon.cli_json("status")["handover"]
    assert summary["pending"] == summary["failing"] >= 1
    (failure, *_) = [item for item in summary["failures"] if item["answer"] == REFUSAL]
    assert failure["answer_status"] == 503
    assert failure["next_attempt_at"]
    assert "answered 503" in failure["error"]
    receiver.start_accepting()


def _kill_at(
    moment: str, daemon: Daemon, receiver: Receiver, chooser: random.Random, rows_before: int
) -> None:
    """SIGKILL the daemon at the moment named, recognised by what can be observed."""
    if moment == "held":
        receiver.hold_next()
        assert receiver.holding.wait(60), "no hand-over reached the receiver"
        daemon.kill()
        receiver.release()
        return
    if moment == "completed":
        # At a letter's completion: its hand-over is written, sent or not yet.
        target = rows_before + chooser.randint(1, LETTERS_PER_RUN)
        wait_for(lambda: len(outbox(daemon)) >= target, 60, "a letter's completion", 0.02)
        daemon.kill()
        return
    # "answered": right after the receiver's next answer or the one after.
    target = len(receiver.requests) + chooser.randint(1, 2)
    receiver.wait_for(lambda requests: len(requests) >= target, 60, "the receiver's answer")
    daemon.kill()
