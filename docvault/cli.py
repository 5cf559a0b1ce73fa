"""The `docvault` command. Errors reach the user as one sentence (tracebacks only with --debug)."""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click
from sqlalchemy import Engine

from docvault import __version__, audit, db
from docvault.audit import AuditAction
from docvault.cli_base import (
    RowId,
    State,
    command_name,
    friendly_errors,
    pass_state,
    read_secret,
)
from docvault.config import Settings, describe
from docvault.names import inbox_named

if TYPE_CHECKING:
    from docvault.models import MailMessage
    from docvault.setting_types import MailboxSettings

# Every id the command takes is this type: 1 .. 2^63-1, or a sentence (issue 25).
DOCUMENT_ID = RowId("docvault documents")
# What `docvault documents` lists a copy that arrived again as, and filters the copies by.
DUPLICATE_STATUS = "duplicate"
logger = logging.getLogger("docvault")


def configure_logging(level: str) -> None:
    """One line per event on stderr; journald adds the timestamp under systemd."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for noisy in ("httpx", "httpcore", "watchdog", "uvicorn.error", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


class DocvaultGroup(click.Group):
    """The `docvault` group: `--debug` and `--config PATH` are the whole command's options,
    so they are taken wherever a user puts them (`docvault verify --debug` as well as
    `docvault --debug verify`), up to a `--` that ends the options."""

    def parse_args(self, context: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(context, hoist_group_options(args))

    # The command groups of their own modules, imported when named: a command loads only
    # what it runs (the calendar, the register and the sender directory import the
    # scheduler and the facts' patterns; every `docvault` command paid for them before).
    def list_commands(self, context: click.Context) -> list[str]:
        return sorted([*super().list_commands(context), *LAZY_GROUPS])

    def get_command(self, context: click.Context, name: str) -> click.Command | None:
        if name not in LAZY_GROUPS:
            return super().get_command(context, name)
        module_name, attribute = LAZY_GROUPS[name].split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command), LAZY_GROUPS[name]
        return command


# Group name -> "module:attribute" of its click group.
LAZY_GROUPS = {
    "user": "docvault.cli_users:user_group",
    "schedule": "docvault.cli_calendar:schedule_group",
    "hold": "docvault.cli_calendar:hold_group",
    "register": "docvault.cli_register:register_group",
    "senders": "docvault.cli_senders:senders_group",
}


GROUP_FLAGS = ("--debug",)
GROUP_OPTIONS = ("--config",)


def hoist_group_options(args: list[str]) -> list[str]:
    """`args` with the group's own options moved to the front, each once as written."""
    hoisted: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        word = args[index]
        if word == "--":
            rest.extend(args[index:])
            break
        if word in GROUP_FLAGS or (word.split("=", 1)[0] in GROUP_OPTIONS and "=" in word):
            hoisted.append(word)
        elif word in GROUP_OPTIONS and index + 1 < len(args):
            hoisted.extend(args[index : index + 2])
            index += 1
        else:
            rest.append(word)
        index += 1
    return hoisted + rest


@click.group(cls=DocvaultGroup)
@click.version_option(__version__, prog_name="docvault")
@click.option(
    "--config",
    "config",
    type=click.Path(path_type=Path),
    default=None,
    help="TOML settings file (else $DOCVAULT_CONFIG, ./docvault.toml, "
    "/etc/docvault/docvault.toml).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks and debug logging.")
@click.pass_context
def main(context: click.Context, config: Path | None, debug: bool) -> None:
    """docvault: turns clinic inbox folders into a searchable, trustworthy archive."""
    # Everything docvault writes (database, archive, index, backups) holds medical records:
    # readable by the service user alone, whatever the calling shell's umask is.
    os.umask(0o077)
    context.obj = State(config, debug)


