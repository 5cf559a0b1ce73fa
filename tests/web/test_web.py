"""The web view in process (TestClient): login, every route behind it, CSRF, pages, re-runs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from PIL import Image
from sqlalchemy import update
from sqlmodel import Session, col
from starlette.routing import Mount

from docvault import auth, derived, records
from docvault.audit import AuditFilter
from docvault.models import Attempt, Page, utcnow
from docvault.vocabulary import PageStatus, SamplingMode
from docvault.web import queries
from docvault.web.app import create_app
from tests.support.finish import complete
from tests.support.webarchive import (
    ADMIN,
    FIXTURES,
    NURSE,
    WebArchive,
)

# /healthz is the supervisor's liveness probe: it answers "ok" and nothing else.
PUBLIC_ROUTES = {
    ("/login", "GET"),
    ("/login", "POST"),
    ("/favicon.ico", "GET"),
    ("/healthz", "GET"),
}
PATH_VALUES = {
    "document_id": "1", "number": "1", "page_id": "1", "box": "100_100_500_500",
    "job": "database-backup", "message_id": "1",
}  # fmt: skip


@pytest.fixture
def app(archive: WebArchive) -> FastAPI:
    return create_app(archive.context)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, follow_redirects=False) as test_client:
        yield test_client


def csrf_of(client: TestClient, path: str = "/login") -> str:
    page = client.get(path)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert match, f"no CSRF field on {path}"
    return match.group(1)


def log_in(client: TestClient, user: tuple[str, str] = NURSE) -> str:
    """Log in through the form; returns the session's CSRF token."""
    token = csrf_of(client)
    answer = client.post(
        "/login", data={"name": user[0], "password": user[1], "csrf_token": token, "next": "/"}
    )
    assert answer.status_code == 303, answer.text
    return csrf_of(client, "/problems")


@pytest.fixture
def nurse(client: TestClient) -> str:
    return log_in(client)


# ----------------------------------------------------------------------------- the fence


def _concrete(path: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda match: PATH_VALUES[match.group(1)], path)


def test_the_health_probe_answers_without_login_and_shows_no_data(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.text == "ok\n"
    assert "set-cookie" not in answer.headers


def test_every_route_but_login_refuses_anonymous_visitors(app: FastAPI, client: TestClient) -> None:
    checked = []
    for route in iter_route_contexts(app.routes):
        if isinstance(route.original_route, Mount):
            assert route.path == "/static", f"unexpected mount {route.path}"
            continue
        assert route.path is not None, f"unexpected route {route!r}"
        assert route.methods, f"unexpected route {route!r}"
        for method in route.methods:
            if (route.path, method) in PUBLIC_ROUTES:
                continue
            answer = client.request(method, _concrete(route.path))
            if route.path.startswith("/api/") or route.path == "/metrics":
                assert answer.status_code == 401, (route.path, method, answer.status_code)
                assert answer.json()["error"] == "Not logged in"
            else:
                assert answer.status_code == 303, (route.path, method, answer.status_code)
                assert answer.headers["location"].startswith("/login?next=")
            checked.append((route.path, method))
    # The fence covers the data routes the issue names (a renamed route fails here too).
    for path in ("/", "/documents/{document_id}", "/pages/{page_id}/image.png", "/api/search"):
        assert any(checked_path == path for checked_path, _ in checked), path
    assert len(checked) >= 15


def test_a_document_page_needs_a_login_and_comes_back_after_it(
    client: TestClient, archive: WebArchive
) -> None:
    target = f"/documents/{archive.huck_finn}"
    refused = client.get(target)
    assert refused.headers["location"] == f"/login?next=%2Fdocuments%2F{archive.huck_finn}"
    token = csrf_of(client, refused.headers["location"])
    answer = client.post(
        "/login",
        data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token, "next": target},
    )
    assert answer.headers["location"] == target
    assert "We scrouched down" in client.get(target).text


def test_the_login_form_never_redirects_to_another_site(client: TestClient) -> None:
    token = csrf_of(client)
    for hostile in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        answer = client.post(
            "/login",
            data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token, "next": hostile},
        )
        assert answer.headers["location"] == "/"
        token = csrf_of(client)


