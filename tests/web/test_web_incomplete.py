"""What staff see of an incomplete page (issue 26), and text shown as it was read.

The page is a scanned letter whose echocardiogram line the engine lost, completed through
`records.complete_many` with a coverage report naming that line's box.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from PIL import Image
from sqlalchemy import update
from sqlmodel import col

from docvault import db, records
from docvault.models import Page
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import CoverageReport, PageStatus, SuspectRegion, TextFormat
from docvault.web import queries
from docvault.web.app import create_app
from tests.support.lostline import (
    LINES,
    LOST,
    LOST_REASON,
    LostLineLetter,
    cpu_attempt,
    ink_share,
    record_lost_line_page,
    write_letter,
)
from tests.support.webarchive import WebArchive, add_document
from tests.web.test_web import log_in


@dataclass(frozen=True)
class LostLine:
    letter: LostLineLetter
    document_id: int
    page_id: int


@pytest.fixture
def lost(archive: WebArchive, tmp_path: Path) -> LostLine:
    folder = tmp_path / "scans"
    folder.mkdir()
    letter = write_letter(folder)
    document_id, page_id = record_lost_line_page(archive.database, archive.data_dir, letter)
    archive.reindex()
    return LostLine(letter, document_id, page_id)


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


@pytest.fixture
def nurse(client: TestClient) -> str:
    return log_in(client)


def _transcription(page: str) -> str:
    return page.split('class="transcription"', 1)[1].split("</article>", 1)[0]


def _shown_text(page: str) -> str:
    """The text inside the plain view's `pre`, as the browser shows it (marks removed)."""
    shown = _transcription(page).split('<pre class="plain-text">', 1)[1].split("</pre>", 1)[0]
    return html.unescape(re.sub(r"</?mark>", "", shown))


def _status(archive: WebArchive, page_id: int) -> tuple[str, str | None]:
    with db.read_session(archive.database) as session:
        page = session.get(Page, page_id)
        assert page is not None
        return page.status, page.coverage


def test_the_problems_page_lists_the_incomplete_page_with_the_sentence_and_a_rerun(
    client: TestClient, nurse: str, archive: WebArchive, lost: LostLine
) -> None:
    text = client.get("/problems").text
    row = text.split(f'<tr data-page-id="{lost.page_id}">', 1)[1].split("</tr>", 1)[0]
    assert ">incomplete</span>" in row
    assert (
        "Text may be missing on this page. 1 of 6 lines on the page has no text in the "
        "transcription." in row
    )
    assert f'href="/documents/{lost.document_id}?page=1#page-image">See the 1 marked' in row
    assert f'name="only" value="{lost.page_id}"' in row
    # Beside the looped and failed pages, and alone under its own filter.
    assert f'data-page-id="{archive.page_id(archive.multi_page, 2)}"' in text
    only = client.get("/problems", params={"status": "incomplete"}).text
    assert re.findall(r'<tr data-page-id="(\d+)">', only) == [str(lost.page_id)]
    answer = client.post(
        "/rerun",
        data={"csrf_token": nurse, "only": str(lost.page_id), f"mode_{lost.page_id}": "greedy"},
    )
    assert answer.status_code == 303
    assert _status(archive, lost.page_id) == (PageStatus.queued, None)


def test_the_viewer_marks_the_lost_line_and_says_text_may_be_missing(
    client: TestClient, nurse: str, lost: LostLine
) -> None:
    page = client.get(f"/documents/{lost.document_id}").text
    width, height = lost.letter.image_size
    assert f'viewBox="0 0 {width} {height}"' in page
    left, top, right, bottom = lost.letter.lost_box
    rects = re.findall(r'<rect class="suspect" ([^>]*)><title>([^<]*)</title>', page)
    assert rects == [
        (
            f'data-box="{left},{top},{right - left},{bottom - top}" x="{left}" y="{top}" '
            f'width="{right - left}" height="{bottom - top}"',
            f"1: {LOST_REASON}",
        )
    ]
    transcription = _transcription(page)
    assert "<strong>Text may be missing on this page.</strong>" in transcription
    assert "1 of 6 lines on the page has no text in the transcription." in transcription


def test_a_cpu_engine_page_keeps_its_line_breaks_and_asterisks(
    client: TestClient, nurse: str, lost: LostLine
) -> None:
    page = client.get(f"/documents/{lost.document_id}").text
    assert 'data-text-format="plain"' in page
    assert _shown_text(page) == lost.letter.transcription
    assert "(*)" in _shown_text(page)
    assert "*1,8*" in _shown_text(page)
    assert "<em>" not in _transcription(page)


def test_search_words_are_marked_in_plain_text_and_the_page_is_found(
    client: TestClient, nurse: str, lost: LostLine
) -> None:
    found = client.get("/api/search", params={"q": "potassium status:incomplete"}).json()
    assert [(hit["document_id"], hit["page"]) for hit in found["hits"]] == [(lost.document_id, 1)]
    page = client.get(f"/documents/{lost.document_id}", params={"search": "q=potassium"}).text
    assert "<mark>Potassium</mark> *1,8* mmol/l" in _transcription(page)
    assert _shown_text(page) == lost.letter.transcription


def test_a_search_for_pages_needing_attention_finds_the_incomplete_page(
    client: TestClient, nurse: str, lost: LostLine
) -> None:
    link = f'href="/documents/{lost.document_id}'
    needing = client.get("/", params={"q": "potassium", "status": "attention"}).text
    assert link in needing
    finished = client.get("/", params={"q": "potassium", "status": "done"}).text
    assert link not in finished


