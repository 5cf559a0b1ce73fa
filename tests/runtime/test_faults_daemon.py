"""Issue 29, against the real daemon: the faults a clinic server has, on disks filled and
remounted for real (tests/support/mounts.py).

One `docvault run` serves the module, its data on three small file systems of its own, as
on a server whose archive and search index lie on disks of their own:

    <tmp>/docvault-data           tmpfs: the database, page images, the status file
    <tmp>/docvault-data/archive   tmpfs: the originals
    <tmp>/docvault-data/index     tmpfs: the search index

Each test brings on one fault and drops a letter meanwhile; it checks that the letter is
kept (still in its inbox, untouched, or archived byte for byte), that systemd's STATUS=
line and the status page say what is wrong and what to do, then ends the fault as an admin
would (deletes a file, remounts read-write, ends another program's transaction) and waits
for docvault to go on by itself: the letter archived, read and searchable, the fault no
longer said. A test ends its fault even when it fails, so the next one meets a healthy
daemon. The database's disk is filled first: SQLite then still has to grow its log for
every write, so the fault is met at the letter's first write.

The database locked by another program for a minute is `LOCK_SECONDS` long here, more than
the daemon's busy timeout (`database_busy_seconds`, 30 s by default, `BUSY_SECONDS` here:
the suite's time), so that every writer of the daemon gives up once and tries again, as in
a minute; the minute itself, at the default timeout: `DOCVAULT_TEST_BUSY_SECONDS=30
DOCVAULT_TEST_LOCK_SECONDS=60 .venv/bin/pytest tests/runtime/test_faults_daemon.py -k locked`.

A data folder the kernel made read-only after a disk error has a daemon of its own, on an
ext4 image: the kernel lets no one make such a file system writable again without fsck,
which needs it unmounted, so docvault is stopped for the repair and goes on at its start.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools.daemon import Daemon, log_in, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault.backup import EXIT_ALL_WELL, EXIT_DAMAGED
from docvault.search.folder import needs_rebuild
from tests.support.documents import letter_pdf
from tests.support.mounts import (
    ext4_image,
    fail_ext4,
    fill,
    loop_problem,
    mount_problem,
    remount,
    repair_ext4,
    tmpfs,
)
from tests.support.notify import NotifyListener

pytestmark = pytest.mark.slow

MEBIBYTE = 1024 * 1024
BUSY_SECONDS = float(os.environ.get("DOCVAULT_TEST_BUSY_SECONDS", "10"))
LOCK_SECONDS = float(os.environ.get("DOCVAULT_TEST_LOCK_SECONDS", "14"))
WAIT_SECONDS = 60.0  # for docvault to take, read and index a letter, or to say a fault
PASSWORD = "a long test password"


@dataclass
class Server:
    """The module's daemon, its disks, its notify socket and an administrator's browser."""

    daemon: Daemon
    notify: NotifyListener
    client: httpx.Client

    @property
    def folder(self) -> Path:
        return self.daemon.folder

    @property
    def data(self) -> Path:
        return self.folder / "docvault-data"

    @property
    def archive(self) -> Path:
        return self.data / "archive"

    @property
    def index(self) -> Path:
        return self.data / "index"

    @property
    def inbox(self) -> Path:
        return self.folder / "inbox"


def start_daemon(folder: Path, engine: EngineSimulator, stack: contextlib.ExitStack) -> Server:
    """`docvault run` in `folder` with a notify socket (a heartbeat every second) and an
    administrator logged in; stopped, with every child, when `stack` closes."""
    notify = NotifyListener(folder / "notify")
    notify.start()
    stack.callback(notify.close)
    daemon = Daemon(
        folder,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_TEXT_LAYER="prefer",  # the letters' own text: known words to search for
        DOCVAULT_ORIENTATION="false",
        DOCVAULT_INDEX_BATCH_SECONDS="0.5",
        DOCVAULT_DATABASE_BUSY_SECONDS=f"{BUSY_SECONDS:g}",
        NOTIFY_SOCKET=str(folder / "notify"),
        WATCHDOG_USEC="2000000",  # a heartbeat (STATUS=) every second
    )
    stack.callback(daemon.kill_everything)
    daemon.start()
    client = daemon.logged_in_client("admin", PASSWORD, admin=True)
    stack.callback(client.close)
    return Server(daemon, notify, client)


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineSimulator]:
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as simulator:
        yield simulator


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, engine: EngineSimulator) -> Iterator[Server]:
    if (problem := mount_problem()) is not None:
        pytest.skip(problem)
    folder = tmp_path_factory.mktemp("faults")
    data = folder / "docvault-data"
    with contextlib.ExitStack() as stack:
        # Unmounted last (an ExitStack unwinds backwards), after the daemon is gone.
        stack.enter_context(tmpfs(data, 64 * MEBIBYTE))
        stack.enter_context(tmpfs(data / "archive", 8 * MEBIBYTE))
        stack.enter_context(tmpfs(data / "index", 8 * MEBIBYTE))
        yield start_daemon(folder, engine, stack)


# --- what a clinic admin and the staff see ------------------------------------------------


def drop(server: Server, seed: int) -> tuple[Path, bytes]:
    """A one-page letter (its patient number `seed`001) moved into the inbox whole."""
    written = letter_pdf(server.folder / f"letter-{seed}.pdf", pages=1, seed=seed)
    original = written.read_bytes()
    target = server.inbox / written.name
    written.rename(target)
    return target, original


def status_line(server: Server) -> str:
    """The newest STATUS= line systemd has (empty before the first)."""
    lines = [line for line in list(server.notify.lines) if line.startswith("STATUS=")]
    return lines[-1] if lines else ""


def says(server: Server, *fragments: str) -> str:
    """Wait until STATUS= says every fragment; the line."""
    return str(
        wait_for(
            lambda: all(part in status_line(server) for part in fragments) and status_line(server),
            WAIT_SECONDS,
            f"STATUS= to say {fragments}",
        )
    )


def no_longer_says(server: Server, fragment: str) -> None:
    wait_for(
        lambda: fragment not in status_line(server), WAIT_SECONDS, f"STATUS= to drop {fragment!r}"
    )


def troubles(server: Server) -> list[str]:
    """The status page's "Needs attention now" sentences (the page must answer)."""
    answer = server.client.get("/status")
    assert answer.status_code == 200, answer.text
    section = re.search(r'<section id="troubles".*?</section>', answer.text, re.DOTALL)
    items = re.findall(r"<li>(.*?)</li>", section.group(0), re.DOTALL) if section else []
    return [html.unescape(item) for item in items]


