"""The home page: the arrivals list, newest first, or the results of a search with filters."""

from __future__ import annotations

import math
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from docvault.audit import AuditAction
from docvault.facts import FactView
from docvault.search import facts_matched, search
from docvault.web import queries
from docvault.web.context import (
    ARRIVAL_STATES,
    PER_PAGE,
    SEARCH_STATES,
    Context,
    ResultPage,
    SearchContext,
    SearchForm,
    Templates,
    WebContext,
)
from docvault.web.views.common import behind_notice, page, with_shown


def arrivals_page(context: WebContext, form: SearchForm, page_number: int) -> dict[str, Any]:
    """The arrivals list's part of the home page: one page of documents, newest first."""
    selection = form.arrival_filter(context.display)
    listed, total = queries.arrivals(
        context.database, selection, (page_number - 1) * PER_PAGE, PER_PAGE
    )
    pages = max(1, math.ceil(total / PER_PAGE))
    todo, unconfirmed = queries.worklist_counts(context.database)
    if page_number > pages:  # beyond the end (the list shrank, or a typed number): the last
        page_number = pages
        listed, _ = queries.arrivals(
            context.database, selection, (page_number - 1) * PER_PAGE, PER_PAGE
        )
    return {
        "arrivals": listed,
        "arrivals_total": total,
        "arrivals_page": page_number,
        "arrivals_pages": pages,
        "attention": queries.documents_needing_attention(context.database),
        "todo_count": todo,
        "unconfirmed_count": unconfirmed,
    }


def search_page(
    request: Request,
    context: Context,
    templates: Templates,
    q: str = "",
    inbox: str = "",
    tag: str = "",
    status: str = "",
    date_field: str = "received",
    date_from: str = "",
    date_to: str = "",
    todo: str = "",
    facts: str = "",
    page_number: ResultPage = 1,
) -> Response:
    """The home page: the arrivals list, or the search results for `q` with filters."""
    form = SearchForm(
        q, inbox, tag, status, date_field, date_from, date_to, todo, facts
    ).with_filters_lifted()
    shared = {
        "form": form,
        "inboxes": queries.inbox_names(context.database),
        "tags": queries.tag_names(context.database),
        "behind": behind_notice(context, request),
    }
    if not form.is_search():
        listed = arrivals_page(context, form, page_number)
        shown = [arrival.document_id for arrival in listed["arrivals"]]
        context.look(request, AuditAction.view_arrivals, with_shown(form.describe(), shown))
        shared["states"] = ARRIVAL_STATES
        return page(templates, request, "search.html", {**shared, **listed, "results": None})
    shared["states"] = SEARCH_STATES
    query = form.query()
    results = search(context.database, context.index, query, page_number, PER_PAGE)
    shown = [document.document_id for document in results.documents]
    context.look(request, AuditAction.search, with_shown(query, shown))
    letter_facts = queries.facts_of_documents(context.database, shown)
    values = {
        **shared,
        "results": results,
        "pages": math.ceil(results.total_documents / PER_PAGE),
        "carried": SearchContext.of(form, page_number).carried,
        "letter_facts": letter_facts,
        "found_through": _found_through(context, query, letter_facts),
    }
    return page(templates, request, "search.html", values)


def _found_through(
    context: WebContext, query: str, letter_facts: dict[int, dict[str, FactView]]
) -> dict[int, list[FactView]]:
    """For each listed letter, the facts the search found it through (a corrected name
    typed as plain words), so the result can say so: "patient (corrected by drsmith)"."""
    parsed = context.index.parse(query)
    found: dict[int, list[FactView]] = {}
    for document_id, known in letter_facts.items():
        values = {field: view.value for field, view in known.items() if view.value}
        matched = facts_matched(parsed, values)
        if matched:
            found[document_id] = [known[field] for field in matched]
    return found
