"""Issue 25, finding 2: every change of state follows one rule, and re-reads are budgeted.

Rotate had no check of its own: a read-only token or any staff user could have done pages
read again, ahead of every new letter, and re-sent to the practice system. Re-run already
refused done pages to staff; rotate re-reads a page just the same.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from sqlalchemy import func
from sqlmodel import col, select
from starlette.routing import Mount

from docvault import auth, db, records
from docvault.models import AuditEvent, Page
from docvault.vocabulary import PageStatus
from docvault.web import queries
from docvault.web.app import create_app
from tests.support.webarchive import ADMIN, NURSE, WebArchive
from tests.web.test_web import PATH_VALUES

SAFE = {"GET", "HEAD", "OPTIONS"}
PUBLIC = {("/login", "POST")}


def _client(archive: WebArchive, **changes: object) -> TestClient:
    context = replace(archive.context, **changes) if changes else archive.context
    return TestClient(create_app(context), follow_redirects=False)


@pytest.fixture
def app(archive: WebArchive) -> FastAPI:
    return create_app(archive.context)


def _log_in(client: TestClient, user: tuple[str, str]) -> str:
    """Log in through the form; the session's CSRF token."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert token
    answer = client.post(
        "/login", data={"name": user[0], "password": user[1], "csrf_token": token.group(1)}
    )
    assert answer.status_code == 303, answer.text
    problems = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/problems").text)
    assert problems
    return problems.group(1)


def _bearer(archive: WebArchive, user: str, scope: auth.TokenScope) -> dict[str, str]:
    return {"Authorization": f"Bearer {auth.create_token(archive.database, user, '', scope)}"}


def _state_changing_routes(app: FastAPI) -> list[tuple[str, str]]:
    found = []
    for route in iter_route_contexts(app.routes):
        if route.path is None or not route.methods or isinstance(route.original_route, Mount):
            continue
        for method in set(route.methods) - SAFE:
            if (route.path, method) not in PUBLIC:
                found.append((route.path, method))
    return sorted(found)


def _page_rows(archive: WebArchive) -> list[tuple[object, ...]]:
    with db.read_session(archive.database) as session:
        pages = session.exec(select(Page).order_by(col(Page.id))).all()
        return [(page.id, page.status, page.rotation, page.priority) for page in pages]


def test_a_read_only_token_changes_nothing_on_any_route(app: FastAPI, archive: WebArchive) -> None:
    routes = _state_changing_routes(app)
    # The walk covers the routes the issue names (a renamed route fails here too).
    assert {"/pages/{page_id}/rotate", "/rerun", "/api/rerun"} <= {path for path, _ in routes}
    before = _page_rows(archive)
    with TestClient(app, follow_redirects=False) as client:
        for user in ("nurse", "admin"):
            headers = _bearer(archive, user, auth.TokenScope.read)
            for path, method in routes:
                concrete = re.sub(r"\{(\w+)\}", lambda match: PATH_VALUES[match.group(1)], path)
                answer = client.request(
                    method, concrete, headers=headers,
                    data={"turn": "90", "page_id": "1", "mode": "greedy", "password": "x",
                          "action": "confirm", "field": "patient"},
                )  # fmt: skip
                assert answer.status_code == 403, (user, method, path, answer.text)
                assert "which does not allow this" in answer.text, (method, path)
    assert _page_rows(archive) == before


def test_rotating_a_done_page_is_for_administrators_as_re_running_one_is(
    archive: WebArchive,
) -> None:
    done = archive.page_id(archive.huck_finn, 1)
    looped = archive.page_id(archive.multi_page, 2)
    with _client(archive) as nurse:
        csrf = _log_in(nurse, NURSE)
        refused = nurse.post(f"/pages/{done}/rotate", data={"csrf_token": csrf, "turn": "90"})
        assert refused.status_code == 403
        assert "Only an administrator may have a page read again" in refused.text
        assert queries.page_states(archive.database, [done]) == {done: PageStatus.done}
        # The same rule as re-run: staff re-read looped and failed pages, turned or not.
        taken = nurse.post(f"/pages/{looped}/rotate", data={"csrf_token": csrf, "turn": "180"})
        assert taken.status_code == 303
        assert queries.page_states(archive.database, [looped]) == {looped: PageStatus.queued}
        rerun = nurse.post(
            "/rerun",
            data={"csrf_token": csrf, "page_id": str(done), "mode": "greedy", "include_done": "1"},
        )
        assert rerun.status_code == 403
    with _client(archive) as client:
        token = _bearer(archive, "nurse", auth.TokenScope.rerun)
        scripted = client.post(f"/pages/{done}/rotate", data={"turn": "90"}, headers=token)
        assert scripted.status_code == 403
        assert queries.page_states(archive.database, [done]) == {done: PageStatus.done}
    with _client(archive) as admin:
        csrf = _log_in(admin, ADMIN)
        turned = admin.post(f"/pages/{done}/rotate", data={"csrf_token": csrf, "turn": "90"})
        assert turned.status_code == 303
        assert queries.page_states(archive.database, [done]) == {done: PageStatus.queued}
    with _client(archive) as client:
        admin_token = _bearer(archive, "admin", auth.TokenScope.admin)
        again = client.post(f"/pages/{looped}/rotate", data={"turn": "90"}, headers=admin_token)
        assert again.status_code == 303


