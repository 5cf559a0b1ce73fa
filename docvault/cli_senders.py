"""`docvault senders …`: the sender directory, listed and added to from the server.

Module-level click commands; `docvault.cli` adds the group to `docvault`. The web page
"Senders" does the same for administrators; both change the directory in
`facts.senders`, and a change here is an audit row (``edit sender``, by ``cli:<user>``).
"""

from __future__ import annotations

import click
from sqlmodel import Session

from docvault.audit import AuditAction, cli_actor, record_cli
from docvault.cli_base import State, friendly_errors, pass_state
from docvault.db import write_transaction
from docvault.facts import senders


@click.group("senders", invoke_without_command=True)
@click.pass_context
@pass_state
@friendly_errors
def senders_group(state: State, context: click.Context) -> None:
    """The sender directory: each sender, its numbers and mail domains, its letters."""
    if context.invoked_subcommand is not None:
        return
    with state.use_database() as database, Session(database) as session:
        entries = senders.entries(session)
    click.echo(f"senders: {len(entries)}")
    for entry in entries:
        marks = [f"tel {n}" for n in entry.phones] + [f"fax {n}" for n in entry.faxes]
        marks += entry.domains
        click.echo(f"{entry.name}: {', '.join(marks) or 'no marks'}; {entry.letters} letter(s)")


@senders_group.command("add")
@click.argument("name")
@click.option("--address", default="", help="The sender's postal address.")
@click.option("--phone", multiple=True, help="A telephone number (repeat for more).")
@click.option("--fax", multiple=True, help="A fax number (repeat for more).")
@click.option("--domain", multiple=True, help="A mail domain (repeat for more).")
@pass_state
@friendly_errors
def senders_add(
    state: State,
    name: str,
    address: str,
    phone: tuple[str, ...],
    fax: tuple[str, ...],
    domain: tuple[str, ...],
) -> None:
    """Add a sender to the directory with the numbers and domains that identify it."""
    typed = {"phone": list(phone), "fax": list(fax), "domain": list(domain)}
    user = cli_actor()
    with state.use_database() as database:
        with write_transaction(database) as session:
            senders.edit(session, None, name, address, typed, user)
        record_cli(database, AuditAction.edit_sender, f"{name!r}: {typed}"[:500])
    click.echo(f"sender added: {name}")