def shown_on_status_page(server: Server, *fragments: str) -> str:
    found = [text for text in troubles(server) if all(part in text for part in fragments)]
    assert found, (fragments, troubles(server))
    return found[0]


def rows(server: Server, sql: str, *parameters: object) -> list[tuple[Any, ...]]:
    """The daemon's own database, read-only, as another reader on the server would."""
    path = server.data / "docvault.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return list(connection.execute(sql, parameters).fetchall())
    finally:
        connection.close()


def document(server: Server, name: str) -> tuple[int, str, str] | None:
    """(id, status, archive path) of the document taken from the file `name`, or None."""
    found = rows(
        server, "SELECT id, status, archive_path FROM documents WHERE original_name = ?", name
    )
    return found[0] if found else None


def searchable(server: Server, seed: int) -> bool:
    """The letter's patient number finds it through the web view's search API."""
    answer = server.client.get("/api/search", params={"q": f"{seed * 1000 + 1}"})
    assert answer.status_code == 200, answer.text
    return bool(answer.json()["total"])


def archived_as_dropped(server: Server, name: str, original: bytes) -> bool:
    """Taken: archived byte for byte, read, searchable (its inbox file moved to processed/)."""
    found = document(server, name)
    if found is None or found[1] != "done":
        return False
    return (server.data / found[2]).read_bytes() == original


def archived_and_read(server: Server, path: Path, original: bytes) -> None:
    """Wait until the letter is archived byte for byte and read (searchable or not)."""
    wait_for(
        lambda: archived_as_dropped(server, path.name, original),
        WAIT_SECONDS,
        f"{path.name} to be archived and read",
    )


