"""Issue 13, finding 6: tokens have scopes and an expiry; bulk re-runs are bounded and careful."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from docvault import auth
from docvault.audit import AuditFilter
from docvault.cli_base import State
from docvault.cli_users import user_group
from docvault.models import utcnow
from docvault.vocabulary import PageStatus
from docvault.web import queries
from docvault.web.app import create_app
from docvault.web.context import MAX_RERUN_IDS
from tests.support.webarchive import WebArchive


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def _bearer(archive: WebArchive, user: str, scope: auth.TokenScope) -> dict[str, str]:
    return {"Authorization": f"Bearer {auth.create_token(archive.database, user, '', scope)}"}


def test_each_scope_allows_what_it_names_and_no_more(
    client: TestClient, archive: WebArchive
) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    reads = [f"/api/documents/{archive.huck_finn}", f"/pages/{looped}/image.png", "/api/status"]
    expected = {
        auth.TokenScope.metrics: (200, 403, 403, 403),
        auth.TokenScope.read: (200, 200, 403, 403),
        auth.TokenScope.rerun: (200, 200, 200, 403),
        auth.TokenScope.admin: (200, 200, 200, 200),
    }
    for scope, (metrics, read, rerun, audit) in expected.items():
        headers = _bearer(archive, "admin", scope)
        assert client.get("/metrics", headers=headers).status_code == metrics, scope
        for path in reads:
            assert client.get(path, headers=headers).status_code == read, (scope, path)
        answer = client.post("/api/rerun", json={"page_ids": [looped]}, headers=headers)
        assert answer.status_code == rerun, scope
        assert client.get("/audit", headers=headers).status_code == audit, scope


def test_an_expired_token_is_refused_and_a_nurse_gets_no_admin_token(
    client: TestClient, archive: WebArchive
) -> None:
    token = auth.create_token(archive.database, "nurse", "", auth.TokenScope.read,
                              utcnow() + timedelta(seconds=1))  # fmt: skip
    with archive.database.begin() as connection:
        connection.exec_driver_sql("UPDATE api_tokens SET expires_at = '2000-01-01 00:00:00'")
    answer = client.get("/api/status", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 401
    with pytest.raises(auth.AuthError, match="not an administrator"):
        auth.create_token(archive.database, "nurse", "", auth.TokenScope.admin)


def test_token_list_shows_scope_expiry_and_last_use(archive: WebArchive) -> None:
    runner = CliRunner()
    state = State(database=archive.database)
    arguments = ["token", "create", "nurse", "--label", "prometheus",
                 "--scope", "metrics", "--expires", "2999-12-31"]  # fmt: skip
    created = runner.invoke(user_group, arguments, obj=state)
    assert created.exit_code == 0, created.output
    token = created.output.strip()
    with TestClient(create_app(archive.context)) as client:
        client.get("/metrics", headers={"Authorization": f"Bearer {token}"})
    listed = runner.invoke(user_group, ["token", "list"], obj=state).output
    row = next(line for line in listed.splitlines() if "prometheus" in line).split("\t")
    assert row[3:6] == ["metrics", "active", "3000-01-01 00:00 UTC"]
    assert row[6].startswith(utcnow().strftime("%Y-%m-%d"))


def test_a_bulk_rerun_is_bounded_and_takes_only_looped_or_failed_pages(
    client: TestClient, archive: WebArchive
) -> None:
    headers = _bearer(archive, "nurse", auth.TokenScope.rerun)
    too_many = client.post("/api/rerun", json={"page_ids": list(range(100_000))}, headers=headers)
    assert too_many.status_code == 400
    assert f"{MAX_RERUN_IDS}" in too_many.text
    done = archive.page_id(archive.huck_finn, 1)
    looped = archive.page_id(archive.multi_page, 2)
    failed = archive.page_id(archive.multi_page, 3)
    answer = client.post("/api/rerun", json={"page_ids": [done, looped, failed]}, headers=headers)
    assert answer.json()["queued"] == 2
    states = queries.page_states(archive.database, [done, looped, failed])
    assert states == {done: PageStatus.done, looped: PageStatus.queued, failed: PageStatus.queued}
    # Done pages only by an administrator's explicit choice.
    asked = {"page_ids": [done], "include_done": True}
    assert client.post("/api/rerun", json=asked, headers=headers).status_code == 403
    admin = _bearer(archive, "admin", auth.TokenScope.admin)
    assert client.post("/api/rerun", json=asked, headers=admin).json()["queued"] == 1
    events, _ = queries.audit_events(archive.database, AuditFilter(action="rerun"), 0, 10)
    assert max(len(event.detail) for event in events) < 300


def test_the_audit_row_of_a_large_rerun_names_the_first_pages_and_counts_the_rest(
    client: TestClient, archive: WebArchive
) -> None:
    headers = _bearer(archive, "nurse", auth.TokenScope.rerun)
    ids = list(range(1, MAX_RERUN_IDS + 1))
    assert client.post("/api/rerun", json={"page_ids": ids}, headers=headers).status_code == 200
    (event,), _ = queries.audit_events(archive.database, AuditFilter(action="rerun"), 0, 10)
    assert event.detail.startswith("pages 1, 2, 3")
    assert f"and {MAX_RERUN_IDS - 20} more" in event.detail
