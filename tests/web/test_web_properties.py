"""Issue 13: every route, sent random and extreme parameters by Hypothesis, as a logged-in
user and as an anonymous visitor: never a 500, never a traceback, anonymous never gets data.

The routes are read from the app itself (a new route is covered without editing this file);
each one's path, query and form/JSON parameters come from its signature plus the names the
handlers read by hand, filled with integers at and beyond SQLite's range, Whoosh syntax,
bidirectional and control characters, long strings and plain garbage.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.properties import Tracebacks
from tests.support.webarchive import NURSE
from tests.web.test_web import log_in

# /healthz is the supervisor's liveness probe: it answers "ok" and no data.
PUBLIC = {("/login", "GET"), ("/login", "POST"), ("/favicon.ico", "GET"), ("/healthz", "GET")}
# Parameters the handlers read from the form or the query by hand, beside their signatures.
EXTRA_NAMES = ["q", "page", "per_page", "ids", "page_id", "only", "mode", "next", "status",
               "inbox", "user", "action", "document", "date_from", "date_to", "date_field",
               "include_done", "name", "password"]  # fmt: skip
# What only a logged-in person may see: page text, file names, originals and images.
PATIENT_DATA = ("scrouched", "Metoprolol", "multi page document", "c02-22", "skew.pdf",
                "multi-page-digital", "%PDF", "\x89PNG")  # fmt: skip

EXTREME_INTEGERS = st.sampled_from(
    [0, 1, 2, 3, 4, -1, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**40]
)
NASTY_TEXT = st.sampled_from(
    ["", " ", "<b", "<x", "<", ">", "(", ")", '"', "*", "?", "~", "~9", "a:", "tag:", ":",
     "\u202egnp.exe", "\x00", "%00", "../../etc/passwd", "//evil.example", "AND", "OR NOT",
     "[a TO", "received:>2025", "date:[2025-01-01 TO", "9999-12-31", "0000-00-00", "1_2_3_4",
     "0_0_1000_1000", "1_1_0_0", "NaN", "1e309", "💊" * 50, "w " * 40, "x" * 2000]
)  # fmt: skip
VALUES = st.one_of(
    EXTREME_INTEGERS.map(str),
    NASTY_TEXT,
    st.text(max_size=80),
    st.lists(st.integers(-(2**70), 2**70), max_size=5).map(lambda ids: ",".join(map(str, ids))),
)
JSON_VALUES = st.one_of(
    EXTREME_INTEGERS, st.text(max_size=40), st.booleans(), st.none(),
    st.lists(st.one_of(EXTREME_INTEGERS, st.text(max_size=5)), max_size=4),
)  # fmt: skip


def _routes(app: FastAPI) -> list[tuple[str, str, list[str]]]:
    found = []
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if not isinstance(route, APIRoute):
            continue
        names = [parameter.alias for parameter in route.dependant.query_params]
        for method in sorted(route.methods or ()):
            found.append((str(context.path), method, names))
    return found


@st.composite
def requests(draw: st.DrawFn, routes: list[tuple[str, str, list[str]]]) -> dict[str, Any]:
    path, method, names = draw(st.sampled_from(routes))
    concrete = re.sub(r"\{\w+\}", lambda _: quote(draw(VALUES), safe="") or "1", path)
    chosen = draw(st.lists(st.sampled_from(sorted({*names, *EXTRA_NAMES})), max_size=5))
    parameters = {name: draw(VALUES) for name in chosen}
    request: dict[str, Any] = {"method": method, "url": concrete, "template": path}
    if method == "GET":
        request["params"] = parameters
    elif draw(st.booleans()):
        request["json"] = {name: draw(JSON_VALUES) for name in chosen}
    else:
        request["data"] = parameters
    return request


def _send(client: TestClient, request: dict[str, Any], headers: dict[str, str]) -> Any:
    extra = {key: request[key] for key in ("params", "json", "data") if key in request}
    return client.request(request["method"], request["url"], headers=headers, **extra)


def _check_no_failure(answer: Any, request: dict[str, Any], tracebacks: Tracebacks) -> None:
    assert answer.status_code != 500, (request, answer.text[:500])
    assert "Traceback" not in answer.text, request
    assert tracebacks.seen == [], (request, tracebacks.seen[:1])


PROPERTY_SETTINGS = settings(
    max_examples=400,
    deadline=None,
    database=None,  # no example database in the checkout: a test run leaves no files
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def test_no_request_of_a_logged_in_user_gives_a_500(
    module_app: FastAPI, tracebacks: Tracebacks
) -> None:
    with TestClient(module_app, follow_redirects=False, raise_server_exceptions=False) as client:
        csrf = log_in(client, NURSE)

        @PROPERTY_SETTINGS
        @given(requests(_routes(module_app)))
        def property_holds(request: dict[str, Any]) -> None:
            if request["template"] == "/logout":
                return  # it would end the session the other examples use
            answer = _send(client, request, {"X-CSRF-Token": csrf})
            _check_no_failure(answer, request, tracebacks)

        property_holds()


def test_no_request_of_an_anonymous_visitor_gives_a_500_or_any_data(
    module_app: FastAPI, tracebacks: Tracebacks
) -> None:
    with TestClient(module_app, follow_redirects=False, raise_server_exceptions=False) as client:

        @PROPERTY_SETTINGS
        @given(requests(_routes(module_app)), st.sampled_from(["", "Bearer dv_forged", "Bearer x"]))
        def property_holds(request: dict[str, Any], authorization: str) -> None:
            client.cookies.clear()
            headers = {"Authorization": authorization} if authorization else {}
            answer = _send(client, request, headers)
            _check_no_failure(answer, request, tracebacks)
            if (request["template"], request["method"]) not in PUBLIC:
                assert answer.status_code in (303, 400, 401, 403, 404, 405), request
            if answer.status_code == 404:
                # Only the router's own answer (a value with a "/" in it matched no route):
                # a handler's 404 would mean it ran for somebody not logged in.
                assert "Not Found" in answer.text, request
            body = answer.content.decode("utf-8", "replace")
            for marker in PATIENT_DATA:
                assert marker not in body, (marker, request)

        property_holds()


def test_a_path_with_a_trailing_slash_is_not_redirected_before_the_login_gate(
    module_app: FastAPI,
) -> None:
    # Found by the property above: /api/documents/0%2F was redirected (307) to
    # /api/documents/0 before anything asked who the visitor is.
    with TestClient(module_app, follow_redirects=False, raise_server_exceptions=False) as client:
        for path in ("/api/documents/0%2F", "/api/documents/1/", "/documents/1/"):
            assert client.get(path).status_code == 404, path
