"""What several endpoints share: a page rendered for the account asking, an address built
from a route's name, the address a form may send the browser back to, a re-run mode read
from a form, a list's audit detail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from fastapi import HTTPException, Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from docvault import figures
from docvault.search import behind_sentence
from docvault.vocabulary import SamplingMode
from docvault.web.context import WebContext
from docvault.web.security import current_account, is_admin


def page(
    templates: Jinja2Templates,
    request: Request,
    name: str,
    values: dict[str, Any],
    status: int = 200,
) -> Response:
    """The template `name` with `values`, and the account asking (the menu shows it)."""
    values = {"account": current_account(request), **values}
    return templates.TemplateResponse(request, name, values, status_code=status)


HOME = "home"


def path_for(
    request: Request,
    name: str,
    /,
    query: Mapping[str, object] | None = None,
    fragment: str = "",
    **params: object,
) -> str:
    """The address of the route called `name` (docvault.web.routes) with its path `params`,
    and a `query` and `fragment` if given: a path on this site, as the browser sent it here
    (no scheme or host taken from the request's Host header). A route renamed in the table
    moves every link built here with it; a name the table lacks fails loudly."""
    path = route_path(request, name, params)
    if query:
        path += "?" + urlencode({key: str(value) for key, value in query.items()})
    return path + (f"#{fragment}" if fragment else "")


def route_path(request: Request, name: str, params: Mapping[str, object]) -> str:
    """The path of the route called `name` with its path `params` (the templates'
    `url_for`)."""
    return str(request.app.url_path_for(name, **{key: str(value) for key, value in params.items()}))


def safe_next(request: Request, target: object, fallback: str | None = None) -> str:
    """Only a path on this site: never `//elsewhere` or `https://elsewhere`; else `fallback`
    (the home page when none is given)."""
    if (
        not isinstance(target, str)
        or not target.startswith("/")
        or target.startswith(("//", "/\\"))
    ):
        return fallback if fallback is not None else path_for(request, HOME)
    return target


def parse_mode(value: object) -> SamplingMode:
    try:
        return SamplingMode(str(value))
    except ValueError:
        choices = ", ".join(mode.value for mode in SamplingMode)
        raise HTTPException(400, f"Re-run mode {value!r} is not one of {choices}.") from None


def with_shown(detail: str, document_ids: list[int]) -> str:
    """An audit detail naming the documents a list showed (issue 25: a search's row did not
    say which letters were seen): `<detail> -> documents 12, 7`; at most 100 are shown."""
    listed = ", ".join(str(document_id) for document_id in document_ids) or "none"
    return f"{detail} -> documents {listed}".strip()


def behind_notice(context: WebContext, request: Request) -> str | None:
    """What the search page says while the index cannot be written (its disk full or
    read-only): how many pages wait, and (to an administrator) why and what to do."""
    fault = context.index.behind
    if fault is None:
        return None
    waiting = figures.outbox_length(context.database)
    why = fault if is_admin(request) else "An administrator sees why on the status page."
    return behind_sentence(waiting, why)
