"""Issue 18: the home page lists arrivals; thumbnails; the viewer opened from a search.

Everything over a real uvicorn on loopback with httpx, as a browser or a script reaches it.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from io import BytesIO

import httpx
import pytest
from PIL import Image
from sqlalchemy import Engine
from sqlmodel import delete

from docvault import db, derived
from docvault.audit import AuditFilter
from docvault.models import AuditEvent
from docvault.search.marking import WordMarker, whoosh_analysis
from docvault.search.schema import text_analyzer
from docvault.web import images, queries
from docvault.web.context import PER_PAGE
from docvault.web.highlight import mark_words
from tests.support.webarchive import ADMIN, NURSE, WebArchive, record_arrivals, set_received

ROW = re.compile(r'<tr data-document-id="(\d+)"')


@pytest.fixture
def anonymous(site: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site, follow_redirects=False, timeout=30) as client:
        yield client


def _logged_in(client: httpx.Client, user: tuple[str, str]) -> httpx.Client:
    form = client.get("/login").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token
    answer = client.post(
        "/login",
        data={"name": user[0], "password": user[1], "csrf_token": token.group(1), "next": "/"},
    )
    assert answer.status_code == 303, answer.text
    return client


@pytest.fixture
def nurse(anonymous: httpx.Client) -> httpx.Client:
    return _logged_in(anonymous, NURSE)


@pytest.fixture
def admin(anonymous: httpx.Client) -> httpx.Client:
    """Turning a page read cleanly is an administrator's (issue 25), as re-running it is."""
    return _logged_in(anonymous, ADMIN)


def listed(client: httpx.Client, **params: str) -> list[int]:
    answer = client.get("/", params=params)
    assert answer.status_code == 200, answer.text
    return [int(found) for found in ROW.findall(answer.text)]


def events(archive: WebArchive, action: str) -> list[tuple[int | None, int | None, str]]:
    found, _ = queries.audit_events(archive.database, AuditFilter("nurse", action), 0, 100)
    return [(event.document_id, event.page_number, event.detail) for event in found]


# ----------------------------------------------------------------------------- the list


