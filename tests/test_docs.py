"""The documentation: the site builds with every link checked, the reference pages are the
code's own, and nothing docvault has (a setting, command, route, error code) is undocumented.

As Datasette's documentation tests do, the consistency check reads what the code has and
fails naming what the documentation does not describe; each kind of gap is shown to fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from devtools import reference
from docvault.config import SETTINGS, Setting

ROOT = Path(__file__).resolve().parent.parent
SCALE_RESULTS = Path("bench", "results", "scale")


def build_site(source: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=source, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip


def copy_documentation(target: Path) -> Path:
    """The files the site is built from (mkdocs.yml, docs/, the pages it includes)."""
    target.mkdir()
    shutil.copytree(ROOT / "docs", target / "docs")
    for name in ("mkdocs.yml", "ARCHITECTURE.md", "SECURITY.md"):
        shutil.copy2(ROOT / name, target / name)
    # The scale benchmark's tables, included whole by docs/admin/search.md.
    shutil.copytree(ROOT / SCALE_RESULTS, target / SCALE_RESULTS)
    return target


def test_the_site_builds_with_every_link_and_anchor_checked(tmp_path: Path) -> None:
    built = build_site(ROOT, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "admin" / "failures.html").exists()
    # The included pages arrive whole: the architecture table, the security policy.
    architecture = (tmp_path / "site" / "architecture.html").read_text()
    assert "docvault.runtime.supervisor" in architecture
    # So do the scale benchmark's tables, one for each size run.
    search = (tmp_path / "site" / "admin" / "search.html").read_text()
    for size in ("100,000 pages (199 MB", "300,000 pages (599 MB", "1,000,000 pages (1,996 MB"):
        assert f"{size} of Markdown)" in search


@pytest.mark.browser
def test_the_site_is_browsable_offline_from_its_index_html(tmp_path: Path) -> None:
    """Issue 48: `make docs`'s site opened from site/index.html with file:// URLs; every
    link opened a folder listing. Debian's chromium follows the menu and the links of the
    pages, each to a page of the manual."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGUMENTS

    built = build_site(ROOT, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGUMENTS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.goto((tmp_path / "site" / "index.html").as_uri())
        links = page.eval_on_selector_all(
            "nav.md-nav--primary a.md-nav__link[href]", "links => links.map(link => link.href)"
        )
        pages = sorted({link.split("#")[0] for link in links if link.startswith("file:")})
        assert len(pages) >= 20, pages
        for address in pages:
            assert address.endswith(".html"), f"{address} opens a folder, not a page"
            page.goto(address)
            assert page.locator("article h1").count() == 1, address
        # A link inside a page (index.md to the installation) is followed as a reader would.
        page.goto((tmp_path / "site" / "index.html").as_uri())
        page.locator("article a[href$='install.html']").first.click()
        assert page.url.endswith("/admin/install.html")
        assert page.locator("article h1").inner_text().startswith("Installing")
        page.screenshot(path=str(tmp_path / "docs-offline.png"))
        browser.close()


def test_the_unit_files_comments_name_documentation_that_exists() -> None:
    """Issue 48: the unit file pointed to README sections that had moved to docs/."""
    named = []
    for unit in sorted((ROOT / "systemd").glob("*.service")):
        text = unit.read_text()
        assert "README" not in text, f"{unit.name} still points to the README"
        for path, section in re.findall(r'(docs/[\w/.-]+\.md)(?:, "([^"]+)")?', text):
            assert (ROOT / path).is_file(), f"{unit.name} names {path}, which does not exist"
            if section:
                headings = re.findall(r"^#+ (.+)$", (ROOT / path).read_text(), re.MULTILINE)
                assert section in headings, f"{unit.name}: {path} has no section {section!r}"
            named.append(path)
    assert "docs/admin/install.md" in named


def test_a_broken_link_or_anchor_fails_the_build(tmp_path: Path) -> None:
    source = copy_documentation(tmp_path / "source")
    with (source / "docs" / "index.md").open("a") as page:
        page.write("\nSee [the old page](admin/no-such-page.md) and [tuning](gpu.md#no-anchor).\n")
    built = build_site(source, tmp_path / "site")
    assert built.returncode != 0
    assert "admin/no-such-page.md" in built.stderr
    assert "no-anchor" in built.stderr


def test_the_reference_pages_are_written_from_the_code() -> None:
    assert reference.stale_pages(reference.generated_pages()) == []


def test_nothing_docvault_has_is_undocumented() -> None:
    assert reference.undocumented(reference.inventory()) == []


def test_a_setting_left_undocumented_fails_the_check() -> None:
    have = reference.inventory()
    silent = Setting(name="inbox_colour", kind="str", default="", help="")
    gaps = reference.undocumented(replace(have, settings=[*have.settings, (silent.name, "")]))
    assert gaps == ["setting inbox_colour has no help text"]
    # With its help text but the reference page not written again, the page is stale.
    described = replace(silent, help="The colour of the inbox in the web view.")
    page = reference.settings_page([*SETTINGS, described])
    stale = reference.stale_pages({reference.REFERENCE / "settings.md": page})
    assert stale == [
        "docs/reference/settings.md is out of date: run `python -m devtools.reference`"
    ]
    assert "## `inbox_colour`\n\nThe colour of the inbox in the web view." in page


def test_a_route_left_undocumented_fails_the_check() -> None:
    have = reference.inventory()
    new_api = reference.Route(("GET",), "/api/documents/{document_id}/notes", "read", "Notes.")
    no_docstring = reference.Route(("POST",), "/documents/{document_id}/archive", "rerun", "")
    gaps = reference.undocumented(replace(have, routes=[*have.routes, new_api, no_docstring]))
    assert gaps == [
        "route POST /documents/{document_id}/archive has no docstring",
        "JSON API route GET /api/documents/{document_id}/notes is not described in docs/api.md",
    ]
    page = reference.routes_page([*have.routes, new_api])
    assert reference.stale_pages({reference.REFERENCE / "routes.md": page}) != []


def test_a_command_an_error_code_or_a_table_key_left_undocumented_fails_the_check() -> None:
    have = reference.inventory()
    gaps = reference.undocumented(
        replace(
            have,
            commands=[*have.commands, ("docvault export", "Export everything.")],
            error_codes=[*have.error_codes, "disk-on-fire"],
            table_keys=[*have.table_keys, "colour"],
        )
    )
    assert gaps == [
        "[[inboxes]]/[[mailboxes]]/[[handover]] key colour is named in none of "
        "configuration.md, mail.md, handover.md",
        "command `docvault export` is not in docs/commands.md",
        "error code disk-on-fire has no section in docs/admin/failures.md",
    ]


MARKDOWN_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", ["README.md", "ARCHITECTURE.md", "SECURITY.md", "bench/README.md"])
def test_the_pages_outside_the_site_link_only_to_files_that_exist(page: str) -> None:
    text = (ROOT / page).read_text()
    targets = [target for target in MARKDOWN_LINK.findall(text) if "://" not in target]
    missing = [t for t in targets if not (ROOT / page).parent.joinpath(t).exists()]
    assert missing == []


def test_nothing_in_the_repository_refers_to_a_file_outside_it() -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    outside = re.compile(r"\.\./shared|/work/shared|\bDESIGN\.md\b|\bSTYLE\.md\b")
    this_test = Path(__file__).relative_to(ROOT).as_posix()
    offenders = [
        name
        for name in tracked
        if name != this_test
        and (ROOT / name).is_file()
        and (ROOT / name).suffix in {".py", ".md", ".sh", ".toml", ".yml", ".service", ".txt"}
        and outside.search((ROOT / name).read_text(errors="replace"))
    ]
    assert offenders == []