def test_the_page_json_carries_the_report_and_the_format(
    client: TestClient, nurse: str, lost: LostLine
) -> None:
    page = client.get(f"/api/documents/{lost.document_id}/pages/1").json()
    assert page["status"] == "incomplete"
    assert page["text_format"] == "plain"
    assert page["image_size"] == list(lost.letter.image_size)
    assert page["coverage"] == {
        "ink_lines": len(LINES),
        "accounted_lines": len(LINES) - 1,
        "suspects": [{"box": list(lost.letter.lost_box), "reason": LOST_REASON}],
        "summary": "1 of 6 lines on the page has no text in the transcription.",
        "complete": False,
    }
    document = client.get(f"/api/documents/{lost.document_id}").json()
    assert (document["status"], document["pages"][0]["status"]) == ("attention", "incomplete")


def test_the_counts_name_incomplete_pages(
    client: TestClient, nurse: str, archive: WebArchive, lost: LostLine
) -> None:
    numbers = client.get("/api/status").json()
    assert numbers["queue"]["pages"]["incomplete"] == 1
    status = client.get("/status").text
    assert "<dt>Pages incomplete / looped / failed</dt><dd>1 / 1 / 1 · " in status
    # The arrivals list counts its document among those that need attention: the looped
    # and failed letter, the refused file and this one.
    home = client.get("/").text
    assert "3 document(s) need attention" in home
    listed = client.get("/", params={"status": "incomplete"}).text
    assert f'href="/documents/{lost.document_id}"' in listed


def test_a_markdown_page_is_rendered_and_its_raw_text_is_one_click_away(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    page = client.get(f"/documents/{archive.huck_finn}").text
    assert 'data-text-format="markdown"' in page
    assert "<h1>CHAPTER II.</h1>" in _transcription(page)
    link = re.search(r'<p class="text-view"><a href="([^"]+)">Show the text exactly', page)
    assert link is not None
    raw = client.get(f"/documents/{archive.huck_finn}" + html.unescape(link.group(1))).text
    assert 'data-text-format="raw"' in raw
    assert "<h1>" not in _transcription(raw)
    shown = _shown_text(raw)
    assert shown.startswith('# CHAPTER II.\n\n<img src="images/bbox_20_90_480_880.jpg" />')
    assert "garden, stooping down so as the branches wouldn't scrape our heads." in shown
    assert "Show the Markdown rendered" in raw


def _set_text_format(archive: WebArchive, page_id: int, value: str | None) -> None:
    with db.write_transaction(archive.database) as session:
        session.exec(  # type: ignore[call-overload]
            update(Page).where(col(Page.id) == page_id).values(text_format=value)
        )


def test_pages_stored_before_the_format_are_shown_as_their_engine_wrote_them(
    client: TestClient, nurse: str, archive: WebArchive, lost: LostLine
) -> None:
    # Rows from before migration 0010 have no format: the CPU engine's lines are plain,
    # the vision model's (here the simulator's) text is Markdown.
    _set_text_format(archive, lost.page_id, None)
    huck_finn = archive.page_id(archive.huck_finn, 1)
    _set_text_format(archive, huck_finn, None)
    page = client.get(f"/documents/{lost.document_id}").text
    assert _shown_text(page) == lost.letter.transcription
    assert 'data-text-format="markdown"' in client.get(f"/documents/{archive.huck_finn}").text


def test_a_page_with_ink_and_no_text_says_so(
    client: TestClient, nurse: str, archive: WebArchive
) -> None:
    document_id, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__jbig2.pdf", "fax")
    (claimed,) = records.claim(archive.database, "worker", limit=1, lease_seconds=60)
    report = CoverageReport(
        ink_lines=3,
        accounted_lines=0,
        suspects=(SuspectRegion((100, 100, 900, 160), LOST_REASON),),
        summary="The page has ink on 3 lines but no text was read.",
    )
    finished = records.FinishedPage(
        claimed.page_id,
        "",
        False,
        [cpu_attempt("")],
        image_size=(1275, 1650),
        coverage=report,
        text_format=TextFormat.plain,
    )
    assert records.complete_many(archive.database, "worker", [finished]) == [True]
    page = client.get(f"/documents/{document_id}").text
    assert "No text yet." not in page
    assert "This page has ink, but no text was read from it" in _transcription(page)
    assert queries.page_states(archive.database, [claimed.page_id]) == {
        claimed.page_id: PageStatus.incomplete
    }
    # Not one line of its ink read: no letter to check for gaps, but a page to look at
    # (issue 48: "no text: not a letter?", not "text may be missing").
    problems = client.get("/problems").text
    assert "No text: not a letter? docvault found marks on this page" in problems
    assert "Text may be missing" not in problems
    assert "No text: not a letter?" in page


def test_the_lost_line_box_lies_on_the_line_ink(lost: LostLine, archive: WebArchive) -> None:
    """The fixture itself: the box is over the lost line's ink, between two other lines."""
    rendered = render_page(lost.letter.path, 1, RenderOptions())
    image = Image.open(BytesIO(rendered.image.data))
    assert image.size == lost.letter.image_size
    assert ink_share(image, lost.letter.lost_box) > 0.05
    left, _, right, bottom = lost.letter.lost_box
    between = (left, bottom + 2, right, lost.letter.boxes[LOST + 1][1] - 2)
    assert ink_share(image, between) == 0.0
