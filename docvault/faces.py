"""A package's face that imports an inner module only when one of its names is first used.

The rest of docvault enters a package through its face, the package's `__init__`, which
lists the names it gives (`__all__`). A face that imported every inner module would make
each importer pay for all of them: the mail reader's worker process (`intake.mailparse`)
would import MuPDF and the database, a render worker the supervisor, a command that reads
no page the engines' HTTP client. So a lazy face says where each of its names lives, and
Python asks it (a module `__getattr__`, PEP 562) the first time a name is used:

    __getattr__ = lazy_names(__name__, {"folders": ["Intake"], "mailbox": ["MailIntake"]})

A name is looked up in its module on every use, not kept in the face, so a test that
replaces it in its module replaces it for everyone. An inner module listed in `__all__`
(`from docvault.facts import senders`) needs no entry: Python imports it itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_names(package: str, names: Mapping[str, Iterable[str]]) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`'s face: `names` maps each inner module (its
    name within the package) to the names it gives; each is imported on first use."""
    home = {name: f"{package}.{module}" for module, given in names.items() for name in given}

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home[name]), name)

    return __getattr__