def kept_in_inbox(server: Server, path: Path, original: bytes) -> None:
    """The letter waits where it was dropped, untouched, and nothing counts it as failed."""
    assert path.read_bytes() == original
    assert document(server, path.name) is None, "nothing may be recorded of it yet"
    assert not (server.inbox / "quarantine").exists(), "a server fault is not the file's"


def copies_in_archive(server: Server) -> set[str]:
    return {str(path.relative_to(server.archive)) for path in server.archive.rglob("*")}


def goes_on(server: Server, path: Path, original: bytes, seed: int) -> None:
    """docvault takes, reads and indexes the letter by itself once the fault has ended."""
    wait_for(
        lambda: archived_as_dropped(server, path.name, original) and searchable(server, seed),
        WAIT_SECONDS,
        f"{path.name} to be archived, read and searchable",
    )
    assert not path.exists(), "taken from the inbox"


# --- the faults ---------------------------------------------------------------------------


def test_a_full_database_disk_keeps_the_letter_in_its_inbox_until_there_is_room(
    server: Server,
) -> None:
    filler = fill(server.data)
    try:
        path, original = drop(server, 31)
        line = says(server, "The disk holding the database", "is full")
        assert "Free space on that disk" in line
        assert "New files stay in their inboxes" in line
        shown = shown_on_status_page(server, "The disk holding the database", "is full")
        assert str(server.data / "docvault.sqlite3") in shown, "the admin sees which file"
        kept_in_inbox(server, path, original)
    finally:
        filler.unlink()
    goes_on(server, path, original, 31)
    no_longer_says(server, "The disk holding the database")


def test_a_full_archive_disk_keeps_the_letter_in_its_inbox_and_no_half_copy(
    server: Server,
) -> None:
    before = copies_in_archive(server)
    filler = fill(server.archive)
    try:
        path, original = drop(server, 32)
        line = says(server, "The disk holding the archive of originals", "is full")
        assert "New files stay in their inboxes, untouched" in line
        shown_on_status_page(server, "The disk holding the archive of originals", "is full")
        kept_in_inbox(server, path, original)
        assert copies_in_archive(server) == before | {"filler"}, "no copy, not even half of one"
    finally:
        filler.unlink()
    goes_on(server, path, original, 32)
    assert not [name for name in copies_in_archive(server) if ".incoming-" in name]
    no_longer_says(server, "The disk holding the archive")


def behind_notice(server: Server, seed: int) -> str | None:
    """The search page's sentence saying that the index is behind (None: not said)."""
    answer = server.client.get("/", params={"q": f"{seed * 1000 + 1}"})
    assert answer.status_code == 200, answer.text
    found = re.search(r'<p class="problem" id="index-behind">(.*?)</p>', answer.text, re.DOTALL)
    return html.unescape(found.group(1)) if found else None


def said_by_the_api_and_the_command(server: Server, seed: int) -> tuple[Any, Any, str]:
    """`behind` of `GET /api/search` and of `docvault search --json`, and the line
    `docvault search` prints before its results ("" when it prints none)."""
    query = f"{seed * 1000 + 1}"
    answer = server.client.get("/api/search", params={"q": query})
    assert answer.status_code == 200, answer.text
    command = json.loads(server.daemon.cli("search", query, "--json").stdout)
    printed = server.daemon.cli("search", query).stdout.splitlines()[0]
    said = printed if printed.startswith("The search index is behind") else ""
    return answer.json()["behind"], command["behind"], said


def waiting_in_outbox(server: Server, name: str) -> int:
    return int(
        rows(
            server,
            "SELECT count(*) FROM index_outbox JOIN documents ON documents.id = document_id "
            "WHERE original_name = ?",
            name,
        )[0][0]
    )