@main.command()
@pass_state
@friendly_errors
def run(state: State) -> None:
    """Run the daemon: watch the inboxes, read every page, index it, serve the web view.

    Stops cleanly on SIGINT or SIGTERM: requests in flight finish, the rest goes back to
    the queue.
    """
    from docvault.service import run_daemon

    settings = state.settings()
    configure_logging("debug" if state.debug else settings.log_level)
    # The parts get stop_timeout_seconds to finish, the stages around them a little more;
    # whatever is still stuck after that does not hold the stop up.
    deadline = settings.stop_timeout_seconds + STOP_GRACE_SECONDS
    asyncio.run(_run_until_signal(lambda stop: run_daemon(settings, stop), deadline))


# What a stop may take beyond stop_timeout_seconds: the stages before and after the worker.
STOP_GRACE_SECONDS = 4.0


async def _run_until_signal(start: Callable[[asyncio.Event], Any], deadline: float) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals_seen: list[int] = []

    def on_signal(number: int) -> None:
        signals_seen.append(number)
        if len(signals_seen) == 1:
            logger.info(
                "stopping: finishing the pages in flight (signal %d again to stop now)", number
            )
            stop.set()
            # A timer thread, not the event loop: a stuck loop must not hold the stop up.
            reason = f"did not stop within {deadline:.0f} s"
            timer = threading.Timer(deadline, _stop_now, (reason,))
            timer.daemon = True
            timer.start()
        else:
            _stop_now("stopping now")

    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, on_signal, number)
    await start(stop)


def _stop_now(reason: str) -> None:
    """Leave at once. Nothing is lost: unfinished pages are still leased in the database
    and the next start returns them to the queue; every child process carries a
    parent-death signal and ends with this process."""
    logger.warning("%s; exiting now", reason)
    logging.shutdown()
    os._exit(1)


