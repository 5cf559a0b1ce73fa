"""The reference pages of the documentation, written from the code itself.

    .venv/bin/python -m devtools.reference          # rewrite docs/reference/*.md
    .venv/bin/python -m devtools.reference --check  # exit 1 naming what is undocumented

Three pages are generated, so that they cannot drift from what docvault does: the settings
(`docvault.config.SETTINGS`, each field's declared help), the commands (the click commands,
each one's help and options) and the web routes (every route of the app, its method, the
scope it needs and its handler's docstring). `undocumented` is the consistency check
(tests/test_docs.py runs it, as Datasette's documentation tests do): a setting, command or
route with no text of its own, an `[[inboxes]]`, `[[mailboxes]]` or `[[handover]]` key no
page names, a JSON API route `docs/api.md` does not describe, an error code
`docs/admin/failures.md` has no section for, or a generated page that is out of date.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from fastapi.dependencies.models import Dependant

from docvault.config import Setting

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference"
GENERATED_NOTE = (
    "<!-- Written by `python -m devtools.reference` from the code; edit the code, not this"
    " page. -->\n\n"
)
# The routes every visitor reaches without logging in (docs/security.md says why).
PUBLIC_ROUTES = {"/login", "/healthz", "/favicon.ico", "/static"}


@dataclass(frozen=True)
class Route:
    """One route of the web app as the reference shows it."""

    methods: tuple[str, ...]
    path: str
    scope: str  # the token scope it needs, or "none" for the public ones
    summary: str  # the handler's docstring
    name: str = ""  # the route table's name, which views and templates link by

    @property
    def key(self) -> str:
        return f"{'|'.join(self.methods)} {self.path}"


# --- what there is ------------------------------------------------------------------------


def web_routes() -> list[Route]:
    """Every route of the web app, built the way the service builds it (no data read)."""
    from docvault import db
    from docvault.search import SearchIndex
    from docvault.web.app import WebContext, create_app
    from docvault.web.display import Display

    with tempfile.TemporaryDirectory(prefix="docvault-reference-") as folder:
        data_dir = Path(folder)
        database = db.make_engine(data_dir / "docvault.sqlite3")
        context = WebContext(
            database=database,
            index=SearchIndex(data_dir / "index"),
            data_dir=data_dir,
            render_png=lambda *_: b"",
            status=lambda: {"inboxes": [], "engines": []},
            secret_key=b"r" * 32,
            display=Display(),
        )
        try:
            return _routes_of(create_app(context))
        finally:
            database.dispose()


def _routes_of(app: object) -> list[Route]:
    from fastapi.routing import APIRoute, iter_route_contexts
    from starlette.routing import Mount

    routes: list[Route] = []
    for context in iter_route_contexts(app.routes):  # type: ignore[attr-defined]
        route = context.original_route
        if isinstance(route, Mount):
            routes.append(
                Route(
                    ("GET",),
                    f"{route.path}/{{file}}",
                    "none",
                    "Style and scripts.",
                    route.name or "",
                )
            )
        elif isinstance(route, APIRoute):
            endpoint = context.endpoint or route.endpoint
            summary = " ".join((endpoint.__doc__ or "").split("\n\n")[0].split())
            methods = tuple(sorted(context.methods or route.methods or ()))
            scope = _scope(context, methods)
            routes.append(Route(methods, str(context.path), scope, summary, route.name))
    return sorted(routes, key=lambda route: (route.path, route.methods))


def _scope(context: object, methods: tuple[str, ...]) -> str:
    """The token scope a route's dependencies demand ("none" for the public routes)."""
    from docvault.web.security import ScopeRule

    dependant = getattr(context, "dependant", None)
    for dependency in _flatten(dependant.dependencies if dependant else []):
        if isinstance(dependency.call, ScopeRule):
            return dependency.call.needed(methods[0]).value
    return "none"


def _flatten(dependencies: Iterable[Dependant]) -> Iterator[Dependant]:
    for dependency in dependencies:
        yield dependency
        yield from _flatten(dependency.dependencies)


def commands() -> Iterator[tuple[str, click.Command]]:
    """Every `docvault` command, groups' subcommands included, by its full name."""
    from docvault.cli import main

    yield from _walk("docvault", main)