def test_a_full_index_disk_keeps_pages_in_the_outbox_and_search_says_it_is_behind(
    server: Server,
) -> None:
    drop(server, 30)
    wait_for(lambda: searchable(server, 30), WAIT_SECONDS, "an earlier letter to be searchable")
    filler = fill(server.index)
    try:
        path, original = drop(server, 33)
        archived_and_read(server, path, original)
        says(server, "The disk holding the search index", "is full")
        notice = wait_for(lambda: behind_notice(server, 33), WAIT_SECONDS, "search to say so")
        assert "The search index is behind" in notice
        assert "wait to be indexed" in notice
        assert "The disk holding the search index" in notice
        # One sentence for every way in: the API and the command line say what the page says.
        assert said_by_the_api_and_the_command(server, 33) == (notice, notice, notice)
        assert not searchable(server, 33)
        assert waiting_in_outbox(server, path.name) == 1, "the outbox keeps its page"
        assert searchable(server, 30), "the index as it was still answers"
        assert needs_rebuild(server.index) is None, "and is not damaged"
    finally:
        filler.unlink()
    goes_on(server, path, original, 33)
    assert waiting_in_outbox(server, path.name) == 0
    assert behind_notice(server, 33) is None
    assert said_by_the_api_and_the_command(server, 33) == (None, None, "")
    assert needs_rebuild(server.index) is None
    assert searchable(server, 30)
    no_longer_says(server, "The disk holding the search index")


def test_read_only_remounts_of_the_index_and_the_archive_are_waited_out(server: Server) -> None:
    remount(server.index, "ro")
    try:
        archived_and_read(server, *drop(server, 34))
        says(server, "The file system holding the search index", "is read-only")
        remount(server.archive, "ro")
        try:
            path, original = drop(server, 35)
            line = says(server, "The file system holding the archive of originals")
            assert "mount -o remount,rw" in line
            shown_on_status_page(server, "The file system holding the archive", "read-only")
            shown_on_status_page(server, "The file system holding the search index")
            kept_in_inbox(server, path, original)
            assert not searchable(server, 34)
        finally:
            remount(server.archive, "rw")
    finally:
        remount(server.index, "rw")
    goes_on(server, path, original, 35)
    wait_for(lambda: searchable(server, 34), WAIT_SECONDS, "the index to catch up")
    no_longer_says(server, "read-only")


