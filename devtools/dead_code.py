"""Dead code in docvault: what vulture finds, less pyproject.toml's explained allow-list.

`python -m devtools.dead_code` (a step of `make lint`; tests/test_dead_code.py runs the
same check) prints one line per unused name in docvault/ and exits 1 when there is any.

vulture matches names, not objects: a definition counts as used when its name is read
anywhere it looks. It reads docvault, the repository's tools that use it (bench/ and
devtools/: a name one of them reads is alive) and the names the Jinja templates read. It
does not read tests/: a name that only a test calls is dead code with a test. Only
findings in docvault/ are reported; the tools' own leftovers are not the server's.
"""

from __future__ import annotations

import keyword
import re
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path

from vulture import Vulture

REPOSITORY = Path(__file__).resolve().parent.parent
PACKAGE = REPOSITORY / "docvault"
TOOLS = (REPOSITORY / "bench", REPOSITORY / "devtools")
TEMPLATES = REPOSITORY / "templates"
PYPROJECT = REPOSITORY / "pyproject.toml"
# What Jinja evaluates: {{ expressions }} and {% statements %}.
JINJA_CODE = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.DOTALL)
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def template_names(templates: Path) -> set[str]:
    """Every name the templates' Jinja code reads (attributes, variables, filters)."""
    names: set[str] = set()
    for path in sorted(templates.rglob("*.html")):
        for match in JINJA_CODE.finditer(path.read_text(encoding="utf-8")):
            names.update(IDENTIFIER.findall(match.group(1) or match.group(2)))
    return {name for name in names if not keyword.iskeyword(name)}


def findings(
    package: Path = PACKAGE,
    tools: Sequence[Path] = TOOLS,
    templates: Path = TEMPLATES,
    pyproject: Path = PYPROJECT,
) -> list[str]:
    """vulture's report on `package`, one line per unused name, allow-list applied."""
    allowed = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["vulture"]
    vulture = Vulture(
        ignore_names=allowed["ignore_names"], ignore_decorators=allowed["ignore_decorators"]
    )
    with tempfile.TemporaryDirectory() as folder:
        # vulture reads Python: the templates' names as attribute reads of one file.
        read_by_templates = Path(folder) / "template_names.py"
        read_by_templates.write_text(
            "".join(f"_.{name}\n" for name in sorted(template_names(templates))),
            encoding="utf-8",
        )
        vulture.scavenge([str(package), *map(str, tools), str(read_by_templates)])
    root = package.resolve()
    return [
        item.get_report()
        for item in vulture.get_unused_code()
        if Path(item.filename).resolve().is_relative_to(root)
    ]


def main() -> int:
    found = findings()
    for line in found:
        print(line)  # noqa: T201  # the command's report
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
