"""The import direction stays one way: no docvault module imports a layer above its own.

The layers are the table in ARCHITECTURE.md, read here, so the document and the check
cannot drift apart: a module missing from the table, a row naming no module, and an upward
import (at module level or inside a function) each fail with the module and line named.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
TABLE_ROW = re.compile(r"^\|\s*(\d+)\s+\w+\s*\|\s*`([\w.]+)`\s*\|")


def read_layers(document: Path) -> dict[str, int]:
    """The layer number of each module, from the table rows of ARCHITECTURE.md."""
    layers: dict[str, int] = {}
    for line in document.read_text(encoding="utf-8").splitlines():
        row = TABLE_ROW.match(line)
        if row is not None:
            layers[row.group(2)] = int(row.group(1))
    return layers


def package_modules(package: Path) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path) -> list[tuple[int, str]]:
    """Every (line, dotted name) the module imports, wherever the import statement stands."""
    own_package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = own_package.split(".")[: len(own_package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from docvault import search` imports the module docvault.search.
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def owning_module(name: str, modules: dict[str, Path]) -> str | None:
    """The package module a dotted import name lands in (None: not docvault's)."""
    while name not in modules:
        if "." not in name:
            return None
        name = name.rpartition(".")[0]
    return name


def upward_imports(package: Path, layers: dict[str, int]) -> list[str]:
    """One sentence per import of a higher layer, naming the file, line and both layers."""
    modules = package_modules(package)
    problems: list[str] = []
    for module, path in modules.items():
        for line, name in imported_names(module, path):
            target = owning_module(name, modules)
            if target is None or target == module:
                continue
            if layers[target] > layers[module]:
                problems.append(
                    f"{path.relative_to(package.parent)}:{line}: {module} (layer "
                    f"{layers[module]}) imports {target} (layer {layers[target]}), a layer above"
                )
    return problems


def test_every_module_is_in_the_table_and_every_row_is_a_module() -> None:
    layers = read_layers(REPOSITORY / "ARCHITECTURE.md")
    modules = package_modules(REPOSITORY / "docvault")
    assert sorted(set(modules) - set(layers)) == [], "modules ARCHITECTURE.md does not list"
    assert sorted(set(layers) - set(modules)) == [], "ARCHITECTURE.md rows naming no module"


def test_no_module_imports_a_layer_above_its_own() -> None:
    layers = read_layers(REPOSITORY / "ARCHITECTURE.md")
    assert upward_imports(REPOSITORY / "docvault", layers) == []


def test_the_check_names_an_upward_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "docvault"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "__init__.py").write_text("")
    (package / "web" / "app.py").write_text("from docvault import queue\n")
    (package / "queue.py").write_text(
        "from . import vocabulary\n\ndef later() -> None:\n    from .web.app import build\n"
    )
    (package / "vocabulary.py").write_text("")
    layers = {"docvault": 1, "docvault.vocabulary": 1, "docvault.queue": 2}
    layers |= {"docvault.web": 3, "docvault.web.app": 3}
    assert upward_imports(package, layers) == [
        "docvault/queue.py:4: docvault.queue (layer 2) imports docvault.web.app (layer 3),"
        " a layer above"
    ]


@pytest.mark.parametrize("module", ["docvault.vocabulary", "docvault.cli"])
def test_the_table_puts_the_vocabulary_lowest_and_the_command_highest(module: str) -> None:
    layers = read_layers(REPOSITORY / "ARCHITECTURE.md")
    expected = min(layers.values()) if module.endswith("vocabulary") else max(layers.values())
    assert layers[module] == expected


# --- the packages, their layers and their faces ---------------------------------------------