def test_a_wrong_password_is_refused_and_recorded(client: TestClient, archive: WebArchive) -> None:
    token = csrf_of(client)
    answer = client.post(
        "/login", data={"name": "nurse", "password": "wrong password", "csrf_token": token}
    )
    assert answer.status_code == 401
    assert "The user name or the password is wrong." in answer.text
    assert client.get("/").status_code == 303
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse", "login failed"), 0, 10)
    assert len(events) == 1


def test_repeated_failures_lock_the_name_even_for_the_right_password(client: TestClient) -> None:
    token = csrf_of(client)
    for _ in range(auth.FAILURES_PER_NAME):
        wrong = {"name": "nurse", "password": "guess guess guess", "csrf_token": token}
        assert client.post("/login", data=wrong).status_code == 401
    right = {"name": NURSE[0], "password": NURSE[1], "csrf_token": token}
    answer = client.post("/login", data=right)
    assert answer.status_code == 429
    assert "Too many failed logins: try again in 15 minute(s)" in answer.text


def test_a_new_password_lifts_the_lock_and_ends_old_sessions(
    client: TestClient, archive: WebArchive
) -> None:
    log_in(client)
    auth.set_password(archive.database, "nurse", "a brand new passphrase")
    assert client.get("/").status_code == 303
    log_in(client, ("nurse", "a brand new passphrase"))
    assert client.get("/").status_code == 200


def test_the_session_cookie_is_signed_httponly_and_samesite(archive: WebArchive) -> None:
    for https in (False, True):
        app = create_app(replace(archive.context, https=https))
        base = "https://testserver" if https else "http://testserver"
        with TestClient(app, base_url=base, follow_redirects=False) as client:
            token = csrf_of(client)
            answer = client.post(
                "/login", data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token}
            )
            cookie = answer.headers["set-cookie"]
            assert "docvault_session=" in cookie
            assert "httponly" in cookie.lower()
            assert "samesite=lax" in cookie.lower()
            assert ("secure" in cookie.lower()) is https


def test_a_forged_cookie_is_not_a_login(client: TestClient) -> None:
    client.cookies.set("docvault_session", "eyJ1c2VyX2lkIjogMX0=.forged.signature")
    assert client.get("/").status_code == 303


def test_logout_ends_the_session(client: TestClient, nurse: str) -> None:
    assert client.post("/logout", data={"csrf_token": nurse}).status_code == 303
    assert client.get("/").status_code == 303


# ----------------------------------------------------------------------------- CSRF and headers


def test_posts_without_the_csrf_token_are_refused(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.multi_page, 2)
    for data in ({"page_id": str(page_id), "mode": "penalty"}, {"csrf_token": "forged"}):
        answer = client.post("/rerun", data={**data, "page_id": str(page_id), "mode": "greedy"})
        assert answer.status_code == 403
        assert "Reload the page and try again" in answer.text
    assert client.post("/logout").status_code == 403
    answer = client.post("/api/rerun", json={"page_ids": [page_id], "mode": "greedy"})
    assert answer.status_code == 403
    assert queries.page_states(archive.database, [page_id]) == {page_id: PageStatus.looped}


def test_the_login_form_needs_its_csrf_token(client: TestClient) -> None:
    client.get("/login")
    answer = client.post("/login", data={"name": NURSE[0], "password": NURSE[1]})
    assert answer.status_code == 403
    assert client.get("/").status_code == 303