@main.command()
@click.argument(
    "paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@pass_state
@friendly_errors
def ingest(state: State, paths: tuple[Path, ...]) -> None:
    """Read the given files now (archive, OCR, index) and exit; the files stay where they are."""
    from docvault.service import ingest_files

    settings = state.settings()
    configure_logging("debug" if state.debug else "warning")
    summary = asyncio.run(ingest_files(settings, list(paths), _progress))
    click.echo(
        f"{summary['documents']} document(s), {summary['pages']} page(s): "
        f"{summary['done']} done, {summary['incomplete']} incomplete, {summary['looped']} looped, "
        f"{summary['failed']} failed."
    )
    for problem in summary["problems"]:
        click.echo(f"  {problem}", err=True)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    with click.progressbar(length=total, label="Reading pages", file=sys.stderr) as bar:
        yield bar.update


@main.command()
@click.argument("query")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--page", "result_page", default=1, show_default=True, help="Result page.")
@click.option("--per-page", default=20, show_default=True, help="Documents per result page.")
@pass_state
@friendly_errors
def search(state: State, query: str, as_json: bool, result_page: int, per_page: int) -> None:
    """Search the archive; prints document, page and a highlighted snippet."""
    from docvault.search import SearchIndex, results_json, search

    settings = state.settings()
    configure_logging("warning")
    with state.use_database(settings) as database:
        index = SearchIndex(settings.index_path)
        results = search(database, index, query, result_page, per_page)
        behind = _index_behind(settings, database)
        if as_json:
            click.echo(json.dumps(results_json(results, behind), ensure_ascii=False))
            return
        if behind is not None:
            click.echo(behind)
        about = "about " if results.documents_estimated else ""
        click.echo(
            f"{about}{results.total_documents} document(s), {results.total_pages} page(s) "
            f"for {query!r}"
        )
        for hit in results.hits:
            snippet = hit.snippet.replace("<mark>", "\x1b[1m").replace("</mark>", "\x1b[0m")
            click.echo(
                f"document {hit.document_id} ({hit.file_name}) page {hit.page}: {_plain(snippet)}"
            )


def _index_behind(settings: Settings, database: Engine) -> str | None:
    """The search page's sentence while the running daemon's index part cannot write (its
    status file says why), so that this command says what the web view and the API say."""
    from docvault import figures
    from docvault.search import behind_sentence

    service = _service_report(settings)
    why = service.get("index_behind") if service.get("running") else None
    return None if why is None else behind_sentence(figures.outbox_length(database), str(why))


def _plain(snippet: str) -> str:
    """Snippets are HTML-escaped for the browser; the terminal wants the characters back."""
    import html

    return html.unescape(snippet)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@pass_state
@friendly_errors
def status(state: State, as_json: bool) -> None:
    """Documents and pages per state, and per inbox what is waiting, settling and failed."""
    from docvault import figures
    from docvault.records import handover

    settings = state.settings()
    with state.use_database(settings) as database:
        report = {
            "documents": figures.document_counts(database),
            "pages": figures.page_counts(database),
            "inboxes": _inbox_status(settings, figures.inbox_report(database)),
            "outbox": figures.outbox_length(database),
            "handover": handover.summary(database),
            "service": _service_report(settings),
        }
        if as_json:
            click.echo(json.dumps(report))
            return
        _echo_service(cast(dict[str, Any], report["service"]))
        for section in ("documents", "pages"):
            counts = cast(dict[str, int], report[section])
            click.echo(
                f"{section}: " + ", ".join(f"{name} {count}" for name, count in counts.items())
            )
        for name, inbox in cast(dict[str, dict[str, Any]], report["inboxes"]).items():
            click.echo(
                f"{inbox_named(name)}: {inbox['waiting']} waiting, {inbox['settling']} settling, "
                f"{inbox['processing']} processing, {inbox['done']} done, "
                f"{inbox['attention']} need attention, {inbox['failed']} failed"
            )
            for failure in inbox.get("failures", [])[:20]:
                click.echo(f"  failed: {failure['error']}")
        click.echo(f"index outbox: {report['outbox']} page(s) waiting to be indexed")
        _echo_left_out(database)
        _echo_handover(cast(dict[str, Any], report["handover"]))


def _echo_handover(summary: dict[str, Any]) -> None:
    click.echo(
        f"hand-over: {summary['pending']} waiting ({summary['failing']} refused, being "
        f"retried), {summary['delivered']} handed over, {summary['dropped']} dropped"
    )
    for failure in summary["failures"]:
        click.echo(
            f"  document {failure['document_id']} ({failure['target']}, "
            f"{failure['attempts']} tries, next {failure['next_attempt_at'][:19]} UTC): "
            f"{failure['error']}"
        )


def _service_report(settings: Settings) -> dict[str, Any]:
    """The running daemon's parts, from the status file its heartbeat writes."""
    from docvault.reporting import status_file_path
    from docvault.runtime import read_status_file

    path = status_file_path(settings.data_path)
    try:
        fresh = float(json.loads(path.read_text()).get("fresh_for", 30.0))
    except (OSError, ValueError):
        fresh = 30.0
    return read_status_file(path, fresh)


def _echo_service(service: dict[str, Any]) -> None:
    if service.get("unreported"):
        click.echo(
            f"service: running (pid {service.get('pid')}), but its status file was last "
            f"written {service.get('age_seconds')} s ago: the data folder's disk may be full "
            "or read-only. `systemctl status docvault` shows what it says now (STATUS=)."
        )
        return
    if not service.get("running"):
        click.echo(
            "service: not running"
            if not service.get("parts")
            else f"service: not running (last report {service.get('age_seconds')} s ago)"
        )
        return
    click.echo(f"service: running (pid {service.get('pid')})")
    for part in service.get("parts", []):
        stamp = time.strftime("%H:%M:%S", time.localtime(part["last_progress"]))
        state = "stalled" if part["stalled"] else part["state"]
        detail = f": {part['detail']}" if part["detail"] else ""
        click.echo(f"  part {part['name']}: {state}, last progress {stamp}{detail}")
    for mailbox in service.get("mailboxes", []):
        look = mailbox.get("last_look")
        looked = time.strftime("%H:%M:%S", time.localtime(look)) if look else "never"
        problem = f"; {mailbox['problem']}" if mailbox.get("problem") else ""
        click.echo(
            f"  mailbox {mailbox['name']} ({mailbox['address']}): {mailbox['mode']}, "
            f"{mailbox['taken']} message(s) taken, {mailbox['waiting']} waiting to be acted "
            f"on at the server, last look {looked}{problem}"
        )
    for replica in service.get("engine_replicas", []):
        pid = f", pid {replica['pid']}" if replica["pid"] else ""
        error = f": {replica['last_error']}" if replica["last_error"] else ""
        click.echo(
            f"  engine replica {replica['replica']} ({replica['base_url']}): "
            f"{replica['status']}{pid}, {replica['restarts']} restart(s){error}"
        )


def _inbox_status(
    settings: Settings, by_inbox: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Add what lies in each inbox folder now: settling (changed within its settle time, by
    the daemon's rule) or waiting."""
    from docvault.intake import candidate_files, has_settled
    from docvault.vocabulary import DocumentStatus

    now = time.time()
    result: dict[str, dict[str, Any]] = {}
    limit = settings.max_file_mb * 1024 * 1024
    for inbox in settings.inboxes:
        entry = dict(by_inbox.get(inbox.name, {state.value: 0 for state in DocumentStatus}))
        try:
            taken = candidate_files(inbox, limit)
            ages = [now - path.stat().st_mtime for path in taken if path.exists()]
        except OSError as error:
            ages, entry["problem"] = [], f"cannot be listed: {error}"
        entry["settling"] = sum(1 for age in ages if not has_settled(age, inbox.settle_seconds))
        entry["waiting"] = len(ages) - entry["settling"]
        result[inbox.name] = entry
    for name, entry in by_inbox.items():
        result.setdefault(name, {**entry, "waiting": 0, "settling": 0})
    return result


def _listed_states() -> list[str]:
    from docvault.vocabulary import DocumentStatus

    return [*DocumentStatus, DUPLICATE_STATUS]


@main.command()
@click.option(
    "--status",
    "status_filter",
    type=click.Choice(_listed_states()),
    default=None,
    help="Only documents in this state ('duplicate': the copies that arrived again; with "
    "--json, the documents that have such copies).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@pass_state
@friendly_errors
def documents(state: State, status_filter: str | None, as_json: bool) -> None:
    """List documents (id, status, pages, inbox/file, error) and the copies that arrived
    again; --json describes each document as the API and the hand-over do."""
    from docvault.from_settings import link_base_url
    from docvault.records import document_json

    settings = state.settings()
    with state.use_database(settings) as database:
        only_copies = status_filter == DUPLICATE_STATUS
        audience = document_json.Audience(
            base_url=link_base_url(settings), paths=True, data_dir=settings.data_path
        )
        described = document_json.describe_all(
            database,
            audience,
            status=None if only_copies else status_filter,
            arrived_again=only_copies,
        )
        if as_json:
            click.echo(json.dumps({"documents": described}, ensure_ascii=False))
            return
        lines = [] if only_copies else [_document_line(document) for document in described]
        if status_filter is None or only_copies:
            # After every document, as they arrived: a copy has no id of its own.
            lines += [
                _copy_line(document, copy)
                for document in described
                for copy in document["duplicates"]
            ]
        for line in lines:
            click.echo(line)


def _document_line(document: dict[str, Any]) -> str:
    """One document of `docvault documents`: id, status, pages, where it came from, and
    why it failed."""
    return _line(
        str(document["id"]),
        document["status"],
        document["page_counts"]["total"],
        f"{document['inbox']}/{document['file_name']}",
        document["error"] or "",
    )


def _copy_line(document: dict[str, Any], copy: dict[str, Any]) -> str:
    """A copy that arrived again: no id of its own ("-"; formatting its None as a number
    was a traceback, issue 25), its first copy's pages, and which document that is."""
    return _line(
        "-",
        DUPLICATE_STATUS,
        document["page_counts"]["total"],
        f"{copy['inbox']}/{copy['file_name']}",
        f"duplicate of {document['id']}",
    )


def _line(identifier: str, status: str, pages: int, source: str, extra: str) -> str:
    return f"{identifier:>6} {status:<10} {pages:>4}p {source} {extra}".rstrip()


@main.command()
@pass_state
@friendly_errors
def reindex(state: State) -> None:
    """Rebuild the search index from the database into a new folder, then swap it in.

    The old index is kept until the new one is complete. Stop the service first: the
    index has one writer.
    """
    from docvault.search import indexable_count, rebuild_from_database

    settings = state.settings()
    configure_logging("warning")
    with state.use_database(settings) as database:
        total = indexable_count(database)
        with click.progressbar(length=total, label="Indexing pages", file=sys.stderr) as bar:
            done = 0

            def advance(count: int) -> None:
                nonlocal done
                bar.update(count - done)
                done = count

            count = rebuild_from_database(
                database,
                settings.index_path,
                advance,
                settings.stemming_language,
                settings.index_engine,
            )
        click.echo(f"index {settings.index_path}: rebuilt with {count} page(s)")
        _echo_left_out(database)


def _echo_left_out(database: Engine) -> None:
    """The documents the index had to leave out, each with what to do (issue 25)."""
    from docvault.search import index_problems

    problems = index_problems(database)
    if problems:
        click.echo(f"{len(problems)} document(s) left out of the index:")
    for problem in problems:
        click.echo(f"  skipped: {problem.problem}")


@main.command()
@click.argument("document_id", type=DOCUMENT_ID)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.option("--reason", default="", help="Why it is deleted (kept in the audit log).")
@pass_state
@friendly_errors
def delete(state: State, document_id: int, yes: bool, reason: str) -> None:
    """Remove a document from the database, the index, the image cache and (unless another
    document has the same bytes) the archive; its tombstone stays in the audit log."""
    from docvault import records
    from docvault.models import Document

    settings = state.settings()
    with state.use_database(settings) as database:
        with db.read_session(database) as session:
            document = session.get(Document, document_id)
        if document is None:
            raise click.ClickException(
                f"There is no document {document_id}; see `docvault documents`."
            )
        if not yes:
            click.confirm(f"Remove document {document_id} and its pages from docvault?", abort=True)
        removed = records.remove_document(
            database,
            settings.data_path,
            document_id,
            actor=audit.cli_actor(),
            reason=reason,
            via=audit.AuditVia.cli,
        )
        pages = removed.pages if removed else 0
        original = (
            "its original left the archive"
            if removed is None or removed.original_removed
            else "its original stays archived: another document has the same bytes"
        )
        click.echo(
            f"document {document_id}: removed with {pages} page(s), {original}; the audit log "
            "keeps its tombstone; the index follows when the service drains its outbox (or run "
            "`docvault reindex`)"
        )


@main.command("mail-retry")
@click.argument("mailbox")
@click.argument("uids", nargs=-1, type=click.IntRange(min=1))
@pass_state
@friendly_errors
def mail_retry(state: State, mailbox: str, uids: tuple[int, ...]) -> None:
    """Read refused messages of a mailbox again (all of them, or the UIDs given): a message
    refused as unreadable is never fetched or read again by itself. Raise the limit its
    sentence names first. One left on the server is fetched at the running service's next
    look; one kept whole in the archive is read now, from its archived copy, under the
    configuration's limits."""
    from docvault.records import mailstore

    settings = state.settings()
    table = next((table for table in settings.mailboxes if table.name == mailbox), None)
    if table is None:
        raise click.ClickException(
            f"There is no mailbox {mailbox!r} in the configuration; the [[mailboxes]] tables "
            "are named in `docvault config`."
        )
    with state.use_database(settings) as database:
        marked = mailstore.retry_refused(database, mailbox, uids)
        kept = mailstore.kept_unreadable(database, mailbox, uids)
        if not marked and not kept:
            raise click.ClickException(
                f"Mailbox {mailbox} has no refused message{' with these UIDs' if uids else ''}; "
                "nothing was changed (the status page lists those left on the server, the "
                "problems page those kept whole)."
            )
        if marked:
            said = (
                f"mailbox {mailbox}: {len(marked)} message(s) left on the server (UID "
                f"{', '.join(map(str, marked))}) will be read again at the service's next look"
            )
            audit.record_cli(database, AuditAction.retry, said)
            click.echo(said)
        _read_kept(settings, database, table, kept)


def _read_kept(
    settings: Settings,
    database: Engine,
    table: MailboxSettings,
    kept: list[tuple[MailMessage, int]],
) -> None:
    """The messages kept whole, read again now from their archived copies; each audited."""
    from docvault.service import read_kept_messages

    if not kept:
        return
    configure_logging("warning")
    actor = audit.cli_actor()
    for (_, kept_id), outcome in zip(
        kept, read_kept_messages(settings, database, table, kept, actor), strict=True
    ):
        said = (
            f"mailbox {table.name}: the message with UID {outcome.uid}, kept whole, was read "
            + (
                f"again and refused again: {outcome.refusal}"
                if outcome.refusal
                else f"again: {outcome.documents} document(s) taken, their pages queued"
            )
        )
        audit.record_cli(database, AuditAction.retry, said, document_id=kept_id)
        click.echo(said)


@main.command()
@click.argument("document_id", type=DOCUMENT_ID)
@pass_state
@friendly_errors
def unlock(state: State, document_id: int) -> None:
    """Unlock a password-protected PDF: the password is read from standard input, used once
    and never stored; the original stays archived as it is, the unlocked copy is read."""
    from docvault.intake import unlock_document

    settings = state.settings()
    with state.use_database(settings) as database:
        password = read_secret("Password of the PDF")
        unlocked = unlock_document(
            database, settings.data_path, document_id, password, max_pages=settings.max_pages
        )
        del password
        audit.record_cli(
            database,
            AuditAction.unlock,
            f"{unlocked.file_name}: {unlocked.pages} page(s) queued",
            document_id=document_id,
        )
        click.echo(
            f"document {document_id} ({unlocked.file_name}): unlocked, {unlocked.pages} page(s) "
            f"queued; the unlocked copy is archived as {unlocked.unlocked_path}"
        )


@main.command("backup")
@click.argument("destination", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--archive", is_flag=True, help="Also link (or copy) the archive, with a sha256 manifest."
)
@pass_state
@friendly_errors
def backup_command(state: State, destination: Path, archive: bool) -> None:
    """Consistent copy of the database (safe while the daemon runs) into DEST/docvault-<time>/."""
    from docvault import backup

    settings = state.settings()
    snapshot = backup.backup(settings.database_path, settings.data_path, destination, archive)
    detail = (
        f" ({snapshot.archive_files} archive files, {snapshot.linked_files} hard-linked)"
        if archive
        else ""
    )
    click.echo(f"backup written to {snapshot.folder}{detail}")


@main.command("restore")
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@pass_state
@friendly_errors
def restore_command(state: State, source: Path) -> None:
    """Put a backup back (stop the service first); the current database is kept beside it."""
    from docvault import backup

    settings = state.settings()
    kept = backup.restore(source, settings.data_path)
    # Recorded in the restored database: the log a restore puts back says it was put back.
    with state.use_database(settings) as database:
        detail = f"from {source}" + (f"; the previous database kept as {kept}" if kept else "")
        audit.record_cli(database, AuditAction.restore, detail)
    if kept is None:  # a new data folder: there was no database to keep (issue 48)
        click.echo(f"restored {source} into {settings.data_path}")
    else:
        click.echo(f"restored {source}; the previous database is kept as {kept}")


# Kept beside backup.EXIT_*: the help is read without importing the backup module.
VERIFY_EXIT_CODES = (
    "Exit codes (what a nightly timer acts on): 0 every archived original and unlocked copy "
    "is there and unchanged (reclaimable files are notes, not problems); 1 an archived file "
    "is missing or changed (restore it from a backup), or verify could not run; 3 nothing "
    "is damaged but archive files belong to no document (take them in again or delete them)."
)


@main.command("verify", epilog=VERIFY_EXIT_CODES)
@click.option(
    "--remove-reclaimable",
    is_flag=True,
    help="Remove the derived files (page images, archive copies) no document needs any more.",
)
@pass_state
@friendly_errors
def verify_command(state: State, remove_reclaimable: bool) -> None:
    """Re-hash the archive and reconcile it with the database (missing, changed, orphaned).

    Unlocked copies of protected PDFs are checked like originals; the files derived from
    the originals under the data folder's cache/ are never a problem: those no document
    needs any more are listed as reclaimable.
    """
    from docvault import backup

    settings = state.settings()
    with state.use_database(settings) as database:
        findings = backup.verify_archive(database, settings.data_path, remove_reclaimable)
        problems = [finding for finding in findings if finding.problem]
        for finding in problems + [finding for finding in findings if not finding.problem]:
            click.echo(finding.message)
        click.echo(f"{len(problems)} problem(s) found")
        if reclaimable := len(findings) - len(problems):
            done = "removed" if remove_reclaimable else "reclaimable (not a problem)"
            click.echo(f"{reclaimable} derived or leftover file(s) {done}")
        raise SystemExit(backup.exit_code(findings))


@main.command("doctor")
@pass_state
def doctor_command(state: State) -> None:
    """Check the setup and say what is wrong: one line per check, with the fix."""
    from docvault.doctor import diagnose

    results = diagnose(state.settings)
    for result in results:
        click.echo(result.render())
    if not all(result.ok for result in results):
        raise SystemExit(1)


@main.command("systemd-units")
@click.option(
    "--replicas",
    type=click.IntRange(1, 8),
    default=None,
    help="Engine replicas (default: the vllm_replicas setting).",
)
@click.option(
    "--gpus",
    default=None,
    help='GPUs the replicas run on, round-robin, e.g. "0,1" (default: the vllm_gpus setting).',
)
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("/"),
    show_default=True,
    help="Write below this folder instead of / (to look at the files first).",
)
@pass_state
@friendly_errors
def systemd_units(state: State, replicas: int | None, gpus: str | None, root: Path) -> None:
    """Write what the docvault-vllm@.service template needs for N replicas.

    For each replica i: /etc/docvault/vllm-replica-i.env (its port and memory share, from
    vllm_port and vllm_memory_share; its CUDA_VISIBLE_DEVICES with --gpus; NVLink multicast
    off) and, for a replica that shares its GPU with an earlier one, a drop-in ordering it
    after that one, whose start ends only once its /health answers: the replicas on one GPU
    start one after another, those on different GPUs at the same time. Prints the engine_url
    for docvault.toml and the commands to enable them.
    """
    from dataclasses import replace

    from docvault.ocr import (
        replica_gpus,
        replica_memory_shares,
        replica_ports,
        vllm_extra_arguments,
    )
    from docvault.service import engine_layout
    from docvault.systemd_units import write_replica_units

    settings = state.settings()
    if replicas is not None:
        sources = {**settings.sources, "vllm_replicas": "option --replicas"}
        settings = replace(settings, vllm_replicas=replicas, sources=sources)
    if gpus is not None:
        sources = {**settings.sources, "vllm_gpus": "option --gpus"}
        settings = replace(settings, vllm_gpus=gpus, sources=sources)
    layout = engine_layout(settings)
    ports = replica_ports(layout)
    extra = vllm_extra_arguments(layout)
    placed = replica_gpus(layout, extra)
    shares = replica_memory_shares(layout, extra, placed)
    for path in write_replica_units(root, ports, shares, placed):
        click.echo(f"wrote {path}")
    instances = " ".join(f"docvault-vllm@{number}" for number in range(len(ports)))
    engine_url = ",".join(f"http://127.0.0.1:{port}/v1" for port in ports)
    click.echo(f'\nIn /etc/docvault/docvault.toml: engine_url = "{engine_url}"')
    click.echo(f"Then: systemctl daemon-reload && systemctl enable --now {instances}")


@main.command("config")
@pass_state
@friendly_errors
def show_config(state: State) -> None:
    """Print every setting's effective value and where it came from."""
    settings = state.settings()
    click.echo(f"config file: {settings.config_file or '(none found; built-in defaults)'}")
    for name, value, source in describe(settings):
        click.echo(f"{name} = {value}    [{source}]")


@main.group("db")
def database_group() -> None:
    """Database maintenance."""


@database_group.command("upgrade")
@pass_state
@friendly_errors
def database_upgrade(state: State) -> None:
    """Bring the database schema to the newest revision (the daemon also does this at start)."""
    settings = state.settings()
    database = db.make_engine(
        settings.database_path, command_name(), settings.database_busy_seconds
    )
    before, head = db.schema_revision(database)
    with db.upgrade_lock(settings.database_path):
        db.upgrade(database)
    click.echo(f"database {settings.database_path}: revision {before or 'empty'} -> {head}")


@main.group("facts")
def facts_group() -> None:
    """The facts of letters: patient, date of birth, letter date, sender, title."""


@facts_group.command("propose")
@click.option("--again", is_flag=True, help="Propose again for every finished document.")
@pass_state
@friendly_errors
def facts_propose(state: State, again: bool) -> None:
    """Propose the facts of documents read before docvault proposed facts (or, with
    --again, of every finished document); confirmed and corrected values stay. Safe while
    the service runs: its index writer picks the changes up."""
    from docvault.facts import propose_unread
    from docvault.service import record_clinic

    settings = state.settings()
    with state.use_database(settings) as database:
        record_clinic(settings, database)
        count = propose_unread(database, again=again)
        which = "every finished document" if again else "documents without facts"
        audit.record_cli(database, AuditAction.propose_facts, f"{which}: {count} read")
        click.echo(f"facts: {count} document(s) read")


@main.group("audit")
def audit_group() -> None:
    """The audit log: every login, search and look at a letter."""


DAY = click.DateTime(formats=["%Y-%m-%d"])


@audit_group.command("export")
@click.option("--from", "first_day", type=DAY, default=None, help="First day (UTC), YYYY-MM-DD.")
@click.option(
    "--to", "last_day", type=DAY, default=None, help="Last day (UTC), YYYY-MM-DD, included."
)
@click.option("--user", default="", help="Only this user's events.")
@click.option("--document", type=DOCUMENT_ID, default=None, help="Only events about this document.")
@click.option(
    "--action",
    type=click.Choice([action.value for action in AuditAction]),
    default=None,
    help="Only events of this action.",
)
@click.option(
    "--format", "form", type=click.Choice(["csv", "jsonl"]), default="csv", show_default=True
)
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="File to write (else standard output).",
)
@pass_state
@friendly_errors
def audit_export(
    state: State,
    first_day: datetime | None,
    last_day: datetime | None,
    user: str,
    document: int | None,
    action: str | None,
    form: str,
    output: Path | None,
) -> None:
    """Write the audit events of a date range as CSV or JSON lines (for the data-protection
    officer), oldest first."""
    since = first_day.replace(tzinfo=UTC) if first_day else None
    until = last_day.replace(tzinfo=UTC) + timedelta(days=1) if last_day else None
    if since and until and since >= until:
        raise click.BadParameter("the first day is after the last day; swap them.")
    selection = audit.AuditFilter(
        user.strip() or None, AuditAction(action) if action else None, document, since, until
    )
    with state.use_database() as database:
        lines = audit.export_lines(audit.events(database, selection), form)
        if output is None:
            for line in lines:
                click.echo(line, nl=False)
            return
        with output.open("w", encoding="utf-8", newline="") as handle:
            handle.writelines(lines)
        click.echo(f"audit events written to {output}", err=True)