# The packages that draw the flow, each on one layer of the table: every module of a package
# sits on its layer, and its __init__ (the face) is what the rest of docvault imports.
PACKAGES = {
    "docvault.runtime": 2,
    "docvault.render": 3,
    "docvault.ocr": 3,
    "docvault.facts": 5,
    "docvault.records": 6,
    "docvault.intake": 7,
    "docvault.search": 8,
    "docvault.web": 10,
}
# The top level keeps the composition root, the command, the settings, the errors, the
# vocabulary and what every layer shares; everything else belongs to a package. The rest of
# docvault enters a package through its face, with no exception: a face that must stay cheap
# to import (an engine, MuPDF, FastAPI behind it) imports a module on first use
# (docvault.faces).

# What no module of a layer (or below) may import: the database below the records' own
# storage layer.
DATABASE = ("docvault.db", "docvault.models", "sqlalchemy", "sqlmodel")
FORBIDDEN_BELOW = {3: DATABASE}
# The root, the only modules that read the settings (`docvault.config`) and os.environ: the
# settings themselves, the composition root and its builders (each part's plain values built
# once from the settings), and the command (`docvault doctor` among its commands). Every
# other module is handed plain values: a frozen dataclass of its own (`EngineLayout`,
# `HandoverConfig`, `RenderOptions`), a table's value (`docvault.setting_types`), arguments.
ROOT = {
    "docvault.config",
    "docvault.from_settings",
    "docvault.service",
    "docvault.doctor",
    "docvault.cli",
}
# A setting's declared default is no reading of the settings (it is the same on every
# server): the stages' option types take theirs from the declaration, so that each default
# is written once (`RenderOptions`, `Intake`'s timings, `WebContext`).
DECLARED_DEFAULT = "docvault.config.default"


def at_the_root(module: str) -> bool:
    return module in ROOT or module.startswith("docvault.cli_")


def reads_environment(path: Path) -> bool:
    """Whether a module touches os.environ (an attribute `environ`, or `environ` imported)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "environ":
            return True
        if isinstance(node, ast.ImportFrom) and any(a.name == "environ" for a in node.names):
            return True
    return False


def package_of(module: str) -> str | None:
    """The package a module belongs to (itself for a face), None for a top-level module."""
    return next((p for p in PACKAGES if module == p or module.startswith(p + ".")), None)


def face_names(path: Path) -> set[str]:
    """The names a package's __init__ lists in __all__."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            return {element.value for element in node.value.elts}  # type: ignore[attr-defined]
    return set()


def entries_past_the_face(package: Path) -> list[tuple[str, str, str]]:
    """(importer, imported module, where) for each import that enters a package other than
    the importer's own by an inner module, or by a name its face does not list."""
    modules = package_modules(package)
    found: list[tuple[str, str, str]] = []
    for module, path in modules.items():
        for line, name in imported_names(module, path):
            target = owning_module(name, modules)
            entered = package_of(target) if target else None
            if entered is None or entered == package_of(module):
                continue
            where = f"{path.relative_to(package.parent)}:{line}"
            # `from docvault.records import claim`, or `mailstore`: a module the face lists
            parent, _, last = name.rpartition(".")
            through_face = parent == entered and last in face_names(modules[entered])
            if name != entered and not through_face:
                found.append((module, target or "", where))
    return found


def test_every_module_of_a_package_sits_on_the_package_layer() -> None:
    layers = read_layers(REPOSITORY / "ARCHITECTURE.md")
    wrong = {
        module: layer
        for module, layer in layers.items()
        if (package := package_of(module)) is not None and layer != PACKAGES[package]
    }
    assert wrong == {}


def test_each_package_is_entered_only_through_its_face() -> None:
    assert entries_past_the_face(REPOSITORY / "docvault") == []


def test_the_check_names_an_entry_past_the_face(tmp_path: Path) -> None:
    package = tmp_path / "docvault"
    (package / "records").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "records" / "__init__.py").write_text(
        "from docvault.records.leases import claim\n\n__all__ = ['claim']\n"
    )
    (package / "records" / "leases.py").write_text("def claim() -> None: ...\n")
    (package / "worker.py").write_text(
        "from docvault.records import claim\nfrom docvault.records.leases import claim\n"
    )
    assert entries_past_the_face(package) == [
        ("docvault.worker", "docvault.records.leases", "docvault/worker.py:2")
    ]


