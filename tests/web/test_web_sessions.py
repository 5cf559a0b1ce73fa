"""Issue 13, finding 2: a session is a row on the server; ending it makes the cookie worthless."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import text

from docvault import auth
from docvault.cli_base import State
from docvault.cli_users import user_group
from docvault.models import utcnow
from docvault.web.app import create_app
from docvault.web.security import SESSION_COOKIE
from tests.support.webarchive import ADMIN, NURSE, WebArchive
from tests.web.test_web import csrf_of, log_in


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def _replay(archive: WebArchive, cookie: str) -> TestClient:
    copy = TestClient(create_app(archive.context), follow_redirects=False)
    copy.cookies.set(SESSION_COOKIE, cookie)
    return copy


def _refused(archive: WebArchive, cookie: str) -> bool:
    with _replay(archive, cookie) as copy:
        page = copy.get("/audit")
        api = copy.get(f"/api/documents/{archive.huck_finn}")
    return page.status_code == 303 and api.status_code == 401 and "text" not in api.json()


def test_a_cookie_copied_before_logout_is_refused_after_it(
    client: TestClient, archive: WebArchive
) -> None:
    csrf = log_in(client, ADMIN)
    copied = client.cookies[SESSION_COOKIE]
    with _replay(archive, copied) as copy:
        assert copy.get("/audit").status_code == 200  # the copy works while the session lives
    answer = client.post("/logout", data={"csrf_token": csrf})
    assert answer.status_code == 303
    assert _refused(archive, copied)


def test_the_cookie_holds_nothing_readable(client: TestClient, archive: WebArchive) -> None:
    csrf = log_in(client)
    cookie = client.cookies[SESSION_COOKIE]
    assert csrf not in cookie
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", cookie)  # 256 random bits, no payload, no dots
    with archive.database.connect() as connection:
        kept = connection.execute(text("SELECT token_sha256, csrf_token FROM web_sessions")).all()
    # The server keeps only the token's hash, and the CSRF token beside it.
    assert [tuple(row) for row in kept] == [(hashlib.sha256(cookie.encode()).hexdigest(), csrf)]


@pytest.mark.parametrize("ending", ["password", "remove", "disable", "logout-all"])
def test_the_session_ends_when_the_account_changes(
    client: TestClient, archive: WebArchive, ending: str
) -> None:
    log_in(client, NURSE)
    cookie = client.cookies[SESSION_COOKIE]
    assert client.get("/").status_code == 200
    runner = CliRunner()
    arguments = {
        "password": (["passwd", "nurse"], "a brand new password\n"),
        "remove": (["remove", "nurse"], None),
        "disable": (["disable", "nurse"], None),
        "logout-all": (["logout", "nurse"], None),
    }[ending]
    state = State(database=archive.database)
    result = runner.invoke(user_group, arguments[0], input=arguments[1], obj=state)
    assert result.exit_code == 0, result.output
    assert _refused(archive, cookie)


def test_a_disabled_user_cannot_log_in_until_enabled(
    client: TestClient, archive: WebArchive
) -> None:
    auth.set_disabled(archive.database, "nurse", True)
    token = csrf_of(client)
    refused = client.post(
        "/login", data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token}
    )
    assert refused.status_code == 401
    # The same answer as a wrong password (issue 25): the form does not tell a guesser
    # that this password is right.
    assert "The user name or the password is wrong." in refused.text
    assert "disabled" not in refused.text
    auth.set_disabled(archive.database, "nurse", False)
    log_in(client, NURSE)


def test_an_idle_session_ends(archive: WebArchive) -> None:
    context = replace(archive.context, session_idle_minutes=0)
    with TestClient(create_app(context), follow_redirects=False) as client:
        token = csrf_of(client)
        client.post("/login", data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token})
        assert client.get("/").status_code == 303  # idle longer than zero minutes


def test_idle_timeout_and_lifetime_are_enforced_by_the_server(archive: WebArchive) -> None:
    account = auth.log_in(archive.database, *NURSE, "127.0.0.1")
    policy = auth.SessionPolicy(idle=timedelta(minutes=30), lifetime=timedelta(hours=12))
    token, _ = auth.start_session(archive.database, account, "127.0.0.1")
    start = utcnow()
    assert auth.session_for(archive.database, token, policy, start + timedelta(minutes=29))
    # Kept busy (seen every 29 minutes), it still ends twelve hours after login.
    moment = start
    while moment < start + timedelta(hours=11, minutes=30):
        moment += timedelta(minutes=29)
        assert auth.session_for(archive.database, token, policy, moment) is not None
    assert (
        auth.session_for(archive.database, token, policy, start + timedelta(hours=12, minutes=1))
        is None
    )
    idle_token, _ = auth.start_session(archive.database, account, "127.0.0.1")
    assert (
        auth.session_for(archive.database, idle_token, policy, start + timedelta(minutes=31))
        is None
    )


def test_the_pages_own_refreshes_keep_no_session_alive(archive: WebArchive) -> None:
    """Issue 48: an open list asks /api/live every few seconds; that is no use of the
    login, so a tab nobody looks at still ends after the idle time."""
    account = auth.log_in(archive.database, *NURSE, "127.0.0.1")
    policy = auth.SessionPolicy(idle=timedelta(minutes=30), lifetime=timedelta(hours=12))
    token, _ = auth.start_session(archive.database, account, "127.0.0.1")
    start = utcnow()
    for minutes in (10, 20, 29):
        later = start + timedelta(minutes=minutes)
        assert auth.session_for(archive.database, token, policy, later, touch=False)
    assert auth.session_for(archive.database, token, policy, start + timedelta(minutes=31)) is None


def test_a_wrong_password_keeps_the_user_name(client: TestClient) -> None:
    token = csrf_of(client)
    refused = client.post(
        "/login", data={"name": "nurse", "password": "not the password", "csrf_token": token}
    )
    assert refused.status_code == 401
    assert 'name="name" autocomplete="username" required value="nurse"' in refused.text
    assert 'type="password" autocomplete="current-password" required autofocus' in refused.text


def test_the_csrf_token_belongs_to_its_session(client: TestClient, archive: WebArchive) -> None:
    mine = log_in(client, NURSE)
    with TestClient(create_app(archive.context), follow_redirects=False) as other:
        log_in(other, NURSE)
        page_id = archive.page_id(archive.multi_page, 2)
        refused = other.post("/rerun", data={"page_id": str(page_id), "mode": "penalty",
                                             "csrf_token": mine})  # fmt: skip
        assert refused.status_code == 403