def test_a_page_done_after_the_permission_check_is_not_turned_for_staff(
    archive: WebArchive,
) -> None:
    # The rotate route checks the page's state, then turns it in another transaction; a
    # page that became done in between is refused there for anyone but an administrator.
    done = archive.page_id(archive.huck_finn, 1)
    assert records.request_rotation(archive.database, done, 90, done_allowed=False) is None
    assert queries.page_states(archive.database, [done]) == {done: PageStatus.done}
    assert records.request_rotation(archive.database, done, 90, done_allowed=True) == 90
    assert queries.page_states(archive.database, [done]) == {done: PageStatus.queued}


def test_re_reads_are_limited_per_user_with_a_sentence(archive: WebArchive) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    failed = archive.page_id(archive.multi_page, 3)
    done = archive.page_id(archive.huck_finn, 1)
    with _client(archive, rereads_per_hour=3) as client:
        nurse = _bearer(archive, "nurse", auth.TokenScope.rerun)
        # A done page named without the administrator's choice is not re-read, not counted.
        first = client.post("/api/rerun", json={"page_ids": [looped, done]}, headers=nurse)
        assert first.json()["queued"] == 1
        complete_queued(archive)
        second = client.post("/api/rerun", json={"page_ids": [looped, failed]}, headers=nurse)
        assert second.json()["queued"] == 2
        complete_queued(archive)
        # Three re-reads this hour: the fourth (a rotation counts as one) waits.
        refused = client.post(f"/pages/{looped}/rotate", data={"turn": "90"}, headers=nurse)
        assert refused.status_code == 429
        assert "Please wait a moment" in refused.text  # the page's title
        bulk = client.post("/api/rerun", json={"page_ids": [looped]}, headers=nurse)
        assert bulk.status_code == 429
        message = bulk.json()["message"]
        assert message.startswith("nurse has had 3 page(s) read again in the last hour")
        assert "at most 3 an hour" in message
        assert "web_rereads_per_hour" in message
        assert "minute(s)" in message
        assert queries.page_states(archive.database, [looped]) == {looped: PageStatus.looped}
        # The budget is the user's: another user is not held up by the nurse's re-reads.
        admin = _bearer(archive, "admin", auth.TokenScope.admin)
        other = client.post("/api/rerun", json={"page_ids": [looped]}, headers=admin)
        assert other.status_code == 200
        assert other.json()["queued"] == 1
    with db.read_session(archive.database) as session:
        reruns = session.exec(
            select(func.count()).select_from(AuditEvent).where(AuditEvent.action == "rerun")
        ).one()
    assert reruns == 3  # the refused ones changed nothing and are no re-run


def complete_queued(archive: WebArchive) -> None:
    """Let the queued pages finish as looped again (the worker's part, done by hand)."""
    with db.write_transaction(archive.database) as session:
        for page in session.exec(select(Page).where(Page.status == PageStatus.queued)):
            page.status = PageStatus.looped
            session.add(page)


def test_the_re_read_budget_frees_as_the_hour_passes() -> None:
    from docvault.errors import RateLimited
    from docvault.web.context import REREAD_WINDOW_SECONDS, RereadBudget

    budget = RereadBudget()
    budget.take("nurse", 300, 500, now=0.0)
    given = budget.take("nurse", 200, 500, now=600.0)
    budget.give_back(given, 150)  # the queue took only 50 of them
    budget.take("nurse", 150, 500, now=900.0)
    with pytest.raises(RateLimited, match="Try these 1 again in 46 minute"):
        budget.take("nurse", 1, 500, now=900.0)
    with pytest.raises(RateLimited, match="cannot be read again at once"):
        budget.take("admin", 501, 500, now=900.0)
    # The first 300 leave the window an hour after they were taken.
    budget.take("nurse", 300, 500, now=REREAD_WINDOW_SECONDS)