def forbidden_imports(package: Path, layers: dict[str, int]) -> list[str]:
    """One sentence per import a module's layer may not make (`FORBIDDEN_BELOW`), and per
    reader of the settings or of os.environ outside the root."""
    problems: list[str] = []
    for module, path in package_modules(package).items():
        imported = [name for _, name in imported_names(module, path)]
        for ceiling, forbidden in FORBIDDEN_BELOW.items():
            if layers[module] <= ceiling:
                problems.extend(
                    f"{module} (layer {layers[module]}) imports {name}"
                    for name in imported
                    if name.startswith(forbidden)
                )
        if at_the_root(module):
            continue
        problems.extend(
            f"{module} reads the settings ({name})"
            for name in imported
            if name.startswith("docvault.config") and name != DECLARED_DEFAULT
        )
        if reads_environment(path):
            problems.append(f"{module} reads os.environ")
    return problems


def test_no_module_imports_what_its_layer_may_not() -> None:
    layers = read_layers(REPOSITORY / "ARCHITECTURE.md")
    assert forbidden_imports(REPOSITORY / "docvault", layers) == []


def test_the_root_is_there() -> None:
    """A root module renamed or gone would leave the check above naming nothing."""
    modules = package_modules(REPOSITORY / "docvault")
    assert sorted(ROOT - set(modules)) == []


def test_the_check_names_a_reader_of_the_settings_or_the_environment_below_the_root(
    tmp_path: Path,
) -> None:
    package = tmp_path / "docvault"
    (package / "intake").mkdir(parents=True)
    for name in ("__init__.py", "intake/__init__.py", "config.py", "cli_users.py"):
        (package / name).write_text("")
    (package / "intake" / "rule.py").write_text(
        "import os\nfrom docvault.config import Settings, default\n\n"
        "def limit() -> int:\n    return int(os.environ.get('LIMIT', default('max_file_mb')))\n"
    )
    (package / "service.py").write_text("import os\nfrom docvault.config import Settings\n")
    (package / "cli_users.py").write_text("from docvault.config import load_settings\n")
    layers = dict.fromkeys(package_modules(package), 5)
    assert forbidden_imports(package, layers) == [
        "docvault.intake.rule reads the settings (docvault.config.Settings)",
        "docvault.intake.rule reads os.environ",
    ]


# ----------------------------------------------------------------------------- no literal paths

# A path of the web app written out: `"/documents/…"` in a view, `href="/problems"` in a
# template. Views build addresses with `path_for` and templates with `url_for`, from the
# route table's names (docvault/web/routes.py), so a renamed path moves every link with it.
APP_PATH = re.compile(r"""^/[A-Za-z]""")
TEMPLATE_PATH = re.compile(r"""(?:=\s*|\(\s*)["'`](/[A-Za-z][^"'`]*)""")


def shown(path: Path) -> str:
    return str(path.relative_to(REPOSITORY) if path.is_relative_to(REPOSITORY) else path)


def literal_paths_in_python(path: Path) -> list[str]:
    """Each string constant (f-strings' parts too) of `path` that begins with an app path."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and APP_PATH.match(node.value):
            found.append(f"{shown(path)}:{node.lineno}: {node.value!r}")
    return found


def literal_paths_in_template(path: Path) -> list[str]:
    """Each attribute value or comparison of `path` that begins with an app path."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for match in TEMPLATE_PATH.finditer(line):
            found.append(f"{shown(path)}:{number}: {match.group(1)!r}")
    return found


def literal_app_paths(views: Path, templates: Path) -> list[str]:
    found = []
    for module in sorted(views.glob("*.py")):
        found += literal_paths_in_python(module)
    for template in sorted(templates.glob("*.html")):
        found += literal_paths_in_template(template)
    return found


