"""Every link of every page resolves to a route: the pages an administrator and a member of
staff can reach from the menu, fetched from a real server on loopback, and each address on
them (a link, an image, a form's action, a form's `next`) matched against the app's routes.
The templates and views build these addresses from route names (`url_for`, `path_for`), so
a path renamed in the route table leaves no dead link; this test is what says so."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import BaseRoute, Match

from docvault.web.app import create_app
from docvault.web.routes import ROUTES
from tests.support.liveserver import logged_in_site
from tests.support.webarchive import ADMIN, NURSE, WebArchive

# Each route's pages are fetched this many times at most (a document page per document
# and per page number would make the walk as long as the archive).
VISITS_PER_ROUTE = 3
# The menu's pages (by route name: the walk starts where a renamed path now is).
MENU = ("home", "problems", "status", "audit", "schedule", "retention")


class Addresses(HTMLParser):
    """The addresses on an HTML page: (method, address) for links, images, scripts, style
    sheets, forms' actions, and the `next` a form sends the browser back to."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        for attribute in ("href", "src"):
            if attribute in values:
                self.found.append(("GET", values[attribute]))
        if tag == "form":
            self.found.append((values.get("method", "get").upper(), values.get("action", "")))
        if tag == "input" and values.get("name") == "next" and "value" in values:
            self.found.append(("GET", values["value"]))


def route_of(routes: list[BaseRoute], method: str, path: str) -> str | None:
    """The name of the route that answers `method` at `path`, or None."""
    scope = {"type": "http", "method": method, "path": path, "root_path": ""}
    for route in routes:
        match, _ = route.matches(scope)
        if match is Match.FULL:
            return getattr(route, "name", None)
    return None


@dataclass
class Walk:
    """What a walk found: the routes seen (visits each), each address that no route
    answers or that answers 404, and the HTML pages fetched (paths, in the order fetched;
    the browser test of every page at both window sizes opens these)."""

    visits: Counter[str] = field(default_factory=Counter)
    dead: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)


def walk(client: httpx.Client, app: Starlette) -> Walk:
    """Fetch the menu's pages and every page they link to (within VISITS_PER_ROUTE)."""
    base = str(client.base_url)
    routes = list(app.routes)
    waiting = deque(urljoin(base, app.url_path_for(name)) for name in MENU)
    seen: set[str] = set(waiting)
    found = Walk()
    visits, dead = found.visits, found.dead
    while waiting:
        url = waiting.popleft()
        answer = client.get(url)
        if answer.status_code == 404:
            dead.append(f"{url}: 404")
        if "text/html" not in answer.headers.get("content-type", ""):
            continue
        found.pages.append(url.removeprefix(base.rstrip("/")))
        parser = Addresses()
        parser.feed(answer.text)
        for method, address in parser.found:
            target = urljoin(url, address)
            parts = urlsplit(target)
            if not target.startswith(base):
                dead.append(f"{url} links off the site: {address!r}")
                continue
            name = route_of(routes, method, parts.path)
            if name is None:
                dead.append(f"{url}: no route answers {method} {address!r}")
                continue
            page = target.split("#")[0]
            if method == "GET" and page not in seen and visits[name] < VISITS_PER_ROUTE:
                seen.add(page)
                visits[name] += 1
                waiting.append(page)
    return found


@pytest.mark.parametrize("account", [ADMIN, NURSE], ids=["admin", "staff"])
def test_every_link_on_every_page_resolves_to_a_route(
    archive: WebArchive, account: tuple[str, str]
) -> None:
    app = create_app(archive.context)
    with logged_in_site(archive, account) as client:
        found = walk(client, app)
    visits = found.visits
    assert found.dead == []
    # The walk reached the pages that carry most links: a document, its images, the files.
    for name in ("document", "page_image", "page_thumbnail", "original", "page_text"):
        assert visits[name] > 0, f"the walk never reached a {name} link: {sorted(visits)}"


def test_every_route_of_the_table_has_a_name_of_its_own() -> None:
    """A link is built from a name: two routes of one name would send it to the first."""
    names = Counter(route.name for route in ROUTES)
    assert [name for name, count in names.items() if count > 1] == []
    assert all(name.isidentifier() for name in names)