def test_every_page_has_the_security_headers_and_no_inline_script(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    pages = [
        "/login", "/", "/?q=scrouched", f"/documents/{archive.huck_finn}",
        f"/documents/{archive.xss}", "/problems", "/status", "/documents/999",
    ]  # fmt: skip
    for path in pages:
        answer = client.get(path)
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["cache-control"] == "no-store"
        for script in re.findall(r"<script[^>]*>", answer.text):
            assert 'src="/static/' in script, (path, script)
        assert not re.search(r"<[^>]+\son\w+\s*=", answer.text), path
        assert "style=" not in answer.text, path


# ----------------------------------------------------------------------------- search


def test_search_groups_hits_by_document_with_highlights_count_and_time(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    answer = client.get("/", params={"q": "scrouched"})
    assert answer.status_code == 200
    assert "1 document(s), 1 page(s)" in answer.text
    assert re.search(r"in \d+\.\d\d s", answer.text)
    assert "<mark>scrouched</mark>" in answer.text
    # The hit opens its page and carries the search along (marks, the way back).
    assert f'href="/documents/{archive.huck_finn}?page=1&amp;search=q%3Dscrouched"' in answer.text
    assert "ocrmypdf__c02-22.pdf" in answer.text


def test_search_filters_narrow_by_inbox_tag_and_date(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    def documents(**params: str) -> set[str]:
        text = client.get("/", params=params).text
        return set(re.findall(r'data-document-id="(\d+)"', text))

    assert documents(q="scrouched", inbox="fax") == {str(archive.huck_finn)}
    assert documents(q="scrouched", inbox="scans") == set()
    assert documents(q="multi", inbox="scans") == {str(archive.multi_page)}
    assert documents(q="metoprolol", tag="lab") == {str(archive.xss)}
    assert documents(q="metoprolol", tag="letters") == set()
    assert documents(q="scrouched", date_from="2000-01-01") == {str(archive.huck_finn)}
    assert documents(q="scrouched", date_to="2000-01-01") == set()
    # Without words a filter narrows the arrivals list, which has the refused file too.
    fax = {str(archive.huck_finn), str(archive.xss), str(archive.failed_document)}
    assert documents(inbox="fax") == fax


def test_a_query_that_cannot_be_understood_is_a_page_with_a_title(
    client: TestClient, nurse: str
) -> None:
    answer = client.get("/", params={"q": "received:2025-13"})
    assert answer.status_code == 400
    assert "The search could not be understood" in answer.text
    bad_date = client.get("/", params={"q": "x", "date_from": "yesterday"})
    assert bad_date.status_code == 400
    assert "write it as DD.MM.YYYY (or YYYY-MM-DD)" in bad_date.text
    # A day typed as every page shows one (issue 48): the filter takes it.
    typed = client.get("/", params={"q": "scrouched", "date_from": "01.01.2000"})
    assert typed.status_code == 200
    assert 'value="01.01.2000" placeholder="DD.MM.YYYY"' in typed.text
    assert client.get("/", params={"q": "x", "date_from": "31.02.2026"}).status_code == 400


# ----------------------------------------------------------------------------- documents


def test_the_document_page_shows_the_image_beside_the_text_with_page_navigation(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.multi_page, 2)
    answer = client.get(f"/documents/{archive.multi_page}", params={"page": 2})
    assert f'<img src="/pages/{page_id}/image.png"' in answer.text
    assert "This is a multi page document. Page 2." in answer.text
    assert 'href="?page=1" rel="prev"' in answer.text
    assert 'href="?page=3" rel="next"' in answer.text
    assert f"/documents/{archive.multi_page}/pages/2/text" in answer.text
    beyond = client.get(f"/documents/{archive.multi_page}", params={"page": 99})
    assert "Page 3:" in beyond.text
    assert 'rel="next"' not in beyond.text


def test_markdown_tables_and_formulas_are_shown_as_such(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    table = client.get(f"/documents/{archive.multi_page}", params={"page": 1}).text
    assert "<th>test</th>" in table
    assert "<td>140</td>" in table
    formula = client.get(f"/documents/{archive.xss}").text
    assert '<span class="math inline">K^+ = 4.1</span>' in formula


def test_page_text_from_ocr_cannot_run_script(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    answer = client.get(f"/documents/{archive.xss}")
    body = answer.text.split('class="markdown">', 1)[1].split("</article>", 1)[0]
    assert "<table>" in body
    assert "<td>Metoprolol</td>" in body
    for forbidden in ("<script", "onerror", "onclick", "onmouseover", 'href="javascript',
                      "<iframe", "<style", 'src="x"'):  # fmt: skip
        assert forbidden not in body.lower(), forbidden
    assert "[click me](javascript:" in body  # shown as the text it is, not as a link


def test_the_page_image_is_rendered_once_and_then_served_from_the_cache(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    first = client.get(f"/pages/{page_id}/image.png")
    second = client.get(f"/pages/{page_id}/image.png")
    assert first.status_code == second.status_code == 200
    assert first.headers["content-type"] == "image/png"
    assert first.content == second.content
    assert len(archive.renders) == 1
    (cached,) = (archive.data_dir / "cache").rglob("*.png")
    assert cached.read_bytes() == first.content
    with Image.open(cached) as image:
        assert image.size == (800, 981)  # 150 dpi, as the MANIFEST measured


def test_figure_stubs_become_crops_of_the_page_image(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    text = client.get(f"/documents/{archive.huck_finn}").text
    assert f'<img src="/pages/{page_id}/figures/20_90_480_880.jpg">' in text
    crop = client.get(f"/pages/{page_id}/figures/20_90_480_880.jpg")
    assert crop.headers["content-type"] == "image/jpeg"
    with Image.open(BytesIO(crop.content)) as image:
        assert image.size == (
            800 * 480 // 1000 - 800 * 20 // 1000,
            981 * 880 // 1000 - 981 * 90 // 1000,
        )
    inverted = client.get(f"/pages/{page_id}/figures/500_40_100_430.jpg")
    assert inverted.status_code == 400
    assert "is not a box inside the page" in inverted.text


def test_raw_text_and_the_original_download(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    raw = client.get(f"/documents/{archive.xss}/pages/1/text")
    assert raw.headers["content-type"].startswith("text/plain")
    assert '<script>window.alert("script ran")</script>' in raw.text
    download = client.get(f"/documents/{archive.huck_finn}/original")
    assert download.content == (FIXTURES / "ocrmypdf__c02-22.pdf").read_bytes()
    assert download.headers["content-disposition"] == (
        'attachment; filename="ocrmypdf__c02-22.pdf"'
    )


def test_the_attempts_of_a_page_are_for_administrators_and_staff_read_plain_words(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    """Issue 48: "frequency_penalty 0.0 · max_tokens None", "Tokens in / out" and the re-run
    modes' names were on every staff member's document page."""
    text = client.get(f"/documents/{archive.multi_page}", params={"page": 2}).text
    assert "Read 2 time(s); the last reading: the reading repeated itself" in text
    shown = re.sub(r"<[^>]+>", " ", text)  # what the page shows, not its form values
    for jargon in ("Tokens in / out", "frequency_penalty", "max_tokens", "penalty", "greedy"):
        assert jargon not in shown
    # No way of reading to choose (that is an administrator's): the looped page's own way,
    # against repeats, goes with the staff's "Read this page again".
    assert '<select name="mode">' not in text
    assert '<input type="hidden" name="mode" value="penalty">' in text
    problems = client.get("/problems").text
    assert '<select name="mode' not in problems
    looped, failed = (archive.page_id(archive.multi_page, number) for number in (2, 3))
    assert f'<input type="hidden" name="mode_{looped}" value="penalty">' in problems
    assert f'<input type="hidden" name="mode_{failed}" value="greedy">' in problems
    client.post("/logout", data={"csrf_token": nurse})
    log_in(client, ADMIN)
    text = client.get(f"/documents/{archive.multi_page}", params={"page": 2}).text
    table = text.split("Engine details of each attempt (administrators)", 1)[1]
    assert table.count("<td>engine-sim</td>") == 2
    assert "frequency_penalty 0.3" in table
    assert "<td>penalty · frequency_penalty 0.3" in table
    assert "<td>length</td>" in table
    assert "2300 / 4096" in table
    assert table.count(">looped</span>") == 2


def test_a_missing_document_is_a_not_found_page(client: TestClient, nurse: str) -> None:
    answer = client.get("/documents/999")
    assert answer.status_code == 404
    assert "<h1>Not found</h1>" in answer.text
    assert "There is no document 999 in the archive." in answer.text
    api = client.get("/api/documents/999")
    assert api.status_code == 404
    assert api.json() == {
        "error": "Not found",
        "message": "There is no document 999 in the archive.",
    }


def test_an_unexpected_error_is_a_plain_page_and_a_logged_traceback(
    archive: WebArchive, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(path: Path, number: int, rotation: int) -> bytes:
        raise RuntimeError("render pool gone")

    app = create_app(replace(archive.context, render_png=broken))
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as client:
        log_in(client)
        answer = client.get(f"/pages/{archive.page_id(archive.huck_finn, 1)}/image.png")
    assert answer.status_code == 500
    assert "<h1>Something went wrong</h1>" in answer.text
    assert "render pool gone" not in answer.text
    assert answer.headers["x-frame-options"] == "DENY"
    logged = [record for record in caplog.records if record.name == "docvault.web.app"]
    assert logged
    assert logged[0].exc_info is not None
    assert "render pool gone" in str(logged[0].exc_info[1])


# ----------------------------------------------------------------------------- problems, re-run


def test_the_problems_page_lists_looped_and_failed_pages_and_refused_files(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    text = client.get("/problems").text
    looped = archive.page_id(archive.multi_page, 2)
    failed = archive.page_id(archive.multi_page, 3)
    assert f'data-page-id="{looped}"' in text
    assert f'data-page-id="{failed}"' in text
    assert (
        "The text still repeated itself after the penalty retry (repeating &#39;1111 &#39;)" in text
    )
    assert "the engine refused the request (400 image too small)" in text
    assert "ocrmypdf__invalid.pdf is not a PDF that can be opened" in text
    document = queries.document(archive.database, archive.failed_document)
    assert document is not None
    # Where the original lies on the server is for administrators (issue 13).
    assert str(archive.data_dir / document.archive_path) not in text
    only_failed = client.get("/problems", params={"status": "failed"}).text
    assert f'data-page-id="{looped}"' not in only_failed
    other_inbox = client.get("/problems", params={"inbox": "fax"}).text
    assert f'data-page-id="{failed}"' not in other_inbox


@pytest.mark.parametrize("mode", list(SamplingMode))
def test_rerunning_one_page_queues_it_first_with_the_chosen_mode(
    client: TestClient, nurse: str, archive: WebArchive, mode: SamplingMode
) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    other = archive.page_id(archive.multi_page, 3)
    answer = client.post(
        "/rerun",
        data={"csrf_token": nurse, "only": str(looped), f"mode_{looped}": mode.value,
              f"mode_{other}": "uncapped", "page_id": str(other), "next": "/problems"},
    )  # fmt: skip
    assert answer.status_code == 303
    assert answer.headers["location"] == "/problems"
    assert queries.page_states(archive.database, [looped, other]) == {
        looped: PageStatus.queued,
        other: PageStatus.failed,
    }
    add_queued_page(archive)
    claimed = records.claim(archive.database, "worker", limit=1, lease_seconds=60)
    assert [(page.page_id, page.mode) for page in claimed] == [(looped, mode)]


def add_queued_page(archive: WebArchive) -> None:
    """New work waiting in the queue, which a re-run must overtake."""
    from tests.support.webarchive import add_document

    add_document(archive.database, archive.data_dir, "ocrmypdf__typewriter.png", "scans")


def test_rerunning_a_selection_queues_each_ticked_page(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    pages = [archive.page_id(archive.multi_page, number) for number in (2, 3)]
    answer = client.post(
        "/rerun",
        data={"csrf_token": nurse, "page_id": [str(page) for page in pages], "mode": "uncapped"},
    )
    assert answer.status_code == 303
    claimed = records.claim(archive.database, "worker", limit=5, lease_seconds=60)
    assert {(page.page_id, page.mode) for page in claimed} == {
        (page, SamplingMode.uncapped) for page in pages
    }
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse", "rerun"), 0, 10)
    assert events[0].detail == f"pages {pages[0]}, {pages[1]} with uncapped: 2 queued"


def test_a_rerun_with_an_unknown_mode_or_no_page_is_refused(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    bad_mode = client.post("/rerun", data={"csrf_token": nurse, "page_id": str(looped),
                                           "mode": "hot"})  # fmt: skip
    assert bad_mode.status_code == 400
    assert "Re-run mode &#39;hot&#39; is not one of greedy, penalty, uncapped." in bad_mode.text
    nothing = client.post("/rerun", data={"csrf_token": nurse, "mode": "greedy"})
    assert nothing.status_code == 400
    assert "Tick at least one page" in nothing.text
    assert queries.page_states(archive.database, [looped]) == {looped: PageStatus.looped}


def test_the_json_rerun_and_the_state_poll_follow_the_page(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    answer = client.post(
        "/api/rerun",
        json={"page_ids": [looped], "mode": "penalty"},
        headers={"X-CSRF-Token": nurse},
    )
    assert answer.json() == {
        "queued": 1, "mode": "penalty", "pages": [{"page_id": looped, "status": "queued"}]
    }  # fmt: skip
    [claimed] = records.claim(archive.database, "worker", limit=1, lease_seconds=60)
    complete(archive.database, claimed.page_id, "worker", "Page 2, read cleanly.", False, [])
    states = client.get("/api/pages/states", params={"ids": f"{looped}"}).json()
    assert states == {"pages": [{"page_id": looped, "status": "done"}]}


# ----------------------------------------------------------------------------- status, audit


def _as_if_read_just_now(archive: WebArchive) -> None:
    """The template archive is built once per session, which may run longer than the
    status page's windows (5 minutes, an hour): date its work to now."""
    with Session(archive.database) as session:
        now = utcnow()
        session.exec(update(Page).where(col(Page.finished_at).is_not(None)).values(finished_at=now))
        session.exec(update(Attempt).values(created_at=now))
        session.commit()


def test_the_status_page_shows_inboxes_engines_queue_index_and_disk(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    _as_if_read_just_now(archive)
    text = client.get("/status").text
    fax_row = text.split("<td>fax", 1)[1].split("</tr>", 1)[0]
    # waiting 2, settling 1 from the service; 1 document done, 1 refused in the database
    assert re.findall(r"<td>(\d+)</td>", fax_row) == ["2", "1", "0", "2", "0", "1"]
    assert 'state-engine-up">up</span>' in text
    assert "40.0 %" in text  # two looped attempts of five in the last hour
    assert "engine-sim" not in text  # which engine reads is an administrator's to see
    assert "<td>reading engine</td>" in text
    assert 'data-refresh-seconds="10"' in text
    numbers = client.get("/api/status").json()
    assert numbers["index"] == {
        "documents": 3,
        "pages": 4,
        "outbox": 0,
        "rebuilding": False,
        "left_out": 0,
        "problems": [],
    }
    assert numbers["queue"]["queued"] == 0
    assert numbers["throughput"]["pages_per_minute_5m"] == 0.8  # 4 pages in 5 minutes
    assert numbers["disk"]["free_bytes"] > 0
    assert numbers["engines"][0]["loop_rate"] == pytest.approx(2 / 5)
    assert numbers["engines"][0]["state"] == "up"  # the enum's word, as before it was one


def test_the_audit_log_records_who_did_what_and_only_admins_see_it(
    client: TestClient, archive: WebArchive
) -> None:
    nurse = log_in(client)
    client.get("/", params={"q": "scrouched"})
    client.get(f"/documents/{archive.huck_finn}")
    client.get(f"/documents/{archive.huck_finn}/original")
    refused = client.get("/audit")
    assert refused.status_code == 403
    assert "Only administrators may see this page" in refused.text
    client.post("/logout", data={"csrf_token": nurse})
    log_in(client, ADMIN)
    text = client.get("/audit", params={"user": "nurse"}).text
    for action in ("login", "search", "view", "download", "logout"):
        assert f"<td>{action}</td>" in text, action
    assert "scrouched" in text
    assert f"document {archive.huck_finn} page 1" in text


# ----------------------------------------------------------------------------- API tokens


def test_scripts_use_a_bearer_token_without_csrf(client: TestClient, archive: WebArchive) -> None:
    token = auth.create_token(
        archive.database, "nurse", "nightly export", scope=auth.TokenScope.rerun
    )
    headers = {"Authorization": f"Bearer {token}"}
    hits = client.get("/api/search", params={"q": "scrouched"}, headers=headers).json()
    assert [(hit["document_id"], hit["page"]) for hit in hits["hits"]] == [(archive.huck_finn, 1)]
    page = client.get(f"/api/documents/{archive.xss}/pages/1", headers=headers).json()
    assert page["text"].startswith("Referral letter <script>")
    assert page["attempts"][0]["verdict"] == "clean"
    document = client.get(f"/api/documents/{archive.multi_page}", headers=headers).json()
    assert [page["status"] for page in document["pages"]] == ["done", "looped", "failed"]
    looped = archive.page_id(archive.multi_page, 2)
    rerun = client.post("/api/rerun", json={"page_ids": [looped], "mode": "uncapped"},
                        headers=headers)  # fmt: skip
    assert rerun.json()["queued"] == 1
    [token_info] = auth.list_tokens(archive.database)
    auth.revoke_token(archive.database, token_info.id)
    revoked = client.get("/api/status", headers=headers)
    assert revoked.status_code == 401
    assert (
        revoked.json()["message"]
        == "The API token is unknown, revoked or expired; create a new one."
    )


def test_metrics_need_a_token_and_speak_prometheus(client: TestClient, archive: WebArchive) -> None:
    refused = client.get("/metrics", follow_redirects=False)
    assert refused.status_code == 401  # a script gets a status it can report, not a login page
    assert refused.json()["error"] == "Not logged in"
    token = auth.create_token(
        archive.database, "nurse", "prometheus", scope=auth.TokenScope.metrics
    )
    scraped = client.get("/metrics", headers={"Authorization": f"Bearer {token}"})
    assert scraped.status_code == 200
    # The metrics token reads nothing else, and re-runs nothing.
    metrics_only = {"Authorization": f"Bearer {token}"}
    assert (
        client.get(f"/api/documents/{archive.huck_finn}", headers=metrics_only).status_code == 403
    )
    assert client.get("/api/search", params={"q": "widow"}, headers=metrics_only).status_code == 403
    looped = archive.page_id(archive.multi_page, 2)
    rerun = client.post("/api/rerun", json={"page_ids": [looped]}, headers=metrics_only)
    assert rerun.status_code == 403
    assert scraped.headers["content-type"].startswith("text/plain")
    assert 'docvault_queue_pages{state="queued"}' in scraped.text
    assert "docvault_pages_finished{" in scraped.text
    assert "docvault_archive_bytes" in scraped.text


def test_rotate_and_read_again_turns_the_page_queues_it_and_shows_it_turned(
    client: TestClient, archive: WebArchive
) -> None:
    # The page was read cleanly: turning it is an administrator's, as re-running it is.
    admin = log_in(client, ADMIN)
    document_id = archive.huck_finn
    page_id = archive.page_id(document_id, 1)
    viewer = client.get(f"/documents/{document_id}").text
    assert 'data-rotation="0"' in viewer
    upright = client.get(f"/pages/{page_id}/image.png")
    with Image.open(BytesIO(upright.content)) as image:
        assert image.size == (800, 981)

    answer = client.post(
        f"/pages/{page_id}/rotate",
        data={"csrf_token": admin, "turn": "90", "next": f"/documents/{document_id}"},
    )
    assert answer.status_code == 303
    assert queries.page_states(archive.database, [page_id]) == {page_id: PageStatus.queued}
    add_queued_page(archive)
    claimed = records.claim(archive.database, "worker", limit=1, lease_seconds=60)
    # First in the queue, and the worker is told to turn it by the person's angle.
    assert [(page.page_id, page.rotation) for page in claimed] == [(page_id, 90)]
    viewer = client.get(f"/documents/{document_id}").text
    assert 'data-rotation="90"' in viewer
    assert "set by a person" in viewer
    turned = client.get(f"/pages/{page_id}/image.png")
    with Image.open(BytesIO(turned.content)) as image:
        assert image.size == (981, 800)  # the image is shown as it was read
    location = queries.page_location(archive.database, page_id)
    assert location is not None
    settings = f"{archive.context.render_settings}; turned 90"
    cached = derived.page_image_path(archive.data_dir, location.sha256, 1, settings)
    assert cached.read_bytes() == turned.content  # cached apart from the upright image
    events, _ = queries.audit_events(archive.database, AuditFilter("admin", "rotate"), 0, 10)
    assert events[0].detail == f"page {page_id} turned 90° (now 90°), queued"

    refused = client.post(f"/pages/{page_id}/rotate", data={"csrf_token": admin, "turn": "45"})
    assert refused.status_code == 400
    no_token = client.post(f"/pages/{page_id}/rotate", data={"turn": "90"})
    assert no_token.status_code == 403


def test_only_an_admin_may_unlock_and_a_missing_password_is_refused(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    document_id = archive.failed_document
    problems = client.get("/problems").text
    assert "Unlock and read" not in problems  # the nurse is no admin
    refused = client.post(
        f"/documents/{document_id}/unlock", data={"csrf_token": nurse, "password": "x"}
    )
    assert refused.status_code == 403


def test_unlocking_a_document_that_is_not_protected_says_so(
    app: FastAPI, archive: WebArchive
) -> None:
    with TestClient(app, follow_redirects=False) as client:
        token = log_in(client, ADMIN)
        empty = client.post(
            f"/documents/{archive.failed_document}/unlock", data={"csrf_token": token}
        )
        assert empty.status_code == 400
        assert (
            "Type the PDF&#39;s password" in empty.text or "Type the PDF's password" in empty.text
        )
        answer = client.post(
            f"/documents/{archive.huck_finn}/unlock",
            data={"csrf_token": token, "password": "whatever"},
        )
    assert answer.status_code == 400
    assert "is not a password-protected PDF waiting to be unlocked" in answer.text
