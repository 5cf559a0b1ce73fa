"""Every test that starts a daemon is marked `slow` (issue 45), so that `-m 'not slow'` is
quick and the suite's long tests are known. A test starts a daemon when it, a helper it calls
or a fixture it takes (of its module or tests/conftest.py) builds `devtools.daemon.Daemon`
or runs `docvault run`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent
# `Daemon(...)` alone runs commands in the daemon's folder; its `.start(` starts one.
STARTS_A_DAEMON = (re.compile(r"daemon\w*\.start\(", re.IGNORECASE), '"docvault", "run"')


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)  # type: ignore[misc]
    }


def _uses(function: ast.FunctionDef) -> set[str]:
    """The names a function calls or takes as parameters (fixtures)."""
    called = {
        node.func.id
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    return called | {argument.arg for argument in function.args.args}


def _marked_slow(function: ast.FunctionDef, tree: ast.Module) -> bool:
    def slow(node: ast.AST) -> bool:
        return "mark.slow" in ast.unparse(node)

    module_marks = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
    ]
    return any(slow(d) for d in function.decorator_list) or any(slow(m) for m in module_marks)


def _daemon_starters(source: str, functions: dict[str, ast.FunctionDef]) -> set[str]:
    starters = set()
    for name, function in functions.items():
        text = ast.get_source_segment(source, function) or ""
        if STARTS_A_DAEMON[0].search(text) or STARTS_A_DAEMON[1] in text:
            starters.add(name)
    while True:
        more = {name for name, f in functions.items() if _uses(f) & starters} - starters
        if not more:
            return starters
        starters |= more


def unmarked_daemon_tests() -> list[str]:
    conftest = (TESTS / "conftest.py").read_text()
    shared = _daemon_starters(conftest, _functions(ast.parse(conftest)))
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if path.name == Path(__file__).name:  # its own examples are strings
            continue
        source = path.read_text()
        tree = ast.parse(source)
        functions = _functions(tree)
        starters = _daemon_starters(source, functions)
        starters |= {name for name, f in functions.items() if _uses(f) & shared}
        starters = _daemon_starters_closed(functions, starters)
        for name in sorted(starters):
            if name.startswith("test_") and not _marked_slow(functions[name], tree):
                found.append(f"{path.relative_to(TESTS)}::{name}")
    return found


def _daemon_starters_closed(functions: dict[str, ast.FunctionDef], starters: set[str]) -> set[str]:
    while True:
        more = {name for name, f in functions.items() if _uses(f) & starters} - starters
        if not more:
            return starters
        starters |= more


def test_every_test_that_starts_a_daemon_is_marked_slow() -> None:
    assert unmarked_daemon_tests() == []


def test_the_check_finds_a_daemon_started_through_a_fixture(tmp_path: Path) -> None:
    source = (
        "import pytest\n"
        "@pytest.fixture\n"
        "def server(tmp_path):\n"
        "    daemon = Daemon(tmp_path)\n"
        "    daemon.start()\n"
        "    yield daemon\n"
        "def test_quiet(server):\n"
        "    pass\n"
        "@pytest.mark.slow\n"
        "def test_marked(server):\n"
        "    pass\n"
    )
    tree = ast.parse(source)
    functions = _functions(tree)
    starters = _daemon_starters(source, functions)
    unmarked = [
        n for n in starters if n.startswith("test_") and not _marked_slow(functions[n], tree)
    ]
    assert unmarked == ["test_quiet"]