def _walk(name: str, command: click.Command) -> Iterator[tuple[str, click.Command]]:
    yield name, command
    if isinstance(command, click.Group):
        # As `docvault --help` lists them: the groups `docvault` loads when named included.
        context = click.Context(command, info_name=name)
        for sub_name in sorted(command.list_commands(context)):
            sub_command = command.get_command(context, sub_name)
            assert sub_command is not None, sub_name
            yield from _walk(f"{name} {sub_name}", sub_command)


def error_codes() -> dict[str, str]:
    """Every error code docvault stores or shows, with its class's docstring."""
    from docvault import errors

    codes: dict[str, str] = {}
    for value in vars(errors).values():
        if isinstance(value, type) and issubclass(value, errors.DocvaultError):
            codes[value.code] = " ".join((value.__doc__ or "").split())
    return codes


# --- the pages ----------------------------------------------------------------------------


def settings_page(settings: Sequence[Setting] | None = None) -> str:
    from docvault.config import ENVIRONMENT_PREFIX, SETTINGS

    lines = [
        "# Settings reference\n\n",
        GENERATED_NOTE,
        "Each setting is a key of the TOML file and a `DOCVAULT_<NAME>` environment variable",
        " (which wins). How the sources combine, and the `[[inboxes]]` and `[[mailboxes]]`",
        " tables, are in [Configuration](../configuration.md).\n\n",
    ]
    for setting in SETTINGS if settings is None else settings:
        lines.append(f"## `{setting.name}`\n\n")
        lines.append(f"{setting.help}\n\n")
        default = (
            setting.default
            if not isinstance(setting.default, bool)
            else str(setting.default).lower()
        )
        facts = [
            f"environment variable `{ENVIRONMENT_PREFIX}{setting.name.upper()}`",
            f"type {setting.kind}",
            f"default `{default}`" if f"{default}" != "" else "default empty",
        ]
        if setting.choices:
            facts.append("one of " + ", ".join(f"`{choice}`" for choice in setting.choices))
        if setting.minimum is not None:
            facts.append(f"at least {setting.minimum:g}")
        if setting.maximum is not None:
            facts.append(f"at most {setting.maximum:g}")
        lines.append("- " + "\n- ".join(facts) + "\n\n")
    return "".join(lines).rstrip() + "\n"


def cli_page() -> str:
    lines = [
        "# Command reference\n\n",
        GENERATED_NOTE,
        "What each command is for, with examples, is in [Commands](../commands.md). Every",
        " command takes `--config PATH` and `--debug`, before or after its name.\n\n",
    ]
    for name, command in commands():
        context = click.Context(command, info_name=name)
        lines.append(f"## `{name}`\n\n")
        lines.append(f"```text\n{command.get_usage(context)}\n```\n\n")
        lines.append(_command_text(command) + "\n\n")
        options = [_parameter_line(parameter, context) for parameter in command.params]
        if any(options):
            lines.append("\n".join(line for line in options if line) + "\n\n")
        if command.epilog:
            lines.append(_markdown_text(command.epilog) + "\n\n")
    return "".join(lines).rstrip() + "\n"


def _command_text(command: click.Command) -> str:
    return _markdown_text(command.help or "")


def _markdown_text(text: str) -> str:
    """Click's help text as Markdown: paragraphs kept, `\\b` blocks as preformatted text."""
    paragraphs: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        if paragraph.lstrip().startswith("\b"):
            body = paragraph.lstrip()[1:].strip("\n")
            paragraphs.append("```text\n" + _dedent(body) + "\n```")
        else:
            paragraphs.append(" ".join(paragraph.split()))
    return "\n\n".join(paragraphs)


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text)


def _parameter_line(parameter: click.Parameter, context: click.Context) -> str:
    record = parameter.get_help_record(context)
    if record is None:
        return (
            f"- `{parameter.human_readable_name}`: an argument"
            if parameter.param_type_name == "argument"
            else ""
        )
    names, text = record
    return f"- `{names}`: {' '.join(text.split())}"