def test_the_home_page_lists_arrivals_newest_first_with_what_staff_look_for(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    set_received(archive, archive.huck_finn, datetime(2026, 12, 1, 7, 55, tzinfo=UTC))
    set_received(archive, archive.multi_page, datetime(2026, 12, 1, 6, 30, tzinfo=UTC))
    set_received(archive, archive.xss, datetime(2026, 11, 30, 22, 10, tzinfo=UTC))
    set_received(archive, archive.failed_document, datetime(2026, 12, 1, 7, 0, tzinfo=UTC))
    answer = nurse.get("/")
    assert answer.status_code == 200
    page = answer.text
    assert 'type="search" name="q"' in page  # the search box stays on top
    assert page.index('name="q"') < page.index('class="arrivals"')
    assert [int(found) for found in ROW.findall(page)] == [
        archive.huck_finn, archive.failed_document, archive.multi_page, archive.xss,
    ]  # fmt: skip
    row = page.split(f'<tr data-document-id="{archive.multi_page}"', 1)[1].split("</tr>", 1)[0]
    first_page = archive.page_id(archive.multi_page, 1)
    assert f'<img src="/pages/{first_page}/thumbnail.jpg" loading="lazy"' in row
    assert "paperless__multi-page-digital.pdf" in row
    assert "scans · 3 page(s)" in row  # below the letter: where it came from
    assert 'class="state state-attention">attention<' in row
    assert "01.12.2026 07:30" in row  # 06:30 UTC in the clinic's zone (Europe/Berlin)
    assert "UTC" not in row
    refused = page.split(f'<tr data-document-id="{archive.failed_document}"', 1)[1]
    assert "no page" in refused.split("</tr>", 1)[0]  # a refused file has no page to show
    # The looped/failed letter and the refused file need a person: counted, linked.
    assert '<a href="/problems">2 document(s) need attention</a>' in page
    assert "4 document(s), newest first" in page
    # The list names letters: it is a look, recorded with its filters.
    # ... and the documents it showed (issue 25).
    shown = f"{archive.huck_finn}, {archive.failed_document}, {archive.multi_page}, {archive.xss}"
    assert events(archive, "view arrivals") == [(None, None, f"-> documents {shown}")]


def test_the_filters_narrow_the_list_by_inbox_tag_status_and_received_days(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    # 23:59 on 5 January and midnight on the 6th in the clinic's zone (Europe/Berlin, UTC+1).
    set_received(archive, archive.huck_finn, datetime(2026, 1, 5, 22, 59, tzinfo=UTC))
    set_received(archive, archive.xss, datetime(2026, 1, 5, 23, 0, tzinfo=UTC))
    assert set(listed(nurse, inbox="scans")) == {archive.multi_page}
    assert set(listed(nurse, inbox="fax")) == {
        archive.huck_finn, archive.xss, archive.failed_document,
    }  # fmt: skip
    assert listed(nurse, tag="lab") == [archive.xss]
    assert listed(nurse, tag="la") == []  # a whole tag, never a part of one
    assert listed(nurse, status="failed") == [archive.failed_document]
    assert listed(nurse, status="attention") == [archive.multi_page]
    assert listed(nurse, status="looped") == [archive.multi_page]  # the search's word for it
    assert set(listed(nurse, status="done")) == {archive.huck_finn, archive.xss}
    # Whole days in the clinic's zone, both ends included.
    assert listed(nurse, date_from="2026-01-05", date_to="2026-01-05") == [archive.huck_finn]
    assert listed(nurse, date_from="2026-01-06", date_to="2026-01-06") == [archive.xss]
    assert listed(nurse, date_from="2026-01-01", date_to="2026-01-31") == [
        archive.xss, archive.huck_finn,
    ]  # fmt: skip
    assert listed(nurse, inbox="fax", status="done", date_to="2026-01-05") == [archive.huck_finn]
    answer = nurse.get("/", params={"inbox": "nowhere"})
    assert "No document matches these filters." in answer.text
    assert events(archive, "view arrivals")[0] == (None, None, "inbox=nowhere -> documents none")


def test_the_list_is_paged_twenty_at_a_time_and_a_page_beyond_shows_the_last(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    originals = (archive.huck_finn, archive.multi_page, archive.xss, archive.failed_document)
    for document_id in originals:
        set_received(archive, document_id, datetime(2026, 10, 1, tzinfo=UTC))
    added = record_arrivals(archive, 25)
    everything = len(added) + len(originals)
    first = nurse.get("/").text
    assert f"{everything} document(s), newest first" in first
    assert "page 1 of 2" in first
    assert 'href="?page=2" rel="next">older »' in first
    page_one, page_two = listed(nurse), listed(nurse, page="2")
    assert len(page_one) == PER_PAGE
    assert page_one[:3] == added[::-1][:3]  # the newest scans first
    assert len(page_two) == everything - PER_PAGE
    assert set(page_one) | set(page_two) == {*added, *originals}
    # Equal times (the four originals) keep one order: the newer id first.
    assert page_two[-4:] == sorted(originals, reverse=True)
    assert listed(nurse, page="999999") == page_two
    # The filters stay on as one pages through them.
    scans = nurse.get("/", params={"inbox": "scans"}).text
    assert 'href="?inbox=scans&amp;page=2" rel="next"' in scans


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"date_from": "yesterday"}, "The from date &#39;yesterday&#39; is not a date; write it"),
        ({"date_to": "2026-02-30"}, "The to date &#39;2026-02-30&#39; is not a date"),
        ({"date_from": "2026-03-05", "date_to": "2026-03-01"}, "is after the to date 2026-03-01"),
        ({"status": "lost"}, "The status &#39;lost&#39; is not one of processing, done,"),
        ({"inbox": "x" * 5000}, "The inbox filter is 5,000 characters; at most 200"),
        ({"tag": "y" * 201}, "The tag filter is 201 characters"),
        ({"page": "0"}, "Please check: page"),
        ({"page": str(2**63)}, "Please check: page"),
    ],
)
def test_a_wrong_filter_is_a_clear_message_not_an_error(
    nurse: httpx.Client, params: dict[str, str], message: str
) -> None:
    answer = nurse.get("/", params=params)
    assert answer.status_code == 400
    assert message in answer.text
    assert "Traceback" not in answer.text


