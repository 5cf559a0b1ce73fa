"""Issue 44: the mail fuzzing corpus (bench/mail_corpus.py) through a real Dovecot and the
real daemon, as bench/fuzz_daemon.py does for documents. A benchmark, not a test.

    .venv/bin/python -m bench.fuzz_mail --messages 300 --seed 44

Every message is appended to the test user's INBOX of a Dovecot on loopback
(tests/support/dovecot.py) before the daemon starts; `docvault run` (the engine simulator
reads the pages) then takes the folder as it would a clinic's. The oracle: every message
ends taken (archived, done, known, skipped) or refused with a sentence (refused, too-large,
its `problem` not empty); every document it gave settles (done, attention, or failed with a
sentence); no part of the daemon is ever restarted (the status file's `restarts`) and the
daemon runs throughout; memory stays bounded: the resident memory of the daemon and of all
its children (render workers, mail readers) is sampled every half second, and the largest
figures are kept. Results go to bench/results/fuzz/mail/summary.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

from bench.mail_corpus import mail_corpus
from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.intake.test_mail_daemon import mail_config, part, query, simulated
from tests.support.dovecot import Dovecot, running_dovecot

OUT = Path(__file__).resolve().parent / "results" / "fuzz" / "mail"
TAKEN = {"archived", "done", "known", "skipped"}
REFUSED = {"refused", "too-large"}
SETTLED_DOCUMENTS = {"done", "attention", "failed"}


class MemoryWatch:
    """Samples the resident memory of a daemon and its children until stopped."""

    def __init__(self, daemon: Daemon) -> None:
        self.daemon = daemon
        self.stop = threading.Event()
        self.largest = {"daemon_mb": 0.0, "children_mb": 0.0, "one_child_mb": 0.0, "total_mb": 0.0}
        self.most_children = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.wait(0.5):
            self.sample()

    def sample(self) -> None:
        assert self.daemon.process is not None
        main, children = 0.0, []
        for pid in self.daemon.processes():
            try:
                resident = psutil.Process(pid).memory_info().rss / 2**20
            except psutil.Error:
                continue
            if pid == self.daemon.process.pid:
                main = resident
            else:
                children.append(resident)
        figures = {
            "daemon_mb": main, "children_mb": sum(children),
            "one_child_mb": max(children, default=0.0), "total_mb": main + sum(children),
        }  # fmt: skip
        for key, value in figures.items():
            self.largest[key] = max(self.largest[key], round(value, 1))
        self.most_children = max(self.most_children, len(children))


def settled(daemon: Daemon, count: int) -> bool:
    states = [state for (state,) in query(daemon, "SELECT state FROM mail_messages")]
    if len(states) < count or any(state in ("reading", "retry") for state in states):
        return False
    (unfinished,) = query(
        daemon, "SELECT COUNT(*) FROM documents WHERE status NOT IN ('done','attention','failed')"
    )[0]
    return bool(unfinished == 0)


def run(messages: int, seed: int, read_timeout: float) -> dict[str, Any]:
    with (
        tempfile.TemporaryDirectory(prefix="docvault-fuzz-mail-") as folder,
        EngineSimulator(SimulatorConfig(speed=100.0, loop_fraction=0.0)) as engine,
    ):
        root = Path(folder)
        corpus = mail_corpus(root / "letters", messages, seed)
        with running_dovecot() as server:
            names = {server.append(raw): name for name, raw in corpus}
            return _through_daemon(root, server, engine, names, read_timeout)


def _through_daemon(
    root: Path, server: Dovecot, engine: EngineSimulator, names: dict[int, str], timeout: float
) -> dict[str, Any]:
    config = mail_config(root, server, poll_seconds=5)
    daemon = Daemon(
        root,
        **simulated(
            engine,
            DOCVAULT_CONFIG=str(config),
            DOCVAULT_MAIL_READ_TIMEOUT_SECONDS=str(timeout),
            DOCVAULT_EMPTY_GRACE_SECONDS="1",
        ),
    )
    daemon.start()
    watch = MemoryWatch(daemon)
    watch.thread.start()
    started = time.monotonic()
    try:
        wait_for(lambda: settled(daemon, len(names)), 3600, "every message settled", 2.0)
        seconds = time.monotonic() - started
        alive = daemon.process is not None and daemon.process.poll() is None
        status = json.loads(daemon.status_file.read_text())
        mailbox = part(daemon)
    finally:
        watch.stop.set()
        watch.thread.join()
        code = daemon.stop(timeout=120)
    restarts = {entry["name"]: entry.get("restarts", 0) for entry in status.get("parts", [])}
    return {
        "messages": len(names),
        "seconds": round(seconds, 1),
        "daemon_alive_throughout": alive,
        "daemon_exit_code": code,
        "mailbox_part": {key: mailbox.get(key) for key in ("state", "restarts")},
        "parts_restarted": {name: count for name, count in restarts.items() if count},
        "largest_resident_memory_mb": watch.largest,
        "most_children_at_once": watch.most_children,
        **outcomes(daemon, names),
    }


def outcomes(daemon: Daemon, names: dict[int, str]) -> dict[str, Any]:
    """Each message: taken (its attachments became documents), refused (kept whole as one
    `mail-unreadable` document, or not downloaded, with the sentence why), or neither."""
    by_uid = {uid: (state, problem) for uid, state, problem in query(
        daemon, "SELECT uid, state, problem FROM mail_messages")}  # fmt: skip
    refusals: dict[int, str] = {}
    for uid, error in query(
        daemon,
        "SELECT m.uid, d.error FROM mail_messages m JOIN mail_documents l ON l.message_id = m.id"
        " JOIN documents d ON d.id = l.document_id WHERE d.error_class = 'mail-unreadable'",
    ):
        refusals[uid] = error or ""
    counted: dict[str, int] = {}
    silent, refused_features = [], {}
    for uid, name in names.items():
        state, problem = by_uid.get(uid, ("not seen", None))
        sentence = refusals.get(uid, problem if state in REFUSED else None)
        outcome = "taken" if state in TAKEN and sentence is None else "refused"
        if state not in TAKEN | REFUSED or (outcome == "refused" and not (sentence or "").strip()):
            outcome = f"neither ({state})"
            silent.append(name)
        counted[outcome] = counted.get(outcome, 0) + 1
        if outcome == "refused":
            for feature in name.split(": ", 1)[1].split(" + "):
                refused_features[feature] = refused_features.get(feature, 0) + 1
    return {
        "messages": counted,
        "neither_taken_nor_refused_with_a_sentence": silent[:10],
        "features_of_refused_messages": dict(sorted(refused_features.items())),
        "refusals_by_reason": _reasons(refusals.values()),
        "refusal_sentences_sample": sorted({text[:200] for text in refusals.values()})[:6],
        **_documents(daemon),
    }


# What each refusal sentence says was wrong (docvault.intake.mailreader's sentences), in order.
REASONS = (
    ("too many attachments (mail_max_attachments)", "mail_max_attachments"),
    ("nested too deeply", "nested too deeply"),
    ("the mail parser failed", "could not be read by the mail parser"),
    ("took too long (mail_read_timeout_seconds)", "mail_read_timeout_seconds"),
    ("too much memory (mail_read_memory_mb)", "mail_read_memory_mb"),
)


def _reasons(sentences: Any) -> dict[str, int]:
    counted: dict[str, int] = {}
    for sentence in sentences:
        reason = next((name for name, mark in REASONS if mark in sentence), "other")
        counted[reason] = counted.get(reason, 0) + 1
    return counted


def _documents(daemon: Daemon) -> dict[str, Any]:
    rows = query(daemon, "SELECT status, error_class, error FROM documents")
    by_state: dict[str, int] = {}
    failed_by_code: dict[str, int] = {}
    for status, code, _error in rows:
        by_state[status] = by_state.get(status, 0) + 1
        if status == "failed":
            failed_by_code[code or "page-failed"] = failed_by_code.get(code or "page-failed", 0) + 1
    return {
        "documents_by_state": by_state,
        "documents_failed_by_code": failed_by_code,
        "documents_unsettled": sum(1 for row in rows if row[0] not in SETTLED_DOCUMENTS),
        "documents_failed_without_a_sentence": sum(
            1 for row in rows if row[0] == "failed" and row[1] and not (row[2] or "").strip()
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--read-timeout", type=float, default=10.0)
    arguments = parser.parse_args()
    summary = run(arguments.messages, arguments.seed, arguments.read_timeout)
    summary["command"] = (
        f"python -m bench.fuzz_mail --messages {arguments.messages} --seed {arguments.seed} "
        f"--read-timeout {arguments.read_timeout:g}"
    )
    summary["machine"] = f"{platform.node()}: {os.cpu_count()} cores, {platform.platform()}"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
