"""Issue 13, findings 5 and 8: every request is bounded, and no input gives a 500."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from docvault.web.app import create_app
from tests.support.webarchive import WebArchive
from tests.web.test_web import log_in

HUGE = str(2**63)
HUGER = "9" * 40


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    app = create_app(archive.context)
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as test_client:
        yield test_client


def test_a_very_long_query_is_refused_with_a_clear_message(client: TestClient) -> None:
    log_in(client)
    for path in ("/", "/api/search"):
        answer = client.get(path, params={"q": "metoprolol " * 5000})
        assert answer.status_code == 400, path
        assert "docvault searches at most 500 characters" in answer.text
    many_words = " OR ".join(f"w{number}" for number in range(40))
    answer = client.get("/api/search", params={"q": many_words})
    assert answer.status_code == 400
    assert "at most 32" in answer.json()["message"]


def test_every_search_has_a_time_limit(client: TestClient, archive: WebArchive) -> None:
    log_in(client)
    assert client.get("/api/search", params={"q": "widow"}).status_code == 200
    assert archive.context.index is archive.index
    archive.index.time_limit_seconds = -1.0  # every search is too slow
    answer = client.get("/api/search", params={"q": "widow"})
    assert answer.status_code == 400
    assert "took longer than -1 seconds and was stopped" in answer.json()["message"]


@pytest.mark.parametrize("query", ["<b", "<x", "a <b", "<", "(<x)", "tag:<b"])
def test_whoosh_parser_errors_are_the_query_syntax_message(client: TestClient, query: str) -> None:
    log_in(client)
    answer = client.get("/api/search", params={"q": query})
    assert answer.status_code in (200, 400), answer.text
    if answer.status_code == 400:
        assert answer.json()["error"] == "The search could not be understood"


def test_integers_beyond_sqlite_are_400_or_404(client: TestClient, archive: WebArchive) -> None:
    csrf = log_in(client, ("admin", "staple guard admin 42"))
    for number in (HUGE, HUGER, "-1"):
        for path in (f"/documents/{number}", f"/pages/{number}/image.png",
                     f"/documents/{number}/pages/{number}/text", f"/api/documents/{number}",
                     f"/documents/1/pages/{number}/text", f"/pages/{number}/figures/1_1_9_9.jpg",
                     f"/api/pages/states?ids={number}", f"/audit?page={number}",
                     f"/audit?document={number}", f"/?q=widow&page={number}",
                     f"/documents/{archive.huck_finn}?page={number}"):  # fmt: skip
            answer = client.get(path)
            assert answer.status_code in (400, 404), (path, answer.status_code)
            assert "Traceback" not in answer.text
        rerun = client.post("/api/rerun", json={"page_ids": [int(number)]},
                            headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert rerun.status_code == 400, number
        form = client.post("/rerun", data={"page_id": number, "mode": "greedy", "csrf_token": csrf})
        assert form.status_code == 400, number


def test_the_status_figures_do_not_wait_for_a_running_search(archive: WebArchive) -> None:
    searcher = archive.index
    assert searcher.is_open  # the archive's index is open for the searches below
    counted = (searcher.page_count(), searcher.document_count())
    holding, release = threading.Event(), threading.Event()

    def long_search() -> None:  # holds the index as a search does while it runs
        with searcher._lock:
            holding.set()
            release.wait(timeout=30)

    thread = threading.Thread(target=long_search)
    thread.start()
    try:
        assert holding.wait(timeout=30)
        answers: list[tuple[int, int]] = []
        reader = threading.Thread(
            target=lambda: answers.append((searcher.page_count(), searcher.document_count()))
        )
        reader.start()
        reader.join(timeout=10)
        assert answers == [counted]  # answered while the search still holds the index
    finally:
        release.set()
        thread.join()