def test_a_search_replaces_the_list_with_results(nurse: httpx.Client, archive: WebArchive) -> None:
    answer = nurse.get("/", params={"q": "scrouched"}).text
    assert 'class="arrivals"' not in answer
    assert "1 document(s), 1 page(s)" in answer
    # The results carry their search to the viewer: the filters set and the results page,
    # not the empty and default fields a form sends.
    form = {"q": "multi", "inbox": "scans", "tag": "", "date_field": "received", "page": "1"}
    filtered = nurse.get("/", params=form).text
    carried = "search=q%3Dmulti%26inbox%3Dscans"
    assert f'href="/documents/{archive.multi_page}?{carried}"' in filtered
    # The letter's own date is known to the index only: that filter is a search too.
    dated = nurse.get("/", params={"date_field": "date", "date_from": "1990-01-01"}).text
    assert 'class="arrivals"' not in dated
    assert "document(s)" in dated


def test_the_list_and_thumbnails_need_a_login(anonymous: httpx.Client, archive: WebArchive) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    for path in ("/", "/?inbox=fax", f"/pages/{page_id}/thumbnail.jpg"):
        answer = anonymous.get(path)
        assert answer.status_code == 303, path
        assert answer.headers["location"].startswith("/login?next=")
    assert archive.renders == []
    assert not (archive.data_dir / "cache").exists() or not list(
        (archive.data_dir / "cache").rglob("*.jpg")
    )


# ----------------------------------------------------------------------------- thumbnails


