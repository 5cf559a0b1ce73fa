"""Dead code in docvault: what vulture finds, less pyproject.toml's explained allow-list.

`python -m devtools.dead_code` (a step of `make lint`, which `make test` runs first;
tests/test_dead_code.py shows the check on planted dead code) prints one line per unused
name in docvault/ and exits 1 when there is any.

vulture matches names, not objects: a definition counts as used when its name is read
anywhere it looks. It reads docvault, the repository's tools that use it (bench/ and
devtools/: a name one of them reads is alive) and the names the Jinja templates read. It
does not read tests/: a name that only a test calls is dead code with a test. Only
findings in docvault/ are reported; the tools' own leftovers are not the server's.

Because vulture matches names, a module's function stays alive when any other object of
the same name is read (`mailstore.counts` was kept alive by `lists.counts(...)`). So a
second pass (`uncalled_functions`) follows names to their modules: a module-level function
is used when its own module reads its name, or another module (or a tool) imports it by
name or reads it as an attribute of its module. A function that only tests call is dead
code with a test, here too.
"""

from __future__ import annotations

import ast
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
    unused = [
        item
        for item in vulture.get_unused_code()
        if Path(item.filename).resolve().is_relative_to(root)
    ]
    reported = {(Path(item.filename).resolve(), item.first_lineno) for item in unused}
    uncalled = uncalled_functions(package, tools, allowed["ignore_names"])
    return [item.get_report() for item in unused] + [
        line for (path, number), line in uncalled if (path.resolve(), number) not in reported
    ]


def module_name(path: Path, root: Path) -> str:
    """`docvault/search/pages.py` -> `docvault.search.pages` (a package: its `__init__`)."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _defined_functions(tree: ast.Module) -> dict[str, int]:
    """The module-level functions a module defines without a decorator, and their lines."""
    return {
        node.name: node.lineno
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.decorator_list
    }


def _imported_from(node: ast.ImportFrom, this: str | None) -> str:
    if not node.level or this is None:
        return node.module or ""
    base = this.rsplit(".", node.level)[0]
    return f"{base}.{node.module}" if node.module else base


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def _uses(tree: ast.Module, this: str | None) -> set[str]:
    """The qualified names (`module.function`) a file reads: imported by name, read as an
    attribute of an imported module, or (in a module of the package) read by bare name."""
    aliases: dict[str, str] = {}
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _imported_from(node, this)
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                used.add(f"{base}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                aliases[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and this is not None:
            used.add(f"{this}.{node.id}")
        dotted = _dotted(node) if isinstance(node, ast.Attribute) else None
        if dotted is not None:
            head, _, rest = dotted.partition(".")
            used.add(f"{aliases.get(head, head)}.{rest}")
    return used


def uncalled_functions(
    package: Path, tools: Sequence[Path], ignored: Sequence[str]
) -> list[tuple[tuple[Path, int], str]]:
    """Module-level functions of `package` that neither their module nor another module
    or tool reads by its qualified name: (file, line) and the report's line."""
    defined: dict[str, tuple[Path, int]] = {}
    used: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        this = module_name(path, package)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, line in _defined_functions(tree).items():
            defined[f"{this}.{name}"] = (path, line)
        used |= _uses(tree, this)
    for tool in tools:
        for path in sorted(tool.rglob("*.py")):
            used |= _uses(ast.parse(path.read_text(encoding="utf-8")), None)
    return [
        (
            (path, line),
            f"{path}:{line}: function {qualified.rsplit('.', 1)[1]!r} is read by no module "
            "of the package, nor by a tool",
        )
        for qualified, (path, line) in sorted(defined.items(), key=lambda item: item[1])
        if qualified not in used and qualified.rsplit(".", 1)[1] not in ignored
    ]


def main() -> int:
    found = findings()
    for line in found:
        print(line)  # noqa: T201  # the command's report
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