def test_views_and_templates_write_no_app_path() -> None:
    views = REPOSITORY / "docvault" / "web" / "views"
    assert literal_app_paths(views, REPOSITORY / "templates") == []
    # The page script is given the JSON API's addresses by base.html.
    scripts = sorted((REPOSITORY / "static").glob("*.js"))
    assert [found for script in scripts for found in literal_paths_in_template(script)] == []


def test_the_check_finds_a_written_path_in_a_view_and_a_template(tmp_path: Path) -> None:
    (tmp_path / "view.py").write_text(
        'def go(document_id: int) -> str:\n    return f"/documents/{document_id}#facts"\n'
    )
    (tmp_path / "page.html").write_text(
        "<a href=\"{{ url_for('home') }}\">home</a>\n"
        '{% if request.url.path == "/status" %}<a href="/problems">x</a>{% endif %}\n'
    )
    found = literal_app_paths(tmp_path, tmp_path)
    assert [entry.split(": ", 1)[1] for entry in found] == [
        "'/documents/'",
        "'/status'",
        "'/problems'",
    ]


# ------------------------------------------------------------------------------------ names

# "engine" names the OCR engine and the index engine; the SQLAlchemy engine is the database.
DATABASE_TYPES = {("sqlalchemy", "Engine"), ("sqlalchemy.engine", "Engine")}


def database_type_names(tree: ast.Module) -> set[str]:
    """The names under which a module imports SQLAlchemy's Engine (`Engine`, or an alias
    such as `DatabaseEngine`), and `sqlalchemy.Engine` where the module is imported."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {
                alias.asname or alias.name
                for alias in node.names
                if (node.module, alias.name) in DATABASE_TYPES
            }
        elif isinstance(node, ast.Import):
            names |= {
                f"{alias.asname or alias.name}.Engine"
                for alias in node.names
                if alias.name == "sqlalchemy"
            }
    return names


def holds_the_database(annotation: ast.expr | None, names: set[str]) -> bool:
    """Whether an annotation is SQLAlchemy's Engine (or `Engine | None`, a quoted one)."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    if isinstance(annotation, ast.BinOp):
        return holds_the_database(annotation.left, names) or holds_the_database(
            annotation.right, names
        )
    return ast.unparse(annotation) in names


def databases_named_engine(package: Path) -> list[str]:
    """Each parameter, variable or attribute annotated as SQLAlchemy's Engine but named
    `engine`, as file:line: name."""
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = database_type_names(tree)
        for node in sorted(ast.walk(tree), key=lambda node: getattr(node, "lineno", 0)):
            if isinstance(node, ast.arg):
                named, annotation = node.arg, node.annotation
            elif isinstance(node, ast.AnnAssign):
                target = node.target
                named = target.attr if isinstance(target, ast.Attribute) else ast.unparse(target)
                annotation = node.annotation
            else:
                continue
            if named == "engine" and holds_the_database(annotation, names):
                found.append(f"{path.relative_to(package.parent)}:{node.lineno}: {named}")
    return found


def test_the_database_is_never_named_engine() -> None:
    assert databases_named_engine(REPOSITORY / "docvault") == []


def test_the_check_names_a_database_called_engine_but_not_the_ocr_engine(tmp_path: Path) -> None:
    package = tmp_path / "docvault"
    package.mkdir()
    (package / "queue.py").write_text(
        "from sqlalchemy import Engine as DatabaseEngine\n"
        "from docvault.ocr.base import Engine\n\n"
        "def claim(engine: DatabaseEngine | None, reader: Engine) -> None: ...\n\n"
        "def read(engine: Engine, database: DatabaseEngine) -> None: ...\n\n"
        "class Part:\n    engine: 'DatabaseEngine'\n"
    )
    assert databases_named_engine(package) == [
        "docvault/queue.py:4: engine",
        "docvault/queue.py:9: engine",
    ]