def routes_page(routes: Sequence[Route]) -> str:
    lines = [
        "# Web routes\n\n",
        GENERATED_NOTE,
        "Every route the web view answers. *Scope* is what an API token needs (a logged-in",
        " browser session has its user's rights); `none` routes answer without a login.",
        " The JSON API's answers and errors are described in [The JSON API](../api.md).",
        " *Name* is the route's name in the route table (docvault/web/routes.py): views and",
        " templates link to a route by it, never by its path.\n\n",
        "| method | path | name | scope | what it does |\n| --- | --- | --- | --- | --- |\n",
    ]
    for route in routes:
        summary = route.summary.replace("|", "\\|")
        lines.append(
            f"| {', '.join(route.methods)} | `{route.path}` | `{route.name}` | {route.scope} "
            f"| {summary} |\n"
        )
    return "".join(lines)


def generated_pages() -> dict[Path, str]:
    return {
        REFERENCE / "settings.md": settings_page(),
        REFERENCE / "cli.md": cli_page(),
        REFERENCE / "routes.md": routes_page(web_routes()),
    }


# --- the consistency check ----------------------------------------------------------------


# The pages that describe the settings' tables: [[inboxes]], [[mailboxes]], [[handover]].
TABLE_PAGES = ("configuration.md", "mail.md", "handover.md")


@dataclass(frozen=True)
class Inventory:
    """What docvault has, as the consistency check compares it with its documentation."""

    settings: Sequence[tuple[str, str]]  # (name, help)
    table_keys: Sequence[str]  # [[inboxes]], [[mailboxes]] and [[handover]] keys
    commands: Sequence[tuple[str, str]]  # (full name, help)
    routes: Sequence[Route]
    error_codes: Sequence[str]


def inventory() -> Inventory:
    from docvault.config import FHIR_KEYS, GDT_KEYS, INBOX_KEYS, MAILBOX_KEYS, SETTINGS

    return Inventory(
        settings=[(setting.name, setting.help) for setting in SETTINGS],
        table_keys=sorted({*INBOX_KEYS, *MAILBOX_KEYS, *FHIR_KEYS, *GDT_KEYS}),
        commands=[(name, command.help or "") for name, command in commands()],
        routes=web_routes(),
        error_codes=sorted(error_codes()),
    )


def undocumented(have: Inventory, docs: Path = DOCS) -> list[str]:
    """Each thing docvault has that its documentation does not describe, in a sentence."""
    problems: list[str] = []
    problems += [
        f"setting {name} has no help text" for name, text in have.settings if not text.strip()
    ]
    tables = "".join((docs / page).read_text() for page in TABLE_PAGES)
    problems += [
        f"[[inboxes]]/[[mailboxes]]/[[handover]] key {key} is named in none of "
        f"{', '.join(TABLE_PAGES)}"
        for key in have.table_keys
        if f"`{key}`" not in tables and not re.search(rf"^\s*#?\s*{key}\s*=", tables, re.M)
    ]
    command_page = (docs / "commands.md").read_text()
    for name, text in have.commands:
        if not text.strip():
            problems.append(f"command `{name}` has no help text")
        if name != "docvault" and f"`{name}" not in command_page:
            problems.append(f"command `{name}` is not in docs/commands.md")
    problems += [
        f"route {route.key} has no docstring" for route in have.routes if not route.summary
    ]
    api_page = (docs / "api.md").read_text()
    problems += [
        f"JSON API route {route.key} is not described in docs/api.md"
        for route in have.routes
        if route.path.startswith("/api/") and not _described(route, api_page)
    ]
    failures = (docs / "admin" / "failures.md").read_text()
    problems += [
        f"error code {code} has no section in docs/admin/failures.md"
        for code in have.error_codes
        if not re.search(rf"^#+ .*`{re.escape(code)}`", failures, re.M)
    ]
    return problems


def _described(route: Route, page: str) -> bool:
    """`GET /api/documents/{document_id}` is described as `GET /api/documents/ID` (any word)."""
    pattern = re.sub(r"\\\{\w+\\\}", r"[^/\\s?`]+", re.escape(route.path))
    return any(re.search(rf"`{method} {pattern}[`?]", page) for method in route.methods)


def stale_pages(pages: dict[Path, str]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)} is out of date: run `python -m devtools.reference`"
        for path, text in pages.items()
        if not path.exists() or path.read_text() != text
    ]


def main(arguments: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="Only report; write nothing.")
    options = parser.parse_args(list(arguments) if arguments is not None else None)
    pages = generated_pages()
    if not options.check:
        for path, text in pages.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    problems = [*stale_pages(pages), *undocumented(inventory())]
    for problem in problems:
        sys.stderr.write(problem + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
