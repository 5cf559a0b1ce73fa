"""Pages rendered for a vision model arrive on its patch grid, so its processor need not resample.

OvisOCR2's processor resizes a page to the nearest multiple of 32 px on each side. docvault
renders straight to that size for the OvisOCR2 profiles (measured +12 % pages/min on an H200,
bench/gpu/RESULTS.md, issue 17) and leaves other engines' pages as rendered.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from docvault.config import Settings, load_settings
from docvault.errors import ConfigError
from docvault.render import render_page
from docvault.service import BENCH_PROFILE_VARIABLE, for_benchmark, render_options

FIXTURES = Path(__file__).parents[1] / "fixtures"
# A4 at 150 DPI is 1240 x 1754 px; the model's processor would make it 1248 x 1760.
A4_AT_150_DPI = (1240, 1754)
A4_ON_THE_GRID = (1248, 1760)


def _settings(tmp_path: Path, **environment: str) -> Settings:
    variables = {f"DOCVAULT_{name.upper()}": value for name, value in environment.items()}
    # DOCVAULT_CONFIG empty: the built-in defaults, not a docvault.toml of this machine
    return load_settings(environ={"DOCVAULT_CONFIG": "", **variables}, cwd=tmp_path)


def _a4_letter(tmp_path: Path) -> Path:
    path = tmp_path / "letter.pdf"
    with pymupdf.open() as document:  # type: ignore[no-untyped-call]
        page = document.new_page(width=595.28, height=841.89)  # A4 in points
        page.insert_text((72, 100), "Dear Dr Example, re: a patient seen today.", fontsize=12)
        document.save(path)
    return path


def _size_sent(tmp_path: Path, **environment: str) -> tuple[int, int]:
    options = render_options(_settings(tmp_path, **environment))
    image = render_page(_a4_letter(tmp_path), 1, options).image
    return image.width, image.height


def test_a_page_for_ovisocr2_is_rendered_at_the_size_its_processor_would_resize_it_to(
    tmp_path: Path,
) -> None:
    assert _size_sent(tmp_path, engine="openai") == A4_ON_THE_GRID
    benchmark = for_benchmark(
        _settings(tmp_path, engine="openai"), {BENCH_PROFILE_VARIABLE: "bench"}
    )
    image = render_page(_a4_letter(tmp_path), 1, render_options(benchmark)).image
    assert (image.width, image.height) == A4_ON_THE_GRID


@pytest.mark.parametrize(
    "environment",
    [
        {},  # the CPU engine reads the page as rendered
        {"engine": "openai", "profile": "deepseek-ocr-2"},  # scales every view itself
        {"engine": "openai", "render_grid": "1"},  # the admin keeps the rendered size
    ],
    ids=["cpu", "deepseek", "grid-off"],
)
def test_other_engines_and_an_explicit_one_keep_the_rendered_size(
    tmp_path: Path, environment: dict[str, str]
) -> None:
    assert _size_sent(tmp_path, **environment) == A4_AT_150_DPI


def test_an_explicit_grid_wins_over_the_models(tmp_path: Path) -> None:
    width, height = _size_sent(tmp_path, engine="openai", render_grid="64")
    assert (width % 64, height % 64) == (0, 0)
    assert (width, height) == (1216, 1728)  # nearest multiples of 64 to 1240 x 1754


def test_a_raster_scan_lands_on_the_grid_too(tmp_path: Path) -> None:
    options = render_options(_settings(tmp_path, engine="openai"))
    image = render_page(FIXTURES / "ocrmypdf__typewriter.png", 1, options).image
    assert (image.width % 32, image.height % 32) == (0, 0)


def test_a_grid_past_the_limit_is_refused_with_the_setting_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="render_grid"):
        _settings(tmp_path, render_grid="1024")