def hold_lock(seconds: float, meanwhile: Callable[[], None]) -> None:
    """Keep the lock taken for `seconds` (the fault's length, not a wait for docvault),
    checking `meanwhile` that nothing is lost while it lasts."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        meanwhile()
        time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))


def test_the_database_locked_by_another_program_is_waited_out(server: Server) -> None:
    database = server.data / "docvault.sqlite3"
    # Another program: its own connection, holding the write lock as a backup tool or a
    # forgotten sqlite3 shell would.
    other = sqlite3.connect(database, timeout=30, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        path, original = drop(server, 36)
        line = says(server, f"The database ({database}) is locked by another program")
        assert "fuser" in line
        assert "carries on by itself once the lock is released" in line
        shown_on_status_page(server, "is locked by another program")
        assert server.client.get("/api/status").status_code == 200, "reads go on meanwhile"

        def nothing_lost() -> None:
            assert server.daemon.process is not None
            assert server.daemon.process.poll() is None, "the daemon keeps running"
            assert path.read_bytes() == original

        hold_lock(LOCK_SECONDS, nothing_lost)
        kept_in_inbox(server, path, original)
    finally:
        other.rollback()
        other.close()
    goes_on(server, path, original, 36)
    no_longer_says(server, "is locked by another program")


def page_id(server: Server, document_id: int) -> int:
    return int(rows(server, "SELECT id FROM pages WHERE document_id = ?", document_id)[0][0])


def test_an_archived_file_removed_or_changed_is_named_by_verify_and_by_the_viewer(
    server: Server,
) -> None:
    letters = {seed: drop(server, seed) for seed in (37, 38)}
    for seed, (path, original) in letters.items():
        goes_on(server, path, original, seed)
    (removed_id, _, removed), (changed_id, _, changed) = (
        document(server, letters[seed][0].name) or (0, "", "") for seed in (37, 38)
    )
    removed_file, changed_file = server.data / removed, server.data / changed
    removed_file.unlink()
    damaged = bytearray(letters[38][1])
    damaged[len(damaged) // 2] ^= 0xFF  # one byte, the size unchanged: only its hash tells
    changed_file.write_bytes(bytes(damaged))

    verify = server.daemon.cli("verify", check=False)
    assert verify.returncode == EXIT_DAMAGED, verify.stdout + verify.stderr
    assert f"its original {removed_file} is missing" in verify.stdout
    assert f"its original {changed_file} no longer matches its sha256" in verify.stdout

    for document_id, what in ((removed_id, "is missing"), (changed_id, "no longer matches")):
        viewer = server.client.get(f"/documents/{document_id}")
        assert viewer.status_code == 200
        banner = re.search(r'id="archive-damaged">(.*?)</p>', viewer.text, re.DOTALL)
        assert banner is not None
        assert what in html.unescape(banner.group(1))
        assert "Referral letter" in viewer.text, "its text as read is still shown"
        page = page_id(server, document_id)
        for image in (f"/pages/{page}/image.png", f"/pages/{page}/thumbnail.jpg"):
            answer = server.client.get(image)
            assert answer.status_code == 200, answer.text
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert what in html.unescape(answer.text)
        for download in ("original", "searchable.pdf"):
            answer = server.client.get(f"/documents/{document_id}/{download}")
            assert answer.status_code == (404 if what == "is missing" else 409), answer.text
            assert what in html.unescape(answer.text)

    removed_file.write_bytes(letters[37][1])  # restored from a backup
    changed_file.write_bytes(letters[38][1])
    assert server.daemon.cli("verify", check=False).returncode == EXIT_ALL_WELL
    for document_id, seed in ((removed_id, 37), (changed_id, 38)):
        assert 'id="archive-damaged"' not in server.client.get(f"/documents/{document_id}").text
        original = server.client.get(f"/documents/{document_id}/original")
        assert original.content == letters[seed][1]
        image = server.client.get(f"/pages/{page_id(server, document_id)}/image.png")
        assert image.headers["content-type"] == "image/png"
    assert server.daemon.stop() == 0, server.daemon.log.read_text()
    assert "Traceback" not in server.daemon.log.read_text()


def test_a_data_folder_the_kernel_made_read_only_keeps_the_letter_and_goes_on_after_fsck(
    tmp_path: Path, engine: EngineSimulator
) -> None:
    if (problem := loop_problem()) is not None:
        pytest.skip(problem)
    image, data = tmp_path / "data.ext4", tmp_path / "docvault-data"
    with contextlib.ExitStack() as stack:
        stack.enter_context(ext4_image(image, data, 64 * MEBIBYTE))
        server = start_daemon(tmp_path, engine, stack)
        before, before_original = drop(server, 41)
        goes_on(server, before, before_original, 41)
        os.sync()  # written back, as the kernel does within seconds
        fail_ext4(data)
        path, original = drop(server, 42)
        line = says(server, "The file system holding the archive of originals", "is read-only")
        assert "after disk errors, stop docvault, check the disk with fsck" in line
        says(server, "The file system holding the data folder", "is read-only")
        shown_on_status_page(server, "The file system holding the archive", "read-only")
        kept_in_inbox(server, path, original)
        wait_for(
            lambda: "but its status file was last written" in server.daemon.cli("status").stdout,
            WAIT_SECONDS,
            "`docvault status` to say that the daemon runs but cannot write its status file",
        )
        # A new look at patient data needs its audit row: refused with the sentence, not a 500.
        refused = server.client.get("/api/search", params={"q": "Referral"})
        assert refused.status_code == 503
        assert "cannot be written: its disk is read-only" in refused.json()["message"]

        assert server.daemon.stop() == 0, server.daemon.log.read_text()
        server.client.close()
        repair_ext4(image, data)
        server.daemon.start()
        server.client = stack.enter_context(httpx.Client(base_url=server.daemon.url("")))
        log_in(server.client, "admin", PASSWORD)
        goes_on(server, path, original, 42)
        assert searchable(server, 41)
        assert "Traceback" not in server.daemon.log.read_text()
