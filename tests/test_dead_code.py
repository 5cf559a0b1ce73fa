"""The dead-code check finds dead code: vulture's findings, less pyproject.toml's allow-list.

The check is `devtools/dead_code.py`. That docvault itself holds no dead code is shown by
`make lint` (`python -m devtools.dead_code`, which fails on any finding), a prerequisite of
`make test`; running it here too only ran it twice. These tests plant dead code in a small
package of their own, to show that the check finds it and that a name a template reads, or
a tool calls, keeps code alive.
"""

from __future__ import annotations

from pathlib import Path

from devtools.dead_code import PYPROJECT, findings


def test_the_check_finds_what_nobody_reads_and_spares_what_templates_and_tools_read(
    tmp_path: Path,
) -> None:
    package = tmp_path / "package"
    package.mkdir()
    (package / "letters.py").write_text(
        "class Letter:\n"
        "    @property\n"
        "    def shown_title(self) -> str:\n"
        "        return 'a title the page shows'\n"
        "\n"
        "    @property\n"
        "    def forgotten_title(self) -> str:\n"
        "        return 'a title nothing shows'\n"
        "\n"
        "\n"
        "def measured_by_bench() -> int:\n"
        "    return 1\n"
        "\n"
        "\n"
        "def never_called() -> int:\n"
        "    return Letter and 2\n",
        encoding="utf-8",
    )
    tool = tmp_path / "bench"
    tool.mkdir()
    (tool / "measure.py").write_text(
        "from package.letters import measured_by_bench\n\nmeasured_by_bench()\n"
    )
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "letter.html").write_text("<h1>{{ letter.shown_title }}</h1>\n")
    found = findings(package, [tool], templates, PYPROJECT)
    assert [line.split(": ", 1)[1] for line in found] == [
        "unused property 'forgotten_title' (60% confidence)",
        "unused function 'never_called' (60% confidence)",
    ]


def test_a_function_whose_name_only_another_object_shares_is_found(tmp_path: Path) -> None:
    """vulture matches names: `store.counts` stayed alive while `lists.counts(...)`, another
    object's method, was read. The second pass follows the name to its module."""
    package = tmp_path / "package"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "store.py").write_text(
        "def counts() -> int:\n    return 1\n\n\ndef kept() -> int:\n    return 2\n"
    )
    (package / "lists.py").write_text(
        "class Lists:\n    def counts(self) -> int:\n        return 3\n"
    )
    (package / "web.py").write_text(
        "from package import store\nfrom package.lists import Lists\n\n"
        "print(Lists().counts(), store.kept())\n"
    )
    templates = tmp_path / "templates"
    templates.mkdir()
    found = findings(package, [], templates, PYPROJECT)
    assert [line.split(": ", 1)[1] for line in found] == [
        "function 'counts' is read by no module of the package, nor by a tool"
    ]