def test_a_thumbnail_is_made_once_keyed_by_content_and_every_look_recorded(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    first = nurse.get(f"/pages/{page_id}/thumbnail.jpg")
    second = nurse.get(f"/pages/{page_id}/thumbnail.jpg")
    assert first.status_code == second.status_code == 200
    assert first.headers["content-type"] == "image/jpeg"
    assert first.content == second.content
    assert len(archive.renders) == 1  # rendered once; the second came from the cache
    with Image.open(BytesIO(first.content)) as thumbnail:
        assert thumbnail.format == "JPEG"
        assert thumbnail.size == (130, 160)  # the 800 x 981 page, shrunk into 160 x 160
    assert len(first.content) < 20_000
    location = queries.page_location(archive.database, page_id)
    assert location is not None
    cached = images.thumbnail_path(
        archive.data_dir, location.sha256, 1, archive.context.render_settings
    )
    assert cached.read_bytes() == first.content  # named by the original's sha256, not an id
    assert location.sha256 in cached.parts
    # The full page image it was made from is the viewer's: that is not rendered again.
    assert nurse.get(f"/pages/{page_id}/image.png").status_code == 200
    assert len(archive.renders) == 1
    # Deleting the original's derived files takes its thumbnails too.
    derived.remove_for_original(archive.data_dir, location.sha256)
    assert not cached.exists()
    # A look at a thumbnail is a look at the letter: recorded with document and page.
    assert events(archive, "view thumbnail") == [(archive.huck_finn, 1, "")]


def test_the_thumbnails_of_a_list_are_one_look_with_the_list_not_a_row_each(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    """Issue 48: every thumbnail was an audit row (442 rows in 30 minutes for one user)."""
    page = nurse.get("/")
    assert page.status_code == 200
    thumbnails = re.findall(r'src="(/pages/\d+/thumbnail\.jpg)"', page.text)
    assert len(thumbnails) >= 3
    for thumbnail in thumbnails:
        assert nurse.get(thumbnail).status_code == 200
    assert events(archive, "view thumbnail") == []  # the list's own row names them
    listed_row = events(archive, "view arrivals")
    assert len(listed_row) == 1
    assert str(archive.huck_finn) in listed_row[0][2]
    # A thumbnail no list showed is a look of its own, recorded once for its letter.
    with db.write_transaction(archive.database) as session:
        session.exec(delete(AuditEvent))  # type: ignore[call-overload]
    strip = archive.page_id(archive.multi_page, 2)
    for _ in range(3):
        assert nurse.get(f"/pages/{strip}/thumbnail.jpg").status_code == 200
    assert nurse.get(f"/pages/{archive.page_id(archive.multi_page, 3)}/thumbnail.jpg")
    assert events(archive, "view thumbnail") == [(archive.multi_page, 2, "")]


def test_a_page_turned_in_the_viewer_gets_its_own_thumbnail(
    admin: httpx.Client, archive: WebArchive
) -> None:
    page_id = archive.page_id(archive.huck_finn, 1)
    upright = admin.get(f"/pages/{page_id}/thumbnail.jpg")
    viewer = admin.get(f"/documents/{archive.huck_finn}").text
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', viewer)
    assert token
    rotate = f'<form class="rotate-form" method="post" action="/pages/{page_id}/rotate"'
    assert viewer.index(rotate) < viewer.index('<div class="viewer">')  # in the page tools
    turned = admin.post(
        f"/pages/{page_id}/rotate", data={"csrf_token": token.group(1), "turn": "90"}
    )
    assert turned.status_code == 303
    again = admin.get(f"/pages/{page_id}/thumbnail.jpg")
    with Image.open(BytesIO(upright.content)) as before:
        assert before.size == (130, 160)
    with Image.open(BytesIO(again.content)) as after:
        assert after.size == (160, 130)  # shown as it is read now, cached apart


def test_thumbnails_of_unknown_pages_are_not_found(nurse: httpx.Client) -> None:
    for page_id in ("999999", str(2**63)):
        answer = nurse.get(f"/pages/{page_id}/thumbnail.jpg")
        assert answer.status_code in (400, 404), page_id


# ----------------------------------------------------------------------------- the viewer


def test_from_a_search_the_best_page_opens_with_its_words_marked(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    results = nurse.get("/", params={"q": "1111"}).text
    link = re.search(rf'href="(/documents/{archive.multi_page}\?search=[^"]+)"', results)
    assert link, results
    assert link.group(1) == f"/documents/{archive.multi_page}?search=q%3D1111"
    viewer = nurse.get(link.group(1)).text
    assert "Page 2:" in viewer  # page 2 is where 1111 is, though page 1 comes first
    text = viewer.split('class="markdown">', 1)[1].split("</article>", 1)[0]
    assert text.count("<mark>1111</mark>") == 40
    assert '<a href="/?q=1111" class="back-to-results" data-key="Escape">' in viewer
    # Every page link carries the search along; the strip says where it matched.
    assert 'href="?page=1&amp;search=q%3D1111" rel="prev" data-key="ArrowLeft"' in viewer
    assert '<li class="matched"><a href="?page=2&amp;search=q%3D1111" aria-current="page"' in viewer
    assert '<input type="hidden" name="search" value="q=1111">' in viewer
    # Any page asked for by number opens, marked where the words stand on it.
    first = nurse.get(f"/documents/{archive.multi_page}", params={"page": "1", "search": "q=1111"})
    assert "Page 1:" in first.text
    assert "<mark>" not in first.text.split('class="markdown">', 1)[1]


def test_marks_follow_the_index_spelling_and_leave_tables_and_filters_whole(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    carried = "q=WATSON&inbox=fax&page=1"  # the results' own page number: the way back
    viewer = nurse.get(f"/documents/{archive.huck_finn}", params={"search": carried}).text
    assert "<p>Miss <mark>Watson</mark>'s big" in viewer
    assert viewer.count("<mark>") == 1
    assert 'href="/?q=WATSON&amp;inbox=fax&amp;page=1" class="back-to-results"' in viewer
    table = nurse.get(f"/documents/{archive.multi_page}", params={"search": "q=sodium"}).text.split(
        'class="markdown">', 1
    )[1]
    assert "<td><mark>sodium</mark></td>" in table
    metoprolol = nurse.get(f"/documents/{archive.xss}", params={"search": "q=metoprolol"}).text
    body = metoprolol.split('class="markdown">', 1)[1].split("</article>", 1)[0]
    assert "<td><mark>Metoprolol</mark></td>" in body
    assert "<script" not in body.lower()


def test_the_search_context_is_bounded_and_checked_like_a_search(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    path = f"/documents/{archive.huck_finn}"
    too_long = nurse.get(path, params={"search": "q=" + "a" * 5000})
    assert too_long.status_code == 400
    assert "at most 4,000 are carried along" in too_long.text
    bad = nurse.get(path, params={"search": "q=received:2025-13"})
    assert bad.status_code == 400
    assert "The search could not be understood" in bad.text
    # Unknown fields are dropped; without words it is no search at all.
    plain = nurse.get(path, params={"search": "next=https://elsewhere.example/&x=1"})
    assert plain.status_code == 200
    assert "back-to-results" not in plain.text


def test_mark_words_touches_text_only() -> None:
    analyzer = text_analyzer()
    safe = (
        '<p><a href="https://example.org/metoprolol" title="metoprolol">Metoprolol</a> '
        "&lt;b&gt; Müller &amp; muller</p>"
    )
    marker = WordMarker(frozenset({"metoprolol", "muller"}), whoosh_analysis(analyzer))
    marked = mark_words(safe, marker)
    assert marked == (
        '<p><a href="https://example.org/metoprolol" title="metoprolol"><mark>Metoprolol</mark>'
        "</a> &lt;b&gt; <mark>Müller</mark> &amp; <mark>muller</mark></p>"
    )
    assert mark_words(safe, WordMarker(frozenset(), whoosh_analysis(analyzer))) == safe


def test_a_letter_opened_from_a_search_shows_while_the_index_is_away(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    assert archive.index.is_open
    archive.index.close()
    archive.index._opened = None  # as after a damaged index was found, until the rebuild
    answer = nurse.get(f"/documents/{archive.huck_finn}", params={"search": "q=scrouched"})
    assert answer.status_code == 200
    assert "We scrouched down and laid still." in answer.text
    assert "The words of your search are not marked: The search index" in answer.text
    assert "docvault reindex" in answer.text
    assert "back-to-results" in answer.text


def test_the_live_counts_are_made_again_only_after_a_change(archive: WebArchive) -> None:
    """Issue 48: every open tab asks /api/live every few seconds; the counts are shared and
    made again only when a commit (of any connection or process) changed the database."""
    made: list[int] = []

    def counted(database: Engine) -> queries.LiveCounts:
        made.append(1)
        return queries.live_counts(database)

    lists = queries.LiveLists(seconds=0.0, count=counted)
    first = lists.counts(archive.database)
    for _ in range(5):
        assert lists.counts(archive.database) == first
    assert len(made) == 1  # nothing changed: no count made again
    added = record_arrivals(archive, 1)[0]
    after = lists.counts(archive.database)
    assert len(made) == 2
    assert after.latest_document == added
    assert after.todo == first.todo + 1
    # A commit by another program (here the sqlite3 module, not docvault's engine) counts too.
    path = archive.database.url.database
    assert path is not None
    with sqlite3.connect(path) as other:
        other.execute("UPDATE documents SET handled_at = '2026-11-01 10:00:00' WHERE id = ?",
                      (added,))  # fmt: skip
    assert lists.counts(archive.database).todo == first.todo
